//! Runs the reduction conformance cases ([`super::cases`]) on the GPU,
//! once per target: the portable lowering (`""`: workgroup scratch on the
//! KHR path) and, where the device has `VK_NV_cooperative_matrix2` with
//! `cooperativeMatrixReductions`, the native one (`"/nv2"`).

use crate::compile::Target;
use crate::report::CaseResult;
use crate::vk::{Binding, Gpu};

use super::cases::{all_cases, ReductionCase};

/// Bytes of each of the two buffers (the largest case needs 2,304).
const BUFFER_BYTES: u64 = 8192;

/// The targets to run the reductions through: `target` itself and, when
/// `gpu` enables NV2's reductions and the run uses KHR matrices, `target`
/// compiled with `nv_cooperative_matrix2` (suffix `/nv2`).
pub fn targets(gpu: &Gpu, target: &Target) -> Vec<(&'static str, Target)> {
    let mut out = vec![("", target.clone())];
    let khr = target.cooperative_matrix == tessera::back::spv::CooperativeMatrixExtension::Khr;
    if gpu.nv_cooperative_matrix2 && gpu.nv_cooperative_matrix2_reductions && khr {
        out.push((
            "/nv2",
            Target {
                nv_cooperative_matrix2: true,
                ..target.clone()
            },
        ));
    }
    out
}

/// Runs every case for the configs of the first target whose name (with
/// the target's suffix) contains `filter`; one result per case and
/// target. `failed` receives `(file stem, WGSL)` of each failing case.
pub fn run(
    gpu: &Gpu,
    targets: &[(&str, Target)],
    filter: Option<&str>,
    failed: &mut Vec<(String, String)>,
) -> Vec<CaseResult> {
    let Some((_, first)) = targets.first() else {
        return Vec::new();
    };
    let cases = all_cases(&first.configs);
    let mut out = Vec::new();
    let mut bufs = Vec::new();
    for _ in 0..2 {
        match gpu.buffer(BUFFER_BYTES, false) {
            Ok(b) => bufs.push(b),
            Err(e) => {
                bufs.iter().for_each(|b| gpu.free(b));
                return vec![CaseResult {
                    name: "experimental/reduce".into(),
                    stage: "run".into(),
                    detail: format!("buffer allocation: {e}"),
                    ..Default::default()
                }];
            }
        }
    }
    for case in &cases {
        for (suffix, target) in targets {
            let name = format!("{}{suffix}", case.name);
            if filter.is_some_and(|f| !name.contains(f)) {
                continue;
            }
            let r = run_one(gpu, target, case, name, [&bufs[0], &bufs[1]]);
            eprintln!("{} {}", if r.passed { "pass" } else { "FAIL" }, r.name);
            if !r.passed {
                failed.push((r.name.replace([':', '/'], "_"), case.wgsl.clone()));
            }
            out.push(r);
        }
    }
    bufs.iter().for_each(|b| gpu.free(b));
    out
}

fn run_one(
    gpu: &Gpu,
    target: &Target,
    case: &ReductionCase,
    name: String,
    bufs: [&crate::vk::Buffer; 2],
) -> CaseResult {
    let mut res = CaseResult {
        name,
        ..Default::default()
    };
    let x = case.inputs();
    let bindings = [
        Binding {
            range: Some(
                (case.elements() * crate::data::component_bytes(case.shape.component)) as u64,
            ),
            ..Binding::storage(bufs[0])
        },
        Binding {
            range: Some(case.output_bytes() as u64),
            ..Binding::storage(bufs[1])
        },
    ];
    let ran = target
        .compile(&case.wgsl)
        .map_err(|e| ("compile", e))
        .and_then(|w| {
            gpu.kernel_robust(&w, &bindings, &[], false)
                .map_err(|e| ("pipeline", e))
        })
        .and_then(|kn| {
            let r = gpu
                .upload(bufs[0], &case.input_bytes(&x))
                .and_then(|()| gpu.upload(bufs[1], &crate::data::poison(BUFFER_BYTES as usize)))
                .and_then(|()| gpu.dispatch(&kn, [1, 1, 1]).map(|_| ()))
                .and_then(|()| gpu.download(bufs[1]))
                .map_err(|e| ("run", e));
            gpu.destroy_kernel(&kn);
            r
        });
    match ran {
        Ok(dst) => {
            let (checked, bad, first) = case.check(&x, &dst);
            res.stage = "compare".into();
            res.checked = checked;
            res.mismatches = bad;
            res.passed = bad == 0;
            res.detail = first.join("; ");
        }
        Err((stage, e)) => {
            res.stage = stage.into();
            res.detail = e;
        }
    }
    res
}

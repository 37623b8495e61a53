//! Every kernel of the subgroup-matrix reductions (the conformance cases
//! for the H100's/H200's configurations and the softmax benchmark) must
//! compile with tessera both ways — the portable lowering (KHR matrices:
//! workgroup scratch, no NV2 instruction) and with `nv_cooperative_matrix2`
//! (each reduction one `OpCooperativeMatrixReduceNV`, each index matrix an
//! `OpCooperativeMatrixPerElementOpNV`) — to SPIR-V that SPIRV-Tools
//! accepts for Vulkan 1.3, at SPIR-V 1.3 and 1.6. Runs without a GPU.

use spirv_tools::val::Validator;
use spirv_tools::TargetEnv;
use tessera::back::spv::CooperativeMatrixExtension;
use tessera_gpu::compile::Target;
use tessera_gpu::reduction::cases::{all_cases, Op};
use tessera_gpu::reduction::softmax::{reduce_kernel, roundtrip_kernel, SType};
use tessera_gpu::reduction::{count, OP_PER_ELEMENT_NV, OP_REDUCE_NV};

fn validate(words: &[u32]) -> Result<(), String> {
    let v = spirv_tools::val::create(Some(TargetEnv::Vulkan_1_3));
    v.validate(words, None).map_err(|e| e.to_string())
}

fn targets(version: (u8, u8)) -> [(&'static str, Target); 2] {
    let khr = Target {
        spirv_version: version,
        ..Target::h100()
    };
    let nv2 = Target {
        nv_cooperative_matrix2: true,
        ..khr.clone()
    };
    [("khr", khr), ("nv2", nv2)]
}

/// How many reductions and index matrices `op`'s kernel has.
fn expected_native(op: Op) -> (usize, usize) {
    match op {
        Op::Reduce(_) | Op::RowMaxToInvocations => (1, 0),
        Op::Index { .. } => (0, 1),
        Op::CausalMask => (0, 2),
        Op::Softmax => (2, 0),
    }
}

fn report(failures: &[String]) -> String {
    format!(
        "{} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    )
}

#[test]
fn every_reduction_case_compiles_and_validates_both_ways() {
    let mut failures = Vec::new();
    let mut total = 0;
    for version in [(1, 3), (1, 6)] {
        for (path, target) in targets(version) {
            for case in all_cases(&target.configs) {
                total += 1;
                let name = format!("{} ({path}, SPIR-V {}.{})", case.name, version.0, version.1);
                let words = match target.compile(&case.wgsl) {
                    Ok(w) => w,
                    Err(e) => {
                        failures.push(format!("{name}: tessera: {e}"));
                        continue;
                    }
                };
                if let Err(e) = validate(&words) {
                    failures.push(format!("{name}: spirv-val: {e}"));
                }
                let got = (
                    count(&words, OP_REDUCE_NV),
                    count(&words, OP_PER_ELEMENT_NV),
                );
                let (reduce, index) = expected_native(case.op);
                // The NV2 build may apply the element-wise math of a case
                // (exp, step, ...) per element too: at least the index
                // matrices.
                let ok = if path == "nv2" {
                    got.0 == reduce && got.1 >= index
                } else {
                    got == (0, 0)
                };
                if !ok {
                    failures.push(format!(
                        "{name}: {} OpCooperativeMatrixReduceNV, {} OpCooperativeMatrixPerElementOpNV",
                        got.0, got.1
                    ));
                }
            }
        }
    }
    // 114 cases for the H100's configurations, two builds, two versions.
    assert_eq!(total, 114 * 4);
    assert!(failures.is_empty(), "{}", report(&failures));
}

#[test]
fn reduction_cases_compile_for_nv_matrices() {
    // `--cooperative-matrix nv`: the portable lowering on NV matrices.
    let target = Target {
        cooperative_matrix: CooperativeMatrixExtension::Nv,
        ..Target::h100()
    };
    let failures: Vec<String> = all_cases(&target.configs)
        .iter()
        .filter_map(|case| {
            let r = target
                .compile(&case.wgsl)
                .map_err(|e| format!("tessera: {e}"))
                .and_then(|w| validate(&w).map_err(|e| format!("spirv-val: {e}")));
            r.err().map(|e| format!("{}: {e}", case.name))
        })
        .collect();
    assert!(failures.is_empty(), "{}", report(&failures));
}

#[test]
fn softmax_benchmark_kernels_compile_and_validate() {
    let mut failures = Vec::new();
    for (path, target) in targets((1, 3)) {
        for s in SType::ALL {
            let mut kernels = vec![("reduce", reduce_kernel(s))];
            if path == "khr" {
                kernels.push(("roundtrip", roundtrip_kernel(s)));
            }
            for (form, src) in kernels {
                let name = format!("{form} S={} ({path})", s.wgsl());
                match target.compile(&src) {
                    Ok(words) => {
                        if let Err(e) = validate(&words) {
                            failures.push(format!("{name}: spirv-val: {e}"));
                        }
                        // Two reductions a key block: native only with NV2.
                        let reduces = count(&words, OP_REDUCE_NV);
                        let want = if path == "nv2" && form == "reduce" {
                            2
                        } else {
                            0
                        };
                        if reduces != want {
                            failures.push(format!("{name}: {reduces} OpCooperativeMatrixReduceNV"));
                        }
                    }
                    Err(e) => failures.push(format!("{name}: tessera: {e}")),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", report(&failures));
}

#[test]
fn dump_lists_the_reduction_kernels() {
    let sources = tessera_gpu::dump::sources(&Target::h100());
    let reductions = sources
        .iter()
        .filter(|(name, _, nv2)| *nv2 && name.contains("_experimental_reduce_"))
        .count();
    assert_eq!(reductions, 114);
    assert!(sources
        .iter()
        .any(|(name, _, nv2)| name == "reduction_bench_f32_reduce" && *nv2));
    assert!(sources
        .iter()
        .any(|(name, _, nv2)| name == "reduction_bench_f16_roundtrip" && !*nv2));
}

//! `tessera-gpu --dump-kernels DIR`: every generated kernel, compiled
//! without a GPU.

use std::path::Path;

use tessera::back::spv::CooperativeMatrixExtension;

use crate::compile::Target;
use crate::suite::cases_for;

/// Every kernel the runner generates for `target`'s configs, as (file
/// stem, WGSL, whether it also gets an NV2 build): the conformance cases,
/// the matmul kernels of every configuration (loop and hand-unrolled),
/// the robustness cases, the reduction cases and the reduction
/// benchmark's kernels (the reductions' NV2 builds).
pub fn sources(target: &Target) -> Vec<(String, String, bool)> {
    let mut sources: Vec<(String, String, bool)> = Vec::new();
    let stem = |name: &str| name.replace([':', '/'], "_");
    for c in &target.configs {
        for case in cases_for(c) {
            sources.push((stem(&case.name), case.wgsl, false));
        }
    }
    for (config, _) in crate::tiled::CONFIGS {
        let name = format!(
            "matmul_{}x{}x{}_{}x{}_s{}",
            config.bm, config.bn, config.bk, config.wm, config.wn, config.stages
        );
        if let Some(s) = config.loop_wgsl() {
            sources.push((format!("{name}_loop"), s, false));
        }
        sources.push((format!("{name}_unrolled"), config.unrolled_wgsl(), false));
    }
    for case in crate::robust::cases() {
        sources.push((format!("robust_{}", case.name), case.wgsl, false));
    }
    for case in crate::reduction::all_cases(&target.configs) {
        sources.push((stem(&case.name), case.wgsl, true));
    }
    use crate::reduction::softmax::{reduce_kernel, roundtrip_kernel, SType};
    for s in SType::ALL {
        let t = s.wgsl();
        sources.push((
            format!("reduction_bench_{t}_reduce"),
            reduce_kernel(s),
            true,
        ));
        sources.push((
            format!("reduction_bench_{t}_roundtrip"),
            roundtrip_kernel(s),
            false,
        ));
    }
    sources
}

/// Writes every kernel of [`sources`] to `dir`, compiles each with tessera
/// for `target` (its cooperative-matrix extension included) and writes the
/// SPIR-V next to it (`NAME.spv`; with KHR matrices, the reduction kernels
/// also `NAME.nv2.spv`, compiled with `nv_cooperative_matrix2`). Returns
/// (kernels, compile failures); each failure is printed.
pub fn dump_kernels(dir: &Path, target: &Target) -> Result<(usize, usize), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let sources = sources(target);
    let native = Target {
        nv_cooperative_matrix2: true,
        ..target.clone()
    };
    let khr = target.cooperative_matrix == CooperativeMatrixExtension::Khr;
    let mut failures = 0;
    for (name, src, nv2) in &sources {
        let file = dir.join(format!("{name}.wgsl"));
        std::fs::write(&file, src).map_err(|e| format!("{}: {e}", file.display()))?;
        let mut builds = vec![(target, "spv")];
        if *nv2 && khr {
            builds.push((&native, "nv2.spv"));
        }
        for (t, ext) in builds {
            match t.compile(src) {
                Ok(words) => {
                    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                    let spv = dir.join(format!("{name}.{ext}"));
                    std::fs::write(&spv, bytes).map_err(|e| format!("{}: {e}", spv.display()))?;
                }
                Err(e) => {
                    failures += 1;
                    println!("FAIL {name}.{ext}: {}", e.lines().next().unwrap_or(""));
                }
            }
        }
    }
    Ok((sources.len(), failures))
}

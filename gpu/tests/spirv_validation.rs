//! Every kernel the GPU run uses must compile with tessera (for the H100's
//! configs) to SPIR-V that SPIRV-Tools accepts for Vulkan 1.3, and the
//! committed glslang SPIR-V must validate too. Runs without a GPU.

use spirv_tools::val::Validator;
use spirv_tools::TargetEnv;
use tessera_gpu::compile::Target;
use tessera_gpu::suite::cases_for;
use tessera_gpu::{matmul, tiled};

fn validate(words: &[u32]) -> Result<(), String> {
    let v = spirv_tools::val::create(Some(TargetEnv::Vulkan_1_3));
    v.validate(words, None).map_err(|e| e.to_string())
}

/// Compiles and validates `source`; `Err` names the failing step.
fn check(target: &Target, source: &str) -> Result<(), String> {
    let words = target
        .compile(source)
        .map_err(|e| format!("tessera: {e}"))?;
    validate(&words).map_err(|e| format!("spirv-val: {e}"))
}

fn summarize(failures: &[(String, String)], total: usize) -> String {
    let mut s = format!("{} of {total} kernels failed:\n", failures.len());
    for (name, err) in failures.iter().take(12) {
        let first = err.lines().take(4).collect::<Vec<_>>().join(" | ");
        s.push_str(&format!("  {name}: {first}\n"));
    }
    s
}

#[test]
fn glslang_matmul_spirv_validates() {
    for (config, spv) in tiled::CONFIGS {
        let words = matmul::spv_words(spv).expect("embedded SPIR-V");
        validate(&words).unwrap_or_else(|e| panic!("glslang {}: {e}", config.name()));
    }
}

#[test]
fn conformance_kernels_compile_and_validate() {
    let target = Target::h100();
    let mut failures = Vec::new();
    let mut total = 0;
    for c in &target.configs {
        for case in cases_for(c) {
            total += 1;
            if let Err(e) = check(&target, &case.wgsl) {
                failures.push((case.name.clone(), e));
            }
        }
    }
    // 23 per config for the 10 H100 configs, plus 14 wgpu-dialect cases for
    // each of the two configs that dialect can spell (16x16x16 f16 -> f16/f32),
    // plus the experimental cases: 3 per float config (6), 2 per integer
    // config (4), and the attention step where N == K (4 configs).
    assert_eq!(total, 288);
    assert!(failures.is_empty(), "{}", summarize(&failures, total));
}

#[test]
fn conformance_kernels_validate_as_spirv_1_6() {
    let mut target = Target::h100();
    target.spirv_version = (1, 6);
    let c = target.configs[1];
    let cases = cases_for(&c);
    let failures: Vec<(String, String)> = cases
        .iter()
        .filter_map(|case| {
            check(&target, &case.wgsl)
                .err()
                .map(|e| (case.name.clone(), e))
        })
        .collect();
    assert!(failures.is_empty(), "{}", summarize(&failures, cases.len()));
}

#[test]
fn matmul_kernels_compile_and_validate() {
    let target = Target::h100();
    let mut failures = Vec::new();
    for (config, _) in tiled::CONFIGS {
        let looped = config.loop_wgsl().expect("configuration constants");
        for (form, source) in [("loop", looped), ("unrolled", config.unrolled_wgsl())] {
            if let Err(e) = check(&target, &source) {
                failures.push((format!("{} {form}", config.name()), e));
            }
        }
    }
    assert!(failures.is_empty(), "{}", summarize(&failures, 6));
}

#[test]
fn unsupported_config_is_a_pipeline_error() {
    // A config the device does not have must fail at compile time, so the
    // runner reports it instead of running bad SPIR-V.
    let target = Target::h100();
    let src = "enable chromium_experimental_subgroup_matrix;\n\
        @group(0) @binding(0) var<storage, read_write> o: array<f32>;\n\
        @compute @workgroup_size(32)\n\
        fn main() {\n\
            let m = subgroup_matrix_result<f32, 8, 8>();\n\
            subgroupMatrixStore<row_major>(&o, 0u, m, 8u);\n\
        }\n";
    let err = target
        .compile(src)
        .expect_err("f32 8x8 is not an H100 config");
    assert!(err.starts_with("pipeline creation error"), "{err}");
}

/// With `--cooperative-matrix nv`: every kernel `--dump-kernels` writes
/// (the conformance kernels for the H100's configs, both matmul forms of
/// every configuration, the robustness kernels) compiles to
/// `SPV_NV_cooperative_matrix` SPIR-V that SPIRV-Tools accepts for Vulkan
/// 1.3, with no KHR cooperative-matrix instruction left.
#[test]
fn every_kernel_compiles_and_validates_with_nv() {
    use tessera::back::spv::CooperativeMatrixExtension;
    let target = Target {
        cooperative_matrix: CooperativeMatrixExtension::Nv,
        ..Target::h100()
    };
    let mut sources: Vec<(String, String)> = Vec::new();
    for c in &target.configs {
        for case in cases_for(c) {
            sources.push((case.name, case.wgsl));
        }
    }
    for (config, _) in tiled::CONFIGS {
        let looped = config.loop_wgsl().expect("configuration constants");
        sources.push((format!("{} loop", config.name()), looped));
        sources.push((
            format!("{} unrolled", config.name()),
            config.unrolled_wgsl(),
        ));
    }
    for case in tessera_gpu::robust::cases() {
        sources.push((format!("robust/{}", case.name), case.wgsl));
    }
    let mut failures = Vec::new();
    let mut matrices = 0;
    for (name, source) in &sources {
        let result = target
            .compile(source)
            .map_err(|e| format!("tessera: {e}"))
            .and_then(|words| {
                validate(&words).map_err(|e| format!("spirv-val: {e}"))?;
                Ok(words)
            });
        match result {
            Ok(words) => {
                // OpCapability CooperativeMatrixNV (5357) where matrices are
                // used; never CooperativeMatrixKHR (6022).
                let caps: Vec<u32> = words
                    .windows(2)
                    .filter(|w| w[0] == (2 << 16) | 17)
                    .map(|w| w[1])
                    .collect();
                if caps.contains(&6022) {
                    failures.push((name.clone(), "declares CooperativeMatrixKHR".into()));
                }
                if caps.contains(&5357) {
                    matrices += 1;
                }
            }
            Err(e) => failures.push((name.clone(), e)),
        }
    }
    assert!(
        failures.is_empty(),
        "{}",
        summarize(&failures, sources.len())
    );
    assert!(sources.len() >= 230 + 6, "{}", sources.len());
    assert!(matrices >= 236, "{matrices} kernels use NV matrices");
}

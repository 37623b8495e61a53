//! Negative tests for the device-feature check of `enable` directives
//! (`tessera::valid::validate_with_features`, `CompileOptions::features`,
//! device profiles): each gated enable, without its feature, fails with a
//! message naming the enable and the feature, at the extension's name.

use tessera::device::{DeviceProfile, Features, FEATURES};
use tessera::{CompileOptions, MslCompileOptions};

/// Validates `source` for a device with `features`; the error diagnostics.
fn errors(source: &str, features: Features) -> Vec<tessera::Diagnostic> {
    let parsed = tessera::front::wgsl::parse_str(source)
        .unwrap_or_else(|e| panic!("{}", e.render("test.wgsl", source)));
    match tessera::valid::validate_with_features(&parsed.module, features) {
        Ok(_) => Vec::new(),
        Err(e) => e.errors().cloned().collect(),
    }
}

/// Asserts one error with `message` whose span covers exactly `spanned`,
/// at the `nth` (from 0) occurrence of `spanned` in the source.
#[track_caller]
fn check(source: &str, features: Features, message: &str, spanned: &str, nth: usize) {
    let diags = errors(source, features);
    let rendered = tessera::diagnostic::render_all(&diags, "test.wgsl", source);
    assert_eq!(diags.len(), 1, "expected one error:\n{rendered}");
    let d = &diags[0];
    assert_eq!(d.message, message, "{rendered}");
    let start = source
        .match_indices(spanned)
        .nth(nth)
        .unwrap_or_else(|| panic!("`{spanned}` not in the source"))
        .0;
    assert_eq!(
        d.span.to_range(),
        start..start + spanned.len(),
        "the span covers {:?}:\n{rendered}",
        source.get(d.span.to_range())
    );
}

/// The source that enables `enable` (with a subgroup-matrix extension
/// for tessera's own, which extend one).
fn source_for(enable: &str) -> String {
    if enable.starts_with("tessera_") {
        format!("enable chromium_experimental_subgroup_matrix;\nenable {enable};\n")
    } else {
        format!("enable {enable};\n")
    }
}

#[test]
fn every_gated_enable_needs_its_feature() {
    for &(feature, name, enable) in FEATURES {
        let source = source_for(enable);
        // Everything but the feature (and the matrix feature the tessera
        // extensions sit on).
        let without = Features::all() - feature;
        check(
            &source,
            without,
            &format!(
                "`enable {enable};` needs the device feature `{name}`, which the device profile does not have"
            ),
            enable,
            // `enable chromium_experimental_subgroup_matrix;` comes first
            // and does not contain tessera's names.
            0,
        );
        assert!(errors(&source, Features::all()).is_empty(), "{source}");
        assert!(
            errors(
                &source,
                feature | Features::CHROMIUM_EXPERIMENTAL_SUBGROUP_MATRIX
            )
            .is_empty(),
            "{source}"
        );
    }
}

#[test]
fn f16() {
    check(
        "enable f16;\nvar<private> x: f16;\n",
        Features::SUBGROUPS,
        "`enable f16;` needs the device feature `shader-f16`, which the device profile does not have",
        "f16",
        0,
    );
}

#[test]
fn subgroups_in_a_list() {
    // The second name of one directive.
    check(
        "enable f16, subgroups;\n",
        Features::SHADER_F16,
        "`enable subgroups;` needs the device feature `subgroups`, which the device profile does not have",
        "subgroups",
        0,
    );
}

#[test]
fn implied_subgroups_are_not_checked_separately() {
    // `subgroup_matrix` implies `subgroups`, but only its own feature is
    // asked for (a profile with `subgroup-matrix` has `subgroups` anyway).
    assert!(errors("enable subgroup_matrix;\n", Features::SUBGROUP_MATRIX).is_empty());
    check(
        "enable subgroup_size_control;\n",
        Features::SUBGROUPS,
        "`enable subgroup_size_control;` needs the device feature `subgroup-size-control`, which the device profile does not have",
        "subgroup_size_control",
        0,
    );
}

#[test]
fn standard_and_chromium_matrices_are_separate_features() {
    check(
        "enable subgroup_matrix;\n",
        Features::CHROMIUM_EXPERIMENTAL_SUBGROUP_MATRIX | Features::SUBGROUPS,
        "`enable subgroup_matrix;` needs the device feature `subgroup-matrix`, which the device profile does not have",
        "subgroup_matrix",
        0,
    );
    check(
        "enable chromium_experimental_subgroup_matrix;\n",
        Features::SUBGROUP_MATRIX | Features::SUBGROUPS,
        "`enable chromium_experimental_subgroup_matrix;` needs the device feature `chromium-experimental-subgroup-matrix`, which the device profile does not have",
        "chromium_experimental_subgroup_matrix",
        0,
    );
}

#[test]
fn a_repeated_enable_is_reported_once() {
    check(
        "enable f16;\nenable f16;\n",
        Features::empty(),
        "`enable f16;` needs the device feature `shader-f16`, which the device profile does not have",
        "f16",
        0,
    );
}

#[test]
fn several_missing_features_are_all_reported() {
    let diags = errors(
        "enable f16;\nenable dual_source_blending;\nenable primitive_index;\n",
        Features::PRIMITIVE_INDEX,
    );
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "`enable f16;` needs the device feature `shader-f16`, which the device profile does not have",
            "`enable dual_source_blending;` needs the device feature `dual-source-blending`, which the device profile does not have",
        ]
    );
    // The note lists what the profile has.
    assert_eq!(
        diags[0].notes,
        ["the device profile's features: primitive-index"]
    );
}

#[test]
fn ungated_enable() {
    assert!(errors(
        "enable chromium_disable_uniformity_analysis;\n",
        Features::empty()
    )
    .is_empty());
}

#[test]
fn other_errors_are_still_reported() {
    // The feature error does not hide the module's own errors.
    let diags = errors(
        "enable f16;\n@group(0) @binding(0) var<storage> a: u32;\n@group(0) @binding(0) var<storage> b: u32;\n@compute @workgroup_size(1) fn main() { _ = a; _ = b; }\n",
        Features::empty(),
    );
    assert_eq!(diags.len(), 2, "{diags:?}");
    assert!(diags[1].message.contains("is used by both"), "{diags:?}");
}

#[test]
fn compile_options_carry_features() {
    let source = "enable f16;\n@compute @workgroup_size(1) fn main() { let x = 1h; }\n";
    let webgpu = DeviceProfile::builtin("webgpu").unwrap();
    let err = tessera::compile_to_spirv(source, &CompileOptions::for_device(&webgpu)).unwrap_err();
    assert!(matches!(err, tessera::CompileError::ShaderModule(_)));
    assert_eq!(
        err.error().diagnostics[0].message,
        "`enable f16;` needs the device feature `shader-f16`, which the device profile does not have"
    );
    let err = tessera::compile_to_msl(source, &MslCompileOptions::for_device(&webgpu)).unwrap_err();
    assert!(matches!(err, tessera::CompileError::ShaderModule(_)));
    // The default options and the Metal profile have shader-f16.
    assert!(tessera::compile_to_spirv(source, &CompileOptions::default()).is_ok());
    let metal = DeviceProfile::builtin("metal").unwrap();
    assert!(tessera::compile_to_msl(source, &MslCompileOptions::for_device(&metal)).is_ok());
}

#[test]
fn profile_limits_reach_the_pipeline() {
    // The WebGPU profile's 256 invocations per workgroup.
    let source = "@compute @workgroup_size(512) fn main() {}\n";
    let webgpu = DeviceProfile::builtin("webgpu").unwrap();
    let err = tessera::compile_to_spirv(source, &CompileOptions::for_device(&webgpu)).unwrap_err();
    assert!(matches!(err, tessera::CompileError::Pipeline(_)), "{err}");
    let h100 = DeviceProfile::builtin("h100-vulkan").unwrap();
    assert!(tessera::compile_to_spirv(source, &CompileOptions::for_device(&h100)).is_ok());
    // Metal's configurations: 8x8x8 only.
    let matrix = "enable f16;\nenable chromium_experimental_subgroup_matrix;\n@compute @workgroup_size(32) fn main() { var m: subgroup_matrix_left<f16, 16, 16>; }\n";
    let metal = DeviceProfile::builtin("metal").unwrap();
    let err = tessera::compile_to_spirv(matrix, &CompileOptions::for_device(&metal)).unwrap_err();
    assert!(matches!(err, tessera::CompileError::Pipeline(_)), "{err}");
    assert!(tessera::compile_to_spirv(matrix, &CompileOptions::for_device(&h100)).is_ok());
}

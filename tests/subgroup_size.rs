//! `enable subgroup_size_control;` and `@subgroup_size(n)`: resolution,
//! pipeline-creation checks (as Dawn does them), reflection for the
//! embedder, the subgroup-matrix workgroup-size rule, and the range
//! analysis (a fixed subgroup size bounds `subgroup_invocation_id`).

#[path = "common/check.rs"]
mod check;
mod spv_util;

use check::{check_error, check_error_with};
use tessera::pipeline::{process, Pipeline, PipelineOptions};

fn pipeline(source: &str, options: &PipelineOptions) -> Pipeline {
    let parsed = tessera::front::wgsl::parse_str(source)
        .unwrap_or_else(|e| panic!("{}", e.render("test.wgsl", source)));
    let info = tessera::valid::validate(&parsed.module)
        .unwrap_or_else(|e| panic!("{}", e.render("test.wgsl", source)));
    process(&parsed.module, &info, options)
        .unwrap_or_else(|e| panic!("{}", e.render("test.wgsl", source)))
}

fn options_with(overrides: &[(&str, f64)]) -> PipelineOptions {
    PipelineOptions {
        overrides: overrides.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
        ..PipelineOptions::default()
    }
}

const OVERRIDE_SIZE: &str = "enable subgroup_size_control;
override sg: u32;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
@compute @workgroup_size(64) @subgroup_size(sg)
fn main(@builtin(subgroup_invocation_id) i: u32) { out[i] = 1u; }
";

#[test]
fn reflection_records_the_subgroup_size() {
    let src = "enable subgroup_size_control;
@compute @workgroup_size(64) @subgroup_size(32) fn a() {}
@compute @workgroup_size(64) fn b() {}
";
    let p = pipeline(src, &PipelineOptions::default());
    let sizes: Vec<_> = p
        .reflection
        .entry_points
        .iter()
        .map(|r| (r.name.as_str(), r.subgroup_size))
        .collect();
    assert_eq!(sizes, [("a", Some(32)), ("b", None)]);
    let p = pipeline(OVERRIDE_SIZE, &options_with(&[("sg", 16.0)]));
    assert_eq!(p.reflection.entry_points[0].subgroup_size, Some(16));
}

#[test]
fn subgroup_size_compiles_to_valid_spirv() {
    spv_util::compile_wgsl(
        "enable subgroup_size_control;
         @group(0) @binding(0) var<storage, read_write> out: array<u32>;
         @compute @workgroup_size(32, 2) @subgroup_size(16i)
         fn main(@builtin(subgroup_invocation_id) i: u32, @builtin(subgroup_size) n: u32) {
             out[i] = subgroupAdd(n);
         }",
    );
}

#[test]
fn resolver_errors() {
    check_error(
        "@compute @workgroup_size(64) @subgroup_size(32) fn main() {}",
        "@subgroup_size requires enabling extension 'subgroup_size_control'",
        "subgroup_size",
    );
    check_error(
        "enable subgroup_size_control;\n@subgroup_size(32) fn f() {}",
        "@subgroup_size is only valid on compute entry points",
        "@subgroup_size(32)",
    );
    check_error(
        "enable subgroup_size_control;\n@compute @workgroup_size(64) @subgroup_size(24) fn main() {}",
        "@subgroup_size value 24 must be a power of two",
        "24",
    );
    check_error(
        "enable subgroup_size_control;\n@compute @workgroup_size(64) @subgroup_size(-4) fn main() {}",
        "@subgroup_size value -4 must be a power of two",
        "-4",
    );
    check_error(
        "enable subgroup_size_control;\n@compute @workgroup_size(64) @subgroup_size(16.0) fn main() {}",
        "@subgroup_size argument must be of type 'i32' or 'u32', found 'abstract-float'",
        "16.0",
    );
    check_error(
        "enable subgroup_size_control;\n@compute @workgroup_size(64) @subgroup_size(16, 2) fn main() {}",
        "@subgroup_size requires exactly one argument",
        "@subgroup_size(16, 2)",
    );
}

#[test]
fn pipeline_errors() {
    check_error_with(
        OVERRIDE_SIZE,
        &options_with(&[("sg", 12.0)]),
        "@subgroup_size of entry point 'main' must be a power of two, but is 12",
        "sg",
    );
    // Dawn's bounds: 4 to 128.
    check_error(
        "enable subgroup_size_control;\n@compute @workgroup_size(256) @subgroup_size(256) fn main() {}",
        "@subgroup_size 256 of entry point 'main' is outside the supported subgroup sizes 4 to 128",
        "256",
    );
    check_error_with(
        OVERRIDE_SIZE,
        &options_with(&[("sg", 2.0)]),
        "@subgroup_size 2 of entry point 'main' is outside the supported subgroup sizes 4 to 128",
        "sg",
    );
    // The device's subgroup sizes.
    let device = PipelineOptions {
        min_subgroup_size: Some(32),
        max_subgroup_size: Some(64),
        ..options_with(&[("sg", 16.0)])
    };
    check_error_with(
        OVERRIDE_SIZE,
        &device,
        "@subgroup_size 16 of entry point 'main' is outside the supported subgroup sizes 32 to 64",
        "sg",
    );
    check_error(
        "enable subgroup_size_control;\n@compute @workgroup_size(8, 4) @subgroup_size(16) fn main() {}",
        "workgroup size x dimension 8 of entry point 'main' must be a multiple of its @subgroup_size 16",
        "16",
    );
}

const MATRIX: &str = "enable chromium_experimental_subgroup_matrix;
enable subgroup_size_control;
@group(0) @binding(0) var<storage, read_write> b: array<f32, 64>;
@compute @workgroup_size(16) @subgroup_size(16)
fn fixed() {
    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&b, 0u, false, 8u);
    subgroupMatrixStore(&b, 0u, m, false, 8u);
}
@compute @workgroup_size(16)
fn free() {
    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&b, 0u, false, 8u);
    subgroupMatrixStore(&b, 0u, m, false, 8u);
}
";

#[test]
fn subgroup_matrix_workgroup_rule_uses_the_explicit_size() {
    // With @subgroup_size(16), a workgroup of 16 is fine on a device whose
    // subgroups go up to 64; without it the x dimension must be a multiple
    // of the device's maximum.
    let device = |entry: &str| PipelineOptions {
        entry_point: Some(entry.to_string()),
        min_subgroup_size: Some(16),
        max_subgroup_size: Some(64),
        ..PipelineOptions::default()
    };
    let p = pipeline(MATRIX, &device("fixed"));
    assert_eq!(p.reflection.entry_points[0].subgroup_size, Some(16));
    check_error_with(
        MATRIX,
        &device("free"),
        "workgroup size x dimension 16 of entry point 'free' must be a multiple of the maximum subgroup size 64",
        "16",
    );
}

/// The robustness pass's output for `main`, as WGSL.
fn after_robustness(source: &str, options: &PipelineOptions) -> String {
    let mut p = pipeline(source, options);
    let mut text = None;
    tessera::lower::spv::lower(
        &mut p,
        &tessera::back::spv::Options::default(),
        &mut |name, p| {
            if name == "robustness" {
                text =
                    Some(tessera::back::wgsl::write(&p.module).unwrap_or_else(|e| panic!("{e:?}")));
            }
        },
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    text.expect("the robustness pass ran")
}

#[test]
fn explicit_size_bounds_the_subgroup_invocation_id() {
    let src = |attr: &str| {
        format!(
            "enable subgroup_size_control;
var<workgroup> w: array<u32, 16>;
@group(0) @binding(0) var<storage, read_write> out: u32;
@compute @workgroup_size(64) {attr}
fn main(@builtin(subgroup_invocation_id) i: u32) {{ w[i] = 1u; out = w[0]; }}
"
        )
    };
    // subgroup_invocation_id < 16: the index needs no clamp.
    let fixed = after_robustness(&src("@subgroup_size(16)"), &PipelineOptions::default());
    assert!(fixed.contains("w[i] = 1u;"), "{fixed}");
    // Up to 128 without the attribute: clamped.
    let free = after_robustness(&src(""), &PipelineOptions::default());
    assert!(free.contains("w[min(i, 15u)] = 1u;"), "{free}");
    // A size of 32 does not prove it either.
    let wide = after_robustness(&src("@subgroup_size(32)"), &PipelineOptions::default());
    assert!(wide.contains("w[min(i, 15u)] = 1u;"), "{wide}");
}

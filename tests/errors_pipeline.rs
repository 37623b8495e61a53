//! Negative tests for the pipeline step (`tessera::pipeline::process`):
//! override values, entry-point selection, limits and subgroup-matrix
//! device configurations. Each must fail with a given message and a
//! primary span covering exactly the given text.
//!
//! Checklist (message pattern -> test):
//! - unknown entry point '{name}' -> unknown_entry_point
//! - pipeline constant '{key}' does not match any override in the module -> unknown_pipeline_constant
//! - invalid value for override '{}': NaN is not a valid override value -> override_nan
//! - invalid value for override '{}': {v} is not an integer ... -> override_not_integer
//! - invalid value for override '{}': {v} is out of range for type '{}' -> override_out_of_range, override_i32_out_of_range, override_by_id
//! - invalid value for override '{}': {v} cannot be represented as 'f16'/'f32' -> override_f16_out_of_range, override_f32_infinite
//! - pipeline constant keyed by name for an override with @id -> override_with_id_not_keyed_by_name
//! - override '{}' has no default value and no value was given for it -> override_missing
//! - array count of '{}' must be greater than 0, but the override-expression is {n} -> override_array_count_zero
//! - workgroup size {axis} dimension ... must be at least 1 -> workgroup_size_override_zero
//! - workgroup size {axis} dimension ... exceeds the limit {max} -> workgroup_size_over_limit
//! - entry point '{}' has {total} invocations per workgroup ... exceeds the limit -> invocations_over_limit
//! - entry point '{}' uses {bytes} bytes of workgroup storage ... -> workgroup_storage_over_limit
//! - subgroup matrix {what} count of '{}' must be greater than 0 -> matrix_override_dim_zero
//! - subgroup matrix multiply ... has mismatched {dim} -> (unreachable from WGSL: the resolver requires equal
//!   dimension expressions, see multiply_override_dims_mismatch)
//! - subgroup matrix multiply ... does not match any configuration -> multiply_config_mismatch_i8
//! - subgroup matrix type '{}' ({shape}) is not supported by the device -> matrix_type_not_supported
//! - workgroup size x dimension {} ... must be a multiple of the maximum subgroup size -> workgroup_not_multiple_of_subgroup_size
//! - '{e1} << {e2}' overflows: bits shifted out of '{}' must be ... -> override_shift_overflow
//! - '{e1} << {e2}' is invalid: the shift amount must be less than the bit width ... -> override_shift_amount_too_large

#[path = "common/check.rs"]
mod check;

use check::{check_error_with, check_ok_with, h100};
use tessera::ir::{ConstValue, Literal};
use tessera::pipeline::PipelineOptions;

/// Options with the given override values.
fn with_overrides(pairs: &[(&str, f64)]) -> PipelineOptions {
    let mut o = PipelineOptions::default();
    for (k, v) in pairs {
        o.overrides.insert((*k).to_string(), *v);
    }
    o
}

const GAIN: &str = "override gain: f32 = 1.0;\noverride count: u32 = 1;\n@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n@compute @workgroup_size(1)\nfn main() {\n    b[0] = gain * f32(count);\n}\n";

#[test]
fn unknown_entry_point() {
    let options = PipelineOptions {
        entry_point: Some("nope".into()),
        ..PipelineOptions::default()
    };
    check_error_with(GAIN, &options, "unknown entry point 'nope'", "");
}

#[test]
fn unknown_pipeline_constant() {
    check_error_with(
        GAIN,
        &with_overrides(&[("gian", 2.0)]),
        "pipeline constant 'gian' does not match any override in the module",
        "",
    );
}

#[test]
fn override_nan() {
    check_error_with(
        GAIN,
        &with_overrides(&[("gain", f64::NAN)]),
        "invalid value for override 'gain': NaN is not a valid override value",
        "override gain: f32 = 1.0;",
    );
}

#[test]
fn override_not_integer() {
    check_error_with(
        GAIN,
        &with_overrides(&[("count", 2.5)]),
        "invalid value for override 'count': 2.5 is not an integer, but the override has type 'u32'",
        "override count: u32 = 1;",
    );
}

#[test]
fn override_out_of_range() {
    check_error_with(
        GAIN,
        &with_overrides(&[("count", -3.0)]),
        "invalid value for override 'count': -3 is out of range for type 'u32'",
        "override count: u32 = 1;",
    );
}

#[test]
fn override_missing() {
    let src = "override n: u32;\n@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n@compute @workgroup_size(1)\nfn main() {\n    b[0] = n;\n}\n";
    check_error_with(
        src,
        &PipelineOptions::default(),
        "override 'n' has no default value and no value was given for it",
        "override n: u32;",
    );
}

#[test]
fn override_array_count_zero() {
    let src = "override n: u32 = 4;\nvar<workgroup> w: array<f32, n>;\n@compute @workgroup_size(1)\nfn main() {\n    w[0] = 1.0;\n}\n";
    check_error_with(
        src,
        &with_overrides(&[("n", 0.0)]),
        "must be greater than 0, but the override-expression is 0",
        "n",
    );
}

const WG: &str =
    "override x: u32 = 1;\noverride y: u32 = 1;\n@compute @workgroup_size(x, y)\nfn main() {\n}\n";

#[test]
fn workgroup_size_override_zero() {
    check_error_with(
        WG,
        &with_overrides(&[("y", 0.0)]),
        "workgroup size y dimension of entry point 'main' must be at least 1, but is 0",
        "y",
    );
}

#[test]
fn workgroup_size_over_limit() {
    check_error_with(
        WG,
        &with_overrides(&[("x", 512.0)]),
        "workgroup size x dimension of entry point 'main' is 512, which exceeds the limit 256",
        "x",
    );
}

#[test]
fn invocations_over_limit() {
    check_error_with(
        WG,
        &with_overrides(&[("x", 32.0), ("y", 16.0)]),
        "entry point 'main' has 512 invocations per workgroup (32x16x1), which exceeds the limit 256",
        "@compute @workgroup_size(x, y)\nfn main() {\n}",
    );
}

#[test]
fn workgroup_storage_over_limit() {
    let src = "var<workgroup> w: array<f32, 8192>;\n@compute @workgroup_size(1)\nfn main() {\n    w[0] = 1.0;\n}\n";
    check_error_with(
        src,
        &PipelineOptions::default(),
        "entry point 'main' uses 32768 bytes of workgroup storage, which exceeds the limit 16384",
        "@compute @workgroup_size(1)\nfn main() {\n    w[0] = 1.0;\n}",
    );
}

#[test]
fn workgroup_storage_limit_is_configurable() {
    let src = "var<workgroup> w: array<f32, 8192>;\n@compute @workgroup_size(1)\nfn main() {\n    w[0] = 1.0;\n}\n";
    let options = PipelineOptions {
        max_workgroup_storage_size: 32768,
        ..PipelineOptions::default()
    };
    check_ok_with(src, &options);
}

const SM: &str = "enable chromium_experimental_subgroup_matrix;\n";

#[test]
fn matrix_override_dim_zero() {
    let src = format!("{SM}override k: u32 = 8;\n@compute @workgroup_size(32)\nfn main() {{\n    var m: subgroup_matrix_right<f32, 8, k>;\n}}\n");
    check_error_with(
        &src,
        &with_overrides(&[("k", 0.0)]),
        "subgroup matrix row count of 'subgroup_matrix_right<f32, 8, k>' must be greater than 0, but is 0",
        "var m: subgroup_matrix_right<f32, 8, k>",
    );
}

/// A multiply whose left column count is `ka` and right row count `kb`,
/// both possibly overrides.
fn multiply_src(ty: &str, res: &str, ka: &str, kb: &str) -> String {
    format!(
        "{SM}enable f16;\noverride ka: u32 = 16;\noverride kb: u32 = 16;\n\
         @compute @workgroup_size(64)\nfn main() {{\n\
         \x20   var l: subgroup_matrix_left<{ty}, {ka}, 16>;\n\
         \x20   var r: subgroup_matrix_right<{ty}, 16, {kb}>;\n\
         \x20   var c = subgroupMatrixMultiply<{res}>(l, r);\n}}\n"
    )
}

#[test]
fn multiply_override_dims_accepted() {
    check_ok_with(&multiply_src("f16", "f32", "kb", "kb"), &h100());
}

#[test]
fn multiply_override_dims_mismatch() {
    check_error_with(
        &multiply_src("f16", "f32", "16", "kb"),
        &with_overrides(&[("kb", 8.0)]),
        "the left matrix's column count (16) must equal the right matrix's row count ('kb')",
        "r",
    );
}

#[test]
fn multiply_config_mismatch_i8() {
    // i8 -> i32 is supported at K = 32 only.
    check_error_with(
        &multiply_src("i8", "i32", "16", "16"),
        &h100(),
        "(M=16, N=16, K=16, i8 -> i32) does not match any configuration supported by the device",
        "subgroupMatrixMultiply<i32>(l, r)",
    );
}

#[test]
fn matrix_type_not_supported() {
    let src = format!("{SM}@compute @workgroup_size(64)\nfn main() {{\n    var m: subgroup_matrix_left<f32, 8, 8>;\n}}\n");
    check_error_with(
        &src,
        &h100(),
        "subgroup matrix type 'subgroup_matrix_left<f32, 8, 8>' (M=8, K=8, component type f32) is not supported by the device",
        "var m: subgroup_matrix_left<f32, 8, 8>",
    );
}

#[test]
fn workgroup_not_multiple_of_subgroup_size() {
    let src = format!("{SM}enable f16;\n@compute @workgroup_size(16, 4)\nfn main() {{\n    var m: subgroup_matrix_left<f16, 16, 16>;\n}}\n");
    check_error_with(
        &src,
        &h100(),
        "workgroup size x dimension 16 of entry point 'main' must be a multiple of the maximum subgroup size 32, because it uses subgroup matrices",
        "16",
    );
}

#[test]
fn workgroup_multiple_check_follows_call_chain() {
    let src = format!("{SM}enable f16;\nfn helper() {{\n    var m: subgroup_matrix_left<f16, 16, 16>;\n}}\n@compute @workgroup_size(16)\nfn main() {{\n    helper();\n}}\n");
    check_error_with(
        &src,
        &h100(),
        "workgroup size x dimension 16 of entry point 'main' must be a multiple of the maximum subgroup size 32",
        "16",
    );
}

const TYPED: &str = "enable f16;\noverride i: i32 = 1;\noverride h: f16 = 1.0;\noverride f: f32 = 1.0;\noverride flag: bool = true;\n@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n@compute @workgroup_size(1)\nfn main() {\n    if flag {\n        b[0] = f32(i) + f32(h) + f;\n    }\n}\n";

#[test]
fn override_i32_out_of_range() {
    check_error_with(
        TYPED,
        &with_overrides(&[("i", 2147483648.0)]),
        "invalid value for override 'i': 2147483648 is out of range for type 'i32'",
        "override i: i32 = 1;",
    );
}

#[test]
fn override_f16_out_of_range() {
    check_error_with(
        TYPED,
        &with_overrides(&[("h", 70000.0)]),
        "invalid value for override 'h': 70000 cannot be represented as 'f16'",
        "override h: f16 = 1.0;",
    );
}

#[test]
fn override_f32_infinite() {
    check_error_with(
        TYPED,
        &with_overrides(&[("f", f64::INFINITY)]),
        "invalid value for override 'f': inf cannot be represented as 'f32'",
        "override f: f32 = 1.0;",
    );
}

#[test]
fn override_bool_accepts_numbers() {
    check_ok_with(TYPED, &with_overrides(&[("flag", 0.0), ("i", -5.0)]));
}

#[test]
fn override_by_id() {
    let src = "@id(7) override k: u32 = 1;\n@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n@compute @workgroup_size(1)\nfn main() {\n    b[0] = k;\n}\n";
    check_error_with(
        src,
        &with_overrides(&[("7", -1.0)]),
        "invalid value for override 'k': -1 is out of range for type 'u32'",
        "@id(7) override k: u32 = 1;",
    );
}

#[test]
fn override_with_id_not_keyed_by_name() {
    let src = "@id(7) override k: u32 = 1;\n@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n@compute @workgroup_size(1)\nfn main() {\n    b[0] = k;\n}\n";
    check_error_with(
        src,
        &with_overrides(&[("k", 3.0)]),
        "pipeline constant 'k' does not match any override in the module",
        "",
    );
}

/// Override-expressions on concrete integers wrap modulo 2^32 at pipeline
/// creation (spec, "Integer Types"); they are not pipeline-creation errors.
#[test]
fn override_integer_overflow_wraps() {
    let src = "override big: i32;\noverride ubig: u32;\noverride wrapped = big + 1;\noverride product = big * big;\noverride uwrapped = 0u - ubig;\n@compute @workgroup_size(1)\nfn main() {\n    _ = wrapped;\n    _ = product;\n    _ = uwrapped;\n}\n";
    let options = with_overrides(&[("big", 2147483647.0), ("ubig", 4294967295.0)]);
    let parsed = tessera::front::wgsl::parse_str(src).expect("parses");
    let info = tessera::valid::validate(&parsed.module).expect("validates");
    let p = tessera::pipeline::process(&parsed.module, &info, &options).expect("pipeline");
    let value = |i: usize| p.module.constants[p.override_values[i].unwrap()].clone();
    assert_eq!(value(2), ConstValue::Scalar(Literal::I32(i32::MIN)));
    assert_eq!(value(3), ConstValue::Scalar(Literal::I32(1)));
    assert_eq!(value(4), ConstValue::Scalar(Literal::U32(1)));
}

const SHIFTS: &str = "override v: u32 = 1u;\noverride sh: u32 = 0u;\n@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n@compute @workgroup_size(1)\nfn main() {\n    b[0] = v << sh;\n}\n";

/// A left shift of override-expressions that shifts out a 1 bit is a
/// pipeline-creation error (spec, "Bit Shift Expressions").
#[test]
fn override_shift_overflow() {
    check_error_with(
        SHIFTS,
        &with_overrides(&[("v", 4294967295.0), ("sh", 31.0)]),
        "'4294967295 << 31' overflows: bits shifted out of 'u32' must be zero",
        "v << sh",
    );
}

/// A shift amount that is an override-expression at least the bit width is
/// a pipeline-creation error (spec, "Bit Shift Expressions").
#[test]
fn override_shift_amount_too_large() {
    check_error_with(
        SHIFTS,
        &with_overrides(&[("sh", 32.0)]),
        "'1 << 32' is invalid: the shift amount must be less than the bit width of 'u32' (32)",
        "v << sh",
    );
}

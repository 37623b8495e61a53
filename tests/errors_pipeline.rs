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
//! - index {i} is out of bounds for '{}' (valid indices are 0 to {}) -> override_index_array_*, override_index_vector_*,
//!   override_index_matrix_*, override_index_through_pointer_parameter, override_index_negative_fixed_array,
//!   override_sized_array_*
//! - index {i} is out of bounds for a swizzle of {n} components -> override_index_swizzle_view
//! - index {i} is out of bounds for '{}' (an index into a runtime-sized array must not be negative)
//!   -> override_index_runtime_array_negative
//! - index {i} is out of bounds for an array of size {n} (an override-expression base) -> override_index_const_array

#[path = "common/check.rs"]
mod check;

use check::{check_error_with, check_ok_with, first_errors, h100};
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

/// [`check_error_with`] for an error the pipeline step reports (not the
/// resolver or the validator).
#[track_caller]
fn check_pipeline_error(source: &str, options: &PipelineOptions, message: &str, spanned: &str) {
    let stage = first_errors(source, options).map(|(stage, _)| stage);
    assert_eq!(stage, Some("pipeline"), "{source}");
    check_error_with(source, options, message, spanned);
}

/// The bug's shader: a function-scope array indexed by an override.
const INDEX_ARRAY: &str = "override N: u32 = 4;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    var a = array<u32, 4>(1u, 2u, 3u, 4u);\n    out[0] = a[N];\n}\n";

/// An index that is an override-expression and out of range is a
/// pipeline-creation error (spec, "Array Access Expression"): through a
/// memory view (a reference to `a`).
#[test]
fn override_index_array_reference() {
    check_pipeline_error(
        INDEX_ARRAY,
        &with_overrides(&[("N", 6.0)]),
        "index 6 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
        "N",
    );
    // The default (4) is out of range too.
    check_pipeline_error(
        INDEX_ARRAY,
        &PipelineOptions::default(),
        "index 4 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
        "N",
    );
}

#[test]
fn override_index_in_range_compiles() {
    for n in [0.0, 3.0] {
        check_ok_with(INDEX_ARRAY, &with_overrides(&[("N", n)]));
    }
}

/// Written to a reference, and an override-expression made of an
/// override (`N + 1u`): the span is the whole index.
#[test]
fn override_index_array_store() {
    let src = "override N: u32 = 1;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    out[N + 1u] = 1u;\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 3.0)]),
        "index 4 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
        "N + 1u",
    );
    check_ok_with(src, &with_overrides(&[("N", 2.0)]));
}

/// The value form: indexing an array value (a `let`).
#[test]
fn override_index_array_value() {
    let src = "override N: u32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    let a = array<u32, 2>(1u, 2u);\n    out[0] = a[N];\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 2.0)]),
        "index 2 is out of bounds for 'array<u32, 2>' (valid indices are 0 to 1)",
        "N",
    );
    check_ok_with(src, &with_overrides(&[("N", 1.0)]));
}

/// A negative `i32` override-expression is out of range too.
#[test]
fn override_index_negative_fixed_array() {
    let src = "override K: i32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    out[K] = 1u;\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("K", -1.0)]),
        "index -1 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
        "K",
    );
}

/// Spec, "Vector Access Expression": the value form and the reference form.
#[test]
fn override_index_vector_value() {
    let src = "override N: u32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    let v = vec3u(1u, 2u, 3u);\n    out[0] = v[N];\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 3.0)]),
        "index 3 is out of bounds for 'vec3<u32>' (valid indices are 0 to 2)",
        "N",
    );
    check_ok_with(src, &with_overrides(&[("N", 2.0)]));
}

#[test]
fn override_index_vector_reference() {
    let src = "override N: u32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: vec2f;\n@compute @workgroup_size(1) fn main() {\n    out[N] = 1.0;\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 2.0)]),
        "index 2 is out of bounds for 'vec2<f32>' (valid indices are 0 to 1)",
        "N",
    );
    check_ok_with(src, &with_overrides(&[("N", 1.0)]));
}

/// Spec, "Matrix Access Expression": a column index, value and reference.
#[test]
fn override_index_matrix_value() {
    let src = "override N: u32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: vec2f;\n@compute @workgroup_size(1) fn main() {\n    let m = mat3x2f();\n    out = m[N];\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 3.0)]),
        "index 3 is out of bounds for 'mat3x2<f32>' (valid indices are 0 to 2)",
        "N",
    );
    check_ok_with(src, &with_overrides(&[("N", 2.0)]));
}

#[test]
fn override_index_matrix_reference() {
    let src = "override N: u32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: mat2x4f;\n@compute @workgroup_size(1) fn main() {\n    out[N] = vec4f();\n    out[0][N * 2u] = 1.0;\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 2.0)]),
        "index 2 is out of bounds for 'mat2x4<f32>' (valid indices are 0 to 1)",
        "N",
    );
    // The column is in range, the component (N * 2u = 4) is not.
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 2.0)]),
        "index 4 is out of bounds for 'vec4<f32>' (valid indices are 0 to 3)",
        "N * 2u",
    );
    check_ok_with(src, &with_overrides(&[("N", 1.0)]));
}

/// Indexing a swizzle on the left of an assignment (`swizzle_assignment`)
/// indexes the vector the swizzle views.
#[test]
fn override_index_swizzle_view() {
    let src = "override N: u32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: vec4f;\n@compute @workgroup_size(1) fn main() {\n    out.zy[N] = 2.0;\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 2.0)]),
        "index 2 is out of bounds for a swizzle of 2 components (valid indices are 0 to 1)",
        "N",
    );
    check_ok_with(src, &with_overrides(&[("N", 1.0)]));
}

/// Through a pointer parameter, in a function the entry point calls.
#[test]
fn override_index_through_pointer_parameter() {
    let src = "override N: u32 = 0;\nfn element(p: ptr<function, array<u32, 4>>) -> u32 {\n    return p[N];\n}\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    var a: array<u32, 4>;\n    out[0] = element(&a);\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 4.0)]),
        "index 4 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
        "N",
    );
}

/// Indexing a const-expression array with an override is an
/// override-expression, which fails to evaluate.
#[test]
fn override_index_const_array() {
    let src = "override N: u32 = 0;\nconst A = array(1u, 2u, 3u, 4u);\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    out[0] = A[N];\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 6.0)]),
        "index 6 is out of bounds for an array of size 4",
        "A[N]",
    );
}

/// The element count of an override-sized array is known at pipeline
/// creation: an index out of its range is a pipeline-creation error,
/// whether the index is an override-expression or a const-expression.
#[test]
fn override_sized_array_override_index() {
    let src = "override N: u32 = 4;\noverride M: u32 = 0;\nvar<workgroup> w: array<u32, N>;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    out[0] = w[M];\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 2.0), ("M", 2.0)]),
        "index 2 is out of bounds for 'array<u32, N>' (valid indices are 0 to 1)",
        "M",
    );
    check_ok_with(src, &with_overrides(&[("N", 3.0), ("M", 2.0)]));
}

#[test]
fn override_sized_array_const_index() {
    let src = "override N: u32 = 4;\nvar<workgroup> w: array<u32, N>;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    out[0] = w[3];\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("N", 2.0)]),
        "index 3 is out of bounds for 'array<u32, N>' (valid indices are 0 to 1)",
        "w[3]",
    );
    check_ok_with(src, &PipelineOptions::default());
}

/// A runtime-sized array's count is unknown: only a negative
/// override-expression index is a pipeline-creation error.
#[test]
fn override_index_runtime_array_negative() {
    let src = "override K: i32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n@compute @workgroup_size(1) fn main() {\n    out[K] = 1u;\n}\n";
    check_pipeline_error(
        src,
        &with_overrides(&[("K", -1.0)]),
        "index -1 is out of bounds for 'array<u32>' (an index into a runtime-sized array must not be negative)",
        "K",
    );
    check_ok_with(src, &with_overrides(&[("K", 1000000.0)]));
}

/// A `let` bound to an override-expression is a runtime value, not an
/// override-expression: indexing with it is no pipeline-creation error
/// (it is clamped like any runtime index), as in Tint.
#[test]
fn override_index_through_let_is_runtime() {
    let src = "override N: u32 = 4;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    var a = array<u32, 4>(1u, 2u, 3u, 4u);\n    let k = N;\n    out[0] = a[k];\n}\n";
    check_ok_with(src, &with_overrides(&[("N", 6.0)]));
    // A `let` of a const-expression into an override-sized array, too.
    let src = "override N: u32 = 4;\nvar<workgroup> w: array<u32, N>;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    let k = 3u;\n    out[0] = w[k];\n}\n";
    check_ok_with(src, &with_overrides(&[("N", 2.0)]));
}

/// Only the chosen entry points' functions are checked.
#[test]
fn override_index_in_unused_entry_point() {
    let src = "override N: u32 = 0;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\nfn helper() {\n    out[N] = 1u;\n}\n@compute @workgroup_size(1) fn uses() {\n    helper();\n}\n@compute @workgroup_size(1) fn other() {\n    out[0] = 1u;\n}\n";
    let mut options = with_overrides(&[("N", 4.0)]);
    options.entry_point = Some("other".into());
    check_ok_with(src, &options);
    options.entry_point = Some("uses".into());
    check_pipeline_error(
        src,
        &options,
        "index 4 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
        "N",
    );
}

/// With specialization constants, an override without a value is unknown
/// until the pipeline is specialised: no error. One given a value is
/// checked as without them.
#[test]
fn override_index_spec_constant_unchecked() {
    let options = PipelineOptions {
        spec_constants: true,
        ..PipelineOptions::default()
    };
    check_ok_with(INDEX_ARRAY, &options);
    let src = "override N: u32 = 4;\nvar<workgroup> w: array<u32, N>;\n@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;\n@compute @workgroup_size(1) fn main() {\n    out[0] = w[7];\n}\n";
    check_ok_with(src, &options);
    let mut given = options.clone();
    given.overrides.insert("N".into(), 6.0);
    check_pipeline_error(
        INDEX_ARRAY,
        &given,
        "index 6 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
        "N",
    );
}

/// A const-expression index out of range is a shader-creation error (the
/// resolver's), for arrays, vectors and matrices, values and references.
#[test]
fn const_index_out_of_range_is_shader_creation_error() {
    let cases = [
        (
            "var a: array<u32, 4>;\n    _ = a[4];",
            "index 4 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
            "4",
        ),
        (
            "let a = array<u32, 4>();\n    _ = a[5];",
            "index 5 is out of bounds for 'array<u32, 4>' (valid indices are 0 to 3)",
            "5",
        ),
        (
            "var v: vec3u;\n    v[3] = 1u;",
            "index 3 is out of bounds for 'vec3<u32>' (valid indices are 0 to 2)",
            "3",
        ),
        (
            "let v = vec2f();\n    _ = v[2];",
            "index 2 is out of bounds for 'vec2<f32>' (valid indices are 0 to 1)",
            "2",
        ),
        (
            "var m: mat2x3f;\n    _ = m[2];",
            "index 2 is out of bounds for 'mat2x3<f32>' (valid indices are 0 to 1)",
            "2",
        ),
        (
            "let m = mat4x2f();\n    _ = m[4];",
            "index 4 is out of bounds for 'mat4x2<f32>' (valid indices are 0 to 3)",
            "4",
        ),
    ];
    for (body, message, spanned) in cases {
        let src = format!("@compute @workgroup_size(1) fn main() {{\n    {body}\n}}\n");
        let stage = first_errors(&src, &PipelineOptions::default()).map(|(stage, _)| stage);
        assert_eq!(stage, Some("parse/resolve"), "{src}");
        check_error_with(&src, &PipelineOptions::default(), message, spanned);
    }
}

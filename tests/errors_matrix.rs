//! Negative tests for the subgroup-matrix errors of the resolver, the
//! builtin matcher, the validator and the pipeline step: each source must
//! fail with a given message and a primary span covering exactly the given
//! text.
//!
//! Checklist (message pattern -> test):
//! - subgroup_matrix element type must be f32, f16, i32, u32, i8, u8 or bf16 -> component_type_bool
//! - '{}' can only be used as a subgroup matrix component type -> i8_outside_matrix
//! - subgroup matrix {what} count must be a constant positive integer -> dims_zero, dims_runtime_let
//! - '{}' type used without 'chromium_experimental_subgroup_matrix' ... -> i8_without_extension
//! - storage/workgroup/private/uniform matrix variables -> matrix_in_{storage,workgroup,private}
//! - const initializer requires a const-expression, but subgroup matrix ... -> module_const_matrix
//! - subgroup matrix values are runtime-expressions and cannot be used ... -> function_const_matrix
//! - {} cannot be used as the type of a 'override' -> override_of_matrix_type
//! - subgroup matrices cannot be indexed -> indexing_matrix
//! - operator {} cannot be applied to subgroup matrices -> add_matrices, negate_matrix
//! - '{}' cannot be used to construct a subgroup matrix of '{}' -> construct_from_bool
//! - subgroup_matrix constructor can only have zero or one elements -> construct_two_args
//! - '{name}' requires a pointer in the 'storage' or 'workgroup' ... -> load_from_private
//! - '{name}' requires a pointer with write access -> store_to_read_only
//! - '{name}' requires a pointer to an array -> load_from_non_array
//! - '{name}' requires an array of f32, f16, i32 or u32 ... -> load_from_struct_array
//! - '{name}' with a 'col_major' argument requires an array of ... -> proposal_load_wrong_element
//! - the 'col_major' argument of '{}' must be a bool -> col_major_not_bool
//! - the 'col_major' argument of '{}' must be a const-expression -> col_major_not_const
//! - the {what} argument of '{}' must be i32 or u32 -> offset_not_integer
//! - no matching call to 'subgroupMatrixLoad(...)' (wrong arity) -> proposal_load_arg_count
//! - this form of 'subgroupMatrixLoad' takes {n} arguments -> (unreachable: the matcher rejects the arity first)
//! - no matching call to 'subgroupMatrixStore(...)' (wrong arity) -> proposal_store_arg_count
//! - the value argument of 'subgroupMatrixStore' must be a subgroup matrix -> store_value_not_matrix
//! - the stride argument of {what} must be non-negative -> negative_stride_{proposal,templated}
//! - the offset argument of {what} must be non-negative -> negative_offset
//! - the stride argument ({s}, {} bytes) of {what} must be at least ... -> stride_below_minimum
//! - the pointer operand of {what} is too small -> fixed_array_overrun
//! - the {which} argument of {what} ({v}) must be a multiple of 4 ... -> u8_offset_not_multiple_of_4
//! - the left and right operands of '{name}' must have the same component type -> multiply_component_mismatch
//! - the left matrix's column count ... must equal the right matrix's row count -> multiply_shape_mismatch
//! - the accumulator of '{name}' must have ... -> mma_accumulator_shape
//! - '{name}' requires one template argument, the result component type -> multiply_without_template
//! - the result type '{}' of '{name}' must have ... -> multiply_result_type_shape
//! - the template argument of '{name}' must be a component type or ... -> multiply_template_bool
//! - '{name}' cannot produce a result of '{}' from operands of '{}' -> multiply_f32_to_i32
//! - the template argument of '{name}' ('{}') does not match the accumulator -> mma_template_mismatch
//! - the first argument of '{}' must be a subgroup matrix -> scalar_op_not_matrix
//! - the scalar argument of '{}' must be '{}' for a matrix of '{}' -> scalar_op_wrong_scalar
//! - @builtin(subgroup_id) without an extension -> subgroup_id_without_extensions
//! - subgroup matrix type cannot be used in the {stage} pipeline stage -> (unreachable from WGSL:
//!   render stages are rejected first; covered by the validator's unit tests)
//! - 'subgroupMatrixLoad' requires template arguments <T, ...> or <T> -> load_three_template_args
//! - 'subgroupMatrixStore' takes one template argument ... -> store_two_template_args
//! - wrong number of arguments / invalid call / invalid matrix operand / pointer operand must be a
//!   pointer or point to an array (resolve/subgroup_matrix.rs) -> defensive, unreachable from WGSL:
//!   the builtin matcher rejects these calls first (see proposal_load_arg_count)
//! - subgroup matrix types cannot be declared in the '{space}' address space -> matrix_in_storage,
//!   matrix_in_workgroup, matrix_in_storage_struct
//! - operator == cannot be applied to subgroup matrices -> compare_matrices
//! - the pointer operand ... is too small (fixed array) -> fixed_array_overrun(_by_offset)
//! - the {which} argument ... multiple of 4 (8-bit) -> u8_offset_not_multiple_of_4, i8_stride_not_multiple_of_4,
//!   u8_store_offset_not_multiple_of_4

#[path = "common/check.rs"]
mod check;

use check::{check_error, check_error_with, check_ok_with, h100};

/// Prefixes the subgroup-matrix `enable` directive.
macro_rules! sm {
    ($s:expr) => {
        concat!("enable chromium_experimental_subgroup_matrix;\n", $s)
    };
}

/// A storage buffer `b` of `array<f32>` and a compute entry point around `$body`.
macro_rules! body {
    ($s:expr) => {
        sm!(concat!(
            "@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n",
            "@compute @workgroup_size(64)\nfn main() {\n",
            $s,
            "\n}\n"
        ))
    };
}

#[test]
fn component_type_bool() {
    check_error(
        sm!("var<private> m: array<subgroup_matrix_left<bool, 8, 8>, 1>;\n"),
        "element type must be f32, f16, i32, u32, i8, u8 or bf16",
        "bool",
    );
}

#[test]
fn i8_outside_matrix() {
    check_error(
        sm!("fn f() {\n    var x: i8;\n}\n"),
        "'i8' can only be used as a subgroup matrix component type",
        "i8",
    );
}

#[test]
fn i8_without_extension() {
    check_error(
        "fn f() {\n    var x: u8;\n}\n",
        "chromium_experimental_subgroup_matrix",
        "u8",
    );
}

#[test]
fn dims_zero() {
    check_error(
        body!("    var m: subgroup_matrix_left<f32, 0, 8>;"),
        "count must be a constant positive integer",
        "0",
    );
}

#[test]
fn dims_runtime_let() {
    check_error(
        body!("    let n = 8u;\n    var m: subgroup_matrix_left<f32, n, 8>;"),
        "'n' cannot be used in an override-expression",
        "n",
    );
}

#[test]
fn matrix_in_storage() {
    check_error(
        sm!("@group(0) @binding(0) var<storage, read_write> m: subgroup_matrix_left<f32, 8, 8>;\n"),
        "subgroup matrix types cannot be declared in the 'storage' address space",
        "subgroup_matrix_left<f32, 8, 8>",
    );
}

#[test]
fn matrix_in_workgroup() {
    check_error(
        sm!("var<workgroup> m: subgroup_matrix_left<f32, 8, 8>;\n"),
        "subgroup matrix types cannot be declared in the 'workgroup' address space",
        "subgroup_matrix_left<f32, 8, 8>",
    );
}

#[test]
fn module_const_matrix() {
    check_error(
        sm!("const c = subgroup_matrix_left<f32, 8, 8>();\n"),
        "subgroup matrix values are runtime-expressions",
        "subgroup_matrix_left<f32, 8, 8>()",
    );
}

#[test]
fn function_const_matrix() {
    check_error(
        body!("    const c = subgroup_matrix_left<f32, 8, 8>();"),
        "subgroup matrix values are runtime-expressions",
        "subgroup_matrix_left<f32, 8, 8>()",
    );
}

#[test]
fn override_of_matrix_type() {
    check_error(
        sm!("override o: subgroup_matrix_left<f32, 8, 8>;\n"),
        "cannot be used as the type of an 'override'",
        "subgroup_matrix_left<f32, 8, 8>",
    );
}

#[test]
fn indexing_matrix() {
    check_error(
        body!("    var m: subgroup_matrix_left<f32, 8, 8>;\n    b[0] = m[0];"),
        "subgroup matrices cannot be indexed",
        "m[0]",
    );
}

#[test]
fn add_matrices() {
    check_error(
        body!("    var m: subgroup_matrix_result<f32, 8, 8>;\n    m = m + m;"),
        "operator + cannot be applied to subgroup matrices",
        "m + m",
    );
}

#[test]
fn negate_matrix() {
    check_error(
        body!("    var m: subgroup_matrix_result<f32, 8, 8>;\n    m = -m;"),
        "operator - cannot be applied to subgroup matrices; element-wise negation needs 'enable tessera_experimental_subgroup_matrix;'",
        "-m",
    );
}

#[test]
fn construct_from_bool() {
    check_error(
        body!("    let m = subgroup_matrix_left<f32, 8, 8>(true);"),
        "'bool' cannot be used to construct a subgroup matrix of 'f32'",
        "true",
    );
}

#[test]
fn construct_two_args() {
    check_error(
        body!("    let m = subgroup_matrix_left<f32, 8, 8>(1.0, 2.0);"),
        "zero or one elements",
        "subgroup_matrix_left<f32, 8, 8>(1.0, 2.0)",
    );
}

#[test]
fn load_from_private() {
    check_error(
        sm!("var<private> a: array<f32, 64>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, 0, false, 8);\n}\n"),
        "in the 'storage' or 'workgroup' address space",
        "&a",
    );
}

#[test]
fn store_to_read_only() {
    check_error(
        sm!("@group(0) @binding(0) var<storage, read> a: array<f32>;\n@compute @workgroup_size(64)\nfn main() {\n    subgroupMatrixStore(&a, 0, subgroup_matrix_left<f32, 8, 8>(), false, 8);\n}\n"),
        "requires a pointer with write access",
        "&a",
    );
}

#[test]
fn load_from_non_array() {
    check_error(
        sm!("@group(0) @binding(0) var<storage, read_write> a: f32;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, 0, false, 8);\n}\n"),
        "requires a pointer to an array",
        "&a",
    );
}

#[test]
fn load_from_struct_array() {
    check_error(
        sm!("struct S { x: f32 }\n@group(0) @binding(0) var<storage, read_write> a: array<S>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&a, 0u, 8u);\n}\n"),
        "requires an array of f32, f16, i32 or u32 scalars or vectors",
        "&a",
    );
}

#[test]
fn proposal_load_wrong_element() {
    check_error(
        sm!("@group(0) @binding(0) var<storage, read_write> a: array<i32>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, 0, false, 8);\n}\n"),
        "with a 'col_major' argument requires an array of 'f32'",
        "&a",
    );
}

#[test]
fn col_major_not_bool() {
    check_error(
        body!("    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&b, 0, 1, 8);"),
        "the 'col_major' argument of 'subgroupMatrixLoad' must be a bool",
        "1",
    );
}

#[test]
fn col_major_not_const() {
    check_error(
        body!("    let c = b[0] > 0.0;\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&b, 0, c, 8);"),
        "the 'col_major' argument of 'subgroupMatrixLoad' must be a const-expression",
        "c",
    );
}

#[test]
fn offset_not_integer() {
    check_error(
        body!(
            "    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&b, 0.5, false, 8);"
        ),
        "the offset argument of 'subgroupMatrixLoad' must be i32 or u32",
        "0.5",
    );
}

#[test]
fn proposal_load_arg_count() {
    check_error(
        body!("    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&b, 0, false);"),
        "no matching call to 'subgroupMatrixLoad(ptr<storage, array<f32>, read_write>, abstract-int, bool)'",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&b, 0, false)",
    );
}

#[test]
fn proposal_store_arg_count() {
    check_error(
        body!("    subgroupMatrixStore(&b, 0, subgroup_matrix_left<f32, 8, 8>(), false);"),
        "no matching call to 'subgroupMatrixStore(ptr<storage, array<f32>, read_write>, abstract-int, subgroup_matrix_left<f32, 8, 8>, bool)'",
        "subgroupMatrixStore(&b, 0, subgroup_matrix_left<f32, 8, 8>(), false)",
    );
}

#[test]
fn store_value_not_matrix() {
    check_error(
        body!("    subgroupMatrixStore(&b, 0, 1.0, false, 8);"),
        "the value argument of 'subgroupMatrixStore' must be a subgroup matrix",
        "1.0",
    );
}

#[test]
fn negative_stride_proposal() {
    check_error(
        body!("    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&b, 0, -8);"),
        "must be non-negative, found -8",
        "-8",
    );
}

#[test]
fn negative_offset() {
    check_error(
        body!("    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&b, -1, 8);"),
        "the offset argument of subgroupMatrixLoad must be non-negative, found -1",
        "-1",
    );
}

#[test]
fn stride_below_minimum() {
    check_error(
        body!("    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&b, 0, false, 4);"),
        "must be at least the minimum stride",
        "4",
    );
}

#[test]
fn fixed_array_overrun() {
    check_error(
        sm!("var<workgroup> a: array<f32, 32>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, 0, false, 8);\n}\n"),
        "is too small (128 bytes) for the matrix access (256 bytes)",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, 0, false, 8)",
    );
}

#[test]
fn fixed_array_overrun_by_offset() {
    check_error(
        sm!("var<workgroup> a: array<f32, 64>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, 1, false, 8);\n}\n"),
        "is too small (256 bytes) for the matrix access (260 bytes)",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, 1, false, 8)",
    );
}

#[test]
fn u8_offset_not_multiple_of_4() {
    check_error(
        sm!("@group(0) @binding(0) var<storage, read_write> a: array<u32>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<u8, 32, 16>>(&a, 2, false, 32);\n}\n"),
        "must be a multiple of 4",
        "2",
    );
}

#[test]
fn multiply_component_mismatch() {
    check_error(
        sm!("enable f16;\n@compute @workgroup_size(64)\nfn main() {\n    let r = subgroupMatrixMultiply<f32>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f16, 8, 8>());\n}\n"),
        "must have the same component type, found 'f32' and 'f16'",
        "subgroup_matrix_right<f16, 8, 8>()",
    );
}

#[test]
fn multiply_shape_mismatch() {
    check_error(
        body!("    let r = subgroupMatrixMultiply<f32>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 4>());"),
        "column count (8) must equal the right matrix's row count (4)",
        "subgroup_matrix_right<f32, 8, 4>()",
    );
}

#[test]
fn mma_accumulator_shape() {
    check_error(
        body!("    let r = subgroupMatrixMultiplyAccumulate(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>(), subgroup_matrix_result<f32, 8, 4>());"),
        "the accumulator of 'subgroupMatrixMultiplyAccumulate' must have 8 columns and 8 rows",
        "subgroup_matrix_result<f32, 8, 4>()",
    );
}

#[test]
fn multiply_without_template() {
    check_error(
        body!("    let r = subgroupMatrixMultiply(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>());"),
        "requires one template argument, the result component type",
        "subgroupMatrixMultiply(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>())",
    );
}

#[test]
fn multiply_result_type_shape() {
    check_error(
        body!("    let r = subgroupMatrixMultiply<subgroup_matrix_result<f32, 4, 8>>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>());"),
        "the result type 'subgroup_matrix_result<f32, 4, 8>' of 'subgroupMatrixMultiply' must have 8 columns and 8 rows",
        "subgroupMatrixMultiply<subgroup_matrix_result<f32, 4, 8>>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>())",
    );
}

#[test]
fn multiply_template_bool() {
    check_error(
        body!("    let r = subgroupMatrixMultiply<bool>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>());"),
        "'subgroupMatrixMultiply' cannot produce a result of 'bool' from operands of 'f32'",
        "subgroupMatrixMultiply<bool>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>())",
    );
}

#[test]
fn multiply_template_left_matrix() {
    check_error(
        body!("    let r = subgroupMatrixMultiply<subgroup_matrix_left<f32, 8, 8>>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>());"),
        "must be a component type or a 'subgroup_matrix_result' type, found 'subgroup_matrix_left<f32, 8, 8>'",
        "subgroupMatrixMultiply<subgroup_matrix_left<f32, 8, 8>>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>())",
    );
}

#[test]
fn multiply_f32_to_i32() {
    check_error(
        body!("    let r = subgroupMatrixMultiply<i32>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>());"),
        "cannot produce a result of 'i32' from operands of 'f32'",
        "subgroupMatrixMultiply<i32>(subgroup_matrix_left<f32, 8, 8>(), subgroup_matrix_right<f32, 8, 8>())",
    );
}

#[test]
fn mma_template_mismatch() {
    check_error(
        sm!("enable f16;\n@compute @workgroup_size(64)\nfn main() {\n    let r = subgroupMatrixMultiplyAccumulate<f16>(subgroup_matrix_left<f16, 8, 8>(), subgroup_matrix_right<f16, 8, 8>(), subgroup_matrix_result<f32, 8, 8>());\n}\n"),
        "the template argument of 'subgroupMatrixMultiplyAccumulate' ('f16') does not match the accumulator type 'subgroup_matrix_result<f32, 8, 8>'",
        "subgroupMatrixMultiplyAccumulate<f16>(subgroup_matrix_left<f16, 8, 8>(), subgroup_matrix_right<f16, 8, 8>(), subgroup_matrix_result<f32, 8, 8>())",
    );
}

#[test]
fn scalar_op_not_matrix() {
    check_error(
        body!("    let r = subgroupMatrixScalarAdd(1.0, 2.0);"),
        "the first argument of 'subgroupMatrixScalarAdd' must be a subgroup matrix",
        "1.0",
    );
}

#[test]
fn scalar_op_wrong_scalar() {
    check_error(
        body!("    let r = subgroupMatrixScalarMultiply(subgroup_matrix_result<f32, 8, 8>(), 2i);"),
        "the scalar argument of 'subgroupMatrixScalarMultiply' must be 'f32'",
        "2i",
    );
}

#[test]
fn subgroup_id_without_extensions() {
    check_error(
        "@compute @workgroup_size(64)\nfn main(@builtin(subgroup_id) s: u32) {\n}\n",
        "subgroup",
        "subgroup_id",
    );
}

#[test]
fn subgroup_id_with_matrix_extension_is_accepted() {
    check_ok_with(
        sm!("@compute @workgroup_size(64)\nfn main(@builtin(subgroup_id) s: u32) {\n}\n"),
        &Default::default(),
    );
}

/// A kernel using a 16x16x16 f16 -> f32 multiply-accumulate, with a
/// configurable workgroup size.
fn h100_kernel(wg: &str, ty: &str, m: u32, n: u32, k: u32) -> String {
    format!(
        "enable f16;\nenable chromium_experimental_subgroup_matrix;\n\
         @group(0) @binding(0) var<storage, read_write> a: array<{ty}>;\n\
         @group(0) @binding(1) var<storage, read_write> o: array<f32>;\n\
         @compute @workgroup_size({wg})\nfn main() {{\n\
         \x20   let l = subgroupMatrixLoad<subgroup_matrix_left<{ty}, {k}, {m}>>(&a, 0, false, 64);\n\
         \x20   let r = subgroupMatrixLoad<subgroup_matrix_right<{ty}, {n}, {k}>>(&a, 0, false, 64);\n\
         \x20   let c = subgroupMatrixMultiply<f32>(l, r);\n\
         \x20   subgroupMatrixStore(&o, 0, c, false, 64);\n}}\n"
    )
}

#[test]
fn h100_kernel_is_accepted() {
    check_ok_with(&h100_kernel("64", "f16", 16, 16, 16), &h100());
}

#[test]
fn pipeline_config_mismatch_shape() {
    let src = h100_kernel("64", "f16", 8, 8, 8);
    check_error_with(
        &src,
        &h100(),
        "subgroup matrix type 'subgroup_matrix_left<f16, 8, 8>' (M=8, K=8, component type f16) is not supported by the device",
        "subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>>(&a, 0, false, 64)",
    );
}

#[test]
fn pipeline_config_mismatch_type() {
    let src = h100_kernel("64", "f32", 16, 16, 16);
    check_error_with(
        &src,
        &h100(),
        "subgroup matrix multiply of 'subgroup_matrix_left<f32, 16, 16>' by 'subgroup_matrix_right<f32, 16, 16>' giving 'subgroup_matrix_result<f32, 16, 16>' (M=16, N=16, K=16, f32 -> f32) does not match any configuration",
        "subgroupMatrixMultiply<f32>(l, r)",
    );
}

#[test]
fn pipeline_workgroup_size_multiple() {
    let src = h100_kernel("48", "f16", 16, 16, 16);
    check_error_with(
        &src,
        &h100(),
        "must be a multiple of the maximum subgroup size 32",
        "48",
    );
}

#[test]
fn pipeline_override_matrix_dim_zero() {
    let src = sm!("override N: u32 = 8;\n@compute @workgroup_size(64)\nfn main() {\n    var m: subgroup_matrix_left<f32, N, 8>;\n}\n");
    let mut options = tessera::pipeline::PipelineOptions::default();
    options.overrides.insert("N".into(), 0.0);
    check_error_with(
        src,
        &options,
        "must be greater than 0, but is 0",
        "var m: subgroup_matrix_left<f32, N, 8>",
    );
}

#[test]
fn i8_stride_not_multiple_of_4() {
    check_error(
        sm!("@group(0) @binding(0) var<storage, read_write> a: array<i32>;\n@compute @workgroup_size(64)\nfn main() {\n    let m = subgroupMatrixLoad<subgroup_matrix_left<i8, 32, 16>>(&a, 0, false, 34);\n}\n"),
        "must be a multiple of 4",
        "34",
    );
}

#[test]
fn u8_store_offset_not_multiple_of_4() {
    check_error(
        sm!("@group(0) @binding(0) var<storage, read_write> a: array<u32>;\n@compute @workgroup_size(64)\nfn main() {\n    subgroupMatrixStore(&a, 6, subgroup_matrix_result<u8, 16, 16>(), false, 16);\n}\n"),
        "must be a multiple of 4",
        "6",
    );
}

#[test]
fn construct_f32_matrix_from_i32() {
    check_error(
        body!("    let m = subgroup_matrix_left<f32, 8, 8>(1i);"),
        "'i32' cannot be used to construct a subgroup matrix of 'f32'",
        "1i",
    );
}

#[test]
fn store_of_matrix_from_wrong_array() {
    check_error(
        sm!("@group(0) @binding(0) var<storage, read_write> a: array<u32>;\n@compute @workgroup_size(64)\nfn main() {\n    subgroupMatrixStore(&a, 0, subgroup_matrix_result<f32, 8, 8>(), false, 8);\n}\n"),
        "with a 'col_major' argument requires an array of 'f32'",
        "&a",
    );
}

#[test]
fn compare_matrices() {
    check_error(
        body!("    let l = subgroup_matrix_left<f32, 8, 8>();\n    let e = l == l;"),
        "operator == cannot be applied to subgroup matrices",
        "l == l",
    );
}

#[test]
fn matrix_in_storage_struct() {
    check_error(
        sm!("struct S { m: subgroup_matrix_left<f32, 8, 8> }\n@group(0) @binding(0) var<storage> s: S;\n"),
        "subgroup matrix types cannot be declared in the 'storage' address space",
        "S",
    );
}

#[test]
fn load_three_template_args() {
    check_error(
        body!("    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major, col_major>(&b, 0u, 8u);"),
        "'subgroupMatrixLoad' requires template arguments <T, row_major|col_major> or <T>",
        "subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major, col_major>(&b, 0u, 8u)",
    );
}

#[test]
fn store_two_template_args() {
    check_error(
        body!("    subgroupMatrixStore<row_major, col_major>(&b, 0u, subgroup_matrix_left<f32, 8, 8>(), 8u);"),
        "'subgroupMatrixStore' takes one template argument, row_major or col_major, or none",
        "subgroupMatrixStore<row_major, col_major>(&b, 0u, subgroup_matrix_left<f32, 8, 8>(), 8u)",
    );
}

#[test]
fn templated_load_accepted() {
    check_ok_with(
        body!("    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, col_major>(&b, 0u, 8u);\n    subgroupMatrixStore<col_major>(&b, 64u, m, 8u);"),
        &Default::default(),
    );
}

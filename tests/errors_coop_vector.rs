//! Negative tests for cooperative vectors (`enable
//! tessera_experimental_cooperative_vector;`, docs/cooperative-vectors.md):
//! every error of the type, its construction, operators, builtins and
//! products, with its message and the exact text its primary span covers.

#[path = "common/check.rs"]
mod check;

use check::check_error;

/// The enable, buffers `w` (f32, read), `h` (f16, read), `o` (f32,
/// read_write), and a compute entry point around the body.
macro_rules! body {
    ($s:expr) => {
        concat!(
            "enable f16;\nenable tessera_experimental_cooperative_vector;\n",
            "@group(0) @binding(0) var<storage, read> w: array<f32>;\n",
            "@group(0) @binding(1) var<storage, read> h: array<f16>;\n",
            "@group(0) @binding(2) var<storage, read_write> o: array<f32>;\n",
            "var<workgroup> wg: array<f32, 64>;\n",
            "@compute @workgroup_size(64)\nfn main() {\n",
            $s,
            "\n}\n"
        )
    };
}

/// The enable and module-scope declarations.
macro_rules! module {
    ($s:expr) => {
        concat!(
            "enable f16;\nenable tessera_experimental_cooperative_vector;\n",
            $s
        )
    };
}

#[test]
fn without_enable() {
    check_error(
        "fn f() {\n    var v: coop_vec<f32, 4>;\n}\n",
        "use of 'coop_vec' requires enabling extension 'tessera_experimental_cooperative_vector'",
        "coop_vec<f32, 4>",
    );
}

#[test]
fn unknown_enable_suggests() {
    check_error(
        "enable tessera_experimental_cooperative_vectors;\n",
        "unknown extension 'tessera_experimental_cooperative_vectors'",
        "tessera_experimental_cooperative_vectors",
    );
}

#[test]
fn component_type_bool() {
    check_error(
        body!("    var v: coop_vec<bool, 4>;"),
        "the component type of 'coop_vec' must be 'f32', 'f16', 'i32' or 'u32', found 'bool'",
        "bool",
    );
}

#[test]
fn count_zero() {
    check_error(
        body!("    var v: coop_vec<f32, 0>;"),
        "the component count of 'coop_vec' must be a const-expression from 1 to 1024",
        "0",
    );
}

#[test]
fn count_too_large() {
    check_error(
        body!("    var v: coop_vec<f32, 1025>;"),
        "the component count of 'coop_vec' must be a const-expression from 1 to 1024",
        "1025",
    );
}

#[test]
fn count_override() {
    check_error(
        module!("override n = 4u;\nfn f() {\n    var v: coop_vec<f32, n>;\n}\n"),
        "override 'n' cannot be used in a const-expression",
        "n",
    );
}

#[test]
fn array_element() {
    check_error(
        module!("var<private> a: array<coop_vec<f32, 4>, 2>;\n"),
        "a cooperative vector cannot be used as an element type of an array",
        "coop_vec<f32, 4>",
    );
}

#[test]
fn struct_member() {
    check_error(
        module!("struct S {\n    v: coop_vec<f32, 4>,\n}\n"),
        "a cooperative vector cannot be used as a struct member type",
        "coop_vec<f32, 4>",
    );
}

#[test]
fn workgroup_variable() {
    check_error(
        module!("var<workgroup> v: coop_vec<f32, 4>;\n@compute @workgroup_size(1)\nfn main() {\n    _ = v[0];\n}\n"),
        "cooperative vector type 'coop_vec<f32, 4>' cannot be used in the 'workgroup' address space",
        "var<workgroup> v: coop_vec<f32, 4>",
    );
}

#[test]
fn storage_variable() {
    check_error(
        module!("@group(0) @binding(0) var<storage> v: coop_vec<f32, 4>;\n"),
        "cannot be used in the 'storage' address space",
        "@group(0) @binding(0) var<storage> v: coop_vec<f32, 4>",
    );
}

#[test]
fn workgroup_pointer_parameter() {
    check_error(
        module!("fn f(p: ptr<workgroup, coop_vec<f32, 4>>) {}\n"),
        "cooperative vector type 'coop_vec<f32, 4>' cannot be used in the 'workgroup' address space",
        "fn f(p: ptr<workgroup, coop_vec<f32, 4>>) {}",
    );
}

#[test]
fn const_value() {
    check_error(
        module!("const c = coop_vec<f32, 4>();\n"),
        "cooperative vector values are runtime-expressions",
        "coop_vec<f32, 4>()",
    );
}

#[test]
fn construct_two_values() {
    check_error(
        body!("    let v = coop_vec<f32, 4>(1.0, 2.0);"),
        "'coop_vec<f32, 4>' takes no argument, a 'f32', an 'array<f32, 4>' or 4 values, found 2 arguments",
        "coop_vec<f32, 4>(1.0, 2.0)",
    );
}

#[test]
fn construct_from_wrong_array() {
    check_error(
        body!("    let v = coop_vec<f32, 4>(array(1.0, 2.0));"),
        "'coop_vec<f32, 4>' takes no argument, a 'f32', an 'array<f32, 4>' or 4 values, found 'array<abstract-float, 2>'",
        "array(1.0, 2.0)",
    );
}

#[test]
fn construct_from_bool() {
    check_error(
        body!("    let v = coop_vec<f32, 4>(true);"),
        "found 'bool'",
        "true",
    );
}

#[test]
fn constant_index_out_of_range() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    o[0] = v[4];"),
        "index 4 is out of bounds for 'coop_vec<f32, 4>' (valid indices are 0 to 3)",
        "4",
    );
}

#[test]
fn add_different_types() {
    check_error(
        body!("    let a = coop_vec<f32, 4>();\n    let b = coop_vec<f32, 8>();\n    let c = a + b;"),
        "operator + needs two cooperative vectors of one type, found 'coop_vec<f32, 4>' and 'coop_vec<f32, 8>'",
        "a + b",
    );
}

#[test]
fn add_scalar() {
    check_error(
        body!("    let a = coop_vec<f32, 4>();\n    let c = a + 1.0;"),
        "no matching overload for operator + (coop_vec<f32, 4>, abstract-float): a cooperative vector takes another of its type, or a scalar with '*'",
        "a + 1.0",
    );
}

#[test]
fn multiply_wrong_scalar() {
    check_error(
        body!("    let a = coop_vec<f16, 4>();\n    let c = a * 2.0f;"),
        "a cooperative vector 'coop_vec<f16, 4>' can be multiplied by a 'f16' only, found 'f32'",
        "a * 2.0f",
    );
}

#[test]
fn modulo() {
    check_error(
        body!("    let a = coop_vec<f32, 4>();\n    let c = a % a;"),
        "operator % cannot be applied to cooperative vectors",
        "a % a",
    );
}

#[test]
fn not() {
    check_error(
        body!("    let a = coop_vec<f32, 4>();\n    let c = !a;"),
        "operator ! cannot be applied to cooperative vectors",
        "!a",
    );
}

#[test]
fn math_not_elementwise() {
    check_error(
        body!("    let a = coop_vec<f32, 4>();\n    let c = sin(a);"),
        "'sin' cannot be applied to cooperative vectors (element-wise: max, min, clamp, exp, tanh)",
        "sin(a)",
    );
}

#[test]
fn math_scalar_argument() {
    check_error(
        body!("    let a = coop_vec<f32, 4>();\n    let c = max(a, 0.0);"),
        "the arguments of 'max' must be cooperative vectors of one type, found 'abstract-float'",
        "0.0",
    );
}

#[test]
fn math_arity() {
    check_error(
        body!("    let a = coop_vec<f32, 4>();\n    let c = clamp(a, a);"),
        "'clamp' takes 3 arguments, found 2",
        "clamp(a, a)",
    );
}

#[test]
fn mat_mul_without_template() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMul(v, &w, 0u, false, 4u);"),
        "'coopVecMatMul' requires one template argument, the result type 'coop_vec<R, M>'",
        "coopVecMatMul(v, &w, 0u, false, 4u)",
    );
}

#[test]
fn mat_mul_template_not_vector() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMul<f32>(v, &w, 0u, false, 4u);"),
        "the template argument of 'coopVecMatMul' must be a 'coop_vec' type, found 'f32'",
        "coopVecMatMul<f32>(v, &w, 0u, false, 4u)",
    );
}

#[test]
fn mat_mul_argument_count() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMul<coop_vec<f32, 2>>(v, &w, 0u, false);"),
        "no matching call to 'coopVecMatMul",
        "coopVecMatMul<coop_vec<f32, 2>>(v, &w, 0u, false)",
    );
}

#[test]
fn mat_mul_input_not_vector() {
    check_error(
        body!("    let r = coopVecMatMul<coop_vec<f32, 2>>(1.0, &w, 0u, false, 4u);"),
        "the input of 'coopVecMatMul' must be a 'coop_vec', found 'abstract-float'",
        "1.0",
    );
}

#[test]
fn mat_mul_result_narrower() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMul<coop_vec<f16, 2>>(v, &w, 0u, false, 4u);"),
        "the result component type of 'coopVecMatMul' must be the input's ('f32') or 'f32', found 'f16'",
        "coopVecMatMul<coop_vec<f16, 2>>(v, &w, 0u, false, 4u)",
    );
}

#[test]
fn mat_mul_matrix_element_type() {
    check_error(
        body!("    let v = coop_vec<f16, 4>();\n    let r = coopVecMatMul<coop_vec<f16, 2>>(v, &w, 0u, false, 4u);"),
        "the matrix argument of 'coopVecMatMul' must be a pointer to an array of 'f16' in the 'storage' address space, readable, found 'ptr<storage, array<f32>, read>'",
        "&w",
    );
}

#[test]
fn mat_mul_matrix_in_workgroup() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMul<coop_vec<f32, 2>>(v, &wg, 0u, false, 4u);"),
        "the matrix argument of 'coopVecMatMul' must be a pointer to an array of 'f32' in the 'storage' address space",
        "&wg",
    );
}

#[test]
fn mat_mul_offset_i32() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMul<coop_vec<f32, 2>>(v, &w, 0i, false, 4u);"),
        "the offset argument of 'coopVecMatMul' must be 'u32', found 'i32'",
        "0i",
    );
}

#[test]
fn mat_mul_col_major_runtime() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let c = o[0] > 0.0;\n    let r = coopVecMatMul<coop_vec<f32, 2>>(v, &w, 0u, c, 4u);"),
        "the 'col_major' argument of 'coopVecMatMul' must be a const-expression",
        "c",
    );
}

#[test]
fn mat_mul_col_major_not_bool() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMul<coop_vec<f32, 2>>(v, &w, 0u, 1u, 4u);"),
        "the 'col_major' argument of 'coopVecMatMul' must be a bool, found 'u32'",
        "1u",
    );
}

#[test]
fn mat_mul_stride_f32() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMul<coop_vec<f32, 2>>(v, &w, 0u, false, 4.0);"),
        "the stride argument of 'coopVecMatMul' must be 'u32', found 'abstract-float'",
        "4.0",
    );
}

#[test]
fn mat_mul_add_bias_type() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMulAdd<coop_vec<f32, 2>>(v, &w, 0u, false, 4u, &h, 0u);"),
        "the bias argument of 'coopVecMatMulAdd' must be a pointer to an array of 'f32' in the 'storage' address space",
        "&h",
    );
}

#[test]
fn mat_mul_add_bias_offset() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMulAdd<coop_vec<f32, 2>>(v, &w, 0u, false, 4u, &w, -1);"),
        "value -1 cannot be represented as 'u32'",
        "-1",
    );
}

#[test]
fn mat_mul_without_enable() {
    check_error(
        "@group(0) @binding(0) var<storage, read> w: array<f32>;\nfn f() {\n    _ = coopVecMatMul<f32>(1.0, &w, 0u, false, 4u);\n}\n",
        "tessera_experimental_cooperative_vector",
        "coopVecMatMul",
    );
}

#[test]
fn mat_mul_add_bias_offset_float() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMulAdd<coop_vec<f32, 2>>(v, &w, 0u, false, 4u, &w, 1.5);"),
        "the bias offset argument of 'coopVecMatMulAdd' must be 'u32', found 'abstract-float'",
        "1.5",
    );
}

#[test]
fn mat_mul_optimal_without_template() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMulOptimal(v, &w, 0u);"),
        "'coopVecMatMulOptimal' requires one template argument, the result type 'coop_vec<R, M>'",
        "coopVecMatMulOptimal(v, &w, 0u)",
    );
}

#[test]
fn mat_mul_optimal_takes_no_layout_arguments() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 0u, false, 4u);"),
        "no matching call to 'coopVecMatMulOptimal(coop_vec<f32, 4>, ptr<storage, array<f32>, read>, u32, bool, u32)'",
        "coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 0u, false, 4u)",
    );
}

#[test]
fn mat_mul_add_optimal_bias_element_type() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMulAddOptimal<coop_vec<f32, 2>>(v, &w, 0u, &h, 0u);"),
        "the bias argument of 'coopVecMatMulAddOptimal' must be a pointer to an array of 'f32' in the 'storage' address space, readable, found 'ptr<storage, array<f16>, read>'",
        "&h",
    );
}

/// The device's inference layout is only the host's to convert when the
/// matrix starts at a multiple of 64 bytes of its buffer and the bias at
/// 16 (Vulkan's alignment).
#[test]
fn mat_mul_optimal_matrix_member_misaligned() {
    let source = |head: &str, bias_head: &str| {
        format!(
            "enable tessera_experimental_cooperative_vector;\n\
             struct W {{ head: {head}, m: array<f32> }}\n\
             struct B {{ head: {bias_head}, b: array<f32> }}\n\
             @group(0) @binding(0) var<storage, read> w: W;\n\
             @group(0) @binding(1) var<storage, read> bias: B;\n\
             @group(0) @binding(2) var<storage, read_write> o: f32;\n\
             @compute @workgroup_size(1)\nfn main() {{\n    let v = coop_vec<f32, 4>();\n    \
             o = coopVecMatMulAddOptimal<coop_vec<f32, 2>>(v, &w.m, 0u, &bias.b, 0u)[0];\n}}\n"
        )
    };
    let message = "the matrix of 'coopVecMatMulAddOptimal' must be a buffer's whole array or a struct member at a multiple of 64 bytes of its buffer, and its bias at a multiple of 16 (the matrix's layout is the device's, and Vulkan requires that alignment)";
    let call = "coopVecMatMulAddOptimal<coop_vec<f32, 2>>(v, &w.m, 0u, &bias.b, 0u)";
    check_error(&source("vec4<f32>", "vec4<f32>"), message, call);
    check_error(&source("array<vec4<f32>, 4>", "f32"), message, call);
    check::check_ok_with(
        &source("array<vec4<f32>, 4>", "vec4<f32>"),
        &Default::default(),
    );
}

#[test]
fn mat_mul_optimal_transpose_not_const() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    var t = true;\n    let r = coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 0u, t);"),
        "the 'transpose' argument of 'coopVecMatMulOptimal' must be a const-expression",
        "t",
    );
}

#[test]
fn mat_mul_add_optimal_transpose_not_bool() {
    check_error(
        body!("    let v = coop_vec<f32, 4>();\n    let r = coopVecMatMulAddOptimal<coop_vec<f32, 2>>(v, &w, 0u, &w, 0u, 1u);"),
        "the 'transpose' argument of 'coopVecMatMulAddOptimal' must be a bool, found 'u32'",
        "1u",
    );
}

//! Negative tests for the 8-bit integer cooperative-vector products and
//! integer vectors (docs/cooperative-vectors.md): each error with its
//! message and the exact text its primary span covers.

#[path = "common/check.rs"]
mod check;

use check::check_error;

/// The enable, a byte matrix `w` (u32 words), an `i32` bias `b`, an `f16`
/// array `h`, and a compute entry point around the body with
/// `xi: coop_vec<i32, 4>`, `xu: coop_vec<u32, 1>`, `xh: coop_vec<f16, 4>`.
macro_rules! body {
    ($s:expr) => {
        concat!(
            "enable f16;\nenable tessera_experimental_cooperative_vector;\n",
            "@group(0) @binding(0) var<storage, read> w: array<u32>;\n",
            "@group(0) @binding(1) var<storage, read> b: array<i32>;\n",
            "@group(0) @binding(2) var<storage, read> h: array<f16>;\n",
            "@compute @workgroup_size(1)\nfn main() {\n",
            "    let xi = coop_vec<i32, 4>();\n    let xu = coop_vec<u32, 1>();\n",
            "    let xh = coop_vec<f16, 4>();\n",
            $s,
            "\n}\n"
        )
    };
}

#[test]
fn integer_input_without_element_type() {
    check_error(
        body!("    let r = coopVecMatMul<coop_vec<i32, 2>>(xi, &w, 0u, false, 4u);"),
        "a product of an integer cooperative vector ('coop_vec<i32, 4>') needs the matrix's 8-bit element type as the second template argument of 'coopVecMatMul' ('i8' or 'u8')",
        "xi",
    );
}

#[test]
fn element_type_not_8_bit() {
    check_error(
        body!("    let r = coopVecMatMul<coop_vec<i32, 2>, i32>(xi, &w, 0u, false, 4u);"),
        "the second template argument of 'coopVecMatMul' is the matrix's 8-bit element type, 'i8' or 'u8', found 'i32'",
        "coopVecMatMul<coop_vec<i32, 2>, i32>(xi, &w, 0u, false, 4u)",
    );
}

#[test]
fn result_not_i32() {
    check_error(
        body!("    let r = coopVecMatMul<coop_vec<f32, 2>, i8>(xi, &w, 0u, false, 4u);"),
        "the result of 'coopVecMatMul' with an 8-bit integer matrix must be a 'coop_vec<i32, M>', found 'coop_vec<f32, 2>'",
        "coopVecMatMul<coop_vec<f32, 2>, i8>(xi, &w, 0u, false, 4u)",
    );
}

#[test]
fn f16_input_with_byte_matrix() {
    check_error(
        body!("    let r = coopVecMatMul<coop_vec<i32, 2>, i8>(xh, &w, 0u, false, 4u);"),
        "the input of 'coopVecMatMul' with an 8-bit integer matrix must be a 'coop_vec' of 'i32', 'f32' or 'u32' (four packed elements each), found 'coop_vec<f16, 4>'",
        "xh",
    );
}

#[test]
fn byte_matrix_not_u32_words() {
    check_error(
        body!("    let r = coopVecMatMul<coop_vec<i32, 2>, u8>(xu, &b, 0u, false, 4u);"),
        "the matrix argument of 'coopVecMatMul' must be a pointer to an array of 'u32' in the 'storage' address space, readable, found 'ptr<storage, array<i32>, read>'",
        "&b",
    );
}

#[test]
fn byte_bias_not_i32() {
    check_error(
        body!("    let r = coopVecMatMulAdd<coop_vec<i32, 2>, i8>(xi, &w, 0u, false, 4u, &w, 0u);"),
        "the bias argument of 'coopVecMatMulAdd' must be a pointer to an array of 'i32' in the 'storage' address space, readable, found 'ptr<storage, array<u32>, read>'",
        "&w",
    );
}

#[test]
fn integer_division() {
    check_error(
        body!("    let r = xi / xi;"),
        "operator / cannot be applied to integer cooperative vectors ('coop_vec<i32, 4>'): read the components and divide them",
        "xi / xi",
    );
}

#[test]
fn integer_times_scalar() {
    check_error(
        body!("    let r = xi * 2;"),
        "an integer cooperative vector can be multiplied by another only; splat the scalar: 'coop_vec<i32, 4>'(s)",
        "xi * 2",
    );
}

#[test]
fn unsigned_negation() {
    check_error(
        body!("    let r = -xu;"),
        "operator - cannot be applied to 'coop_vec<u32, 1>' (unsigned components)",
        "-xu",
    );
}

#[test]
fn exp_of_integers() {
    check_error(
        body!("    let r = exp(xi);"),
        "'exp' needs float cooperative vectors, found 'coop_vec<i32, 4>'",
        "exp(xi)",
    );
}

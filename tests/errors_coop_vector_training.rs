//! Negative tests for the cooperative-vector training accumulations
//! (`coopVecOuterProductAccumulate<T>`, `coopVecReduceSumAccumulate`;
//! docs/cooperative-vectors.md): each error with its message and the exact
//! text its primary span covers.

#[path = "common/check.rs"]
mod check;

use check::check_error;

/// The enable, an atomic gradient buffer `g`, a plain `f32` buffer `o`, a
/// read-only atomic-free buffer `r`, and a compute entry point around the
/// body with `a: coop_vec<f16, 4>`, `b: coop_vec<f16, 2>`,
/// `c: coop_vec<f32, 2>`.
macro_rules! body {
    ($s:expr) => {
        concat!(
            "enable f16;\nenable tessera_experimental_cooperative_vector;\n",
            "@group(0) @binding(0) var<storage, read_write> g: array<atomic<u32>>;\n",
            "@group(0) @binding(1) var<storage, read_write> o: array<f32>;\n",
            "@group(0) @binding(2) var<storage, read_write> i: array<atomic<i32>>;\n",
            "var<workgroup> wg: array<atomic<u32>, 64>;\n",
            "@compute @workgroup_size(64)\nfn main() {\n",
            "    let a = coop_vec<f16, 4>();\n    let b = coop_vec<f16, 2>();\n",
            "    let c = coop_vec<f32, 2>();\n",
            $s,
            "\n}\n"
        )
    };
}

#[test]
fn without_enable() {
    check_error(
        "@group(0) @binding(0) var<storage, read_write> g: array<atomic<u32>>;\n\
         @compute @workgroup_size(1)\nfn main() {\n    coopVecReduceSumAccumulate(1.0, &g, 0u);\n}\n",
        "'coopVecReduceSumAccumulate' requires enabling extension 'tessera_experimental_cooperative_vector'",
        "coopVecReduceSumAccumulate",
    );
}

#[test]
fn outer_product_without_template() {
    check_error(
        body!("    coopVecOuterProductAccumulate(a, b, &g, 0u);"),
        "'coopVecOuterProductAccumulate' requires one template argument, the element type in memory ('f32' or 'f16')",
        "coopVecOuterProductAccumulate(a, b, &g, 0u)",
    );
}

#[test]
fn outer_product_template_not_float() {
    check_error(
        body!("    coopVecOuterProductAccumulate<u32>(a, b, &g, 0u);"),
        "the template argument of 'coopVecOuterProductAccumulate' must be 'f32' or 'f16', found 'u32'",
        "coopVecOuterProductAccumulate<u32>(a, b, &g, 0u)",
    );
}

#[test]
fn reduce_sum_with_template() {
    check_error(
        body!("    coopVecReduceSumAccumulate<f32>(c, &g, 0u);"),
        "'coopVecReduceSumAccumulate' takes no template argument",
        "coopVecReduceSumAccumulate<f32>(c, &g, 0u)",
    );
}

#[test]
fn outer_product_argument_count() {
    check_error(
        body!("    coopVecOuterProductAccumulate<f32>(a, b, &g);"),
        "no matching call to 'coopVecOuterProductAccumulate(coop_vec<f16, 4>, coop_vec<f16, 2>, ptr<storage, array<atomic<u32>>, read_write>)'",
        "coopVecOuterProductAccumulate<f32>(a, b, &g)",
    );
}

#[test]
fn reduce_sum_argument_count() {
    check_error(
        body!("    coopVecReduceSumAccumulate(c, &g, 0u, 1u);"),
        "no matching call to 'coopVecReduceSumAccumulate(coop_vec<f32, 2>, ptr<storage, array<atomic<u32>>, read_write>, u32, u32)'",
        "coopVecReduceSumAccumulate(c, &g, 0u, 1u)",
    );
}

#[test]
fn vector_not_coop_vec() {
    check_error(
        body!("    coopVecOuterProductAccumulate<f32>(a, vec2<f16>(), &g, 0u);"),
        "the argument 'b' of 'coopVecOuterProductAccumulate' must be a 'coop_vec', found 'vec2<f16>'",
        "vec2<f16>()",
    );
    check_error(
        body!("    coopVecReduceSumAccumulate(1.0, &g, 0u);"),
        "the argument 'v' of 'coopVecReduceSumAccumulate' must be a 'coop_vec', found 'abstract-float'",
        "1.0",
    );
}

#[test]
fn vectors_of_two_types() {
    check_error(
        body!("    coopVecOuterProductAccumulate<f32>(a, c, &g, 0u);"),
        "the vectors of 'coopVecOuterProductAccumulate' must have one component type, found 'f16' and 'f32'",
        "c",
    );
}

#[test]
fn destination_not_atomic_u32() {
    let message = "the matrix argument of 'coopVecOuterProductAccumulate' must be a pointer to an 'array<atomic<u32>>' in the 'storage' address space, read_write, found 'ptr<storage, array<f32>, read_write>'";
    check_error(
        body!("    coopVecOuterProductAccumulate<f32>(a, b, &o, 0u);"),
        message,
        "&o",
    );
    check_error(
        body!("    coopVecReduceSumAccumulate(c, &i, 0u);"),
        "the dst argument of 'coopVecReduceSumAccumulate' must be a pointer to an 'array<atomic<u32>>' in the 'storage' address space, read_write, found 'ptr<storage, array<atomic<i32>>, read_write>'",
        "&i",
    );
}

#[test]
fn destination_in_workgroup_memory() {
    check_error(
        body!("    coopVecReduceSumAccumulate(c, &wg, 0u);"),
        "the dst argument of 'coopVecReduceSumAccumulate' must be a pointer to an 'array<atomic<u32>>' in the 'storage' address space, read_write, found 'ptr<workgroup, array<atomic<u32>, 64>>'",
        "&wg",
    );
}

#[test]
fn offset_not_u32() {
    check_error(
        body!("    coopVecReduceSumAccumulate(c, &g, 1.5);"),
        "the offset argument of 'coopVecReduceSumAccumulate' must be 'u32', found 'abstract-float'",
        "1.5",
    );
}

#[test]
fn used_as_a_value() {
    check_error(
        body!("    let x = coopVecReduceSumAccumulate(c, &g, 0u);"),
        "function 'coopVecReduceSumAccumulate' does not return a value",
        "coopVecReduceSumAccumulate(c, &g, 0u)",
    );
}

/// The device's training layout is only the host's to convert when the
/// matrix starts at a multiple of 64 bytes of its buffer (Vulkan's
/// alignment): a struct member at 4 bytes is an error, at 64 it is fine.
#[test]
fn outer_product_matrix_member_misaligned() {
    let source = |head: &str| {
        format!(
            "enable f16;\nenable tessera_experimental_cooperative_vector;\n\
             struct G {{ head: {head}, rest: array<atomic<u32>> }}\n\
             @group(0) @binding(0) var<storage, read_write> g: G;\n\
             @compute @workgroup_size(1)\nfn main() {{\n    let a = coop_vec<f16, 4>();\n    \
             coopVecOuterProductAccumulate<f32>(a, a, &g.rest, 0u);\n}}\n"
        )
    };
    check::check_error(
        &source("u32"),
        "the matrix of 'coopVecOuterProductAccumulate' must be a buffer's whole array or a struct member at a multiple of 64 bytes of its buffer (the matrix's layout is the device's, and Vulkan requires that alignment)",
        "coopVecOuterProductAccumulate<f32>(a, a, &g.rest, 0u)",
    );
    let ok = source("array<u32, 16>");
    if let Err(e) = tessera::compile_to_spirv(&ok, &tessera::CompileOptions::default()) {
        panic!("{}", e.error().render("test.wgsl", &ok));
    }
}

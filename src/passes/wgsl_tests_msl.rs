//! IR-out tests of the MSL target's last passes, `msl-builtins` and
//! `msl-simdgroup` (MSL's list). Their output holds target operations
//! (`Statement::Intrinsic`), which IR dumps print as calls named
//! `msl_*`: it is not WGSL that parses again, unlike the other passes'
//! (`wgsl_tests`).

use super::wgsl_tests::{printed_after, snapshot};
use crate::pipeline::PipelineOptions;

fn lowered(src: &str, pass: &str) -> String {
    printed_after(
        src,
        pass,
        crate::lower::msl::passes(&Default::default()),
        &PipelineOptions::default(),
    )
}

/// `modf` and `frexp` write their second part through a local that the
/// result structure then reads; `atomicCompareExchangeWeak` passes the
/// comparand in a local that receives the old value; `subgroupBallot`
/// masks Metal's 64-bit vote with the active threads and widens it.
#[test]
fn builtins() {
    let src = "
enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: array<vec4f, 4>;
@group(0) @binding(1) var<storage, read_write> a: atomic<u32>;
@group(0) @binding(2) var<storage, read_write> b: vec4u;
@compute @workgroup_size(32) fn main() {
    let m = modf(o[0].x);
    let f = frexp(o[1]);
    let r = atomicCompareExchangeWeak(&a, 1u, 2u);
    o[2] = vec4f(m.fract, m.whole, f.fract.x, f32(f.exp.y));
    b = subgroupBallot(o[3].x > 0.0);
    if (r.exchanged) { o[3].y = f32(r.old_value); }
}";
    let out = lowered(src, "msl-builtins");
    for op in [
        "msl_modf(",
        "msl_frexp(",
        "msl_atomic_compare_exchange_weak(",
        "msl_simd_ballot(",
        "msl_simd_active_threads_mask()",
    ] {
        assert!(out.contains(op), "{op} in\n{out}");
    }
    for gone in [
        "modf(",
        "frexp(",
        "atomicCompareExchangeWeak",
        "subgroupBallot",
    ] {
        let left = out.replace(&format!("msl_{gone}"), "");
        assert!(!left.contains(gone), "{gone} left in\n{out}");
    }
    snapshot("msl_builtins", src, &out);
}

/// Loads and stores address the array in components (`k` = 4 for an
/// `array<vec4<f32>>`), with `i32` offsets bitcast; multiplies write a
/// local; a scalar add is `m * I + F(s)` and a scalar multiply
/// `m * diag(s)`; element-wise arithmetic, math builtins and component
/// conversions work on the thread's two elements; a change of kind alone
/// is left as a conversion (the printer writes its operand).
#[test]
fn simdgroup() {
    let src = "
enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> v: array<vec4f, 64>;
@group(0) @binding(1) var<storage, read_write> h: array<f16, 64>;
@compute @workgroup_size(32) fn main() {
    let a = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&v, 0i, 2u);
    let b = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, col_major>(&v, 16u, 2u);
    var c = subgroupMatrixMultiply<f32>(a, b);
    c = subgroupMatrixMultiplyAccumulate(a, b, c);
    c = subgroupMatrixScalarAdd(c, 1.5);
    c = subgroupMatrixScalarMultiply(c, 2.0);
    let d = max(c + c, 0.0);
    let e = subgroupMatrixConvert<subgroup_matrix_result<f16, 8, 8>>(d);
    let k = subgroupMatrixConvert<subgroup_matrix_right<f32, 8, 8>>(d);
    subgroupMatrixStore<row_major>(&v, 32i, k, 2u);
    subgroupMatrixStore(&h, 0u, e, false, 8u);
}";
    let out = lowered(src, "msl-simdgroup");
    assert!(out.contains("msl_simdgroup_load<4, false>("), "{out}");
    assert!(out.contains("msl_simdgroup_load<4, true>("), "{out}");
    assert!(out.contains("msl_simdgroup_store<1, false>("), "{out}");
    assert!(out.contains("msl_simdgroup_diagonal("), "{out}");
    for gone in ["Load", "Store", "Multiply", "Scalar"] {
        assert!(!out.contains(&format!("subgroupMatrix{gone}")), "{out}");
    }
    // The change of kind alone.
    assert!(out.contains("subgroupMatrixConvert<subgroup_matrix_right<f32, 8, 8>>"));
    snapshot("msl_simdgroup", src, &out);
}

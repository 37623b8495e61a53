// Cooperative-vector products of f16 vectors (docs/cooperative-vectors.md),
// with an f16 and an f32 result (R is T or f32): w = 1..8 as a row-major
// 2x4 matrix (stride 4), v = (0.5, 0.25, -1, 2), bias = (0.125, -0.5):
// row 0: 0.5 + 0.5 - 3 + 8 = 6; row 1: 2.5 + 1.5 - 7 + 16 = 13; plus the
// bias 6.125, 12.5. Every partial sum is exact in f16 (multiples of 1/8
// below 2048), so the order of the additions does not matter.
// buffer 0:0 = f16:1,2,3,4,5,6,7,8
// buffer 0:1 = f16:0.125,-0.5
// buffer 0:2 = f16:0.5,0.25,-1,2
// expect 0:3 = f16:6,13,6.125,12.5
// expect 0:4 = f32:6,13,6.125,12.5

enable f16;
enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> w: array<f16, 8>;
@group(0) @binding(1) var<storage, read> bias: array<f16>;
@group(0) @binding(2) var<storage, read> input: array<f16, 4>;
@group(0) @binding(3) var<storage, read_write> out16: array<f16, 4>;
@group(0) @binding(4) var<storage, read_write> out32: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
    let v = coop_vec<f16, 4>(input);
    let a = coopVecMatMul<coop_vec<f16, 2>>(v, &w, 0u, false, 4u);
    let b = coopVecMatMulAdd<coop_vec<f16, 2>>(v, &w, 0u, false, 4u, &bias, 0u);
    let c = coopVecMatMul<coop_vec<f32, 2>>(v, &w, 0u, false, 4u);
    let d = coopVecMatMulAdd<coop_vec<f32, 2>>(v, &w, 0u, false, 4u, &bias, 0u);
    out16[0] = a[0];
    out16[1] = a[1];
    out16[2] = b[0];
    out16[3] = b[1];
    out32[0] = c[0];
    out32[1] = c[1];
    out32[2] = d[0];
    out32[3] = d[1];
}

// Cooperative-vector products in the device's inference layout
// (docs/cooperative-vectors.md), in the loop form this suite runs: the
// layout is row-major with K elements a row. w holds the 2x4 matrix 1..8 at
// element 16 (64 bytes), an all-ones matrix at 32, and at 48 the transposed
// matrix as stored for `transpose` (4x2: (1, 5), (2, 6), (3, 7), (4, 8));
// v = (0.5, 0.25, -1, 2); the bias (0.125, -0.5) is at element 4 (16 bytes).
// At 16: 0.5 + 0.5 - 3 + 8 = 6 and 2.5 + 1.5 - 7 + 16 = 13; with the bias
// 6.125, 12.5. At 32: 0.5 + 0.25 - 1 + 2 = 1.75 twice. The transposed
// matrix at 48 gives 6, 13 and 6.125, 12.5 again. An offset that is not a
// multiple of 64 bytes (8: 32 bytes), a matrix past the end of its array
// (64), or a bias offset that is not a multiple of 16 bytes (2) gives zero,
// transposed too (56: 8 elements past the end).
// buffer 0:0 = f32:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,1,5,2,6,3,7,4,8
// buffer 0:1 = f32:0,0,100,100,0.125,-0.5,0,0
// expect 0:2 = f32:6,13,6.125,12.5,0,0,1.75,1.75,0,0,0,0,6,13,6.125,12.5,0,0

enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> w: array<f32, 56>;
@group(0) @binding(1) var<storage, read> bias: array<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32, 18>;

fn put(at: u32, r: coop_vec<f32, 2>) {
    out[at] = r[0];
    out[at + 1u] = r[1];
}

@compute @workgroup_size(1)
fn main() {
    let v = coop_vec<f32, 4>(0.5, 0.25, -1.0, 2.0);
    put(0u, coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 16u));
    put(2u, coopVecMatMulAddOptimal<coop_vec<f32, 2>>(v, &w, 16u, &bias, 4u));
    put(4u, coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 8u));
    put(6u, coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 32u));
    put(8u, coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 64u));
    put(10u, coopVecMatMulAddOptimal<coop_vec<f32, 2>>(v, &w, 16u, &bias, 2u));
    put(12u, coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 48u, true));
    put(14u, coopVecMatMulAddOptimal<coop_vec<f32, 2>>(v, &w, 48u, &bias, 4u, true));
    put(16u, coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 56u, true));
}

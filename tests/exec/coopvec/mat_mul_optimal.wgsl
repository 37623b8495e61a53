// Cooperative-vector products in the device's inference layout
// (docs/cooperative-vectors.md), in the loop form this suite runs: the
// layout is row-major with K elements a row. w holds the 2x4 matrix 1..8 at
// element 16 (64 bytes) and an all-ones matrix at 32; v = (0.5, 0.25, -1,
// 2); the bias (0.125, -0.5) is at element 4 (16 bytes).
// At 16: 0.5 + 0.5 - 3 + 8 = 6 and 2.5 + 1.5 - 7 + 16 = 13; with the bias
// 6.125, 12.5. At 32: 0.5 + 0.25 - 1 + 2 = 1.75 twice. An offset that is not
// a multiple of 64 bytes (8: 32 bytes), a matrix past the end of its array
// (48), or a bias offset that is not a multiple of 16 bytes (2) gives zero.
// buffer 0:0 = f32:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,2,3,4,5,6,7,8,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1
// buffer 0:1 = f32:0,0,100,100,0.125,-0.5,0,0
// expect 0:2 = f32:6,13,6.125,12.5,0,0,1.75,1.75,0,0,0,0

enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> w: array<f32, 40>;
@group(0) @binding(1) var<storage, read> bias: array<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32, 12>;

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
    put(8u, coopVecMatMulOptimal<coop_vec<f32, 2>>(v, &w, 48u));
    put(10u, coopVecMatMulAddOptimal<coop_vec<f32, 2>>(v, &w, 16u, &bias, 2u));
}

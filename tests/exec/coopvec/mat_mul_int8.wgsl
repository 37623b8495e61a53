// 8-bit integer cooperative-vector products (docs/cooperative-vectors.md),
// in the loop form this suite runs. The 2x4 matrix ((1, -2, 3, -4),
// (127, -128, 0, 5)) is stored as bytes in u32 words (element e in byte
// e % 4 of word e / 4): row-major from byte 64 (words 16, 17) and
// column-major with a stride of 2 bytes from byte 128 (words 32, 33).
// The input is read as the matrix's type: an i32 saturated ((10, 200, -300,
// 1) -> (10, 127, -128, 1) as i8, (10, 200, 0, 1) as u8), an f32 rounded to
// the nearest even integer and saturated ((2.5, -1.5, 0.5, 300) -> (2, -2,
// 0, 127)), or four packed bytes of a u32 ((3, -1, 2, -128)).
// Results (sums of products, worked out with Python): i8 row-major
// [-632, -14981]; plus the i32 bias (1000, -1000) at element 4: [368, -15981]; f32 input
// [-502, 1145]; packed input [523, -131]; the same bytes read as u8 with the i32 input
// [51062, 26875]; column-major [-632, -14981]; the inference layout (row-major, K a row, in
// this form) at byte 64 [-632, -14981]; at byte 4 (not a multiple of 64): zero.
// buffer 0:0 = u32:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4228120065,83918975,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2164162305,100401155,0,0,0,0,0,0
// buffer 0:1 = i32:0,0,0,0,1000,-1000,0,0
// expect 0:2 = i32:-632,-14981,368,-15981,-502,1145,523,-131,51062,26875,-632,-14981,-632,-14981,0,0

enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> w: array<u32, 40>;
@group(0) @binding(1) var<storage, read> bias: array<i32>;
@group(0) @binding(2) var<storage, read_write> out: array<i32, 16>;

fn put(at: u32, r: coop_vec<i32, 2>) {
    out[at] = r[0];
    out[at + 1u] = r[1];
}

@compute @workgroup_size(1)
fn main() {
    let xi = coop_vec<i32, 4>(10, 200, -300, 1);
    let xf = coop_vec<f32, 4>(2.5, -1.5, 0.5, 300.0);
    let xp = coop_vec<u32, 1>(2147680003u);
    put(0u, coopVecMatMul<coop_vec<i32, 2>, i8>(xi, &w, 64u, false, 4u));
    put(2u, coopVecMatMulAdd<coop_vec<i32, 2>, i8>(xi, &w, 64u, false, 4u, &bias, 4u));
    put(4u, coopVecMatMul<coop_vec<i32, 2>, i8>(xf, &w, 64u, false, 4u));
    put(6u, coopVecMatMul<coop_vec<i32, 2>, i8>(xp, &w, 64u, false, 4u));
    put(8u, coopVecMatMul<coop_vec<i32, 2>, u8>(xi, &w, 64u, false, 4u));
    put(10u, coopVecMatMul<coop_vec<i32, 2>, i8>(xi, &w, 128u, true, 2u));
    put(12u, coopVecMatMulOptimal<coop_vec<i32, 2>, i8>(xi, &w, 64u));
    put(14u, coopVecMatMulOptimal<coop_vec<i32, 2>, i8>(xi, &w, 4u));
}

// Cooperative-vector products (docs/cooperative-vectors.md): result[r] =
// sum over k of matrix(r, k) * v[k] (+ bias[bias_offset + r]), with
// matrix(r, k) = w[offset + r * stride + k] (row-major) or
// w[offset + k * stride + r] (column-major). Integer-valued f32 data, so
// every sum is exact whatever the order. w = 1..12, v = (1, 0, -1, 2),
// bias = (10, 20, 30):
// row-major 3x4 at 0, stride 4: rows (1 2 3 4), (5 6 7 8), (9 10 11 12):
//   1 - 3 + 8 = 6, 5 - 7 + 16 = 14, 9 - 11 + 24 = 22; + bias: 16, 34, 52
// column-major 3x4 at 0, stride 3: rows (1 4 7 10), (2 5 8 11), (3 6 9 12):
//   1 - 7 + 20 = 14, 2 - 8 + 22 = 16, 3 - 9 + 24 = 18
// row-major 2x4 at 4, stride 4: rows (5 6 7 8), (9 10 11 12): 14, 22
// row-major 2x4 at 0, stride 8 (rows 1..4 and 9..12), bias at 1: 6 + 20, 22 + 30
// buffer 0:0 = f32:1,2,3,4,5,6,7,8,9,10,11,12
// buffer 0:1 = f32:10,20,30
// buffer 0:3 = f32:1,0,-1,2
// expect 0:2 = f32:16,34,52, 14,16,18, 14,22, 26,52

enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> w: array<f32>;
@group(0) @binding(1) var<storage, read> bias: array<f32, 3>;
@group(0) @binding(2) var<storage, read_write> out: array<f32, 10>;
@group(0) @binding(3) var<storage, read> input: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
    let v = coop_vec<f32, 4>(input);
    let a = coopVecMatMulAdd<coop_vec<f32, 3>>(v, &w, 0u, false, 4u, &bias, 0u);
    let b = coopVecMatMul<coop_vec<f32, 3>>(v, &w, 0u, true, 3u);
    let c = coopVecMatMul<coop_vec<f32, 2>>(v, &w, 4u, false, 4u);
    let d = coopVecMatMulAdd<coop_vec<f32, 2>>(v, &w, 0u, false, 8u, &bias, 1u);
    for (var i = 0u; i < 3u; i++) {
        out[i] = a[i];
        out[3u + i] = b[i];
    }
    out[6] = c[0];
    out[7] = c[1];
    out[8] = d[0];
    out[9] = d[1];
}

// Chromium-form loads and stores through arrays of vectors: offsets and
// strides count vector elements; the array element scalar type may differ
// from the matrix component type when it is at least as wide.
enable f16;
enable chromium_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read> in_f32: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> out_f32: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> in_u8: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read_write> out_i32: array<vec4<i32>>;
@group(0) @binding(4) var<storage, read> in_f16: array<vec4<f16>, 64>;

var<workgroup> wg: array<vec4<f32>, 32>;

@compute @workgroup_size(64)
fn main() {
    // Row-major 8x8 f32: each row is two vec4s, so the stride is 2.
    let m = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&in_f32, 0u, 2u);
    subgroupMatrixStore<row_major>(&wg, 0u, m, 2u);
    workgroupBarrier();
    let back = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, col_major>(&wg, 0u, 2u);
    subgroupMatrixStore<col_major>(&out_f32, 16u, back, 2u);

    // u8 matrix from vec2<u32>: one 8-byte row per element.
    let q = subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>, row_major>(&in_u8, 0u, 1u);
    let r = subgroupMatrixLoad<subgroup_matrix_right<u8, 8, 8>, row_major>(&in_u8, 8u, 1u);
    let p = subgroupMatrixMultiply<i32>(q, r);
    subgroupMatrixStore<row_major>(&out_i32, 0u, p, 2u);

    // f16 matrix from a fixed-size vec4<f16> array.
    let h = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, row_major>(&in_f16, 0u, 2u);
    let hr = subgroupMatrixLoad<subgroup_matrix_right<f16, 8, 8>, col_major>(&in_f16, 16u, 2u);
    let hp = subgroupMatrixMultiply<f32>(h, hr);
    subgroupMatrixStore<row_major>(&out_f32, 32u, hp, 2u);
}

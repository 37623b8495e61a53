// subgroupMatrixMultiply and subgroupMatrixMultiplyAccumulate over the
// supported component pairs, with non-square shapes (M=8, N=8, K=16).
enable f16;
enable chromium_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read> a_f16: array<f16>;
@group(0) @binding(1) var<storage, read> b_f16: array<f16>;
@group(0) @binding(2) var<storage, read_write> c_f32: array<f32>;
@group(0) @binding(3) var<storage, read_write> c_f16: array<f16>;
@group(0) @binding(4) var<storage, read> a_u8: array<u32>;
@group(0) @binding(5) var<storage, read_write> c_i32: array<i32>;
@group(0) @binding(6) var<storage, read_write> c_u32: array<u32>;
@group(0) @binding(7) var<storage, read_write> f: array<f32>;

@compute @workgroup_size(64)
fn main() {
    // left is <T, K, M> (K columns, M rows); right is <T, N, K>; result <TR, N, M>.
    let a = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 8>, row_major>(&a_f16, 0u, 16u);
    let b = subgroupMatrixLoad<subgroup_matrix_right<f16, 8, 16>, row_major>(&b_f16, 0u, 8u);
    let wide = subgroupMatrixMultiply<f32>(a, b);
    let narrow = subgroupMatrixMultiply<f16>(a, b);
    let acc = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&c_f32, 0u, 8u);
    let sum = subgroupMatrixMultiplyAccumulate(a, b, acc);
    subgroupMatrixStore<row_major>(&c_f32, 0u, wide, 8u);
    subgroupMatrixStore<row_major>(&c_f32, 64u, sum, 8u);
    subgroupMatrixStore<row_major>(&c_f16, 0u, narrow, 8u);

    let fa = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&f, 0u, false, 8u);
    let fb = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>>(&f, 64u, false, 8u);
    let fc = subgroupMatrixMultiplyAccumulate(fa, fb, subgroup_matrix_result<f32, 8, 8>());
    subgroupMatrixStore(&f, 128u, fc, false, 8u);

    let qa = subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>, row_major>(&a_u8, 0u, 2u);
    let qb = subgroupMatrixLoad<subgroup_matrix_right<u8, 8, 8>, col_major>(&a_u8, 16u, 2u);
    let qi = subgroupMatrixMultiply<i32>(qa, qb);
    let qu = subgroupMatrixMultiplyAccumulate(qa, qb, subgroup_matrix_result<u32, 8, 8>(1u));
    subgroupMatrixStore<row_major>(&c_i32, 0u, qi, 8u);
    subgroupMatrixStore<row_major>(&c_u32, 0u, qu, 8u);

    let ia = subgroup_matrix_left<i32, 8, 8>(-1);
    let ib = subgroup_matrix_right<i32, 8, 8>(2);
    let ic = subgroupMatrixMultiply<i32>(ia, ib);
    subgroupMatrixStore<col_major>(&c_i32, 64u, ic, 8u);
}

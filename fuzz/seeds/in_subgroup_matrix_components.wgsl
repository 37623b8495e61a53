// Every subgroup-matrix component type: f32, f16, u32, i32, and the 8-bit
// u8/i8 types loaded from and stored to u32/i32 arrays.
enable f16;
enable chromium_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read_write> buf_f32: array<f32>;
@group(0) @binding(1) var<storage, read_write> buf_f16: array<f16>;
@group(0) @binding(2) var<storage, read_write> buf_u32: array<u32>;
@group(0) @binding(3) var<storage, read_write> buf_i32: array<i32>;
@group(0) @binding(4) var<storage, read_write> buf_u8: array<u32>;
@group(0) @binding(5) var<storage, read_write> buf_i8: array<i32>;

@compute @workgroup_size(64)
fn main() {
    let f = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&buf_f32, 0u, false, 8u);
    subgroupMatrixStore(&buf_f32, 64u, f, false, 8u);

    let h = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, row_major>(&buf_f16, 0u, 8u);
    subgroupMatrixStore<row_major>(&buf_f16, 64u, h, 8u);

    let u = subgroupMatrixLoad<subgroup_matrix_right<u32, 8, 8>>(&buf_u32, 0u, true, 8u);
    subgroupMatrixStore(&buf_u32, 64u, u, true, 8u);

    let i = subgroupMatrixLoad<subgroup_matrix_result<i32, 8, 8>, col_major>(&buf_i32, 0u, 8u);
    subgroupMatrixStore<col_major>(&buf_i32, 64u, i, 8u);

    // Proposal form: offset and stride count 8-bit components (bytes).
    let a = subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>>(&buf_u8, 0u, false, 8u);
    subgroupMatrixStore(&buf_u8, 64u, a, false, 8u);
    let b = subgroupMatrixLoad<subgroup_matrix_right<i8, 8, 8>>(&buf_i8, 0u, true, 8u);
    subgroupMatrixStore(&buf_i8, 64u, b, true, 8u);

    // Chromium form: offset and stride count array elements (4 bytes here).
    let c = subgroupMatrixLoad<subgroup_matrix_left<u8, 8, 8>, row_major>(&buf_u8, 32u, 2u);
    subgroupMatrixStore<row_major>(&buf_u8, 48u, c, 2u);
    let d = subgroupMatrixLoad<subgroup_matrix_result<i8, 8, 8>, col_major>(&buf_i8, 32u, 2u);
    subgroupMatrixStore<col_major>(&buf_i8, 48u, d, 2u);
}

// overrides: tile_k=16
// Overrides around subgroup matrices: an override-sized workgroup staging
// array, override-expression offsets and strides, an override majorness in
// the proposal form, and an override workgroup size.
enable chromium_experimental_subgroup_matrix;

override wg_size: u32 = 64;
override tile_k: u32 = 8;
const transpose_b = true;

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

var<workgroup> staging: array<f32, 8u * tile_k>;

@compute @workgroup_size(wg_size)
fn main(@builtin(local_invocation_index) lid: u32) {
    for (var i = lid; i < 8u * tile_k; i += wg_size) {
        staging[i] = a[i];
    }
    workgroupBarrier();
    var acc = subgroup_matrix_result<f32, 8, 8>();
    for (var k = 0u; k < tile_k; k += 8u) {
        let l = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&staging, k, tile_k);
        let r = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>>(&b, k * 8u, transpose_b, 8u);
        acc = subgroupMatrixMultiplyAccumulate(l, r, acc);
    }
    subgroupMatrixStore(&c, 0u, acc, false, 8u);
}

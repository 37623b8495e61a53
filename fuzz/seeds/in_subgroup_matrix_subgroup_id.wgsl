// @builtin(subgroup_id) (implied subgroups extension) selects which 8x8
// output tile each subgroup computes; subgroup_size and subgroup builtins
// work without `enable subgroups`.
enable chromium_experimental_subgroup_matrix;

struct Params {
    k_tiles: u32,
    row_stride: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
@group(0) @binding(4) var<storage, read_write> sizes: array<u32>;

@compute @workgroup_size(128)
fn main(@builtin(subgroup_id) sg: u32,
        @builtin(subgroup_size) sg_size: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let tile_row = wid.y * 8u;
    let tile_col = (wid.x * 4u + sg) * 8u;
    var acc = subgroup_matrix_result<f32, 8, 8>();
    for (var t = 0u; t < params.k_tiles; t++) {
        let k = t * 8u;
        let l = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(
            &a, tile_row * params.row_stride + k, params.row_stride);
        let r = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, row_major>(
            &b, k * params.row_stride + tile_col, params.row_stride);
        acc = subgroupMatrixMultiplyAccumulate(l, r, acc);
    }
    subgroupMatrixStore<row_major>(&c, tile_row * params.row_stride + tile_col, acc, params.row_stride);
    let total = subgroupAdd(1u);
    if subgroupElect() {
        sizes[wid.x * 4u + sg] = total + sg_size;
    }
}

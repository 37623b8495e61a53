// C = A * B for f16 inputs and an f32 result, with subgroup matrices, in
// the shape NVIDIA GPUs offer (16x16x16, f16 -> f32). Each subgroup (32
// invocations) computes one 16x16 tile of C: it walks K in steps of 16,
// loading 16x16 fragments of A (left) and B (right) and accumulating.
// M, N and K must be multiples of 16; dispatch (N / 16, M / 16, 1).
//
//   tessera examples/matmul_subgroup.wgsl --device-profile h200-vulkan -o matmul.spv
//
// Apple GPUs offer 8x8 tiles: examples/matmul_subgroup_metal.wgsl.
// fits: h100-vulkan h200-vulkan
enable f16;
enable chromium_experimental_subgroup_matrix;

struct Dims {
    m: u32,
    n: u32,
    k: u32,
}

@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> a: array<f16>;
@group(0) @binding(2) var<storage, read> b: array<f16>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;

@compute @workgroup_size(32)
fn main(@builtin(workgroup_id) tile: vec3<u32>) {
    let row = tile.y * 16u;
    let col = tile.x * 16u;
    var acc = subgroup_matrix_result<f32, 16, 16>();
    for (var k = 0u; k < dims.k; k += 16u) {
        let left = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(
            &a, row * dims.k + k, dims.k);
        let right = subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 16>, row_major>(
            &b, k * dims.n + col, dims.n);
        acc = subgroupMatrixMultiplyAccumulate(left, right, acc);
    }
    subgroupMatrixStore<row_major>(&c, row * dims.n + col, acc, dims.n);
}

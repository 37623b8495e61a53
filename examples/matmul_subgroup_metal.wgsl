// C = A * B in f32 with subgroup matrices, in the shape Apple GPUs offer
// (8x8x8; Metal's simdgroup_float8x8). Each simdgroup (32 threads)
// computes one 8x8 tile of C: it walks K in steps of 8, loading 8x8
// fragments of A (left) and B (right) and accumulating. M, N and K must be
// multiples of 8; dispatch (N / 8, M / 8, 1) threadgroups of 32 threads.
//
//   tessera examples/matmul_subgroup_metal.wgsl --device-profile metal --format msl -o matmul.metal
//
// NVIDIA GPUs offer 16x16 tiles: examples/matmul_subgroup.wgsl.
// fits: metal
enable chromium_experimental_subgroup_matrix;

struct Dims {
    m: u32,
    n: u32,
    k: u32,
}

@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;

@compute @workgroup_size(32)
fn main(@builtin(workgroup_id) tile: vec3<u32>) {
    let row = tile.y * 8u;
    let col = tile.x * 8u;
    var acc = subgroup_matrix_result<f32, 8, 8>();
    for (var k = 0u; k < dims.k; k += 8u) {
        let left = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(
            &a, row * dims.k + k, dims.k);
        let right = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, row_major>(
            &b, k * dims.n + col, dims.n);
        acc = subgroupMatrixMultiplyAccumulate(left, right, acc);
    }
    subgroupMatrixStore<row_major>(&c, row * dims.n + col, acc, dims.n);
}

// An 8x8 subgroup-matrix matmul kernel in f32 and f16 (the shapes and
// component types Metal's simdgroup_matrix can express), with the value
// constructors, scalar builtins, a vec4 array and workgroup staging.
enable f16;
enable chromium_experimental_subgroup_matrix;

const TILE: u32 = 8u;

struct Params {
    k: u32,
    n: u32,
    alpha: f32,
}

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> params: Params;
@group(0) @binding(4) var<storage, read> ah: array<f16>;
@group(0) @binding(5) var<storage, read_write> ch: array<f16>;

var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(32)
fn matmul_f32(@builtin(workgroup_id) wg: vec3<u32>) {
    let row = wg.y * TILE;
    let col = wg.x * TILE;
    var acc = subgroup_matrix_result<f32, 8, 8>();
    for (var k = 0u; k < params.k; k += TILE) {
        let l = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&a, row * params.k + k, false, params.k);
        // b holds vec4 elements: offset and stride count vec4s.
        let r = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, row_major>(&b, (k * params.n + col) / 4u, params.n / 4u);
        acc = subgroupMatrixMultiplyAccumulate(l, r, acc);
    }
    acc = subgroupMatrixScalarMultiply(acc, params.alpha);
    acc = subgroupMatrixScalarAdd(acc, 1.0);
    subgroupMatrixStore(&tile, 0u, acc, false, TILE);
    workgroupBarrier();
    let bias = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&tile, 0u, true, TILE);
    let out = subgroupMatrixScalarSubtract(bias, 0.5);
    subgroupMatrixStore(&c, row * params.n + col, out, false, params.n);
}

@compute @workgroup_size(32)
fn matmul_f16(@builtin(subgroup_id) sg: u32) {
    let ones = subgroup_matrix_right<f16, 8, 8>(1.0h);
    let l = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>>(&ah, sg * 64u, false, 8u);
    let prod = subgroupMatrixMultiply<f16>(l, ones);
    subgroupMatrixStore(&ch, sg * 64u, prod, true, 8u);
}

// The standard-track spelling `enable subgroup_matrix;` (WebGPU proposal):
// majorness template arguments, u32 offsets and strides counting array
// elements (here also of a vec4<f32> array), result matrix types as the
// template argument of both multiplies, a load through a pointer
// parameter, and a workgroup staging tile. The IR (and so the SPIR-V and
// MSL) is what the same module gives with Chromium's name.
enable subgroup_matrix;

alias L = subgroup_matrix_left<f32, 8, 8>;
alias R = subgroup_matrix_right<f32, 8, 8>;
alias A = subgroup_matrix_result<f32, 8, 8>;

struct Params {
    k_tiles: u32,
    stride: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;

var<workgroup> tile: array<f32, 256>;

fn load_left(p: ptr<storage, array<f32>, read>, offset: u32, stride: u32) -> L {
    return subgroupMatrixLoad<L, row_major>(p, offset, stride);
}

@compute @workgroup_size(64)
fn main(@builtin(subgroup_id) sg: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    var acc = A();
    for (var t = 0u; t < params.k_tiles; t++) {
        let l = load_left(&a, wid.x * 64u + t * 8u, params.stride);
        // Column-major 8x8 f32 from vec4<f32>: a column is two elements.
        let r = subgroupMatrixLoad<R, col_major>(&b, t * 16u, 2u);
        acc = subgroupMatrixMultiplyAccumulate<A>(l, r, acc);
    }
    acc = subgroupMatrixScalarAdd(acc, 1.0);
    let bias = subgroupMatrixMultiply<A>(L(0.5), R(2.0));
    acc = subgroupMatrixMultiplyAccumulate<A>(L(1.0), R(), acc);
    subgroupMatrixStore<row_major>(&tile, (sg % 4u) * 64u, acc, 8u);
    workgroupBarrier();
    let t = subgroupMatrixLoad<A, col_major>(&tile, 0u, 8u);
    subgroupMatrixStore<row_major>(&c, wid.x * 64u, subgroupMatrixScalarMultiply(t, 0.5), 8u);
    subgroupMatrixStore<col_major>(&c, wid.x * 64u + 4096u, bias, 8u);
}

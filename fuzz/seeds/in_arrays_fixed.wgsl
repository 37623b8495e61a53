// Fixed-size arrays: in every address space, constant and dynamic indexing,
// nested arrays, array constructors and array assignment.
const weights = array<f32, 5>(0.0625, 0.25, 0.375, 0.25, 0.0625);

var<private> lut: array<u32, 8> = array<u32, 8>(1u, 2u, 4u, 8u, 16u, 32u, 64u, 128u);
var<workgroup> tile: array<array<f32, 16>, 16>;

struct Block {
    values: array<vec4<f32>, 4>,
}

@group(0) @binding(0) var<uniform> block: Block;
@group(0) @binding(1) var<storage, read_write> out: array<f32, 256>;

@compute @workgroup_size(16, 16)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
    var local: array<f32, 5>;
    for (var i = 0u; i < 5u; i++) {
        local[i] = weights[i] * block.values[i % 4u][lid.x % 4u];
    }
    let copy = local;
    tile[lid.y][lid.x] = copy[lid.x % 5u] + f32(lut[lid.y % 8u]);
    workgroupBarrier();
    var acc = 0.0;
    for (var k = 0u; k < 16u; k++) {
        acc += tile[k][lid.x];
    }
    out[lid.y * 16u + lid.x] = acc;
}

// binding_array<texture_2d<u32>, 3> (language feature sized_binding_array):
// three 2x1 textures at one binding, given one after another; element k's
// texel (x, 0) has red channel 10 * (k + 1) + x. Indices are dynamically
// uniform (Vulkan needs that without NonUniform; see docs).
// - Entries 0..5: a loop over k = 0..2 and x = 0..1 (a runtime index):
//   out[3x + k] = 10 * (k + 1) + x -> 10, 20, 30, 11, 21, 31.
// - Entry 6: element 7, a runtime index read from a buffer, is out of
//   bounds; tessera clamps it to the last element (2): texel (0, 0) = 30.
// - Entry 7: element 1 through a function parameter of the binding
//   array's type, constant index, x = 1: 21.
// texture 0:0 = 2x1:u32:10,0,0,0, 11,0,0,0, 20,0,0,0, 21,0,0,0, 30,0,0,0, 31,0,0,0
// buffer 0:2 = u32:7
// expect 0:1 = u32:10, 20, 30, 11, 21, 31, 30, 21
// bounds-checks: on

@group(0) @binding(0) var textures: binding_array<texture_2d<u32>, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(2) var<storage, read> far: u32;

fn second(ts: binding_array<texture_2d<u32>, 3>, x: i32) -> u32 {
    return textureLoad(ts[1], vec2<i32>(x, 0), 0).x;
}

@compute @workgroup_size(1)
fn main() {
    for (var x = 0u; x < 2u; x++) {
        for (var k = 0u; k < 3u; k++) {
            out[3u * x + k] = textureLoad(textures[k], vec2<u32>(x, 0u), 0).x;
        }
    }
    out[6] = textureLoad(textures[far], vec2<u32>(0u, 0u), 0).x;
    out[7] = second(textures, 1);
}

// A read_write storage texture (r32uint): each invocation reads its texel,
// doubles it and adds its index, and stores it back; textureDimensions of
// a storage texture. Texels 1..4 become 2, 5, 8, 11.
// texture 0:0 = 4x1:u32:1,2,3,4
// expect 0:0 = u32:2, 5, 8, 11
// expect 0:1 = u32:4, 1

@group(0) @binding(0) var t: texture_storage_2d<r32uint, read_write>;
@group(0) @binding(1) var<storage, read_write> dims: vec2<u32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    let c = vec2(i, 0u);
    let v = textureLoad(t, c).x;
    textureStore(t, c, vec4(v * 2u + i));
    if i == 0u {
        dims = textureDimensions(t);
    }
}

// textureLoad of a sampled texture_2d<f32> with two mip levels, and
// textureDimensions / textureNumLevels (spec, "Texture Built-in
// Functions"). Level 0 is 2x2 (texels 1..4 in the r channel, 10x in g),
// level 1 is 1x1 (r = 9). textureLoad returns the texel as stored.
// texture 0:0 = 2x2/2:f32:1,10,0,1, 2,20,0,1, 3,30,0,1, 4,40,0,1, 9,90,0,1
// expect 0:1 = f32:1,10,0,1, 2,20,0,1, 3,30,0,1, 4,40,0,1, 9,90,0,1
// expect 0:2 = u32:2,2, 1,1, 2

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> texels: array<vec4<f32>, 5>;
@group(0) @binding(2) var<storage, read_write> dims: array<u32, 5>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0; i < 4; i++) {
        texels[i] = textureLoad(t, vec2<i32>(i % 2, i / 2), 0);
    }
    texels[4] = textureLoad(t, vec2<u32>(0u, 0u), 1u);
    let d0 = textureDimensions(t);
    let d1 = textureDimensions(t, 1);
    dims[0] = d0.x;
    dims[1] = d0.y;
    dims[2] = d1.x;
    dims[3] = d1.y;
    dims[4] = textureNumLevels(t);
}

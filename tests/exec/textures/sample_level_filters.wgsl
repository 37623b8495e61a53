// textureSampleLevel with nearest and linear filtering at level 0 of a 4x1
// texture whose r channel is 10, 20, 30, 40 (texel centres at u = 0.125,
// 0.375, 0.625, 0.875). Nearest at u = 0.3 is texel 1 (20). Linear at
// u = 0.5 lies halfway between the centres of texels 1 and 2: 25; at
// u = 0.125 exactly on texel 0's centre: 10. Filtering weights have
// limited precision on GPUs, hence the tolerance (well under one step).
// texture 0:0 = 4x1:f32:10,0,0,1, 20,0,0,1, 30,0,0,1, 40,0,0,1
// sampler 0:1 = nearest
// sampler 0:2 = linear
// expect 0:3 = f32:20, 25, 10, 10
// tolerance: 1e-3

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var near: sampler;
@group(0) @binding(2) var lin: sampler;
@group(0) @binding(3) var<storage, read_write> r: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
    r[0] = textureSampleLevel(t, near, vec2(0.3, 0.5), 0.0).r;
    r[1] = textureSampleLevel(t, lin, vec2(0.5, 0.5), 0.0).r;
    r[2] = textureSampleLevel(t, lin, vec2(0.125, 0.5), 0.0).r;
    r[3] = textureSampleLevel(t, near, vec2(0.01, 0.99), 0.0).r;
}

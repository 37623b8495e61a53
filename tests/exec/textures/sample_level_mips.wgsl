// textureSampleLevel picks the mip level: a 2x2 level 0 (r = 1) and a 1x1
// level 1 (r = 5); level 1.0 samples level 1, level 0.0 level 0; with a
// linear sampler (linear between levels too) level 0.5 is halfway: 3.
// Levels past the last clamp to it (Vulkan's maxLod is unbounded here,
// the image has two levels): level 7 gives 5.
// texture 0:0 = 2x2/2:f32:1,0,0,1, 1,0,0,1, 1,0,0,1, 1,0,0,1, 5,0,0,1
// sampler 0:1 = linear
// expect 0:2 = f32:1, 5, 3, 5
// tolerance: 1e-2

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> r: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
    let uv = vec2(0.5, 0.5);
    r[0] = textureSampleLevel(t, s, uv, 0.0).r;
    r[1] = textureSampleLevel(t, s, uv, 1.0).r;
    r[2] = textureSampleLevel(t, s, uv, 0.5).r;
    r[3] = textureSampleLevel(t, s, uv, 7.0).r;
}

// textureSampleCompareLevel on a depth texture: the result is 1.0 where
// the comparison `reference OP texel` holds (WebGPU's compare function:
// "less" passes when the provided value is less than the sampled one),
// else 0.0; with nearest filtering each sample compares one texel. Texels
// 0.25 and 0.75; reference 0.5: less fails on texel 0 and passes on
// texel 1. textureLoad of a depth texture returns the depth.
// texture 0:0 = 2x1:f32:0.25, 0.75
// sampler 0:1 = nearest,compare=less
// expect 0:2 = f32:0, 1, 0.25, 0.75

@group(0) @binding(0) var d: texture_depth_2d;
@group(0) @binding(1) var s: sampler_comparison;
@group(0) @binding(2) var<storage, read_write> r: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
    r[0] = textureSampleCompareLevel(d, s, vec2(0.25, 0.5), 0.5);
    r[1] = textureSampleCompareLevel(d, s, vec2(0.75, 0.5), 0.5);
    r[2] = textureLoad(d, vec2(0, 0), 0);
    r[3] = textureLoad(d, vec2(1, 0), 0);
}

// Address modes with nearest filtering on a 4x1 texture (r = 10, 20, 30,
// 40). u = 1.3: clamp-to-edge gives the last texel (40); repeat wraps to
// 0.3, texel 1 (20); mirrored repeat reflects to 0.7, texel 2 (30).
// u = -0.1: clamp gives texel 0 (10), repeat 0.9 -> texel 3 (40), mirror
// 0.1 -> texel 0 (10). v = 0.5 throughout.
// texture 0:0 = 4x1:f32:10,0,0,1, 20,0,0,1, 30,0,0,1, 40,0,0,1
// sampler 0:1 = nearest,clamp
// sampler 0:2 = nearest,repeat
// sampler 0:3 = nearest,mirror
// expect 0:4 = f32:40, 20, 30, 10, 40, 10

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var clamp_s: sampler;
@group(0) @binding(2) var repeat_s: sampler;
@group(0) @binding(3) var mirror_s: sampler;
@group(0) @binding(4) var<storage, read_write> r: array<f32, 6>;

@compute @workgroup_size(1)
fn main() {
    r[0] = textureSampleLevel(t, clamp_s, vec2(1.3, 0.5), 0.0).r;
    r[1] = textureSampleLevel(t, repeat_s, vec2(1.3, 0.5), 0.0).r;
    r[2] = textureSampleLevel(t, mirror_s, vec2(1.3, 0.5), 0.0).r;
    r[3] = textureSampleLevel(t, clamp_s, vec2(-0.1, 0.5), 0.0).r;
    r[4] = textureSampleLevel(t, repeat_s, vec2(-0.1, 0.5), 0.0).r;
    r[5] = textureSampleLevel(t, mirror_s, vec2(-0.1, 0.5), 0.0).r;
}

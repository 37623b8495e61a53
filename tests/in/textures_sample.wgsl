// The sampling builtins on every sampled texture kind: implicit, biased,
// explicit-level and gradient sampling, offsets, arrays, cubes, depth
// comparisons, gathers and textureSampleBaseClampToEdge.
@group(0) @binding(0) var t1: texture_1d<f32>;
@group(0) @binding(1) var t2: texture_2d<f32>;
@group(0) @binding(2) var t2a: texture_2d_array<f32>;
@group(0) @binding(3) var t3: texture_3d<f32>;
@group(0) @binding(4) var tc: texture_cube<f32>;
@group(0) @binding(5) var tca: texture_cube_array<f32>;
@group(0) @binding(6) var ti: texture_2d<i32>;
@group(0) @binding(7) var d2: texture_depth_2d;
@group(0) @binding(8) var d2a: texture_depth_2d_array;
@group(0) @binding(9) var dc: texture_depth_cube;
@group(1) @binding(0) var s: sampler;
@group(1) @binding(1) var sc: sampler_comparison;

@fragment
fn fs(@location(0) uv: vec2f, @location(1) dir: vec3f) -> @location(0) vec4f {
    var r = textureSample(t1, s, uv.x);
    r += textureSample(t2, s, uv);
    r += textureSample(t2, s, uv, vec2i(1, -1));
    r += textureSample(t2a, s, uv, 3u);
    r += textureSample(t3, s, dir);
    r += textureSample(tc, s, dir);
    r += textureSample(tca, s, dir, 1i);
    r += textureSampleBias(t2, s, uv, 0.5);
    r += textureSampleBias(t2a, s, uv, 2i, -0.5, vec2i(2, 0));
    r += textureSampleLevel(t1, s, uv.x, 1.0);
    r += textureSampleLevel(t2, s, uv, 1.5);
    r += textureSampleLevel(tc, s, dir, 0.0);
    r += textureSampleGrad(t2, s, uv, vec2f(0.1), vec2f(0.2));
    r += textureSampleGrad(t3, s, dir, vec3f(0.1), vec3f(0.2), vec3i(1));
    r += textureSampleBaseClampToEdge(t2, s, uv);
    r += textureGather(1, t2, s, uv);
    r += textureGather(0, t2a, s, uv, 1u, vec2i(1));
    r += textureGather(2, tc, s, dir);
    r += vec4f(textureGather(3, ti, s, uv));
    r += textureGather(d2, s, uv);
    r += textureGatherCompare(d2, sc, uv, 0.5);
    r += textureGatherCompare(d2a, sc, uv, 1u, 0.5, vec2i(-1));
    var d = textureSample(d2, s, uv);
    d += textureSampleCompare(d2, sc, uv, 0.5);
    d += textureSampleCompare(dc, sc, dir, 0.5);
    d += textureSampleCompareLevel(d2a, sc, uv, 2i, 0.5);
    d += textureSampleCompareLevel(d2, sc, uv, 0.5, vec2i(1, 1));
    d += textureSampleLevel(d2, s, uv, 1i);
    return r + vec4f(d);
}

// Explicit-level forms are allowed in every stage.
@group(2) @binding(0) var<storage, read_write> out: vec4f;

@compute @workgroup_size(1)
fn cs() {
    out = textureSampleLevel(t2a, s, vec2f(0.5), 1i, 0.0) + textureSampleGrad(t2, s, vec2f(0.5), vec2f(0.0), vec2f(0.0));
}

// textureLoad on every loadable kind (WGSL's clamping of coordinates,
// levels, layers and samples applies), textureStore with several texel
// formats and access modes, and the query builtins.
@group(0) @binding(0) var t1: texture_1d<f32>;
@group(0) @binding(1) var t2: texture_2d<u32>;
@group(0) @binding(2) var t2a: texture_2d_array<i32>;
@group(0) @binding(3) var t3: texture_3d<f32>;
@group(0) @binding(4) var tms: texture_multisampled_2d<f32>;
@group(0) @binding(5) var d2: texture_depth_2d;
@group(0) @binding(6) var dms: texture_depth_multisampled_2d;
@group(0) @binding(7) var tca: texture_cube_array<f32>;
@group(1) @binding(0) var w2: texture_storage_2d<rgba8unorm, write>;
@group(1) @binding(1) var r2: texture_storage_2d<r32float, read>;
@group(1) @binding(2) var rw2: texture_storage_2d_array<r32uint, read_write>;
@group(1) @binding(3) var w3: texture_storage_3d<rgba16float, write>;
@group(1) @binding(4) var w1: texture_storage_1d<rgba32sint, write>;
@group(2) @binding(0) var<storage, read_write> sums: array<vec4f, 4>;

@compute @workgroup_size(8, 8)
fn cs(@builtin(global_invocation_id) id: vec3u) {
    let c = vec2i(id.xy);
    var f = textureLoad(t1, c.x, 0) + textureLoad(t3, vec3i(c, 1), 1u);
    f += vec4f(textureLoad(t2, id.xy, 2i)) + vec4f(textureLoad(t2a, c, 1u, 0));
    f += textureLoad(tms, c, 3u) + vec4f(textureLoad(d2, c, 0) + textureLoad(dms, id.xy, 1));
    f += textureLoad(r2, c);
    textureStore(w2, c, f);
    let v = textureLoad(rw2, id.xy, 2);
    textureStore(rw2, id.xy, 2, v + vec4u(1u));
    textureStore(w3, vec3u(id.xy, 0u), vec4f(0.5));
    textureStore(w1, c.x, vec4i(-1, 0, 1, 2));
    sums[0] = vec4f(vec2f(textureDimensions(t2)), vec2f(textureDimensions(t2, 1)));
    sums[1] = vec4f(vec3f(textureDimensions(t3)), f32(textureDimensions(t1)));
    sums[2] = vec4f(f32(textureNumLevels(t2)), f32(textureNumLayers(t2a)), f32(textureNumSamples(tms)), f32(textureNumSamples(dms)));
    sums[3] = vec4f(vec2f(textureDimensions(tca)), f32(textureNumLayers(rw2)), f32(textureNumLayers(tca)));
}

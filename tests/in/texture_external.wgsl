// texture_external lowered to two planes and a parameters buffer: a global
// used directly and through a function parameter, with every builtin that
// takes an external texture.
@group(0) @binding(0) var video: texture_external;
@group(0) @binding(1) var smp: sampler;
@group(1) @binding(0) var<storage, read_write> out: array<vec4f, 4>;

fn load_through(tex: texture_external, coords: vec2i) -> vec4f {
    return textureLoad(tex, coords);
}

fn sample_through(tex: texture_external, s: sampler, uv: vec2f) -> vec4f {
    return textureSampleBaseClampToEdge(tex, s, uv);
}

@compute @workgroup_size(1)
fn main() {
    let size = textureDimensions(video);
    out[0] = vec4f(vec2f(size), 0.0, 1.0);
    out[1] = textureLoad(video, vec2u(1u, 2u));
    out[2] = load_through(video, vec2i(size / 2u));
    out[3] = textureSampleBaseClampToEdge(video, smp, vec2f(0.25, 0.75))
        + sample_through(video, smp, vec2f(0.5));
}

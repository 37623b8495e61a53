// The fragment_depth language feature (a depth promise per entry point),
// textures and samplers in `let` (texture_and_sampler_let) and in phony
// assignments.
requires fragment_depth;

@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var sam: sampler;

@fragment
fn less() -> @builtin(frag_depth, less) f32 {
    return 0.25;
}

struct Out {
    @location(0) color: vec4f,
    @builtin(frag_depth, greater) depth: f32,
}

@fragment
fn greater(@builtin(position) p: vec4f) -> Out {
    let s = sam;
    let t = tex;
    _ = sam;
    _ = tex;
    return Out(textureSample(t, s, p.xy), 0.75);
}

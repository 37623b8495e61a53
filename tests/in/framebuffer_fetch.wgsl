// Chromium's `chromium_experimental_framebuffer_fetch`, as Tint accepts it:
// `@color(N)` fragment inputs hold colour attachment N at the fragment.
// SPIR-V: the `framebuffer-fetch` pass reads them from subpass input
// attachments (group 66, binding N, InputAttachmentIndex N; f16 read as
// f32 and converted); MSL: `[[color(N)]]` stage-in members.
enable chromium_experimental_framebuffer_fetch;
enable f16;

struct In {
    @location(0) uv: vec4f,
    @color(1) previous: vec3u,
}

@fragment
fn blend(@builtin(position) pos: vec4f, @color(0) dst: vec4f, input: In) -> @location(0) vec4f {
    return dst * 0.5 + input.uv * pos.x + vec4f(input.previous.xyzx);
}

struct Colors {
    @color(0) a: vec2i,
    @color(3) b: f16,
}

@fragment
fn only_colors(c: Colors) -> @location(0) vec4f {
    return vec4f(vec2f(c.a), f32(c.b), 1.0);
}

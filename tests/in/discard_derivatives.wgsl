// `discard` (demote to helper: later derivatives stay defined, later
// writes are dropped) and every derivative builtin.
@group(0) @binding(0) var<storage, read_write> hits: atomic<u32>;

@fragment
fn fs(@location(0) uv: vec2f, @location(1) alpha: f32) -> @location(0) vec4f {
    if alpha < 0.5 {
        discard;
    }
    atomicAdd(&hits, 1u);
    let a = dpdx(uv.x) + dpdy(uv.y) + fwidth(alpha);
    let b = dpdxCoarse(uv) + dpdyCoarse(uv) + fwidthCoarse(uv);
    let c = dpdxFine(vec3f(uv, alpha)) + dpdyFine(vec3f(uv, alpha)) + fwidthFine(vec3f(uv, alpha));
    return vec4f(a, b.x + b.y, c.x + c.y, c.z);
}

fn helper(x: f32) -> f32 {
    if x > 2.0 {
        discard;
    }
    return x * 2.0;
}

@fragment
fn fs_helper(@location(0) x: f32) -> @location(0) f32 {
    return helper(x) + dpdx(x);
}

// Vectors: constructors, swizzles, component assignment, operators, comparisons.
@group(0) @binding(0) var<storage, read_write> buf: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> ibuf: array<vec4<i32>>;
@group(0) @binding(2) var<storage, read_write> masks: array<vec2<u32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    var v = buf[i];
    let w = v.wzyx * 2.0 + vec4<f32>(v.xy, 1.0, 0.0);
    v.x = w.y;
    v = vec4(v.xyz, dot(w.xyz, v.xyz));
    let r = vec4f(v.rg, w.ba);
    let c = cross(v.xyz, w.xyz);
    let n = normalize(c + vec3f(1.0));
    buf[i] = vec4f(n, length(r));

    var iv = ibuf[i];
    iv = iv * vec4i(2) - iv.yxwz / vec4i(1, 2, 3, 4);
    iv.z += 1;
    ibuf[i] = iv % vec4(5);

    let lt = v < w;
    let eq = vec2<bool>(iv.xy == vec2(0));
    masks[i] = vec2u(select(0u, 1u, all(lt)), select(0u, 2u, any(eq)))
        + vec2u(lt.xy) + vec2<u32>(vec2<f32>(2.5, 3.5));
}

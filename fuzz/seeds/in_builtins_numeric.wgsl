// Numeric builtin functions on scalars and vectors.
@group(0) @binding(0) var<storage, read_write> f: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> i: array<vec4<i32>>;
@group(0) @binding(2) var<storage, read_write> u: array<vec4<u32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let x = f[gid.x];
    let y = f[gid.x + 1u];
    var r = abs(x) + acos(clamp(x, vec4f(-1.0), vec4f(1.0))) + asin(y * 0.5);
    r += atan(x) + atan2(y, x) + acosh(abs(x) + 1.0) + asinh(x) + atanh(y * 0.5);
    r += ceil(x) + floor(y) + round(x) + trunc(y) + fract(x) + sign(y);
    r += cos(x) + cosh(y) + sin(x) + sinh(y) + tan(x) + tanh(y);
    r += degrees(x) + radians(y) + exp(x) + exp2(y) + log(abs(x) + 1.0) + log2(abs(y) + 1.0);
    r += inverseSqrt(abs(x) + 1.0) + sqrt(abs(y)) + pow(abs(x), y);
    r += fma(x, y, r) + mix(x, y, 0.25) + mix(x, y, y) + step(x, y) + smoothstep(vec4f(0.0), vec4f(1.0), x);
    r += max(x, y) + min(x, y) + saturate(x) + faceForward(x, y, r) + reflect(x, y) + refract(x, y, 1.33);
    r += vec4f(distance(x, y), length(x), dot(x, y), ldexp(x.w, 2));
    let m = modf(x.x);
    let fx = frexp(y);
    r += vec4f(m.fract, m.whole, fx.fract.x, f32(fx.exp.y));
    r += quantizeToF16(x);
    f[gid.x] = r;

    let a = i[gid.x];
    let b = i[gid.x + 1u];
    i[gid.x] = abs(a) + clamp(a, vec4i(-10), vec4i(10)) + max(a, b) + min(a, b) + sign(b)
        + vec4i(dot(a, b), dot4I8Packed(u32(a.x), u32(b.x)), 0, 0);

    let c = u[gid.x];
    let d = u[gid.x + 1u];
    u[gid.x] = clamp(c, vec4u(1u), vec4u(100u)) + max(c, d) + min(c, d)
        + vec4u(dot(c, d), dot4U8Packed(c.x, d.x), 0u, 0u);
}

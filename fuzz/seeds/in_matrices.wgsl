// Matrices of every shape used in compute: construction, arithmetic, columns.
struct Transforms {
    model: mat4x4<f32>,
    normal: mat3x3<f32>,
    uv: mat2x3<f32>,
    skew: mat3x2<f32>,
}

@group(0) @binding(0) var<uniform> xf: Transforms;
@group(0) @binding(1) var<storage, read_write> points: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> dets: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let p = points[gid.x];
    let moved = xf.model * p;
    let n = xf.normal * moved.xyz;
    let uv = xf.uv * vec2f(p.x, p.y);
    let sk = xf.skew * vec3f(1.0, 2.0, 3.0);
    let prod = xf.uv * xf.skew;
    var m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
    m = m * 2.0 + mat2x2f(vec2f(1.0), vec2f(0.5));
    m[1] = m[0] - m[1];
    m[0].y = 7.0;
    let t = transpose(xf.uv);
    let sum = xf.normal + prod - transpose(transpose(prod));
    dets[gid.x] = determinant(m) + determinant(xf.model) + determinant(sum) + t[2][1];
    points[gid.x] = vec4f(n + uv + vec3(sk, 0.0), 1.0) * xf.model;
}

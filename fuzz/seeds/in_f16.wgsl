// Half-precision floats: scalars, vectors, matrices, conversions, storage.
enable f16;

struct Half {
    scale: f16,
    bias: vec2<f16>,
    m: mat2x2<f16>,
}

@group(0) @binding(0) var<uniform> params: Half;
@group(0) @binding(1) var<storage, read> src: array<vec4<f16>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;

const half_pi: f16 = 1.5703125h;

fn affine(v: vec2<f16>) -> vec2<f16> {
    return params.m * v * params.scale + params.bias;
}

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let v = src[gid.x];
    let lo = affine(v.xy);
    let hi = affine(v.zw);
    let s = sin(lo.x * half_pi) + cos(hi.y);
    let clamped = clamp(vec4<f16>(lo, hi), vec4<f16>(-1.0h), vec4(1.0h));
    dst[gid.x] = vec4<f32>(clamped) + vec4<f32>(f32(s));
}

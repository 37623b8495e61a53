// Every concrete scalar type, conversions between them, and their operators.
struct Scalars {
    i: i32,
    u: u32,
    f: f32,
    flag: u32,
}

@group(0) @binding(0) var<storage, read> input: array<Scalars>;
@group(0) @binding(1) var<storage, read_write> output: array<Scalars>;

fn classify(x: f32) -> bool {
    return (x > 0.0 && !(x > 100.0)) || x == -1.0;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let s = input[gid.x];
    let as_u = u32(s.i);
    let as_i = i32(s.u);
    let as_f = f32(s.i) + f32(s.u);
    let back = i32(as_f);
    let b = classify(as_f);
    let b_as_u = u32(b);
    let from_bool = f32(s.flag != 0u);
    var r: Scalars;
    r.i = (as_i * 3 - back / 2) % 7 + (s.i << 2u) + (s.i >> 1u);
    r.u = (as_u & 0xffu) | (s.u ^ 0x55u) | ~s.u;
    r.f = -as_f * 0.5 + from_bool;
    r.flag = b_as_u + select(0u, 1u, bool(s.flag));
    output[gid.x] = r;
}

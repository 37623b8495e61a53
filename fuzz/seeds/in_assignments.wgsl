// Assignment forms: simple, compound (every operator), increment and
// decrement, phony assignment, assignment through pointers and members.
struct Acc {
    i: i32,
    u: u32,
    f: f32,
    v: vec3<f32>,
}

@group(0) @binding(0) var<storage, read_write> acc: array<Acc>;

fn side_effect(p: ptr<function, i32>) -> i32 {
    *p += 1;
    return *p;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var a = acc[gid.x];
    a.i += 3;
    a.i -= 1;
    a.i *= 2;
    a.i /= 3;
    a.i %= 5;
    a.i &= 0xff;
    a.i |= 0x100;
    a.i ^= 0x10;
    a.i <<= 2u;
    a.i >>= 1u;
    a.u++;
    a.u--;
    a.u += 1u;
    a.f *= 0.5;
    a.f /= 4.0;
    a.f -= 1.0;
    a.v += vec3f(1.0);
    a.v *= 2.0;
    a.v.y -= 3.0;
    var counter = 0;
    _ = side_effect(&counter);
    _ = acc[0];
    _ = &acc;
    let p = &a.v;
    (*p).z += 1.0;
    let q = &a.u;
    (*q)++;
    acc[gid.x] = a;
    acc[gid.x].i += counter;
}

// Assignment through swizzles (the swizzle_assignment language feature):
// plain and compound, chained, indexed with constant and runtime indices,
// on a local and through a pointer into a storage buffer. A view of
// several components becomes load/shuffle/store of the whole vector.
requires swizzle_assignment;

struct Buf {
    res: vec4u,
    f: vec3f,
}

@group(0) @binding(0) var<storage, read_write> buf: Buf;

@compute @workgroup_size(1)
fn main(@builtin(local_invocation_index) idx: u32) {
    var v = vec4u(1, 2, 3, 4);
    v.zy = vec2(5, 6);
    v.yz.yx = vec2(99, 100);
    v.yz.y = 200;
    v.rgb *= vec3(100);
    v.xyz[1] = 300;
    v.zyx[idx] = 400;
    v.xyz[0] += 500;
    v.wzyx = v;

    let p = &buf.res;
    p.xyzw = vec4u(0);
    p.zy = vec2(1, 2);
    p.yz.yx = vec2(3, 4);
    p.rgb += vec3(10) + v.xyz;
    p.zyx[idx] = 6;
    (*p).xw -= vec2(1u);
    buf.f.xz = vec2(0.5);
}

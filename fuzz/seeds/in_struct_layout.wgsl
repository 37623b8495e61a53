// Struct layout: @align and @size on members, nested structs, implicit padding.
struct Inner {
    a: vec3<f32>,
    @size(16) b: f32,
}

struct Outer {
    @align(16) header: u32,
    inner: Inner,
    @align(32) aligned: vec2<f32>,
    @size(24) sized: vec2<u32>,
    tail: array<Inner, 2>,
    last: f32,
}

@group(0) @binding(0) var<storage, read> src: Outer;
@group(0) @binding(1) var<storage, read_write> dst: Outer;

@compute @workgroup_size(1)
fn main() {
    var o = src;
    o.header += 1u;
    o.inner.a = o.tail[1].a + o.tail[0].a;
    o.inner.b = o.aligned.x * o.aligned.y;
    o.sized = o.sized.yx;
    o.last = o.inner.b + f32(o.header);
    dst = o;
}

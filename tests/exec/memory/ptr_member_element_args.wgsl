// Pointers to struct members and array elements passed to functions (spec,
// "Forming Reference and Pointer Values", and the language extension
// unrestricted_pointer_parameters, "Language Extensions", which lets a pointer
// argument be a view into part of its root variable). Works for function and
// private variables and for nested members and runtime indices.
//   var s: S = { a: 1, arr: (10, 20, 30), inner: { p: 5, q: vec2(6, 7) } }
//   put(&s.a, 100)                     -> s.a = 100
//   put(&s.arr[i], 200) with i = 2     -> s.arr[2] = 200
//   add(&s.inner.p, 3)                 -> s.inner.p = 8
//   setv(&s.inner.q, 9)                -> s.inner.q = (9, 10)
//   var grid: array<array<u32, 2>, 2> = 0; put(&grid[1][0], 42)
//   var list: array<S, 2>; put(&list[j].arr[j], 77) with j = 1 -> list[1].arr[1]
//   private pt: T (x: u32, y: array<u32, 2>); padd(&pt.y[1], 6) twice -> 12
// Results: s.a, s.arr[0..2], s.inner.p, s.inner.q, grid (4), list[1].arr[1],
//   list[0].arr[0], pt.x, pt.y[0], pt.y[1]
// buffer 0:0 = u32:2, 1
// expect 0:1 = 100, 10, 20, 200, 8, 9, 10, 0, 0, 42, 0, 77, 0, 0, 0, 12

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;

struct Inner {
    p: u32,
    q: vec2<u32>,
}
struct S {
    a: u32,
    arr: array<u32, 3>,
    inner: Inner,
}
struct T {
    x: u32,
    y: array<u32, 2>,
}

var<private> pt: T;

fn put(p: ptr<function, u32>, v: u32) { *p = v; }
fn add(p: ptr<function, u32>, v: u32) { *p += v; }
fn setv(p: ptr<function, vec2<u32>>, v: u32) { *p = vec2(v, v + 1u); }
fn padd(p: ptr<private, u32>, v: u32) { *p += v; }

@compute @workgroup_size(1)
fn main() {
    let i = inp[0];
    let j = inp[1];
    var s = S(1u, array(10u, 20u, 30u), Inner(5u, vec2(6u, 7u)));
    put(&s.a, 100u);
    put(&s.arr[i], 200u);
    add(&s.inner.p, 3u);
    setv(&s.inner.q, 9u);
    var grid: array<array<u32, 2>, 2>;
    put(&grid[j][0], 42u);
    var list: array<S, 2>;
    put(&list[j].arr[j], 77u);
    padd(&pt.y[j], 6u);
    padd(&pt.y[j], 6u);
    out[0] = s.a;
    out[1] = s.arr[0];
    out[2] = s.arr[1];
    out[3] = s.arr[2];
    out[4] = s.inner.p;
    out[5] = s.inner.q.x;
    out[6] = s.inner.q.y;
    out[7] = grid[0][0];
    out[8] = grid[0][1];
    out[9] = grid[1][0];
    out[10] = grid[1][1];
    out[11] = list[1].arr[1];
    out[12] = list[0].arr[0];
    out[13] = pt.x;
    out[14] = pt.y[0];
    out[15] = pt.y[1];
}

// `let` declarations of pointer type (spec, "let Declarations", "Forming
// Reference and Pointer Values", "Address-Of Expression", "Indirection
// Expression"; the pointer_composite_access language extension lets `p.m` and
// `p[i]` be used on a pointer directly):
//  1. let p = &v.b; *p = 7; *p += 1           -> v.b = 8
//  2. let q = &v; q.a = 5 (composite access through the pointer) -> v.a = 5
//  3. let e = &arr[k] with k = 1, then k = 3, then *e = 50: the index was
//     taken when the let was evaluated, so arr[1] = 50 and arr[3] stays 0
//  4. let r = &*&arr; r[2] = 60; (*r)[0] = 61  -> arr = 61, 50, 60, 0
//  5. let m = &v.inner; m.c[1] = 9 and (*m).c[0] = (*m).c[1] + 1 -> c = 10, 9
//  6. reading through pointers sees later writes: let pa = &v.a; v.a = 6;
//     out = *pa  -> 6
// Results: v.a (after 6), v.b, arr[0..3], v.inner.c, *pa, *p
// buffer 0:0 = u32:1, 3
// expect 0:1 = 6, 8, 61, 50, 60, 0, 10, 9, 6, 8

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 10>;

struct In {
    c: array<u32, 2>,
}
struct V {
    a: u32,
    b: u32,
    inner: In,
}

@compute @workgroup_size(1)
fn main() {
    var v: V;
    let p = &v.b;
    *p = 7u;
    *p += 1u;
    let q = &v;
    q.a = 5u;
    var arr: array<u32, 4>;
    var k = inp[0];
    let e = &arr[k];
    k = inp[1];
    *e = 50u;
    let r = &*&arr;
    r[2] = 60u;
    (*r)[0] = 61u;
    let m = &v.inner;
    m.c[1] = 9u;
    (*m).c[0] = (*m).c[1] + 1u;
    let pa = &v.a;
    v.a = 6u;
    out[0] = v.a;
    out[1] = v.b;
    out[2] = arr[0];
    out[3] = arr[1];
    out[4] = arr[2];
    out[5] = arr[3];
    out[6] = v.inner.c[0];
    out[7] = v.inner.c[1];
    out[8] = *pa;
    out[9] = *p;
}

// Pointer parameters as out-parameters, and pointers derived from a pointer
// parameter passed on to further calls (spec, "Forming Reference and Pointer
// Values"; "Language Extensions": unrestricted_pointer_parameters allows
// `&(*p).member` and `&p.arr[i]` as arguments; pointer_composite_access
// allows `p.arr[i]`).
//   divmod(a, b, &q, &r) for (a, b) = (17, 5), (40, 7), (3, 9):
//     q, r = 3 2, 5 5, 0 3
//   fill(p: ptr<function, S>) calls set_one(&(*p).x, 7), set_one(&p.arr[1], 8),
//   set_one(&(*p).arr[2], 9) and twice(&p.inner.k) (k starts 21) on a var
//   s = S(0, (1, 2, 3), Inner(21)): s = 7, (1, 8, 9), 42
//   The same through a ptr<private, S> to a private var ps: 7, (0, 8, 9), 0
//   (its inner.k is 0, and twice(0) is 0)
// buffer 0:0 = u32:17, 5, 40, 7, 3, 9
// expect 0:1 = 3, 2, 5, 5, 0, 3, 7, 1, 8, 9, 42, 7, 0, 8, 9, 0

@group(0) @binding(0) var<storage, read> inp: array<u32, 6>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;

struct Inner {
    k: u32,
}
struct S {
    x: u32,
    arr: array<u32, 3>,
    inner: Inner,
}

var<private> ps: S;

fn divmod(a: u32, b: u32, q: ptr<function, u32>, r: ptr<function, u32>) {
    *q = a / b;
    *r = a - *q * b;
}
fn set_one(p: ptr<function, u32>, v: u32) { *p = v; }
fn twice(p: ptr<function, u32>) { *p = *p * 2u; }
fn fill(p: ptr<function, S>) {
    set_one(&(*p).x, 7u);
    set_one(&p.arr[1], 8u);
    set_one(&(*p).arr[2], 9u);
    twice(&p.inner.k);
}
fn pset_one(p: ptr<private, u32>, v: u32) { *p = v; }
fn ptwice(p: ptr<private, u32>) { *p = *p * 2u; }
fn pfill(p: ptr<private, S>) {
    pset_one(&(*p).x, 7u);
    pset_one(&p.arr[1], 8u);
    pset_one(&(*p).arr[2], 9u);
    ptwice(&p.inner.k);
}

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 3u; i++) {
        var q: u32;
        var r: u32;
        divmod(inp[2u * i], inp[2u * i + 1u], &q, &r);
        out[2u * i] = q;
        out[2u * i + 1u] = r;
    }
    var s = S(0u, array(1u, 2u, 3u), Inner(21u));
    fill(&s);
    out[6] = s.x;
    out[7] = s.arr[0];
    out[8] = s.arr[1];
    out[9] = s.arr[2];
    out[10] = s.inner.k;
    pfill(&ps);
    out[11] = ps.x;
    out[12] = ps.arr[0];
    out[13] = ps.arr[1];
    out[14] = ps.arr[2];
    out[15] = ps.inner.k;
}

// ptr<private, T> parameters (spec, "Pointer Types", "Restrictions on
// Functions"): the same helper works on different private variables, and a
// private variable changed through a pointer is seen by a function that reads
// it directly afterwards. Private variables hold values per invocation: two
// invocations each write their own copy.
// Invocation id (0 or 1) with base = 10 * (id + 1):
//   add(&pa, base) twice: pa = 2 * base; add(&pb, 1): pb = 1
//   setv(&pv, id): pv = vec2(id, id + 5)
//   setarr(&parr, 2, base + 3): parr[2] = base + 3 (runtime index via input)
//   set_member(&ps, 7): ps.b = 7 (whole-struct pointer, member written)
//   readpa() reads pa directly: 2 * base
// Per invocation: pa, pb, pv.x, pv.y, parr[0], parr[2], ps.a, ps.b, readpa()
//   Id 0: 20, 1, 0, 5, 0, 13, 0, 7, 20
//   Id 1: 40, 1, 1, 6, 0, 23, 0, 7, 40
// buffer 0:0 = u32:2
// expect 0:1 = 20, 1, 0, 5, 0, 13, 0, 7, 20
// expect 0:1 = 40, 1, 1, 6, 0, 23, 0, 7, 40

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 18>;

struct S {
    a: u32,
    b: u32,
}

var<private> pa: u32;
var<private> pb: u32;
var<private> pv: vec2<u32>;
var<private> parr: array<u32, 4>;
var<private> ps: S;

fn add(p: ptr<private, u32>, k: u32) { *p += k; }
fn setv(p: ptr<private, vec2<u32>>, id: u32) { *p = vec2(id, id + 5u); }
fn setarr(p: ptr<private, array<u32, 4>>, i: u32, v: u32) { (*p)[i] = v; }
fn set_member(p: ptr<private, S>, v: u32) { (*p).b = v; }
fn readpa() -> u32 { return pa; }

@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) id: u32) {
    let base = 10u * (id + 1u);
    add(&pa, base);
    add(&pa, base);
    add(&pb, 1u);
    setv(&pv, id);
    setarr(&parr, inp[0], base + 3u);
    set_member(&ps, 7u);
    let o = id * 9u;
    out[o] = pa;
    out[o + 1u] = pb;
    out[o + 2u] = pv.x;
    out[o + 3u] = pv.y;
    out[o + 4u] = parr[0];
    out[o + 5u] = parr[2];
    out[o + 6u] = ps.a;
    out[o + 7u] = ps.b;
    out[o + 8u] = readpa();
}

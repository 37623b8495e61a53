// ptr<storage, T, read_write> and ptr<storage, T, read> parameters (spec,
// "Restrictions on Functions" with unrestricted_pointer_parameters, "Language
// Extensions"): helpers read and write storage buffers through pointers to the
// whole buffer variable, to a struct member, to an array element (runtime
// index) and to a member of an element in a runtime-sized array.
//   src (read) = { k: 3, vals: 5, 6, 7, 8 }
//   dst (read_write) = struct { total: u32, items: array<u32, 4>, v: vec2<u32> }
//   total(&src.vals) = 26                     -> dst.total via put(&dst.total, ..)
//   copy_scaled(&src, &dst.items): items[i] = vals[i] * k = 15 18 21 24
//   bump(&dst.items[j], 100) with j = k - 1 = 2  -> items[2] = 121
//   setv(&dst.v) = (k, k * k) = (3, 9)
//   rt (runtime-sized array<P>, P = { a: u32, b: u32 }, 3 elements given):
//   bump(&rt[i].b, 5) for i = 0..2, starting b = 1, 2, 3 -> 6, 7, 8
//   whole(&dst) reads back dst.total + dst.items[3] through a read_write pointer
//   and writes it to rt[0].a -> 26 + 24 = 50
// buffer 0:0 = u32:3, 5, 6, 7, 8
// buffer 0:2 = u32:0, 1, 0, 2, 0, 3
// expect 0:1 = 26, 15, 18, 121, 24, 3, 9
// expect 0:2 = 50, 6, 0, 7, 0, 8

struct Src {
    k: u32,
    vals: array<u32, 4>,
}
struct Dst {
    total: u32,
    items: array<u32, 4>,
    v: vec2<u32>,
}
struct P {
    a: u32,
    b: u32,
}

@group(0) @binding(0) var<storage, read> src: Src;
@group(0) @binding(1) var<storage, read_write> dst: Dst;
@group(0) @binding(2) var<storage, read_write> rt: array<P>;

fn total(p: ptr<storage, array<u32, 4>, read>) -> u32 {
    var t = 0u;
    for (var i = 0u; i < 4u; i++) {
        t += (*p)[i];
    }
    return t;
}
fn put(p: ptr<storage, u32, read_write>, v: u32) { *p = v; }
fn copy_scaled(s: ptr<storage, Src, read>, d: ptr<storage, array<u32, 4>, read_write>) {
    for (var i = 0u; i < 4u; i++) {
        (*d)[i] = (*s).vals[i] * (*s).k;
    }
}
fn bump(p: ptr<storage, u32, read_write>, v: u32) { *p += v; }
fn setv(p: ptr<storage, vec2<u32>, read_write>, k: u32) { *p = vec2(k, k * k); }
fn whole(d: ptr<storage, Dst, read_write>) -> u32 { return (*d).total + (*d).items[3]; }

@compute @workgroup_size(1)
fn main() {
    put(&dst.total, total(&src.vals));
    copy_scaled(&src, &dst.items);
    bump(&dst.items[src.k - 1u], 100u);
    setv(&dst.v, src.k);
    for (var i = 0u; i < arrayLength(&rt); i++) {
        bump(&rt[i].b, 5u);
    }
    rt[0].a = whole(&dst);
}

// Arrays and structs returned from functions (spec, "Return Statement", "Function
// Calls": the call evaluates to the return value). The returned value is a
// copy, so changing the callee's source afterwards does not change it.
//   make(k) = array(k, k + 1, k + 2); make(5) indexed at runtime i = 1 -> 6
//   mk_s(k): S with x = k and arr = make(10 * k); mk_s(2).arr[2] -> 22; .x -> 2
//   with_hole(a) returns a copy of a with [1] = 0: with_hole(make(7)) -> 7 0 9
//   priv_snapshot() returns the private array pa (1, 2); then pa[0] = 50:
//     the returned value keeps 1; pa[0] is 50
//   the whole struct mk_nested(3) = N(make(3), mk_s(4)) stored to a storage
//     struct gives 3 4 5, 4, 40 41 42
// buffer 0:0 = u32:1
// expect 0:1 = 6, 22, 2, 7, 0, 9, 1, 50
// expect 0:2 = 3, 4, 5, 4, 40, 41, 42

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> res: N;

struct S {
    x: u32,
    arr: array<u32, 3>,
}
struct N {
    a: array<u32, 3>,
    s: S,
}

var<private> pa: array<u32, 2> = array(1u, 2u);

fn make(k: u32) -> array<u32, 3> { return array(k, k + 1u, k + 2u); }
fn mk_s(k: u32) -> S {
    var s: S;
    s.x = k;
    s.arr = make(10u * k);
    return s;
}
fn with_hole(a: array<u32, 3>) -> array<u32, 3> {
    var b = a;
    b[1] = 0u;
    return b;
}
fn priv_snapshot() -> array<u32, 2> { return pa; }
fn mk_nested(k: u32) -> N { return N(make(k), mk_s(k + 1u)); }

@compute @workgroup_size(1)
fn main() {
    let one = inp[0];
    out[0] = make(5u * one)[one];
    let s = mk_s(2u * one);
    out[1] = s.arr[2];
    out[2] = s.x;
    let h = with_hole(make(7u * one));
    out[3] = h[0];
    out[4] = h[1];
    out[5] = h[2];
    let snap = priv_snapshot();
    pa[0] = 50u;
    out[6] = snap[0];
    out[7] = pa[0];
    res = mk_nested(3u * one);
}

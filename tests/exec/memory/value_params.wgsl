// Arrays and structs passed to functions by value (spec, "Function Calls": the
// formal parameters take the argument values; "Formal Parameter Expression":
// a parameter names a value). The callee copies a parameter into a var and
// changes the copy; the caller's variable is unchanged. Parameters are indexed
// with runtime indices, and an element of a storage array of structs is
// passed by value.
//   a = 1 2 3 4 (input)
//   tweak(a) = copy c, c[0] = 99, returns c[0] + a[0] (the parameter) = 100
//   after the call a[0] is still 1
//   pick(a, i) = a[i] with i = a[3] - 2 = 2 -> 3
//   S s = { k: 5, arr: (6, 7) }: bump(s) returns the copy's k + 10 + arr[1] = 22,
//     the caller's s.k is still 5
//   sum_items(items): items = array<S, 2> of ((1, (2, 3)), (4, (5, 6))) -> 21
//   from storage: pick_s(buf[1]) = buf[1].k * 100 + buf[1].arr[0] = 7 * 100 + 8 = 708
//   a value parameter sent on to a second function: twice(s) = bump(s) * 2 = 44
// buffer 0:0 = u32:1, 2, 3, 4
// buffer 0:2 = u32:1, 2, 3, 7, 8, 9
// expect 0:1 = 100, 1, 3, 22, 5, 21, 708, 44

@group(0) @binding(0) var<storage, read> inp: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(2) var<storage, read> buf: array<S, 2>;

struct S {
    k: u32,
    arr: array<u32, 2>,
}

fn tweak(a: array<u32, 4>) -> u32 {
    var c = a;
    c[0] = 99u;
    return c[0] + a[0];
}
fn pick(a: array<u32, 4>, i: u32) -> u32 { return a[i]; }
fn bump(s: S) -> u32 {
    var t = s;
    t.k += 10u;
    return t.k + t.arr[1];
}
fn twice(s: S) -> u32 { return bump(s) * 2u; }
fn sum_items(items: array<S, 2>) -> u32 {
    var t = 0u;
    for (var i = 0u; i < 2u; i++) {
        t += items[i].k + items[i].arr[0] + items[i].arr[1];
    }
    return t;
}
fn pick_s(s: S) -> u32 { return s.k * 100u + s.arr[0]; }

@compute @workgroup_size(1)
fn main() {
    var a = inp;
    out[0] = tweak(a);
    out[1] = a[0];
    out[2] = pick(a, a[3] - 2u);
    var s = S(inp[3] + 1u, array(inp[3] + 2u, inp[3] + 3u));
    out[3] = bump(s);
    out[4] = s.k;
    var items = array(S(1u, array(2u, 3u)), S(4u, array(5u, 6u)));
    items[0].k = inp[0];
    out[5] = sum_items(items);
    out[6] = pick_s(buf[1]);
    out[7] = twice(s);
}

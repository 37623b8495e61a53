// Call arguments are evaluated left to right (spec, "Function Calls": "The
// relative order of evaluation is left-to-right"; "Program Order Within an
// Invocation"), also for value constructors and built-in calls, and nested calls
// finish before the next argument starts. nxt(v) records v and returns it;
// cnt() increments the private counter ctr and returns its new value.
// Second binding (results):
//  0. three(nxt(1), nxt(2), nxt(3)) = 123                    trace 1 2 3
//  1. three(nxt(4), three(nxt(5), nxt(6), nxt(7)), nxt(8))
//     = 400 + 567*10 + 8 = 6078                             trace 4 5 6 7 8
//  2. three(cnt(), cnt(), cnt()) = 123
//  3. vec3(cnt(), cnt(), cnt()) = (4, 5, 6) -> 456
//  4. array(cnt(), cnt(), cnt()) = (7, 8, 9) -> 789
//  5. S(cnt(), cnt(), cnt()) = (10, 11, 12) -> 1000 + 110 + 12 = 1122
//  6. three(ctr, cnt(), ctr): reads 12, then cnt() = 13, then reads 13
//     -> 1200 + 130 + 13 = 1343
//  7. max(nxt(20), nxt(10)) = 20                             trace 20 10
//  8. clamp(nxt(30), nxt(31), nxt(32)) = 31                  trace 30 31 32
//  9. select(nxt(40), nxt(41), nxt(42) == 42) = 41           trace 40 41 42
// buffer 0:0 = u32:1
// expect 0:1 = 1, 2, 3, 4, 5, 6, 7, 8, 20, 10, 30, 31, 32, 40, 41, 42
// expect 0:2 = 123, 6078, 123, 456, 789, 1122, 1343, 20, 31, 41

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;
@group(0) @binding(2) var<storage, read_write> res: array<u32, 10>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }
fn nxt(v: u32) -> u32 {
    rec(v);
    return v * inp[0];
}
var<private> ctr: u32;
fn cnt() -> u32 {
    ctr++;
    return ctr;
}
fn three(a: u32, b: u32, c: u32) -> u32 { return a * 100u + b * 10u + c; }

struct S {
    a: u32,
    b: u32,
    c: u32,
}

@compute @workgroup_size(1)
fn main() {
    res[0] = three(nxt(1u), nxt(2u), nxt(3u));
    res[1] = three(nxt(4u), three(nxt(5u), nxt(6u), nxt(7u)), nxt(8u));
    res[2] = three(cnt(), cnt(), cnt());
    let v = vec3(cnt(), cnt(), cnt());
    res[3] = three(v.x, v.y, v.z);
    let a = array(cnt(), cnt(), cnt());
    res[4] = three(a[0], a[1], a[2]);
    let s = S(cnt(), cnt(), cnt());
    res[5] = three(s.a, s.b, s.c);
    res[6] = three(ctr, cnt(), ctr);
    res[7] = max(nxt(20u), nxt(10u));
    res[8] = clamp(nxt(30u), nxt(31u), nxt(32u));
    res[9] = select(nxt(40u), nxt(41u), nxt(42u) == 42u);
}

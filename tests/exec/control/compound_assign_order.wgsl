// A compound assignment reads its left-hand side before evaluating the
// right-hand side (spec, "Compound Assignment": `e1 op= e2` behaves as
// `e1 = e1 op (e2)` with the reference e1 evaluated once; "Simple Assignment":
// evaluates r, then e; "Program Order Within an Invocation": operands left to
// right, so the load of e1 comes before e2; the spec's own rewrite is
// `{ let p = &(e1); *p = *p op (e2); }`). Here e2 is a call that writes 100 to
// the very location e1 names, then returns 1; the old value 5 comes from the input.
//  0. private scalar        g *= setg()          -> 5 * 1 = 5     (not 100)
//  1. private array element arr[2] += seta()     -> 5 + 1 = 6     (not 101)
//  2. private vector comp.  v.y += setv()        -> 6             (not 101)
//  3. storage element       res[7] += setres()   -> 6, copied to res[3]
//  4. function var through a pointer argument: x -= setp(&x) -> 5 - 1 = 4
// For contrast the written-out forms: g = g + setg() -> 6; g = setg() + g -> 101.
// buffer 0:0 = u32:5
// expect 0:1 = 5, 6, 6, 6, 4, 6, 101, 0

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> res: array<u32, 8>;

var<private> g: u32;
var<private> arr: array<u32, 4>;
var<private> v: vec4<u32>;
fn setg() -> u32 {
    g = 100u;
    return 1u;
}
fn seta() -> u32 {
    arr[2] = 100u;
    return 1u;
}
fn setv() -> u32 {
    v.y = 100u;
    return 1u;
}
fn setres() -> u32 {
    res[7] = 100u;
    return 1u;
}
fn setp(p: ptr<function, u32>) -> u32 {
    *p = 100u;
    return 1u;
}

@compute @workgroup_size(1)
fn main() {
    g = inp[0];
    g *= setg();
    res[0] = g;
    arr[2] = inp[0];
    arr[2] += seta();
    res[1] = arr[2];
    v.y = inp[0];
    v.y += setv();
    res[2] = v.y;
    res[7] = inp[0];
    res[7] += setres();
    res[3] = res[7];
    var x = inp[0];
    x -= setp(&x);
    res[4] = x;
    g = inp[0];
    g = g + setg();
    res[5] = g;
    g = inp[0];
    g = setg() + g;
    res[6] = g;
    res[7] = 0u;
}

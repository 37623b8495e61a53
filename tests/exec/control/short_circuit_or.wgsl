// `||` is short-circuiting (spec, "Logical Expressions": e2 is evaluated only
// when e1 is false). Right operands with side effects: t(v)/f(v) record v and
// return true/false, mark(p, v) writes v through a pointer to a function
// variable and returns false, inc() bumps a private counter.
// T = true, F = false (from the input).
//  1. T || t(1)                -> nothing, true
//  2. F || t(2)                -> 2, true
//  3. T || mark(&m, 7)         -> m stays 0
//  4. F || mark(&m, 8)         -> m = 8, false
//  5. t(3) || t(4)             -> 3 only
//  6. f(5) || f(6) || t(7)     -> 5 6 7, true
//  7. (F || t(8)) && t(9)      -> 8 9 (mixing needs parentheses in WGSL)
//  8. (T || t(10)) && (F || f(11)) -> 11, false
//  9. !(T || inc()) || inc()   -> the first inc skipped, the second runs: 1
// 10. a while loop whose condition is `i < 3 || inc2()`: inc2 runs only once
//     i reaches 3, and returns false the first time: calls 1, i = 3
// Trace: 2 3 5 6 7 8 9 11; then r1..r8 as 0/1: 1 1 1 0 1 1 1 0; m 8; inc 1;
// (r9) 1; loop calls 1; i = 3
// buffer 0:0 = u32:1, 0
// expect 0:1 = 2, 3, 5, 6, 7, 8, 9, 11
// expect 0:1 = 1, 1, 1, 0, 1, 1, 1, 0, 8, 1, 1, 1, 3

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 21>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }
fn t(v: u32) -> bool { rec(v); return true; }
fn f(v: u32) -> bool { rec(v); return false; }
fn mark(p: ptr<function, u32>, v: u32) -> bool {
    *p = v;
    return false;
}
var<private> incs: u32;
fn inc() -> bool {
    incs++;
    return true;
}
var<private> calls2: u32;
fn inc2() -> bool {
    calls2++;
    return calls2 > 1u;
}

@compute @workgroup_size(1)
fn main() {
    let T = inp[0] == 1u;
    let F = inp[1] == 1u;
    var m = 0u;
    let r1 = T || t(1u);
    let r2 = F || t(2u);
    let r3 = T || mark(&m, 7u);
    let r4 = F || mark(&m, 8u);
    let r5 = t(3u) || t(4u);
    let r6 = f(5u) || f(6u) || t(7u);
    let r7 = (F || t(8u)) && t(9u);
    let r8 = (T || t(10u)) && (F || f(11u));
    let r9 = !(T || inc()) || inc();
    var i = 0u;
    while i < 3u || inc2() {
        i++;
    }
    out[8] = u32(r1);
    out[9] = u32(r2);
    out[10] = u32(r3);
    out[11] = u32(r4);
    out[12] = u32(r5);
    out[13] = u32(r6);
    out[14] = u32(r7);
    out[15] = u32(r8);
    out[16] = m;
    out[17] = incs;
    out[18] = u32(r9);
    out[19] = calls2;
    out[20] = i;
}

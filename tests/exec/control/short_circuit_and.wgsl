// `&&` is short-circuiting (spec, "Logical Expressions": e2 is evaluated only
// when e1 is true). Right operands here have side effects: t(v) and f(v)
// record v (then return true / false), bump(p) increments through a pointer,
// tick() increments a private counter. Operands come from the input, so the
// GPU evaluates them (T = true, F = false).
//  1. F && t(1)              -> nothing recorded, false
//  2. T && t(3)              -> 3, true, then the if body records 4
//  3. F && bump(&c)          -> c stays 0
//  4. T && bump(&c)          -> c = 1
//  5. f(5) && t(6)           -> 5 only
//  6. t(7) && f(8)           -> 7 8
//  7. T && f(9) && t(10)     -> 9 only (left-associative: (T && f(9)) && t(10))
//  8. F && tick() in a loop of 3 iterations, then T && tick() twice: ticks = 2
// Trace 3 4 5 7 8 9; then results of 1..7 as 0/1 and c, ticks:
//   (r1) 0, (r2) 1, r3 0, r4 1, r5 0, r6 0, r7 0, c 1, ticks 2
// buffer 0:0 = u32:1, 0
// expect 0:1 = 3, 4, 5, 7, 8, 9, 0, 0
// expect 0:1 = 0, 1, 0, 1, 0, 0, 0, 1, 2

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 17>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }
fn t(v: u32) -> bool { rec(v); return true; }
fn f(v: u32) -> bool { rec(v); return false; }
fn bump(p: ptr<function, u32>) -> bool {
    *p += 1u;
    return true;
}
var<private> ticks: u32;
fn tick() -> bool {
    ticks++;
    return true;
}

@compute @workgroup_size(1)
fn main() {
    let T = inp[0] == 1u;
    let F = inp[1] == 1u;
    var c = 0u;
    let r1 = F && t(1u);
    var r2 = false;
    if T && t(3u) {
        rec(4u);
        r2 = true;
    }
    let r3 = F && bump(&c);
    let r4 = T && bump(&c);
    let r5 = f(5u) && t(6u);
    let r6 = t(7u) && f(8u);
    let r7 = T && f(9u) && t(10u);
    for (var i = 0u; i < 3u; i++) {
        if F && tick() { rec(50u); }
    }
    _ = T && tick();
    let r8 = T && tick();
    out[8] = u32(r1);
    out[9] = u32(r2);
    out[10] = u32(r3);
    out[11] = u32(r4);
    out[12] = u32(r5);
    out[13] = u32(r6);
    out[14] = u32(r7);
    out[15] = c;
    out[16] = select(0u, ticks, r8);
}

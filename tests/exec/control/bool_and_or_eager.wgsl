// The non-short-circuit `&` and `|` on bool evaluate both operands (spec,
// "Logical Expressions": "Evaluates both e1 and e2"), left to right, unlike
// `&&` and `||`. t(v)/f(v) record v and return true/false; T/F from the input.
//  1. F & t(1)             -> 1, false
//  2. T | t(2)             -> 2, true
//  3. f(3) & t(4)          -> 3 4, false
//  4. t(5) | f(6)          -> 5 6, true
//  5. vec2 bool: vec2(F, T) & vec2(t(7), f(8)) -> 7 8, (false, false)
//  6. (T | f(9)) & t(10)  -> 9 10, true (WGSL has no precedence between
//     | and &: mixing them needs parentheses)
//  7. compound: b &= t(11) with b = false -> 11, false; b2 |= f(12) with b2 = true -> 12, true
// Trace 1 2 3 4 5 6 7 8 9 10 11 12, then results 0 1 0 1 0 0 1 0 1
// buffer 0:0 = u32:1, 0
// expect 0:1 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
// expect 0:1 = 0, 1, 0, 1, 0, 0, 1, 0, 1

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 21>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }
fn t(v: u32) -> bool { rec(v); return true; }
fn f(v: u32) -> bool { rec(v); return false; }

@compute @workgroup_size(1)
fn main() {
    let T = inp[0] == 1u;
    let F = inp[1] == 1u;
    let r1 = F & t(1u);
    let r2 = T | t(2u);
    let r3 = f(3u) & t(4u);
    let r4 = t(5u) | f(6u);
    let r5 = vec2(F, T) & vec2(t(7u), f(8u));
    let r6 = (T | f(9u)) & t(10u);
    var b = F;
    b &= t(11u);
    var b2 = T;
    b2 |= f(12u);
    out[12] = u32(r1);
    out[13] = u32(r2);
    out[14] = u32(r3);
    out[15] = u32(r4);
    out[16] = u32(r5.x);
    out[17] = u32(r5.y);
    out[18] = u32(r6);
    out[19] = u32(b);
    out[20] = u32(b2);
}

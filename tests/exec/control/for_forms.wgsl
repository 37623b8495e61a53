// The parts of a `for` statement (spec, "For Statement"): initializer,
// condition and update may each be empty; the initializer may be a
// declaration, an assignment or a call; the update an increment, a
// decrement, a compound assignment, a plain assignment or a call.
// Each loop appends to a trace; the last element is the trace length.
// Loop bounds come from the input (three = 3, five = 5) so the loops run on
// the GPU.
//  1. all parts:                       i = 0,1,2          -> 10 11 12
//  2. empty init (j declared before):  j = 1,2            -> 21 22, then j = 3
//  3. empty condition, break in body:  k = 0,1,2          -> 30 31 32
//  4. empty update (k-- in the body):  k = 5,4            -> 45 44
//  5. all parts empty, break:          m counts to 5      -> 5
//  6. init and update assignments:     a = 3,6 (9 ends)   -> 53 56, then 9
//  7. init and update calls:           g = 1,3 (5 ends)   -> 61 63, then 5
//  8. condition false at once:         nothing
//  9. i32 decrement below zero:        i = 1,0,-1         -> 71 70 69
// 21 entries in all.
// buffer 0:0 = u32:3, 5
// expect 0:1 = 10, 11, 12, 21, 22, 3, 30, 31, 32, 45, 44, 5, 53, 56, 9, 61, 63, 5, 71, 70, 69
// expect 0:1 = 0*10, 21

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 32>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

var<private> g: u32;
fn setg(v: u32) { g = v; }
fn bumpg() { g += 2u; }

@compute @workgroup_size(1)
fn main() {
    let three = inp[0];
    let five = inp[1];
    for (var i = 0u; i < three; i++) { rec(10u + i); }
    var j = 1u;
    for (; j < three; j += 1u) { rec(20u + j); }
    rec(j);
    for (var k = 0u; ; k++) {
        if k == three { break; }
        rec(30u + k);
    }
    for (var k = five; k > three;) {
        rec(40u + k);
        k--;
    }
    var m = 0u;
    for (;;) {
        m++;
        if m >= five { break; }
    }
    rec(m);
    var a: u32;
    for (a = three; a < 9u; a = a + three) { rec(50u + a); }
    rec(a);
    for (setg(1u); g < five; bumpg()) { rec(60u + g); }
    rec(g);
    for (var i = five; i < three; i++) { rec(99u); }
    for (var i = i32(three) - 2; i > -2; i--) { rec(u32(70 + i)); }
    out[31] = n;
}

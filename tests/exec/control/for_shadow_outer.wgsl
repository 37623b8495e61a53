// Shadowing around `for` loops (spec, "For Statement": the initializer's
// declaration has its own scope that ends with the body; desugaring "will
// rename identifiers declared in the body as needed to ensure all identifiers
// in the update_part still resolve to the same declarations";
// "Declaration and Scope").
//  1. `for (var i ...)` shadows an outer var i (101); the outer i is untouched
//     after the loop: 0 1 2, then 101
//  2. the update `j += step` names an outer var step (1) that the body shadows
//     with `let step = 100`; the update must use the outer step, so j = 0..5
//     and the body records j + 100: 100 101 102 103 104 105
//  3. the condition `k < lim` names an outer var lim (3) that the body shadows
//     with `var lim = 0u; lim += k`: 50 51 52 (50 + body lim)
//  4. a block inside the body shadows the loop variable: `{ let m = 9; }`,
//     then m itself: 9 0 9 1 9 2
//  5. a for loop nested in a for loop, both declaring i: the inner i counts
//     0..1 each time, the outer i (copied to o) 0..1; 10*o + i: 0 1 10 11
// The last element is the trace length (23).
// buffer 0:0 = u32:1, 3, 6
// expect 0:1 = 0, 1, 2, 101, 100, 101, 102, 103, 104, 105, 50, 51, 52
// expect 0:1 = 9, 0, 9, 1, 9, 2, 0, 1, 10, 11, 0*2, 23

@group(0) @binding(0) var<storage, read> inp: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 26>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

@compute @workgroup_size(1)
fn main() {
    let one = inp[0];
    let three = inp[1];
    let six = inp[2];
    var i = one + 100u;
    for (var i = 0u; i < three; i++) { rec(i); }
    rec(i);
    var step = one;
    for (var j = 0u; j < six; j += step) {
        let step = 100u;
        rec(j + step);
    }
    var lim = three;
    for (var k = 0u; k < lim; k++) {
        var lim = 0u;
        lim += k;
        rec(50u + lim);
    }
    for (var m = 0u; m < three; m++) {
        {
            let m = 9u;
            rec(m);
        }
        rec(m);
    }
    for (var i = 0u; i < 2u * one; i++) {
        let o = i;
        for (var i = 0u; i < 2u; i++) {
            rec(10u * o + i);
        }
    }
    out[25] = n;
}

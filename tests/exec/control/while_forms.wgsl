// `while` loops (spec, "While Statement"): the condition is evaluated at the
// start of every iteration, a false condition at the start runs no iteration,
// `break` leaves the loop, a condition with a call is re-evaluated each time,
// and a `while` nested in a `while` restarts its counter each outer iteration.
//  1. count down from 5 while v > 2:              5 4 3
//  2. condition false at the start:               (nothing)
//  3. while (true) with break at 4, skip odd:     0 2 4    (continue on odd)
//  4. condition calls more(): called 4 times for 3 iterations; records 40+calls
//     each iteration, then the call count:         41 42 43 4
//  5. nested: outer a = 0,1; inner b = 0..a+1:     0 1 10 11 12  (10*a + b)
// 15 entries; the last element is the trace length.
// buffer 0:0 = u32:5, 2, 3
// expect 0:1 = 5, 4, 3, 0, 2, 4, 41, 42, 43, 4, 0, 1, 10, 11, 12
// expect 0:1 = 0*4, 15

@group(0) @binding(0) var<storage, read> inp: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 20>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

var<private> calls: u32;
fn more(limit: u32) -> bool {
    calls++;
    return calls <= limit;
}

@compute @workgroup_size(1)
fn main() {
    let five = inp[0];
    let two = inp[1];
    let three = inp[2];
    var v = five;
    while v > two {
        rec(v);
        v--;
    }
    while v > five { rec(99u); }
    var c = 0u;
    while (true) {
        if c > 4u { break; }
        if (c & 1u) == 1u {
            c++;
            continue;
        }
        rec(c);
        c++;
    }
    while more(three) { rec(40u + calls); }
    rec(calls);
    var a = 0u;
    while a < two {
        var b = 0u;
        while b <= a + 1u {
            rec(10u * a + b);
            b++;
        }
        a++;
    }
    out[19] = n;
}

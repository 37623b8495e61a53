// `loop` with `continuing` and `break if` (spec, "Loop Statement", "Continuing
// Statement", "Break-If Statement"):
//  1. break-if true on the first pass: the body runs once, like do-while:  5
//  2. two exits, a `break` in the body (at a == 4) and `break if` (a >= 9),
//     the continuing adds 3; start a = 1 -> body sees 1, 4 then breaks:
//     1 4, then a = 4 (the break skips the continuing)
//  3. an if/else inside continuing, before the break-if; i = 0,1,2,3:
//     body records i, continuing records 50+i for even i and 60+i for odd:
//     0 50 1 61 2 52 3 63
//  4. a loop nested in continuing, with its own continue and break (they
//     target the inner loop, which the spec allows); b = 0,1:
//     20, 31 33, 21, 31 33   (inner k = 1,2,3: skip 2, break at 3)
// The last element is the trace length (18).
// buffer 0:0 = u32:3, 5, 2
// expect 0:1 = 5, 1, 4, 4, 0, 50, 1, 61, 2, 52, 3, 63, 20, 31, 33, 21, 31, 33
// expect 0:1 = 0*5, 18

@group(0) @binding(0) var<storage, read> inp: array<u32, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 24>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

@compute @workgroup_size(1)
fn main() {
    let three = inp[0];
    let five = inp[1];
    let two = inp[2];

    var x = five;
    loop {
        rec(x);
        continuing {
            break if x > three;
        }
    }

    var a = 1u;
    loop {
        rec(a);
        if a == 4u { break; }
        continuing {
            a += three;
            break if a >= 9u;
        }
    }
    rec(a);

    var i = 0u;
    loop {
        rec(i);
        continuing {
            if (i & 1u) == 0u {
                rec(50u + i);
            } else {
                rec(60u + i);
            }
            i++;
            break if i > three;
        }
    }

    var b = 0u;
    loop {
        rec(20u + b);
        continuing {
            var k = 0u;
            loop {
                k++;
                if k == 2u { continue; }
                rec(30u + k);
                if k >= three { break; }
            }
            b++;
            break if b == two;
        }
    }
    out[23] = n;
}

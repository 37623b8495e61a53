// `continue` inside a switch inside a loop continues the loop (spec, "Continue
// Statement": nearest enclosing loop; a switch is no loop), running the loop's
// continuing block / the for loop's update.
// loop over i = 0..5, switch on i % 3:
//   Case 0: continue when i > 0, else record i
//   Case 1: record 10 + i
//   Default: record 20 + i, then continue
// after the switch: record 30 + i; continuing: record 40 + i, i++, break if i >= 6.
//   i=0: 0 30 40   i=1: 11 31 41   i=2: 22 42   i=3: 43   i=4: 14 34 44   i=5: 25 45
// for j = 0..3 with continue for j = 1, 2 inside the switch; records 50 + j
// after the switch: 50 53
// The last element is the trace length (16).
// buffer 0:0 = u32:6, 4
// expect 0:1 = 0, 30, 40, 11, 31, 41, 22, 42, 43, 14, 34, 44, 25, 45, 50, 53
// expect 0:1 = 0*3, 16

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 20>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

@compute @workgroup_size(1)
fn main() {
    let six = inp[0];
    let four = inp[1];
    var i = 0u;
    loop {
        switch i % 3u {
            case 0u {
                if i > 0u { continue; }
                rec(i);
            }
            case 1u {
                rec(10u + i);
            }
            default {
                rec(20u + i);
                continue;
            }
        }
        rec(30u + i);
        continuing {
            rec(40u + i);
            i++;
            break if i >= six;
        }
    }
    for (var j = 0u; j < four; j++) {
        switch j {
            case 1u, 2u { continue; }
            default {}
        }
        rec(50u + j);
    }
    out[19] = n;
}

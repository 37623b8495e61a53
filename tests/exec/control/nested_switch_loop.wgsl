// A switch inside a loop inside a switch inside a loop (spec, "Switch
// Statement", "Break Statement", "Continue Statement"): each break goes to the
// nearest loop or switch, each continue to the nearest loop.
// Outer for a = 0..2, outer switch on a:
//   Case 0: inner for b = 0..3, inner switch on b:
//             Case 1: break (ends the inner switch only), then record 10 + b
//             Case 2: continue (the inner for), nothing recorded
//             Default: record 20 + b, then 10 + b after the switch
//           -> 20 10, 11, 23 13  then the outer clause records 30
//   Case 1: loop with switch: case 0 records 40 and breaks the switch; the loop
//           breaks after two turns via break-if -> 40 40; then `break` of the
//           outer switch skips 31
//   Default: 50
// After the outer switch each outer iteration records 60 + a.
// Trace: 20 10 11 23 13 30 60 40 40 61 50 62; last element the trace length.
// buffer 0:0 = u32:3, 4
// expect 0:1 = 20, 10, 11, 23, 13, 30, 60, 40, 40, 61, 50, 62, 0, 0, 0, 12

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

@compute @workgroup_size(1)
fn main() {
    let three = inp[0];
    let four = inp[1];
    for (var a = 0u; a < three; a++) {
        switch a {
            case 0u {
                for (var b = 0u; b < four; b++) {
                    switch b {
                        case 1u { break; }
                        case 2u { continue; }
                        default { rec(20u + b); }
                    }
                    rec(10u + b);
                }
                rec(30u);
            }
            case 1u {
                var t = 0u;
                loop {
                    switch t {
                        case 0u, 1u {
                            rec(40u);
                            break;
                        }
                        default {}
                    }
                    continuing {
                        t++;
                        break if t == 2u;
                    }
                }
                if t == 2u { break; }
                rec(31u);
            }
            default {
                rec(50u);
            }
        }
        rec(60u + a);
    }
    out[15] = n;
}

// `break` in a switch clause ends the switch, not the enclosing loop (spec,
// "Break Statement": it exits the nearest enclosing loop or switch); a break
// inside a loop inside a clause ends only that loop. For i = 0..4:
//   Case 0: records 10 then breaks (the rest of the clause is skipped)
//   Case 1: flag is 1, so records 11 and breaks before recording 12
//   Case 2: inner loop records 13 and breaks; the clause goes on: 14
//   Case 3: inner for k records 20, 21, breaks at k == 2; the clause goes on: 15
//   Default: 16
// after the switch the loop body records 90 + i each time.
// Trace: 10 90 11 91 13 14 92 20 21 15 93 16 94; the last element is its length.
// buffer 0:0 = u32:1, 5
// expect 0:1 = 10, 90, 11, 91, 13, 14, 92, 20, 21, 15, 93, 16, 94, 0, 0, 13

@group(0) @binding(0) var<storage, read> inp: array<u32, 2>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

@compute @workgroup_size(1)
fn main() {
    let flag = inp[0];
    let count = inp[1];
    for (var i = 0u; i < count; i++) {
        switch i {
            case 0u {
                rec(10u);
                if flag != 7u { break; }
                rec(99u);
            }
            case 1u {
                if flag == 1u {
                    rec(11u);
                    break;
                }
                rec(12u);
            }
            case 2u {
                loop {
                    rec(13u);
                    break;
                }
                rec(14u);
            }
            case 3u {
                for (var k = 0u; k < count; k++) {
                    if k == 2u { break; }
                    rec(20u + k);
                }
                rec(15u);
            }
            default {
                rec(16u);
            }
        }
        rec(90u + i);
    }
    out[15] = n;
}

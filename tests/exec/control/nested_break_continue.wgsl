// break and continue at each level of three nested loops (spec, "Break
// Statement", "Continue Statement": both act on the nearest enclosing loop).
// Outer for i: continue at i == 1, break at i == 3, records 900+i at the end.
// Middle for j: continue at j == 1, break at j == 3.
// Inner loop k: continue at k == 2 (after k++), break at k >= 4; records
// 100i + 10j + k.
// i=0: j=0 -> 0 1 3; j=2 -> 20 21 23; 900
// i=2: j=0 -> 200 201 203; j=2 -> 220 221 223; 902
// A fourth level: a while inside the inner loop's body that breaks at once
// must not end the inner loop (checked through the same trace).
// The last element is the trace length (14).
// buffer 0:0 = u32:4
// expect 0:1 = 0, 1, 3, 20, 21, 23, 900, 200, 201, 203, 220, 221, 223, 902
// expect 0:1 = 0, 14

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

@compute @workgroup_size(1)
fn main() {
    let lim = inp[0];
    for (var i = 0u; i < lim; i++) {
        if i == 1u { continue; }
        if i == 3u { break; }
        for (var j = 0u; j < lim; j++) {
            if j == 1u { continue; }
            if j == 3u { break; }
            var k = 0u;
            loop {
                if k == 2u {
                    k++;
                    continue;
                }
                if k >= lim { break; }
                while true {
                    break;
                }
                rec(100u * i + 10u * j + k);
                k++;
            }
        }
        rec(900u + i);
    }
    out[15] = n;
}

// A switch with only a default clause (spec, "Switch Statement": exactly one
// default clause is required; here it is the only clause). The selector is
// still evaluated exactly once; `break` in it ends the switch, not a loop
// around it; `case default` is the default written as a case clause.
//  1. switch sel() { default }: sel() runs once, the body sees calls == 1: 11
//  2. in a for loop, i = 0..2, break (in the switch) at i == 1:
//     20 30, 31, 22 32         (30 + i is recorded after the switch)
//  3. switch on an i32 with only default: 40
//  4. switch x { case default { } }: 50 + x (x = 3): 53
//  5. the selector call count, still 1: 1
// buffer 0:0 = u32:3
// expect 0:1 = 11, 20, 30, 31, 22, 32, 40, 53, 1, 0, 9

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 11>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

var<private> calls: u32;
fn sel() -> u32 {
    calls++;
    return calls;
}

@compute @workgroup_size(1)
fn main() {
    let x = inp[0];
    switch sel() {
        default {
            rec(10u + calls);
        }
    }
    for (var i = 0u; i < x; i++) {
        switch i {
            default {
                if i == 1u { break; }
                rec(20u + i);
            }
        }
        rec(30u + i);
    }
    switch i32(x) - 5 {
        default: {
            rec(40u);
        }
    }
    switch x {
        case default {
            rec(50u + x);
        }
    }
    rec(calls);
    out[10] = n;
}

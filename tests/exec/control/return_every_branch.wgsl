// Functions with a return type whose body ends without a final return because
// every path returns (spec, "Statements Behavior Analysis": the body's
// behaviour must not include Next): an if/else-if/else chain, a switch with a
// return in every clause (one clause returning from both sides of an if), and
// a loop with no break that returns from inside.
// classify(x): x < 0 -> 1, x == 0 -> 2, x < 10 -> 3, else 4
//   x = -5, 0, 7, 10, -2147483648, 2147483647 -> 1, 2, 3, 4, 1, 4
// sw(u32(x) % 4): 0 -> 10, 1 -> 11, 2 -> 12, else 13
//   As u32: 4294967291, 0, 7, 10, 2147483648, 2147483647; % 4 = 3, 0, 3, 2, 0, 3
//   -> 13, 10, 13, 12, 10, 13
// The function next5(u32(x) % 100) gives the smallest multiple of 5 >= the argument
//   Arguments 91, 0, 7, 10, 48, 47 -> 95, 0, 10, 10, 50, 50
// buffer 0:0 = i32:-5, 0, 7, 10, -2147483648, 2147483647
// expect 0:1 = 1, 2, 3, 4, 1, 4
// expect 0:1 = 13, 10, 13, 12, 10, 13
// expect 0:1 = 95, 0, 10, 10, 50, 50

@group(0) @binding(0) var<storage, read> inp: array<i32, 6>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 18>;

fn classify(x: i32) -> u32 {
    if x < 0 {
        return 1u;
    } else if x == 0 {
        return 2u;
    } else if x < 10 {
        return 3u;
    } else {
        return 4u;
    }
}

fn sw(x: u32) -> u32 {
    switch x {
        case 0u { return 10u; }
        case 1u, 2u {
            if x == 1u {
                return 11u;
            } else {
                return 12u;
            }
        }
        default { return 13u; }
    }
}

fn next5(x: u32) -> u32 {
    var i = x;
    loop {
        if i % 5u == 0u { return i; }
        i++;
    }
}

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 6u; i++) {
        let x = inp[i];
        out[i] = classify(x);
        out[6u + i] = sw(u32(x) % 4u);
        out[12u + i] = next5(u32(x) % 100u);
    }
}

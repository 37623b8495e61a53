// Control flow that differs between the 16 invocations of one workgroup: each
// invocation's loops run a different number of times and leave by different
// exits (spec, "While Statement", "Loop Statement", "Break Statement",
// "Continue Statement", "Switch Statement"; each invocation runs its own path).
// Per invocation id (local_invocation_index):
// Buffer 0:1, Collatz steps of v = inp[id] (while v != 1: v = v/2 or 3v+1),
//   capped by a break at 100. Inputs 1 2 3 6 7 9 12 15 18 19 25 27 31 41 47 54
//   Give 0 1 7 8 16 19 9 17 20 20 23 and then 111 106 109 104 112 steps, so
//   the last five stop at the cap: 100.
// Buffer 0:2, the sum of i in 0..id-1, skipping i % 3 == 2 (continue), stopping at
//   i == 10 (break): id 0..15 -> 0 0 1 1 4 8 8 14 21 21 30 30 30 30 30 30
//   (e.g. id 5: 0+1+3+4 = 8; id >= 10: 0+1+3+4+6+7+9 = 30).
// Buffer 0:3, switch id % 4: case 0 -> acc; case 1, 2 -> 2*acc;
//   default -> loop adding 7 to acc until a multiple of 5:
//   (id 3: 1 -> 15; id 7: 14 -> 35; id 11: 30 -> 65 = 30+7*5; id 15: 65)
//   -> 0 0 2 15 4 16 16 35 21 42 60 65 30 60 60 65
// buffer 0:0 = u32:1, 2, 3, 6, 7, 9, 12, 15, 18, 19, 25, 27, 31, 41, 47, 54
// expect 0:1 = 0, 1, 7, 8, 16, 19, 9, 17, 20, 20, 23, 100*5
// expect 0:2 = 0, 0, 1, 1, 4, 8, 8, 14, 21, 21, 30*6
// expect 0:3 = 0, 0, 2, 15, 4, 16, 16, 35, 21, 42, 60, 65, 30, 60, 60, 65

@group(0) @binding(0) var<storage, read> inp: array<u32, 16>;
@group(0) @binding(1) var<storage, read_write> steps: array<u32, 16>;
@group(0) @binding(2) var<storage, read_write> accs: array<u32, 16>;
@group(0) @binding(3) var<storage, read_write> sws: array<u32, 16>;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) id: u32) {
    var v = inp[id];
    var s = 0u;
    while v != 1u {
        if (v & 1u) == 0u {
            v = v / 2u;
        } else {
            v = 3u * v + 1u;
        }
        s++;
        if s >= 100u { break; }
    }
    steps[id] = s;

    var acc = 0u;
    for (var i = 0u; i < id; i++) {
        if i % 3u == 2u { continue; }
        if i == 10u { break; }
        acc += i;
    }
    accs[id] = acc;

    var r = 0u;
    switch id % 4u {
        case 0u { r = acc; }
        case 1u, 2u { r = 2u * acc; }
        default {
            r = acc;
            loop {
                r += 7u;
                if r % 5u == 0u { break; }
            }
        }
    }
    sws[id] = r;
}

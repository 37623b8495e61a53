// A var without initializer declared in a branch nested in a loop body is a
// new, zeroed instance each time its declaration executes (spec, "Loop
// Statement": "each new iteration creates a new instance of the variable
// ... and re-initializes it"; "var Declarations": no initializer gives the
// zero value). Differential seed 1117935: Tint's module initialises such a
// var once (an OpVariable initializer at function entry), so a value stored
// after an inner loop leaks into the next iteration.
//  z = 0..2, each: else branch (inp[0] == 0): var v: vec3i; an inner loop
//  of two steps records dot(v | (256, 380, 8), countLeadingZeros(v)) =
//  32 * (256 + 380 + 8) = 20608 for v = 0 (it would be 31*257 + 31*381 +
//  32*8 = 20034 for v = (1, 1, 0)); then v = (1, 1, z) and records v.z.
// buffer 0:0 = u32:0
// expect 0:1 = 20608, 20608, 0, 20608, 20608, 1, 20608, 20608, 2

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 9>;

var<private> n: u32;
fn rec(v: u32) { out[n] = v; n++; }

@compute @workgroup_size(1)
fn main() {
    var z = 0u;
    loop {
        if inp[0] != 0u {
        } else {
            var v: vec3i;
            for (var k = 0; k < 2; k++) {
                rec(u32(dot(v | vec3i(256, 380, 8), countLeadingZeros(v))));
            }
            v = vec3i(1, 1, i32(z));
            rec(u32(v.z));
        }
        continuing {
            z += 1u;
            break if z >= 3u;
        }
    }
}

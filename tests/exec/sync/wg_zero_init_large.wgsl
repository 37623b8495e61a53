// Workgroup zero-initialisation when the variables are much larger than the
// workgroup (spec: each workgroup variable starts at its zero value): a
// 3x2x1 workgroup (6 invocations) owns array<u32, 1000>, array<vec3<f32>, 37>
// and array<S, 5> with S { a: i32, b: vec2<u32>, c: array<f32, 3> }. Four
// workgroups each first only read: every invocation checks every element
// (reads are not a race), then after a barrier writes non-zero values over
// all of them, so a later workgroup reusing the memory would see them.
// Each invocation writes the number of non-zero elements it saw (expect 0),
// and invocation 0 writes a checksum of the values after the writes
// (0 + 1 + .. + 999 = 499500) to show the writes happened.
// dispatch: 4,1,1
// expect 0:0 = 0*24
// expect 0:1 = 499500*4

struct S {
    a: i32,
    b: vec2<u32>,
    c: array<f32, 3>,
}

@group(0) @binding(0) var<storage, read_write> nonzero: array<u32, 24>;
@group(0) @binding(1) var<storage, read_write> checksum: array<u32, 4>;

var<workgroup> big: array<u32, 1000>;
var<workgroup> vecs: array<vec3<f32>, 37>;
var<workgroup> structs: array<S, 5>;

@compute @workgroup_size(3, 2, 1)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    var seen = 0u;
    for (var k = 0u; k < 1000u; k++) {
        if big[k] != 0u { seen++; }
    }
    for (var k = 0u; k < 37u; k++) {
        if any(vecs[k] != vec3<f32>()) { seen++; }
    }
    for (var k = 0u; k < 5u; k++) {
        let s = structs[k];
        if s.a != 0 || any(s.b != vec2<u32>()) || s.c[0] != 0.0 || s.c[1] != 0.0 || s.c[2] != 0.0 {
            seen++;
        }
    }
    workgroupBarrier();
    for (var k = li; k < 1000u; k += 6u) {
        big[k] = k;
    }
    for (var k = li; k < 37u; k += 6u) {
        vecs[k] = vec3<f32>(1.0, 2.0, f32(k));
    }
    if li < 5u {
        structs[li] = S(-1, vec2<u32>(2u, 3u), array<f32, 3>(4.0, 5.0, 6.0));
    }
    workgroupBarrier();
    nonzero[wid.x * 6u + li] = seen;
    if li == 0u {
        var sum = 0u;
        for (var k = 0u; k < 1000u; k++) {
            sum += big[k];
        }
        checksum[wid.x] = sum;
    }
}

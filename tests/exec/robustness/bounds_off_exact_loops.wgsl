// Bounds checks off, every access in bounds: loops that run exactly to the
// length (u32 counters up to arrayLength, i32 counters down to 0), so that
// without clamps the code must still compute exactly the right thing.
// Runtime array<u32> of 10: in-place prefix sums (3 1 4 1 5 9 2 6 5 3 ->
// 3 4 8 9 14 23 25 31 36 39); a fixed array reversed with an i32 loop from
// 9 down to 0; a workgroup array filled by 10 invocations (5 of them, each
// doing two slots) and summed after a barrier (39); a mat3x3<f32> traced
// and transposed with dynamic loops (trace 15; transposed columns 1 4 7,
// 2 5 8, 3 6 9); a vec4 reversed with a loop over v[3 - k].
// bounds-checks: off
// buffer 0:0 = u32:3, 1, 4, 1, 5, 9, 2, 6, 5, 3
// buffer 0:1 = f32:1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0
// expect 0:0 = 3, 4, 8, 9, 14, 23, 25, 31, 36, 39
// expect 0:1 = 1.0, 4.0, 7.0, 2.0, 5.0, 8.0, 3.0, 6.0, 9.0
// expect 0:2 = 3, 5, 6, 2, 9, 5, 1, 4, 1, 3, 39, 15, 4, 3, 2, 1

@group(0) @binding(0) var<storage, read_write> rt: array<u32>;
@group(0) @binding(1) var<storage, read_write> m: mat3x3<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 16>;

var<workgroup> w: array<u32, 10>;

@compute @workgroup_size(5)
fn main(@builtin(local_invocation_index) li: u32) {
    w[2u * li] = rt[2u * li];
    w[2u * li + 1u] = rt[2u * li + 1u];
    workgroupBarrier();
    if li != 0u {
        return;
    }
    var fixed: array<u32, 10>;
    for (var k = 0u; k < arrayLength(&rt); k++) {
        fixed[k] = rt[k];
    }
    for (var k = 1u; k < arrayLength(&rt); k++) {
        rt[k] += rt[k - 1u];
    }
    var j = 0u;
    for (var i = 9; i >= 0; i--) {
        out[j] = fixed[i];
        j++;
    }
    var s = 0u;
    for (var k = 0u; k < 10u; k++) {
        s += w[k];
    }
    out[10] = s;
    var tr = 0.0;
    for (var c = 0u; c < 3u; c++) {
        tr += m[c][c];
    }
    out[11] = u32(tr);
    let t = transpose(m);
    for (var c = 0u; c < 3u; c++) {
        for (var r = 0u; r < 3u; r++) {
            m[c][r] = t[c][r];
        }
    }
    var v = vec4<u32>(1u, 2u, 3u, 4u);
    for (var k = 0u; k < 4u; k++) {
        out[12u + k] = v[3u - k];
    }
}

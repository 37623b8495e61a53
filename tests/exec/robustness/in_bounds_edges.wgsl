// Dynamic indices at the edges of every indexable kind, all in bounds, run
// with bounds checks both on and off: index 0 and N - 1 (and i32 indices),
// so a clamp that is off by one, uses the wrong length (a struct's runtime
// array, an override-sized workgroup array, a matrix's column count vs. row
// count) or mishandles i32 indices shows up as a wrong value.
// Storage array<u32, 5>: [0] = 1, [4] = 5. Runtime array<vec2<f32>> (3 bound)
// at offset 8 in a struct after a u32 (initialised with the bits of 99.0,
// left unchanged): [2].y = 6.5, [arrayLength - 1].x = 5.5. Nested
// array<array<i32, 3>, 2>: [1][2] = -6, [0][0] = -1. Storage mat4x2<f32>:
// column 3 is (7, 8), element [3][1] = 8. vec4 in storage: [3] = 40.
// Workgroup array<u32, N> (override N = 7, default 2): [6] = 106.
// Private array<i32, 6>: [5] = 15. Function mat2x3<f32>: [1][2] = 6.
// Let array value: [3] = 33. Uniform array<vec4<u32>, 2>: [1].w = 8.
// Each is written to the output in this order, then the in-bounds stores
// [4] = 50 (storage), [2].y = 60.5 (runtime), [1][2] = -60 (nested),
// [3][1] = 80 (matrix), [3] = 400 (vector) are checked in their buffers.
// override N = 7
// buffer 0:0 = u32:1, 2, 3, 4, 5
// buffer 0:1 = f32:99, 0, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5
// buffer 0:2 = i32:-1, -2, -3, -4, -5, -6
// buffer 0:3 = f32:1, 2, 3, 4, 5, 6, 7, 8
// buffer 0:4 = u32:10, 20, 30, 40
// buffer 0:5 = u32:1, 2, 3, 4, 5, 6, 7, 8
// buffer 0:6 = i32:0, 4, 3, 2, 1, 5, 6
// expect 0:0 = 1, 2, 3, 4, 50
// expect 0:1 = 0x42c60000, 1.5, 2.5, 3.5, 4.5, 5.5, 60.5
// expect 0:2 = -1, -2, -3, -4, -5, -60
// expect 0:3 = 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 80.0
// expect 0:4 = 10, 20, 30, 400
// expect 0:7 = 1, 5, 0x40d00000, 0x40b00000, 0xfffffffa, 0xffffffff, 0x40e00000, 0x41000000, 0x41000000, 40, 106, 15, 0x40c00000, 33, 8, 3

struct R {
    n: u32,
    v: array<vec2<f32>>,
}

override N: u32 = 2;

@group(0) @binding(0) var<storage, read_write> sa: array<u32, 5>;
@group(0) @binding(1) var<storage, read_write> rt: R;
@group(0) @binding(2) var<storage, read_write> nested: array<array<i32, 3>, 2>;
@group(0) @binding(3) var<storage, read_write> m: mat4x2<f32>;
@group(0) @binding(4) var<storage, read_write> v: vec4<u32>;
@group(0) @binding(5) var<uniform> u: array<vec4<u32>, 2>;
@group(0) @binding(6) var<storage, read> idx: array<i32, 7>;
@group(0) @binding(7) var<storage, read_write> out: array<u32, 16>;

var<workgroup> w: array<u32, N>;
var<private> pa = array<i32, 6>(10, 11, 12, 13, 14, 15);

@compute @workgroup_size(1)
fn main() {
    let i0 = idx[0];
    let i4 = idx[1];
    let i3 = idx[2];
    let i2 = idx[3];
    let i1 = idx[4];
    let i5 = idx[5];
    let i6 = idx[6];
    for (var k = 0u; k < N; k++) {
        w[k] = 100u + k;
    }
    var fm = mat2x3<f32>(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
    let lv = array<u32, 4>(0u, 11u, 22u, 33u);
    out[0] = sa[i0];
    out[1] = sa[u32(i4)];
    out[2] = bitcast<u32>(rt.v[i2].y);
    out[3] = bitcast<u32>(rt.v[arrayLength(&rt.v) - 1u].x);
    out[4] = bitcast<u32>(nested[i1][i2]);
    out[5] = bitcast<u32>(nested[u32(i0)][i0]);
    out[6] = bitcast<u32>(m[i3].x);
    out[7] = bitcast<u32>(m[i3].y);
    out[8] = bitcast<u32>(m[i3][i1]);
    out[9] = v[i3];
    out[10] = w[i6];
    out[11] = bitcast<u32>(pa[i5]);
    out[12] = bitcast<u32>(fm[i1][i2]);
    out[13] = lv[i3];
    out[14] = u[i1][i3];
    out[15] = arrayLength(&rt.v);
    sa[i4] = 50u;
    rt.v[u32(i2)].y = 60.5;
    nested[i1][i2] = -60;
    m[i3][i1] = 80.0;
    v[i3] = 400u;
}

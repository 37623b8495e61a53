// Runtime-sized arrays whose element count is not bytes / 4: NRuntime is
// the largest N with SizeOf(array<T, N>) <= the binding size (spec "Buffer
// Binding Determines Runtime-Sized Array Element Count").
// array<f16> bound with 12 bytes: 6 elements (stride 2).
// array<vec3<f32>> bound with 44 bytes: stride 16, so N = 2 (3 elements
// would need 48 bytes), although bytes 32..43 hold data; index 2 is out of
// bounds.
// Bounds checks on. Reads at indices 6, 7, 0xffffffff (f16) and 2, 3,
// 0xffffffff (vec3) are invalid: the value is some buffer content or zero
// (or (0, 0, x) with x in {0, 1} for the vector): flags, checked against the
// known contents (f16: 1.5 * (k + 1); vec3 buffer: 1..11 and padding 0).
// In bounds: h[5] = 9, v[1] = (5, 6, 7). Then OOB stores (f16 100,
// vec3 (100, 100, 100)) and in-bounds rewrites of every element: f16
// h[k] = -k, v[k] = (-1 - k, -2 - k, -3 - k): exact. The 12 bytes after the
// vec3 array's last element belong to the binding, so an OOB store may
// legally land there; they are not in the expected values.
// bounds-checks: on
// buffer 0:0 = f16:1.5, 3, 4.5, 6, 7.5, 9
// buffer 0:1 = f32:1, 2, 3, 0, 5, 6, 7, 0, 9, 10, 11
// expect 0:0 = 0.0, -1.0, -2.0, -3.0, -4.0, -5.0
// expect 0:1 = -1.0, -2.0, -3.0, -2.0, -3.0, -4.0
// expect 0:2 = 6, 2, 9, 5, 6, 7, 1*6
enable f16;

@group(0) @binding(0) var<storage, read_write> h: array<f16>;
@group(0) @binding(1) var<storage, read_write> v: array<vec3<f32>>;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 12>;

fn h_ok(x: f16) -> bool {
    return x == 0.0h || x == 1.5h || x == 3.0h || x == 4.5h || x == 6.0h || x == 7.5h || x == 9.0h;
}

fn v_ok(x: f32) -> bool {
    return x == floor(x) && x >= 0.0 && x <= 11.0;
}

@compute @workgroup_size(1)
fn main() {
    let nh = arrayLength(&h);
    let nv = arrayLength(&v);
    out[0] = nh;
    out[1] = nv;
    out[2] = u32(h[nh - 1u]);
    let v1 = v[nv - 1u];
    out[3] = u32(v1.x);
    out[4] = u32(v1.y);
    out[5] = u32(v1.z);
    let hi = array<u32, 3>(nh, nh + 1u, 0xffffffffu);
    let vi = array<u32, 3>(nv, nv + 1u, 0xffffffffu);
    var hok = true;
    var vok = true;
    for (var k = 0u; k < 3u; k++) {
        hok = hok && h_ok(h[hi[k]]);
        let x = v[vi[k]];
        vok = vok && v_ok(x.x) && v_ok(x.y) && v_ok(x.z) && v_ok(v[vi[k]][vi[k]]);
    }
    out[6] = select(0u, 1u, hok);
    out[7] = select(0u, 1u, vok);
    for (var k = 0u; k < 3u; k++) {
        h[hi[k]] = 100.0h;
        v[vi[k]] = vec3<f32>(100.0);
        v[vi[k]].y = 100.0;
    }
    for (var k = 0u; k < nh; k++) {
        h[k] = -f16(k);
    }
    for (var k = 0u; k < nv; k++) {
        let f = f32(k);
        v[k] = vec3<f32>(-1.0 - f, -2.0 - f, -3.0 - f);
    }
    out[8] = select(0u, 1u, h[nh - 1u] == -5.0h);
    out[9] = select(0u, 1u, all(v[nv - 1u] == vec3<f32>(-2.0, -3.0, -4.0)));
    out[10] = select(0u, 1u, arrayLength(&h) == 6u);
    out[11] = select(0u, 1u, arrayLength(&v) == 2u);
}

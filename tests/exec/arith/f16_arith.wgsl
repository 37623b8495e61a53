// f16 `+`, `-`, `*`, unary `-` (spec, "Arithmetic Expressions"; correctly
// rounded, and every result below is exactly representable in f16, so exact),
// scalar, vec4 and mixed vector-scalar; runtime (0:1, 0:2) and const (0:3, 0:4).
// (x, y) -> x+y, x-y, x*y:
//   (1.5, 2.25) -> 3.75, -0.75, 3.375; (-0.5, 0.5) -> 0, -1, -0.25;
//   (-3, 0.125) -> -2.875, -3.125, -0.375; (1024, 2) -> 1026, 1022, 2048
// 65504 + -65504 = 0; 2^-14 * 2 = 2^-13 = 0.0001220703125; 65504 * 0.5 = 32752; -(-65504) = 65504
// vec4 x = (1.5, -0.5, -3, 1024), y = (2.25, 0.5, 0.125, 2): x+y, x-y, x*y, x*2, 1-x, -x
//   x*2 = (3, -1, -6, 2048); 1-x = (-0.5, 1.5, 4, -1023); -x = (-1.5, 0.5, 3, -1024)
// buffer 0:0 = f16:1.5,2.25, -0.5,0.5, -3.0,0.125, 1024.0,2.0, 65504.0,-65504.0, 6.103515625e-05,0.5
// expect 0:1 = f16:3.75,-0.75,3.375, 0,-1,-0.25, -2.875,-3.125,-0.375, 1026,1022,2048, 0,0.0001220703125,32752,65504
// expect 0:2 = f16:3.75,0,-2.875,1026, -0.75,-1,-3.125,1022, 3.375,-0.25,-0.375,2048, 3,-1,-6,2048, -0.5,1.5,4,-1023, -1.5,0.5,3,-1024
// expect 0:3 = f16:3.75,-0.75,3.375, 0,-1,-0.25, -2.875,-3.125,-0.375, 1026,1022,2048, 0,0.0001220703125,32752,65504
// expect 0:4 = f16:3.75,0,-2.875,1026, -0.75,-1,-3.125,1022, 3.375,-0.25,-0.375,2048, 3,-1,-6,2048, -0.5,1.5,4,-1023, -1.5,0.5,3,-1024

enable f16;

@group(0) @binding(0) var<storage, read> a: array<f16, 12>;
@group(0) @binding(1) var<storage, read_write> r: array<f16, 16>;
@group(0) @binding(2) var<storage, read_write> v: array<vec4<f16>, 6>;
@group(0) @binding(3) var<storage, read_write> c: array<f16, 16>;
@group(0) @binding(4) var<storage, read_write> cv: array<vec4<f16>, 6>;

const K = array<f16, 12>(1.5h, 2.25h, -0.5h, 0.5h, -3.0h, 0.125h, 1024.0h, 2.0h,
                         65504.0h, -65504.0h, 6.103515625e-05h, 0.5h);
const KX = vec4<f16>(K[0], K[2], K[4], K[6]);
const KY = vec4<f16>(K[1], K[3], K[5], K[7]);

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        let x = a[2u * i];
        let y = a[2u * i + 1u];
        r[3u * i] = x + y;
        r[3u * i + 1u] = x - y;
        r[3u * i + 2u] = x * y;
    }
    r[12] = a[8] + a[9];
    r[13] = a[10] * 2.0h;
    r[14] = a[8] * a[11];
    r[15] = -a[9];
    let x = vec4<f16>(a[0], a[2], a[4], a[6]);
    let y = vec4<f16>(a[1], a[3], a[5], a[7]);
    v[0] = x + y;
    v[1] = x - y;
    v[2] = x * y;
    v[3] = x * 2.0h;
    v[4] = 1.0h - x;
    v[5] = -x;
    c[0] = K[0] + K[1]; c[1] = K[0] - K[1]; c[2] = K[0] * K[1];
    c[3] = K[2] + K[3]; c[4] = K[2] - K[3]; c[5] = K[2] * K[3];
    c[6] = K[4] + K[5]; c[7] = K[4] - K[5]; c[8] = K[4] * K[5];
    c[9] = K[6] + K[7]; c[10] = K[6] - K[7]; c[11] = K[6] * K[7];
    c[12] = K[8] + K[9];
    c[13] = K[10] * 2.0h;
    c[14] = K[8] * K[11];
    c[15] = -K[9];
    const s0 = KX + KY;
    const s1 = KX - KY;
    const s2 = KX * KY;
    const s3 = KX * 2.0h;
    const s4 = 1.0h - KX;
    const s5 = -KX;
    cv[0] = s0; cv[1] = s1; cv[2] = s2; cv[3] = s3; cv[4] = s4; cv[5] = s5;
}

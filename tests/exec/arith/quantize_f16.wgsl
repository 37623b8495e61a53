// quantizeToF16 on f32 and vec2<f32>, runtime and const (spec,
// `quantizeToF16`: convert to binary16 and back; "Correctly rounded", which in
// WGSL means either adjacent value when inexact, so inexact inputs are
// checked with 0/1 flags; values outside f16's finite range are
// indeterminate at runtime and a shader-creation error when const: not used).
// * exact: 1.5 -> 1.5; 65504 -> 65504; -2^-14 -> -6.103515625e-05; 0.333251953125 -> same;
//   -65504 -> -65504
// * flags: 1 + 2^-11 -> 1 or 1.0009765625; 0.1f -> 0.0999755859375 or 0.10003662109375;
//   3.14159274f -> 3.140625 or 3.142578125
// vec2: quantizeToF16(vec2(1.5, -65504)) = (1.5, -65504)
// buffer 0:0 = f32:1.5,65504.0,-6.103515625e-05,0.333251953125,-65504.0, 1.00048828125,0.1,3.14159274
// expect 0:1 = f32:1.5,65504,-6.103515625e-05,0.333251953125,-65504, 1.5,-65504
// expect 0:2 = u32:1,1,1
// expect 0:3 = f32:1.5,65504,-6.103515625e-05,0.333251953125,-65504, 1.5,-65504
// expect 0:4 = u32:1,1,1

@group(0) @binding(0) var<storage, read> a: array<f32, 8>;
@group(0) @binding(1) var<storage, read_write> r: array<f32, 7>;
@group(0) @binding(2) var<storage, read_write> fl: array<u32, 3>;
@group(0) @binding(3) var<storage, read_write> c: array<f32, 7>;
@group(0) @binding(4) var<storage, read_write> cf: array<u32, 3>;

fn either(x: f32, lo: f32, hi: f32) -> u32 { return select(0u, 1u, x == lo || x == hi); }

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 5u; i++) {
        r[i] = quantizeToF16(a[i]);
    }
    let v = quantizeToF16(vec2<f32>(a[0], a[4]));
    r[5] = v.x; r[6] = v.y;
    fl[0] = either(quantizeToF16(a[5]), 1.0, 1.0009765625);
    fl[1] = either(quantizeToF16(a[6]), 0.0999755859375, 0.10003662109375);
    fl[2] = either(quantizeToF16(a[7]), 3.140625, 3.142578125);
    c[0] = quantizeToF16(1.5f);
    c[1] = quantizeToF16(65504.0f);
    c[2] = quantizeToF16(-6.103515625e-05f);
    c[3] = quantizeToF16(0.333251953125f);
    c[4] = quantizeToF16(-65504.0f);
    const cv = quantizeToF16(vec2<f32>(1.5, -65504.0));
    c[5] = cv.x; c[6] = cv.y;
    const q0 = quantizeToF16(1.00048828125f);
    const q1 = quantizeToF16(0.1f);
    const q2 = quantizeToF16(3.14159274f);
    cf[0] = either(q0, 1.0, 1.0009765625);
    cf[1] = either(q1, 0.0999755859375, 0.10003662109375);
    cf[2] = either(q2, 3.140625, 3.142578125);
}

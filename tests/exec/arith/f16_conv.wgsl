// f32 <-> f16 and integer <-> f16 conversions (spec, "Floating Point
// Conversion"; `f16`, `f32`, `i32`, `u32` value constructors), runtime and
// const.
// f32 -> f16 (0:2): exactly representable values convert exactly: 1.5, 65504
//   (largest f16), -2, 2^-14 (smallest normal f16), -0 (compared as 0: the
//   sign of zero may be ignored), 0.333251953125 (0x3555), 2^-24 (smallest
//   subnormal f16; conversions must preserve subnormals: "Differences from
//   IEEE-754" lists the operations that may flush, and conversion is not one).
//   70000 is outside f16's finite range: at runtime an infinity result is
//   indeterminate (Finite Math Assumption) -> any.
// 1 + 2^-11 lies halfway between f16 1.0 and 1.0009765625: either (flag, 0:6[0]).
// f16 -> f32 (0:3): 1.5, -65504, 2^-14, 2^-24 (f16 subnormal, normal in f32), 0.0999755859375, -1.5
// f16 -> i32 (0:4): 1, -65504, 0, 0, 0, -1 (truncation)
// f16 -> u32 (0:5): 1, 0 (negative clamps to 0), 0, 0, 0, 0
// i32 -> f16: -2048 -> -2048 (0:2[8]); 65504u -> 65504 (0:2[9]);
//   2049 -> 2048 or 2050 (flag 0:6[1]); 100000 out of range -> any (0:2[10])
// Const (0:7 f16, 0:8 f32, 0:9 i32, 0:10 u32): f16(65504.0f) = 65504,
//   f16(-2048i) = -2048, f16(true) = 1, f16(6.103515625e-05f) = 2^-14;
//   f32(1.5h) = 1.5, f32(5.9604645e-08h) = 2^-24; i32(-65504.0h) = -65504,
//   i32(-1.5h) = -1; u32(-1.0h) = 0, u32(65504.0h) = 65504;
//   const f16(1.00048828125f) is either neighbour (flag 0:6[2]).
// buffer 0:0 = f32:1.5,65504.0,-2.0,6.103515625e-05,-0.0,0.333251953125,5.960464477539063e-08,70000.0,1.00048828125
// buffer 0:1 = f16:1.5,-65504.0,6.103515625e-05,5.960464477539063e-08,0.0999755859375,-1.5
// buffer 0:11 = i32:-2048,65504,2049,100000
// expect 0:2 = f16:1.5,65504,-2,6.103515625e-05,0,0.333251953125,5.960464477539063e-08,any, -2048,65504,any
// expect 0:3 = f32:1.5,-65504,6.103515625e-05,5.960464477539063e-08,0.0999755859375,-1.5
// expect 0:4 = i32:1,-65504,0,0,0,-1
// expect 0:5 = u32:1,0,0,0,0,0
// expect 0:6 = u32:1,1,1
// expect 0:7 = f16:65504,-2048,1,6.103515625e-05
// expect 0:8 = f32:1.5,5.960464477539063e-08
// expect 0:9 = i32:-65504,-1
// expect 0:10 = u32:0,65504

enable f16;

@group(0) @binding(0) var<storage, read> fa: array<f32, 9>;
@group(0) @binding(1) var<storage, read> ha: array<f16, 6>;
@group(0) @binding(11) var<storage, read> ia: array<i32, 4>;
@group(0) @binding(2) var<storage, read_write> rh: array<f16, 11>;
@group(0) @binding(3) var<storage, read_write> rf: array<f32, 6>;
@group(0) @binding(4) var<storage, read_write> ri: array<i32, 6>;
@group(0) @binding(5) var<storage, read_write> ru: array<u32, 6>;
@group(0) @binding(6) var<storage, read_write> fl: array<u32, 3>;
@group(0) @binding(7) var<storage, read_write> ch: array<f16, 4>;
@group(0) @binding(8) var<storage, read_write> cf: array<f32, 2>;
@group(0) @binding(9) var<storage, read_write> ci: array<i32, 2>;
@group(0) @binding(10) var<storage, read_write> cu: array<u32, 2>;

fn either(x: f16, lo: f16, hi: f16) -> u32 {
    return select(0u, 1u, x == lo || x == hi);
}

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 8u; i++) {
        rh[i] = f16(fa[i]);
    }
    rh[8] = f16(ia[0]);
    rh[9] = f16(u32(ia[1]));
    rh[10] = f16(ia[3]);
    for (var i = 0u; i < 6u; i++) {
        rf[i] = f32(ha[i]);
        ri[i] = i32(ha[i]);
        ru[i] = u32(ha[i]);
    }
    fl[0] = either(f16(fa[8]), 1.0h, 1.0009765625h);
    fl[1] = either(f16(ia[2]), 2048.0h, 2050.0h);
    const c = f16(1.00048828125f);
    fl[2] = either(c, 1.0h, 1.0009765625h);
    ch[0] = f16(65504.0f);
    ch[1] = f16(-2048i);
    ch[2] = f16(true);
    ch[3] = f16(6.103515625e-05f);
    cf[0] = f32(1.5h);
    cf[1] = f32(5.9604645e-08h);
    ci[0] = i32(-65504.0h);
    ci[1] = i32(-1.5h);
    cu[0] = u32(-1.0h);
    cu[1] = u32(65504.0h);
}

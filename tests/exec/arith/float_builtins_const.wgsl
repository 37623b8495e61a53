// Const-evaluated f32 / AbstractFloat built-ins with exact results (spec,
// "Numeric Built-in Functions"), mirroring float_minmax, float_fma_ldexp and
// frexp_modf:
// abs(-1.5f) = 1.5; abs(-MAXF) = MAXF; min(-1f, 1f) = -1; max(MAXF, -MAXF) = MAXF;
// clamp(5f, 0f, 1f) = 1; clamp(-MAXF, -1f, 1f) = -1; sign(-2f) = -1; sign(0f) = 0;
// sign(3e-30f) = 1; step(1f, 1f) = 1; step(1f, 0.99999994f) = 0; saturate(-0.5f) = 0;
// saturate(1.5f) = 1; saturate(0.25f) = 0.25; fma(2f, 3f, 4f) = 10; fma(-1.5f, 4f, 0.25f) = -5.75;
// ldexp(1f, 10) = 1024; ldexp(-1.5f, 127) = -2.5521177519070385e38; ldexp(1f, -126) = 2^-126;
// ldexp(0.5f, 128) = 2^127; frexp(1.5f) = (0.75, 1); frexp(-8f) = (-0.5, 4);
// frexp(MAXF) = (0.999999940395355224609375, 128); modf(-3.75f) = (-0.75, -3); modf(2.5f) = (0.5, 2)
// AbstractFloat: frexp(1.5).fract = 0.75 (spec example), modf(1.5).whole = 1 (spec example),
//   ldexp(3.0, 2) = 12, clamp(-7.5, -2.0, 2.0) = -2, abs(-0.125) = 0.125
// vec4: min((-1, MAXF, 0.5, -2), (1, -MAXF, 0.25, -3)) = (-1, -MAXF, 0.25, -3);
//   saturate((-1, MAXF, 0.5, -2)) = (0, 1, 0.5, 0)
// expect 0:0 = f32:1.5,3.4028234663852886e38,-1,3.4028234663852886e38,1,-1,-1,0,1,1,0,0,1,0.25,10,-5.75,1024,-2.5521177519070385e38,1.1754943508222875e-38,1.7014118346046923e38, 0.75,-0.5,0.999999940395355224609375,-0.75,-3,0.5,2, 0.75,1,12,-2,0.125, -1,-3.4028234663852886e38,0.25,-3, 0,1,0.5,0
// expect 0:1 = i32:1,4,128

@group(0) @binding(0) var<storage, read_write> r: array<f32, 40>;
@group(0) @binding(1) var<storage, read_write> e: array<i32, 3>;

const MAXF = 3.4028234663852886e38f;
const P = vec4<f32>(-1.0, MAXF, 0.5, -2.0);
const Q = vec4<f32>(1.0, -MAXF, 0.25, -3.0);
const MN = min(P, Q);
const SA = saturate(P);

@compute @workgroup_size(1)
fn main() {
    r[0] = abs(-1.5f);
    r[1] = abs(-MAXF);
    r[2] = min(-1f, 1f);
    r[3] = max(MAXF, -MAXF);
    r[4] = clamp(5f, 0f, 1f);
    r[5] = clamp(-MAXF, -1f, 1f);
    r[6] = sign(-2f);
    r[7] = sign(0f);
    r[8] = sign(3e-30f);
    r[9] = step(1f, 1f);
    r[10] = step(1f, 0.99999994f);
    r[11] = saturate(-0.5f);
    r[12] = saturate(1.5f);
    r[13] = saturate(0.25f);
    r[14] = fma(2f, 3f, 4f);
    r[15] = fma(-1.5f, 4f, 0.25f);
    r[16] = ldexp(1f, 10);
    r[17] = ldexp(-1.5f, 127);
    r[18] = ldexp(1f, -126);
    r[19] = ldexp(0.5f, 128);
    const f0 = frexp(1.5f);
    const f1 = frexp(-8f);
    const f2 = frexp(MAXF);
    r[20] = f0.fract; e[0] = f0.exp;
    r[21] = f1.fract; e[1] = f1.exp;
    r[22] = f2.fract; e[2] = f2.exp;
    const m0 = modf(-3.75f);
    const m1 = modf(2.5f);
    r[23] = m0.fract; r[24] = m0.whole;
    r[25] = m1.fract; r[26] = m1.whole;
    r[27] = frexp(1.5).fract;
    r[28] = modf(1.5).whole;
    r[29] = ldexp(3.0, 2);
    r[30] = clamp(-7.5, -2.0, 2.0);
    r[31] = abs(-0.125);
    r[32] = MN.x; r[33] = MN.y; r[34] = MN.z; r[35] = MN.w;
    r[36] = SA.x; r[37] = SA.y; r[38] = SA.z; r[39] = SA.w;
}

// f32 abs, min, max, clamp, sign, step, saturate at runtime (spec, "Numeric
// Built-in Functions"; all correctly rounded, so exact). No NaN/infinity
// (Finite Math Assumption) and no subnormal operands (min/max may then
// return either); zero results are compared as 0 (sign may be ignored).
// abs(-1.5) = 1.5; abs(MAXF) = MAXF; abs(-MAXF) = MAXF; abs(-0) = 0
// min/max(-1, 1) = -1 / 1; (MAXF, -MAXF) = -MAXF / MAXF; (1e-30, 2e-30) = 1e-30 / 2e-30 (as f32: 1.0000000031710769e-30, 2.0000000063421537e-30);
//   (2.5, 2.5) = 2.5 / 2.5
// clamp(5, 0, 1) = 1; clamp(-5, 0, 1) = 0; clamp(0.5, 0, 1) = 0.5; clamp(-MAXF, -1, 1) = -1
//   clamp with low > high is either min(max(e, low), high) or the median (spec, `clamp`):
//   clamp(0.5, 1, 0) is 0 or 0.5 -> flag (0:5)
// sign(-2) = -1; sign(0) = 0; sign(3e-30) = 1; sign(-0) = 0; sign(MAXF) = 1
// step(edge, x) = 1 if edge <= x else 0: step(1, 1) = 1; step(1, 0.99999994) = 0;
//   step(-0, 0) = 1; step(0, -1e-30) = 0
// saturate(-0.5) = 0; saturate(1.5) = 1; saturate(0.25) = 0.25; saturate(1) = 1
// vec4: min/max/clamp/sign/step/saturate of (-1, MAXF, 0.5, -2) with (1, -MAXF, 0.25, -3)
//   min = (-1, -MAXF, 0.25, -3); max = (1, MAXF, 0.5, -2);
//   clamp(v, vec4(-0.5), vec4(0.75)) = (-0.5, 0.75, 0.5, -0.5); sign(v) = (-1, 1, 1, -1);
//   step(v, w) = (1, 0, 0, 0); saturate(v) = (0, 1, 0.5, 0)
// buffer 0:0 = f32:-1.5,3.4028234663852886e38,-3.4028234663852886e38,-0.0, -1.0,1.0,1e-30,2e-30,2.5, 5.0,-5.0,0.5,0.0, -2.0,3e-30, 0.99999994,-1e-30, 0.25,1.5,-0.5
// expect 0:1 = f32:1.5,3.4028234663852886e38,3.4028234663852886e38,0
// expect 0:2 = f32:-1,1, -3.4028234663852886e38,3.4028234663852886e38, 1.0000000031710769e-30,2.0000000063421537e-30, 2.5,2.5
// expect 0:3 = f32:1,0,0.5,-1, -1,0,1,0,1, 1,0,1,0, 0,1,0.25,1
// expect 0:4 = f32:-1,-3.4028234663852886e38,0.25,-3, 1,3.4028234663852886e38,0.5,-2, -0.5,0.75,0.5,-0.5, -1,1,1,-1, 1,0,0,0, 0,1,0.5,0
// expect 0:5 = u32:1

@group(0) @binding(0) var<storage, read> a: array<f32, 20>;
@group(0) @binding(1) var<storage, read_write> ab: array<f32, 4>;
@group(0) @binding(2) var<storage, read_write> mm: array<f32, 8>;
@group(0) @binding(3) var<storage, read_write> r: array<f32, 17>;
@group(0) @binding(4) var<storage, read_write> v: array<vec4<f32>, 6>;
@group(0) @binding(5) var<storage, read_write> fl: array<u32, 1>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        ab[i] = abs(a[i]);
    }
    let one = a[5];
    let m1 = a[4];
    let zero = a[12];
    let half = a[11];
    mm[0] = min(m1, one); mm[1] = max(m1, one);
    mm[2] = min(a[1], a[2]); mm[3] = max(a[1], a[2]);
    mm[4] = min(a[6], a[7]); mm[5] = max(a[6], a[7]);
    mm[6] = min(a[8], a[8]); mm[7] = max(a[8], a[8]);
    r[0] = clamp(a[9], zero, one);
    r[1] = clamp(a[10], zero, one);
    r[2] = clamp(half, zero, one);
    r[3] = clamp(a[2], m1, one);
    r[4] = sign(a[13]);
    r[5] = sign(zero);
    r[6] = sign(a[14]);
    r[7] = sign(a[3]);
    r[8] = sign(a[1]);
    r[9] = step(one, one);
    r[10] = step(one, a[15]);
    r[11] = step(a[3], zero);
    r[12] = step(zero, a[16]);
    r[13] = saturate(a[19]);
    r[14] = saturate(a[18]);
    r[15] = saturate(a[17]);
    r[16] = saturate(one);
    let c = clamp(half, one, zero);
    fl[0] = select(0u, 1u, c == 0.0 || c == 0.5);
    let p = vec4<f32>(m1, a[1], half, a[13]);
    let q = vec4<f32>(one, a[2], a[17], -3.0 * one);
    v[0] = min(p, q);
    v[1] = max(p, q);
    v[2] = clamp(p, vec4<f32>(-0.5 * one), vec4<f32>(0.75 * one));
    v[3] = sign(p);
    v[4] = step(p, q);
    v[5] = saturate(p);
}

// Const-evaluated floor, ceil, round, trunc, fract on f32 (spec, "Numeric
// Built-in Functions"), with the same inputs and expected values as
// float_rounding.wgsl (round: ties to even), then AbstractFloat arguments
// with exactly representable results (0:1):
// round(2.5) = 2, round(-0.5) = -0, round(3.5) = 4, floor(-2.5) = -3, ceil(-2.5) = -2,
// trunc(-2.5) = -2, fract(-2.25) = 0.75, and vector round(vec4<f32>(0.5, 1.5, -2.5, -3.5)) = (0, 2, -2, -4)
// expect 0:0 = f32:0,1,2,-1,-2,-3,3,-4,8388607,-8388608,8388609,0
// expect 0:0 = f32:1,2,3,0,-1,-2,4,-3,8388608,-8388607,8388609,1
// expect 0:0 = f32:0,2,2,0,-2,-2,4,-4,8388608,-8388608,8388609,0
// expect 0:0 = f32:0,1,2,0,-1,-2,3,-3,8388607,-8388607,8388609,0
// expect 0:0 = f32:0.5,0.5,0.5,0.5,0.5,0.5,0.7000000476837158203125,0.2999999523162841796875,0.5,0.5,0,0.4999999701976776123046875
// expect 0:1 = f32:2,0,4,-3,-2,-2,0.75, 0,2,-2,-4

@group(0) @binding(0) var<storage, read_write> r: array<f32, 60>;
@group(0) @binding(1) var<storage, read_write> a: array<f32, 11>;

const RV = round(vec4<f32>(0.5, 1.5, -2.5, -3.5));

@compute @workgroup_size(1)
fn main() {
    r[0] = floor(0.5f);
    r[1] = floor(1.5f);
    r[2] = floor(2.5f);
    r[3] = floor(-0.5f);
    r[4] = floor(-1.5f);
    r[5] = floor(-2.5f);
    r[6] = floor(3.7f);
    r[7] = floor(-3.7f);
    r[8] = floor(8388607.5f);
    r[9] = floor(-8388607.5f);
    r[10] = floor(8388609.0f);
    r[11] = floor(0.49999997f);
    r[12] = ceil(0.5f);
    r[13] = ceil(1.5f);
    r[14] = ceil(2.5f);
    r[15] = ceil(-0.5f);
    r[16] = ceil(-1.5f);
    r[17] = ceil(-2.5f);
    r[18] = ceil(3.7f);
    r[19] = ceil(-3.7f);
    r[20] = ceil(8388607.5f);
    r[21] = ceil(-8388607.5f);
    r[22] = ceil(8388609.0f);
    r[23] = ceil(0.49999997f);
    r[24] = round(0.5f);
    r[25] = round(1.5f);
    r[26] = round(2.5f);
    r[27] = round(-0.5f);
    r[28] = round(-1.5f);
    r[29] = round(-2.5f);
    r[30] = round(3.7f);
    r[31] = round(-3.7f);
    r[32] = round(8388607.5f);
    r[33] = round(-8388607.5f);
    r[34] = round(8388609.0f);
    r[35] = round(0.49999997f);
    r[36] = trunc(0.5f);
    r[37] = trunc(1.5f);
    r[38] = trunc(2.5f);
    r[39] = trunc(-0.5f);
    r[40] = trunc(-1.5f);
    r[41] = trunc(-2.5f);
    r[42] = trunc(3.7f);
    r[43] = trunc(-3.7f);
    r[44] = trunc(8388607.5f);
    r[45] = trunc(-8388607.5f);
    r[46] = trunc(8388609.0f);
    r[47] = trunc(0.49999997f);
    r[48] = fract(0.5f);
    r[49] = fract(1.5f);
    r[50] = fract(2.5f);
    r[51] = fract(-0.5f);
    r[52] = fract(-1.5f);
    r[53] = fract(-2.5f);
    r[54] = fract(3.7f);
    r[55] = fract(-3.7f);
    r[56] = fract(8388607.5f);
    r[57] = fract(-8388607.5f);
    r[58] = fract(8388609.0f);
    r[59] = fract(0.49999997f);
    a[0] = round(2.5);
    a[1] = round(-0.5);
    a[2] = round(3.5);
    a[3] = floor(-2.5);
    a[4] = ceil(-2.5);
    a[5] = trunc(-2.5);
    a[6] = fract(-2.25);
    a[7] = RV.x;
    a[8] = RV.y;
    a[9] = RV.z;
    a[10] = RV.w;
}

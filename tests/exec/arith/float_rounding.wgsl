// floor, ceil, round, trunc, fract on f32 at runtime (spec, "Numeric
// Built-in Functions"; all correctly rounded, fract inherited from
// x - floor(x), exact here). round() breaks ties to even (spec, `round`:
// halfway between k and k+1 gives k if k is even, else k+1).
// x = 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.7, -3.7, 8388607.5, -8388607.5, 8388609, 0.49999997
// * floor: 0, 1, 2, -1, -2, -3, 3, -4, 8388607, -8388608, 8388609, 0
// * ceil:  1, 2, 3, -0, -1, -2, 4, -3, 8388608, -8388607, 8388609, 1
// * round: 0, 2, 2, -0, -2, -2, 4, -4, 8388608, -8388608, 8388609, 0
//   (8388607.5: k = 8388607 is odd -> 8388608; -8388607.5: k = -8388608 is even -> -8388608;
//    0.49999997 (largest float below 0.5) -> 0, not 1 as floor(x + 0.5) would give)
// * trunc: 0, 1, 2, -0, -1, -2, 3, -3, 8388607, -8388607, 8388609, 0
// * fract: 0.5 (x6), 3.7f - 3 = 0.7000000476837158203125, -3.7f + 4 = 0.2999999523162841796875,
//   0.5, 0.5, 0, 0.4999999701976776123046875
// Signed zeros are compared as 0 (the sign of a zero may be ignored).
// vec4 forms on x[0..3] and x[8..11].
// buffer 0:0 = f32:0.5,1.5,2.5,-0.5,-1.5,-2.5,3.7,-3.7,8388607.5,-8388607.5,8388609.0,0.49999997
// expect 0:1 = f32:0,1,2,-1,-2,-3,3,-4,8388607,-8388608,8388609,0
// expect 0:2 = f32:1,2,3,0,-1,-2,4,-3,8388608,-8388607,8388609,1
// expect 0:3 = f32:0,2,2,0,-2,-2,4,-4,8388608,-8388608,8388609,0
// expect 0:4 = f32:0,1,2,0,-1,-2,3,-3,8388607,-8388607,8388609,0
// expect 0:5 = f32:0.5,0.5,0.5,0.5,0.5,0.5,0.7000000476837158203125,0.2999999523162841796875,0.5,0.5,0,0.4999999701976776123046875
// expect 0:6 = f32:0,1,2,-1, 1,2,3,0, 0,2,2,0, 0,1,2,0, 0.5,0.5,0.5,0.5, 8388607,-8388608,8388609,0, 8388608,-8388607,8388609,1, 8388608,-8388608,8388609,0, 8388607,-8388607,8388609,0, 0.5,0.5,0,0.4999999701976776123046875

@group(0) @binding(0) var<storage, read> x: array<f32, 12>;
@group(0) @binding(1) var<storage, read_write> fl: array<f32, 12>;
@group(0) @binding(2) var<storage, read_write> ce: array<f32, 12>;
@group(0) @binding(3) var<storage, read_write> ro: array<f32, 12>;
@group(0) @binding(4) var<storage, read_write> tr: array<f32, 12>;
@group(0) @binding(5) var<storage, read_write> fr: array<f32, 12>;
@group(0) @binding(6) var<storage, read_write> v: array<vec4<f32>, 10>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 12u; i++) {
        fl[i] = floor(x[i]);
        ce[i] = ceil(x[i]);
        ro[i] = round(x[i]);
        tr[i] = trunc(x[i]);
        fr[i] = fract(x[i]);
    }
    for (var j = 0u; j < 2u; j++) {
        let b = 8u * j;
        let w = vec4<f32>(x[b], x[b + 1u], x[b + 2u], x[b + 3u]);
        v[5u * j] = floor(w);
        v[5u * j + 1u] = ceil(w);
        v[5u * j + 2u] = round(w);
        v[5u * j + 3u] = trunc(w);
        v[5u * j + 4u] = fract(w);
    }
}

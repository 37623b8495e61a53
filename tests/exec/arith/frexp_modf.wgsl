// frexp and modf on f32 at runtime, scalar and vec4 (spec, `frexp`: for
// nonzero normal e, e = fract * 2^exp with |fract| in [0.5, 1); for zero the
// fraction is zero and the exponent is not specified (any); subnormal,
// NaN, inf are indeterminate and not used. `modf`: whole = trunc(e),
// fract = e - trunc(e); both correctly rounded, so exact).
// * frexp: 1.5 -> (0.75, 1); -8 -> (-0.5, 4); 1 -> (0.5, 1); 2^-126 -> (0.5, -125);
//   MAXF -> (1 - 2^-24 = 0.999999940395355224609375, 128); -0.75 -> (-0.75, 0);
//   0.1f -> (0.800000011920928955078125, -3); 0 -> (0, any)
// * modf: -3.75 -> (fract -0.75, whole -3); 2.5 -> (0.5, 2); -0.5 -> (-0.5, -0 [as 0]);
//   8388609 -> (0, 8388609); 0.25 -> (0.25, 0); -1e10 -> (0, -1e10)
// vec4 forms on the first four inputs of each.
// buffer 0:0 = f32:1.5,-8.0,1.0,1.1754943508222875e-38,3.4028234663852886e38,-0.75,0.1,0.0
// buffer 0:1 = f32:-3.75,2.5,-0.5,8388609.0,0.25,-1e10
// expect 0:2 = f32:0.75,-0.5,0.5,0.5,0.999999940395355224609375,-0.75,0.800000011920928955078125,0
// expect 0:3 = i32:1,4,1,-125,128,0,-3,any
// expect 0:4 = f32:-0.75,0.5,-0.5,0,0.25,0
// expect 0:5 = f32:-3,2,0,8388609,0,-1e10
// expect 0:6 = f32:0.75,-0.5,0.5,0.5, -0.75,0.5,-0.5,0, -3,2,0,8388609
// expect 0:7 = i32:1,4,1,-125

@group(0) @binding(0) var<storage, read> a: array<f32, 8>;
@group(0) @binding(1) var<storage, read> b: array<f32, 6>;
@group(0) @binding(2) var<storage, read_write> ff: array<f32, 8>;
@group(0) @binding(3) var<storage, read_write> fe: array<i32, 8>;
@group(0) @binding(4) var<storage, read_write> mf: array<f32, 6>;
@group(0) @binding(5) var<storage, read_write> mw: array<f32, 6>;
@group(0) @binding(6) var<storage, read_write> v: array<vec4<f32>, 3>;
@group(0) @binding(7) var<storage, read_write> ve: vec4<i32>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 8u; i++) {
        let r = frexp(a[i]);
        ff[i] = r.fract;
        fe[i] = r.exp;
    }
    for (var i = 0u; i < 6u; i++) {
        let r = modf(b[i]);
        mf[i] = r.fract;
        mw[i] = r.whole;
    }
    let fv = frexp(vec4<f32>(a[0], a[1], a[2], a[3]));
    v[0] = fv.fract;
    ve = fv.exp;
    let mv = modf(vec4<f32>(b[0], b[1], b[2], b[3]));
    v[1] = mv.fract;
    v[2] = mv.whole;
}

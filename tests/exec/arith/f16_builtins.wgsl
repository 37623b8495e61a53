// f16 versions of exact float built-ins (spec, "Numeric Built-in
// Functions"), runtime (0:1..0:4) and const (0:5, 0:6):
// x = 0.5, 1.5, 2.5, -0.5, -2.5, 3.75, -3.75, 1023.5
// * floor: 0,1,2,-1,-3,3,-4,1023; ceil: 1,2,3,-0,-2,4,-3,1024
// round (ties to even): 0,2,2,-0,-2,4,-4,1024 (1023.5: k = 1023 is odd -> 1024)
// * trunc: 0,1,2,-0,-2,3,-3,1023; fract: 0.5,0.5,0.5,0.5,0.5,0.75,0.25,0.5
// others (0:3): abs(-65504) = 65504; min(-1, 1) = -1; max(65504, -65504) = 65504;
//   clamp(5, 0, 1) = 1; sign(-2) = -1; sign(0) = 0; step(1, 1) = 1;
//   step(1, 1 - 2^-11 = 0.99951171875) = 0; saturate(1.5) = 1; saturate(-0.5) = 0;
//   fma(2, 3, 4) = 10; ldexp(1, 15) = 32768; ldexp(1, -14) = 2^-14 = 6.103515625e-05;
//   frexp(1.5).fract = 0.75; frexp(-65504).fract = -0.99951171875; modf(-3.75) = (-0.75, -3)
// exponents (0:4): frexp(1.5).exp = 1; frexp(-65504).exp = 16
// buffer 0:0 = f16:0.5,1.5,2.5,-0.5,-2.5,3.75,-3.75,1023.5, -65504.0,65504.0,-1.0,1.0,5.0,0.0,-2.0,0.99951171875,2.0,3.0,4.0
// expect 0:1 = f16:0,1,2,-1,-3,3,-4,1023, 1,2,3,0,-2,4,-3,1024, 0,2,2,0,-2,4,-4,1024, 0,1,2,0,-2,3,-3,1023, 0.5,0.5,0.5,0.5,0.5,0.75,0.25,0.5
// expect 0:3 = f16:65504,-1,65504,1,-1,0,1,0,1,0,10,32768,6.103515625e-05,0.75,-0.99951171875,-0.75,-3
// expect 0:4 = i32:1,16
// expect 0:5 = f16:0,1,2,-1,-3,3,-4,1023, 1,2,3,0,-2,4,-3,1024, 0,2,2,0,-2,4,-4,1024, 0,1,2,0,-2,3,-3,1023, 0.5,0.5,0.5,0.5,0.5,0.75,0.25,0.5, 65504,-1,65504,1,-1,0,1,0,1,0,10,32768,6.103515625e-05,0.75,-0.99951171875,-0.75,-3
// expect 0:6 = i32:1,16

enable f16;

@group(0) @binding(0) var<storage, read> a: array<f16, 19>;
@group(0) @binding(1) var<storage, read_write> rr: array<vec4<f16>, 10>;
@group(0) @binding(3) var<storage, read_write> o: array<f16, 17>;
@group(0) @binding(4) var<storage, read_write> oe: array<i32, 2>;
@group(0) @binding(5) var<storage, read_write> c: array<f16, 57>;
@group(0) @binding(6) var<storage, read_write> ce: array<i32, 2>;

const X0 = vec4<f16>(0.5h, 1.5h, 2.5h, -0.5h);
const X1 = vec4<f16>(-2.5h, 3.75h, -3.75h, 1023.5h);

@compute @workgroup_size(1)
fn main() {
    let x0 = vec4<f16>(a[0], a[1], a[2], a[3]);
    let x1 = vec4<f16>(a[4], a[5], a[6], a[7]);
    rr[0] = floor(x0); rr[1] = floor(x1);
    rr[2] = ceil(x0); rr[3] = ceil(x1);
    rr[4] = round(x0); rr[5] = round(x1);
    rr[6] = trunc(x0); rr[7] = trunc(x1);
    rr[8] = fract(x0); rr[9] = fract(x1);
    o[0] = abs(a[8]);
    o[1] = min(a[10], a[11]);
    o[2] = max(a[9], a[8]);
    o[3] = clamp(a[12], a[13], a[11]);
    o[4] = sign(a[14]);
    o[5] = sign(a[13]);
    o[6] = step(a[11], a[11]);
    o[7] = step(a[11], a[15]);
    o[8] = saturate(a[1]);
    o[9] = saturate(a[3]);
    o[10] = fma(a[16], a[17], a[18]);
    o[11] = ldexp(a[11], 15);
    o[12] = ldexp(a[11], -14);
    let f0 = frexp(a[1]);
    let f1 = frexp(a[8]);
    o[13] = f0.fract; oe[0] = f0.exp;
    o[14] = f1.fract; oe[1] = f1.exp;
    let m = modf(a[6]);
    o[15] = m.fract; o[16] = m.whole;

    const r0 = array<vec4<f16>, 10>(floor(X0), floor(X1), ceil(X0), ceil(X1), round(X0), round(X1),
                                    trunc(X0), trunc(X1), fract(X0), fract(X1));
    for (var i = 0u; i < 10u; i++) {
        c[4u * i] = r0[i].x; c[4u * i + 1u] = r0[i].y; c[4u * i + 2u] = r0[i].z; c[4u * i + 3u] = r0[i].w;
    }
    c[40] = abs(-65504.0h);
    c[41] = min(-1.0h, 1.0h);
    c[42] = max(65504.0h, -65504.0h);
    c[43] = clamp(5.0h, 0.0h, 1.0h);
    c[44] = sign(-2.0h);
    c[45] = sign(0.0h);
    c[46] = step(1.0h, 1.0h);
    c[47] = step(1.0h, 0.99951171875h);
    c[48] = saturate(1.5h);
    c[49] = saturate(-0.5h);
    c[50] = fma(2.0h, 3.0h, 4.0h);
    c[51] = ldexp(1.0h, 15);
    c[52] = ldexp(1.0h, -14);
    const g0 = frexp(1.5h);
    const g1 = frexp(-65504.0h);
    c[53] = g0.fract; ce[0] = g0.exp;
    c[54] = g1.fract; ce[1] = g1.exp;
    const n = modf(-3.75h);
    c[55] = n.fract; c[56] = n.whole;
}

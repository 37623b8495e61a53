// fma and ldexp on f32 at runtime (spec, `fma`: e1 * e2 + e3, accuracy
// inherited from x * y + z, so only operands whose product and sum are exact
// are used; `ldexp`: e1 * 2^e2, correctly rounded; the result may be zero
// when e2 + 127 <= 0, and e2 > 128 is indeterminate at runtime).
// fma(2, 3, 4) = 10; fma(-1.5, 4, 0.25) = -5.75; fma(0.5, 0.5, -0.25) = 0;
//   fma(MAXF, 0.5, 0) = 1.7014117331926443e38; fma(-3, 0.125, 1) = 0.625
// ldexp(1, 10) = 1024; ldexp(0.75, -2) = 0.1875; ldexp(-1.5, 127) = -2.5521177519070385e38;
//   ldexp(1, -126) = 2^-126 = 1.1754943508222875e-38; ldexp(0.5, 128) = 2^127 = 1.7014118346046923e38;
//   ldexp(3, 0) = 3; ldexp(-1, -20) = -9.5367431640625e-07
//   ldexp(1, -127): e2 + bias = 0, so 0 or 2^-127 (subnormal) -> flag (0:3)
// vec4: fma((2, -1.5, 0.5, -3), (3, 4, 0.5, 0.125), (4, 0.25, -0.25, 1)) = (10, -5.75, 0, 0.625);
//   ldexp((1, 0.75, -1.5, 3), (10, -2, 127, 0)) = (1024, 0.1875, -2.5521177519070385e38, 3)
// buffer 0:0 = f32:2.0,3.0,4.0, -1.5,4.0,0.25, 0.5,0.5,-0.25, 3.4028234663852886e38,0.5,0.0, -3.0,0.125,1.0
// buffer 0:1 = f32:1.0,0.75,-1.5,1.0,0.5,3.0,-1.0,1.0
// buffer 0:2 = i32:10,-2,127,-126,128,0,-20,-127
// expect 0:4 = f32:10,-5.75,0,1.7014117331926443e38,0.625, 1024,0.1875,-2.5521177519070385e38,1.1754943508222875e-38,1.7014118346046923e38,3,-9.5367431640625e-07
// expect 0:3 = u32:1
// expect 0:5 = f32:10,-5.75,0,0.625, 1024,0.1875,-2.5521177519070385e38,3

@group(0) @binding(0) var<storage, read> f: array<f32, 15>;
@group(0) @binding(1) var<storage, read> m: array<f32, 8>;
@group(0) @binding(2) var<storage, read> e: array<i32, 8>;
@group(0) @binding(3) var<storage, read_write> fl: array<u32, 1>;
@group(0) @binding(4) var<storage, read_write> r: array<f32, 12>;
@group(0) @binding(5) var<storage, read_write> v: array<vec4<f32>, 2>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 5u; i++) {
        r[i] = fma(f[3u * i], f[3u * i + 1u], f[3u * i + 2u]);
    }
    for (var i = 0u; i < 7u; i++) {
        r[5u + i] = ldexp(m[i], e[i]);
    }
    let t = ldexp(m[7], e[7]);
    fl[0] = select(0u, 1u, t == 0.0 || t == 5.877471754111438e-39);
    v[0] = fma(vec4<f32>(f[0], f[3], f[6], f[12]), vec4<f32>(f[1], f[4], f[7], f[13]),
               vec4<f32>(f[2], f[5], f[8], f[14]));
    v[1] = ldexp(vec4<f32>(m[0], m[1], m[2], m[5]), vec4<i32>(e[0], e[1], e[2], e[5]));
}

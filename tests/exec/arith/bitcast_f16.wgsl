// bitcast between 32-bit scalars and vec2<f16>, and between vec2 of 32-bit
// types and vec4<f16> (spec, `bitcast`; "Internal Layout of Values": vector
// component 0 is at the lower address, so it occupies the low 16 bits of the
// 32-bit value). Runtime and const. No NaN/infinity/subnormal patterns.
// bitcast<vec2<f16>>(0x3C00BC00u) = (-1.0 [0xBC00], 1.0 [0x3C00])
// bitcast<vec2<f16>>(1.0f = 0x3F800000) = (0, 1.875 [0x3F80])
// bitcast<u32>(vec2<f16>(1, 2)) = 0x40003C00
// bitcast<i32>(vec2<f16>(-0.5, 65504)) = 0x7BFFB800 = 2080356352
// bitcast<f32>(vec2<f16>(0, 1.875)) = 1.0
// bitcast<vec4<f16>>(vec2<u32>(0x3C000000, 0xC0004400)) = (0, 1, 4, -2)
// bitcast<vec2<u32>>(vec4<f16>(1, 2, -0.5, 65504)) = (0x40003C00, 0x7BFFB800)
// bitcast<vec2<i32>>(vec4<f16>(1, 2, -0.5, 65504)) = (1073757184, 2080356352)
// bitcast<vec2<f32>>(vec4<f16>(0, 1.875, 0, -1.875)) = (1.0, -1.0)
// buffer 0:0 = u32:0x3C00BC00,0x3F800000,0x3C000000,0xC0004400
// buffer 0:1 = f16:1.0,2.0,-0.5,65504.0,0.0,1.875,-1.875
// expect 0:2 = f16:-1,1, 0,1.875, 0,1,4,-2
// expect 0:3 = u32:0x40003C00,0x40003C00,0x7BFFB800
// expect 0:4 = i32:2080356352,1073757184,2080356352
// expect 0:5 = f32:1,1,-1
// expect 0:6 = f16:-1,1, 0,1.875, 0,1,4,-2
// expect 0:7 = u32:0x40003C00,0x40003C00,0x7BFFB800
// expect 0:8 = i32:2080356352,1073757184,2080356352
// expect 0:9 = f32:1,1,-1

enable f16;

@group(0) @binding(0) var<storage, read> ua: array<u32, 4>;
@group(0) @binding(1) var<storage, read> ha: array<f16, 7>;
@group(0) @binding(2) var<storage, read_write> rh: array<f16, 8>;
@group(0) @binding(3) var<storage, read_write> ru: array<u32, 3>;
@group(0) @binding(4) var<storage, read_write> ri: array<i32, 3>;
@group(0) @binding(5) var<storage, read_write> rf: array<f32, 3>;
@group(0) @binding(6) var<storage, read_write> ch: array<f16, 8>;
@group(0) @binding(7) var<storage, read_write> cu: array<u32, 3>;
@group(0) @binding(8) var<storage, read_write> ci: array<i32, 3>;
@group(0) @binding(9) var<storage, read_write> cf: array<f32, 3>;

@compute @workgroup_size(1)
fn main() {
    let a = bitcast<vec2<f16>>(ua[0]);
    let b = bitcast<vec2<f16>>(bitcast<f32>(ua[1]));
    let c = bitcast<vec4<f16>>(vec2<u32>(ua[2], ua[3]));
    rh[0] = a.x; rh[1] = a.y; rh[2] = b.x; rh[3] = b.y;
    rh[4] = c.x; rh[5] = c.y; rh[6] = c.z; rh[7] = c.w;
    let h4 = vec4<f16>(ha[0], ha[1], ha[2], ha[3]);
    ru[0] = bitcast<u32>(h4.xy);
    let u2 = bitcast<vec2<u32>>(h4);
    ru[1] = u2.x; ru[2] = u2.y;
    ri[0] = bitcast<i32>(h4.zw);
    let i2 = bitcast<vec2<i32>>(h4);
    ri[1] = i2.x; ri[2] = i2.y;
    rf[0] = bitcast<f32>(vec2<f16>(ha[4], ha[5]));
    let f2 = bitcast<vec2<f32>>(vec4<f16>(ha[4], ha[5], ha[4], ha[6]));
    rf[1] = f2.x; rf[2] = f2.y;

    const ca = bitcast<vec2<f16>>(0x3C00BC00u);
    const cb = bitcast<vec2<f16>>(1.0f);
    const cc = bitcast<vec4<f16>>(vec2<u32>(0x3C000000u, 0xC0004400u));
    ch[0] = ca.x; ch[1] = ca.y; ch[2] = cb.x; ch[3] = cb.y;
    ch[4] = cc.x; ch[5] = cc.y; ch[6] = cc.z; ch[7] = cc.w;
    const k4 = vec4<f16>(1.0h, 2.0h, -0.5h, 65504.0h);
    cu[0] = bitcast<u32>(k4.xy);
    const cu2 = bitcast<vec2<u32>>(k4);
    cu[1] = cu2.x; cu[2] = cu2.y;
    ci[0] = bitcast<i32>(k4.zw);
    const ci2 = bitcast<vec2<i32>>(k4);
    ci[1] = ci2.x; ci[2] = ci2.y;
    cf[0] = bitcast<f32>(vec2<f16>(0.0h, 1.875h));
    const cf2 = bitcast<vec2<f32>>(vec4<f16>(0.0h, 1.875h, 0.0h, -1.875h));
    cf[1] = cf2.x; cf[2] = cf2.y;
}

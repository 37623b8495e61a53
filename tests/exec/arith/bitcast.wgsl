// bitcast between i32, u32 and f32 scalars and vectors (spec, `bitcast`):
// reinterpretation of the 32-bit pattern (f32 as IEEE-754 binary32,
// "Internal Layout of Values"). Only normal, finite floats are used: bitcast
// results may be flushed to zero if subnormal, and NaN/infinity are outside
// the Finite Math Assumption; -0 is avoided because the sign of a zero may
// be ignored.
// Runtime (0:2 u32, 0:3 i32, 0:4 f32):
//   bitcast<u32>(1.0) = 0x3F800000; bitcast<u32>(-2.5) = 0xC0200000;
//   bitcast<u32>(MAXF 3.4028234663852886e38) = 0x7F7FFFFF;
//   bitcast<u32>(2^-126) = 0x00800000; bitcast<u32>(-1i) = 0xFFFFFFFF
//   bitcast<i32>(-2.0) = 0xC0000000 = -1073741824; bitcast<i32>(0x80000000u) = MIN;
//   bitcast<i32>(1.0) = 1065353216
//   bitcast<f32>(0x40490FDBu) = 3.1415927410125732; bitcast<f32>(0xBF800000 as i32 -1082130432) = -1;
//   bitcast<f32>(0x7F7FFFFFu) = MAXF; bitcast<f32>(0x00800000u) = 2^-126
//   vec4: bitcast<vec4<u32>>(vec4<f32>(1, -2.5, MAXF, 2^-126)) as above;
//   bitcast<vec2<f32>>(vec2<i32>(0x3F800000, -1082130432)) = (1, -1)
//   bitcast<vec4<i32>>(vec4<u32>(0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0)) = (-1, MIN, MAX, 0)
// Const (0:5 u32, 0:6 f32, 0:7 i32): bitcast<u32>(1.0f), bitcast<u32>(-2.5f),
//   bitcast<u32>(4294967295) (AbstractInt overload) = 0xFFFFFFFF,
//   bitcast<vec2<u32>>(vec2(1, 2)) = (1, 2); bitcast<f32>(0xC0490FDBu) = -3.1415927410125732,
//   bitcast<f32>(0x7F7FFFFFi) = MAXF; bitcast<i32>(0xFFFFFFFFu) = -1, bitcast<i32>(-2.0f) = -1073741824
// buffer 0:0 = f32:1.0,-2.5,3.4028234663852886e38,1.1754943508222875e-38,-2.0
// buffer 0:1 = u32:0xFFFFFFFF,0x80000000,0x40490FDB,0xBF800000,0x7F7FFFFF,0x00800000,0x3F800000,0x7FFFFFFF,0
// expect 0:2 = u32:0x3F800000,0xC0200000,0x7F7FFFFF,0x00800000,0xFFFFFFFF, 0x3F800000,0xC0200000,0x7F7FFFFF,0x00800000
// expect 0:3 = i32:-1073741824,-2147483648,1065353216, -1,-2147483648,2147483647,0
// expect 0:4 = f32:3.1415927410125732,-1,3.4028234663852886e38,1.1754943508222875e-38, 1,-1
// expect 0:5 = u32:0x3F800000,0xC0200000,0xFFFFFFFF,1,2
// expect 0:6 = f32:-3.1415927410125732,3.4028234663852886e38
// expect 0:7 = i32:-1,-1073741824

@group(0) @binding(0) var<storage, read> fa: array<f32, 5>;
@group(0) @binding(1) var<storage, read> ua: array<u32, 9>;
@group(0) @binding(2) var<storage, read_write> ru: array<u32, 9>;
@group(0) @binding(3) var<storage, read_write> ri: array<i32, 7>;
@group(0) @binding(4) var<storage, read_write> rf: array<f32, 6>;
@group(0) @binding(5) var<storage, read_write> cu: array<u32, 5>;
@group(0) @binding(6) var<storage, read_write> cf: array<f32, 2>;
@group(0) @binding(7) var<storage, read_write> ci: array<i32, 2>;

@compute @workgroup_size(1)
fn main() {
    ru[0] = bitcast<u32>(fa[0]);
    ru[1] = bitcast<u32>(fa[1]);
    ru[2] = bitcast<u32>(fa[2]);
    ru[3] = bitcast<u32>(fa[3]);
    ru[4] = bitcast<u32>(i32(-1) * i32(ua[6] >> 29u)); // -1 * 1 at runtime
    let v = bitcast<vec4<u32>>(vec4<f32>(fa[0], fa[1], fa[2], fa[3]));
    ru[5] = v.x; ru[6] = v.y; ru[7] = v.z; ru[8] = v.w;
    ri[0] = bitcast<i32>(fa[4]);
    ri[1] = bitcast<i32>(ua[1]);
    ri[2] = bitcast<i32>(fa[0]);
    let w = bitcast<vec4<i32>>(vec4<u32>(ua[0], ua[1], ua[7], ua[8]));
    ri[3] = w.x; ri[4] = w.y; ri[5] = w.z; ri[6] = w.w;
    rf[0] = bitcast<f32>(ua[2]);
    rf[1] = bitcast<f32>(i32(ua[3]));
    rf[2] = bitcast<f32>(ua[4]);
    rf[3] = bitcast<f32>(ua[5]);
    let x = bitcast<vec2<f32>>(vec2<i32>(i32(ua[6]), i32(ua[3])));
    rf[4] = x.x; rf[5] = x.y;
    cu[0] = bitcast<u32>(1.0f);
    cu[1] = bitcast<u32>(-2.5f);
    cu[2] = bitcast<u32>(4294967295);
    const cv = bitcast<vec2<u32>>(vec2(1, 2));
    cu[3] = cv.x; cu[4] = cv.y;
    cf[0] = bitcast<f32>(0xC0490FDBu);
    cf[1] = bitcast<f32>(0x7F7FFFFFi);
    ci[0] = bitcast<i32>(0xFFFFFFFFu);
    ci[1] = bitcast<i32>(-2.0f);
}

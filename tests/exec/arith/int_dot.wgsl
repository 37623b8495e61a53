// dot on integer vectors (spec, `dot`; i32/u32 arithmetic wraps modulo 2^32,
// "Integer Types") and dot4U8Packed / dot4I8Packed (spec: four 8-bit lanes,
// byte i = bits 8i..8i+7; unsigned lanes zero-extended; signed lanes
// sign-extended to i32 before multiplying).
// Runtime (0:2 i32, 0:3 u32):
//   dot(vec2<i32>(MAX, 1), (1, 1)) = MAX + 1 -> MIN
//   dot(vec3<i32>(1, 2, 3), (-4, 5, -6)) = -4 + 10 - 18 = -12
//   dot(vec4<i32>(65536, 65536, 0, 0), (65536, 1, 0, 0)) = 2^32 + 65536 -> 65536
//   dot(vec4<u32>(0xFFFFFFFF, 1, 2, 3), (1, 1, 1, 1)) = 2^32 + 5 -> 5
//   dot(vec2<u32>(0x80000000, 3), (2, 5)) = 2^32 + 15 -> 15
//   dot4U8Packed(0xFFFFFFFF, 0xFFFFFFFF) = 4*255*255 = 260100
//   dot4U8Packed(0x01020304, 0x05060708) = 4*8 + 3*7 + 2*6 + 1*5 = 70 (lane 0 = 0x04 * 0x08)
//   dot4U8Packed(0x000000FF, 0xFF000000) = 0
//   dot4I8Packed(0x80808080, 0x80808080) = 4*(-128)^2 = 65536
//   dot4I8Packed(0x7F7F7F7F, 0x80808080) = 4*127*(-128) = -65024
//   dot4I8Packed(0xFFFFFFFF, 0x01020304) = -(1+2+3+4) = -10
//   dot4I8Packed(0x01020304, 0x05060708) = 70
//   dot4I8Packed(0x00FF7F80, 0x00FF7F80) = 0 + 1 + 16129 + 16384 = 32514
// Const versions of the dot4 cases and of dot(vec3<i32>(1,2,3), (-4,5,-6)) (0:4, 0:5).
// buffer 0:0 = i32:2147483647,1,2,3,-4,5,-6,65536,0
// buffer 0:1 = u32:0xFFFFFFFF,0x01020304,0x05060708,0x000000FF,0xFF000000,0x80808080,0x7F7F7F7F,0x00FF7F80,0x80000000
// expect 0:2 = i32:-2147483648,-12,65536, 65536,-65024,-10,70,32514
// expect 0:3 = u32:5,15, 260100,70,0
// expect 0:4 = i32:-12, 65536,-65024,-10,70,32514
// expect 0:5 = u32:260100,70,0

@group(0) @binding(0) var<storage, read> a: array<i32, 9>;
@group(0) @binding(1) var<storage, read> p: array<u32, 9>;
@group(0) @binding(2) var<storage, read_write> ri: array<i32, 8>;
@group(0) @binding(3) var<storage, read_write> ru: array<u32, 5>;
@group(0) @binding(4) var<storage, read_write> ci: array<i32, 6>;
@group(0) @binding(5) var<storage, read_write> cu: array<u32, 3>;

@compute @workgroup_size(1)
fn main() {
    let one = a[1];
    ri[0] = dot(vec2<i32>(a[0], one), vec2<i32>(one, one));
    ri[1] = dot(vec3<i32>(one, a[2], a[3]), vec3<i32>(a[4], a[5], a[6]));
    ri[2] = dot(vec4<i32>(a[7], a[7], a[8], a[8]), vec4<i32>(a[7], one, a[8], a[8]));
    ri[3] = dot4I8Packed(p[5], p[5]);
    ri[4] = dot4I8Packed(p[6], p[5]);
    ri[5] = dot4I8Packed(p[0], p[1]);
    ri[6] = dot4I8Packed(p[1], p[2]);
    ri[7] = dot4I8Packed(p[7], p[7]);
    let u1 = u32(one);
    ru[0] = dot(vec4<u32>(p[0], u1, 2u * u1, 3u * u1), vec4<u32>(u1));
    ru[1] = dot(vec2<u32>(p[8], 3u * u1), vec2<u32>(2u * u1, 5u * u1));
    ru[2] = dot4U8Packed(p[0], p[0]);
    ru[3] = dot4U8Packed(p[1], p[2]);
    ru[4] = dot4U8Packed(p[3], p[4]);
    ci[0] = dot(vec3<i32>(1, 2, 3), vec3<i32>(-4, 5, -6));
    ci[1] = dot4I8Packed(0x80808080u, 0x80808080u);
    ci[2] = dot4I8Packed(0x7F7F7F7Fu, 0x80808080u);
    ci[3] = dot4I8Packed(0xFFFFFFFFu, 0x01020304u);
    ci[4] = dot4I8Packed(0x01020304u, 0x05060708u);
    ci[5] = dot4I8Packed(0x00FF7F80u, 0x00FF7F80u);
    cu[0] = dot4U8Packed(0xFFFFFFFFu, 0xFFFFFFFFu);
    cu[1] = dot4U8Packed(0x01020304u, 0x05060708u);
    cu[2] = dot4U8Packed(0x000000FFu, 0xFF000000u);
}

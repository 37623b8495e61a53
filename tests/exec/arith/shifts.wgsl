// Runtime shifts (spec, "Bit Expressions", concrete shift left/right): the
// shift amount is taken modulo the bit width (32), so 32 acts as 0, 33 as 1,
// 63 and 0xFFFFFFFF as 31. `>>` on u32 inserts zeros (logical), on i32 copies
// the sign bit (arithmetic). `<<` discards high bits (no error at runtime).
// Amounts k = 0, 1, 31, 32, 33, 63, 0xFFFFFFFF (effective 0,1,31,0,1,31,31).
// u32 x = 0x80000001: x << k = 0x80000001, 2, 0x80000000, 0x80000001, 2, 0x80000000, 0x80000000
//                     x >> k = 0x80000001, 0x40000000, 1, 0x80000001, 0x40000000, 1, 1
// i32 y = 0x80000001 = -2147483647:
//   y >> k = -2147483647, -1073741824 (0xC0000000), -1, -2147483647, -1073741824, -1, -1
//   y << k = -2147483647, 2, MIN, -2147483647, 2, MIN, MIN
// i32 z = 0x40000001 = 1073741825: z >> k = 1073741825, 536870912, 0, 1073741825, 536870912, 0, 0
// Vectors: vec4<u32>(x) << (0,32,33,63), vec4<i32>(y) >> (1,31,32,0xFFFFFFFF),
//   vec4<i32>(-8,-1,8,MIN) >> vec4(1u) = (-4,-1,4,-1073741824),
//   vec4<i32>(y) >> vec4<u32>(31) = -1s.
// buffer 0:0 = u32:0,1,31,32,33,63,0xFFFFFFFF
// buffer 0:1 = u32:0x80000001
// buffer 0:2 = i32:-2147483647,1073741825,-8,-1,8,-2147483648
// expect 0:3 = u32:0x80000001,2,0x80000000,0x80000001,2,0x80000000,0x80000000, 0x80000001,0x40000000,1,0x80000001,0x40000000,1,1
// expect 0:4 = i32:-2147483647,-1073741824,-1,-2147483647,-1073741824,-1,-1, -2147483647,2,-2147483648,-2147483647,2,-2147483648,-2147483648, 1073741825,536870912,0,1073741825,536870912,0,0
// expect 0:5 = u32:0x80000001,0x80000001,2,0x80000000
// expect 0:6 = i32:-1073741824,-1,-2147483647,-1, -4,-1,4,-1073741824, -1,-1,-1,-1

@group(0) @binding(0) var<storage, read> k: array<u32, 7>;
@group(0) @binding(1) var<storage, read> ux: array<u32, 1>;
@group(0) @binding(2) var<storage, read> ix: array<i32, 6>;
@group(0) @binding(3) var<storage, read_write> ur: array<u32, 14>;
@group(0) @binding(4) var<storage, read_write> ir: array<i32, 21>;
@group(0) @binding(5) var<storage, read_write> uv: vec4<u32>;
@group(0) @binding(6) var<storage, read_write> iv: array<vec4<i32>, 3>;

@compute @workgroup_size(1)
fn main() {
    let x = ux[0];
    let y = ix[0];
    let z = ix[1];
    for (var i = 0u; i < 7u; i++) {
        ur[i] = x << k[i];
        ur[7u + i] = x >> k[i];
        ir[i] = y >> k[i];
        ir[7u + i] = y << k[i];
        ir[14u + i] = z >> k[i];
    }
    uv = vec4<u32>(x) << vec4<u32>(k[0], k[3], k[4], k[5]);
    iv[0] = vec4<i32>(y) >> vec4<u32>(k[1], k[2], k[3], k[6]);
    iv[1] = vec4<i32>(ix[2], ix[3], ix[4], ix[5]) >> vec4<u32>(k[1]);
    iv[2] = vec4<i32>(y) >> vec4<u32>(k[2]);
}

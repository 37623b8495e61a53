// reverseBits on u32, i32 and vectors at runtime (spec, `reverseBits`: bit k
// of the result is bit 31-k of e).
// x = 0, 1, 0x80000000, 0xFFFFFFFF, 0x00F0F000, 0x12345678, 0xFFFFFFFE, 0xFFFFFFFD
// u32: 0, 0x80000000, 1, 0xFFFFFFFF, 0x000F0F00, 0x1E6A2C48, 0x7FFFFFFF, 0xBFFFFFFF
// i32 (same bits): 0, MIN, 1, -1, 986880, 510274632, 2147483647, -1073741825
// vec4 forms on x[0..3] and x[4..7].
// buffer 0:0 = u32:0,1,0x80000000,0xFFFFFFFF,0x00F0F000,0x12345678,0xFFFFFFFE,0xFFFFFFFD
// expect 0:1 = u32:0,0x80000000,1,0xFFFFFFFF,0x000F0F00,0x1E6A2C48,0x7FFFFFFF,0xBFFFFFFF
// expect 0:2 = i32:0,-2147483648,1,-1,986880,510274632,2147483647,-1073741825
// expect 0:3 = u32:0,0x80000000,1,0xFFFFFFFF, 0x000F0F00,0x1E6A2C48,0x7FFFFFFF,0xBFFFFFFF
// expect 0:4 = i32:0,-2147483648,1,-1, 986880,510274632,2147483647,-1073741825

@group(0) @binding(0) var<storage, read> x: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> ur: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> ir: array<i32, 8>;
@group(0) @binding(3) var<storage, read_write> uv: array<vec4<u32>, 2>;
@group(0) @binding(4) var<storage, read_write> iv: array<vec4<i32>, 2>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 8u; i++) {
        ur[i] = reverseBits(x[i]);
        ir[i] = reverseBits(i32(x[i]));
    }
    for (var j = 0u; j < 2u; j++) {
        let v = vec4<u32>(x[4u * j], x[4u * j + 1u], x[4u * j + 2u], x[4u * j + 3u]);
        uv[j] = reverseBits(v);
        iv[j] = reverseBits(vec4<i32>(v));
    }
}

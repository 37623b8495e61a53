// countOneBits, countLeadingZeros, countTrailingZeros on u32, i32 and
// vectors at runtime (spec, "Numeric Built-in Functions"): they count bits of
// the 32-bit pattern, so i32 and u32 with the same bits give the same result;
// all-zero input gives 32 for both zero counts.
// x = 0, 1, 0x80000000, 0xFFFFFFFF, 0x00F0F000, 0x12345678
// countOneBits       = 0, 1, 1, 32, 8, 13
// countLeadingZeros  = 32, 31, 0, 0, 8, 3
// countTrailingZeros = 32, 0, 31, 0, 12, 3
// vec4 forms on the first four values.
// buffer 0:0 = u32:0,1,0x80000000,0xFFFFFFFF,0x00F0F000,0x12345678
// buffer 0:1 = i32:0,1,-2147483648,-1,15790080,305419896
// expect 0:2 = u32:0,1,1,32,8,13, 32,31,0,0,8,3, 32,0,31,0,12,3
// expect 0:3 = i32:0,1,1,32,8,13, 32,31,0,0,8,3, 32,0,31,0,12,3
// expect 0:4 = u32:0,1,1,32, 32,31,0,0, 32,0,31,0
// expect 0:5 = i32:0,1,1,32, 32,31,0,0, 32,0,31,0

@group(0) @binding(0) var<storage, read> ua: array<u32, 6>;
@group(0) @binding(1) var<storage, read> ia: array<i32, 6>;
@group(0) @binding(2) var<storage, read_write> ur: array<u32, 18>;
@group(0) @binding(3) var<storage, read_write> ir: array<i32, 18>;
@group(0) @binding(4) var<storage, read_write> uv: array<vec4<u32>, 3>;
@group(0) @binding(5) var<storage, read_write> iv: array<vec4<i32>, 3>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 6u; i++) {
        ur[i] = countOneBits(ua[i]);
        ur[6u + i] = countLeadingZeros(ua[i]);
        ur[12u + i] = countTrailingZeros(ua[i]);
        ir[i] = countOneBits(ia[i]);
        ir[6u + i] = countLeadingZeros(ia[i]);
        ir[12u + i] = countTrailingZeros(ia[i]);
    }
    let u4 = vec4<u32>(ua[0], ua[1], ua[2], ua[3]);
    let i4 = vec4<i32>(ia[0], ia[1], ia[2], ia[3]);
    uv[0] = countOneBits(u4);
    uv[1] = countLeadingZeros(u4);
    uv[2] = countTrailingZeros(u4);
    iv[0] = countOneBits(i4);
    iv[1] = countLeadingZeros(i4);
    iv[2] = countTrailingZeros(i4);
}

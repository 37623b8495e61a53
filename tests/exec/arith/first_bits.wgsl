// firstLeadingBit (signed and unsigned) and firstTrailingBit at runtime
// (spec, "Numeric Built-in Functions"):
// - unsigned firstLeadingBit: T(-1) = 0xFFFFFFFF for 0, else the index of the
//   most significant 1 bit.
// - signed firstLeadingBit: -1 for 0 and -1, else the index of the most
//   significant bit that differs from the sign bit (MIN = 0x80000000 -> 30,
//   -2 = ...1110 -> 0, -3 = ...1101 -> 1, 0xFFF0F000 -> 19).
// - firstTrailingBit: T(-1) for 0, else the index of the least significant 1.
// x (bits) = 0, 1, 0x80000000, 0xFFFFFFFF, 0x00F0F000, 0x12345678,
//            0xFFFFFFFE, 0xFFFFFFFD, 0x7FFFFFFF, 0xFFF0F000
// firstLeadingBit u32: 0xFFFFFFFF,0,31,31,23,28,31,31,30,31
// firstLeadingBit i32: -1,0,30,-1,23,28,0,1,30,19
// firstTrailingBit u32: 0xFFFFFFFF,0,31,0,12,3,1,0,0,12 (i32: -1 for 0)
// vec4 forms on x[0..3] and x[6..9].
// buffer 0:0 = u32:0,1,0x80000000,0xFFFFFFFF,0x00F0F000,0x12345678,0xFFFFFFFE,0xFFFFFFFD,0x7FFFFFFF,0xFFF0F000
// expect 0:1 = u32:0xFFFFFFFF,0,31,31,23,28,31,31,30,31, 0xFFFFFFFF,0,31,0,12,3,1,0,0,12
// expect 0:2 = i32:-1,0,30,-1,23,28,0,1,30,19, -1,0,31,0,12,3,1,0,0,12
// expect 0:3 = u32:0xFFFFFFFF,0,31,31, 31,31,30,31, 0xFFFFFFFF,0,31,0, 1,0,0,12
// expect 0:4 = i32:-1,0,30,-1, 0,1,30,19, -1,0,31,0, 1,0,0,12

@group(0) @binding(0) var<storage, read> x: array<u32, 10>;
@group(0) @binding(1) var<storage, read_write> ur: array<u32, 20>;
@group(0) @binding(2) var<storage, read_write> ir: array<i32, 20>;
@group(0) @binding(3) var<storage, read_write> uv: array<vec4<u32>, 4>;
@group(0) @binding(4) var<storage, read_write> iv: array<vec4<i32>, 4>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 10u; i++) {
        ur[i] = firstLeadingBit(x[i]);
        ur[10u + i] = firstTrailingBit(x[i]);
        ir[i] = firstLeadingBit(i32(x[i]));
        ir[10u + i] = firstTrailingBit(i32(x[i]));
    }
    let a = vec4<u32>(x[0], x[1], x[2], x[3]);
    let b = vec4<u32>(x[6], x[7], x[8], x[9]);
    uv[0] = firstLeadingBit(a);
    uv[1] = firstLeadingBit(b);
    uv[2] = firstTrailingBit(a);
    uv[3] = firstTrailingBit(b);
    iv[0] = firstLeadingBit(vec4<i32>(a));
    iv[1] = firstLeadingBit(vec4<i32>(b));
    iv[2] = firstTrailingBit(vec4<i32>(a));
    iv[3] = firstTrailingBit(vec4<i32>(b));
}

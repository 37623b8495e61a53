// Const-evaluated integer bit built-ins (spec, "Numeric Built-in
// Functions"), same definitions as the runtime cases count_bits, first_bits,
// reverse_bits, extract_bits, insert_bits. For extractBits / insertBits with
// const operands offset + count must be <= 32 (else shader-creation error),
// so only such pairs are used.
// countOneBits(0xFFFFFFFFu) = 32, countOneBits(0x12345678i) = 13,
// countLeadingZeros(0u) = 32, countLeadingZeros(-1i) = 0, countLeadingZeros(0x00F0F000u) = 8,
// countTrailingZeros(0i) = 32, countTrailingZeros(0x80000000u) = 31,
// firstLeadingBit(0u) = 0xFFFFFFFF, firstLeadingBit(0xFFFFFFFFu) = 31,
// firstLeadingBit(-1i) = -1, firstLeadingBit(0i) = -1, firstLeadingBit(MIN) = 30,
// firstLeadingBit(-3i) = 1, firstLeadingBit(0x7FFFFFFFi) = 30,
// firstTrailingBit(0u) = 0xFFFFFFFF, firstTrailingBit(0i) = -1, firstTrailingBit(MIN) = 31,
// reverseBits(1u) = 0x80000000, reverseBits(0x12345678i) = 510274632, reverseBits(MIN) = 1,
// extractBits(0x8765ABCDu, 4, 8) = 0xBC, extractBits(i32(0x8765ABCD), 4, 8) = -68,
// extractBits(i32(0x8765ABCD), 28, 4) = -8, extractBits(0x8765ABCDu, 0, 32) = 0x8765ABCD,
// extractBits(-1i, 32, 0) = 0, extractBits(0x12345678i, 16, 16) = 4660,
// insertBits(0x12345678u, 0xABu, 4, 8) = 0x12345AB8, insertBits(0x12345678u, 0xFFu, 28, 4) = 0xF2345678,
// insertBits(0x12345678u, 0u, 0, 0) = 0x12345678, insertBits(0x12345678u, 0xCAFEBABEu, 0, 32) = 0xCAFEBABE,
// insertBits(i32(0x8765ABCD), 0x1234ABCDi, 16, 16) = -1412584499, insertBits(0i, -1i, 31, 1) = MIN,
// * vector: countOneBits(vec4<u32>(0, 1, 0x80000000, 0xFFFFFFFF)) = (0, 1, 1, 32),
//   firstLeadingBit(vec4<i32>(0, -1, MIN, -2)) = (-1, -1, 30, 0)
// expect 0:0 = u32:32,32,8,31,0xFFFFFFFF,31,0xFFFFFFFF,0x80000000,0xBC,0x8765ABCD,0x12345AB8,0xF2345678,0x12345678,0xCAFEBABE, 0,1,1,32
// expect 0:1 = i32:13,0,32,-1,-1,30,1,30,-1,31,510274632,1,-68,-8,0,4660,-1412584499,-2147483648, -1,-1,30,0

@group(0) @binding(0) var<storage, read_write> ru: array<u32, 18>;
@group(0) @binding(1) var<storage, read_write> ri: array<i32, 22>;

const MIN = i32(-2147483648);
const E = i32(0x8765ABCDu);
const cv = countOneBits(vec4<u32>(0u, 1u, 0x80000000u, 0xFFFFFFFFu));
const fv = firstLeadingBit(vec4<i32>(0i, -1i, MIN, -2i));

@compute @workgroup_size(1)
fn main() {
    ru[0] = countOneBits(0xFFFFFFFFu);
    ru[1] = countLeadingZeros(0u);
    ru[2] = countLeadingZeros(0x00F0F000u);
    ru[3] = countTrailingZeros(0x80000000u);
    ru[4] = firstLeadingBit(0u);
    ru[5] = firstLeadingBit(0xFFFFFFFFu);
    ru[6] = firstTrailingBit(0u);
    ru[7] = reverseBits(1u);
    ru[8] = extractBits(0x8765ABCDu, 4u, 8u);
    ru[9] = extractBits(0x8765ABCDu, 0u, 32u);
    ru[10] = insertBits(0x12345678u, 0xABu, 4u, 8u);
    ru[11] = insertBits(0x12345678u, 0xFFu, 28u, 4u);
    ru[12] = insertBits(0x12345678u, 0u, 0u, 0u);
    ru[13] = insertBits(0x12345678u, 0xCAFEBABEu, 0u, 32u);
    ru[14] = cv.x; ru[15] = cv.y; ru[16] = cv.z; ru[17] = cv.w;
    ri[0] = countOneBits(0x12345678i);
    ri[1] = countLeadingZeros(-1i);
    ri[2] = countTrailingZeros(0i);
    ri[3] = firstLeadingBit(-1i);
    ri[4] = firstLeadingBit(0i);
    ri[5] = firstLeadingBit(MIN);
    ri[6] = firstLeadingBit(-3i);
    ri[7] = firstLeadingBit(0x7FFFFFFFi);
    ri[8] = firstTrailingBit(0i);
    ri[9] = firstTrailingBit(MIN);
    ri[10] = reverseBits(0x12345678i);
    ri[11] = reverseBits(MIN);
    ri[12] = extractBits(E, 4u, 8u);
    ri[13] = extractBits(E, 28u, 4u);
    ri[14] = extractBits(-1i, 32u, 0u);
    ri[15] = extractBits(0x12345678i, 16u, 16u);
    ri[16] = insertBits(E, 0x1234ABCDi, 16u, 16u);
    ri[17] = insertBits(0i, -1i, 31u, 1u);
    ri[18] = fv.x; ri[19] = fv.y; ri[20] = fv.z; ri[21] = fv.w;
}

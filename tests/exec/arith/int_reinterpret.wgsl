// i32 <-> u32 value conversion keeps the bit pattern (spec, `i32` / `u32`
// value constructors: "a reinterpretation of bits"); no clamping. Runtime,
// vector and const forms.
// u32(i32): -1 -> 0xFFFFFFFF, MIN -> 0x80000000, MAX -> 0x7FFFFFFF, 0 -> 0, -2 -> 0xFFFFFFFE
// i32(u32): 0xFFFFFFFF -> -1, 0x80000000 -> MIN, 0x7FFFFFFF -> MAX, 0 -> 0, 0xFFFFFFFE -> -2
// vec4<u32>(vec4<i32>(-1, MIN, MAX, -2)) and vec4<i32>(vec4<u32>(...)) likewise.
// Const: u32(-1i), u32(i32(-2147483648)), i32(0xFFFFFFFFu), i32(0x80000000u),
//   vec2<u32>(vec2<i32>(-1i, -2i)).
// buffer 0:0 = i32:-1,-2147483648,2147483647,0,-2
// buffer 0:1 = u32:0xFFFFFFFF,0x80000000,0x7FFFFFFF,0,0xFFFFFFFE
// expect 0:2 = u32:0xFFFFFFFF,0x80000000,0x7FFFFFFF,0,0xFFFFFFFE, 0xFFFFFFFF,0x80000000,0x7FFFFFFF,0xFFFFFFFE, 0xFFFFFFFF,0x80000000,0xFFFFFFFF,0xFFFFFFFE
// expect 0:3 = i32:-1,-2147483648,2147483647,0,-2, -1,-2147483648,2147483647,-2, -1,-2147483648

@group(0) @binding(0) var<storage, read> ia: array<i32, 5>;
@group(0) @binding(1) var<storage, read> ua: array<u32, 5>;
@group(0) @binding(2) var<storage, read_write> ru: array<u32, 13>;
@group(0) @binding(3) var<storage, read_write> ri: array<i32, 11>;

const cv = vec2<u32>(vec2<i32>(-1i, -2i));

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 5u; i++) {
        ru[i] = u32(ia[i]);
        ri[i] = i32(ua[i]);
    }
    let vu = vec4<u32>(vec4<i32>(ia[0], ia[1], ia[2], ia[4]));
    let vi = vec4<i32>(vec4<u32>(ua[0], ua[1], ua[2], ua[4]));
    ru[5] = vu.x; ru[6] = vu.y; ru[7] = vu.z; ru[8] = vu.w;
    ri[5] = vi.x; ri[6] = vi.y; ri[7] = vi.z; ri[8] = vi.w;
    ru[9] = u32(-1i);
    ru[10] = u32(i32(-2147483648));
    ru[11] = cv.x;
    ru[12] = cv.y;
    ri[9] = i32(0xFFFFFFFFu);
    ri[10] = i32(0x80000000u);
}

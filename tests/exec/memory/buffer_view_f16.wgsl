// f16 through buffer views (language feature buffer_view): an f16 is half
// of a 32-bit word (low half at the lower byte address); a store changes
// only its half. Words as u32 (f16 bits: 1.5 = 0x3E00, 2.0 = 0x4000,
// 3.0 = 0x4200, 4.0 = 0x4400):
// - word 0 = 0x40003E00 (1073757696): f16 at byte 0 = 1.5, at byte 2 = 2.0.
//   x = the f16 at byte 2 = 2.0.
// - word 1 = 0x00001234 (4660): its high half (byte 6) becomes x + 1 = 3.0:
//   0x42001234 = 1107300916.
// - word 2 = 0xABCD0000 (2882338816): its low half (byte 8) becomes x * 2 =
//   4.0: 0xABCD4400 = 2882356224.
// - word 3 = vec2<f16> at byte 0 swapped: (2.0, 1.5) -> 0x3E004000 =
//   1040203776.
// buffer 0:0 = u32:1073757696,4660,2882338816,0
// expect 0:0 = u32:1073757696,1107300916,2882356224,1040203776
enable f16;
requires buffer_view;

@group(0) @binding(0) var<storage, read_write> b: buffer<16>;

@compute @workgroup_size(1)
fn main() {
    let x = *bufferView<f16>(&b, 2);
    *bufferView<f16>(&b, 6) = x + 1.0h;
    *bufferView<f16>(&b, 8) = x * 2.0h;
    let v = *bufferView<vec2<f16>>(&b, 0);
    *bufferView<vec2<f16>>(&b, 12) = v.yx;
}

// override declarations with defaults, none given at pipeline creation (spec,
// "override Declarations": the value is the concretized initializer when the
// pipeline gives none; an initializer may name other overrides).
//   Overrides scale: u32 = 3; offset: i32 = -4; ratio: f32 = 0.25;
//   and enabled: bool = true; @id(7) seven = 70 (i32 by inference);
//   derived = scale * 10 + 2 (u32, from another override) -> 32;
//   and halfw: f32 = ratio * 2.0 -> 0.5
// Used at runtime with x = 5 (input):
//   x * scale -> 15; i32(x) + offset -> 1; f32(x) * ratio -> 1.25 (bits 0x3fa00000)
//   select(0, 1, enabled) -> 1; seven + i32(x) -> 75; derived -> 32; halfw -> 0.5 (0x3f000000)
// buffer 0:0 = u32:5
// expect 0:1 = 15, 1, 0x3fa00000, 1, 75, 32, 0x3f000000

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 7>;

override scale: u32 = 3u;
override offset: i32 = -4;
override ratio: f32 = 0.25;
override enabled: bool = true;
@id(7) override seven = 70;
override derived = scale * 10u + 2u;
override halfw: f32 = ratio * 2.0;

@compute @workgroup_size(1)
fn main() {
    let x = inp[0];
    out[0] = x * scale;
    out[1] = u32(i32(x) + offset);
    out[2] = bitcast<u32>(f32(x) * ratio);
    out[3] = select(0u, 1u, enabled);
    out[4] = u32(seven + i32(x));
    out[5] = derived;
    out[6] = bitcast<u32>(halfw);
}

// override values given at pipeline creation (spec, "override Declarations":
// the pipeline's value replaces the default; an override without initializer
// must be given; an @id override is named by its id; an override whose
// default names another override is computed from the given value when it is
// not given itself).
// Given: scale = 7, offset = -100, ratio = 0.5, enabled = false, 7 (the @id of
// `seven`) = 3, depth = 2.5 (no default), and nothing for derived / halfw:
//   x * scale -> 35; i32(x) + offset -> -95 (0xffffffa1); f32(x) * ratio -> 2.5
//   (0x40200000); select(0, 1, enabled) -> 0; seven + x -> 8;
//   derived = scale * 10 + 2 -> 72; halfw = ratio * 2 -> 1.0 (0x3f800000);
//   depth * 2 -> 5.0 (0x40a00000); also a given override in the initializer
//   of var<private> pv = scale + 1u -> 8
// buffer 0:0 = u32:5
// override scale = 7
// override offset = -100
// override ratio = 0.5
// override enabled = false
// override 7 = 3
// override depth = 2.5
// expect 0:1 = 35, 0xffffffa1, 0x40200000, 0, 8, 72, 0x3f800000, 0x40a00000, 8

@group(0) @binding(0) var<storage, read> inp: array<u32, 1>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 9>;

override scale: u32 = 3u;
override offset: i32 = -4;
override ratio: f32 = 0.25;
override enabled: bool = true;
@id(7) override seven = 70;
override derived = scale * 10u + 2u;
override halfw: f32 = ratio * 2.0;
override depth: f32;

var<private> pv = scale + 1u;

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
    out[7] = bitcast<u32>(depth * 2.0);
    out[8] = pv;
}

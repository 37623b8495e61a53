// unpack4x8snorm / unpack4x8unorm / unpack2x16snorm / unpack2x16unorm,
// runtime and const (spec, "Data Unpacking Built-in Functions"): lane i
// (bits 8i.. or 16i..) v gives max(v / 127, -1) (snorm8), v / 255 (unorm8),
// max(v / 32767, -1), v / 65535. So the most negative lane (-128, -32768)
// also gives -1. Accuracy is 3 ULP for f32 ("Accuracy of Concrete Floating
// Point Expressions"): the tolerance 3.6e-7 = 3 * 2^-23 covers 3 ULP for all
// values here (relative for |w| >= 1, absolute below).
// unpack4x8snorm(0x8081FF7F) = (1, -1/127, -1, -1)  [lanes 127, -1, -127, -128]
// unpack4x8snorm(0x00C0407F) = (1, 64/127, -64/127, 0)
// unpack4x8unorm(0x80FF0001) = (1/255, 0, 1, 128/255)
// unpack2x16snorm(0x80007FFF) = (1, -1); unpack2x16snorm(0xC0010001) = (1/32767, -16383/32767)
// unpack2x16unorm(0xFFFF0000) = (0, 1); unpack2x16unorm(0x00018000) = (32768/65535, 1/65535)
// tolerance: 3.6e-7
// buffer 0:0 = u32:0x8081FF7F,0x00C0407F,0x80FF0001,0x80007FFF,0xC0010001,0xFFFF0000,0x00018000
// expect 0:1 = f32:1,-0.007874015748031496,-1,-1, 1,0.5039370078740157,-0.5039370078740157,0, 0.00392156862745098,0,1,0.5019607843137255, 1,-1, 3.051850947599719e-05,-0.499984740745262, 0,1, 0.5000076295109483,1.5259021896696422e-05
// expect 0:2 = f32:1,-0.007874015748031496,-1,-1, 1,0.5039370078740157,-0.5039370078740157,0, 0.00392156862745098,0,1,0.5019607843137255, 1,-1, 3.051850947599719e-05,-0.499984740745262, 0,1, 0.5000076295109483,1.5259021896696422e-05

@group(0) @binding(0) var<storage, read> p: array<u32, 7>;
@group(0) @binding(1) var<storage, read_write> r: array<f32, 20>;
@group(0) @binding(2) var<storage, read_write> c: array<f32, 20>;

fn put4(b: u32, v: vec4<f32>) { r[b] = v.x; r[b + 1u] = v.y; r[b + 2u] = v.z; r[b + 3u] = v.w; }
fn put2(b: u32, v: vec2<f32>) { r[b] = v.x; r[b + 1u] = v.y; }
fn cput4(b: u32, v: vec4<f32>) { c[b] = v.x; c[b + 1u] = v.y; c[b + 2u] = v.z; c[b + 3u] = v.w; }
fn cput2(b: u32, v: vec2<f32>) { c[b] = v.x; c[b + 1u] = v.y; }

@compute @workgroup_size(1)
fn main() {
    put4(0u, unpack4x8snorm(p[0]));
    put4(4u, unpack4x8snorm(p[1]));
    put4(8u, unpack4x8unorm(p[2]));
    put2(12u, unpack2x16snorm(p[3]));
    put2(14u, unpack2x16snorm(p[4]));
    put2(16u, unpack2x16unorm(p[5]));
    put2(18u, unpack2x16unorm(p[6]));
    cput4(0u, unpack4x8snorm(0x8081FF7Fu));
    cput4(4u, unpack4x8snorm(0x00C0407Fu));
    cput4(8u, unpack4x8unorm(0x80FF0001u));
    cput2(12u, unpack2x16snorm(0x80007FFFu));
    cput2(14u, unpack2x16snorm(0xC0010001u));
    cput2(16u, unpack2x16unorm(0xFFFF0000u));
    cput2(18u, unpack2x16unorm(0x00018000u));
}

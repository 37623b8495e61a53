// The norm packing functions at exact rounding ties (spec, "Data Packing
// Built-in Functions"): the lane value is floor(0.5 + 127 * x) (snorm8),
// floor(0.5 + 255 * x) (unorm8), floor(0.5 + 32767 * x), floor(0.5 + 65535 * x);
// the accuracy table says "Correctly rounded intermediate result value.
// Correct result." With x = +-0.5 the products are exact halves:
//   snorm8:  127 * 0.5 = 63.5 -> floor(64) = 64 (0x40); -63.5 -> floor(-63) = -63 (0xC1)
//   unorm8:  255 * 0.5 = 127.5 -> 128 (0x80)
//   snorm16: 16383.5 -> 16384 (0x4000); -16383.5 -> -16383 (0xC001)
//   unorm16: 32767.5 -> 32768 (0x8000)
// (so ties round up, toward +inf, also for negative values: -0.5 gives -63,
// not -64, unlike round-half-away-from-zero or round-half-to-even).
// pack4x8snorm(0.5, -0.5, 0, 0) = 0x0000C140; pack4x8unorm(0.5, 0.5, 0, 1) = 0xFF008080;
// pack2x16snorm(0.5, -0.5) = 0xC0014000; pack2x16unorm(0.5, 0.5) = 0x80008000.
// Runtime (0:1) and const (0:2).
// buffer 0:0 = f32:0.5,-0.5,0.0,1.0
// expect 0:1 = u32:0x0000C140,0xFF008080,0xC0014000,0x80008000
// expect 0:2 = u32:0x0000C140,0xFF008080,0xC0014000,0x80008000

@group(0) @binding(0) var<storage, read> f: array<f32, 4>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 4>;
@group(0) @binding(2) var<storage, read_write> c: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
    let h = f[0];
    let m = f[1];
    let z = f[2];
    let o = f[3];
    r[0] = pack4x8snorm(vec4<f32>(h, m, z, z));
    r[1] = pack4x8unorm(vec4<f32>(h, h, z, o));
    r[2] = pack2x16snorm(vec2<f32>(h, m));
    r[3] = pack2x16unorm(vec2<f32>(h, h));
    c[0] = pack4x8snorm(vec4<f32>(0.5, -0.5, 0.0, 0.0));
    c[1] = pack4x8unorm(vec4<f32>(0.5, 0.5, 0.0, 1.0));
    c[2] = pack2x16snorm(vec2<f32>(0.5, -0.5));
    c[3] = pack2x16unorm(vec2<f32>(0.5, 0.5));
}

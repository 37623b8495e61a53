// pack4x8snorm / pack4x8unorm / pack2x16snorm / pack2x16unorm at runtime,
// away from rounding ties (spec, "Data Packing Built-in Functions"): lane i
// (bits 8i.. or 16i..) gets floor(0.5 + 127 * min(1, max(-1, e[i]))) (snorm,
// two's complement), floor(0.5 + 255 * min(1, max(0, e[i]))) (unorm), and
// likewise with 32767 / 65535. Inputs past +-1 clamp; -0 packs as 0.
// pack4x8snorm(1, -1, 2, -2) = lanes 127, -127, 127, -127 = 0x817F817F
// pack4x8snorm(0, -0, 0.1, -0.1) = 0, 0, floor(13.2) = 13, floor(-12.2) = -13 -> 0xF30D0000
// pack4x8snorm(0.9, 1e-10, 0.25, -0.75) = floor(114.8) = 114, 0, floor(32.25) = 32,
//   floor(-94.75) = -95 -> 0xA1200072
// pack4x8unorm(1, 0, 2, -1) = 255, 0, 255, 0 -> 0x00FF00FF
// pack4x8unorm(0.25, 0.2, 0.75, -0) = floor(64.25) = 64, floor(51.5) = 51, floor(191.75) = 191, 0 -> 0x00BF3340
// pack2x16snorm(1, -1) = 32767, -32767 -> 0x80017FFF
// pack2x16snorm(-5, 0.25) = -32767, floor(8192.25) = 8192 -> 0x20008001
// pack2x16snorm(-0, 1e10) = 0, 32767 -> 0x7FFF0000
// pack2x16unorm(1, 2) = 0xFFFFFFFF; pack2x16unorm(0.25, -1) = floor(16384.25) = 16384, 0 -> 0x00004000
// pack2x16unorm(0.125, 0.6875) = floor(8192.375) = 8192, floor(45055.8125) = 45055 -> 0xAFFF2000
// buffer 0:0 = f32:1.0,-1.0,2.0,-2.0, 0.0,-0.0,0.1,-0.1, 0.9,1e-10,0.25,-0.75, 1.0,0.0,2.0,-1.0, 0.25,0.2,0.75,-0.0, 1.0,-1.0, -5.0,0.25, -0.0,1e10, 1.0,2.0, 0.25,-1.0, 0.125,0.6875
// expect 0:1 = u32:0x817F817F,0xF30D0000,0xA1200072, 0x00FF00FF,0x00BF3340, 0x80017FFF,0x20008001,0x7FFF0000, 0xFFFFFFFF,0x00004000,0xAFFF2000

@group(0) @binding(0) var<storage, read> f: array<f32, 32>;
@group(0) @binding(1) var<storage, read_write> r: array<u32, 11>;

fn v4(i: u32) -> vec4<f32> { return vec4<f32>(f[i], f[i + 1u], f[i + 2u], f[i + 3u]); }
fn v2(i: u32) -> vec2<f32> { return vec2<f32>(f[i], f[i + 1u]); }

@compute @workgroup_size(1)
fn main() {
    r[0] = pack4x8snorm(v4(0u));
    r[1] = pack4x8snorm(v4(4u));
    r[2] = pack4x8snorm(v4(8u));
    r[3] = pack4x8unorm(v4(12u));
    r[4] = pack4x8unorm(v4(16u));
    r[5] = pack2x16snorm(v2(20u));
    r[6] = pack2x16snorm(v2(22u));
    r[7] = pack2x16snorm(v2(24u));
    r[8] = pack2x16unorm(v2(26u));
    r[9] = pack2x16unorm(v2(28u));
    r[10] = pack2x16unorm(v2(30u));
}

// Const-evaluated pack4x8snorm / pack4x8unorm / pack2x16snorm / pack2x16unorm
// with the same non-tie inputs and expected values as pack_norm.wgsl
// (spec: lane = floor(0.5 + 127|255|32767|65535 * clamped x)).
// expect 0:0 = u32:0x817F817F,0xF30D0000,0xA1200072, 0x00FF00FF,0x00BF3340, 0x80017FFF,0x20008001,0x7FFF0000, 0xFFFFFFFF,0x00004000,0xAFFF2000

@group(0) @binding(0) var<storage, read_write> r: array<u32, 11>;

@compute @workgroup_size(1)
fn main() {
    r[0] = pack4x8snorm(vec4<f32>(1.0, -1.0, 2.0, -2.0));
    r[1] = pack4x8snorm(vec4<f32>(0.0, -0.0, 0.1, -0.1));
    r[2] = pack4x8snorm(vec4<f32>(0.9, 1e-10, 0.25, -0.75));
    r[3] = pack4x8unorm(vec4<f32>(1.0, 0.0, 2.0, -1.0));
    r[4] = pack4x8unorm(vec4<f32>(0.25, 0.2, 0.75, -0.0));
    r[5] = pack2x16snorm(vec2<f32>(1.0, -1.0));
    r[6] = pack2x16snorm(vec2<f32>(-5.0, 0.25));
    r[7] = pack2x16snorm(vec2<f32>(-0.0, 1e10));
    r[8] = pack2x16unorm(vec2<f32>(1.0, 2.0));
    r[9] = pack2x16unorm(vec2<f32>(0.25, -1.0));
    r[10] = pack2x16unorm(vec2<f32>(0.125, 0.6875));
}

// pack4xI8 / pack4xU8 (keep the low 8 bits of each lane), pack4xI8Clamp
// (clamp to [-128, 127] first) / pack4xU8Clamp (clamp to [0, 255] first),
// unpack4xI8 (sign-extend) / unpack4xU8 (zero-extend); lane i is bits
// 8i..8i+7 (spec, "Data Packing/Unpacking Built-in Functions"). Runtime and const.
// pack4xI8(1, -1, 127, -128) = 0x807FFF01
// pack4xI8(256, -129, 128, 0x12345678) = 0x00, 0x7F, 0x80, 0x78 -> 0x78807F00
// pack4xU8(1, 255, 256, 0xABCDEF12) = 0x01, 0xFF, 0x00, 0x12 -> 0x1200FF01
// pack4xI8Clamp(1000, -1000, 127, -128) = 0x7F, 0x80, 0x7F, 0x80 -> 0x807F807F
// pack4xI8Clamp(-1, 0, MIN, MAX) = 0xFF, 0x00, 0x80, 0x7F -> 0x7F8000FF
// pack4xU8Clamp(255, 256, 0xFFFFFFFF, 7) = 0xFF, 0xFF, 0xFF, 0x07 -> 0x07FFFFFF
// unpack4xI8(0x807FFF01) = (1, -1, 127, -128); unpack4xU8(0x807FFF01) = (1, 255, 127, 128)
// buffer 0:0 = i32:1,-1,127,-128, 256,-129,128,0x12345678, 1000,-1000,127,-128, -1,0,-2147483648,2147483647
// buffer 0:1 = u32:1,255,256,0xABCDEF12, 255,256,0xFFFFFFFF,7, 0x807FFF01
// expect 0:2 = u32:0x807FFF01,0x78807F00,0x1200FF01,0x807F807F,0x7F8000FF,0x07FFFFFF, 1,255,127,128
// expect 0:3 = i32:1,-1,127,-128
// expect 0:4 = u32:0x807FFF01,0x78807F00,0x1200FF01,0x807F807F,0x7F8000FF,0x07FFFFFF, 1,255,127,128
// expect 0:5 = i32:1,-1,127,-128

@group(0) @binding(0) var<storage, read> ia: array<i32, 16>;
@group(0) @binding(1) var<storage, read> ua: array<u32, 9>;
@group(0) @binding(2) var<storage, read_write> r: array<u32, 10>;
@group(0) @binding(3) var<storage, read_write> ri: vec4<i32>;
@group(0) @binding(4) var<storage, read_write> c: array<u32, 10>;
@group(0) @binding(5) var<storage, read_write> ci: vec4<i32>;

fn i4(b: u32) -> vec4<i32> { return vec4<i32>(ia[b], ia[b + 1u], ia[b + 2u], ia[b + 3u]); }
fn u4(b: u32) -> vec4<u32> { return vec4<u32>(ua[b], ua[b + 1u], ua[b + 2u], ua[b + 3u]); }

@compute @workgroup_size(1)
fn main() {
    r[0] = pack4xI8(i4(0u));
    r[1] = pack4xI8(i4(4u));
    r[2] = pack4xU8(u4(0u));
    r[3] = pack4xI8Clamp(i4(8u));
    r[4] = pack4xI8Clamp(i4(12u));
    r[5] = pack4xU8Clamp(u4(4u));
    let uu = unpack4xU8(ua[8]);
    r[6] = uu.x; r[7] = uu.y; r[8] = uu.z; r[9] = uu.w;
    ri = unpack4xI8(ua[8]);
    c[0] = pack4xI8(vec4<i32>(1, -1, 127, -128));
    c[1] = pack4xI8(vec4<i32>(256, -129, 128, 0x12345678));
    c[2] = pack4xU8(vec4<u32>(1u, 255u, 256u, 0xABCDEF12u));
    c[3] = pack4xI8Clamp(vec4<i32>(1000, -1000, 127, -128));
    c[4] = pack4xI8Clamp(vec4<i32>(-1, 0, i32(-2147483648), 2147483647));
    c[5] = pack4xU8Clamp(vec4<u32>(255u, 256u, 0xFFFFFFFFu, 7u));
    const cu = unpack4xU8(0x807FFF01u);
    c[6] = cu.x; c[7] = cu.y; c[8] = cu.z; c[9] = cu.w;
    ci = unpack4xI8(0x807FFF01u);
}

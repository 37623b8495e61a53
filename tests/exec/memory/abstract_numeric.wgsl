// AbstractInt / AbstractFloat const evaluation and conversion to concrete types
// (spec, "Abstract Numeric Types": AbstractInt is 64-bit, AbstractFloat is
// IEEE-754 binary64; "Floating Point Conversion": a value not exactly
// representable in f32 becomes one of its two neighbours, WGSL does not say which;
// "Floating Point Accuracy": f32 `+` / `-` are correctly rounded, up or down).
// Results (u32; floats as bit patterns):
//  0. const x = 0.1; let y: f32 = x -> 0x3dcccccc or 0x3dcccccd: flag 1
//  1. the runtime f32 0.1 from the input compared the same way: flag 1
//  2. const tiny = 1.0 + 0x1p-30 - 1.0 is exact in binary64: 2^-30 -> f32
//     0x30800000
//  3. the sum at runtime in f32 (2^-30 = 9.313225746154785e-10 in the
//     input): 1 + 2^-30 is not an f32, so it rounds to 1 (0x3f800000) or to
//     1 + 2^-23 (0x3f800001): flag 1. (Only the one addition is checked: the
//     implementation may reassociate `a + b - a`, "Reassociation and Fusion".)
//  4. const big = 4000000000 * 4 (16e9, beyond u32); big / 8 as u32 -> 2000000000
//  5. const m = 1099511627776 / 274877906944 (2^40 / 2^38) -> 4
//  6. const hp = 0x1p200 * 0x1p-190 (2^200 is not finite in f32) -> 1024.0 (0x44800000)
//  7. AbstractInt division truncates: -7 / 2 -> -3 (0xfffffffd); 8. -7 % 2 -> -1
//  9. the same on i32 at runtime: -3; 10. -1
// 11. const v = vec2(3000000000, -3000000000) / 2 as vec2<i32>: v.y -> -1500000000 (0xa697d100)
// 12. (1 + (1 + 1)) + 1u: the AbstractInts become u32 -> 4
// 13. const h = 1 + 2.5 (AbstractInt converted to AbstractFloat) as f32 -> 3.5 (0x40600000)
// 14. let f: f32 = 16777216 + 2 (AbstractInt to f32, exact) -> 0x4b800001
// buffer 0:0 = f32:0.1, 1, 9.313225746154785e-10
// buffer 0:2 = i32:-7, 2
// expect 0:1 = 1, 1, 0x30800000, 1, 2000000000, 4, 0x44800000, 0xfffffffd, 0xffffffff
// expect 0:1 = 0xfffffffd, 0xffffffff, 0xa697d100, 4, 0x40600000, 0x4b800001

@group(0) @binding(0) var<storage, read> fin: array<f32, 3>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 15>;
@group(0) @binding(2) var<storage, read> iin: array<i32, 2>;

fn near_tenth(v: f32) -> u32 {
    let b = bitcast<u32>(v);
    return u32(b == 0x3dccccccu || b == 0x3dcccccdu);
}

@compute @workgroup_size(1)
fn main() {
    const x = 0.1;
    let y: f32 = x;
    out[0] = near_tenth(y);
    out[1] = near_tenth(fin[0]);
    const tiny = 1.0 + 0x1p-30 - 1.0;
    out[2] = bitcast<u32>(f32(tiny));
    let r = bitcast<u32>(fin[1] + fin[2]);
    out[3] = u32(r == 0x3f800000u || r == 0x3f800001u);
    const big = 4000000000 * 4;
    out[4] = u32(big / 8);
    const m = 1099511627776 / 274877906944;
    out[5] = u32(m);
    const hp = 0x1p200 * 0x1p-190;
    out[6] = bitcast<u32>(f32(hp));
    out[7] = bitcast<u32>(i32(-7 / 2));
    out[8] = bitcast<u32>(i32(-7 % 2));
    out[9] = bitcast<u32>(iin[0] / iin[1]);
    out[10] = bitcast<u32>(iin[0] % iin[1]);
    const v = vec2(3000000000, -3000000000) / 2;
    let iv: vec2<i32> = v;
    out[11] = bitcast<u32>(iv.y);
    out[12] = (1 + (1 + 1)) + 1u;
    const h = 1 + 2.5;
    out[13] = bitcast<u32>(f32(h));
    let f: f32 = 16777216 + 2;
    out[14] = bitcast<u32>(f);
}

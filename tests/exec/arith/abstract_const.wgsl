// Const evaluation in the abstract numeric types (spec, "Abstract Numeric
// Types": AbstractInt is 64-bit two's complement, AbstractFloat is binary64;
// conversion to a concrete type happens only at the end, "Conversion Rank").
// u32(4*1000*1000*1000) = 4000000000 (spec example; i32 would overflow);
// i32(3000000000 - 1000000000) = 2000000000 (intermediate beyond i32);
// i32(9007199254740993 - 9007199254740992) = 1 (needs 64-bit integers, not binary64);
// i32(0x7FFFFFFFFFFFFFFF - 0x7FFFFFFFFFFFFFFE) = 1; i32(-9223372036854775807 - 1 + 9223372036854775807) = -1;
// `const minint = -2147483648;` then `let x: i32 = minint;` = MIN (spec example);
// 5 / 2 = 2; -5 / 2 = -2; -5 % 2 = -1 (AbstractInt division truncates);
// vec2(1, 2) * 3 -> vec2<i32>(3, 6); 4294967295 * 2 / 2 -> u32 4294967295;
// u32(0xFFFFFFFF) = 4294967295; `let c: u32 = 3000000000;` = 3000000000
// AbstractFloat (only correctly rounded operations, exact results):
//   1 + 2.5 = 3.5 (the AbstractInt converts to AbstractFloat); 5 * 0.5 = 2.5;
//   f32(0.5 + 0.25) = 0.75; f32(16777217.0 - 1.0) = 16777216 (16777217 is exact in
//   binary64, where the subtraction happens, but not in f32)
// expect 0:0 = u32:4000000000,4294967295,4294967295,3000000000
// expect 0:1 = i32:2000000000,1,1,-1,-2147483648,2,-2,-1,3,6
// expect 0:2 = f32:3.5,2.5,0.75,16777216

@group(0) @binding(0) var<storage, read_write> ru: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> ri: array<i32, 10>;
@group(0) @binding(2) var<storage, read_write> rf: array<f32, 4>;

const minint = -2147483648;
const V = vec2(1, 2) * 3;

@compute @workgroup_size(1)
fn main() {
    ru[0] = u32(4 * 1000 * 1000 * 1000);
    ru[1] = 4294967295 * 2 / 2;
    ru[2] = u32(0xFFFFFFFF);
    let c: u32 = 3000000000;
    ru[3] = c;
    ri[0] = i32(3000000000 - 1000000000);
    ri[1] = i32(9007199254740993 - 9007199254740992);
    ri[2] = i32(0x7FFFFFFFFFFFFFFF - 0x7FFFFFFFFFFFFFFE);
    ri[3] = i32(-9223372036854775807 - 1 + 9223372036854775807);
    let x: i32 = minint;
    ri[4] = x;
    ri[5] = 5 / 2;
    ri[6] = -5 / 2;
    ri[7] = -5 % 2;
    let v: vec2<i32> = V;
    ri[8] = v.x;
    ri[9] = v.y;
    rf[0] = 1 + 2.5;
    rf[1] = 5 * 0.5;
    rf[2] = f32(0.5 + 0.25);
    rf[3] = f32(16777217.0 - 1.0);
}

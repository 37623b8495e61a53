// Const-evaluated integer abs, sign, min, max, clamp (spec, "Numeric
// Built-in Functions"), i32, u32, vectors and AbstractInt.
// abs(MIN) = MIN; abs(-7i) = 7; sign(MIN) = -1; sign(0i) = 0; sign(MAX) = 1;
// min(-1i, 1i) = -1; max(MIN, MAX) = MAX; min(0xFFFFFFFFu, 1u) = 1;
// max(0u, 0x80000000u) = 0x80000000; clamp(MIN, -10i, 10i) = -10;
// clamp(MAX, -10i, 10i) = 10; clamp(0xFFFFFFFFu, 1u, 100u) = 100; clamp(5i, 5i, 5i) = 5
// * vectors: abs(vec4<i32>(MIN, -5, 0, MAX)) = (MIN, 5, 0, MAX);
//   sign(vec4<i32>(MIN, -5, 0, MAX)) = (-1, -1, 0, 1);
//   clamp(vec4<i32>(MIN, MAX, 3, -3), vec4(-2), vec4(2)) = (-2, 2, 2, -2)
// AbstractInt (64-bit): u32(abs(-2147483648)) = 2147483648 (fits u32, not i32);
//   i32(max(-9000000000, -5)) = -5; u32(min(5000000000, 4294967295)) = 4294967295
// expect 0:0 = i32:-2147483648,7,-1,0,1,-1,2147483647,-10,10,5, -2147483648,5,0,2147483647, -1,-1,0,1, -2,2,2,-2, -5
// expect 0:1 = u32:1,0x80000000,100, 2147483648,4294967295

@group(0) @binding(0) var<storage, read_write> ri: array<i32, 23>;
@group(0) @binding(1) var<storage, read_write> ru: array<u32, 5>;

const MIN = i32(-2147483648);
const MAX = 2147483647i;
const V = vec4<i32>(MIN, -5i, 0i, MAX);
const A = abs(V);
const S = sign(V);
const C = clamp(vec4<i32>(MIN, MAX, 3i, -3i), vec4<i32>(-2i), vec4<i32>(2i));

@compute @workgroup_size(1)
fn main() {
    ri[0] = abs(MIN);
    ri[1] = abs(-7i);
    ri[2] = sign(MIN);
    ri[3] = sign(0i);
    ri[4] = sign(MAX);
    ri[5] = min(-1i, 1i);
    ri[6] = max(MIN, MAX);
    ri[7] = clamp(MIN, -10i, 10i);
    ri[8] = clamp(MAX, -10i, 10i);
    ri[9] = clamp(5i, 5i, 5i);
    for (var i = 0u; i < 4u; i++) {
        ri[10u + i] = A[i];
        ri[14u + i] = S[i];
        ri[18u + i] = C[i];
    }
    ri[22] = i32(max(-9000000000, -5));
    ru[0] = min(0xFFFFFFFFu, 1u);
    ru[1] = max(0u, 0x80000000u);
    ru[2] = clamp(0xFFFFFFFFu, 1u, 100u);
    ru[3] = u32(abs(-2147483648));
    ru[4] = u32(min(5000000000, 4294967295));
}

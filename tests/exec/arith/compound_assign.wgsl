// Compound assignment and increment/decrement (spec, "Compound Assignment" /
// "Increment and Decrement Statements": `x op= e` is `x = x op e`, `x++` is
// `x += 1`) inherit the operators' runtime edge behaviour: wrapping, x/0 = x,
// x%0 = 0, MIN/-1 = MIN, shift amounts modulo 32. Operands come from the
// input buffer so nothing is const-folded.
// i32 (c = (MAX, MIN, 0, -1, 33, 32)):
//   MAX++ = MIN; MIN-- = MAX; MAX += 1 -> MIN; MIN -= 1 -> MAX; MAX *= MAX -> 1;
//   MAX /= 0 -> MAX; MAX %= 0 -> 0; MIN /= -1 -> MIN; MIN %= -1 -> 0;
//   -1 <<= 33 -> -2; MIN >>= 33 -> -1073741824; MIN >>= 32 -> MIN;
//   MIN &= -1 -> MIN; 0 |= MIN -> MIN; -1 ^= MAX -> MIN
// u32: 0-- = 0xFFFFFFFF; 0xFFFFFFFF++ = 0; 0xFFFFFFFF *= 0xFFFFFFFF -> 1;
//   7 /= 0 -> 7; 7 %= 0 -> 0; 1 <<= 63 -> 0x80000000; 0x80000000 >>= 63 -> 1
// vec4<i32> v = (MAX, MIN, 7, -7): v += 1 -> (MIN, -MAX, 8, -6);
//   then v *= (2, 2, 0, -1) -> (0, 2, 0, 6); then v[k] -= 3 with runtime k = 1
//   -> (0, -1, 0, 6); then v.w /= 0 -> 6, v.z %= 0 -> 0; then v[3]++ -> 7
// buffer 0:0 = i32:2147483647,-2147483648,0,-1,33,32
// buffer 0:1 = u32:0,0xFFFFFFFF,7,1,63,0x80000000
// expect 0:2 = i32:-2147483648,2147483647,-2147483648,2147483647,1,2147483647,0,-2147483648,0,-2,-1073741824,-2147483648,-2147483648,-2147483648,-2147483648
// expect 0:3 = u32:0xFFFFFFFF,0,1,7,0,0x80000000,1
// expect 0:4 = i32:0,-1,0,7

@group(0) @binding(0) var<storage, read> c: array<i32, 6>;
@group(0) @binding(1) var<storage, read> d: array<u32, 6>;
@group(0) @binding(2) var<storage, read_write> r: array<i32, 15>;
@group(0) @binding(3) var<storage, read_write> ur: array<u32, 7>;
@group(0) @binding(4) var<storage, read_write> vr: vec4<i32>;

@compute @workgroup_size(1)
fn main() {
    let MAX = c[0];
    let MIN = c[1];
    let zero = c[2];
    let m1 = c[3];
    let k33 = u32(c[4]);
    let k32 = u32(c[5]);
    var x: i32;
    x = MAX; x++; r[0] = x;
    x = MIN; x--; r[1] = x;
    x = MAX; x += 1; r[2] = x;
    x = MIN; x -= 1; r[3] = x;
    x = MAX; x *= MAX; r[4] = x;
    x = MAX; x /= zero; r[5] = x;
    x = MAX; x %= zero; r[6] = x;
    x = MIN; x /= m1; r[7] = x;
    x = MIN; x %= m1; r[8] = x;
    x = m1; x <<= k33; r[9] = x;
    x = MIN; x >>= k33; r[10] = x;
    x = MIN; x >>= k32; r[11] = x;
    x = MIN; x &= m1; r[12] = x;
    x = zero; x |= MIN; r[13] = x;
    x = m1; x ^= MAX; r[14] = x;

    var u: u32;
    u = d[0]; u--; ur[0] = u;
    u = d[1]; u++; ur[1] = u;
    u = d[1]; u *= d[1]; ur[2] = u;
    u = d[2]; u /= d[0]; ur[3] = u;
    u = d[2]; u %= d[0]; ur[4] = u;
    u = d[3]; u <<= d[4]; ur[5] = u;
    u = d[5]; u >>= d[4]; ur[6] = u;

    var v = vec4<i32>(MAX, MIN, 7, -7);
    v += 1;
    v *= vec4<i32>(2, 2, zero, m1);
    let k = u32(-m1);
    v[k] -= 3;
    v.w /= zero;
    v.z %= zero;
    v[3]++;
    vr = v;
}

// Integer abs, sign, min, max, clamp at the edges (spec, "Numeric Built-in
// Functions"), runtime, scalar and vector:
// * abs: abs(MIN) = MIN (the largest negative value is returned as is),
//   abs(-5) = 5, abs(0) = 0, abs(MAX) = MAX; abs on u32 is the identity.
// sign (i32): MIN -> -1, -5 -> -1, 0 -> 0, MAX -> 1.
// min/max compare signed for i32, unsigned for u32:
//   i32 (-1, 1): min -1, max 1; (MIN, MAX): min MIN, max MAX
//   u32 (0xFFFFFFFF, 1): min 1, max 0xFFFFFFFF; (0, 0x80000000): min 0, max 0x80000000
// clamp(e, lo, hi) is min(max(e, lo), hi) for integers, also when lo > hi
//   (only a const lo > hi is an error), so then it yields hi:
//   i32: clamp(MIN,-10,10) = -10; clamp(MAX,-10,10) = 10; clamp(3,-10,10) = 3;
//        clamp(5,10,-10) = -10; clamp(-20,10,-10) = -10
//   u32: clamp(0xFFFFFFFF,1,100) = 100; clamp(0,1,100) = 1; clamp(50,100,1) = 1
// vec4 forms: abs/sign of (MIN,-5,0,MAX); min/max of (-1,MIN,7,0) and (1,MAX,-7,0);
//   clamp((MIN,MAX,3,5), vec4(-10,-10,-10,10), vec4(10,10,10,-10)) = (-10,10,3,-10)
// buffer 0:0 = i32:-2147483648,-5,0,2147483647, -1,1,-2147483648,2147483647, -10,10,5,-20
// buffer 0:1 = u32:0xFFFFFFFF,1,0,0x80000000,100,50
// expect 0:2 = i32:-2147483648,5,0,2147483647, -1,-1,0,1, -1,1,-2147483648,2147483647, -10,10,3,-10,-10
// expect 0:3 = u32:0xFFFFFFFF,1,0xFFFFFFFF,0,0x80000000, 100,1,1
// expect 0:4 = i32:-2147483648,5,0,2147483647, -1,-1,0,1, -1,-2147483648,-7,0, 1,2147483647,7,0, -10,10,3,-10

@group(0) @binding(0) var<storage, read> a: array<i32, 12>;
@group(0) @binding(1) var<storage, read> u: array<u32, 6>;
@group(0) @binding(2) var<storage, read_write> r: array<i32, 17>;
@group(0) @binding(3) var<storage, read_write> ur: array<u32, 8>;
@group(0) @binding(4) var<storage, read_write> vr: array<vec4<i32>, 5>;

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        r[i] = abs(a[i]);
        r[4u + i] = sign(a[i]);
    }
    r[8] = min(a[4], a[5]);
    r[9] = max(a[4], a[5]);
    r[10] = min(a[6], a[7]);
    r[11] = max(a[6], a[7]);
    let lo = a[8];
    let hi = a[9];
    r[12] = clamp(a[0], lo, hi);
    r[13] = clamp(a[3], lo, hi);
    r[14] = clamp(a[5] + 2, lo, hi);
    r[15] = clamp(a[10], hi, lo);
    r[16] = clamp(a[11], hi, lo);
    ur[0] = abs(u[0]);
    ur[1] = min(u[0], u[1]);
    ur[2] = max(u[0], u[1]);
    ur[3] = min(u[2], u[3]);
    ur[4] = max(u[2], u[3]);
    ur[5] = clamp(u[0], u[1], u[4]);
    ur[6] = clamp(u[2], u[1], u[4]);
    ur[7] = clamp(u[5], u[4], u[1]);
    let v = vec4<i32>(a[0], a[1], a[2], a[3]);
    vr[0] = abs(v);
    vr[1] = sign(v);
    let p = vec4<i32>(a[4], a[6], 7, a[2]);
    let q = vec4<i32>(a[5], a[7], -7, a[2]);
    vr[2] = min(p, q);
    vr[3] = max(p, q);
    vr[4] = clamp(vec4<i32>(a[0], a[3], 3, a[10]), vec4<i32>(lo, lo, lo, hi), vec4<i32>(hi, hi, hi, lo));
}

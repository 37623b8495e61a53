// Runtime integer vector `/` and `%` are component-wise (spec, "Arithmetic
// Expressions"): per component x / 0 = x, x % 0 = 0, MIN / -1 = MIN,
// MIN % -1 = 0, truncated division, remainder has the dividend's sign.
// Mixed forms: v op s means v op V(s), s op v means V(s) op v.
// x = (7, MIN, -7, 5), y = (0, -1, 2, -3):
//   x/y = (7, MIN, -3, -1); x%y = (0, 0, -1, 2)
// x / 0 = x; x % 0 = (0,0,0,0); x / -1 = (-7, MIN, 7, -5); x % -1 = 0s
// 12 / y = (12, -12, 6, -4); 12 % y = (0, 0, 0, 0); -13 / y = (-13, 13, -6, 4); -13 % y = (0, 0, -1, -1)
// u32: p = (7, 0xFFFFFFFF, 9, 0), q = (0, 2, 9, 0): p/q = (7, 0x7FFFFFFF, 1, 0), p%q = (0, 1, 0, 0);
//   p / 0u = p; p % 0u = 0s; 10u / q = (10, 5, 1, 10); 10u % q = (0, 0, 1, 0)
// buffer 0:0 = i32:7,-2147483648,-7,5, 0,-1,2,-3, 0,-1,12,-13
// expect 0:1 = i32:7,-2147483648,-3,-1, 0,0,-1,2, 7,-2147483648,-7,5, 0,0,0,0, -7,-2147483648,7,-5, 0,0,0,0, 12,-12,6,-4, 0,0,0,0, -13,13,-6,4, 0,0,-1,-1
// buffer 0:2 = u32:7,0xFFFFFFFF,9,0, 0,2,9,0, 0,10
// expect 0:3 = u32:7,0x7FFFFFFF,1,0, 0,1,0,0, 7,0xFFFFFFFF,9,0, 0,0,0,0, 10,5,1,10, 0,0,1,0

@group(0) @binding(0) var<storage, read> a: array<i32, 12>;
@group(0) @binding(1) var<storage, read_write> r: array<vec4<i32>, 10>;
@group(0) @binding(2) var<storage, read> ua: array<u32, 10>;
@group(0) @binding(3) var<storage, read_write> ur: array<vec4<u32>, 6>;

@compute @workgroup_size(1)
fn main() {
    let x = vec4<i32>(a[0], a[1], a[2], a[3]);
    let y = vec4<i32>(a[4], a[5], a[6], a[7]);
    let zero = a[8];
    let m1 = a[9];
    let twelve = a[10];
    let m13 = a[11];
    r[0] = x / y;
    r[1] = x % y;
    r[2] = x / zero;
    r[3] = x % zero;
    r[4] = x / m1;
    r[5] = x % m1;
    r[6] = twelve / y;
    r[7] = twelve % y;
    r[8] = m13 / y;
    r[9] = m13 % y;
    let p = vec4<u32>(ua[0], ua[1], ua[2], ua[3]);
    let q = vec4<u32>(ua[4], ua[5], ua[6], ua[7]);
    ur[0] = p / q;
    ur[1] = p % q;
    ur[2] = p / ua[8];
    ur[3] = p % ua[8];
    ur[4] = ua[9] / q;
    ur[5] = ua[9] % q;
}

// Runtime integer vector `+`, `-`, `*` (component-wise, wrapping modulo 2^32,
// spec "Arithmetic Expressions" / "Integer Types") and the mixed
// vector-scalar forms, which mean V(s) op v (spec, "Binary arithmetic
// expressions with mixed scalar and vector operands").
// x = (MAX, MIN, 65536, -7), y = (1, -1, 65536, 3), s = 2147483647:
//   x+y = (MIN, MAX, 131072, -4); x-y = (MAX-1, -MAX, 0, -10);
//   x*y = (MAX, MIN, 0, -21); x+s = (-2, -1, MIN+65535, 2147483640);
//   s-x = (0, -1, 2147418111, -2147483642) [MAX-MIN = 2^32-1 -> -1; MAX+7 wraps];
//   x*s = (1, MIN, -65536, -2147483641) [MIN*MAX = -2^62+2^31 = MIN mod 2^32;
//   65536*MAX = 2^47 - 2^16 -> -65536; -7*MAX = -15032385529 = 2147483655 - 4*2^32 -> -2147483641].
// u32 vec3: p = (0xFFFFFFFF, 0, 65537), q = (1, 1, 65537):
//   p+q = (0, 1, 131074); p-q = (0xFFFFFFFE, 0xFFFFFFFF, 0); p*q = (0xFFFFFFFF, 0, 131073);
//   2u*p = (0xFFFFFFFE, 0, 131074); p - 1u = (0xFFFFFFFE, 0xFFFFFFFF, 65536).
// vec2<i32>: -(x.xy) and x.xy * x.xy:
//   -(MAX, MIN) = (-MAX, MIN); (MAX, MIN)*(MAX, MIN) = (1, 0) [2^62 -> 0].
// buffer 0:0 = i32:2147483647,-2147483648,65536,-7, 1,-1,65536,3, 2147483647
// buffer 0:2 = u32:0xFFFFFFFF,0,65537, 1,1,65537
// expect 0:1 = i32:-2147483648,2147483647,131072,-4, 2147483646,-2147483647,0,-10, 2147483647,-2147483648,0,-21, -2,-1,-2147418113,2147483640, 0,-1,2147418111,-2147483642, 1,-2147483648,-65536,-2147483641, -2147483647,-2147483648, 1,0
// expect 0:3 = u32:0,1,131074, 0xFFFFFFFE,0xFFFFFFFF,0, 0xFFFFFFFF,0,131073, 0xFFFFFFFE,0,131074, 0xFFFFFFFE,0xFFFFFFFF,65536

@group(0) @binding(0) var<storage, read> a: array<i32, 9>;
@group(0) @binding(1) var<storage, read_write> r: array<vec4<i32>, 7>;
@group(0) @binding(2) var<storage, read> ua: array<u32, 6>;
@group(0) @binding(3) var<storage, read_write> ur: array<u32, 15>;

@compute @workgroup_size(1)
fn main() {
    let x = vec4<i32>(a[0], a[1], a[2], a[3]);
    let y = vec4<i32>(a[4], a[5], a[6], a[7]);
    let s = a[8];
    r[0] = x + y;
    r[1] = x - y;
    r[2] = x * y;
    r[3] = x + s;
    r[4] = s - x;
    r[5] = x * s;
    let x2 = x.xy;
    r[6] = vec4<i32>(-x2, x2 * x2);
    let p = vec3<u32>(ua[0], ua[1], ua[2]);
    let q = vec3<u32>(ua[3], ua[4], ua[5]);
    let results = array<vec3<u32>, 5>(p + q, p - q, p * q, 2u * p, p - 1u);
    for (var i = 0u; i < 5u; i++) {
        ur[3u * i] = results[i].x;
        ur[3u * i + 1u] = results[i].y;
        ur[3u * i + 2u] = results[i].z;
    }
}

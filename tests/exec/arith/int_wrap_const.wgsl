// Const-evaluated arithmetic on concrete integer types wraps modulo 2^32 too:
// spec "Integer Types": "Expressions on concrete integer types that overflow
// produce a result that is modulo 2^bitwidth", and the example in "Abstract
// Numeric Types": `-1 * i32(-2147483648)` is not a shader-creation error,
// the i32 multiplication wraps (to MIN). Unary negation of MIN yields MIN
// (spec, negation), abs(MIN) is MIN (spec, `abs`), with no error rule for
// const-expressions in either.
// i32: MAX+1 = MIN; MIN-1 = MAX; 65536*65536 = 0; -1*MIN = MIN; -MIN = MIN;
//   abs(MIN) = MIN; MAX*MAX = 1; dot((MAX,1),(1,1)) = MIN
// u32: 0xFFFFFFFF+1 = 0; 0-1 = 0xFFFFFFFF; 65537*65537 = 131073;
//   vec2(0xFFFFFFFF, 2) * 0x80000000 = (0x80000000, 0)
// expect 0:0 = i32:-2147483648,2147483647,0,-2147483648,-2147483648,-2147483648,1,-2147483648
// expect 0:1 = u32:0,0xFFFFFFFF,131073,0x80000000,0

@group(0) @binding(0) var<storage, read_write> r: array<i32, 8>;
@group(0) @binding(1) var<storage, read_write> ur: array<u32, 5>;

const MIN = i32(-2147483648);
const MAX = 2147483647i;
const v = vec2<u32>(0xFFFFFFFFu, 2u) * 0x80000000u;

@compute @workgroup_size(1)
fn main() {
    r[0] = MAX + 1i;
    r[1] = MIN - 1i;
    r[2] = 65536i * 65536i;
    r[3] = -1 * i32(-2147483648);
    r[4] = -MIN;
    r[5] = abs(MIN);
    r[6] = MAX * MAX;
    r[7] = dot(vec2<i32>(MAX, 1i), vec2<i32>(1i, 1i));
    ur[0] = 0xFFFFFFFFu + 1u;
    ur[1] = 0u - 1u;
    ur[2] = 65537u * 65537u;
    ur[3] = v.x;
    ur[4] = v.y;
}

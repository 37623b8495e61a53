// Index arithmetic wraps in 32 bits before the index is used (spec
// "Arithmetic Expressions": u32 and i32 + - * wrap, two's complement), so an
// index computed with overflow must land where the wrapped value says, with
// bounds checks on (a clamp applied to a widened value, or a sign-extended
// i32, would pick another element). Array a = (100, 101, .., 107).
// In u32: 0xfffffffe + 3 = 1 -> 101; 0x80000000 * 2 + 5 = 5 -> 105;
// 3 - 4 + 2 = 1 -> 101 (through 0xffffffff).
// In i32: i32 max + 1 + i32 max + 1 + 6 = 6 -> 106 (i32 min + i32 min wraps
// to 0); -1 * -7 = 7 -> 107; (-3) + 5 = 2 -> 102.
// Stores with the same wrapped indices write 200 + index: a ends as
// (100, 201, 202, 103, 104, 205, 206, 207), exact, since every index is in
// bounds after wrapping.
// Then an index that wraps to out of bounds: i32 max + 1 = i32 min (read:
// flag 1 when the value is an element or 0).
// bounds-checks: on
// buffer 0:0 = u32:0xfffffffe, 3, 0x80000000, 5, 4, 2
// buffer 0:1 = i32:2147483647, 1, 6, -1, -7, -3, 5
// buffer 0:2 = u32:100, 101, 102, 103, 104, 105, 106, 107
// expect 0:2 = 100, 201, 202, 103, 104, 205, 206, 207
// expect 0:3 = 101, 105, 101, 106, 107, 102, 1

@group(0) @binding(0) var<storage, read> u: array<u32, 6>;
@group(0) @binding(1) var<storage, read> s: array<i32, 7>;
@group(0) @binding(2) var<storage, read_write> a: array<u32, 8>;
@group(0) @binding(3) var<storage, read_write> out: array<u32, 7>;

@compute @workgroup_size(1)
fn main() {
    let u0 = u[0] + u[1];
    let u1 = u[2] * 2u + u[3];
    let u2 = u[1] - u[4] + u[5];
    let big = s[0] + s[1];
    let s0 = big + big + s[2];
    let s1 = s[3] * s[4];
    let s2 = s[5] + s[6];
    out[0] = a[u0];
    out[1] = a[u1];
    out[2] = a[u2];
    out[3] = a[s0];
    out[4] = a[s1];
    out[5] = a[s2];
    let x = a[big];
    out[6] = select(0u, 1u, x == 0u || (x >= 100u && x <= 107u));
    a[u0] = 201u;
    a[u1] = 205u;
    a[s0] = 206u;
    a[s1] = 207u;
    a[s2] = 202u;
}

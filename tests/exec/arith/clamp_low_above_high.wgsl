// Integer clamp with low > high (WGSL, "Numeric Built-in Functions":
// for integers clamp(e, low, high) is min(max(e, low), high), defined for
// any low and high). clamp(1u, 20u, 0u) = min(20u, 0u) = 0u, so dividing by
// it divides by zero: 255u / 0u is 255u (WGSL's runtime division). A
// value-range analysis that assumed the result >= low once dropped the
// division's guard (found by the differential tester). clamp(1u, 20u, 8u)
// = 8u: 255u / 8u = 31u. For i32: clamp(-5, 3, -2) = min(3, -2) = -2,
// 100 / -2 = -50.
// buffer 0:1 = u32:20, 0, 8
// buffer 0:2 = i32:-5, 3, -2
// expect 0:0 = u32:255, 0, 31, 8
// expect 0:3 = i32:-50, -2

@group(0) @binding(0) var<storage, read_write> o: array<u32, 4>;
@group(0) @binding(1) var<storage, read> u: array<u32, 3>;
@group(0) @binding(2) var<storage, read> s: array<i32, 3>;
@group(0) @binding(3) var<storage, read_write> r: array<i32, 2>;

@compute @workgroup_size(1)
fn main() {
    let c = clamp(1u, u[0], u[1]);
    o[0] = 255u / c;
    o[1] = c;
    let d = clamp(1u, u[0], u[2]);
    o[2] = 255u / d;
    o[3] = d;
    let e = clamp(s[0], s[1], s[2]);
    r[0] = 100 / e;
    r[1] = e;
}

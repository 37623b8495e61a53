// expect: ok
// Buffer structures whose size doubles per declaration, up to 2^24 copies (within 32-bit sizes): layouts, uniform
// copies and loads of whole values must not walk every member.
struct S0 { v: vec3<f32> }
struct S1 { x: S0, y: S0 }
struct S2 { x: S1, y: S1 }
struct S3 { x: S2, y: S2 }
struct S4 { x: S3, y: S3 }
struct S5 { x: S4, y: S4 }
struct S6 { x: S5, y: S5 }
struct S7 { x: S6, y: S6 }
struct S8 { x: S7, y: S7 }
struct S9 { x: S8, y: S8 }
struct S10 { x: S9, y: S9 }
struct S11 { x: S10, y: S10 }
struct S12 { x: S11, y: S11 }
struct S13 { x: S12, y: S12 }
struct S14 { x: S13, y: S13 }
struct S15 { x: S14, y: S14 }
struct S16 { x: S15, y: S15 }
struct S17 { x: S16, y: S16 }
struct S18 { x: S17, y: S17 }
struct S19 { x: S18, y: S18 }
struct S20 { x: S19, y: S19 }
struct S21 { x: S20, y: S20 }
struct S22 { x: S21, y: S21 }
struct S23 { x: S22, y: S22 }
struct S24 { x: S23, y: S23 }
struct U0 { m: mat3x2<f32>, @size(8) p: f32 }
struct U1 { x: U0, y: U0 }
struct U2 { x: U1, y: U1 }
struct U3 { x: U2, y: U2 }
struct U4 { x: U3, y: U3 }
struct U5 { x: U4, y: U4 }
struct U6 { x: U5, y: U5 }
struct U7 { x: U6, y: U6 }
struct U8 { x: U7, y: U7 }
struct U9 { x: U8, y: U8 }
struct U10 { x: U9, y: U9 }
@group(0) @binding(0) var<storage, read_write> s: array<S24>;
@group(0) @binding(1) var<uniform> u: U10;
@group(0) @binding(2) var<storage, read_write> t: array<U10>;
@compute @workgroup_size(1)
fn main() {
    s[1].x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.v = vec3(1.0);
    let copy = u;
    t[0] = copy;
    t[1] = u;
}

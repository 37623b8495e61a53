// Structures whose size doubles per declaration, up to 2^24 copies (within 32-bit sizes) (S_i holds two S_{i-1}).
struct S0 { v: f32 }
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
var<private> p: S24;
@compute @workgroup_size(1)
fn main() {
    var f: S24;
    let z = S24();
    p.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.v = 1.0;
}

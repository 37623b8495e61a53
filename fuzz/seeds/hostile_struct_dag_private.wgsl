// Structures whose size doubles per declaration (S_i holds two S_{i-1}).
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
struct S25 { x: S24, y: S24 }
struct S26 { x: S25, y: S25 }
struct S27 { x: S26, y: S26 }
struct S28 { x: S27, y: S27 }
struct S29 { x: S28, y: S28 }
struct S30 { x: S29, y: S29 }
struct S31 { x: S30, y: S30 }
struct S32 { x: S31, y: S31 }
struct S33 { x: S32, y: S32 }
struct S34 { x: S33, y: S33 }
struct S35 { x: S34, y: S34 }
struct S36 { x: S35, y: S35 }
struct S37 { x: S36, y: S36 }
struct S38 { x: S37, y: S37 }
struct S39 { x: S38, y: S38 }
struct S40 { x: S39, y: S39 }
var<private> p: S40;
@compute @workgroup_size(1)
fn main() {
    var f: S40;
    let z = S40();
    p.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.v = 1.0;
}

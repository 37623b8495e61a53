// Workgroup structures of atomics whose atomic count doubles per declaration.
struct A0 { a: atomic<u32>, b: u32 }
struct A1 { x: A0, y: A0 }
struct A2 { x: A1, y: A1 }
struct A3 { x: A2, y: A2 }
struct A4 { x: A3, y: A3 }
struct A5 { x: A4, y: A4 }
struct A6 { x: A5, y: A5 }
struct A7 { x: A6, y: A6 }
struct A8 { x: A7, y: A7 }
struct A9 { x: A8, y: A8 }
struct A10 { x: A9, y: A9 }
struct A11 { x: A10, y: A10 }
struct A12 { x: A11, y: A11 }
struct A13 { x: A12, y: A12 }
struct A14 { x: A13, y: A13 }
struct A15 { x: A14, y: A14 }
struct A16 { x: A15, y: A15 }
struct A17 { x: A16, y: A16 }
struct A18 { x: A17, y: A17 }
struct A19 { x: A18, y: A18 }
struct A20 { x: A19, y: A19 }
struct A21 { x: A20, y: A20 }
struct A22 { x: A21, y: A21 }
struct A23 { x: A22, y: A22 }
struct A24 { x: A23, y: A23 }
struct A25 { x: A24, y: A24 }
struct A26 { x: A25, y: A25 }
struct A27 { x: A26, y: A26 }
struct A28 { x: A27, y: A27 }
struct A29 { x: A28, y: A28 }
struct A30 { x: A29, y: A29 }
struct A31 { x: A30, y: A30 }
struct A32 { x: A31, y: A31 }
struct A33 { x: A32, y: A32 }
struct A34 { x: A33, y: A33 }
struct A35 { x: A34, y: A34 }
struct A36 { x: A35, y: A35 }
struct A37 { x: A36, y: A36 }
struct A38 { x: A37, y: A37 }
struct A39 { x: A38, y: A38 }
struct A40 { x: A39, y: A39 }
var<workgroup> w: A40;
@compute @workgroup_size(1)
fn main() {
    atomicAdd(&w.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.a, 1u);
}

// A small workgroup structure of atomics with a deep shared type DAG:
// 2^12 atomics, 16 KiB, within WebGPU's default limits.
struct A0 { a: atomic<u32> }
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
var<workgroup> w: A12;
@compute @workgroup_size(64)
fn main() {
    atomicAdd(&w.x.x.x.x.x.x.x.x.x.x.x.x.a, 1u);
}

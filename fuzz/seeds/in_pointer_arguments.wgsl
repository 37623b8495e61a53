// Pointer arguments into parts of buffers, workgroup, private and
// function memory (lowered by the pointer-args pass).
struct S { n: u32, data: array<vec4<f32>> }
@group(0) @binding(0) var<storage, read_write> s: S;
var<workgroup> tile: array<array<f32, 8>, 4>;
var<private> pv: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> counter: u32;
fn bump(p: ptr<storage, u32, read_write>) { *p += 1u; }
fn set_row(row: ptr<workgroup, array<f32, 8>>, i: u32, v: f32) { (*row)[i] = v; }
// Writing `s` here as well as through `v` (which points into `s`) would be
// an aliasing error (WGSL's alias analysis).
fn scale(v: ptr<storage, vec4<f32>, read_write>, k: f32) { *v = *v * k; bump(&counter); }
fn inc(p: ptr<function, u32>) { *p += 1u; }
fn incp(p: ptr<private, u32>) { *p += 1u; }
fn len(a: ptr<storage, array<vec4<f32>>, read_write>) -> u32 { return arrayLength(a); }
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) l: u32) {
    bump(&s.n);
    set_row(&tile[l], l, 1.0);
    scale(&s.data[l], 2.0);
    var arr = array<u32, 4>();
    inc(&arr[l]);
    var x = 0u;
    inc(&x);
    incp(&pv[2]);
    s.n = arr[0] + x + pv[2] + len(&s.data);
}

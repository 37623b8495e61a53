// A cooperative-vector product whose matrix runs past the end of its
// array reads, for each element outside it, some element of the array or
// zero (WGSL's buffer rules, docs/cooperative-vectors.md): never memory
// outside the binding, and the rows inside are exact. w = 1..6 (6 floats),
// v = (1, 1, 1, 1), row-major 3x4 at offset 0 with stride 4: row 0 is
// 1 + 2 + 3 + 4 = 10, rows 1 and 2 read past element 5 and are open.
// The MLP-style chain after it (max with zero, times 2) is checked on row 0.
// buffer 0:0 = f32:1,2,3,4,5,6
// expect 0:1 = f32:10,any,any,20

enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> w: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
    let v = coop_vec<f32, 4>(1.0);
    let r = coopVecMatMul<coop_vec<f32, 3>>(v, &w, 0u, false, 4u);
    out[0] = r[0];
    out[1] = r[1];
    out[2] = r[2];
    let h = max(r, coop_vec<f32, 3>()) * 2.0;
    out[3] = h[0];
}

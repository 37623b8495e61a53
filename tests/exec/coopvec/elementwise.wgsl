// Element-wise operations on cooperative vectors (docs/cooperative-vectors.md),
// component by component as the scalar operators and builtins:
// a = (1, -2, 3, -4), b = splat 2, z = zero vector:
// a + b = 3,0,5,-2; a - b = -1,-4,1,-6; a * b = 2,-4,6,-8; a / b = 0.5,-1,1.5,-2;
// -a = -1,2,-3,4; a * 3 = 3,-6,9,-12; 0.5 * a = 0.5,-1,1.5,-2;
// max(a, z) = 1,0,3,0; min(a, z) = 0,-2,0,-4; clamp(a, -1, 2) = 1,-1,2,-1;
// exp(z) = 1 (exp(0) is exact); tanh(z) = 0; a[idx] with idx = 2 from a buffer: 3;
// coop_vec<f32, 4>(e0, e1, e2, e3) from four values: 7,8,9,10
// buffer 0:1 = u32:2
// expect 0:0 = f32:3,0,5,-2, -1,-4,1,-6, 2,-4,6,-8, 0.5,-1,1.5,-2, -1,2,-3,4, 3,-6,9,-12, 0.5,-1,1.5,-2, 1,0,3,0, 0,-2,0,-4, 1,-1,2,-1, 1,1,1,1, 0,0,0,0, 3, 7,8,9,10

enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read_write> out: array<f32, 53>;
@group(0) @binding(1) var<storage, read> idx: u32;

fn put(at: u32, v: coop_vec<f32, 4>) {
    for (var i = 0u; i < 4u; i++) {
        out[at + i] = v[i];
    }
}

@compute @workgroup_size(1)
fn main() {
    let a = coop_vec<f32, 4>(array(1.0, -2.0, 3.0, -4.0));
    let b = coop_vec<f32, 4>(2.0);
    let z = coop_vec<f32, 4>();
    put(0u, a + b);
    put(4u, a - b);
    put(8u, a * b);
    put(12u, a / b);
    put(16u, -a);
    put(20u, a * 3.0);
    put(24u, 0.5 * a);
    put(28u, max(a, z));
    put(32u, min(a, z));
    put(36u, clamp(a, coop_vec<f32, 4>(-1.0), b));
    put(40u, exp(z));
    put(44u, tanh(z));
    out[48] = a[idx];
    var e = coop_vec<f32, 4>(7.0, 8.0, 9.0, 10.0);
    put(49u, e);
}

// Cooperative vectors with 8-bit integer matrices and in the device's
// inference layout (docs/cooperative-vectors.md): without a device
// profile, loops that read the matrix bytes out of u32 words.
enable f16;
enable tessera_experimental_cooperative_vector;
@group(0) @binding(0) var<storage, read> w: array<u32>;
@group(0) @binding(1) var<storage, read> bias: array<i32>;
@group(0) @binding(2) var<storage, read> h: array<f16>;
@group(0) @binding(3) var<storage, read_write> out: array<i32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let xi = coop_vec<i32, 8>(i32(id.x) - 4);
    let xf = coop_vec<f32, 8>(f32(id.x) * 0.5);
    let xp = coop_vec<u32, 2>(id.x * 0x01010101u);
    let a = coopVecMatMulAdd<coop_vec<i32, 4>, i8>(xi, &w, 0u, false, 8u, &bias, 0u);
    let b = coopVecMatMul<coop_vec<i32, 4>, u8>(xf, &w, 64u, true, 4u);
    let c = coopVecMatMulOptimal<coop_vec<i32, 4>, i8>(xp, &w, 128u);
    let x = coop_vec<f16, 8>(h[id.x]);
    let d = coopVecMatMulAddOptimal<coop_vec<f16, 4>>(x, &h, 64u, &h, 8u);
    let e = max(a + b - c, coop_vec<i32, 4>());
    out[id.x] = e[0] + e[3] + i32(d[1]);
}

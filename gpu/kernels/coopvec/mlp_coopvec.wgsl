// A three-layer f16 MLP (64 -> 64 -> 64 -> 64, bias and ReLU after each
// layer), one evaluation per invocation, written with cooperative vectors
// (docs/cooperative-vectors.md). tessera-gpu --coopvec compiles it twice:
// with the device's cooperative-vector configurations (native
// OpCooperativeVectorMatrixMulAddNV) and without (plain loops).
//
// input:   IN_VECTORS vectors of 64 f16; invocation i reads vector
//          i % IN_VECTORS (8 MiB, so the benchmark measures the products
//          rather than DRAM bandwidth).
// weights: layer l's 64 x 64 row-major matrix at element l * 4096
//          (8192-byte offsets, 128-byte stride).
// biases:  layer l's 64 values at element l * 64.
// out:     one f32 per invocation, the sum of the last layer's 64 outputs
//          (16 MiB for 4M invocations rather than 512 MiB of vectors);
// full:    the 64 outputs of each of the first IN_VECTORS invocations.
enable f16;
enable tessera_experimental_cooperative_vector;

const IN_VECTORS: u32 = 65536u;

@group(0) @binding(0) var<storage, read> input: array<f16>;
@group(0) @binding(1) var<storage, read> weights: array<f16>;
@group(0) @binding(2) var<storage, read> biases: array<f16>;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;
@group(0) @binding(4) var<storage, read_write> full: array<f16>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.y * groups.x * 64u + gid.x;
    let base = (i % IN_VECTORS) * 64u;
    var x: array<f16, 64>;
    for (var k = 0u; k < 64u; k++) {
        x[k] = input[base + k];
    }
    let zero = coop_vec<f16, 64>();
    var h = coop_vec<f16, 64>(x);
    h = max(coopVecMatMulAdd<coop_vec<f16, 64>>(h, &weights, 0u, false, 64u, &biases, 0u), zero);
    h = max(coopVecMatMulAdd<coop_vec<f16, 64>>(h, &weights, 4096u, false, 64u, &biases, 64u), zero);
    h = max(coopVecMatMulAdd<coop_vec<f16, 64>>(h, &weights, 8192u, false, 64u, &biases, 128u), zero);
    var s = 0.0;
    for (var k = 0u; k < 64u; k++) {
        s += f32(h[k]);
    }
    out[i] = s;
    // The first IN_VECTORS invocations (whole workgroups) also write their
    // 64 outputs, which the runner checks element by element.
    if (i < IN_VECTORS) {
        for (var k = 0u; k < 64u; k++) {
            full[i * 64u + k] = h[k];
        }
    }
}

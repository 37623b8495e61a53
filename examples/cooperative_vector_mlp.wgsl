// A small MLP evaluated per invocation with cooperative vectors
// (docs/cooperative-vectors.md): three f16 layers of 64 with bias and ReLU.
// With `--device-profile h200-vulkan --spirv-version 1.6` the products are
// SPV_NV_cooperative_vector instructions (tensor cores); elsewhere they are
// loops. Layer l's 64x64 row-major weights start at element l * 4096, its
// biases at l * 64.
// fits: h100-vulkan h200-vulkan metal
enable f16;
enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> input: array<f16>;
@group(0) @binding(1) var<storage, read> weights: array<f16>;
@group(0) @binding(2) var<storage, read> biases: array<f16>;
@group(0) @binding(3) var<storage, read_write> output: array<f16>;

fn layer(x: coop_vec<f16, 64>, l: u32) -> coop_vec<f16, 64> {
    let y = coopVecMatMulAdd<coop_vec<f16, 64>>(x, &weights, l * 4096u, false, 64u, &biases, l * 64u);
    return max(y, coop_vec<f16, 64>());
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let base = gid.x * 64u;
    var x: array<f16, 64>;
    for (var k = 0u; k < 64u; k++) {
        x[k] = input[base + k];
    }
    let h = layer(layer(layer(coop_vec<f16, 64>(x), 0u), 1u), 2u);
    for (var k = 0u; k < 64u; k++) {
        output[base + k] = h[k];
    }
}

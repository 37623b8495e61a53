// Cooperative vectors (docs/cooperative-vectors.md) without native
// products: arrays, one operation per component, and loops for the
// matrix-vector products.
enable f16;
enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> weights: array<f16>;
@group(0) @binding(1) var<storage, read> biases: array<f16>;
@group(0) @binding(2) var<storage, read> inputs: array<f16>;
@group(0) @binding(3) var<storage, read_write> outputs: array<f32>;

fn relu(v: coop_vec<f16, 8>) -> coop_vec<f16, 8> {
    return max(v, coop_vec<f16, 8>());
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    var x: array<f16, 4>;
    for (var i = 0u; i < 4u; i++) {
        x[i] = inputs[id.x * 4u + i];
    }
    let h = relu(coopVecMatMulAdd<coop_vec<f16, 8>>(coop_vec<f16, 4>(x), &weights, 0u, false, 4u, &biases, 0u));
    let y = coopVecMatMul<coop_vec<f32, 2>>(-h * 0.5h + tanh(h), &weights, 32u, true, 2u);
    outputs[id.x * 2u] = y[0];
    outputs[id.x * 2u + 1u] = y[id.y % 2u];
}

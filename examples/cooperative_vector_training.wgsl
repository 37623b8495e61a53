// One training step of a 64-wide f16 layer with cooperative vectors
// (docs/cooperative-vectors.md): each invocation back-propagates its
// example's error through y = W x + b and adds its gradients into shared
// buffers, dW += outer(dy, x) and db += dy, atomically. With
// `--device-profile h200-vulkan --spirv-version 1.6` the reduction is
// SPV_NV_cooperative_vector's OpCooperativeVectorReduceSumAccumulateNV, and
// the outer product its OpCooperativeVectorOuterProductAccumulateNV when
// the profile bounds the training layout; elsewhere compare-exchange loops.
// The weight gradient is in the device's training layout: the host converts
// it to row-major (vkConvertCooperativeVectorMatrixNV) where it is native.
// fits: h100-vulkan h200-vulkan metal
enable f16;
enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read> inputs: array<f16>;
@group(0) @binding(1) var<storage, read> targets: array<f16>;
@group(0) @binding(2) var<storage, read> weights: array<f16>;
@group(0) @binding(3) var<storage, read> biases: array<f16>;
// f16 gradients, two per u32 word.
@group(0) @binding(4) var<storage, read_write> weight_grad: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read_write> bias_grad: array<atomic<u32>>;

fn load64(a: ptr<storage, array<f16>, read>, base: u32) -> coop_vec<f16, 64> {
    var v: array<f16, 64>;
    for (var k = 0u; k < 64u; k++) {
        v[k] = (*a)[base + k];
    }
    return coop_vec<f16, 64>(v);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let x = load64(&inputs, gid.x * 64u);
    let t = load64(&targets, gid.x * 64u);
    let y = coopVecMatMulAdd<coop_vec<f16, 64>>(x, &weights, 0u, false, 64u, &biases, 0u);
    // d(loss)/dy for the squared error 0.5 * |y - t|^2.
    let dy = y - t;
    coopVecOuterProductAccumulate<f16>(dy, x, &weight_grad, 0u);
    coopVecReduceSumAccumulate(dy, &bias_grad, 0u);
}

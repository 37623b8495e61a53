// Cooperative-vector training accumulations (docs/cooperative-vectors.md):
// outer products into a runtime-sized array and a struct member, reductions
// of f16 and f32 vectors; without a device profile, compare-exchange loops.
enable f16;
enable tessera_experimental_cooperative_vector;
struct Grads { head: array<u32, 16>, rest: array<atomic<u32>> }
@group(0) @binding(0) var<storage, read> inputs: array<f16>;
@group(0) @binding(1) var<storage, read_write> grad: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> bias_grad: array<atomic<u32>, 64>;
@group(0) @binding(3) var<storage, read_write> member: Grads;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let a = coop_vec<f16, 8>(inputs[id.x]);
    let b = coop_vec<f16, 16>(inputs[id.x + 1u]);
    coopVecOuterProductAccumulate<f32>(a, b, &grad, id.y * 128u);
    coopVecOuterProductAccumulate<f16>(a, b, &grad, 512u);
    coopVecReduceSumAccumulate(b, &bias_grad, 8u);
    coopVecReduceSumAccumulate(coop_vec<f32, 4>(1.0), &bias_grad, 4u);
    coopVecOuterProductAccumulate<f32>(a, b, &member.rest, 0u);
}

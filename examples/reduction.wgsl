// Sums `input` into one partial sum per workgroup of 128 invocations.
// fits: webgpu h100-vulkan h200-vulkan metal
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;

var<workgroup> partial: array<f32, 128>;

@compute @workgroup_size(128)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    partial[lid] = select(0.0, input[gid.x], gid.x < arrayLength(&input));
    for (var dist = 64u; dist > 0u; dist /= 2u) {
        workgroupBarrier();
        if lid < dist {
            partial[lid] += partial[lid + dist];
        }
    }
    if lid == 0u {
        sums[wid.x] = partial[0];
    }
}

// Inclusive prefix sum of 256-element blocks (Hillis-Steele scan with a
// double buffer in workgroup memory).
// fits: webgpu h100-vulkan h200-vulkan metal
@group(0) @binding(0) var<storage, read_write> values: array<u32>;

var<workgroup> buffers: array<array<u32, 256>, 2>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    buffers[0][lid] = values[gid.x];
    var src = 0u;
    for (var offset = 1u; offset < 256u; offset *= 2u) {
        workgroupBarrier();
        var v = buffers[src][lid];
        if lid >= offset {
            v += buffers[src][lid - offset];
        }
        buffers[1u - src][lid] = v;
        src = 1u - src;
    }
    workgroupBarrier();
    values[gid.x] = buffers[src][lid];
}

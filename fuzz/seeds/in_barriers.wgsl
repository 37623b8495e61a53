// Synchronisation builtins: workgroupBarrier, storageBarrier,
// textureBarrier and workgroupUniformLoad.
var<workgroup> flag: u32;
var<workgroup> values: array<f32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) gid: vec3<u32>) {
    if lid == 0u {
        flag = u32(data[0] > 0.5);
    }
    values[lid] = data[gid.x];
    storageBarrier();
    textureBarrier();
    let enabled = workgroupUniformLoad(&flag);
    if enabled == 1u {
        workgroupBarrier();
        data[gid.x] = values[63u - lid];
    }
}

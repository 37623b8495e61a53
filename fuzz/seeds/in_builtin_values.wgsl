// Every compute-stage builtin input value, in parameters and in a struct.
struct Ids {
    @builtin(local_invocation_id) local_id: vec3<u32>,
    @builtin(local_invocation_index) local_index: u32,
}

@group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>>;

@compute @workgroup_size(4, 4, 2)
fn main(ids: Ids,
        @builtin(global_invocation_id) global_id: vec3<u32>,
        @builtin(workgroup_id) group_id: vec3<u32>,
        @builtin(num_workgroups) group_count: vec3<u32>) {
    let flat_group = group_id.x + group_count.x * (group_id.y + group_count.y * group_id.z);
    let index = flat_group * 32u + ids.local_index;
    out[index] = vec4u(global_id.xy, ids.local_id.z, flat_group);
}

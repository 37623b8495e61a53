// overrides: 0=2.0 use_fast_path=true
// Overrides with @id, defaults, no defaults, and override-expressions in
// workgroup_size and in other overrides.
@id(0) override gain: f32;
@id(1) override workgroup_x: u32 = 64;
override workgroup_y: u32 = workgroup_x / 32u;
override use_fast_path: bool = false;
override threshold = 0.25;
override bias: i32 = -1;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(workgroup_x, workgroup_y, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
    let width = groups.x * workgroup_x;
    let i = gid.y * width + gid.x;
    var v = data[i] * gain + f32(bias);
    if use_fast_path {
        v = max(v, threshold);
    } else {
        v = smoothstep(0.0, threshold, v);
    }
    data[i] = v;
}

// entry: scale
// Several entry points sharing helpers and globals; the harness keeps `scale`.
@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<uniform> factor: f32;

fn index_of(id: vec3<u32>) -> u32 {
    return id.x + id.y * 1024u;
}

@compute @workgroup_size(64)
fn scale(@builtin(global_invocation_id) id: vec3<u32>) {
    data[index_of(id)] *= factor;
}

@compute @workgroup_size(8, 8)
fn offset(@builtin(global_invocation_id) id: vec3<u32>) {
    data[index_of(id)] += factor;
}

@compute @workgroup_size(1)
fn clear() {
    data[0] = 0.0;
}

// overrides: block_size=128
// Override-sized workgroup arrays and an override-expression workgroup size.
override block_size: u32 = 64;
override items_per_thread: u32 = 2;

var<workgroup> shared_data: array<f32, block_size * items_per_thread>;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(block_size)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let base = wid.x * block_size * items_per_thread;
    for (var i = 0u; i < items_per_thread; i++) {
        let j = lid + i * block_size;
        shared_data[j] = data[base + j];
    }
    workgroupBarrier();
    let n = block_size * items_per_thread;
    for (var i = 0u; i < items_per_thread; i++) {
        let j = lid + i * block_size;
        data[base + j] = shared_data[n - 1u - j];
    }
}

// Bitonic sort of 512 keys (with payload) per workgroup in shared memory.
const N: u32 = 512u;
const THREADS: u32 = 256u;

struct Entry {
    key: u32,
    value: u32,
}

@group(0) @binding(0) var<storage, read_write> entries: array<Entry>;

var<workgroup> keys: array<Entry, N>;

fn compare_swap(i: u32, j: u32, ascending: bool) {
    let a = keys[i];
    let b = keys[j];
    if (a.key > b.key) == ascending {
        keys[i] = b;
        keys[j] = a;
    }
}

@compute @workgroup_size(THREADS)
fn main(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    let base = wid.x * N;
    keys[t] = entries[base + t];
    keys[t + THREADS] = entries[base + t + THREADS];
    for (var size = 2u; size <= N; size <<= 1u) {
        for (var stride = size >> 1u; stride > 0u; stride >>= 1u) {
            workgroupBarrier();
            let i = 2u * t - (t & (stride - 1u));
            let j = i + stride;
            let ascending = (i & size) == 0u;
            compare_swap(i, j, ascending);
        }
    }
    workgroupBarrier();
    entries[base + t] = keys[t];
    entries[base + t + THREADS] = keys[t + THREADS];
}

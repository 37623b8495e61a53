// workgroupUniformLoad of ptr<workgroup, atomic<T>>: an atomic load of T
// between two workgroup barriers, its result uniform across the workgroup.
var<workgroup> counter: atomic<u32>;
var<workgroup> signed_counter: atomic<i32>;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    atomicAdd(&counter, 1u);
    atomicMax(&signed_counter, i32(lid) - 10);
    let total = workgroupUniformLoad(&counter);
    let largest: i32 = workgroupUniformLoad(&signed_counter);
    // Uniform, so a barrier may depend on it.
    if total == 64u {
        workgroupBarrier();
        out[lid] = total + u32(largest);
    }
}

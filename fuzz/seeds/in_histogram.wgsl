// 256-bin histogram of bytes packed four to a u32: privatised per
// workgroup with atomics, then merged into the global histogram.
@group(0) @binding(0) var<storage, read> words: array<u32>;
@group(0) @binding(1) var<storage, read_write> histogram: array<atomic<u32>, 256>;

var<workgroup> local_bins: array<atomic<u32>, 256>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    atomicStore(&local_bins[lid], 0u);
    workgroupBarrier();
    if gid.x < arrayLength(&words) {
        let w = words[gid.x];
        for (var shift = 0u; shift < 32u; shift += 8u) {
            atomicAdd(&local_bins[(w >> shift) & 0xffu], 1u);
        }
    }
    workgroupBarrier();
    let count = atomicLoad(&local_bins[lid]);
    if count != 0u {
        atomicAdd(&histogram[lid], count);
    }
}

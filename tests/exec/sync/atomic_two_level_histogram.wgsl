// Two-level histogram: each workgroup counts into a var<workgroup>
// array<atomic<u32>, 16>, workgroupBarrier(), then invocation b < 16 adds bin b
// into the storage histogram with atomicAdd (and copies it to a per-workgroup
// record). Value of invocation g (global) in workgroup w: (g * g + w) % 16.
// Squares mod 16 are 0, 1, 4, 9, each for 4 of the 16 residues of g, so in a
// workgroup (64 consecutive g) each of bins w, 1 + w, 4 + w, 9 + w gets 16;
// over all four workgroups the storage bins sum those.
// dispatch: 4,1,1
// expect 0:0 = 16, 32, 32, 32, 32, 16, 16, 16, 0, 16, 16, 16, 16, 0, 0, 0
// expect 0:1 = 16, 16, 0, 0, 16, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 16, 16, 0, 0, 16, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 16, 16, 0, 0, 16, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 16, 16, 0, 0, 16, 0, 0, 0, 0, 16, 0, 0, 0

@group(0) @binding(0) var<storage, read_write> hist: array<atomic<u32>, 16>;
@group(0) @binding(1) var<storage, read_write> per_wg: array<array<u32, 16>, 4>;

var<workgroup> local_hist: array<atomic<u32>, 16>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    let g = gid.x;
    atomicAdd(&local_hist[(g * g + wid.x) % 16u], 1u);
    workgroupBarrier();
    if li < 16u {
        let n = atomicLoad(&local_hist[li]);
        per_wg[wid.x][li] = n;
        atomicAdd(&hist[li], n);
    }
}

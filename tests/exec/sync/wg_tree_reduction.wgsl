// Tree reduction over var<workgroup> arrays: at each level s = 32, 16, .., 1 the
// invocations li < s combine slot li + s into slot li, then every invocation
// executes workgroupBarrier() (inside a uniform loop, in a helper function called
// from the entry point). Sum, max and min are reduced side by side; four
// workgroups reduce their own 64 inputs each.
// Inputs are (i * 37) % 101 + 5 * (i / 64); expected sum / max / min per
// workgroup computed directly from those 64 values.
// dispatch: 4,1,1
// buffer 0:0 = u32:0,37,74,10,47,84,20,57,94,30,67,3,40,77,13,50,87,23,60,97,33,70,6,43,80,16,53,90,26,63,100,36,73,9,46,83,19,56,93,29,66,2,39,76,12,49,86,22,59,96,32,69,5,42,79,15,52,89,25,62,99,35,72,8,50,87,23,60,97,33,70,6,43,80,16,53,90,26,63,100,36,73,9,46,83,19,56,93,29,66,103,39,76,12,49,86,22,59,96,32,69,5,42,79,15,52,89,25,62,99,35,72,8,45,82,18,55,92,28,65,102,38,75,11,48,85,21,58,100,36,73,110,46,83,19,56,93,29,66,103,39,76,12,49,86,22,59,96,32,69,106,42,79,15,52,89,25,62,99,35,72,109,45,82,18,55,92,28,65,102,38,75,11,48,85,21,58,95,31,68,105,41,78,14,51,88,24,61,98,34,71,108,49,86,22,59,96,32,69,106,42,79,15,52,89,25,62,99,35,72,109,45,82,18,55,92,28,65,102,38,75,112,48,85,21,58,95,31,68,105,41,78,115,51,88,24,61,98,34,71,108,44,81,17,54,91,27,64,101,37,74,111,47,84,20,57
// expect 0:1 = 3185, 100, 0, 3456, 103, 5, 3929, 110, 11, 4099, 115, 15

@group(0) @binding(0) var<storage, read> inp: array<u32, 256>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 12>;

var<workgroup> sums: array<u32, 64>;
var<workgroup> maxs: array<u32, 64>;
var<workgroup> mins: array<u32, 64>;

fn reduce(li: u32) {
    for (var s = 32u; s > 0u; s >>= 1u) {
        if li < s {
            sums[li] += sums[li + s];
            maxs[li] = max(maxs[li], maxs[li + s]);
            mins[li] = min(mins[li], mins[li + s]);
        }
        workgroupBarrier();
    }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(global_invocation_id) gid: vec3<u32>) {
    let v = inp[gid.x];
    sums[li] = v;
    maxs[li] = v;
    mins[li] = v;
    workgroupBarrier();
    reduce(li);
    if li == 0u {
        out[3u * wid.x] = sums[0];
        out[3u * wid.x + 1u] = maxs[0];
        out[3u * wid.x + 2u] = mins[0];
    }
}

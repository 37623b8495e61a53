// Parallel sum reduction: a workgroup tree reduction in shared memory,
// one partial sum per workgroup.
const WG: u32 = 256u;

struct Params {
    count: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> input: array<f32>;
@group(0) @binding(2) var<storage, read_write> partial_sums: array<f32>;

var<workgroup> scratch: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
    // Grid-stride accumulation into a private register.
    var sum = 0.0;
    var i = wid.x * WG + lid;
    let stride = groups.x * WG;
    while i < params.count {
        sum += input[i];
        i += stride;
    }
    scratch[lid] = sum;
    workgroupBarrier();
    for (var offset = WG / 2u; offset > 0u; offset >>= 1u) {
        if lid < offset {
            scratch[lid] += scratch[lid + offset];
        }
        workgroupBarrier();
    }
    if lid == 0u {
        partial_sums[wid.x] = scratch[0];
    }
}

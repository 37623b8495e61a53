// Work-efficient (Blelloch) exclusive prefix sum of one 512-element block
// per workgroup, writing each block's total for a second pass.
const N: u32 = 512u;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> block_sums: array<u32>;

var<workgroup> temp: array<u32, N>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let t = lid.x;
    let base = wid.x * N;
    temp[2u * t] = data[base + 2u * t];
    temp[2u * t + 1u] = data[base + 2u * t + 1u];

    var offset = 1u;
    // Up-sweep.
    for (var d = N >> 1u; d > 0u; d >>= 1u) {
        workgroupBarrier();
        if t < d {
            let ai = offset * (2u * t + 1u) - 1u;
            let bi = offset * (2u * t + 2u) - 1u;
            temp[bi] += temp[ai];
        }
        offset *= 2u;
    }
    if t == 0u {
        block_sums[wid.x] = temp[N - 1u];
        temp[N - 1u] = 0u;
    }
    // Down-sweep.
    for (var d = 1u; d < N; d *= 2u) {
        offset >>= 1u;
        workgroupBarrier();
        if t < d {
            let ai = offset * (2u * t + 1u) - 1u;
            let bi = offset * (2u * t + 2u) - 1u;
            let saved = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += saved;
        }
    }
    workgroupBarrier();
    data[base + 2u * t] = temp[2u * t];
    data[base + 2u * t + 1u] = temp[2u * t + 1u];
}

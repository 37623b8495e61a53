// A small compute shader: SAXPY with a clamp and a per-workgroup partial
// maximum in workgroup memory.
struct Params {
    alpha: f32,
    count: u32,
    lo: f32,
    hi: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
@group(0) @binding(3) var<storage, read_write> maxima: array<f32>;

var<workgroup> local_max: array<f32, 64>;

fn saxpy(a: f32, xv: f32, yv: f32) -> f32 {
    return clamp(fma(a, xv, yv), params.lo, params.hi);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    var v = params.lo;
    if gid.x < params.count {
        v = saxpy(params.alpha, x[gid.x], y[gid.x]);
        y[gid.x] = v;
    }
    local_max[lid] = v;
    workgroupBarrier();
    for (var s = 32u; s > 0u; s >>= 1u) {
        if lid < s {
            local_max[lid] = max(local_max[lid], local_max[lid + s]);
        }
        workgroupBarrier();
    }
    if lid == 0u {
        maxima[wid.x] = local_max[0];
    }
}

@compute @workgroup_size(1)
fn reset(@builtin(global_invocation_id) gid: vec3<u32>) {
    maxima[gid.x] = params.lo;
}

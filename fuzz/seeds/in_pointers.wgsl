// Pointers in every address space, pointer parameters, pointers to
// composite members, and indirection.
struct Counters {
    hits: u32,
    misses: u32,
}

@group(0) @binding(0) var<storage, read_write> counters: Counters;
@group(0) @binding(1) var<uniform> limits: vec4<u32>;
@group(0) @binding(2) var<storage, read_write> data: array<f32>;

var<private> scratch: array<f32, 4>;
var<workgroup> partial: array<f32, 64>;

fn bump(p: ptr<function, u32>, by: u32) {
    *p = *p + by;
}

fn clear_private(p: ptr<private, array<f32, 4>>) {
    for (var i = 0u; i < 4u; i++) {
        (*p)[i] = 0.0;
    }
}

fn store_partial(p: ptr<workgroup, array<f32, 64>>, i: u32, v: f32) {
    p[i] = v;
}

fn read_limit(p: ptr<uniform, vec4<u32>>) -> u32 {
    return (*p).x + p.y;
}

// (A pointer to part of a buffer, e.g. `&data[0]`, is rejected by the
// SPIR-V writer with a clear error: see tests/spv_wgsl.rs.)
fn scale(p: ptr<storage, array<f32>, read_write>, i: u32, s: f32) {
    (*p)[i] *= s;
}

fn count(c: ptr<storage, Counters, read_write>, hit: bool) {
    if hit {
        (*c).hits += 1u;
    } else {
        c.misses += 1u;
    }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(global_invocation_id) gid: vec3<u32>) {
    var n = 0u;
    let np = &n;
    bump(np, 3u);
    bump(&n, read_limit(&limits));
    clear_private(&scratch);
    let sp = &scratch[lid % 4u];
    *sp = f32(n);
    store_partial(&partial, lid, scratch[lid % 4u]);
    workgroupBarrier();
    let elem = &data[gid.x];
    scale(&data, gid.x, partial[63u - lid]);
    scale(&data, 0u, 1.0);
    count(&counters, *elem > 0.0);
}

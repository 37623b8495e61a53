// Module-scope private and workgroup variables of composite types,
// zero-initialisation, and a workgroup struct.
struct Tally {
    count: u32,
    sum: f32,
    samples: array<f32, 8>,
}

var<private> rng_state: vec2<u32> = vec2<u32>(0x9e3779b9u, 0x7f4a7c15u);
var<private> local_tally: Tally;
var<workgroup> group_tally: Tally;
var<workgroup> mat_scratch: mat4x4<f32>;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

fn xorshift() -> u32 {
    var s = rng_state;
    s.x ^= s.x << 13u;
    s.x ^= s.x >> 17u;
    s.x ^= s.x << 5u;
    rng_state = s.yx;
    return s.x;
}

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) lid: u32) {
    rng_state.x += lid;
    for (var i = 0u; i < 8u; i++) {
        local_tally.samples[i] = f32(xorshift() & 0xffffu) / 65535.0;
        local_tally.sum += local_tally.samples[i];
    }
    local_tally.count = 8u;
    group_tally.samples[lid] = local_tally.sum;
    if lid < 4u {
        mat_scratch[lid] = vec4f(local_tally.sum);
    }
    workgroupBarrier();
    if lid == 0u {
        var total = 0.0;
        for (var i = 0u; i < 8u; i++) {
            total += group_tally.samples[i];
        }
        group_tally.sum = total;
        group_tally.count = 8u * local_tally.count;
    }
    workgroupBarrier();
    out[lid] = group_tally.sum / f32(group_tally.count) + mat_scratch[lid % 4u][0];
}

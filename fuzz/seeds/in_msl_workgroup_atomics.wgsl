// Workgroup zero-initialisation of types containing atomics (stored one by
// one: atomics cannot be assigned), including nested structs and arrays.
struct Bin {
    count: atomic<u32>,
    min_value: atomic<i32>,
}

struct Histogram {
    total: atomic<u32>,
    label: vec3<f32>,
    bins: array<Bin, 8>,
}

struct Pair {
    first: Histogram,
    second: Histogram,
}

var<workgroup> pair: Pair;
var<workgroup> flags: array<atomic<u32>, 4>;
var<workgroup> plain: array<vec3<f32>, 2>;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) li: u32) {
    atomicAdd(&pair.first.total, 1u);
    atomicMin(&pair.second.bins[li % 8u].min_value, -i32(li));
    atomicOr(&flags[li % 4u], 1u << li);
    plain[li % 2u] = vec3<f32>(f32(li));
    workgroupBarrier();
    if (li == 0u) {
        out[0] = atomicLoad(&pair.first.total);
        out[1] = u32(atomicLoad(&pair.second.bins[3].min_value));
        out[2] = atomicLoad(&flags[2]);
        out[3] = u32(plain[1].x);
    }
}

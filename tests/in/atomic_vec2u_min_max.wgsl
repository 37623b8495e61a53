// Chromium's `atomic_vec2u_min_max`, as Tint accepts it: `atomic<vec2u>`
// in the storage address space, alone, in arrays and in structures, with
// atomicStoreMax and atomicStoreMin (no result), also through pointer
// parameters and `let` pointers. The value is the 64-bit number
// y * 2^32 + x: SPIR-V OpTypeInt 64 0 with OpBitcast, OpAtomicUMax and
// OpAtomicUMin (Int64, Int64Atomics); MSL 2.4's atomic_ulong.
enable atomic_vec2u_min_max;

struct Entry {
    count: u32,
    best: atomic<vec2u>,
}

@group(0) @binding(0) var<storage, read_write> single: atomic<vec2u>;
@group(0) @binding(1) var<storage, read_write> fixed: array<atomic<vec2<u32>>, 4>;
@group(0) @binding(2) var<storage, read_write> entries: array<Entry>;

fn lower(p: ptr<storage, atomic<vec2u>, read_write>, v: vec2u) {
    atomicStoreMin(p, v);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let key = vec2u(i, 64u - i);
    atomicStoreMax(&single, key);
    atomicStoreMin(&fixed[i % 4u], key.yx);
    let e = &entries[i];
    atomicStoreMax(&(*e).best, vec2u(1u, 2u));
    lower(&entries[0].best, key);
}

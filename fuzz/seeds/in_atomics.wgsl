// Atomics in storage and workgroup memory: every read-modify-write,
// load/store and compare-exchange, on u32 and i32.
struct Stats {
    total: atomic<u32>,
    min_value: atomic<i32>,
    max_value: atomic<i32>,
    bits: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> stats: Stats;
@group(0) @binding(1) var<storage, read_write> slots: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read> values: array<i32>;
@group(0) @binding(3) var<storage, read_write> results: array<u32>;

var<workgroup> local_total: atomic<u32>;
var<workgroup> lock: atomic<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    if lid == 0u {
        atomicStore(&local_total, 0u);
        atomicStore(&lock, 0);
    }
    workgroupBarrier();
    let v = values[gid.x];
    let before = atomicAdd(&local_total, u32(abs(v)));
    atomicSub(&local_total, 1u);
    atomicMin(&stats.min_value, v);
    atomicMax(&stats.max_value, v);
    atomicAnd(&stats.bits, ~(1u << (gid.x % 32u)));
    atomicOr(&stats.bits, 1u << (u32(v) % 32u));
    atomicXor(&stats.bits, gid.x);
    let old = atomicExchange(&slots[gid.x % 16u], gid.x);
    let ex = atomicCompareExchangeWeak(&lock, 0, i32(lid) + 1);
    var won = 0u;
    if ex.exchanged {
        won = 1u;
        atomicStore(&lock, 0);
    }
    let prev: i32 = ex.old_value;
    let r = atomicCompareExchangeWeak(&slots[0], old, before);
    workgroupBarrier();
    if lid == 0u {
        atomicAdd(&stats.total, atomicLoad(&local_total));
    }
    results[gid.x] = won + u32(prev) + select(0u, 2u, r.exchanged) + r.old_value;
}

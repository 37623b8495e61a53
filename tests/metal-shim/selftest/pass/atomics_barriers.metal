// Atomics and barriers: the reduction example of the specification (6.9.2.1).
#include <metal_stdlib>
using namespace metal;

struct Counters {
    atomic_uint hits;
    atomic_int balance;
};

kernel void reduce(const device int *input [[buffer(0)]],
                   device atomic_int *output [[buffer(1)]],
                   device Counters &counters [[buffer(2)]],
                   threadgroup int *ldata [[threadgroup(0)]],
                   uint gid [[thread_position_in_grid]],
                   uint lid [[thread_position_in_threadgroup]],
                   uint lsize [[threads_per_threadgroup]],
                   uint simd_size [[threads_per_simdgroup]],
                   uint simd_lane_id [[thread_index_in_simdgroup]],
                   uint simd_group_id [[simdgroup_index_in_threadgroup]],
                   uint simd_groups [[simdgroups_per_threadgroup]],
                   uint3 groups [[threadgroups_per_grid]]) {
    threadgroup atomic_uint local_count;
    if (lid == 0) {
        atomic_store_explicit(&local_count, 0u, memory_order_relaxed);
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    int val = input[gid] + input[gid + lsize];
    for (uint s = lsize / simd_size; s > simd_size; s /= simd_size) {
        for (uint offset = simd_size / 2; offset > 0; offset /= 2)
            val += simd_shuffle_down(val, offset);
        if (simd_lane_id == 0)
            ldata[simd_group_id] = val;
        threadgroup_barrier(mem_flags::mem_threadgroup);
        val = (lid < s) ? ldata[lid] : 0;
    }
    for (uint offset = simd_size / 2; offset > 0; offset /= 2)
        val += simd_shuffle_down(val, offset);
    atomic_fetch_add_explicit(&local_count, 1u, memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_threadgroup);
    if (lid == 0) {
        atomic_fetch_add_explicit(output, val, memory_order_relaxed);
        uint seen = atomic_load_explicit(&local_count, memory_order_relaxed);
        atomic_fetch_max_explicit(&counters.hits, seen + simd_groups + groups.x, memory_order_relaxed);
        int expected = 0;
        atomic_compare_exchange_weak_explicit(&counters.balance, &expected, val,
                                              memory_order_relaxed, memory_order_relaxed);
        atomic_exchange_explicit(&counters.balance, 1, metal::memory_order_relaxed);
        atomic_fetch_sub_explicit(&counters.hits, 1u, memory_order_relaxed);
        atomic_fetch_or_explicit(&counters.hits, 2u, memory_order_relaxed);
    }
}

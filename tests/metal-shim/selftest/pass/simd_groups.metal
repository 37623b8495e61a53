// SIMD-group functions.
#include <metal_stdlib>
using namespace metal;

kernel void simd_ops(device float *data [[buffer(0)]],
                     device uint4 *masks [[buffer(1)]],
                     uint gid [[thread_position_in_grid]],
                     ushort lane [[thread_index_in_simdgroup]]) {
    float x = data[gid];
    float sum = simd_sum(x);
    float prefix = simd_prefix_exclusive_sum(x) + simd_prefix_inclusive_sum(x);
    float first = simd_broadcast_first(x) + simd_broadcast(x, ushort(0));
    float shuffled = simd_shuffle(x, ushort(lane ^ 1)) + simd_shuffle_xor(x, ushort(2)) +
                     simd_shuffle_up(x, ushort(1)) + simd_shuffle_rotate_down(x, ushort(3));
    float m = simd_max(x) - simd_min(x) + simd_product(x);
    uint bits = simd_and(uint(gid)) | simd_or(uint(gid)) | simd_xor(uint(gid));
    simd_vote vote = simd_ballot(x > 0.0f);
    ulong mask = static_cast<ulong>(static_cast<simd_vote::vote_t>(vote));
    uint4 ballot = uint4(uint(mask), uint(mask >> 32), 0u, 0u);
    bool everyone = simd_all(x > 0.0f) && !simd_any(x < 0.0f) && vote.any();
    if (simd_is_first()) {
        masks[gid / 32] = ballot;
    }
    float4 v4 = simd_sum(float4(x));
    int q = quad_sum(int(gid)) + quad_broadcast(int(gid), ushort(0));
    simdgroup_barrier(mem_flags::mem_none);
    data[gid] = sum + prefix + first + shuffled + m + float(bits) + float(everyone) + v4.w + float(q);
}

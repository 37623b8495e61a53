// SIMD-group matrices: the specification's example (6.7.2) and a tiled
// multiply through threadgroup memory.
#include <metal_stdlib>
#include <metal_simdgroup_matrix>
using namespace metal;

kernel void float_matmad(device float *pMatA, device float *pMatB,
                         device float *pMatC, device float *pMatR) {
    simdgroup_float8x8 sgMatA;
    simdgroup_float8x8 sgMatB;
    simdgroup_float8x8 sgMatC;
    simdgroup_float8x8 sgMatR;
    simdgroup_load(sgMatA, pMatA);
    simdgroup_load(sgMatB, pMatB);
    simdgroup_load(sgMatC, pMatC);
    simdgroup_multiply_accumulate(sgMatR, sgMatA, sgMatB, sgMatC);
    simdgroup_store(sgMatR, pMatR);
}

kernel void tiled(const device half *a [[buffer(0)]],
                  device half *c [[buffer(1)]],
                  constant uint &stride [[buffer(2)]],
                  uint sg [[simdgroup_index_in_threadgroup]]) {
    threadgroup half tile[64];
    simdgroup_half8x8 left;
    simdgroup_half8x8 right = make_filled_simdgroup_matrix<half, 8, 8>(1.0h);
    simdgroup_half8x8 acc = make_filled_simdgroup_matrix<half, 8, 8>(0);
    simdgroup_load(left, a + sg * 64, ulong(stride), ulong2(0), true);
    simdgroup_store(left, tile, 8);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    simdgroup_load(right, tile, 8, ulong2(0, 0), false);
    simdgroup_multiply(acc, left, right);
    simdgroup_multiply_accumulate(acc, left, simdgroup_half8x8(2.0h), acc);
    metal::simdgroup_matrix<half, 8, 8> diag(3.0h);
    simdgroup_multiply(acc, acc, diag);
    simdgroup_store(acc, c + sg * 64, ulong(stride), ulong2(0), false);
}

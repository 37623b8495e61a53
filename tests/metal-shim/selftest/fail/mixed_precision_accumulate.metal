// expect: no matching function for call to 'simdgroup_multiply_accumulate'
// f16 inputs with an f32 accumulator/result (what WGSL allows and Metal cannot express).
#include <metal_stdlib>
using namespace metal;
kernel void k(device half *a [[buffer(0)]], device float *out [[buffer(1)]]) {
    simdgroup_half8x8 l;
    simdgroup_half8x8 r;
    simdgroup_load(l, a);
    simdgroup_load(r, a, 8, ulong2(0), true);
    simdgroup_float8x8 acc = make_filled_simdgroup_matrix<float, 8, 8>(0.0f);
    simdgroup_multiply_accumulate(acc, l, r, acc);
    simdgroup_store(acc, out);
}

// expect: no matching function for call to 'simdgroup_multiply'
// Metal: all operands of simdgroup_multiply share one element type.
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *out [[buffer(0)]]) {
    simdgroup_float8x8 d;
    simdgroup_half8x8 a = make_filled_simdgroup_matrix<half, 8, 8>(1.0h);
    simdgroup_float8x8 b = make_filled_simdgroup_matrix<float, 8, 8>(1.0f);
    simdgroup_multiply(d, a, b);
    simdgroup_store(d, out);
}

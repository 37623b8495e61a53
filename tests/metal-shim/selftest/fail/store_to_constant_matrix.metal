// expect: no matching function for call to 'simdgroup_store'
#include <metal_stdlib>
using namespace metal;
kernel void k(constant float *p [[buffer(0)]]) {
    simdgroup_float8x8 m = make_filled_simdgroup_matrix<float, 8, 8>(0.0f);
    simdgroup_store(m, p, 8);
}

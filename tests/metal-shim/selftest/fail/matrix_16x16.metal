// expect: simdgroup_matrix supports only 8x8 matrices
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *p [[buffer(0)]]) {
    simdgroup_matrix<float, 16, 16> m;
    simdgroup_load(m, p);
}

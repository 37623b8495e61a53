// expect: simdgroup_matrix components are half, float or bfloat
#include <metal_stdlib>
using namespace metal;
kernel void k(device int *p [[buffer(0)]]) {
    simdgroup_matrix<int, 8, 8> m;
    simdgroup_load(m, p);
}

// expect: no matching function for call to 'simdgroup_load'
#include <metal_stdlib>
using namespace metal;
kernel void k(device half *p [[buffer(0)]]) {
    simdgroup_float8x8 m;
    simdgroup_load(m, p, 8);
}

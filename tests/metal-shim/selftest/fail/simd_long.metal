// expect: no matching function for call to 'simd_sum'
#include <metal_stdlib>
using namespace metal;
kernel void k(device long *p [[buffer(0)]]) {
    p[0] = simd_sum(p[0]);
}

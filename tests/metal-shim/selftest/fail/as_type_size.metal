// expect: as_type needs types of the same size
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *p [[buffer(0)]]) {
    float2 v = as_type<float2>(p[0]);
    p[1] = v.x;
}

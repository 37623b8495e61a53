// expect: must add up to the vector's size
#include <metal_stdlib>
using namespace metal;
kernel void k(device float4 *p [[buffer(0)]]) {
    float2 xy = float2(1.0f, 2.0f);
    p[0] = float4(xy, 3.0f);
}

// expect: no member named 'z'
#include <metal_stdlib>
using namespace metal;
kernel void k(device float2 *p [[buffer(0)]]) {
    bool2 b = p[0] < p[1];
    p[2] = float2(float(b.z));
}

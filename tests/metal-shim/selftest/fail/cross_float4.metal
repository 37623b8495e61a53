// expect: no matching function for call to 'cross'
#include <metal_stdlib>
using namespace metal;
kernel void k(device float4 *p [[buffer(0)]]) {
    p[0] = cross(p[0], p[1]);
}

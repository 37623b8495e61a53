// expect: no matching function for call to 'clamp'
// T clamp(T x, T minval, T maxval): one T.
#include <metal_stdlib>
using namespace metal;
kernel void k(device float4 *p [[buffer(0)]]) {
    p[0] = clamp(p[0], 0.0f, 1.0f);
}

// expect: cannot convert between vector and non-scalar values
#include <metal_stdlib>
using namespace metal;
kernel void k(device float4x4 *m [[buffer(0)]], device float3 *v [[buffer(1)]]) {
    v[0] = m[0] * v[1];
}

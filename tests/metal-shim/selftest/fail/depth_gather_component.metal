// expect: too many arguments to function call, expected at most 3, have 4
// depth textures gather without a component argument.
#include <metal_stdlib>
using namespace metal;
kernel void k(depth2d<float> t [[texture(0)]], sampler s [[sampler(0)]], device float4 *p [[buffer(0)]]) {
    p[0] = t.gather(s, float2(0.5f), int2(0), component::x);
}

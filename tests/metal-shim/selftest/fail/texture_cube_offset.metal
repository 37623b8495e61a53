// expect: no matching member function for call to 'sample'
// cube textures take no offset.
#include <metal_stdlib>
using namespace metal;
kernel void k(texturecube<float> t [[texture(0)]], sampler s [[sampler(0)]], device float4 *p [[buffer(0)]]) {
    p[0] = t.sample(s, float3(1.0f), level(0.0f), int3(1));
}

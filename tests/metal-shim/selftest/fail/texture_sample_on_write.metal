// expect: sample needs a texture with access::sample
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float, access::write> t [[texture(0)]], sampler s [[sampler(0)]], device float4 *p [[buffer(0)]]) {
    p[0] = t.sample(s, float2(0.5f), level(0.0f));
}

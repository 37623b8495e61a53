// expect: no matching member function for call to 'sample'
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float> t [[texture(0)]], sampler s [[sampler(0)]], device float4 *p [[buffer(0)]]) {
    p[0] = t.sample(s, int2(1), level(0.0f));
}

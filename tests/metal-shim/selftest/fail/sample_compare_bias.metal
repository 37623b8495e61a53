// expect: no matching member function for call to 'sample_compare'
// sample_compare takes no lod option but level.
#include <metal_stdlib>
using namespace metal;
kernel void k(depth2d<float> t [[texture(0)]], sampler s [[sampler(0)]], device float *p [[buffer(0)]]) {
    p[0] = t.sample_compare(s, float2(0.5f), 0.5f, bias(1.0f));
}

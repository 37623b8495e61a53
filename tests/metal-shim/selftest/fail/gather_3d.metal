// expect: no member named 'gather'
// 3D textures cannot be gathered.
#include <metal_stdlib>
using namespace metal;
kernel void k(texture3d<float> t [[texture(0)]], sampler s [[sampler(0)]], device float4 *p [[buffer(0)]]) {
    p[0] = t.gather(s, float3(0.5f));
}

// expect: too many arguments to function call, expected 0, have 1
// multisampled textures have no mip levels.
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d_ms<float> t [[texture(0)]], device uint *p [[buffer(0)]]) {
    p[0] = t.get_width(0u);
}

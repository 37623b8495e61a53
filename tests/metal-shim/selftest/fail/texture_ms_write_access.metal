// expect: texture2d_ms: the access must be access::read
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d_ms<float, access::write> t [[texture(0)]], device uint *p [[buffer(0)]]) {
    p[0] = t.get_width();
}

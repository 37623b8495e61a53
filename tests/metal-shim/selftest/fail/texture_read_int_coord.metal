// expect: no matching member function for call to 'read'
// read takes uint (or ushort) coordinates: an int2 does not convert.
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float, access::read> t [[texture(0)]], device float4 *p [[buffer(0)]]) {
    p[0] = t.read(int2(1, 2));
}

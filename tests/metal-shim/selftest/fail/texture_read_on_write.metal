// expect: read needs a texture with access::sample, access::read or access::read_write
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float, access::write> t [[texture(0)]], device float4 *p [[buffer(0)]], uint2 gid [[thread_position_in_grid]]) {
    p[0] = t.read(gid);
}

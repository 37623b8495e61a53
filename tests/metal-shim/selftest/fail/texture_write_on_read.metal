// expect: write needs a texture with access::write or access::read_write
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float, access::read> t [[texture(0)]], uint2 gid [[thread_position_in_grid]]) {
    t.write(float4(1.0f), gid);
}

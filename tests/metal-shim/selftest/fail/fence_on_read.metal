// expect: fence needs a texture with access::read_write
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<float, access::read> t [[texture(0)]]) {
    t.fence();
}

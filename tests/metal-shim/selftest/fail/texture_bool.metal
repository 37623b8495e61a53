// expect: texture2d<T>: T must be float, half, int, uint, short or ushort
#include <metal_stdlib>
using namespace metal;
kernel void k(texture2d<bool, access::read> t [[texture(0)]], device uint *p [[buffer(0)]]) {
    p[0] = t.get_width();
}

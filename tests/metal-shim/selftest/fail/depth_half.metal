// expect: depth2d<T>: T must be float
#include <metal_stdlib>
using namespace metal;
kernel void k(depth2d<half> t [[texture(0)]], device float *p [[buffer(0)]], uint2 gid [[thread_position_in_grid]]) {
    p[0] = t.read(gid);
}

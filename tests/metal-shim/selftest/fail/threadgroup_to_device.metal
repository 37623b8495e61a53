// expect: no matching function for call to 'scale'
#include <metal_stdlib>
using namespace metal;
static void scale(device float *p) { p[0] *= 2.0f; }
kernel void k(uint lid [[thread_index_in_threadgroup]]) {
    threadgroup float tile[64];
    tile[lid] = 1.0f;
    scale(tile);
}

// expect: expected unqualified-id
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *p [[buffer(0)]]) { float vertex = p[1]; p[0] = vertex; }

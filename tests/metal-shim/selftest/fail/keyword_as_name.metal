// expect: `ray_data` is a Metal keyword
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *p [[buffer(0)]]) { float ray_data = p[1]; p[0] = ray_data; }

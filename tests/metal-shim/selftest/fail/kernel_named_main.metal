// expect: `main` is reserved in Metal
#include <metal_stdlib>
using namespace metal;
kernel void main(device float *p [[buffer(0)]]) { p[0] = 1.0f; }

// expect: non-void function does not return a value
#include <metal_stdlib>
using namespace metal;
static float f(float x) { if (x > 0.0f) { return x; } }
kernel void k(device float *p [[buffer(0)]]) { p[0] = f(p[0]); }

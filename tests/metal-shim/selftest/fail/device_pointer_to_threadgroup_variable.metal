// expect: cannot initialize a variable of type
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *p [[buffer(0)]]) {
    threadgroup float *t = p;
    t[0] = 1.0f;
}

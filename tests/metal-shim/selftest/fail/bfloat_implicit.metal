// expect: no viable conversion from
#include <metal_stdlib>
using namespace metal;
// Metal converts float to bfloat only explicitly (clang: no viable conversion to bfloat).
kernel void k(device float *p [[buffer(0)]]) {
    bfloat b = p[0];
    p[1] = b;
}

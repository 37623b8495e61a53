// expect: program-scope variable `float counter` is not in the constant address space
// Metal: program-scope variables live in the constant address space.
#include <metal_stdlib>
using namespace metal;
float counter;
kernel void k(device float *p [[buffer(0)]]) {
    counter += 1.0f;
    p[0] = counter;
}

// expect: kernel must have void return type
#include <metal_stdlib>
using namespace metal;
kernel float k(device float *p [[buffer(0)]]) {
    return p[0];
}

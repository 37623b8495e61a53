// expect: no matching function for call to 'bump'
#include <metal_stdlib>
using namespace metal;
static void bump(thread float &x) { x += 1.0f; }
kernel void k(device float *p [[buffer(0)]]) {
    bump(p[0]);
}

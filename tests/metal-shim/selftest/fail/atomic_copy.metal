// expect: call to deleted constructor
#include <metal_stdlib>
using namespace metal;
kernel void k(device atomic_uint *a [[buffer(0)]]) {
    atomic_uint copy = a[0];
}

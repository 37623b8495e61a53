// expect: no matching function for call to 'atomic_fetch_and_explicit'
#include <metal_stdlib>
using namespace metal;
kernel void k(device atomic_float *f [[buffer(0)]]) {
    atomic_fetch_and_explicit(f, 1.0f, memory_order_relaxed);
}

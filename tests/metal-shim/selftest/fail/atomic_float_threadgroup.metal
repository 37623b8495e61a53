// expect: no matching function for call to 'atomic_fetch_add_explicit'
// atomic_float exists in device memory only.
#include <metal_stdlib>
using namespace metal;
kernel void k(uint lid [[thread_index_in_threadgroup]]) {
    threadgroup atomic_float total;
    atomic_fetch_add_explicit(&total, 1.0f, memory_order_relaxed);
}

// expect: variable cannot have an initializer
// Metal: threadgroup variables cannot be initialised where declared.
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *p [[buffer(0)]], uint lid [[thread_index_in_threadgroup]]) {
    threadgroup float tile[4] = {};
    p[lid] = tile[lid % 4];
}

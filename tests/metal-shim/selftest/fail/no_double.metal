// expect: tessera_shim_error_double_is_not_a_metal_type
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *p [[buffer(0)]]) {
    double d = p[0];
    p[0] = float(d);
}

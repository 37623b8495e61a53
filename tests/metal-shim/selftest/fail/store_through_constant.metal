// expect: with const-qualified type
#include <metal_stdlib>
using namespace metal;
struct U { float4 color; };
kernel void k(constant U &u [[buffer(0)]]) {
    u.color = float4(0.0f);
}

// half-precision arithmetic, matrix algebra in both precisions, limits and
// the fast/precise math namespaces.
#include <metal_stdlib>
using namespace metal;

struct Transform {
    float4x4 model;
    half3x3 normal;
    float2x3 skew;
};

kernel void transform(device Transform &t [[buffer(0)]],
                      device half4 *colors [[buffer(1)]],
                      device float3 *positions [[buffer(2)]],
                      uint2 gid [[thread_position_in_grid]],
                      uint2 grid [[threads_per_grid]]) {
    uint i = gid.y * grid.x + gid.x;
    half4 c = colors[i];
    half3 n = t.normal * c.rgb;
    c.rgb = normalize(n) * 0.5h + half3(0.5h);
    c.a = saturate(c.a * half(2));
    colors[i] = c;
    float4 p = t.model * float4(positions[i], 1.0f);
    float3 skewed = t.skew * p.xy;
    float2 back = skewed * t.skew;
    float4x4 inv = transpose(t.model) * float4x4(2.0f) - t.model;
    float3x3 m3 = float3x3(float3(1.0f, 0.0f, 0.0f), float3(0.0f, 1.0f, 0.0f), float3(0.0f, 0.0f, 1.0f));
    float d = determinant(m3) + determinant(inv);
    float big = metal::numeric_limits<float>::max();
    float safe = fast::sqrt(abs(p.x)) + precise::sqrt(abs(p.y)) + min(d, big);
    positions[i] = p.xyz / p.w + skewed + float3(back, safe);
    t.normal[0] = half3(float3(t.normal[1]) * 0.5f);
    t.skew = t.skew * 2.0f;
}

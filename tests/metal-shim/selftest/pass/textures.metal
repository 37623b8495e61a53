// Textures and samplers as Apple's documentation writes them (MSL 2.9,
// 2.10, 6.12): every texture type, each lod option, offsets, gathers,
// comparisons, reads, writes and queries.
#include <metal_stdlib>
#include <metal_texture>
using namespace metal;

constexpr sampler linear_clamp(coord::normalized, address::clamp_to_edge, filter::linear);
constexpr sampler shadow(compare_func::less, filter::linear, mip_filter::none);

static float4 shade(texture2d<float> t, sampler s, float2 uv) {
    return t.sample(s, uv, level(0.0f));
}

kernel void textures(texture1d<float> t1 [[texture(0)]],
                     texture1d_array<float> t1a [[texture(1)]],
                     texture2d<float> t2 [[texture(2)]],
                     texture2d_array<int> t2a [[texture(3)]],
                     texture3d<uint> t3 [[texture(4)]],
                     texturecube<half> tc [[texture(5)]],
                     texturecube_array<float> tca [[texture(6)]],
                     texture2d_ms<float> tms [[texture(7)]],
                     texture2d_ms_array<uint> tmsa [[texture(8)]],
                     depth2d<float> d2 [[texture(9)]],
                     depth2d_array<float> d2a [[texture(10)]],
                     depthcube<float> dc [[texture(11)]],
                     depthcube_array<float> dca [[texture(12)]],
                     depth2d_ms<float> dms [[texture(13)]],
                     texture2d<float, access::write> out [[texture(14)]],
                     texture2d<uint, access::read_write> rw [[texture(15)]],
                     texture_buffer<float, access::read> tb [[texture(16)]],
                     texture3d<float, access::read> t3r [[texture(17)]],
                     sampler s [[sampler(0)]],
                     sampler cmp [[sampler(1)]],
                     device float4 *result [[buffer(0)]],
                     uint2 gid [[thread_position_in_grid]]) {
    float2 uv = float2(gid) / 64.0f;
    float4 c = t1.sample(s, uv.x) + t1a.sample(s, uv.x, 2u);
    c += t2.sample(s, uv, level(1.5f), int2(1, -1));
    c += t2.sample(s, uv, bias(0.5f));
    c += t2.sample(s, uv, gradient2d(float2(0.1f), float2(0.2f)), int2(0));
    c += t2.sample(s, uv, min_lod_clamp(1.0f));
    c += t2.sample(s, uv, bias(1.0f), min_lod_clamp(2.0f), int2(2, 2));
    c += t2.gather(s, uv, int2(0), component::y);
    c += shade(t2, linear_clamp, uv);
    int4 i = t2a.sample(s, uv, 3u, level(0.0f)) + t2a.gather(s, uv, 1u, int2(1), component::w);
    i += t2a.read(gid, 0u, 1u);
    uint4 u = t3.sample(s, float3(uv, 0.5f), gradient3d(float3(0.0f), float3(1.0f)), int3(1));
    u += t3.read(uint3(gid, 0u), 0u);
    half4 h = tc.sample(s, float3(uv, 1.0f), gradientcube(float3(0.0f), float3(1.0f)));
    h += tc.gather(s, float3(1.0f), component::z) + tc.read(gid, 3u, 0u);
    c += tca.sample(s, float3(uv, 1.0f), 4u, bias(-1.0f)) + tca.gather(s, float3(1.0f), 0u);
    c += tms.read(gid, 3u);
    u += tmsa.read(gid, 1u, 0u);
    float d = d2.sample(s, uv) + d2.sample_compare(cmp, uv, 0.5f, level(0.0f), int2(1));
    d += d2.sample_compare(shadow, uv, 0.5f) + d2.read(gid, 0u);
    c += d2.gather(s, uv) + d2.gather_compare(cmp, uv, 0.5f, int2(-1));
    d += d2a.sample(s, uv, 1u, level(2.0f)) + d2a.sample_compare(cmp, uv, 1u, 0.25f);
    c += d2a.gather(s, uv, 2u) + d2a.gather_compare(cmp, uv, 2u, 0.5f);
    d += dc.sample(s, float3(1.0f), bias(1.0f)) + dc.sample_compare(cmp, float3(1.0f), 0.5f, level(0.0f));
    c += dc.gather(s, float3(1.0f)) + dc.gather_compare(cmp, float3(1.0f), 0.5f);
    d += dca.sample(s, float3(1.0f), 1u) + dca.sample_compare(cmp, float3(1.0f), 1u, 0.5f);
    c += dca.gather(s, float3(0.0f), 1u) + dca.gather_compare(cmp, float3(0.0f), 1u, 0.5f);
    d += dms.read(gid, 2u) + dc.read(gid, 1u) + dca.read(gid, 1u, 0u, 0u);
    c += tb.read(gid.x) + t3r.read(uint3(gid, 1u));
    uint w = t2.get_width() + t2.get_height(1u) + t2.get_num_mip_levels();
    w += t1.get_width() + t1a.get_array_size() + t3.get_depth(0u) + tca.get_array_size();
    w += tms.get_num_samples() + tmsa.get_array_size() + d2a.get_array_size() + tb.get_width();
    w += dms.get_num_samples() + dc.get_width(1u) + t3r.get_depth();
    out.write(c + float4(d) + float4(h) + float4(i) + float4(u), gid);
    out.write(float4(0.0f), gid, 0u);
    uint4 old = rw.read(gid);
    rw.fence();
    rw.write(old + uint4(w), gid);
    result[gid.x] = c;
}

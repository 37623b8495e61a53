// Vectors, matrices, arrays and the math library, in the style of Apple's
// documentation examples.
#include <metal_stdlib>
using namespace metal;

struct Particle {
    packed_float3 position;
    float mass;
    float4 color;
    float3x3 rotation;
    metal::array<int, 4> tags;
};

constant float kScale = 2.0f;
constant float4 kOffset = float4(1.0f, 2.0f, 3.0f, 4.0f);

static float4 shade(float4 c, thread float &accum) {
    accum += dot(c, c);
    return mix(c, float4(0.5f), float4(0.25f));
}

kernel void vectors(device Particle *particles [[buffer(0)]],
                    constant float4x4 &transform [[buffer(1)]],
                    device float4 *out [[buffer(2)]],
                    uint gid [[thread_position_in_grid]],
                    uint2 tgid [[threadgroup_position_in_grid]],
                    ushort lid [[thread_index_in_threadgroup]]) {
    Particle p = particles[gid];
    float3 pos = p.position;
    float4 v = float4(pos, 1.0f);
    float4 w = transform * v;
    float2 xy = w.xy + w.zw * kScale;
    float4 bgra = w.bgra;
    v.xy = xy;
    float3 n = normalize(cross(pos, float3(0.0f, 1.0f, 0.0f)));
    float len = length(n) + distance(pos, n);
    float4 c = clamp(v, float4(0.0f), float4(1.0f));
    c = fma(c, w, kOffset);
    c = select(c, bgra, c < w);
    bool4 lt = c < w;
    bool2 low = lt.xy;
    lt.zw = !low;
    uint2 flags = uint2(lt.yx) + uint2(low && lt.zw);
    if (all(lt) || any(!lt)) {
        c = fract(c) + rint(c) + rsqrt(abs(c) + 1.0f);
    }
    int4 bits = as_type<int4>(c);
    uint count = popcount(uint(bits.x)) + clz(uint(bits.y)) + ctz(uint(bits.z));
    uint rb = reverse_bits(count);
    int e = extract_bits(bits.w, 3u, 4u);
    uint ins = insert_bits(rb, 7u, 0u, 3u);
    float accum = 0.0f;
    float4 s = shade(c, accum);
    float3x3 r = transpose(p.rotation);
    float det = determinant(r);
    float3 col = r[1] * det;
    half4 h = half4(s);
    half hs = dot(h, h);
    uint packed = pack_float_to_unorm4x8(s) ^ pack_half_to_snorm2x16(h.xy);
    float4 un = unpack_unorm4x8_to_float(packed);
    float2 hf = float2(as_type<half2>(packed));
    bool2 nan = isnan(hf);
    int tag = p.tags[lid % 4];
    float frac_part;
    float whole = modf(len, frac_part);
    int expo;
    float mant = frexp(len, expo);
    float4x4 m2 = transform * float4x4(1.0f);
    out[gid] = s + un + float4(col, float(e + tag + int(ins)) + float(hs)) +
               float4(float(nan.x) + float(flags.x), whole, mant, float(expo)) + m2[0] + float(tgid.x);
    particles[gid].mass = max(p.mass, min(len, 1.0f));
    particles[gid].position = packed_float3(n);
    particles[gid].position.y = particles[gid].position[0] + particles[gid].position.z;
}

// Constructs an MSL printer for WGSL uses for WGSL-semantics polyfills:
// bit reinterpretation, select on comparison results, clamped conversions,
// packing through as_type, atomics through helper functions.
#include <metal_stdlib>
using namespace metal;

struct __atomic_compare_exchange_result_u32 {
  uint old_value;
  bool exchanged;
};

__atomic_compare_exchange_result_u32 cmpxchg(threadgroup metal::atomic_uint* p, uint compare, uint value) {
  uint old = compare;
  bool exchanged = metal::atomic_compare_exchange_weak_explicit(p, &old, value, metal::memory_order_relaxed, metal::memory_order_relaxed);
  __atomic_compare_exchange_result_u32 r = {};
  r.old_value = old;
  r.exchanged = exchanged;
  return r;
}

metal::int2 extract(metal::int2 e, uint offset, uint count) {
  uint o = metal::min(offset, 32u);
  uint c = metal::min(count, 32u - o);
  if (c == 0u) {
    return metal::int2(0);
  }
  return as_type<metal::int2>(as_type<metal::uint2>(e) << (32u - c - o)) >> (32u - c);
}

metal::uint3 first_bit(metal::uint3 u) {
  return as_type<metal::uint3>(metal::select(metal::uint3(31u) - metal::clz(u), metal::uint3(0xFFFFFFFFu), u == metal::uint3(0u)));
}

int div_i32(int a, int b) {
  return a / metal::select(b, 1, (b == 0) | ((a == (-2147483647 - 1)) & (b == -1)));
}

metal::int4 div_v(metal::int4 a, metal::int4 b) {
  return a / metal::select(b, metal::int4(1), b == metal::int4(0));
}

kernel void patterns(device metal::atomic_uint* counter [[buffer(0)]],
                     device metal::float4* out [[buffer(1)]],
                     const device metal::packed_float3* in [[buffer(2)]],
                     uint index [[thread_index_in_threadgroup]]) {
  threadgroup metal::atomic_uint local_count;
  threadgroup metal::array<float, 64> shared_data;
  if (index == 0u) {
    metal::atomic_store_explicit(&local_count, 0u, metal::memory_order_relaxed);
  }
  shared_data[index % 64u] = 0.0f;
  metal::threadgroup_barrier(metal::mem_flags::mem_threadgroup);
  __atomic_compare_exchange_result_u32 r = cmpxchg(&local_count, 0u, 1u);
  uint prev = metal::atomic_fetch_add_explicit(counter, 1u, metal::memory_order_relaxed);
  metal::float4 v = metal::float4(metal::float3(in[index]), 1.0f);
  uint packed = as_type<uint>(metal::uchar4(metal::min(as_type<metal::uint4>(v), metal::uint4(255u))));
  uint snorm = as_type<uint>(metal::char4(metal::floor(0.5f + 127.0f * metal::clamp(v, metal::float4(-1.0f), metal::float4(1.0f)))));
  uint halves = as_type<uint>(metal::half2(v.xy));
  metal::float4 back = metal::max(metal::float4(as_type<metal::char4>(snorm)) / 127.0f, metal::float4(-1.0f));
  metal::float2 unh = metal::float2(as_type<metal::half2>(halves));
  metal::bool4 neg = v < metal::float4(0.0f);
  metal::bool2 both = metal::bool2(true, neg.y);
  int sat = int(metal::clamp(v.x, -2147483648.0f, 2147483520.0f));
  metal::int2 bits = extract(metal::int2(sat), 3u, 4u);
  metal::uint3 fb = first_bit(metal::uint3(packed, prev, uint(r.exchanged)));
  float t = metal::clamp((v.x - 0.0f) / (1.0f - 0.0f), float(0), float(1));
  if (metal::any(neg) && both.x) {
    out[index] = back + metal::float4(unh, float(bits.x + div_i32(bits.y, 3)), t + float(fb.x + uint(div_v(metal::int4(1), metal::int4(0)).x)));
  }
  metal::simdgroup_barrier(metal::mem_flags::mem_none);
}

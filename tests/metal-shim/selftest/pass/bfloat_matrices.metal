// bfloat (MSL 3.1): explicit conversions from float and half, implicit to
// float, bfloat2 conversions, simdgroup_bfloat8x8 loads, stores, fills and
// multiplies.
#include <metal_stdlib>
using namespace metal;
kernel void k(device float *f [[buffer(0)]], device half *h [[buffer(1)]],
              const device uint *bits [[buffer(2)]]) {
    bfloat b = bfloat(f[0]);
    bfloat c = bfloat(h[0]);
    f[1] = b;
    f[2] = float(c);
    metal::bfloat2 v = metal::bfloat2(float2(f[3], f[4]));
    float2 w = metal::float2(v);
    f[5] = w.x;
    simdgroup_bfloat8x8 m;
    simdgroup_load(m, reinterpret_cast<const device bfloat *>(bits), 8);
    simdgroup_bfloat8x8 z = make_filled_simdgroup_matrix<bfloat, 8, 8>(bfloat(0.0f));
    simdgroup_bfloat8x8 d;
    simdgroup_multiply_accumulate(d, m, m, z);
    d.thread_elements() = metal::bfloat2(metal::float2(d.thread_elements()) * 2.0f);
    simdgroup_store(d, reinterpret_cast<device bfloat *>(h), 8);
}

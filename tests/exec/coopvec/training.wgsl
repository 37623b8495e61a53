// Cooperative-vector training accumulations (docs/cooperative-vectors.md),
// 64 invocations adding into the same memory (atomically): a = (1, 2, 3),
// b = (1, -0.5), b2 = (2). Outer product (i, j) += a[i] * b[j], row-major
// with stride N in the loop form (this suite runs the loop form):
// 64 * (1, -0.5, 2, -1, 3, -1.5) = 64, -32, 128, -64, 192, -96; with b2:
// 128 * (1, 2, 3). Reduce-sum: element i += v[i]: 64 * (1, 2, 3). A region
// whose start is not a multiple of 64 bytes (outer product) or 16 bytes
// (reduce-sum), or that does not fit in the array, is left alone.
// g32 (f32 elements, all 1 at first): outer product at 0, at 8 (32 bytes:
// misaligned), at 32 (past the end), with b2 at 16; reduce-sum at 20, at 26
// (104 bytes: misaligned), at 30 (3 elements past 32: out of range).
// g16 (f16 elements two per word, all 0.5 at first): outer product at 0, at
// 16 (32 bytes: misaligned); reduce-sum at 8 (16 bytes), whose last element
// shares its word with element 11, which must stay 0.5. Every partial sum
// is exact in f16, so the order of the additions does not matter.
// The buffers are u32 words: the bit patterns of those f32 values
// (g32: 65, -31, 129, -63, 193, -95, 1, 1, 1 x 8, 129, 257, 385, 1, 65,
// 129, 193, 1, 1 x 8) and of those f16 pairs, low half first (g16: 64.5,
// -31.5, 128.5, -63.5, 192.5, -95.5, 0.5, 0.5, 64.5, 128.5, 192.5, then
// 0.5), written with Python's struct module.
// buffer 0:0 = u32:1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216
// buffer 0:1 = u32:939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432
// expect 0:0 = u32:1115815936,3254255616,1124139008,3262906368,1128333312,3267231744,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1124139008,1132494848,1136689152,1065353216,1115815936,1124139008,1128333312,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216,1065353216
// expect 0:1 = u32:3487585288,3555743748,3589822980,939538432,1476678664,939547140,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432,939538432

enable f16;
enable tessera_experimental_cooperative_vector;

@group(0) @binding(0) var<storage, read_write> g32: array<atomic<u32>, 32>;
@group(0) @binding(1) var<storage, read_write> g16: array<atomic<u32>>;

@compute @workgroup_size(64)
fn main() {
    let a = coop_vec<f16, 3>(1.0, 2.0, 3.0);
    let b = coop_vec<f16, 2>(1.0, -0.5);
    let b2 = coop_vec<f16, 1>(2.0);
    coopVecOuterProductAccumulate<f32>(a, b, &g32, 0u);
    coopVecOuterProductAccumulate<f32>(a, b, &g32, 8u);
    coopVecOuterProductAccumulate<f32>(a, b, &g32, 32u);
    coopVecOuterProductAccumulate<f32>(a, b2, &g32, 16u);
    let v = coop_vec<f32, 3>(1.0, 2.0, 3.0);
    coopVecReduceSumAccumulate(v, &g32, 20u);
    coopVecReduceSumAccumulate(v, &g32, 26u);
    coopVecReduceSumAccumulate(v, &g32, 30u);
    coopVecOuterProductAccumulate<f16>(a, b, &g16, 0u);
    coopVecOuterProductAccumulate<f16>(a, b, &g16, 16u);
    coopVecReduceSumAccumulate(a, &g16, 8u);
}

// msl-version: 3.1
// bf16 subgroup matrices (enable tessera_experimental_bf16): loads and
// stores of raw bf16 bits in u32 and f16 arrays, a fill, a bf16 multiply
// and conversions to and from f32. SPIR-V: SPV_KHR_bfloat16; MSL 3.1:
// simdgroup_bfloat8x8.
enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
enable tessera_experimental_bf16;

alias L = subgroup_matrix_left<bf16, 8, 8>;
alias R = subgroup_matrix_right<bf16, 8, 8>;
alias A = subgroup_matrix_result<bf16, 8, 8>;

@group(0) @binding(0) var<storage, read> bits: array<u32>;
@group(0) @binding(1) var<storage, read_write> h: array<f16>;
@group(0) @binding(2) var<storage, read_write> f: array<f32>;

@compute @workgroup_size(32)
fn main() {
    let l = subgroupMatrixLoad<L, row_major>(&bits, 0u, 4u);
    let r = subgroupMatrixLoad<R, col_major>(&h, 64u, 8u);
    let acc = subgroupMatrixMultiplyAccumulate(l, r, A(0.5));
    subgroupMatrixStore<row_major>(&h, 128u, acc, 8u);
    let wide = subgroupMatrixConvert<subgroup_matrix_result<f32, 8, 8>>(acc);
    subgroupMatrixStore<row_major>(&f, 0u, wide, 8u);
    let back = subgroupMatrixConvert<A>(wide * 2.0);
    subgroupMatrixStore<col_major>(&h, 192u, back, 8u);
}

// Value constructors (zero and splat) and the scalar arithmetic builtins
// on every kind, including 8-bit matrices whose scalars are u32/i32.
enable chromium_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@group(0) @binding(1) var<storage, read_write> bytes: array<u32>;
@group(0) @binding(2) var<uniform> scale: f32;
@group(0) @binding(3) var<storage, read_write> signed_bytes: array<i32>;

@compute @workgroup_size(64)
fn main() {
    let zero = subgroup_matrix_result<f32, 8, 8>();
    let ones = subgroup_matrix_result<f32, 8, 8>(1.0);
    let scaled = subgroup_matrix_left<f32, 8, 8>(scale);
    let added = subgroupMatrixScalarAdd(ones, 2.0);
    let subbed = subgroupMatrixScalarSubtract(added, scale);
    let mult = subgroupMatrixScalarMultiply(subbed, 0.5);
    let left = subgroupMatrixScalarMultiply(scaled, 3);
    let right = subgroupMatrixScalarAdd(subgroup_matrix_right<f32, 8, 8>(), 1);
    subgroupMatrixStore(&out, 0u, mult, false, 8u);
    subgroupMatrixStore(&out, 64u, zero, false, 8u);
    subgroupMatrixStore(&out, 128u, left, false, 8u);
    subgroupMatrixStore(&out, 192u, right, true, 8u);

    let q = subgroup_matrix_result<u8, 8, 8>(7u);
    let q2 = subgroupMatrixScalarMultiply(q, 3u);
    let s = subgroupMatrixScalarSubtract(subgroup_matrix_left<i8, 8, 8>(), -4);
    subgroupMatrixStore<row_major>(&bytes, 0u, q2, 2u);
    subgroupMatrixStore<row_major>(&bytes, 16u, subgroupMatrixScalarAdd(subgroup_matrix_left<u8, 8, 8>(1u), 1u), 2u);
    subgroupMatrixStore(&signed_bytes, 0u, s, false, 8u);
}

// Subgroup-matrix reductions and index matrices
// (docs/subgroup-matrix-extensions.md section 5): a softmax of each row and
// a causal mask, in their scratch lowering (SPIR-V KHR, MSL).
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;

alias R = subgroup_matrix_result<f32, 8, 8>;

@group(0) @binding(0) var<storage, read_write> buf: array<f32>;

@compute @workgroup_size(64)
fn main() {
    let s = subgroupMatrixLoad<R>(&buf, 0u, false, 8u);
    let p = exp(s - subgroupMatrixRowMax(s));
    subgroupMatrixStore(&buf, 64u, p / subgroupMatrixRowSum(p), false, 8u);
    let lines = subgroupMatrixColumnMin(s) + subgroupMatrixColumnSum(s) + subgroupMatrixColumnMax(s) + subgroupMatrixRowMin(s);
    subgroupMatrixStore(&buf, 128u, lines + subgroupMatrixSum(s) - subgroupMatrixMin(s) * subgroupMatrixMax(s), false, 8u);
    let masked = s - step(subgroupMatrixRowIndex<R>() + 1.0, subgroupMatrixColumnIndex<R>()) * 1e30;
    subgroupMatrixStore(&buf, 192u, masked, false, 8u);
}

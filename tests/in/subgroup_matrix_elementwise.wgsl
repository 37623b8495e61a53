// tessera_experimental_subgroup_matrix: a fused epilogue on the result
// matrix in registers (bias, ReLU, clamp), element-wise arithmetic, and
// conversions (f32 -> f16 in the same kind; result -> left, which SPIR-V
// does through per-subgroup workgroup scratch and Metal for free).
enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;

alias Acc = subgroup_matrix_result<f32, 8, 8>;

@group(0) @binding(0) var<storage, read_write> s: array<f32>;
@group(0) @binding(1) var<storage, read_write> h: array<f16>;

fn epilogue(acc: Acc, bias: Acc) -> Acc {
    return max(acc + bias, 0.0);
}

@compute @workgroup_size(32)
fn main() {
    let a = subgroupMatrixLoad<Acc, row_major>(&s, 0u, 8u);
    let b = subgroupMatrixLoad<Acc, row_major>(&s, 64u, 8u);
    let c = epilogue(-(a - b) * a, b / (a + 2.0));
    let d = clamp(tanh(c), a, b * 0.5);
    let e = subgroupMatrixConvert<subgroup_matrix_result<f16, 8, 8>>(d);
    let l = subgroupMatrixConvert<subgroup_matrix_left<f32, 8, 8>>(c);
    let r = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, row_major>(&s, 128u, 8u);
    let z = subgroupMatrixMultiplyAccumulate(l, r, d);
    subgroupMatrixStore<row_major>(&s, 512u, z, 8u);
    subgroupMatrixStore<col_major>(&h, 0u, e, 8u);
}

// tessera_experimental_subgroup_matrix: rows of a matrix to and from the
// invocations of the subgroup (invocation i supplies or receives row i),
// as seed 002 / SPV_QCOM_cooperative_matrix_conversion describe; lowered
// through per-subgroup workgroup (threadgroup) scratch on every target.
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read_write> s: array<f32>;

// In a helper: the pass passes the subgroup id and invocation index down.
fn column_of(t: subgroup_matrix_left<f32, 8, 8>) -> array<f32, 8> {
    return subgroupMatrixColumn(t);
}

@compute @workgroup_size(32)
fn main(@builtin(subgroup_invocation_id) i: u32) {
    var row: array<f32, 8>;
    for (var j = 0u; j < 8u; j++) {
        row[j] = s[i * 8u + j];
    }
    let m = subgroupMatrixFromRows<subgroup_matrix_result<f32, 8, 8>>(row);
    let t = subgroupMatrixFromColumns<subgroup_matrix_left<f32, 8, 8>>(row);
    subgroupMatrixStore<row_major>(&s, 256u, m, 8u);
    let back = subgroupMatrixRow(max(m, 0.0));
    let col = column_of(t);
    s[512u + i] = back[i % 8u] + col[0];
}

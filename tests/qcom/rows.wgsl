// Rows and columns to and from the invocations, for
// SPV_QCOM_cooperative_matrix_conversion (tests/matrix_extensions.rs,
// scripts/validate-qcom.sh).
enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> s: array<f32>;
@group(0) @binding(1) var<storage, read_write> h: array<f16>;
@compute @workgroup_size(32) fn main(@builtin(subgroup_invocation_id) i: u32) {
  var row: array<f32, 16>;
  for (var j = 0u; j < 16u; j++) { row[j] = f32(i * 16u + j); }
  let m = subgroupMatrixFromRows<subgroup_matrix_result<f32, 16, 16>>(row);
  let c = subgroupMatrixFromColumns<subgroup_matrix_result<f32, 16, 16>>(row);
  let r = subgroupMatrixRow(m + c);
  let l = subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>, row_major>(&h, 0u, 16u);
  let lr = subgroupMatrixRow(l);
  let b = subgroupMatrixLoad<subgroup_matrix_right<f32, 16, 8>, row_major>(&s, 512u, 16u);
  let bc = subgroupMatrixColumn(b);
  let w = subgroupMatrixLoad<subgroup_matrix_left<f32, 16, 16>, row_major>(&s, 1024u, 16u);
  let wr = subgroupMatrixRow(w);
  s[i] = r[0] + f32(lr[15]) + bc[7] + wr[3];
  subgroupMatrixStore<row_major>(&s, 64u, m, 16u);
}

// One attention step with the softmax in registers: S = Q * K^T for a
// block of 16 queries and 16 keys, P = softmax of each row of S (row
// maximum and row sum by the subgroup-matrix reductions, no workgroup
// memory in the source), then O = P * V. Needs tessera's experimental
// subgroup-matrix operations (docs/subgroup-matrix-extensions.md, section
// 5). With `--spirv-nv-cooperative-matrix2` the reductions are
// OpCooperativeMatrixReduceNV; elsewhere they go through per-subgroup
// scratch. Q, K and V are 16 x 16 row-major f16 blocks, one subgroup per
// workgroup.
// fits: h100-vulkan h200-vulkan
enable f16;
enable chromium_experimental_subgroup_matrix;
enable tessera_experimental_subgroup_matrix;

alias Left = subgroup_matrix_left<f16, 16, 16>;
alias Right = subgroup_matrix_right<f16, 16, 16>;
alias Result = subgroup_matrix_result<f32, 16, 16>;

@group(0) @binding(0) var<storage, read> q: array<f16>;
@group(0) @binding(1) var<storage, read> k: array<f16>;
@group(0) @binding(2) var<storage, read> v: array<f16>;
@group(0) @binding(3) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(32)
fn main(@builtin(workgroup_id) wg: vec3<u32>) {
    let block = wg.x * 256u;
    let qm = subgroupMatrixLoad<Left>(&q, block, false, 16u);
    // K^T: element (d, j) is K[j][d], a column-major read of K.
    let kt = subgroupMatrixLoad<Right>(&k, block, true, 16u);
    let s = subgroupMatrixMultiply<f32>(qm, kt) * 0.25;
    let e = exp(s - subgroupMatrixRowMax(s));
    let p = subgroupMatrixConvert<Left>(e / subgroupMatrixRowSum(e));
    let vm = subgroupMatrixLoad<Right>(&v, block, false, 16u);
    subgroupMatrixStore(&o, block, subgroupMatrixMultiply<f32>(p, vm), false, 16u);
}

// subgroupMatrixLoad / subgroupMatrixStore in both spellings (the proposal's
// col_major bool argument and the majorness template argument), for every
// matrix kind, from runtime-sized and fixed-size storage arrays and from
// workgroup arrays, with u32 and i32 offsets and strides.
enable chromium_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read> lhs: array<f32>;
@group(0) @binding(1) var<storage, read> rhs: array<f32, 256>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;

var<workgroup> staging: array<f32, 512>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
    let base = wid.x * 64u;

    // Proposal form: the majorness is a const bool argument.
    let l0 = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&lhs, base, false, 8u);
    let r0 = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>>(&rhs, 0u, true, 8u);
    let a0 = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&out, base, false, 8u);

    // Chromium form: the majorness is a template argument.
    let l1 = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&lhs, base + 64u, 8u);
    let r1 = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, col_major>(&rhs, 64i, 16i);
    let a1 = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&out, base, 8);

    // Workgroup memory round trip.
    subgroupMatrixStore(&staging, 0u, l0, false, 8u);
    subgroupMatrixStore<col_major>(&staging, 64u, r0, 8u);
    subgroupMatrixStore<row_major>(&staging, 128, a0, 16);
    workgroupBarrier();
    let l2 = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&staging, 0u, 8u);
    let r2 = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>>(&staging, 64u, true, 8u);

    subgroupMatrixStore(&out, base, l1, false, 8u);
    subgroupMatrixStore(&out, base + 64u, r1, true, 8u);
    subgroupMatrixStore<row_major>(&out, base + 128u, a1, 8u);
    subgroupMatrixStore<col_major>(&out, base + 192u, l2, 8u);
    subgroupMatrixStore<row_major>(&out, base + 256u, r2, 8u);
}

// wgpu's cooperative-matrix dialect with 8x8 f32 tiles (the shape Metal's
// simdgroup_matrix has): one tile of C = A * B + C per workgroup, loaded
// through a struct member and a `let` pointer.
enable wgpu_cooperative_matrix;

struct Matrices {
    data: array<f32>,
}

@group(0) @binding(0) var<storage, read> buf_a: Matrices;
@group(0) @binding(1) var<storage, read> buf_b: Matrices;
@group(0) @binding(2) var<storage, read_write> buf_c: Matrices;

alias MatA = coop_mat8x8<f32, A>;
alias MatB = coop_mat8x8<f32, B>;
alias MatC = coop_mat8x8<f32, C>;

@compute @workgroup_size(32)
fn main(@builtin(workgroup_id) wg_id: vec3<u32>) {
    let tile_offset = wg_id.x * 64u;
    let base_c = &buf_c.data[tile_offset];
    let ma: MatA = coopLoad<MatA>(&buf_a.data[tile_offset], 8u);
    let mb: MatB = coopLoadT<MatB>(&buf_b.data[tile_offset], 8u);
    let mc: MatC = coopLoad<MatC>(base_c, 8u);
    let result: MatC = coopMultiplyAdd(ma, mb, 2.0 * mc);
    coopStore(result, base_c, 8u);
}

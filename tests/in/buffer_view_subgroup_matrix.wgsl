// Subgroup-matrix loads and stores through buffer views of 4-byte
// elements: a workgroup buffer and a storage buffer viewed as f32.
enable chromium_experimental_subgroup_matrix;

var<workgroup> scratch: buffer<1024>;
@group(0) @binding(0) var<storage, read_write> data: buffer;

@compute @workgroup_size(32)
fn main() {
    let view = bufferView<array<f32>>(&scratch, 256);
    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, col_major>(view, 8, 8);
    subgroupMatrixStore<row_major>(view, 0, m, 8);
    let words = bufferArrayView<array<f32>>(&data, 64, 256);
    let k = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(words, 0, 8);
    subgroupMatrixStore<col_major>(words, 8, k, 8);
}

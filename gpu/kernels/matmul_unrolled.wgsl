// Tiled f16 x f16 -> f32 matmul with subgroup matrices (hand-unrolled form: the same algorithm
// as matmul_loop.wgsl with named accumulators and operands).
// C[M][N] = A[M][K] * B[K][N], all row-major; A and B are f16 packed as
// vec4<f16>, C is f32. A workgroup of 4 subgroups (128 invocations)
// computes a 128x128 tile of C; each subgroup owns a 64x64 quadrant held in
// 4x4 accumulators of 16x16. K advances by 32: the A (128x32) and B (32x128)
// tiles are staged in workgroup memory (16 KiB) with 16-byte loads.
// The runner replaces the three `const *_SIZE` lines to pick the size.
enable f16;
enable chromium_experimental_subgroup_matrix;

const M_SIZE: u32 = 4096u;
const N_SIZE: u32 = 4096u;
const K_SIZE: u32 = 4096u;

const TILE_K: u32 = 32u;

@group(0) @binding(0) var<storage, read> a: array<vec4<f16>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<f16>>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

// 128 rows x 32 halves = 8 vec4 per row.
var<workgroup> tile_a: array<vec4<f16>, 1024>;
// 32 rows x 128 halves = 32 vec4 per row.
var<workgroup> tile_b: array<vec4<f16>, 1024>;

alias Left = subgroup_matrix_left<f16, 16, 16>;
alias Right = subgroup_matrix_right<f16, 16, 16>;
alias Acc = subgroup_matrix_result<f32, 16, 16>;

@compute @workgroup_size(128)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(subgroup_id) sg: u32,
    @builtin(workgroup_id) wg: vec3<u32>,
) {
    let row0 = wg.y * 128u;
    let col0 = wg.x * 128u;
    let sg_row = (sg / 2u) * 64u;
    let sg_col = (sg % 2u) * 64u;
    var acc00 = Acc();
    var acc01 = Acc();
    var acc02 = Acc();
    var acc03 = Acc();
    var acc10 = Acc();
    var acc11 = Acc();
    var acc12 = Acc();
    var acc13 = Acc();
    var acc20 = Acc();
    var acc21 = Acc();
    var acc22 = Acc();
    var acc23 = Acc();
    var acc30 = Acc();
    var acc31 = Acc();
    var acc32 = Acc();
    var acc33 = Acc();

    for (var k0 = 0u; k0 < K_SIZE; k0 += TILE_K) {
        for (var t = 0u; t < 8u; t++) {
            let idx = lid + t * 128u;
            tile_a[idx] = a[((row0 + idx / 8u) * K_SIZE + k0) / 4u + idx % 8u];
            tile_b[idx] = b[((k0 + idx / 32u) * N_SIZE + col0) / 4u + idx % 32u];
        }
        workgroupBarrier();
        {
            let a0 = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + 0u) * TILE_K + 0u) / 4u, TILE_K / 4u);
            let a1 = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + 16u) * TILE_K + 0u) / 4u, TILE_K / 4u);
            let a2 = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + 32u) * TILE_K + 0u) / 4u, TILE_K / 4u);
            let a3 = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + 48u) * TILE_K + 0u) / 4u, TILE_K / 4u);
            let b0 = subgroupMatrixLoad<Right, row_major>(&tile_b, (0u + sg_col + 0u) / 4u, 32u);
            let b1 = subgroupMatrixLoad<Right, row_major>(&tile_b, (0u + sg_col + 16u) / 4u, 32u);
            let b2 = subgroupMatrixLoad<Right, row_major>(&tile_b, (0u + sg_col + 32u) / 4u, 32u);
            let b3 = subgroupMatrixLoad<Right, row_major>(&tile_b, (0u + sg_col + 48u) / 4u, 32u);
            acc00 = subgroupMatrixMultiplyAccumulate(a0, b0, acc00);
            acc01 = subgroupMatrixMultiplyAccumulate(a0, b1, acc01);
            acc02 = subgroupMatrixMultiplyAccumulate(a0, b2, acc02);
            acc03 = subgroupMatrixMultiplyAccumulate(a0, b3, acc03);
            acc10 = subgroupMatrixMultiplyAccumulate(a1, b0, acc10);
            acc11 = subgroupMatrixMultiplyAccumulate(a1, b1, acc11);
            acc12 = subgroupMatrixMultiplyAccumulate(a1, b2, acc12);
            acc13 = subgroupMatrixMultiplyAccumulate(a1, b3, acc13);
            acc20 = subgroupMatrixMultiplyAccumulate(a2, b0, acc20);
            acc21 = subgroupMatrixMultiplyAccumulate(a2, b1, acc21);
            acc22 = subgroupMatrixMultiplyAccumulate(a2, b2, acc22);
            acc23 = subgroupMatrixMultiplyAccumulate(a2, b3, acc23);
            acc30 = subgroupMatrixMultiplyAccumulate(a3, b0, acc30);
            acc31 = subgroupMatrixMultiplyAccumulate(a3, b1, acc31);
            acc32 = subgroupMatrixMultiplyAccumulate(a3, b2, acc32);
            acc33 = subgroupMatrixMultiplyAccumulate(a3, b3, acc33);
        }
        {
            let a0 = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + 0u) * TILE_K + 16u) / 4u, TILE_K / 4u);
            let a1 = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + 16u) * TILE_K + 16u) / 4u, TILE_K / 4u);
            let a2 = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + 32u) * TILE_K + 16u) / 4u, TILE_K / 4u);
            let a3 = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + 48u) * TILE_K + 16u) / 4u, TILE_K / 4u);
            let b0 = subgroupMatrixLoad<Right, row_major>(&tile_b, (2048u + sg_col + 0u) / 4u, 32u);
            let b1 = subgroupMatrixLoad<Right, row_major>(&tile_b, (2048u + sg_col + 16u) / 4u, 32u);
            let b2 = subgroupMatrixLoad<Right, row_major>(&tile_b, (2048u + sg_col + 32u) / 4u, 32u);
            let b3 = subgroupMatrixLoad<Right, row_major>(&tile_b, (2048u + sg_col + 48u) / 4u, 32u);
            acc00 = subgroupMatrixMultiplyAccumulate(a0, b0, acc00);
            acc01 = subgroupMatrixMultiplyAccumulate(a0, b1, acc01);
            acc02 = subgroupMatrixMultiplyAccumulate(a0, b2, acc02);
            acc03 = subgroupMatrixMultiplyAccumulate(a0, b3, acc03);
            acc10 = subgroupMatrixMultiplyAccumulate(a1, b0, acc10);
            acc11 = subgroupMatrixMultiplyAccumulate(a1, b1, acc11);
            acc12 = subgroupMatrixMultiplyAccumulate(a1, b2, acc12);
            acc13 = subgroupMatrixMultiplyAccumulate(a1, b3, acc13);
            acc20 = subgroupMatrixMultiplyAccumulate(a2, b0, acc20);
            acc21 = subgroupMatrixMultiplyAccumulate(a2, b1, acc21);
            acc22 = subgroupMatrixMultiplyAccumulate(a2, b2, acc22);
            acc23 = subgroupMatrixMultiplyAccumulate(a2, b3, acc23);
            acc30 = subgroupMatrixMultiplyAccumulate(a3, b0, acc30);
            acc31 = subgroupMatrixMultiplyAccumulate(a3, b1, acc31);
            acc32 = subgroupMatrixMultiplyAccumulate(a3, b2, acc32);
            acc33 = subgroupMatrixMultiplyAccumulate(a3, b3, acc33);
        }
        workgroupBarrier();
    }

    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 0u) * N_SIZE + col0 + sg_col + 0u, acc00, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 0u) * N_SIZE + col0 + sg_col + 16u, acc01, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 0u) * N_SIZE + col0 + sg_col + 32u, acc02, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 0u) * N_SIZE + col0 + sg_col + 48u, acc03, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 16u) * N_SIZE + col0 + sg_col + 0u, acc10, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 16u) * N_SIZE + col0 + sg_col + 16u, acc11, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 16u) * N_SIZE + col0 + sg_col + 32u, acc12, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 16u) * N_SIZE + col0 + sg_col + 48u, acc13, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 32u) * N_SIZE + col0 + sg_col + 0u, acc20, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 32u) * N_SIZE + col0 + sg_col + 16u, acc21, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 32u) * N_SIZE + col0 + sg_col + 32u, acc22, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 32u) * N_SIZE + col0 + sg_col + 48u, acc23, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 48u) * N_SIZE + col0 + sg_col + 0u, acc30, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 48u) * N_SIZE + col0 + sg_col + 16u, acc31, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 48u) * N_SIZE + col0 + sg_col + 32u, acc32, N_SIZE);
    subgroupMatrixStore<row_major>(&c, (row0 + sg_row + 48u) * N_SIZE + col0 + sg_col + 48u, acc33, N_SIZE);
}

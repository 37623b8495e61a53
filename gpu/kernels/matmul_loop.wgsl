// Tiled f16 x f16 -> f32 matmul with subgroup matrices (loop form).
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

    var acc: array<array<Acc, 4>, 4>;
    for (var i = 0u; i < 4u; i++) {
        for (var j = 0u; j < 4u; j++) {
            acc[i][j] = Acc();
        }
    }

    for (var k0 = 0u; k0 < K_SIZE; k0 += TILE_K) {
        for (var t = 0u; t < 8u; t++) {
            let idx = lid + t * 128u;
            tile_a[idx] = a[((row0 + idx / 8u) * K_SIZE + k0) / 4u + idx % 8u];
            tile_b[idx] = b[((k0 + idx / 32u) * N_SIZE + col0) / 4u + idx % 32u];
        }
        workgroupBarrier();

        for (var kk = 0u; kk < TILE_K; kk += 16u) {
            var la: array<Left, 4>;
            var rb: array<Right, 4>;
            for (var i = 0u; i < 4u; i++) {
                la[i] = subgroupMatrixLoad<Left, row_major>(&tile_a, ((sg_row + i * 16u) * TILE_K + kk) / 4u, TILE_K / 4u);
            }
            for (var j = 0u; j < 4u; j++) {
                rb[j] = subgroupMatrixLoad<Right, row_major>(&tile_b, (kk * 128u + sg_col + j * 16u) / 4u, 128u / 4u);
            }
            for (var i = 0u; i < 4u; i++) {
                for (var j = 0u; j < 4u; j++) {
                    acc[i][j] = subgroupMatrixMultiplyAccumulate(la[i], rb[j], acc[i][j]);
                }
            }
        }
        workgroupBarrier();
    }

    for (var i = 0u; i < 4u; i++) {
        for (var j = 0u; j < 4u; j++) {
            let r = row0 + sg_row + i * 16u;
            let cc = col0 + sg_col + j * 16u;
            subgroupMatrixStore<row_major>(&c, r * N_SIZE + cc, acc[i][j], N_SIZE);
        }
    }
}

// Tiled f16 x f16 -> f32 matrix multiply: each workgroup of four subgroups
// computes a 16x16 block of C; 16x16 tiles of A and B are staged through
// workgroup memory with vec4<f16> loads from storage, and each subgroup
// multiplies 8x8 fragments with subgroupMatrixMultiplyAccumulate.
enable f16;
enable chromium_experimental_subgroup_matrix;

const TILE: u32 = 16u;
const FRAG: u32 = 8u;

struct Dims {
    m: u32,
    n: u32,
    k: u32,
}

@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> a: array<vec4<f16>>;
@group(0) @binding(2) var<storage, read> b: array<vec4<f16>>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;

var<workgroup> tile_a: array<f16, TILE * TILE>;
var<workgroup> tile_b: array<f16, TILE * TILE>;

fn stage(lid: u32, row0: u32, col0: u32, k0: u32) {
    // 64 invocations each copy one vec4 of A and one of B (16x16 halves).
    let r = lid / 4u;
    let c4 = (lid % 4u) * 4u;
    let va = a[((row0 + r) * dims.k + k0 + c4) / 4u];
    let vb = b[((k0 + r) * dims.n + col0 + c4) / 4u];
    for (var i = 0u; i < 4u; i++) {
        tile_a[r * TILE + c4 + i] = va[i];
        tile_b[r * TILE + c4 + i] = vb[i];
    }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(subgroup_id) sg: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
    let row0 = wid.y * TILE;
    let col0 = wid.x * TILE;
    // Subgroup sg owns fragment (fr, fc) of the 2x2 grid of 8x8 fragments.
    let fr = (sg / 2u) % 2u;
    let fc = sg % 2u;
    var acc = subgroup_matrix_result<f32, 8, 8>();
    for (var k0 = 0u; k0 < dims.k; k0 += TILE) {
        stage(lid, row0, col0, k0);
        workgroupBarrier();
        for (var kk = 0u; kk < TILE; kk += FRAG) {
            let left = subgroupMatrixLoad<subgroup_matrix_left<f16, 8, 8>, row_major>(
                &tile_a, fr * FRAG * TILE + kk, TILE);
            let right = subgroupMatrixLoad<subgroup_matrix_right<f16, 8, 8>, row_major>(
                &tile_b, kk * TILE + fc * FRAG, TILE);
            acc = subgroupMatrixMultiplyAccumulate(left, right, acc);
        }
        workgroupBarrier();
    }
    let out_offset = (row0 + fr * FRAG) * dims.n + col0 + fc * FRAG;
    subgroupMatrixStore<row_major>(&c, out_offset, acc, dims.n);
}

#version 450
// Tiled f16 x f16 -> f32 matmul with KHR cooperative matrices: the same
// algorithm as matmul_loop.wgsl. C[M][N] = A[M][K] * B[K][N], all row-major.
// A workgroup of 4 subgroups (128 invocations) computes a 128x128 tile of C;
// each subgroup owns a 64x64 quadrant held in 4x4 accumulators of 16x16.
// K advances by 32: A (128x32) and B (32x128) tiles are staged in shared
// memory as f16vec4 with 16-byte loads.
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_KHR_shader_subgroup_basic : require

layout(local_size_x = 128, local_size_y = 1, local_size_z = 1) in;

layout(constant_id = 0) const uint M_SIZE = 4096;
layout(constant_id = 1) const uint N_SIZE = 4096;
layout(constant_id = 2) const uint K_SIZE = 4096;

const uint TILE_M = 128;
const uint TILE_N = 128;
const uint TILE_K = 32;

layout(set = 0, binding = 0) readonly buffer BufA { f16vec4 a[]; };
layout(set = 0, binding = 1) readonly buffer BufB { f16vec4 b[]; };
layout(set = 0, binding = 2) writeonly buffer BufC { float c[]; };

// 128 rows x 32 halves = 8 f16vec4 per row.
shared f16vec4 tileA[TILE_M * TILE_K / 4];
// 32 rows x 128 halves = 32 f16vec4 per row.
shared f16vec4 tileB[TILE_K * TILE_N / 4];

void main() {
    uint lid = gl_LocalInvocationID.x;
    uint sg = gl_SubgroupID;
    uint row0 = gl_WorkGroupID.y * TILE_M;
    uint col0 = gl_WorkGroupID.x * TILE_N;
    uint sg_row = (sg / 2) * 64;
    uint sg_col = (sg % 2) * 64;

    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> acc[4][4];
    for (uint i = 0; i < 4; i++) {
        for (uint j = 0; j < 4; j++) {
            acc[i][j] = coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(0.0);
        }
    }

    for (uint k0 = 0; k0 < K_SIZE; k0 += TILE_K) {
        // Stage A: 1024 f16vec4, 8 per invocation.
        for (uint t = 0; t < 8; t++) {
            uint idx = lid + t * 128;
            uint r = idx / 8;
            uint cv = idx % 8;
            tileA[idx] = a[((row0 + r) * K_SIZE + k0) / 4 + cv];
        }
        // Stage B: 1024 f16vec4, 8 per invocation.
        for (uint t = 0; t < 8; t++) {
            uint idx = lid + t * 128;
            uint r = idx / 32;
            uint cv = idx % 32;
            tileB[idx] = b[((k0 + r) * N_SIZE + col0) / 4 + cv];
        }
        barrier();

        for (uint kk = 0; kk < TILE_K; kk += 16) {
            coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> la[4];
            coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> rb[4];
            for (uint i = 0; i < 4; i++) {
                coopMatLoad(la[i], tileA, ((sg_row + i * 16) * TILE_K + kk) / 4, TILE_K / 4,
                            gl_CooperativeMatrixLayoutRowMajor);
            }
            for (uint j = 0; j < 4; j++) {
                coopMatLoad(rb[j], tileB, (kk * TILE_N + sg_col + j * 16) / 4, TILE_N / 4,
                            gl_CooperativeMatrixLayoutRowMajor);
            }
            for (uint i = 0; i < 4; i++) {
                for (uint j = 0; j < 4; j++) {
                    acc[i][j] = coopMatMulAdd(la[i], rb[j], acc[i][j]);
                }
            }
        }
        barrier();
    }

    for (uint i = 0; i < 4; i++) {
        for (uint j = 0; j < 4; j++) {
            uint r = row0 + sg_row + i * 16;
            uint cc = col0 + sg_col + j * 16;
            coopMatStore(acc[i][j], c, r * N_SIZE + cc, N_SIZE, gl_CooperativeMatrixLayoutRowMajor);
        }
    }
}

// Tiled f16 x f16 -> f32 matrix multiply with subgroup matrices: a WGSL
// port of ../shared/bench/matmul_tiled.comp, written as a kernel author
// would (loops, arrays of matrices, arrays of registers), for tessera.
// C[M,N] = A[M,K] * B[K,N], all row-major; M % BM == 0, N % BN == 0,
// K % BK == 0.
//
// The runner replaces the six `const` lines of the configuration below.
// Each subgroup owns a (BM/WM) x (BN/WN) block of C held in TM x TN 16x16
// accumulators. Per K step the workgroup copies a BM x BK slab of A and a
// BK x BN slab of B to workgroup memory with 128-bit loads (prefetched into
// registers one step ahead), then every subgroup loads its fragments from
// there. Workgroup rows are padded by 8 halves (16 bytes) against bank
// conflicts.
enable f16;
enable chromium_experimental_subgroup_matrix;

const BM: u32 = 128u;
const BN: u32 = 128u;
const BK: u32 = 64u;
const WM: u32 = 2u;
const WN: u32 = 2u;
const STAGES: u32 = 1u;

const NT: u32 = WM * WN * 32u;      // invocations (subgroups of 32)
const PAD: u32 = 8u;
const AS: u32 = BK + PAD;           // A tile row stride, in halves
const BS: u32 = BN + PAD;           // B tile row stride, in halves
const A_STAGE: u32 = BM * AS / 8u;  // vec4<u32> per stage
const B_STAGE: u32 = BK * BS / 8u;
const TM: u32 = BM / WM / 16u;      // accumulators per subgroup along M
const TN: u32 = BN / WN / 16u;      // ... along N
const A_VPR: u32 = BK / 8u;         // vec4<u32> per A tile row
const B_VPR: u32 = BN / 8u;         // vec4<u32> per B tile row
const A_LD: u32 = BM * BK / 8u / NT; // vec4<u32> loads per invocation per K step
const B_LD: u32 = BK * BN / 8u / NT;

struct Dims { m: u32, n: u32, k: u32, pad: u32 }

@group(0) @binding(0) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read> b: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@group(0) @binding(3) var<uniform> dims: Dims;

var<workgroup> sm_a: array<vec4<u32>, STAGES * A_STAGE>;
var<workgroup> sm_b: array<vec4<u32>, STAGES * B_STAGE>;

alias FragA = subgroup_matrix_left<f16, 16, 16>;
alias FragB = subgroup_matrix_right<f16, 16, 16>;
alias FragC = subgroup_matrix_result<f32, 16, 16>;

@compute @workgroup_size(NT)
fn main(@builtin(local_invocation_index) tid: u32,
        @builtin(subgroup_id) sg: u32,
        @builtin(workgroup_id) wg: vec3<u32>) {
    let wm = sg / WN;
    let wn = sg % WN;
    let m0 = wg.y * BM;
    let n0 = wg.x * BN;
    let k8 = dims.k / 8u;   // row stride of A in vec4<u32>
    let n8 = dims.n / 8u;   // row stride of B in vec4<u32>

    var acc: array<array<FragC, TN>, TM>;
    var ra: array<vec4<u32>, A_LD>;
    var rb: array<vec4<u32>, B_LD>;

    // Prologue: stage 0.
    for (var t = 0u; t < A_LD; t++) {
        let v = tid + t * NT;
        ra[t] = a[(m0 + v / A_VPR) * k8 + v % A_VPR];
    }
    for (var t = 0u; t < B_LD; t++) {
        let v = tid + t * NT;
        rb[t] = b[(v / B_VPR) * n8 + n0 / 8u + v % B_VPR];
    }
    for (var t = 0u; t < A_LD; t++) {
        let v = tid + t * NT;
        sm_a[(v / A_VPR) * (AS / 8u) + v % A_VPR] = ra[t];
    }
    for (var t = 0u; t < B_LD; t++) {
        let v = tid + t * NT;
        sm_b[(v / B_VPR) * (BS / 8u) + v % B_VPR] = rb[t];
    }
    workgroupBarrier();

    let steps = dims.k / BK;
    for (var kt = 0u; kt < steps; kt++) {
        let cur = select(0u, kt & 1u, STAGES == 2u);
        let more = kt + 1u < steps;
        // Prefetch the next slab into registers.
        if more {
            let ka = (kt + 1u) * (BK / 8u);
            let kb = (kt + 1u) * BK * n8;
            for (var t = 0u; t < A_LD; t++) {
                let v = tid + t * NT;
                ra[t] = a[(m0 + v / A_VPR) * k8 + v % A_VPR + ka];
            }
            for (var t = 0u; t < B_LD; t++) {
                let v = tid + t * NT;
                rb[t] = b[(v / B_VPR) * n8 + n0 / 8u + v % B_VPR + kb];
            }
        }
        let abase = cur * A_STAGE;
        let bbase = cur * B_STAGE;
        for (var kk = 0u; kk < BK / 16u; kk++) {
            var fa: array<FragA, TM>;
            for (var i = 0u; i < TM; i++) {
                let r = wm * (TM * 16u) + i * 16u;
                fa[i] = subgroupMatrixLoad<FragA, row_major>(&sm_a, abase + (r * AS + kk * 16u) / 8u, AS / 8u);
            }
            for (var j = 0u; j < TN; j++) {
                let col = wn * (TN * 16u) + j * 16u;
                let fb = subgroupMatrixLoad<FragB, row_major>(&sm_b, bbase + (kk * 16u * BS + col) / 8u, BS / 8u);
                for (var i = 0u; i < TM; i++) {
                    acc[i][j] = subgroupMatrixMultiplyAccumulate(fa[i], fb, acc[i][j]);
                }
            }
        }
        if STAGES == 1u {
            workgroupBarrier();   // everyone is done reading before the overwrite
        }
        if more {
            let next = select(0u, (kt + 1u) & 1u, STAGES == 2u);
            for (var t = 0u; t < A_LD; t++) {
                let v = tid + t * NT;
                sm_a[next * A_STAGE + (v / A_VPR) * (AS / 8u) + v % A_VPR] = ra[t];
            }
            for (var t = 0u; t < B_LD; t++) {
                let v = tid + t * NT;
                sm_b[next * B_STAGE + (v / B_VPR) * (BS / 8u) + v % B_VPR] = rb[t];
            }
        }
        workgroupBarrier();
    }

    for (var i = 0u; i < TM; i++) {
        for (var j = 0u; j < TN; j++) {
            let gr = m0 + wm * (TM * 16u) + i * 16u;
            let gc = n0 + wn * (TN * 16u) + j * 16u;
            subgroupMatrixStore<row_major>(&c, gr * dims.n + gc, acc[i][j], dims.n);
        }
    }
}

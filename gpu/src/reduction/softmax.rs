//! The attention-step kernels of the reduction benchmark and their f64
//! reference: softmax of `S = Q * K^T` in registers with the reductions
//! against today's workgroup round trip.
//!
//! Q is `LQ x D`, K and V are `LK x D` (f16, row-major), O is `LQ x D`
//! (f32, row-major); D = 64, LK = 4096. Each subgroup owns 16 query rows
//! (a workgroup has 4 subgroups, 64 rows) and walks the keys in blocks of
//! 16. For block `b` (keys `16b .. 16b + 15`):
//!
//! ```text
//! S_b = Q_rows * K_b^T                         (16 x 16, S-type result)
//! P_b[r][j] = exp(S_b[r][j] - max_j' S_b[r][j']) / sum_j' exp(S_b[r][j'] - max)
//! O_rows += f16(P_b) * V_b                     (f32 accumulator)
//! ```
//!
//! so `O[r] = sum_b softmax(S_b[r]) * V_b`: every block's softmax is
//! normalised on its own (flash attention without the online rescaling
//! across blocks; the per-block work, two 16x16xD products and one row
//! softmax, is the same). Two S types: f32 (`f16 x f16 -> f32` products)
//! and f16 (`f16 x f16 -> f16`); O always accumulates in f32.
//!
//! - **reduce** (`tessera_experimental_subgroup_matrix`): `e = exp(s -
//!   subgroupMatrixRowMax(s))`, `p = subgroupMatrixConvert<left f16>(e /
//!   subgroupMatrixRowSum(e))`, all on the matrix (the element-wise math
//!   in the S type);
//! - **round trip** (today's practice): the subgroup stores S to its slice
//!   of workgroup memory, `workgroupBarrier()`, two invocations per row
//!   each take 8 elements, combine their maximum and sum with
//!   `subgroupShuffleXor(x, 1)` (in f32), write `f16(P)` to a second
//!   slice, `workgroupBarrier()`, and the subgroup loads P as the left
//!   operand.
//!
//! FLOPs counted: `2 * 16 * 16 * D` for each of the two products of a
//! (16-row tile, key block) pair, `4 * LQ * LK * D` in all.

use crate::data::Rng;

/// Head dimension.
pub const D: u32 = 64;
/// Keys (and values).
pub const LK: u32 = 4096;
/// Subgroups per workgroup (16 query rows each).
pub const SG: u32 = 4;

/// The S matrix's component type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SType {
    /// `f16 x f16 -> f32`.
    F32,
    /// `f16 x f16 -> f16`.
    F16,
}

impl SType {
    /// Both.
    pub const ALL: [SType; 2] = [SType::F32, SType::F16];

    /// The WGSL scalar.
    pub const fn wgsl(self) -> &'static str {
        match self {
            SType::F32 => "f32",
            SType::F16 => "f16",
        }
    }
}

fn head(s: SType, reduce: bool) -> String {
    let ext = if reduce {
        "enable tessera_experimental_subgroup_matrix;\n"
    } else {
        "enable subgroups;\n"
    };
    format!(
        "enable f16;
enable chromium_experimental_subgroup_matrix;
{ext}
const D: u32 = {D}u;
const LK: u32 = {LK}u;
alias FQ = subgroup_matrix_left<f16, 16, 16>;
alias FK = subgroup_matrix_right<f16, 16, 16>;
alias FS = subgroup_matrix_result<{st}, 16, 16>;
alias FO = subgroup_matrix_result<f32, 16, 16>;

@group(0) @binding(0) var<storage, read> q: array<f16>;
@group(0) @binding(1) var<storage, read> k: array<f16>;
@group(0) @binding(2) var<storage, read> v: array<f16>;
@group(0) @binding(3) var<storage, read_write> o: array<f32>;
",
        st = s.wgsl()
    )
}

fn body(softmax: &str, decls: &str) -> String {
    format!(
        "{decls}
@compute @workgroup_size({})
fn main(@builtin(subgroup_id) sg: u32, @builtin(subgroup_invocation_id) lane: u32,
        @builtin(workgroup_id) wg: vec3<u32>) {{
    let row = (wg.x * {SG}u + sg) * 16u;
    var qf: array<FQ, 4>;
    for (var d = 0u; d < 4u; d++) {{
        qf[d] = subgroupMatrixLoad<FQ, row_major>(&q, row * D + d * 16u, D);
    }}
    var acc: array<FO, 4>;
    for (var kb = 0u; kb < LK; kb += 16u) {{
        var s = FS();
        for (var d = 0u; d < 4u; d++) {{
            // K^T block: element [dd, j] = K[kb + j][d * 16 + dd].
            let kt = subgroupMatrixLoad<FK, col_major>(&k, kb * D + d * 16u, D);
            s = subgroupMatrixMultiplyAccumulate(qf[d], kt, s);
        }}
{softmax}
        for (var d = 0u; d < 4u; d++) {{
            let vb = subgroupMatrixLoad<FK, row_major>(&v, kb * D + d * 16u, D);
            acc[d] = subgroupMatrixMultiplyAccumulate(p, vb, acc[d]);
        }}
    }}
    for (var d = 0u; d < 4u; d++) {{
        subgroupMatrixStore<row_major>(&o, row * D + d * 16u, acc[d], D);
    }}
}}
",
        SG * 32
    )
}

/// The reduce kernel: softmax on the matrix with the reductions.
pub fn reduce_kernel(s: SType) -> String {
    format!(
        "{}{}",
        head(s, true),
        body(
            "        let e = exp(s - subgroupMatrixRowMax(s));
        let p = subgroupMatrixConvert<FQ>(e / subgroupMatrixRowSum(e));",
            ""
        )
    )
}

/// The round-trip kernel: softmax by the invocations in workgroup memory.
pub fn roundtrip_kernel(s: SType) -> String {
    let n = SG * 256;
    format!(
        "{}{}",
        head(s, false),
        body(
            "        subgroupMatrixStore<row_major>(&sm_s, sg * 256u, s, 16u);
        workgroupBarrier();
        // Two invocations per row, 8 elements each.
        let base = sg * 256u + (lane / 2u) * 16u + (lane % 2u) * 8u;
        var x: array<f32, 8>;
        var mx = -3.0e38;
        for (var j = 0u; j < 8u; j++) {
            x[j] = f32(sm_s[base + j]);
            mx = max(mx, x[j]);
        }
        mx = max(mx, subgroupShuffleXor(mx, 1u));
        var sum = 0.0;
        for (var j = 0u; j < 8u; j++) {
            x[j] = exp(x[j] - mx);
            sum += x[j];
        }
        sum += subgroupShuffleXor(sum, 1u);
        for (var j = 0u; j < 8u; j++) {
            sm_p[base + j] = f16(x[j] / sum);
        }
        workgroupBarrier();
        let p = subgroupMatrixLoad<FQ, row_major>(&sm_p, sg * 256u, 16u);",
            &format!(
                "var<workgroup> sm_s: array<{}, {n}>;\nvar<workgroup> sm_p: array<f16, {n}>;\n",
                s.wgsl()
            )
        )
    )
}

/// Workgroups for `lq` query rows (a multiple of 64).
pub fn groups(lq: u32) -> [u32; 3] {
    [lq / (16 * SG), 1, 1]
}

/// FLOPs of one run over `lq` query rows: two products per (16-row tile,
/// key block) pair, `2 * M * N * K` each.
pub fn flops(lq: u32) -> f64 {
    4.0 * f64::from(lq) * f64::from(LK) * f64::from(D)
}

/// Random f16 Q, K, V in [-1, 1] for `lq` query rows.
pub fn inputs(lq: u32, seed: u64) -> [Vec<u8>; 3] {
    let mut rng = Rng::new(seed);
    [
        crate::matmul::random_f16(&mut rng, (lq * D) as usize),
        crate::matmul::random_f16(&mut rng, (LK * D) as usize),
        crate::matmul::random_f16(&mut rng, (LK * D) as usize),
    ]
}

fn h(b: &[u8], i: usize) -> f64 {
    half::f16::from_bits(u16::from_le_bytes([b[2 * i], b[2 * i + 1]])).to_f64()
}

/// Row `r` of O in f64 from the definition above, with the tolerance of
/// each element: `(value, tolerance)` for each of the D columns.
///
/// S is computed exactly and, for f16 S, rounded to f16 after each
/// 16-deep product as the f16 accumulator holds it; P is rounded to f16 as
/// both kernels convert it. What is left are the kernels' rounding in the
/// S type (exp, sum, division) and their order of additions: per block
/// at most `rel_block` of `m_b = sum_j |p_j v_j|`, independent between
/// blocks (so added as a root of squares), plus `rel_o` of `|O|` for any
/// common bias, plus an absolute floor. f32 S: 2e-3, 1e-3, 1e-4; f16 S:
/// 2e-2, 1e-2, 1e-3.
pub fn reference_row(s_type: SType, q: &[u8], k: &[u8], v: &[u8], r: usize) -> Vec<(f64, f64)> {
    let (d, lk) = (D as usize, LK as usize);
    let (rel_block, rel_o, floor) = match s_type {
        SType::F32 => (2e-3, 1e-3, 1e-4),
        SType::F16 => (2e-2, 1e-2, 1e-3),
    };
    let mut o = vec![0.0f64; d];
    let mut sq = vec![0.0f64; d];
    for kb in (0..lk).step_by(16) {
        let s: Vec<f64> = (kb..kb + 16)
            .map(|j| {
                let mut acc = 0.0;
                for chunk in 0..d / 16 {
                    let part: f64 = (chunk * 16..chunk * 16 + 16)
                        .map(|t| h(q, r * d + t) * h(k, j * d + t))
                        .sum();
                    acc += part;
                    if s_type == SType::F16 {
                        acc = half::f16::from_f64(acc).to_f64();
                    }
                }
                acc
            })
            .collect();
        let mx = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let e: Vec<f64> = s.iter().map(|x| (x - mx).exp()).collect();
        let sum: f64 = e.iter().sum();
        let p: Vec<f64> = e
            .iter()
            .map(|x| half::f16::from_f64(x / sum).to_f64())
            .collect();
        for (c, (oc, sqc)) in o.iter_mut().zip(sq.iter_mut()).enumerate() {
            let mut m = 0.0;
            for (j, pj) in p.iter().enumerate() {
                let t = pj * h(v, (kb + j) * d + c);
                *oc += t;
                m += t.abs();
            }
            *sqc += m * m;
        }
    }
    o.iter()
        .zip(&sq)
        .map(|(&x, &s2)| (x, rel_block * s2.sqrt() + rel_o * x.abs() + floor))
        .collect()
}

/// Checks every column of 32 sampled rows of O (the first and last row,
/// rows at each subgroup position of a workgroup, the rest random)
/// against [`reference_row`]; returns the largest error as a fraction of
/// its tolerance.
pub fn verify(s: SType, q: &[u8], k: &[u8], v: &[u8], o: &[u8], lq: u32) -> Result<f64, String> {
    let d = D as usize;
    let mut worst: f64 = 0.0;
    let mut rng = Rng::new(17);
    for sample in 0..32 {
        let r = match sample {
            0 => 0,
            1 => lq as usize - 1,
            2..=5 => 16 * (sample - 2) + sample,
            _ => rng.range_i64(0, i64::from(lq) - 1) as usize,
        };
        for (c, (exp, tol)) in reference_row(s, q, k, v, r).into_iter().enumerate() {
            let at = 4 * (r * d + c);
            let got = o.get(at..at + 4).map_or(f64::NAN, |w| {
                f32::from_le_bytes([w[0], w[1], w[2], w[3]]) as f64
            });
            if got.is_nan() || (got - exp).abs() > tol {
                return Err(format!(
                    "O[{r}][{c}] = {got}, expected {exp} (tolerance {tol:.2e})"
                ));
            }
            worst = worst.max((got - exp).abs() / tol);
        }
    }
    Ok(worst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernels_spell_both_forms() {
        for s in SType::ALL {
            let r = reduce_kernel(s);
            assert!(r.contains("subgroupMatrixRowMax(s)"), "{r}");
            assert!(r.contains("subgroupMatrixRowSum(e)"), "{r}");
            assert!(r.contains(&format!("subgroup_matrix_result<{}, 16, 16>", s.wgsl())));
            assert!(!r.contains("workgroupBarrier"));
            let t = roundtrip_kernel(s);
            assert!(!t.contains("tessera_experimental"), "{t}");
            assert_eq!(t.matches("workgroupBarrier()").count(), 2);
            assert!(t.contains(&format!("var<workgroup> sm_s: array<{}, 1024>;", s.wgsl())));
        }
        assert_eq!(groups(65536), [1024, 1, 1]);
        assert_eq!(flops(65536), 4.0 * 65536.0 * 4096.0 * 64.0);
    }

    #[test]
    fn reference_is_a_per_block_softmax() {
        // Q row 0 zero: every S is 0, every P is 1/16, O = mean of each
        // block's V rows, summed over blocks.
        let lq = 64;
        let [mut q, k, v] = inputs(lq, 3);
        q[..2 * D as usize].fill(0);
        let row = reference_row(SType::F32, &q, &k, &v, 0);
        for (c, (x, tol)) in row.iter().enumerate() {
            let want: f64 = (0..LK as usize)
                .map(|j| h(&v, j * D as usize + c) / 16.0)
                .sum();
            assert!((x - want).abs() < 1e-9, "{c}: {x} vs {want}");
            assert!(*tol > 0.0 && *tol < 0.1, "{tol}");
        }
    }

    #[test]
    fn verify_accepts_the_reference_and_rejects_a_wrong_row() {
        let lq = 64;
        let [q, k, v] = inputs(lq, 5);
        let mut o = vec![0u8; (lq * D * 4) as usize];
        let mut rng = Rng::new(17);
        let rows: Vec<usize> = (0..32)
            .map(|s| match s {
                0 => 0,
                1 => lq as usize - 1,
                2..=5 => 16 * (s - 2) + s,
                _ => rng.range_i64(0, i64::from(lq) - 1) as usize,
            })
            .collect();
        for &r in &rows {
            for (c, (x, _)) in reference_row(SType::F16, &q, &k, &v, r).iter().enumerate() {
                let at = 4 * (r * D as usize + c);
                o[at..at + 4].copy_from_slice(&(*x as f32).to_le_bytes());
            }
        }
        let worst = verify(SType::F16, &q, &k, &v, &o, lq).expect("the reference passes");
        assert!(worst < 1e-3, "{worst}");
        // Row 0 (always sampled) holding row 1's values: caught.
        let (a, b) = o.split_at_mut(4 * D as usize);
        a.copy_from_slice(&b[..4 * D as usize]);
        let e = verify(SType::F16, &q, &k, &v, &o, lq).expect_err("a wrong row passed");
        assert!(e.starts_with("O[0]["), "{e}");
    }
}

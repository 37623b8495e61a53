//! `mul_mat`: llama.cpp's matrix multiplication `dst = src0 * src1^T`,
//! with `src0` the weights (M rows of K, f16 or f32), `src1` the
//! activations (N rows of K, f32) and `dst` N rows of M (f32):
//! `dst[n][m] = sum_k src0[m][k] * src1[n][k]`.
//!
//! The backend picks the subgroup-matrix kernel
//! (`mul_mat_subgroup_matrix.wgsl`) when the device has an f16 x f16 -> f16
//! subgroup-matrix configuration (16x16x16 on NVIDIA), the register-tiled
//! one (`mul_mat_reg_tile.wgsl`) otherwise, and the matrix-vector kernel
//! (`mul_mat_vec.wgsl`) when N is 1. `VEC` (vec4 loads and stores) when K
//! and M are multiples of 4, else `SCALAR`.
//!
//! Inputs are drawn from {-1, -0.5, 0, 0.5, 1}: every product is a
//! multiple of 0.25 and every partial sum stays far below 512, so each
//! partial sum is exact in f16 (the kernels stage both operands in f16 and
//! the subgroup-matrix kernel accumulates in f16) and the expected result
//! is exact whatever the order of summation.

use super::{groups_2d, Buffer, Case};
use crate::data::Rng;

/// The subgroup-matrix kernel's tile: `SUBGROUP_M * SUBGROUP_MATRIX_M *
/// 16` rows of M by `SUBGROUP_N * SUBGROUP_MATRIX_N * 16` of N.
const SG_TILE_M: u32 = 2 * 4 * 16;
const SG_TILE_N: u32 = 4 * 2 * 16;
/// The register-tiled kernel's tile: `TILE_M * WORKGROUP_SIZE_M` by
/// `TILE_N * WORKGROUP_SIZE_N`.
const REG_TILE_M: u32 = 4 * 8;
const REG_TILE_N: u32 = 4 * 8;
/// The matrix-vector kernel's workgroup size and output rows per workgroup.
const VEC_WG_SIZE: u32 = 256;
const VEC_OUTPUTS: u32 = 4;
/// `maxComputeWorkgroupsPerDimension`.
const MAX_GROUPS: u32 = 65535;

/// The weight shapes (M, K) of one LLaMA-3-8B layer: the Q and O
/// projections, K and V (8 KV heads of 128), FFN gate/up and down.
pub const LAYER: [(u32, u32, &str); 4] = [
    (4096, 4096, "attn_q"),
    (1024, 4096, "attn_kv"),
    (14336, 4096, "ffn_up"),
    (4096, 14336, "ffn_down"),
];

/// Tokens of the prompt.
pub const PROMPT: u32 = 512;

/// Weight element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weights {
    /// f16 weights.
    F16,
    /// f32 weights.
    F32,
}

fn inner(weights: Weights) -> &'static str {
    match weights {
        Weights::F16 => "f16",
        Weights::F32 => "f32",
    }
}

/// The macros `get_mul_mat_fast_pipeline` passes for float weights.
fn defines(weights: Weights, vec: bool) -> Vec<String> {
    vec![
        "SRC1_INNER_TYPE=f32".to_string(),
        format!("SRC0_INNER_TYPE={}", inner(weights)),
        "FLOAT".into(),
        "MUL_ACC_FLOAT".into(),
        "INIT_SRC0_SHMEM_FLOAT".into(),
        "INIT_SRC1_SHMEM_FLOAT".into(),
        if vec { "VEC" } else { "SCALAR" }.into(),
        "TILE_M=4u".into(),
        "TILE_N=4u".into(),
    ]
}

/// The macros `get_mul_mat_vec_pipeline` passes for float weights on a
/// device with subgroups (256 invocations, 4 output rows a workgroup).
fn vec_defines(weights: Weights, vec: bool) -> Vec<String> {
    vec![
        format!("SRC0_INNER_TYPE={}", inner(weights)),
        "MUL_ACC_FLOAT".into(),
        "SRC1_INNER_TYPE=f32".into(),
        if vec { "VEC" } else { "SCALAR" }.into(),
        format!("WG_SIZE={VEC_WG_SIZE}"),
        format!("OUTPUTS_PER_WG={VEC_OUTPUTS}"),
        "USE_SUBGROUP_REDUCTION".into(),
    ]
}

/// The subgroup-matrix kernel's macros (16x16x16 f16 configuration,
/// subgroups of 32).
fn subgroup_matrix_defines(weights: Weights, vec: bool) -> Vec<String> {
    let mut d = defines(weights, vec);
    d.extend(
        [
            "TILE_K=32u",
            "MAX_SUBGROUP_SIZE=32u",
            "SUBGROUP_M=2u",
            "SUBGROUP_N=4u",
            "SUBGROUP_MATRIX_M=4u",
            "SUBGROUP_MATRIX_N=2u",
            "SUBGROUP_MATRIX_M_SIZE=16u",
            "SUBGROUP_MATRIX_N_SIZE=16u",
            "SUBGROUP_MATRIX_K_SIZE=16u",
        ]
        .map(String::from),
    );
    d
}

fn reg_tile_defines(weights: Weights, vec: bool) -> Vec<String> {
    let mut d = defines(weights, vec);
    d.extend(["WORKGROUP_SIZE_M=8u", "WORKGROUP_SIZE_N=8u", "TILE_K=8u"].map(String::from));
    d
}

/// The 16 parameter words of a contiguous 2-D `mul_mat` (offsets in
/// elements, row strides K, one batch).
pub fn params(m: u32, n: u32, k: u32) -> Vec<u32> {
    vec![
        0,
        0,
        0,
        m,
        n,
        k,
        k,
        k,
        m * k,
        n * k,
        m * k,
        n * k,
        1,
        1,
        1,
        1,
    ]
}

fn case(
    kernel: &str,
    file: &'static str,
    defines: Vec<String>,
    (m, n, k): (u32, u32, u32),
    layer: &str,
    weights: Weights,
    groups: [u32; 3],
) -> Case {
    let wbytes = match weights {
        Weights::F16 => 2.0,
        Weights::F32 => 4.0,
    };
    let (mf, nf, kf) = (m as f64, n as f64, k as f64);
    Case {
        kernel: kernel.to_string(),
        shape: format!("{layer} M={m} N={n} K={k}"),
        file,
        defines,
        variant: None,
        overrides: Vec::new(),
        build,
        groups,
        flops: 2.0 * mf * nf * kf,
        bytes_moved: mf * kf * wbytes + nf * kf * 4.0 + mf * nf * 4.0,
        check,
        tolerance: 1e-6,
        dims: vec![
            m as usize,
            n as usize,
            k as usize,
            usize::from(weights == Weights::F32),
        ],
    }
}

/// Every `mul_mat` case at the prompt shapes (and the variants the backend
/// picks elsewhere at one shape).
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let sg_groups =
        |m: u32, n: u32| groups_2d(m.div_ceil(SG_TILE_M) * n.div_ceil(SG_TILE_N), MAX_GROUPS);
    let reg_groups =
        |m: u32, n: u32| groups_2d(m.div_ceil(REG_TILE_M) * n.div_ceil(REG_TILE_N), MAX_GROUPS);
    for (m, k, layer) in LAYER {
        let n = PROMPT;
        out.push(case(
            "mul_mat_subgroup_matrix.f16.vec",
            "mul_mat_subgroup_matrix.wgsl",
            subgroup_matrix_defines(Weights::F16, true),
            (m, n, k),
            layer,
            Weights::F16,
            sg_groups(m, n),
        ));
        out.push(case(
            "mul_mat_reg_tile.f16.vec",
            "mul_mat_reg_tile.wgsl",
            reg_tile_defines(Weights::F16, true),
            (m, n, k),
            layer,
            Weights::F16,
            reg_groups(m, n),
        ));
    }
    // Decode: one token, the matrix-vector kernel.
    for (m, k, layer) in LAYER {
        out.push(case(
            "mul_mat_vec.f16.vec",
            "mul_mat_vec.wgsl",
            vec_defines(Weights::F16, true),
            (m, 1, k),
            layer,
            Weights::F16,
            groups_2d(m.div_ceil(VEC_OUTPUTS), MAX_GROUPS),
        ));
    }
    // The other variants at the Q projection's shape.
    let (m, k, layer) = LAYER[0];
    let n = PROMPT;
    for (weights, vec, name) in [
        (Weights::F16, false, "f16.scalar"),
        (Weights::F32, true, "f32.vec"),
        (Weights::F32, false, "f32.scalar"),
    ] {
        out.push(case(
            &format!("mul_mat_subgroup_matrix.{name}"),
            "mul_mat_subgroup_matrix.wgsl",
            subgroup_matrix_defines(weights, vec),
            (m, n, k),
            layer,
            weights,
            sg_groups(m, n),
        ));
    }
    out
}

/// A value from {-1, -0.5, 0, 0.5, 1}.
fn small(rng: &mut Rng) -> f64 {
    (rng.range_i64(-2, 2) as f64) * 0.5
}

fn build(case: &Case, rng: &mut Rng) -> Vec<Buffer> {
    let (m, n, k, f32_weights) = (case.dims[0], case.dims[1], case.dims[2], case.dims[3] == 1);
    let mut src0 = Vec::with_capacity(m * k * if f32_weights { 4 } else { 2 });
    for _ in 0..m * k {
        let v = small(rng);
        if f32_weights {
            src0.extend_from_slice(&(v as f32).to_le_bytes());
        } else {
            src0.extend_from_slice(&half::f16::from_f64(v).to_bits().to_le_bytes());
        }
    }
    let mut src1 = Vec::with_capacity(n * k * 4);
    for _ in 0..n * k {
        src1.extend_from_slice(&(small(rng) as f32).to_le_bytes());
    }
    vec![
        Buffer::input("src0", src0),
        Buffer::input("src1", src1),
        Buffer::output("dst", m * n * 4),
        Buffer::params(&params(m as u32, n as u32, k as u32)),
    ]
}

/// Checks every element of the first and last rows of `dst` (one token
/// each, all M outputs) and 16,384 random elements against f64 sums.
fn check(case: &Case, before: &[Buffer], after: &[Vec<u8>]) -> Result<f64, String> {
    let (m, n, k, f32_weights) = (case.dims[0], case.dims[1], case.dims[2], case.dims[3] == 1);
    let (src0, src1, dst) = (before[0].data(), before[1].data(), &after[2]);
    if dst.len() != m * n * 4 {
        return Err(format!(
            "dst has {} bytes, expected {}",
            dst.len(),
            m * n * 4
        ));
    }
    let w = |i: usize| {
        if f32_weights {
            super::f32_at(src0, i)
        } else {
            super::f16_at(src0, i)
        }
    };
    let mut positions: Vec<(usize, usize)> = Vec::new();
    for row in [0, n.saturating_sub(1)] {
        positions.extend((0..m).map(|col| (row, col)));
    }
    let mut rng = Rng::new(0x5eed);
    for _ in 0..if n > 1 { 16384 } else { 0 } {
        positions.push((
            rng.range_i64(0, n as i64 - 1) as usize,
            rng.range_i64(0, m as i64 - 1) as usize,
        ));
    }
    let mut errors = super::Errors::new(case.tolerance);
    for (row, col) in positions {
        let (mut want, mut scale) = (0.0f64, 0.0f64);
        for i in 0..k {
            let p = w(col * k + i) * super::f32_at(src1, row * k + i);
            want += p;
            scale += p.abs();
        }
        let got = super::f32_at(dst, row * m + col);
        // Exact inputs: judge against the terms' size when the sum cancels.
        errors.check(got, want, 1e-3 * scale.max(1.0), || {
            format!("dst[{row}][{col}]")
        })?;
    }
    Ok(errors.worst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_and_dispatch_match_the_backend() {
        let cases = cases();
        let q = &cases[0];
        assert_eq!(q.kernel, "mul_mat_subgroup_matrix.f16.vec");
        // 4096 / 128 * 512 / 128 workgroups of 256 invocations.
        assert_eq!(q.groups, [32 * 4, 1, 1]);
        let reg = &cases[1];
        assert_eq!(reg.groups, [128 * 16, 1, 1]);
        assert!(q.defines.contains(&"VEC".to_string()));
    }

    #[test]
    fn check_accepts_the_exact_product_and_rejects_an_error() {
        let (m, n, k) = (8usize, 4usize, 12usize);
        let c = case(
            "t",
            "t.wgsl",
            vec![],
            (m as u32, n as u32, k as u32),
            "t",
            Weights::F16,
            [1, 1, 1],
        );
        let before = build(&c, &mut Rng::new(3));
        let mut dst = Vec::new();
        for row in 0..n {
            for col in 0..m {
                let s: f64 = (0..k)
                    .map(|i| {
                        super::super::f16_at(before[0].data(), col * k + i)
                            * super::super::f32_at(before[1].data(), row * k + i)
                    })
                    .sum();
                dst.extend_from_slice(&(s as f32).to_le_bytes());
            }
        }
        let mut after: Vec<Vec<u8>> = before.iter().map(|b| b.data().to_vec()).collect();
        after[2] = dst.clone();
        assert_eq!(check(&c, &before, &after), Ok(0.0));
        // One element off by 0.5 (the smallest step of these sums).
        let at = 4 * (3 * m + 5);
        let v = f32::from_le_bytes(dst[at..at + 4].try_into().unwrap()) + 0.5;
        after[2][at..at + 4].copy_from_slice(&v.to_le_bytes());
        let e = check(&c, &before, &after).unwrap_err();
        assert!(e.starts_with("dst[3][5]"), "{e}");
    }
}

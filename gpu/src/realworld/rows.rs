//! Row-wise kernels, bound as llama.cpp's WebGPU backend binds them:
//!
//! - `rms_norm` (`row_norm.wgsl` with `RMS_NORM`): one workgroup of 128
//!   per row of 4096 activations, `dst = x / sqrt(mean(x^2) + eps)`;
//! - `rope` (`rope.wgsl`, the normal mode LLaMA uses, no frequency
//!   factors): the query `[128, 32 heads, T]` rotated pair by pair,
//!   `(x0, x1) -> (x0 cos t - x1 sin t, x0 sin t + x1 cos t)` with
//!   `t = pos * theta_scale^(i/2)`, one invocation per pair, workgroups
//!   of 1024;
//! - `soft_max` (the older `soft_max.tmpl.wgsl`, variant
//!   `soft_max_f32_mask_f32`: the attention scores of the path without
//!   flash attention, with llama.cpp's f32 causal mask): one workgroup of
//!   `wg_size` = 1024 (a pipeline-overridable constant) per row of scores,
//!   `softmax_j(x_j / sqrt(128) + mask_j)`.
//!
//! Inputs are uniform in [-1, 1]; references are computed in f64.

use super::{f32_at, Buffer, Case};
use crate::data::Rng;

/// Hidden size of LLaMA-3-8B.
const HIDDEN: u32 = 4096;
/// Head size and query heads.
const HEAD: u32 = 128;
const HEADS: u32 = 32;
/// `rms_norm_eps` of LLaMA-3.
const EPS: f32 = 1e-5;
/// `rope_freq_base` of LLaMA-3.
const FREQ_BASE: f64 = 500000.0;

/// Every row-wise case at the prompt (512 tokens) and decode (1) shapes.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    // Scores of 32 heads: the prompt over caches of 512 and 4096 rows,
    // and one decoded token over 4096.
    for (queries, kv) in [
        (super::matmul::PROMPT, 512u32),
        (super::matmul::PROMPT, 4096),
        (1, 4096),
    ] {
        let n = (queries * kv * HEADS) as f64;
        out.push(Case {
            kernel: "soft_max.mask_f32".into(),
            shape: format!("H={HEADS} T={queries} KV={kv}"),
            file: "soft_max.tmpl.wgsl",
            defines: Vec::new(),
            variant: Some("soft_max_f32_mask_f32"),
            overrides: vec![("wg_size", 1024.0)],
            build: build_soft_max,
            groups: [queries * HEADS, 1, 1],
            flops: 0.0,
            bytes_moved: 2.0 * 4.0 * n + 4.0 * (queries * kv) as f64,
            check: check_soft_max,
            tolerance: 1e-4,
            dims: vec![queries as usize, kv as usize],
        });
    }
    for tokens in [super::matmul::PROMPT, 1] {
        let rows = tokens as f64;
        out.push(Case {
            kernel: "rms_norm".into(),
            shape: format!("D={HIDDEN} T={tokens}"),
            file: "row_norm.wgsl",
            defines: ["RMS_NORM", "SRC_F32", "DST_F32", "WG_SIZE=128"]
                .map(String::from)
                .into(),
            variant: None,
            overrides: Vec::new(),
            build: build_rms_norm,
            groups: [tokens, 1, 1],
            flops: 0.0,
            bytes_moved: 2.0 * 4.0 * HIDDEN as f64 * rows,
            check: check_rms_norm,
            tolerance: 1e-5,
            dims: vec![HIDDEN as usize, tokens as usize],
        });
        let elements = HEAD * HEADS * tokens;
        out.push(Case {
            kernel: "rope.norm".into(),
            shape: format!("D={HEAD} H={HEADS} T={tokens}"),
            file: "rope.wgsl",
            defines: ["TYPE_F32", "WG_SIZE=1024"].map(String::from).into(),
            variant: None,
            overrides: Vec::new(),
            build: build_rope,
            groups: [elements.div_ceil(1024), 1, 1],
            flops: 0.0,
            bytes_moved: 2.0 * 4.0 * elements as f64 + 4.0 * rows,
            check: check_rope,
            // f32 angles of up to 511 radians and the device's sin/cos.
            tolerance: 2e-3,
            dims: vec![HEAD as usize, HEADS as usize, tokens as usize],
        });
    }
    out
}

fn uniform_f32(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n)
        .flat_map(|_| ((rng.unit() * 2.0 - 1.0) as f32).to_le_bytes())
        .collect()
}

fn build_rms_norm(case: &Case, rng: &mut Rng) -> Vec<Buffer> {
    let (d, t) = (case.dims[0] as u32, case.dims[1] as u32);
    let params = [
        0,
        0,
        d,
        d * t,
        d * t,
        d,
        d * t,
        d * t,
        d,
        t,
        1,
        1,
        EPS.to_bits(),
    ];
    vec![
        Buffer::input("src", uniform_f32(rng, (d * t) as usize)),
        Buffer::output("dst", (d * t * 4) as usize),
        Buffer::params(&params),
    ]
}

fn check_rms_norm(case: &Case, before: &[Buffer], after: &[Vec<u8>]) -> Result<f64, String> {
    let (d, t) = (case.dims[0], case.dims[1]);
    let (src, dst) = (before[0].data(), &after[1]);
    let mut errors = super::Errors::new(case.tolerance);
    for row in 0..t {
        let mean = (0..d)
            .map(|i| f32_at(src, row * d + i).powi(2))
            .sum::<f64>()
            / d as f64;
        let scale = 1.0 / (mean + EPS as f64).sqrt();
        for i in 0..d {
            let want = f32_at(src, row * d + i) * scale;
            let got = f32_at(dst, row * d + i);
            errors.check(got, want, 1e-3, || format!("dst[{row}][{i}]"))?;
        }
    }
    Ok(errors.worst)
}

/// `theta_scale = freq_base^(-2 / n_dims)`, as the host computes it in f32.
fn theta_scale() -> f32 {
    (FREQ_BASE as f32).powf(-2.0 / HEAD as f32)
}

fn build_rope(case: &Case, rng: &mut Rng) -> Vec<Buffer> {
    let (d, h, t) = (
        case.dims[0] as u32,
        case.dims[1] as u32,
        case.dims[2] as u32,
    );
    let n = d * h * t;
    let positions: Vec<u8> = (0..t as i32).flat_map(|p| p.to_le_bytes()).collect();
    let params = [
        0,
        0,
        0,
        0,
        d,
        d * h,
        n,
        d,
        d * h,
        n,
        n / 2,
        d,
        h,
        t,
        d, // n_dims
        0, // mode: normal
        theta_scale().to_bits(),
        1f32.to_bits(), // attn_factor
        1f32.to_bits(), // freq_scale
        0f32.to_bits(), // ext_factor
        0f32.to_bits(),
        0f32.to_bits(),
        0,
        0,
        0,
        0,
        0, // n_offs
    ];
    vec![
        Buffer::input("src0", uniform_f32(rng, n as usize)),
        Buffer::input("positions", positions),
        Buffer::output("dst", (n * 4) as usize),
        Buffer::params(&params),
    ]
}

fn check_rope(case: &Case, before: &[Buffer], after: &[Vec<u8>]) -> Result<f64, String> {
    let (d, h, t) = (case.dims[0], case.dims[1], case.dims[2]);
    let (src, dst) = (before[0].data(), &after[2]);
    let ts = theta_scale() as f64;
    let mut errors = super::Errors::new(case.tolerance);
    for pos in 0..t {
        for head in 0..h {
            let row = (pos * h + head) * d;
            for i in (0..d).step_by(2) {
                let theta = pos as f64 * ts.powi(i as i32 / 2);
                let (x0, x1) = (f32_at(src, row + i), f32_at(src, row + i + 1));
                let want = [
                    x0 * theta.cos() - x1 * theta.sin(),
                    x0 * theta.sin() + x1 * theta.cos(),
                ];
                let scale = (x0 * x0 + x1 * x1).sqrt().max(1e-3);
                for (j, want) in want.into_iter().enumerate() {
                    let got = f32_at(dst, row + i + j);
                    // Judged against the pair's norm.
                    errors.check(got, want, scale, || {
                        format!("dst[t={pos}][h={head}][{}]", i + j)
                    })?;
                }
            }
        }
    }
    Ok(errors.worst)
}

fn build_soft_max(case: &Case, rng: &mut Rng) -> Vec<Buffer> {
    let (t, s) = (case.dims[0] as u32, case.dims[1] as u32);
    let n = t * s * HEADS;
    // Scores as Q.K over 128 dimensions make them: up to about 8 in size.
    let scores: Vec<u8> = (0..n)
        .flat_map(|_| (((rng.unit() * 2.0 - 1.0) * 8.0) as f32).to_le_bytes())
        .collect();
    let mask: Vec<u8> = (0..t)
        .flat_map(|i| {
            (0..s).flat_map(move |j| {
                (if j <= s - t + i {
                    0.0f32
                } else {
                    f32::NEG_INFINITY
                })
                .to_le_bytes()
            })
        })
        .collect();
    let scale = 1.0 / (HEAD as f32).sqrt();
    let params = [
        0,
        0,
        0,
        0,
        s,
        s * t,
        n,
        s,
        s * t,
        s * t,
        s,
        s * t,
        n,
        n,
        s,
        t,
        HEADS,
        1,
        1,
        scale.to_bits(),
        0f32.to_bits(),
        (HEADS as f32).to_bits(),
        1f32.to_bits(),
        1f32.to_bits(),
    ];
    vec![
        Buffer::input("src", scores),
        Buffer::input("mask", mask),
        Buffer::output("dst", (n * 4) as usize),
        Buffer::params(&params),
    ]
}

/// Checks the first and last query rows of heads 0 and 31 and 64 random
/// rows, every element of each.
fn check_soft_max(case: &Case, before: &[Buffer], after: &[Vec<u8>]) -> Result<f64, String> {
    let (t, s) = (case.dims[0], case.dims[1]);
    let h = HEADS as usize;
    let (src, mask, dst) = (before[0].data(), before[1].data(), &after[2]);
    let scale = 1.0 / (HEAD as f64).sqrt();
    let mut rows: Vec<(usize, usize)> = [0, h - 1]
        .into_iter()
        .flat_map(|head| [(head, 0), (head, t - 1)])
        .collect();
    let mut rng = Rng::new(0x50f7);
    for _ in 0..64 {
        rows.push((
            rng.range_i64(0, h as i64 - 1) as usize,
            rng.range_i64(0, t as i64 - 1) as usize,
        ));
    }
    let mut errors = super::Errors::new(case.tolerance);
    for (head, i) in rows {
        let row = (head * t + i) * s;
        let vals: Vec<f64> = (0..s)
            .map(|j| f32_at(src, row + j) * scale + f32_at(mask, i * s + j))
            .collect();
        let max = vals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = vals.iter().map(|v| (v - max).exp()).sum();
        for (j, v) in vals.iter().enumerate() {
            let want = (v - max).exp() / total;
            let got = f32_at(dst, row + j);
            errors.check(got, want, 1e-6, || format!("dst[h={head}][t={i}][{j}]"))?;
        }
    }
    Ok(errors.worst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rms_norm_check_accepts_the_definition_and_rejects_a_wrong_row() {
        let c = cases()
            .into_iter()
            .find(|c| c.kernel == "rms_norm" && c.dims[1] == 1)
            .unwrap();
        let before = build_rms_norm(&c, &mut Rng::new(2));
        let d = c.dims[0];
        let src = before[0].data();
        let mean = (0..d).map(|i| f32_at(src, i).powi(2)).sum::<f64>() / d as f64;
        let dst: Vec<u8> = (0..d)
            .flat_map(|i| ((f32_at(src, i) / (mean + 1e-5).sqrt()) as f32).to_le_bytes())
            .collect();
        let mut after = vec![src.to_vec(), dst, vec![]];
        assert!(check_rms_norm(&c, &before, &after).unwrap() < 1e-6);
        // Without eps the result moves by about eps / (2 mean) = 1.5e-5.
        after[1] = (0..d)
            .flat_map(|i| ((f32_at(src, i) / mean.sqrt()) as f32).to_le_bytes())
            .collect();
        assert!(check_rms_norm(&c, &before, &after).is_err());
    }

    #[test]
    fn soft_max_check_rejects_a_row_without_the_mask() {
        let mut c = cases()
            .into_iter()
            .find(|c| c.kernel == "soft_max.mask_f32")
            .unwrap();
        c.dims = vec![2, 4]; // two queries over four keys: the first sees 3
        let before = build_soft_max(&c, &mut Rng::new(5));
        let (src, mask) = (before[0].data(), before[1].data());
        assert_eq!(f32_at(mask, 3), f64::NEG_INFINITY);
        assert_eq!(f32_at(mask, 4 + 3), 0.0);
        let scale = 1.0 / (HEAD as f64).sqrt();
        let soft = |row: usize, masked: bool| -> Vec<f64> {
            let q = row % 2;
            let v: Vec<f64> = (0..4)
                .map(|j| {
                    let m = if masked { f32_at(mask, q * 4 + j) } else { 0.0 };
                    f32_at(src, row * 4 + j) * scale + m
                })
                .collect();
            let max = v.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = v.iter().map(|x| (x - max).exp()).sum();
            v.iter().map(|x| (x - max).exp() / sum).collect()
        };
        let out = |masked: bool| -> Vec<u8> {
            (0..2 * HEADS as usize)
                .flat_map(|row| soft(row, masked))
                .flat_map(|x| (x as f32).to_le_bytes())
                .collect()
        };
        let mut after = vec![vec![], vec![], out(true), vec![]];
        assert!(check_soft_max(&c, &before, &after).unwrap() < 1e-6);
        after[2] = out(false);
        assert!(check_soft_max(&c, &before, &after).is_err());
    }

    #[test]
    fn rope_check_rejects_swapped_sin_and_cos() {
        let c = cases()
            .into_iter()
            .find(|c| c.kernel == "rope.norm" && c.dims[2] == 1)
            .unwrap();
        let mut c = c;
        c.dims[2] = 3; // three positions: angles other than zero
        let before = build_rope(&c, &mut Rng::new(4));
        let (d, h) = (c.dims[0], c.dims[1]);
        let src = before[0].data();
        let ts = theta_scale() as f64;
        let mut good = Vec::new();
        let mut bad = Vec::new();
        for pos in 0..3 {
            for head in 0..h {
                for i in (0..d).step_by(2) {
                    let row = (pos * h + head) * d;
                    let th = pos as f64 * ts.powi(i as i32 / 2);
                    let (x0, x1) = (f32_at(src, row + i), f32_at(src, row + i + 1));
                    for v in [x0 * th.cos() - x1 * th.sin(), x0 * th.sin() + x1 * th.cos()] {
                        good.extend_from_slice(&(v as f32).to_le_bytes());
                    }
                    for v in [x0 * th.sin() - x1 * th.cos(), x0 * th.cos() + x1 * th.sin()] {
                        bad.extend_from_slice(&(v as f32).to_le_bytes());
                    }
                }
            }
        }
        let mut after = vec![vec![], vec![], good, vec![]];
        assert!(check_rope(&c, &before, &after).unwrap() < 1e-6);
        after[2] = bad;
        assert!(check_rope(&c, &before, &after).is_err());
    }
}

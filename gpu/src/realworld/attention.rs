//! `flash_attn`: llama.cpp's flash attention, on the subgroup-matrix path
//! its WebGPU backend takes for a prompt on a device with 16x16x16 f16
//! subgroup matrices (`flash_attn.wgsl` with `KV_DIRECT`, a causal mask,
//! 16 query rows and 128 KV rows a workgroup of 128 invocations).
//!
//! LLaMA-3-8B's attention: 32 query heads and 8 KV heads of 128, the
//! query `[T][32][128]` f32 (token-major, as llama.cpp's permuted view),
//! the KV cache `[S][8][128]` f16, the mask `[T][S]` f16 (0 or -inf:
//! query `i` sees cache rows up to `S - T + i`), the output
//! `[T][32][128]` f32:
//! `out[i][h] = sum_j softmax_j(q[i][h] . k[j][h/4] / sqrt(128) + mask[i][j]) v[j][h/4]`.
//!
//! The kernel keeps scores and the output tile in f16 workgroup memory and
//! accumulates in f16, so its results are checked against the f64
//! reference with an error bound of 1% of `max(|want|, 0.25)`.

use super::{f16_at, f32_at, Buffer, Case};
use crate::data::Rng;

const D: u32 = 128;
const HEADS: u32 = 32;
const KV_HEADS: u32 = 8;
const Q_TILE: u32 = 16;

/// The prompt (512 new tokens) over a cache of 512 and of 4096 rows.
pub fn cases() -> Vec<Case> {
    let t = super::matmul::PROMPT;
    [512u32, 4096]
        .into_iter()
        .map(|s| Case {
            kernel: "flash_attn.subgroup_matrix".into(),
            shape: format!("D={D} H={HEADS}/{KV_HEADS} T={t} KV={s}"),
            file: "flash_attn.wgsl",
            defines: [
                "KV_F16",
                "Q_F32",
                "DST_F32",
                "MASK",
                "KV_DIRECT",
                "HEAD_DIM_QK=128",
                "HEAD_DIM_V=128",
                "SG_MAT_M=16",
                "SG_MAT_N=16",
                "SG_MAT_K=16",
                "Q_TILE=16",
                "KV_TILE=128",
                "WG_SIZE=128",
            ]
            .map(String::from)
            .into(),
            variant: None,
            overrides: Vec::new(),
            build,
            groups: [t.div_ceil(Q_TILE) * HEADS, 1, 1],
            // Q K^T and P V over the visible part of the cache (about
            // half of the last T rows are masked).
            flops: 4.0 * (HEADS * D) as f64 * t as f64 * (s as f64 - t as f64 / 2.0),
            bytes_moved: 4.0 * 2.0 * (t * HEADS * D) as f64
                + 2.0 * 2.0 * (s * KV_HEADS * D) as f64
                + 2.0 * (t * s) as f64,
            check,
            tolerance: 1e-2,
            dims: vec![t as usize, s as usize],
        })
        .collect()
}

fn f16_bytes(v: f64) -> [u8; 2] {
    half::f16::from_f64(v).to_bits().to_le_bytes()
}

fn build(case: &Case, rng: &mut Rng) -> Vec<Buffer> {
    let (t, s) = (case.dims[0] as u32, case.dims[1] as u32);
    let q: Vec<u8> = (0..t * HEADS * D)
        .flat_map(|_| ((rng.unit() * 2.0 - 1.0) as f32).to_le_bytes())
        .collect();
    let mut kv = || -> Vec<u8> {
        (0..s * KV_HEADS * D)
            .flat_map(|_| f16_bytes(rng.unit() * 2.0 - 1.0))
            .collect()
    };
    let (k, v) = (kv(), kv());
    let mask: Vec<u8> = (0..t)
        .flat_map(|i| {
            (0..s).flat_map(move |j| {
                f16_bytes(if j <= s - t + i {
                    0.0
                } else {
                    f64::NEG_INFINITY
                })
            })
        })
        .collect();
    let scale = 1.0 / (D as f32).sqrt();
    let params = [
        0,
        0,
        0,
        0,
        0,
        0,
        HEADS,
        t,
        s,
        HEADS * D,
        D,
        t * HEADS * D,
        KV_HEADS * D,
        D,
        s * KV_HEADS * D,
        KV_HEADS * D,
        D,
        s * KV_HEADS * D,
        s * t,
        HEADS / KV_HEADS,
        scale.to_bits(),
        0f32.to_bits(),
        0f32.to_bits(),
        (HEADS as f32).to_bits(),
        1f32.to_bits(),
        1f32.to_bits(),
    ];
    vec![
        Buffer::input("q", q),
        Buffer::input("k", k),
        Buffer::input("v", v),
        Buffer::input("mask", mask),
        Buffer::output("dst", (t * HEADS * D * 4) as usize),
        Buffer::params(&params),
    ]
}

/// Checks the first and last query tiles of heads 0 and 31 and 64 random
/// (query, head) rows, every one of the 128 outputs of each.
fn check(case: &Case, before: &[Buffer], after: &[Vec<u8>]) -> Result<f64, String> {
    let (t, s) = (case.dims[0], case.dims[1]);
    let (d, h, hkv) = (D as usize, HEADS as usize, KV_HEADS as usize);
    let (q, k, v, dst) = (
        before[0].data(),
        before[1].data(),
        before[2].data(),
        &after[4],
    );
    let mut rows: Vec<(usize, usize)> = Vec::new();
    for head in [0, h - 1] {
        for i in (0..16).chain(t - 16..t) {
            rows.push((i, head));
        }
    }
    let mut rng = Rng::new(0xa77e);
    for _ in 0..64 {
        rows.push((
            rng.range_i64(0, t as i64 - 1) as usize,
            rng.range_i64(0, h as i64 - 1) as usize,
        ));
    }
    let scale = 1.0 / (d as f64).sqrt();
    let mut errors = super::Errors::new(case.tolerance);
    for (i, head) in rows {
        let kh = head / (h / hkv);
        let visible = s - t + i + 1;
        let scores: Vec<f64> = (0..visible)
            .map(|j| {
                (0..d)
                    .map(|c| f32_at(q, (i * h + head) * d + c) * f16_at(k, (j * hkv + kh) * d + c))
                    .sum::<f64>()
                    * scale
            })
            .collect();
        let max = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = scores.iter().map(|x| (x - max).exp()).collect();
        let total: f64 = weights.iter().sum();
        for c in 0..d {
            let want = weights
                .iter()
                .enumerate()
                .map(|(j, w)| w * f16_at(v, (j * hkv + kh) * d + c))
                .sum::<f64>()
                / total;
            let got = f32_at(dst, (i * h + head) * d + c);
            errors.check(got, want, 0.25, || format!("dst[t={i}][h={head}][{c}]"))?;
        }
    }
    Ok(errors.worst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispatch_and_mask_follow_the_backend() {
        let c = &cases()[0];
        assert_eq!(c.groups, [32 * 32, 1, 1]);
        let small = Case {
            dims: vec![16, 32],
            ..c.clone()
        };
        let b = build(&small, &mut Rng::new(1));
        let mask = b[3].data();
        // Query 0 sees cache rows 0..=16, query 15 all 32.
        assert_eq!(f16_at(mask, 16), 0.0);
        assert_eq!(f16_at(mask, 17), f64::NEG_INFINITY);
        assert_eq!(f16_at(mask, 15 * 32 + 31), 0.0);
    }
}

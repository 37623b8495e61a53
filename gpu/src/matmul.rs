//! The f16 x f16 -> f32 matmul benchmark's data: input generation,
//! verification of the result on sampled elements, TFLOP/s (the kernels
//! are in [`crate::tiled`]).

use half::f16;

use crate::data::Rng;

/// Sizes must be multiples of this (every configuration's tile and K step).
pub const TILE: u32 = 256;
/// Relative tolerance of sampled results.
pub const REL_TOLERANCE: f64 = 1e-2;

/// SPIR-V bytes as words (`None` unless a non-empty multiple of 4 bytes
/// starting with the magic number).
pub fn spv_words(bytes: &[u8]) -> Option<Vec<u32>> {
    if bytes.is_empty() || bytes.len() % 4 != 0 {
        return None;
    }
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    (words[0] == 0x0723_0203).then_some(words)
}

/// `len` random f16 values in [-1, 1] (never zero), little-endian bytes.
pub fn random_f16(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len * 2);
    for _ in 0..len {
        let mut v = rng.unit() * 2.0 - 1.0;
        if v.abs() < 1.0 / 64.0 {
            v = 0.5;
        }
        out.extend_from_slice(&f16::from_f64(v).to_bits().to_le_bytes());
    }
    out
}

fn h(bytes: &[u8], i: usize) -> f64 {
    f16::from_bits(u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]])).to_f64()
}

/// The outcome of checking sampled elements of C.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verification {
    /// Elements checked.
    pub checked: usize,
    /// Elements out of tolerance (or never written).
    pub mismatches: usize,
    /// The first difference, if any.
    pub first: Option<String>,
}

/// Checks `samples` random elements of C (f32, row-major M x N) against
/// f64 dot products of A (M x K) and B (K x N). An element passes when
/// `|got - exp| <= 1e-2 * max(|exp|, 1e-2 * sum_k |a*b|)`: relative 1e-2,
/// with a floor for sums that cancel to near zero.
#[allow(clippy::too_many_arguments)]
pub fn verify(
    a: &[u8],
    b: &[u8],
    c: &[u8],
    m: usize,
    n: usize,
    k: usize,
    samples: usize,
    rng: &mut Rng,
) -> Verification {
    let mut v = Verification::default();
    for s in 0..samples {
        // Always include the corners, then random positions.
        let (r, col) = match s {
            0 => (0, 0),
            1 => (m - 1, n - 1),
            _ => (
                rng.range_i64(0, m as i64 - 1) as usize,
                rng.range_i64(0, n as i64 - 1) as usize,
            ),
        };
        let (mut exp, mut mag) = (0.0f64, 0.0f64);
        for i in 0..k {
            let p = h(a, r * k + i) * h(b, i * n + col);
            exp += p;
            mag += p.abs();
        }
        let at = 4 * (r * n + col);
        let got = c
            .get(at..at + 4)
            .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]) as f64)
            .unwrap_or(f64::NAN);
        v.checked += 1;
        let tol = REL_TOLERANCE * exp.abs().max(1e-2 * mag);
        let within = (got - exp).abs() <= tol; // false for NaN
        if !within {
            v.mismatches += 1;
            if v.first.is_none() {
                v.first = Some(format!(
                    "C[{r}][{col}] = {got}, expected {exp} (tolerance {tol})"
                ));
            }
        }
    }
    v
}

/// TFLOP/s of an M x N x K matmul taking `ns` nanoseconds.
pub fn tflops(m: u32, n: u32, k: u32, ns: f64) -> f64 {
    2.0 * m as f64 * n as f64 * k as f64 / (ns * 1e-9) / 1e12
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tflops_formula() {
        // 2 * 4096^3 flops in 1 ms = 137.4 TFLOP/s.
        let t = tflops(4096, 4096, 4096, 1e6);
        assert!((t - 137.438_953_472).abs() < 1e-6, "{t}");
    }

    #[test]
    fn verification_accepts_exact_and_rejects_wrong() {
        let (m, n, k) = (8, 4, 16);
        let mut rng = Rng::new(5);
        let a = random_f16(&mut rng, m * k);
        let b = random_f16(&mut rng, k * n);
        let mut c = Vec::new();
        for r in 0..m {
            for col in 0..n {
                let s: f64 = (0..k).map(|i| h(&a, r * k + i) * h(&b, i * n + col)).sum();
                c.extend_from_slice(&(s as f32).to_le_bytes());
            }
        }
        let ok = verify(&a, &b, &c, m, n, k, 64, &mut Rng::new(1));
        assert_eq!((ok.checked, ok.mismatches), (64, 0), "{:?}", ok.first);
        // Drop one k term from C[7][3] (always sampled: the last corner).
        let at = 4 * (7 * n + 3);
        let wrong = f32::from_le_bytes(c[at..at + 4].try_into().unwrap()) as f64
            - h(&a, 7 * k + 15) * h(&b, 15 * n + 3);
        c[at..at + 4].copy_from_slice(&(wrong as f32 + 0.5).to_le_bytes());
        let bad = verify(&a, &b, &c, m, n, k, 2, &mut Rng::new(1));
        assert_eq!(bad.mismatches, 1);
        assert!(bad.first.unwrap().starts_with("C[7][3] = "));
    }
}

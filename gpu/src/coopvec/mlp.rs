//! The MLP benchmark's CPU side: kernels, inputs, the dispatch, and the f64
//! reference each variant's output is checked against.
//!
//! Three f16 layers of width 64 (64 -> 64 -> 64 -> 64), each
//! `relu(W h + b)`, one evaluation per invocation. Invocation `i` reads
//! input vector `i % IN_VECTORS` (8 MiB of f16, so the kernels measure the
//! products, not DRAM bandwidth) and writes one f32, the sum of the last
//! layer's 64 outputs (16 MiB for 4M invocations, rather than 512 MiB of
//! f16 vectors); the first `IN_VECTORS` invocations (whole workgroups, so
//! the branch is uniform) also write their 64 outputs (8 MiB), which are
//! checked element by element. Inputs are multiples of 1/64 in [-1, 1], weights multiples
//! of 1/512 in [-1/4, 1/4], biases multiples of 1/256 in [-1/4, 1/4]: all
//! exact in f16.
//!
//! Tolerance: each layer's outputs may err by
//! `e'_r = sqrt(sum_k (w_rk e_k)^2) + rtol (sum_k |w_rk h_k| + |b_r|) + atol`
//! with `rtol` 1e-2 and `atol` 1e-3: the previous layer's errors carried
//! through the weights as independent errors (ReLU is 1-Lipschitz), plus
//! this layer's own f16 accumulation bounded as in the conformance cases;
//! the f32 sum of the last layer may differ from the reference by
//! `3 sqrt(sum_r e_r^2) + 1e-4 sum_r |h_r| + 1e-3` (independent errors again). (Carrying the errors through
//! `|W|` instead, the worst case, gives bounds thousands of times the
//! errors seen, too loose to catch a wrong layer.)

use super::case::{sixty_fourths, Ty};
use crate::data::Rng;

/// The cooperative-vector kernel (`kernels/coopvec/mlp_coopvec.wgsl`),
/// compiled native and as loops.
pub const COOPVEC_WGSL: &str = include_str!("../../kernels/coopvec/mlp_coopvec.wgsl");

/// The scalar-loop kernel (`kernels/coopvec/mlp_scalar.wgsl`).
pub const SCALAR_WGSL: &str = include_str!("../../kernels/coopvec/mlp_scalar.wgsl");

/// Layer width.
pub const WIDTH: usize = 64;

/// Layers.
pub const LAYERS: usize = 3;

/// Input vectors (the kernels' `IN_VECTORS`).
pub const IN_VECTORS: usize = 65536;

/// Invocations per workgroup.
pub const WORKGROUP: u32 = 64;

/// Default invocation count (4M).
pub const DEFAULT_N: u32 = 1 << 22;

/// Workgroups in x: at most this many, the rest in y.
const MAX_GROUPS_X: u32 = 32768;

/// Per-layer relative and absolute tolerance.
const RTOL: f64 = 1e-2;
const ATOL: f64 = 1e-3;

/// The workgroup counts that run `n` invocations (`n` a multiple of 64
/// whose workgroup count fills whole rows of at most 32768).
pub fn groups(n: u32) -> Result<[u32; 3], String> {
    let wgs = n / WORKGROUP;
    if n == 0 || n % WORKGROUP != 0 {
        return Err(format!("{n} invocations is not a positive multiple of 64"));
    }
    let x = wgs.min(MAX_GROUPS_X);
    if wgs % x != 0 {
        return Err(format!(
            "{n} invocations: {wgs} workgroups are not whole rows of {x}"
        ));
    }
    Ok([x, wgs / x, 1])
}

/// The benchmark's inputs, as f64 values exact in f16.
#[derive(Clone, Debug)]
pub struct Data {
    /// `IN_VECTORS * WIDTH` input components.
    pub input: Vec<f64>,
    /// `LAYERS * WIDTH * WIDTH` weights, layer by layer, row-major.
    pub weights: Vec<f64>,
    /// `LAYERS * WIDTH` biases.
    pub biases: Vec<f64>,
}

impl Data {
    /// Deterministic inputs from `seed`.
    pub fn new(seed: u64) -> Data {
        let mut rng = Rng::new(seed);
        let input = (0..IN_VECTORS * WIDTH)
            .map(|_| sixty_fourths(&mut rng, -1.0, 1.0))
            .collect();
        let weights = (0..LAYERS * WIDTH * WIDTH)
            .map(|_| rng.range_i64(-128, 128) as f64 / 512.0)
            .collect();
        let biases = (0..LAYERS * WIDTH)
            .map(|_| rng.range_i64(-64, 64) as f64 / 256.0)
            .collect();
        Data {
            input,
            weights,
            biases,
        }
    }

    /// The f16 bytes of the three input buffers: input, weights, biases.
    pub fn buffers(&self) -> [Vec<u8>; 3] {
        [
            Ty::F16.encode(&self.input),
            Ty::F16.encode(&self.weights),
            Ty::F16.encode(&self.biases),
        ]
    }

    /// The reference outputs of invocation `i` (f64) with their error
    /// bounds.
    pub fn reference(&self, i: usize) -> Reference {
        let x = &self.input[(i % IN_VECTORS) * WIDTH..][..WIDTH];
        let mut h = x.to_vec();
        let mut err = vec![0.0; WIDTH];
        for l in 0..LAYERS {
            let w = &self.weights[l * WIDTH * WIDTH..][..WIDTH * WIDTH];
            let b = &self.biases[l * WIDTH..][..WIDTH];
            let mut next = vec![0.0; WIDTH];
            let mut next_err = vec![0.0; WIDTH];
            for r in 0..WIDTH {
                let row = &w[r * WIDTH..][..WIDTH];
                let sum: f64 = row.iter().zip(&h).map(|(a, b)| a * b).sum::<f64>() + b[r];
                let mag: f64 =
                    row.iter().zip(&h).map(|(a, b)| (a * b).abs()).sum::<f64>() + b[r].abs();
                let carried = row
                    .iter()
                    .zip(&err)
                    .map(|(a, e)| (a * e) * (a * e))
                    .sum::<f64>()
                    .sqrt();
                next[r] = sum.max(0.0);
                next_err[r] = carried + RTOL * mag + ATOL;
            }
            h = next;
            err = next_err;
        }
        let sum: f64 = h.iter().sum();
        let mag: f64 = h.iter().map(|v| v.abs()).sum();
        let sum_tol = 3.0 * err.iter().map(|e| e * e).sum::<f64>().sqrt() + 1e-4 * mag + 1e-3;
        Reference {
            out: h,
            tol: err,
            sum,
            sum_tol,
        }
    }
}

/// The reference of one invocation.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The last layer's outputs.
    pub out: Vec<f64>,
    /// The bound on each output's error.
    pub tol: Vec<f64>,
    /// Their sum (what `out` holds).
    pub sum: f64,
    /// The bound on the sum's error.
    pub sum_tol: f64,
}

/// The invocations whose outputs are compared with the reference: `count`
/// spread over `0..n` (the first and last included).
pub fn sample(n: usize, count: usize) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let count = count.min(n).max(1);
    let step = n / count;
    let mut out: Vec<usize> = (0..count)
        .map(|j| (j * step + (j * 7919) % step.max(1)).min(n - 1))
        .collect();
    out.push(n - 1);
    out.sort_unstable();
    out.dedup();
    out
}

/// The outcome of checking one variant's output.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verified {
    /// Values compared (sampled sums and sampled outputs).
    pub checked: usize,
    /// The largest `|got - reference|` among the outputs of `full`.
    pub max_err: f64,
    /// The largest error relative to its bound (sums and outputs).
    pub worst_ratio: f64,
    /// Failures, described (at most a few).
    pub errors: Vec<String>,
}

impl Verified {
    fn compare(&mut self, what: &str, got: f64, want: f64, tol: f64, element: bool) {
        let err = (got - want).abs();
        self.checked += 1;
        if err.is_finite() {
            if element {
                self.max_err = self.max_err.max(err);
            }
            self.worst_ratio = self.worst_ratio.max(err / tol);
        }
        if (err.is_nan() || err > tol) && self.errors.len() < 4 {
            self.errors
                .push(format!("{what} = {got}, expected {want} +- {tol}"));
        }
    }
}

/// Checks one run: `sums` (binding 3, an f32 per invocation) must all be
/// finite (written) and, for `samples` invocations spread over `0..n`, hold
/// the reference sum; `full` (binding 4, the first `IN_VECTORS`
/// invocations' outputs as f16) must all be finite and, for `samples / 4`
/// of them, hold each of the 64 reference outputs.
pub fn verify(data: &Data, sums: &[u8], full: &[u8], n: usize, samples: usize) -> Verified {
    let mut v = Verified::default();
    let got = Ty::F32.decode(sums);
    let rows = n.min(IN_VECTORS);
    let outs = Ty::F16.decode(full);
    if got.len() < n || outs.len() < rows * WIDTH {
        v.errors.push(format!(
            "{} sums and {} outputs read back, {n} and {} expected",
            got.len(),
            outs.len(),
            rows * WIDTH
        ));
        return v;
    }
    let bad = got[..n].iter().filter(|x| !x.is_finite()).count();
    let bad_full = outs[..rows * WIDTH]
        .iter()
        .filter(|x| !x.is_finite())
        .count();
    if bad + bad_full > 0 {
        v.errors.push(format!(
            "{bad} of {n} sums and {bad_full} of {} outputs are not finite (unwritten ones stay NaN)",
            rows * WIDTH
        ));
    }
    for i in sample(n, samples) {
        let r = data.reference(i);
        v.compare(
            &format!("sum of invocation {i}"),
            got[i],
            r.sum,
            r.sum_tol,
            false,
        );
    }
    for i in sample(rows, samples / 4) {
        let r = data.reference(i);
        for (k, (want, tol)) in r.out.iter().zip(&r.tol).enumerate() {
            let what = format!("output {k} of invocation {i}");
            v.compare(&what, outs[i * WIDTH + k], *want, *tol, true);
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispatch_geometry() {
        assert_eq!(groups(DEFAULT_N), Ok([32768, 2, 1]));
        assert_eq!(groups(64 * 100), Ok([100, 1, 1]));
        assert!(groups(100).is_err());
        assert!(groups(64 * 40000).is_err());
        assert!(COOPVEC_WGSL.contains("coopVecMatMulAdd"));
        assert!(!SCALAR_WGSL.contains("coop_vec"));
    }

    #[test]
    fn inputs_are_exact_in_f16() {
        let d = Data::new(1);
        for v in [&d.input, &d.weights, &d.biases] {
            assert!(v.iter().all(|&x| Ty::F16.round(x) == x));
        }
        assert_eq!(d.weights.len(), 3 * 64 * 64);
        let [i, w, b] = d.buffers();
        assert_eq!((i.len(), w.len(), b.len()), (8 << 20, 24576, 384));
    }

    #[test]
    fn reference_is_an_mlp() {
        // One non-zero weight per layer on the diagonal path 0 -> 0: the
        // output is relu(relu(relu(x0 w0 + b0) w1 + b1) w2 + b2) plus the
        // biases of the other rows through their ReLUs.
        let mut d = Data {
            input: vec![0.0; IN_VECTORS * WIDTH],
            weights: vec![0.0; LAYERS * WIDTH * WIDTH],
            biases: vec![0.0; LAYERS * WIDTH],
        };
        d.input[WIDTH * 3] = 0.5; // vector 3, component 0
        for l in 0..LAYERS {
            d.weights[l * WIDTH * WIDTH] = 2.0;
        }
        d.biases[2 * WIDTH] = -0.25;
        d.biases[2 * WIDTH + 5] = 0.125;
        let r = d.reference(3);
        assert_eq!(r.out[0], 0.5 * 8.0 - 0.25);
        assert_eq!((r.out[5], r.out[6]), (0.125, 0.0));
        assert_eq!(r.sum, 0.5 * 8.0 - 0.25 + 0.125);
        // Layer errors: 0.5*2 -> 0.011; 2*0.011 + 0.02 + 0.001; then
        // 2*0.043 + 0.0425 + 0.001.
        assert!((r.tol[0] - 0.1295).abs() < 1e-9, "{}", r.tol[0]);
        assert!((r.tol[6] - 0.001).abs() < 1e-12);
        assert!(
            r.sum_tol > 2.0 * r.tol[0] && r.sum_tol < 0.5,
            "{}",
            r.sum_tol
        );
        // Invocation IN_VECTORS + 3 reads the same vector.
        assert_eq!(d.reference(IN_VECTORS + 3), r);
        assert_eq!(d.reference(4).sum, 0.125);
    }

    #[test]
    fn verification_sees_errors_and_unwritten_outputs() {
        let d = Data::new(2);
        let n = 1024;
        let refs: Vec<Reference> = (0..n).map(|i| d.reference(i)).collect();
        let sums: Vec<f64> = refs.iter().map(|r| r.sum).collect();
        let full: Vec<f64> = refs.iter().flat_map(|r| r.out.clone()).collect();
        let (s, f) = (Ty::F32.encode(&sums), Ty::F16.encode(&full));
        let v = verify(&d, &s, &f, n, 64);
        assert!(v.errors.is_empty(), "{:?}", v.errors);
        assert_eq!(v.checked, 65 + 17 * 64);
        assert!(v.worst_ratio < 0.1, "{}", v.worst_ratio);
        // A wrong sum, a wrong output (a layer without its bias would be
        // off by |b| ~ 0.1), an unwritten value.
        let mut off = sums.clone();
        off[n - 1] += 5.0;
        assert_eq!(verify(&d, &Ty::F32.encode(&off), &f, n, 64).errors.len(), 1);
        let mut wrong = full.clone();
        wrong[(n - 1) * WIDTH + 3] += 0.1 + refs[n - 1].tol[3];
        assert_eq!(
            verify(&d, &s, &Ty::F16.encode(&wrong), n, 64).errors.len(),
            1
        );
        let mut nan = sums;
        nan[5] = f64::NAN;
        let v = verify(&d, &Ty::F32.encode(&nan), &f, n, 64);
        assert!(v.errors[0].contains("not finite"));
        let s = sample(DEFAULT_N as usize, 4096);
        assert!(s.len() >= 4096 && s[0] == 0 && *s.last().unwrap() == DEFAULT_N as usize - 1);
    }

    #[test]
    fn a_layer_without_its_bias_fails_verification() {
        let d = Data::new(7);
        let mut wrong = d.clone();
        wrong.biases[2 * WIDTH..].iter_mut().for_each(|b| *b = 0.0);
        // Checking only the outputs of `full` (the sums are right).
        let n = 256;
        let sums: Vec<f64> = (0..n).map(|i| d.reference(i).sum).collect();
        let checked = sample(n, 64);
        for i in [checked[0], checked[10], checked[40]] {
            let mut full: Vec<f64> = (0..n).flat_map(|j| d.reference(j).out).collect();
            full[i * WIDTH..(i + 1) * WIDTH].copy_from_slice(&wrong.reference(i).out);
            let v = verify(
                &d,
                &Ty::F32.encode(&sums),
                &Ty::F16.encode(&full),
                n,
                4 * 64,
            );
            assert!(!v.errors.is_empty(), "invocation {i}: {v:?}");
        }
    }
}

//! What every cooperative-vector conformance case shares: the component
//! types, the kernel's bindings, the input data, the expected output and
//! the check of what the GPU wrote.
//!
//! Every kernel has the same six bindings:
//!
//! | binding | WGSL | holds |
//! |---|---|---|
//! | 0 | `a: array<T>` (read) | the invocations' input vectors |
//! | 1 | `b: array<T>` (read) | second operands, scalars |
//! | 2 | `m: array<T>` (read) | the matrix (products) or third operands |
//! | 3 | `bias: array<T>` (read) | the bias |
//! | 4 | `out: array<O>` (read_write) | the results, then a guard |
//! | 5 | `params` (uniform) | `offset`, `stride`, `bias_offset`, `span` |
//!
//! `out` is filled with NaN before the run (`0x7FFF` halves, `0x7FFFFFFF`
//! words), so an element no invocation wrote fails its check; the
//! [`GUARD`] elements after the results must keep those bits.

use half::f16;

/// Invocations per case (four workgroups of 64).
pub const INVOCATIONS: u32 = 256;

/// Workgroup size of every conformance kernel.
pub const WORKGROUP: u32 = 64;

/// Elements after the results in `out` that no invocation may write.
pub const GUARD: usize = 64;

/// A component type of cooperative vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// `f16`.
    F16,
    /// `f32`.
    F32,
    /// `i32` (the results of the 8-bit integer products).
    I32,
}

impl Ty {
    /// The WGSL spelling.
    pub fn wgsl(self) -> &'static str {
        match self {
            Ty::F16 => "f16",
            Ty::F32 => "f32",
            Ty::I32 => "i32",
        }
    }

    /// Bytes per component.
    pub fn bytes(self) -> usize {
        match self {
            Ty::F16 => 2,
            Ty::F32 | Ty::I32 => 4,
        }
    }

    /// Unit roundoff (half an ulp at 1): 2^-11 or 2^-24 (0 for `i32`).
    pub fn unit_roundoff(self) -> f64 {
        match self {
            Ty::F16 => 2f64.powi(-11),
            Ty::F32 => 2f64.powi(-24),
            Ty::I32 => 0.0,
        }
    }

    /// `x` rounded to this type (to nearest even; `i32`: to nearest even
    /// and wrapped).
    pub fn round(self, x: f64) -> f64 {
        match self {
            Ty::F16 => f16::from_f64(x).to_f64(),
            Ty::F32 => x as f32 as f64,
            Ty::I32 => x.round_ties_even() as i64 as i32 as f64,
        }
    }

    /// Little-endian bytes of `values` in this type.
    pub fn encode(self, values: &[f64]) -> Vec<u8> {
        let mut out = Vec::with_capacity(values.len() * self.bytes());
        for &v in values {
            match self {
                Ty::F16 => out.extend(f16::from_f64(v).to_bits().to_le_bytes()),
                Ty::F32 => out.extend((v as f32).to_le_bytes()),
                Ty::I32 => out.extend((v as i64 as i32).to_le_bytes()),
            }
        }
        out
    }

    /// The values of little-endian `bytes` of this type.
    pub fn decode(self, bytes: &[u8]) -> Vec<f64> {
        match self {
            Ty::F16 => bytes
                .chunks_exact(2)
                .map(|c| f16::from_bits(u16::from_le_bytes([c[0], c[1]])).to_f64())
                .collect(),
            Ty::F32 => bytes
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64)
                .collect(),
            Ty::I32 => bytes
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64)
                .collect(),
        }
    }

    /// `len` elements of the NaN the output buffers are filled with (for
    /// `i32`, `0x7FFFFFFF`).
    pub fn poison(self, len: usize) -> Vec<u8> {
        match self {
            Ty::F16 => 0x7FFFu16.to_le_bytes().repeat(len),
            Ty::F32 | Ty::I32 => 0x7FFF_FFFFu32.to_le_bytes().repeat(len),
        }
    }
}

/// What one output element must hold.
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// Within `tol` of `value` (`tol` 0: exactly).
    Near {
        /// The reference value (f64, from the definition).
        value: f64,
        /// The largest allowed `|got - value|`.
        tol: f64,
    },
    /// Exactly one of these values (a clamped index may pick either end).
    OneOf(Vec<f64>),
    /// Finite with `|got| <= bound` (results that read outside the matrix:
    /// WGSL gives an element of the array or zero, never memory outside).
    Bounded(f64),
}

impl Expect {
    /// `Near` with tolerance 0.
    pub fn exact(value: f64) -> Expect {
        Expect::Near { value, tol: 0.0 }
    }

    /// The error of `got` against this expectation (0 for `OneOf` and
    /// `Bounded` hits) and whether it passes.
    pub fn judge(&self, got: f64) -> (f64, bool) {
        match self {
            Expect::Near { value, tol } => {
                let err = (got - value).abs();
                (err, got.is_finite() && err <= *tol)
            }
            Expect::OneOf(values) => (0.0, values.contains(&got)),
            Expect::Bounded(bound) => (0.0, got.is_finite() && got.abs() <= *bound),
        }
    }
}

/// One conformance kernel with its inputs and expected outputs.
#[derive(Clone, Debug)]
pub struct Case {
    /// `GROUP/OP/SIZE`, e.g. `matmul/row/K64xM32`.
    pub name: String,
    /// The component types: `T` for element-wise cases, `T:R` for products.
    pub config: String,
    /// The kernel.
    pub wgsl: String,
    /// `T`, the type of bindings 0-3.
    pub input: Ty,
    /// The type of `out`'s elements.
    pub output: Ty,
    /// Binding 0.
    pub a: Vec<f64>,
    /// Binding 1.
    pub b: Vec<f64>,
    /// Binding 2.
    pub m: Vec<f64>,
    /// Binding 3.
    pub bias: Vec<f64>,
    /// Binding 5: `offset`, `stride`, `bias_offset`, `span`.
    pub params: [u32; 4],
    /// One per result element, in `out`'s order.
    pub expect: Vec<Expect>,
}

/// The outcome of comparing what the GPU wrote with a case's expectations.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Check {
    /// The largest `|got - reference|` among `Near` expectations.
    pub max_err: f64,
    /// Elements checked (results and guard).
    pub checked: usize,
    /// Elements that failed.
    pub failures: usize,
    /// The first few failures, described.
    pub first: Vec<String>,
}

impl Check {
    /// Whether every element passed.
    pub fn ok(&self) -> bool {
        self.failures == 0 && self.checked > 0
    }
}

impl Case {
    /// The bytes of `out` before the run: NaN everywhere (results and
    /// guard).
    pub fn out_init(&self) -> Vec<u8> {
        self.output.poison(self.expect.len() + GUARD)
    }

    /// Checks `out` as read back: every result against its expectation,
    /// every guard element unchanged.
    pub fn check(&self, out: &[u8]) -> Check {
        check_output(self.output, &self.expect, out)
    }

    /// Result elements per invocation.
    pub fn per_invocation(&self) -> usize {
        (self.expect.len() / INVOCATIONS as usize).max(1)
    }
}

/// Checks `out` as read back against `expect` (elements of `output`):
/// every result against its expectation, then [`GUARD`] elements that
/// must keep the poison's bits.
pub fn check_output(output: Ty, expect: &[Expect], out: &[u8]) -> Check {
    let mut c = Check::default();
    let n = expect.len();
    let bytes = output.bytes();
    let per_invocation = (n / INVOCATIONS as usize).max(1);
    if out.len() < (n + GUARD) * bytes {
        c.failures = 1;
        c.first.push(format!(
            "out has {} bytes, expected {}",
            out.len(),
            (n + GUARD) * bytes
        ));
        return c;
    }
    let got = output.decode(&out[..n * bytes]);
    for (i, (g, e)) in got.iter().zip(expect).enumerate() {
        let (err, ok) = e.judge(*g);
        c.checked += 1;
        if err.is_finite() {
            c.max_err = c.max_err.max(err);
        }
        if !ok {
            c.failures += 1;
            if c.first.len() < 4 {
                let (inv, at) = (i / per_invocation, i % per_invocation);
                c.first.push(format!(
                    "out[{i}] (invocation {inv}, component {at}) = {g}, expected {e:?}"
                ));
            }
        }
    }
    let guard = &out[n * bytes..(n + GUARD) * bytes];
    let poison = output.poison(GUARD);
    for (i, (g, p)) in guard
        .chunks_exact(bytes)
        .zip(poison.chunks_exact(bytes))
        .enumerate()
    {
        c.checked += 1;
        if g != p {
            c.failures += 1;
            if c.first.len() < 4 {
                c.first
                    .push(format!("guard element {i} after the results was written"));
            }
        }
    }
    c
}

/// A deterministic pseudo-random value `k / 64` with `k` in
/// `lo*64..=hi*64`: exactly representable in f16 for `|lo|, |hi| <= 32`.
pub fn sixty_fourths(rng: &mut crate::data::Rng, lo: f64, hi: f64) -> f64 {
    rng.range_i64((lo * 64.0) as i64, (hi * 64.0) as i64) as f64 / 64.0
}

/// `len` values from [`sixty_fourths`].
pub fn values(rng: &mut crate::data::Rng, len: usize, lo: f64, hi: f64) -> Vec<f64> {
    (0..len).map(|_| sixty_fourths(rng, lo, hi)).collect()
}

/// The declarations every kernel starts with, for input type `t` and
/// output type `o`.
pub fn header(t: Ty, o: Ty) -> String {
    let f16 = if t == Ty::F16 || o == Ty::F16 {
        "enable f16;\n"
    } else {
        ""
    };
    let (t, o) = (t.wgsl(), o.wgsl());
    format!(
        "{f16}enable tessera_experimental_cooperative_vector;

struct Params {{
    offset: u32,
    stride: u32,
    bias_offset: u32,
    span: u32,
}}

@group(0) @binding(0) var<storage, read> a: array<{t}>;
@group(0) @binding(1) var<storage, read> b: array<{t}>;
@group(0) @binding(2) var<storage, read> m: array<{t}>;
@group(0) @binding(3) var<storage, read> bias: array<{t}>;
@group(0) @binding(4) var<storage, read_write> out: array<{o}>;
@group(0) @binding(5) var<uniform> params: Params;
"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_and_decodes() {
        let v = [1.5, -0.015625, 2.0, 0.0];
        for t in [Ty::F16, Ty::F32] {
            assert_eq!(t.decode(&t.encode(&v)), v);
            assert!(t.decode(&t.poison(3)).iter().all(|x| x.is_nan()));
        }
        assert_eq!(Ty::F16.round(1.0 + 2f64.powi(-12)), 1.0);
        assert_eq!(Ty::F32.round(1.0 + 2f64.powi(-12)), 1.0 + 2f64.powi(-12));
    }

    #[test]
    fn judges_expectations() {
        assert_eq!(Expect::exact(2.0).judge(2.0), (0.0, true));
        assert!(!Expect::exact(2.0).judge(2.001).1);
        let near = Expect::Near {
            value: 1.0,
            tol: 0.01,
        };
        assert!(near.judge(1.005).1 && !near.judge(f64::NAN).1);
        assert!(Expect::OneOf(vec![1.0, 3.0]).judge(3.0).1);
        assert!(!Expect::OneOf(vec![1.0, 3.0]).judge(2.0).1);
        assert!(Expect::Bounded(4.0).judge(-4.0).1);
        assert!(!Expect::Bounded(4.0).judge(f64::INFINITY).1);
        assert!(!Expect::Bounded(4.0).judge(f64::NAN).1);
    }

    #[test]
    fn check_sees_unwritten_and_guard_elements() {
        let case = Case {
            name: "t".into(),
            config: "f16".into(),
            wgsl: String::new(),
            input: Ty::F16,
            output: Ty::F16,
            a: vec![],
            b: vec![],
            m: vec![],
            bias: vec![],
            params: [0; 4],
            expect: vec![Expect::exact(1.0); INVOCATIONS as usize],
        };
        let mut out = case.out_init();
        assert_eq!(case.check(&out).failures, INVOCATIONS as usize);
        let ones = Ty::F16.encode(&vec![1.0; INVOCATIONS as usize]);
        out[..ones.len()].copy_from_slice(&ones);
        let c = case.check(&out);
        assert!(c.ok(), "{c:?}");
        assert_eq!(c.checked, INVOCATIONS as usize + GUARD);
        let at = ones.len() + 6;
        out[at] = 0;
        assert_eq!(case.check(&out).failures, 1);
    }

    #[test]
    fn values_are_exact_in_f16() {
        let mut rng = crate::data::Rng::new(5);
        let v = values(&mut rng, 1000, -2.0, 2.0);
        assert!(v.iter().all(|&x| Ty::F16.round(x) == x && x.abs() <= 2.0));
        assert!(v.iter().any(|&x| x < -1.5) && v.iter().any(|&x| x > 1.5));
    }
}

//! Matrix-vector product cases: `coopVecMatMul` and `coopVecMatMulAdd`,
//! row- and column-major, for each `T:R` configuration and size `K x M`.
//!
//! Each invocation builds `v: coop_vec<T, K>` from `a` and multiplies it by
//! the `M x K` matrix in `m`. Offsets, strides and bias offsets come from
//! the uniform `params` (run-time values, so the native lowering's
//! alignment and range tests run on the GPU), except in the `const` case.
//! Aligned cases put the matrix at 64 bytes with a stride and bias offset
//! that are multiples of 16 bytes (Vulkan's rules for the native
//! instructions); the `unaligned_*` cases break one rule each, so the
//! native kernel takes its loop fallback; `divergent` gives each
//! invocation one of four matrices; `past_end` and `bias_past_end` put the
//! last rows (or bias elements) past the end of the array.
//!
//! Reference: `sum_k m(r, k) * v[k] (+ bias[r])` in f64. Tolerance
//! `rtol * (sum_k |m(r, k) * v[k]| + |bias[r]|) + atol`, with `rtol` 1e-2
//! and `atol` 1e-3 for f16 results, 1e-3 and 1e-5 for f32 results. A row
//! that reads outside the array must be finite and bounded by
//! `sum_k |v[k]| * max|m| + max|bias|` (WGSL reads an element of the array
//! or zero there); the rows inside it are checked as usual.

use super::case::{header, values, Case, Expect, Ty, INVOCATIONS, WORKGROUP};
use crate::data::Rng;

/// The `T:R` configurations of the product cases.
pub const CONFIGS: &[(Ty, Ty)] = &[(Ty::F16, Ty::F16), (Ty::F16, Ty::F32), (Ty::F32, Ty::F32)];

/// The `(K, M)` sizes of the product cases.
pub const SIZES: &[(u32, u32)] = &[(16, 16), (64, 32), (32, 64)];

/// One product case's shape and arguments.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec {
    /// `coopVecMatMulAdd` (else `coopVecMatMul`).
    pub add: bool,
    /// Column-major matrix.
    pub col: bool,
    /// Matrix offset (elements).
    pub offset: u32,
    /// Matrix stride (elements).
    pub stride: u32,
    /// Bias offset (elements).
    pub bias_offset: u32,
    /// With `divergent`: elements between the four matrices.
    pub span: u32,
    /// Elements of `m`.
    pub m_len: u32,
    /// Elements of `bias`.
    pub bias_len: u32,
    /// Arguments as literals instead of `params`.
    pub literal: bool,
    /// Invocation `g` uses matrix `g % 4`, at `offset + (g % 4) * span`.
    pub divergent: bool,
    /// `max(product, coop_vec<R, M>())`.
    pub relu: bool,
    /// The product inside a function taking the vector and the offset.
    pub function: bool,
}

/// Every product variant for `T = t` and size `k x m`: `(name, spec)`.
pub fn specs(t: Ty, k: u32, m: u32) -> Vec<(&'static str, Spec)> {
    let el = 16 / t.bytes() as u32; // elements per 16 bytes
    let al = 64 / t.bytes() as u32; // elements per 64 bytes
    let row = Spec {
        offset: al,
        stride: k + el,
        bias_offset: el,
        ..Spec::default()
    };
    let col = Spec {
        col: true,
        stride: m + el,
        ..row
    };
    let add = |s: Spec| Spec { add: true, ..s };
    let list = vec![
        ("matmul/row", row),
        ("matmul/col", col),
        ("matmuladd/row", add(row)),
        ("matmuladd/col", add(col)),
        (
            "matmul/row/const",
            Spec {
                literal: true,
                ..row
            },
        ),
        (
            "matmul/row/unaligned_offset",
            Spec {
                offset: al + 1,
                ..row
            },
        ),
        (
            "matmul/col/unaligned_offset",
            Spec {
                offset: al + 1,
                ..col
            },
        ),
        (
            "matmul/row/unaligned_stride",
            Spec {
                stride: k + 1,
                ..row
            },
        ),
        (
            "matmuladd/row/unaligned_bias",
            Spec {
                bias_offset: 1,
                ..add(row)
            },
        ),
        (
            "matmul/row/divergent",
            Spec {
                divergent: true,
                span: (m * row.stride).div_ceil(al) * al,
                ..row
            },
        ),
        ("matmul/row/past_end", row),
        ("matmuladd/row/bias_past_end", add(row)),
        (
            "matmuladd/row/relu",
            Spec {
                relu: true,
                ..add(row)
            },
        ),
        (
            "matmul/row/function",
            Spec {
                function: true,
                ..row
            },
        ),
    ];
    list.into_iter()
        .map(|(name, mut s)| {
            let rows_or_cols = if s.col { k } else { m };
            let matrices = if s.divergent { 4 } else { 1 };
            let one = rows_or_cols * s.stride;
            s.m_len = s.offset + (matrices - 1) * s.span + one + al;
            s.bias_len = s.bias_offset + m + el;
            if name.ends_with("/past_end") {
                // Rows m/2.. reach past the end (row-major).
                s.m_len = s.offset + (m / 2) * s.stride;
            }
            if name.ends_with("/bias_past_end") {
                s.bias_len = s.bias_offset + m / 2;
            }
            (name, s)
        })
        .collect()
}

/// The kernel of one product case.
pub fn wgsl(t: Ty, r: Ty, k: u32, m: u32, s: &Spec) -> String {
    let lit = |v: u32, p: &str| {
        if s.literal {
            format!("{v}u")
        } else {
            format!("params.{p}")
        }
    };
    let offset = if s.divergent {
        "params.offset + (g % 4u) * params.span".to_string()
    } else if s.function {
        "offset".to_string()
    } else {
        lit(s.offset, "offset")
    };
    let stride = lit(s.stride, "stride");
    let col = s.col;
    let result = "coop_vec<R, M>";
    let mut product = if s.add {
        format!(
            "coopVecMatMulAdd<{result}>(v, &m, {offset}, {col}, {stride}, &bias, {})",
            lit(s.bias_offset, "bias_offset")
        )
    } else {
        format!("coopVecMatMul<{result}>(v, &m, {offset}, {col}, {stride})")
    };
    if s.relu {
        product = format!("max({product}, {result}())");
    }
    let (module, call) = if s.function {
        (
            format!(
                "fn product(v: coop_vec<T, K>, offset: u32) -> {result} {{\n    return {product};\n}}\n"
            ),
            "product(v, params.offset)".to_string(),
        )
    } else {
        (String::new(), product)
    };
    format!(
        "{}
alias T = {};
alias R = {};
const K = {k}u;
const M = {m}u;
{module}
@compute @workgroup_size({WORKGROUP})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    let g = gid.x;
    var xa: array<T, K>;
    for (var i = 0u; i < K; i++) {{
        xa[i] = a[g * K + i];
    }}
    let v = coop_vec<T, K>(xa);
    let r = {call};
    for (var i = 0u; i < M; i++) {{
        out[g * M + i] = r[i];
    }}
}}
",
        header(t, r),
        t.wgsl(),
        r.wgsl()
    )
}

/// Tolerance `(rtol, atol)` of a product with result type `r`.
pub fn tolerance(r: Ty) -> (f64, f64) {
    match r {
        Ty::F16 => (1e-2, 1e-3),
        Ty::F32 => (1e-3, 1e-5),
        Ty::I32 => (0.0, 0.0),
    }
}

/// The expected results of one product case from its inputs (f64).
pub fn expected(
    r: Ty,
    k: u32,
    m: u32,
    s: &Spec,
    a: &[f64],
    mat: &[f64],
    bias: &[f64],
) -> Vec<Expect> {
    let (k, m) = (k as usize, m as usize);
    let (rtol, atol) = tolerance(r);
    let max_m = mat.iter().fold(0.0f64, |x, y| x.max(y.abs()));
    let max_b = if s.add {
        bias.iter().fold(0.0f64, |x, y| x.max(y.abs()))
    } else {
        0.0
    };
    let mut out = Vec::with_capacity(INVOCATIONS as usize * m);
    for g in 0..INVOCATIONS as usize {
        let v = &a[g * k..(g + 1) * k];
        let off = s.offset as usize
            + if s.divergent {
                (g % 4) * s.span as usize
            } else {
                0
            };
        let stride = s.stride as usize;
        for row in 0..m {
            let index = |kk: usize| {
                if s.col {
                    off + kk * stride + row
                } else {
                    off + row * stride + kk
                }
            };
            let b_at = s.bias_offset as usize + row;
            let inside = (0..k).all(|kk| index(kk) < mat.len()) && (!s.add || b_at < bias.len());
            let e = if inside {
                let mut sum = 0.0;
                let mut mag = 0.0;
                for (kk, x) in v.iter().enumerate() {
                    let term = mat[index(kk)] * x;
                    sum += term;
                    mag += term.abs();
                }
                if s.add {
                    sum += bias[b_at];
                    mag += bias[b_at].abs();
                }
                if s.relu {
                    sum = sum.max(0.0);
                }
                Expect::Near {
                    value: sum,
                    tol: rtol * mag + atol,
                }
            } else {
                let bound = v.iter().map(|x| x.abs()).sum::<f64>() * max_m + max_b;
                Expect::Bounded(bound * (1.0 + rtol) + atol)
            };
            out.push(e);
        }
    }
    out
}

/// The case `name` for `T:R = t:r`, size `k x m`, inputs from `seed`.
pub fn case(name: &str, t: Ty, r: Ty, k: u32, m: u32, s: &Spec, seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let a = values(&mut rng, (INVOCATIONS * k) as usize, -2.0, 2.0);
    let mat = values(&mut rng, s.m_len as usize, -1.0, 1.0);
    let bias = values(&mut rng, s.bias_len as usize, -2.0, 2.0);
    let expect = expected(r, k, m, s, &a, &mat, &bias);
    Case {
        name: format!("{name}/K{k}xM{m}"),
        config: format!("{}:{}", t.wgsl(), r.wgsl()),
        wgsl: wgsl(t, r, k, m, s),
        input: t,
        output: r,
        a,
        b: vec![0.0; 4],
        m: mat,
        bias,
        params: [s.offset, s.stride, s.bias_offset, s.span],
        expect,
    }
}

/// Every product case: each configuration, size and variant.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut seed = 5000;
    for &(t, r) in CONFIGS {
        for &(k, m) in SIZES {
            for (name, s) in specs(t, k, m) {
                seed += 1;
                out.push(case(name, t, r, k, m, &s, seed));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_specs_follow_vulkans_rules_and_the_others_break_one() {
        for t in [Ty::F16, Ty::F32] {
            let size = t.bytes() as u32;
            for (name, s) in specs(t, 64, 32) {
                let offset_ok = (s.offset * size) % 64 == 0 && (s.span * size) % 64 == 0;
                let stride_ok = (s.stride * size) % 16 == 0;
                let bias_ok = (s.bias_offset * size) % 16 == 0;
                let aligned = offset_ok && stride_ok && bias_ok;
                assert_eq!(aligned, !name.contains("unaligned"), "{name}");
                // Every matrix lies inside `m`, except past_end's.
                let rows = if s.col { 64 } else { 32 };
                let end = s.offset + 3 * s.span * u32::from(s.divergent) + rows * s.stride;
                assert_eq!(end <= s.m_len, !name.ends_with("/past_end"), "{name}");
            }
        }
    }

    #[test]
    fn reference_of_a_small_product() {
        // K = 2, M = 2 row-major at offset 1, stride 3: rows [1, 2], [3, 4];
        // column-major: columns [1, 2], [3, 4] (so rows [1, 3], [2, 4]).
        let mat = [9.0, 1.0, 2.0, 9.0, 3.0, 4.0, 9.0];
        let a: Vec<f64> = (0..INVOCATIONS).flat_map(|_| [1.0, -1.0]).collect();
        let s = Spec {
            offset: 1,
            stride: 3,
            ..Spec::default()
        };
        let e = expected(Ty::F32, 2, 2, &s, &a, &mat, &[]);
        assert_eq!(e.len(), 2 * INVOCATIONS as usize);
        let value = |e: &Expect| match e {
            Expect::Near { value, .. } => *value,
            other => panic!("{other:?}"),
        };
        assert_eq!((value(&e[0]), value(&e[1])), (-1.0, -1.0));
        let c = expected(Ty::F32, 2, 2, &Spec { col: true, ..s }, &a, &mat, &[]);
        assert_eq!((value(&c[0]), value(&c[1])), (-2.0, -2.0));
        // With bias [10, 20] at offset 1 and a ReLU.
        let bias = [0.0, 10.0, -20.0];
        let add = Spec {
            add: true,
            bias_offset: 1,
            relu: true,
            ..s
        };
        let e = expected(Ty::F16, 2, 2, &add, &a, &mat, &bias);
        assert_eq!((value(&e[0]), value(&e[1])), (9.0, 0.0));
        // Row 1 past the end of a 5-element matrix: bounded, row 0 exact.
        let e = expected(Ty::F32, 2, 2, &s, &a, &mat[..5], &[]);
        assert_eq!(value(&e[0]), -1.0);
        assert!(matches!(e[1], Expect::Bounded(b) if b >= 2.0 * 9.0));
    }

    #[test]
    fn every_case_is_complete() {
        let all = cases();
        assert_eq!(all.len(), CONFIGS.len() * SIZES.len() * 14);
        for c in &all {
            assert!(c.wgsl.contains("coopVecMatMul"), "{}", c.name);
            assert_eq!(c.a.len() % INVOCATIONS as usize, 0);
        }
        let past = all
            .iter()
            .find(|c| c.name == "matmul/row/past_end/K16xM16")
            .expect("past_end");
        let bounded = past
            .expect
            .iter()
            .filter(|e| matches!(e, Expect::Bounded(_)))
            .count();
        assert_eq!(bounded, 8 * INVOCATIONS as usize);
    }
}

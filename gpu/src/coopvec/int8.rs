//! 8-bit integer products, row- and column-major:
//! `coopVecMatMul(Add)<coop_vec<i32, M>, E>` with `E` = `i8` or `u8`, the
//! matrix as bytes in `array<u32>` (element `e` = byte `e % 4` of word `e /
//! 4`), offsets and strides in elements (bytes), an `i32` bias, and the
//! input `coop_vec<i32, K>` (saturated to `E`), `coop_vec<f32, K>` (rounded
//! to even, saturated) or `coop_vec<u32, K / 4>` (four packed `E`s a
//! component), as `docs/cooperative-vectors.md` defines them.
//!
//! Every input kind meets both matrix types (the H200 lists five of the
//! six: not `f32/u8:i32`, whose native build is loops). The inputs reach
//! outside the 8-bit ranges on both sides and hold `f32` halves, so the
//! saturation and the rounding are tested; the matrix bytes are random
//! (negative and positive `i8`s); the `wrap` case's bias lies within 1000
//! of `i32`'s ends, so many sums wrap. The `unaligned_offset` case puts the
//! matrix one byte off a multiple of 64 (the native kernel's loop).
//!
//! The reference is the exact integer sum of the definition, wrapped to
//! `i32`; every result must equal it.

use super::case::{Expect, Ty, INVOCATIONS};
use super::raw::{input_element, input_words, int_header, main_body, word_bytes};
use super::raw::{Elem, Input, Placement, RawCase};
use crate::data::Rng;

/// The (input, matrix) pairs.
pub const CONFIGS: &[(Input, Elem)] = &[
    (Input::I32, Elem::I8),
    (Input::F32, Elem::I8),
    (Input::U32, Elem::I8),
    (Input::I32, Elem::U8),
    (Input::F32, Elem::U8),
    (Input::U32, Elem::U8),
];

/// The `(K, M)` sizes.
pub const SIZES: &[(u32, u32)] = &[(16, 16), (64, 32)];

/// One case's arguments.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec {
    /// `coopVecMatMulAdd` (else `coopVecMatMul`).
    pub add: bool,
    /// Column-major.
    pub col: bool,
    /// Matrix offset (bytes).
    pub offset: u32,
    /// Stride (bytes).
    pub stride: u32,
    /// Bias offset (`i32` elements).
    pub bias_offset: u32,
    /// A bias near `i32`'s ends, so that sums wrap.
    pub wrap: bool,
}

/// The variants for size `k x m`: `(name, spec)`. Aligned ones follow
/// Vulkan's rules (offset 64 bytes, stride and bias offset multiples of
/// 16 bytes).
pub fn specs(k: u32, m: u32) -> Vec<(&'static str, Spec)> {
    let row = Spec {
        offset: 64,
        stride: k + 16,
        bias_offset: 4,
        ..Spec::default()
    };
    let col = Spec {
        col: true,
        stride: m + 16,
        ..row
    };
    let add = |s: Spec| Spec { add: true, ..s };
    vec![
        ("matmul/row", row),
        ("matmul/col", col),
        ("matmuladd/row", add(row)),
        ("matmuladd/col", add(col)),
        (
            "matmuladd/row/unaligned_offset",
            Spec {
                offset: 65,
                ..add(row)
            },
        ),
        (
            "matmuladd/row/wrap",
            Spec {
                wrap: true,
                ..add(row)
            },
        ),
    ]
}

/// The kernel.
pub fn wgsl(input: Input, elem: Elem, k: u32, m: u32, s: &Spec) -> String {
    let result = "coop_vec<i32, M>";
    let e = elem.wgsl();
    let call = if s.add {
        format!(
            "coopVecMatMulAdd<{result}, {e}>(v, &m, params.offset, {}, params.stride, &bias, params.bias_offset)",
            s.col
        )
    } else {
        format!(
            "coopVecMatMul<{result}, {e}>(v, &m, params.offset, {}, params.stride)",
            s.col
        )
    };
    format!(
        "{}
alias I = {};
const N = {}u;
const M = {m}u;
{}",
        int_header(input),
        input.wgsl(),
        input.components(k),
        main_body(&call)
    )
}

/// The expected results: for each invocation and row, `sum_k E(matrix(r,
/// k)) * v_E[k] (+ bias)`, wrapped to `i32`.
pub fn expected(
    (input, elem): (Input, Elem),
    (k, m): (u32, u32),
    s: &Spec,
    a: &[u32],
    mat: &[u8],
    bias: &[i32],
) -> Vec<Expect> {
    let (k, m) = (k as usize, m as usize);
    let n = input.components(k as u32) as usize;
    let mut out = Vec::with_capacity(INVOCATIONS as usize * m);
    for g in 0..INVOCATIONS as usize {
        let v = &a[g * n..(g + 1) * n];
        for r in 0..m {
            let mut sum: i64 = 0;
            for kk in 0..k {
                let at = s.offset as usize
                    + if s.col {
                        kk * s.stride as usize + r
                    } else {
                        r * s.stride as usize + kk
                    };
                sum += elem.value(mat[at]) * input_element(input, elem, v, kk);
            }
            if s.add {
                sum += bias[s.bias_offset as usize + r] as i64;
            }
            out.push(Expect::exact(sum as i32 as f64));
        }
    }
    out
}

/// The case `name` for `input` and `elem`, size `k x m`, inputs from
/// `seed`.
pub fn case(name: &str, input: Input, elem: Elem, k: u32, m: u32, s: &Spec, seed: u64) -> RawCase {
    let mut rng = Rng::new(seed);
    let a = input_words(&mut rng, input, INVOCATIONS, k);
    let lines = if s.col { k } else { m };
    let m_len = (s.offset + lines * s.stride + 16).div_ceil(4) * 4;
    let mat: Vec<u8> = (0..m_len).map(|_| rng.next_u64() as u8).collect();
    let bias: Vec<i32> = (0..s.bias_offset + m + 4)
        .map(|i| {
            if !s.wrap {
                rng.range_i64(-100_000, 100_000) as i32
            } else if i % 2 == 0 {
                i32::MAX - rng.range_i64(0, 1000) as i32
            } else {
                i32::MIN + rng.range_i64(0, 1000) as i32
            }
        })
        .collect();
    let expect = expected((input, elem), (k, m), s, &a, &mat, &bias);
    RawCase {
        name: format!("int8/{name}/K{k}xM{m}"),
        config: input.config(elem),
        wgsl: wgsl(input, elem, k, m, s),
        elem,
        m,
        k,
        optimal: false,
        a: word_bytes(&a),
        matrix: Placement::Given(mat),
        bias: bias.iter().flat_map(|b| b.to_le_bytes()).collect(),
        params: [s.offset, s.stride, s.bias_offset, 0],
        output: Ty::I32,
        expect,
    }
}

/// Every 8-bit case: each configuration, size and variant.
pub fn cases() -> Vec<RawCase> {
    let mut out = Vec::new();
    let mut seed = 8000;
    for &(input, elem) in CONFIGS {
        for &(k, m) in SIZES {
            for (name, s) in specs(k, m) {
                seed += 1;
                out.push(case(name, input, elem, k, m, &s, seed));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(e: &[Expect]) -> Vec<i64> {
        e.iter()
            .map(|e| match e {
                Expect::Near { value, tol } if *tol == 0.0 => *value as i64,
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn reference_of_a_small_product() {
        // K = 4, M = 2, row-major at offset 1, stride 5: rows
        // [1, -1, 2, -128] and [255 as u8 = -1 (i8), 0, 3, 127].
        let mat = [9u8, 1, 0xFF, 2, 0x80, 9, 0xFF, 0, 3, 0x7F, 9];
        // Every invocation's input: i32 [300, -300, 2, 1].
        let a: Vec<u32> = (0..INVOCATIONS)
            .flat_map(|_| [300u32, (-300i32) as u32, 2, 1])
            .collect();
        let s = Spec {
            offset: 1,
            stride: 5,
            ..Spec::default()
        };
        // i8: v = [127, -128, 2, 1]; row 0: 127 + 128 + 4 - 128 = 131;
        // row 1: -127 + 0 + 6 + 127 = 6.
        let e = expected((Input::I32, Elem::I8), (4, 2), &s, &a, &mat, &[]);
        assert_eq!(values(&e[..2]), [131, 6]);
        // u8: v = [255, 0, 2, 1], matrix as u8: row 0: 255 - 0 ... =
        // 255*1 + 0*255 + 2*2 + 1*128 = 387; row 1: 255*255 + 0 + 6 + 127.
        let e = expected((Input::I32, Elem::U8), (4, 2), &s, &a, &mat, &[]);
        assert_eq!(values(&e[..2]), [387, 65025 + 133]);
        // Column-major with stride 2 at offset 1: element (r, k) at 1 + 2k
        // + r: rows [1, 2, 9, 0], [-1, -128, -1, 3] (i8).
        let c = Spec {
            col: true,
            stride: 2,
            ..s
        };
        let e = expected((Input::I32, Elem::I8), (4, 2), &c, &a, &mat, &[]);
        assert_eq!(values(&e[..2]), [127 - 256 + 18, -127 + 16384 - 2 + 3]);
        // A bias that wraps.
        let add = Spec {
            add: true,
            bias_offset: 0,
            ..s
        };
        let e = expected(
            (Input::I32, Elem::I8),
            (4, 2),
            &add,
            &a,
            &mat,
            &[i32::MAX, 0],
        );
        assert_eq!(values(&e[..2]), [i32::MIN as i64 + 130, 6]);
    }

    #[test]
    fn every_case_is_complete_and_aligned_where_named() {
        let all = cases();
        assert_eq!(all.len(), CONFIGS.len() * SIZES.len() * 6);
        for c in &all {
            assert!(c.wgsl.contains("coopVecMatMul"), "{}", c.name);
            assert_eq!(c.expect.len(), (INVOCATIONS * c.m) as usize);
            let [offset, stride, bias_offset, _] = c.params;
            let aligned = offset % 64 == 0 && stride % 16 == 0 && (bias_offset * 4) % 16 == 0;
            assert_eq!(aligned, !c.name.contains("unaligned"), "{}", c.name);
        }
        // The wrap case's results lie near i32's ends.
        let wrap = all
            .iter()
            .find(|c| c.name.contains("/wrap/"))
            .expect("wrap case");
        assert!(values(&wrap.expect).iter().any(|v| v.abs() > 2_000_000_000));
    }
}

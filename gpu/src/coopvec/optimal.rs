//! Products in the device's inference layout: `coopVecMatMulOptimal` and
//! `coopVecMatMulAddOptimal` with an f16 matrix (f16 and f32 results) and
//! with 8-bit matrices (`i8` with `i32`, `f32` and packed `u32` inputs;
//! `u8` with `i32` and packed `u32` inputs).
//!
//! The host places the `M x K` matrix for the build that runs
//! ([`super::raw::Placement::Inference`]): where the build uses the native
//! product, converted from row-major with `vkConvertCooperativeVectorMatrixNV`
//! into the driver's inferencing-optimal layout at a 64-byte aligned
//! offset, the array ending where the bound's region does; where it uses
//! loops, row-major with `K` elements a row, the array ending after `M *
//! K` elements. Every case's reference is the product of the row-major
//! matrix (`docs/cooperative-vectors.md`), whatever the layout.
//!
//! The rule: a matrix offset whose bytes are not a multiple of 64
//! (`misaligned`), a bias offset whose bytes are not a multiple of 16
//! (`bias_misaligned`), an array one word short of the matrix's region
//! (`out_of_range`) or a bias array short of its `M` elements
//! (`bias_out_of_range`) give the zero vector, on every device.
//!
//! Transposed products (`optimal/transposed/...`, the optional last
//! argument `transpose` true): the stored matrix is the `K x M` one, whose
//! row-major form (`M` elements a row) the host converts with `numRows =
//! K`, `numColumns = M` for native builds and places as it is for loops;
//! `result[r] = sum over k of stored(k, r) * v[k]`. Native only where the
//! configuration transposes (`f16:f16+transpose` on the H200; its 8-bit
//! rows do not, so the 8-bit transposed case runs as loops there).
//!
//! Tolerances of the f16 products as in [`super::products`]; the 8-bit
//! results are exact (wrapping `i32` sums).

use super::case::{header, values, Expect, Ty, INVOCATIONS};
use super::products;
use super::raw::{input_element, input_words, int_header, main_body, word_bytes};
use super::raw::{Elem, Input, Placement, RawCase};
use crate::data::Rng;

/// The f16 configurations: result types.
pub const F16_RESULTS: &[Ty] = &[Ty::F16, Ty::F32];

/// The `(K, M)` sizes of the f16 cases.
pub const F16_SIZES: &[(u32, u32)] = &[(16, 16), (64, 32), (32, 64)];

/// The (input, matrix) pairs of the 8-bit cases.
pub const INT_CONFIGS: &[(Input, Elem)] = &[
    (Input::I32, Elem::I8),
    (Input::F32, Elem::I8),
    (Input::U32, Elem::I8),
    (Input::I32, Elem::U8),
    (Input::U32, Elem::U8),
];

/// The `(K, M)` sizes of the 8-bit cases.
pub const INT_SIZES: &[(u32, u32)] = &[(16, 16), (64, 32)];

/// The `(K, M)` sizes of the transposed f16 cases (the stored matrix is
/// `K x M`): both non-square shapes and a full layer.
pub const TRANSPOSED_SIZES: &[(u32, u32)] = &[(16, 8), (8, 16), (64, 64)];

/// One case's arguments (offsets in elements of the matrix and the bias).
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec {
    /// `coopVecMatMulAddOptimal` (else `coopVecMatMulOptimal`).
    pub add: bool,
    /// Matrix offset.
    pub offset: u32,
    /// Bias offset.
    pub bias_offset: u32,
    /// The matrix's array one word short of its region.
    pub short: bool,
    /// The bias's array short of its `M` elements.
    pub bias_short: bool,
    /// The last argument `transpose` is `true`: the stored matrix is `K x M`.
    pub transpose: bool,
}

impl Spec {
    /// Whether the rule gives the zero vector: a misaligned offset or an
    /// argument outside its array (`eb`, `bb`: bytes per matrix and bias
    /// element).
    pub fn zero(&self, eb: u32, bb: u32) -> bool {
        (self.offset * eb) % 64 != 0
            || (self.add && (self.bias_offset * bb) % 16 != 0)
            || self.short
            || (self.add && self.bias_short)
    }
}

/// The variants: `(name, spec)`; `eb` and `bb` are the bytes of a matrix
/// and a bias element. `bias` adds the bias variants.
pub fn specs(eb: u32, bb: u32, bias: bool) -> Vec<(&'static str, Spec)> {
    let plain = Spec {
        offset: 64 / eb,
        bias_offset: 16 / bb,
        ..Spec::default()
    };
    let add = Spec { add: true, ..plain };
    let mut v = vec![
        ("matmul", plain),
        ("matmuladd", add),
        (
            "matmul/misaligned",
            Spec {
                offset: 80 / eb,
                ..plain
            },
        ),
        (
            "matmul/out_of_range",
            Spec {
                short: true,
                ..plain
            },
        ),
    ];
    if bias {
        v.push((
            "matmuladd/bias_misaligned",
            Spec {
                bias_offset: 1,
                ..add
            },
        ));
        v.push((
            "matmuladd/bias_out_of_range",
            Spec {
                bias_short: true,
                ..add
            },
        ));
    }
    v
}

/// The transposed variants: each of [`specs`]' four matrix variants with
/// `transpose` true (`eb`, `bb`: bytes of a matrix and a bias element).
pub fn transposed_specs(eb: u32, bb: u32) -> Vec<(&'static str, Spec)> {
    specs(eb, bb, false)
        .into_iter()
        .map(|(name, s)| {
            (
                name,
                Spec {
                    transpose: true,
                    ..s
                },
            )
        })
        .collect()
}

/// The product call of a kernel (`element`: the 8-bit template argument;
/// `transpose`: the last argument `true`).
fn call(result: &str, element: Option<&str>, s: &Spec) -> String {
    let template = match element {
        Some(e) => format!("{result}, {e}"),
        None => result.to_string(),
    };
    let transpose = if s.transpose { ", true" } else { "" };
    if s.add {
        format!(
            "coopVecMatMulAddOptimal<{template}>(v, &m, params.offset, &bias, params.bias_offset{transpose})"
        )
    } else {
        format!("coopVecMatMulOptimal<{template}>(v, &m, params.offset{transpose})")
    }
}

/// The case's name: `optimal/NAME/KxM`, `optimal/transposed/NAME/KxM`
/// for a transposed product.
fn case_name(name: &str, s: &Spec, k: u32, m: u32) -> String {
    let group = if s.transpose { "transposed/" } else { "" };
    format!("optimal/{group}{name}/K{k}xM{m}")
}

/// Where element `(r, kk)` of the product's `M x K` matrix is in the
/// tight row-major form the host holds: `r * K + kk`, or, transposed,
/// element `(kk, r)` of the stored `K x M` matrix, `kk * M + r`.
pub fn element_index(s: &Spec, k: u32, m: u32, r: usize, kk: usize) -> usize {
    if s.transpose {
        kk * m as usize + r
    } else {
        r * k as usize + kk
    }
}

/// Bias elements of a case: `bias_offset + M` and some more, or (short)
/// one word fewer than `bias_offset + M` (`per_word` elements a word).
fn bias_len(s: &Spec, m: u32, per_word: u32) -> u32 {
    if s.bias_short {
        s.bias_offset + m - per_word
    } else {
        s.bias_offset + m + 16 / (4 / per_word)
    }
}

/// The f16 case `name` with result `r`, size `k x m` (the reference from
/// the definition in f64: [`products::expected`] reading the matrix
/// row-major with stride `K`, or, transposed, column-major with stride
/// `M`, which is [`element_index`]).
pub fn f16_case(name: &str, r: Ty, k: u32, m: u32, s: &Spec, seed: u64) -> RawCase {
    let mut rng = Rng::new(seed);
    let a = values(&mut rng, (INVOCATIONS * k) as usize, -2.0, 2.0);
    let mat = values(&mut rng, (m * k) as usize, -1.0, 1.0);
    let bias = values(&mut rng, bias_len(s, m, 2) as usize, -2.0, 2.0);
    let expect = if s.zero(2, 2) {
        vec![Expect::exact(0.0); (INVOCATIONS * m) as usize]
    } else {
        let tight = products::Spec {
            add: s.add,
            col: s.transpose,
            stride: if s.transpose { m } else { k },
            bias_offset: s.bias_offset,
            ..products::Spec::default()
        };
        products::expected(r, k, m, &tight, &a, &mat, &bias)
    };
    let wgsl = format!(
        "{}
alias T = f16;
alias R = {};
alias I = T;
const N = {k}u;
const M = {m}u;
{}",
        header(Ty::F16, r),
        r.wgsl(),
        main_body(&call("coop_vec<R, M>", None, s))
    );
    let result = match r {
        Ty::F32 => tessera::configs::ComponentType::F32,
        _ => tessera::configs::ComponentType::F16,
    };
    RawCase {
        name: case_name(name, s, k, m),
        config: tessera::configs::CooperativeVectorConfig {
            input: tessera::configs::ComponentType::F16,
            matrix: tessera::configs::ComponentType::F16,
            result,
            transpose: s.transpose,
        },
        wgsl,
        elem: Elem::F16,
        m,
        k,
        optimal: true,
        a: Ty::F16.encode(&a),
        matrix: Placement::Inference {
            matrix: Ty::F16.encode(&mat),
            offset: s.offset,
            short: s.short,
        },
        bias: Ty::F16.encode(&bias),
        params: [s.offset, 0, s.bias_offset, 0],
        output: r,
        expect,
    }
}

/// The 8-bit case `name` for `input` and `elem`, size `k x m`.
pub fn int_case(
    name: &str,
    input: Input,
    elem: Elem,
    k: u32,
    m: u32,
    s: &Spec,
    seed: u64,
) -> RawCase {
    let mut rng = Rng::new(seed);
    let a = input_words(&mut rng, input, INVOCATIONS, k);
    let mat: Vec<u8> = (0..m * k).map(|_| rng.next_u64() as u8).collect();
    let bias: Vec<i32> = (0..bias_len(s, m, 1))
        .map(|_| rng.range_i64(-100_000, 100_000) as i32)
        .collect();
    let n = input.components(k) as usize;
    let (ku, mu) = (k as usize, m as usize);
    let mut expect = Vec::with_capacity(INVOCATIONS as usize * mu);
    for g in 0..INVOCATIONS as usize {
        let v = &a[g * n..(g + 1) * n];
        for r in 0..mu {
            let value = if s.zero(1, 4) {
                0
            } else {
                let mut sum: i64 = (0..ku)
                    .map(|kk| {
                        let at = element_index(s, k, m, r, kk);
                        elem.value(mat[at]) * input_element(input, elem, v, kk)
                    })
                    .sum();
                if s.add {
                    sum += bias[s.bias_offset as usize + r] as i64;
                }
                sum as i32
            };
            expect.push(Expect::exact(value as f64));
        }
    }
    let wgsl = format!(
        "{}
alias I = {};
const N = {n}u;
const M = {m}u;
{}",
        int_header(input),
        input.wgsl(),
        main_body(&call("coop_vec<i32, M>", Some(elem.wgsl()), s))
    );
    RawCase {
        name: case_name(name, s, k, m),
        config: tessera::configs::CooperativeVectorConfig {
            transpose: s.transpose,
            ..input.config(elem)
        },
        wgsl,
        elem,
        m,
        k,
        optimal: true,
        a: word_bytes(&a),
        matrix: Placement::Inference {
            matrix: mat,
            offset: s.offset,
            short: s.short,
        },
        bias: bias.iter().flat_map(|b| b.to_le_bytes()).collect(),
        params: [s.offset, 0, s.bias_offset, 0],
        output: Ty::I32,
        expect,
    }
}

/// Every inference-layout case: f16 (each result type, size and variant,
/// the bias ones included), then 8-bit (each configuration, size and the
/// four matrix variants), then the transposed ones: f16 with an f16
/// result (each of [`TRANSPOSED_SIZES`] and the four matrix variants, the
/// product with a bias included) and one 8-bit product with a bias
/// (`i32/i8:i32`, `K = 32`, `M = 16`).
pub fn cases() -> Vec<RawCase> {
    let mut out = Vec::new();
    let mut seed = 9000;
    for &r in F16_RESULTS {
        for &(k, m) in F16_SIZES {
            for (name, s) in specs(2, 2, true) {
                seed += 1;
                out.push(f16_case(name, r, k, m, &s, seed));
            }
        }
    }
    for &(input, elem) in INT_CONFIGS {
        for &(k, m) in INT_SIZES {
            for (name, s) in specs(1, 4, false) {
                seed += 1;
                out.push(int_case(name, input, elem, k, m, &s, seed));
            }
        }
    }
    let mut seed = 9500;
    for &(k, m) in TRANSPOSED_SIZES {
        for (name, s) in transposed_specs(2, 2) {
            seed += 1;
            out.push(f16_case(name, Ty::F16, k, m, &s, seed));
        }
    }
    let (_, add) = transposed_specs(1, 4)[1];
    out.push(int_case(
        "matmuladd",
        Input::I32,
        Elem::I8,
        32,
        16,
        &add,
        9600,
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_decides_which_cases_are_zero() {
        let names: Vec<(&str, bool)> = specs(2, 2, true)
            .into_iter()
            .map(|(n, s)| (n, s.zero(2, 2)))
            .collect();
        assert_eq!(
            names,
            [
                ("matmul", false),
                ("matmuladd", false),
                ("matmul/misaligned", true),
                ("matmul/out_of_range", true),
                ("matmuladd/bias_misaligned", true),
                ("matmuladd/bias_out_of_range", true),
            ]
        );
        // 8-bit: 64 and 80 bytes, an i32 bias 16 bytes in.
        let s = specs(1, 4, false);
        assert_eq!(s.len(), 4);
        assert_eq!((s[0].1.offset, s[0].1.bias_offset), (64, 4));
        assert_eq!(s[2].1.offset, 80);
        assert!(!s[1].1.zero(1, 4) && s[2].1.zero(1, 4));
    }

    #[test]
    fn every_case_is_complete() {
        let all = cases();
        assert_eq!(all.len(), 2 * 3 * 6 + 5 * 2 * 4 + 3 * 4 + 1);
        let transposed: Vec<&RawCase> = all.iter().filter(|c| c.config.transpose).collect();
        assert_eq!(transposed.len(), 13);
        for c in &transposed {
            assert!(c.name.starts_with("optimal/transposed/"), "{}", c.name);
            assert!(c.wgsl.contains(", true)"), "{}", c.name);
            assert_eq!(c.stored_shape(), (c.k, c.m), "{}", c.name);
        }
        let configs: Vec<String> = transposed.iter().map(|c| c.config.to_string()).collect();
        assert!(configs[..12].iter().all(|c| c == "f16:f16+transpose"));
        assert_eq!(configs[12], "i32/i8:i32+transpose");
        assert!(all
            .iter()
            .filter(|c| !c.config.transpose)
            .all(|c| !c.wgsl.contains("true") && c.stored_shape() == (c.m, c.k)));
        for c in &all {
            assert!(c.wgsl.contains("Optimal<"), "{}", c.name);
            assert_eq!(c.expect.len(), (INVOCATIONS * c.m) as usize);
            let zero = c.expect.iter().all(|e| *e == Expect::exact(0.0));
            let named = ["misaligned", "out_of_range"]
                .iter()
                .any(|w| c.name.contains(w));
            assert_eq!(zero, named, "{}", c.name);
            // Bias arrays: short by a word, or with room.
            let [_, _, bias_offset, _] = c.params;
            let elements = c.bias.len() as u32 / if c.elem == Elem::F16 { 2 } else { 4 };
            if c.name.contains("bias_out_of_range") {
                assert!(elements < bias_offset + c.m, "{}", c.name);
            } else {
                assert!(elements >= bias_offset + c.m, "{}", c.name);
            }
        }
    }

    #[test]
    fn transposed_references_read_the_stored_k_by_m_matrix() {
        // f16, K = 16, M = 8, with the bias: recomputed here from the
        // stored 16 x 8 row-major matrix, stored(k, r) at k * 8 + r.
        let s = transposed_specs(2, 2)[1].1;
        assert!(s.transpose && s.add);
        let c = f16_case("matmuladd", Ty::F16, 16, 8, &s, 3);
        let mat = match &c.matrix {
            Placement::Inference { matrix, .. } => Ty::F16.decode(matrix),
            _ => unreachable!(),
        };
        assert_eq!(mat.len(), 16 * 8);
        let (a, bias) = (Ty::F16.decode(&c.a), Ty::F16.decode(&c.bias));
        for g in [0usize, 77, 255] {
            for r in 0..8 {
                let sum: f64 = (0..16).map(|k| mat[k * 8 + r] * a[g * 16 + k]).sum::<f64>()
                    + bias[s.bias_offset as usize + r];
                match &c.expect[g * 8 + r] {
                    Expect::Near { value, .. } => assert_eq!(*value, sum),
                    e => panic!("{e:?}"),
                }
            }
        }
        // A 2 x 3 product (K = 2, M = 3) by hand: stored [[1, 2, 3], [4,
        // 5, 6]], v = (1, 10): (41, 52, 63).
        let stored = [1i64, 2, 3, 4, 5, 6];
        let got: Vec<i64> = (0..3)
            .map(|r| {
                (0..2)
                    .map(|k| stored[element_index(&s, 2, 3, r, k)] * [1, 10][k])
                    .sum()
            })
            .collect();
        assert_eq!(got, [41, 52, 63]);
    }

    #[test]
    fn reference_of_a_small_8_bit_product() {
        // K = 4, M = 1, i8 matrix [1, -1, 2, -128], u32 input packed
        // [3, -4, 5, 1] (bytes 0x03, 0xFC, 0x05, 0x01).
        let s = Spec {
            offset: 64,
            ..Spec::default()
        };
        let c = int_case("t", Input::U32, Elem::I8, 4, 1, &s, 1);
        let mut mat = match &c.matrix {
            Placement::Inference { matrix, .. } => matrix.clone(),
            _ => unreachable!(),
        };
        mat.copy_from_slice(&[1, 0xFF, 2, 0x80]);
        let v = [u32::from_le_bytes([3, 0xFC, 5, 1])];
        let sum: i64 = (0..4)
            .map(|k| Elem::I8.value(mat[k]) * input_element(Input::U32, Elem::I8, &v, k))
            .sum();
        assert_eq!(sum, 3 + 4 + 10 - 128);
    }
}

//! CPU references for the conformance suite and the comparison of device
//! output with them.
//!
//! Semantics checked (from the subgroup-matrix proposal):
//! * loads and stores are bit-preserving; elements not covered by a store
//!   keep their poison value;
//! * `Multiply`/`MultiplyAccumulate` compute `left * right (+ acc)` in the
//!   result type: integers exactly with two's-complement wrap-around
//!   (8-bit operands are sign- or zero-extended), floats within a relative
//!   tolerance of the dot product's magnitude `sum |a*b| + |acc|`:
//!   1e-2 for f16 results, 1e-3 for f32 results;
//! * scalar builtins first clamp the scalar to the component type's range
//!   (`u8`: 0..=255, `i8`: -128..=127), then apply the operation per
//!   component with wrap-around in the component type (e.g. `u8` 10 + 300
//!   is 10 + 255 = 265 mod 256 = 9).

use tessera::configs::{ComponentType, SubgroupMatrixConfig};

use crate::cases::{
    buffer_component, Case, ElementOp, Kind, Placement, ScalarOp, Src, Value, BUF_BYTES,
};
use crate::data::{component_bits, component_bytes, is_float, is_poison, read_component};

/// One expected component: `value` within `tol` (0 for exact).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expect {
    /// The expected value.
    pub value: f64,
    /// The allowed absolute difference.
    pub tol: f64,
}

/// Relative tolerance of float results of component type `t`.
pub const fn rel_tolerance(t: ComponentType) -> f64 {
    match t {
        ComponentType::F16 | ComponentType::BF16 => 1e-2,
        _ => 1e-3,
    }
}

/// Wraps an integer to component type `t` (identity for floats).
pub fn wrap(t: ComponentType, v: i128) -> f64 {
    match t {
        ComponentType::U32 => (v as u32) as f64,
        ComponentType::I32 => (v as i32) as f64,
        ComponentType::U8 => (v as u8) as f64,
        ComponentType::I8 => (v as i8) as f64,
        ComponentType::F32 | ComponentType::F16 | ComponentType::BF16 => v as f64,
    }
}

/// Clamps a scalar operand to the range of component type `t` (only 8-bit
/// types have a range narrower than their shader scalar type).
pub fn clamp_scalar(t: ComponentType, v: f64) -> f64 {
    match t {
        ComponentType::U8 => v.clamp(0.0, 255.0),
        ComponentType::I8 => v.clamp(-128.0, 127.0),
        _ => v,
    }
}

/// The result of a scalar builtin on one component.
pub fn scalar_op(t: ComponentType, op: ScalarOp, x: f64, scalar: f64) -> Expect {
    let s = clamp_scalar(t, scalar);
    if is_float(t) {
        let (value, mag) = match op {
            ScalarOp::Add => (x + s, x.abs() + s.abs()),
            ScalarOp::Subtract => (x - s, x.abs() + s.abs()),
            ScalarOp::Multiply => (x * s, (x * s).abs()),
        };
        return Expect {
            value,
            tol: rel_tolerance(t) * mag,
        };
    }
    let (x, s) = (x as i128, s as i128);
    let v = match op {
        ScalarOp::Add => x + s,
        ScalarOp::Subtract => x - s,
        ScalarOp::Multiply => x * s,
    };
    Expect {
        value: wrap(t, v),
        tol: 0.0,
    }
}

fn elem(
    inputs: &[Vec<u8>],
    t: ComponentType,
    buf: usize,
    p: &Placement,
    r: usize,
    c: usize,
) -> f64 {
    read_component(&inputs[buf], t, p.index(r, c)).unwrap_or(f64::NAN)
}

/// `sum_k a[r][k] * b[k][c] (+ acc[r][c])` in result type `tr`.
#[allow(clippy::too_many_arguments)]
fn mul_add(
    cfg: &SubgroupMatrixConfig,
    inputs: &[Vec<u8>],
    a: &Placement,
    b: &Placement,
    acc: Option<&Placement>,
    r: usize,
    c: usize,
) -> Expect {
    let (t, tr) = (cfg.component_type, cfg.result_component_type);
    let k = cfg.k as usize;
    if is_float(tr) {
        let mut sum = 0.0;
        let mut mag = 0.0;
        for i in 0..k {
            let p = elem(inputs, t, 0, a, r, i) * elem(inputs, t, 1, b, i, c);
            sum += p;
            mag += p.abs();
        }
        if let Some(pc) = acc {
            let v = elem(inputs, tr, 2, pc, r, c);
            sum += v;
            mag += v.abs();
        }
        return Expect {
            value: sum,
            tol: rel_tolerance(tr) * mag,
        };
    }
    let mut sum: i128 = 0;
    for i in 0..k {
        sum += elem(inputs, t, 0, a, r, i) as i128 * elem(inputs, t, 1, b, i, c) as i128;
    }
    if let Some(pc) = acc {
        sum += elem(inputs, tr, 2, pc, r, c) as i128;
    }
    Expect {
        value: wrap(tr, sum),
        tol: 0.0,
    }
}

/// Component [r, c] of a source matrix, in its kind's component type.
fn read_src(cfg: &SubgroupMatrixConfig, inputs: &[Vec<u8>], src: &Src, r: usize, c: usize) -> f64 {
    let t = src.kind.component(cfg);
    elem(inputs, t, src.kind.index(), &src.place, r, c)
}

/// An element-wise operation on one component pair, in component type `t`
/// (each operation rounds once; `tanh` within an absolute 2e-3).
pub fn element_op(t: ComponentType, op: ElementOp, x: f64, y: f64) -> Expect {
    if !is_float(t) {
        // Integers: exact, wrapping in the component type.
        let (x, y) = (x as i128, y as i128);
        let v = match op {
            ElementOp::Add => x + y,
            ElementOp::Subtract => x - y,
            ElementOp::Multiply => x * y,
            ElementOp::NegMax => (-x).max(y),
            ElementOp::Divide | ElementOp::Tanh => 0,
        };
        return Expect {
            value: wrap(t, v),
            tol: 0.0,
        };
    }
    let rel = rel_tolerance(t);
    let (value, tol) = match op {
        ElementOp::Add => (x + y, rel * (x.abs() + y.abs())),
        ElementOp::Subtract => (x - y, rel * (x.abs() + y.abs())),
        ElementOp::Multiply => (x * y, rel * (x * y).abs()),
        ElementOp::Divide => (x / y, rel * (x / y).abs()),
        ElementOp::NegMax => ((-x).max(y), 0.0),
        ElementOp::Tanh => (x.tanh(), 2e-3),
    };
    Expect { value, tol }
}

/// `sum_k T(a[r][k]) * b[k][c] + acc[r][c]`: `a` is a result-matrix source
/// converted to the left operand's component type.
fn converted_mul_add(
    cfg: &SubgroupMatrixConfig,
    inputs: &[Vec<u8>],
    a: &Src,
    b: &Placement,
    acc: &Src,
    r: usize,
    c: usize,
) -> Expect {
    let t = cfg.component_type;
    let mut sum = 0.0;
    let mut mag = 0.0;
    for k in 0..cfg.k as usize {
        let p = read_src(cfg, inputs, a, r, k) * elem(inputs, t, 1, b, k, c);
        sum += p;
        mag += p.abs();
    }
    let v = read_src(cfg, inputs, acc, r, c);
    sum += v;
    mag += v.abs();
    // The conversion to the left type rounds each product's input once more.
    Expect {
        value: sum,
        tol: (rel_tolerance(cfg.result_component_type) + rel_tolerance(t)) * mag,
    }
}

/// Expected contents of the three output buffers (`None`: must keep its
/// poison value), indexed by component of the buffer's component type.
pub fn expected(case: &Case, inputs: &[Vec<u8>]) -> [Vec<Option<Expect>>; 3] {
    let cfg = &case.config;
    let mut out: [Vec<Option<Expect>>; 3] =
        Kind::ALL.map(|k| vec![None; BUF_BYTES / component_bytes(k.component(cfg))]);
    for w in &case.writes {
        let (rows, cols) = w.kind.dims(cfg);
        let t = w.kind.component(cfg);
        for r in 0..rows as usize {
            for c in 0..cols as usize {
                let e = match w.value {
                    Value::Copy(src) => Expect {
                        value: elem(inputs, t, src.kind.index(), &src.place, r, c),
                        tol: 0.0,
                    },
                    Value::Fill(v) => Expect { value: v, tol: 0.0 },
                    Value::MulAdd { a, b, c: acc } => {
                        mul_add(cfg, inputs, &a, &b, acc.as_ref(), r, c)
                    }
                    Value::Scalar { op, src, scalar } => {
                        let x = elem(inputs, t, src.kind.index(), &src.place, r, c);
                        scalar_op(t, op, x, scalar)
                    }
                    Value::Elementwise { op, a, b } => {
                        let x = elem(inputs, t, a.kind.index(), &a.place, r, c);
                        let y = elem(inputs, t, b.kind.index(), &b.place, r, c);
                        element_op(t, op, x, y)
                    }
                    Value::Converted(src) => {
                        let x = read_src(cfg, inputs, &src, r, c);
                        Expect {
                            value: x,
                            tol: rel_tolerance(t) * x.abs(),
                        }
                    }
                    Value::ConvertedMulAdd { a, b, acc } => {
                        converted_mul_add(cfg, inputs, &a, &b, &acc, r, c)
                    }
                };
                if let Some(slot) = out[w.kind.index()].get_mut(w.place.index(r, c)) {
                    *slot = Some(e);
                }
            }
        }
    }
    out
}

/// The outcome of comparing one output buffer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// Components checked (written and untouched).
    pub checked: usize,
    /// Components that differ.
    pub mismatches: usize,
    /// The first few differences, human-readable.
    pub first: Vec<String>,
}

/// Compares output buffer `binding` (3..6) with its expectation.
pub fn compare(
    cfg: &SubgroupMatrixConfig,
    binding: usize,
    got: &[u8],
    expect: &[Option<Expect>],
) -> Comparison {
    let t = buffer_component(cfg, binding);
    let size = component_bytes(t);
    let mut cmp = Comparison::default();
    for (i, e) in expect.iter().enumerate() {
        cmp.checked += 1;
        let problem = match (e, read_component(got, t, i), component_bits(got, t, i)) {
            (_, None, _) | (_, _, None) => Some("missing from the read-back buffer".to_string()),
            (None, Some(v), Some(bits)) => (!is_poison(bits, t, i * size))
                .then(|| format!("overwritten with {v} (should be untouched)")),
            (Some(e), Some(v), Some(bits)) => {
                // A correct result may round to the poison pattern itself
                // (seen: f16 a + b = 0xBEEF): only a value outside the
                // tolerance counts as not written.
                if is_poison(bits, t, i * size) && (v - e.value).abs() > e.tol {
                    Some(format!("not written (expected {})", e.value))
                } else if (v - e.value).abs() > e.tol || v.is_nan() {
                    Some(format!(
                        "got {v}, expected {} (tolerance {})",
                        e.value, e.tol
                    ))
                } else {
                    None
                }
            }
        };
        if let Some(p) = problem {
            cmp.mismatches += 1;
            if cmp.first.len() < 4 {
                cmp.first
                    .push(format!("binding {binding} component {i}: {p}"));
            }
        }
    }
    cmp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{poison, random_buffer, write_component, Rng};
    use crate::suite::cases_for;

    #[test]
    fn a_result_equal_to_the_poison_pattern_within_tolerance_passes() {
        let cfg: SubgroupMatrixConfig = "f16:f16:16x8x8".parse().unwrap();
        // 0xBEEF is -1.7334 in f16: the rounded sum the H100 computed.
        let mut got = vec![0u8; 4];
        got[0..2].copy_from_slice(&0xBEEFu16.to_le_bytes());
        got[2..4].copy_from_slice(&0xDEADu16.to_le_bytes());
        let e = [
            Some(element_op(
                ComponentType::F16,
                ElementOp::Add,
                -1.0,
                -0.733642578125,
            )),
            None,
        ];
        assert_eq!(compare(&cfg, 5, &got, &e).mismatches, 0);
        let far = [
            Some(Expect {
                value: 3.0,
                tol: 0.01,
            }),
            None,
        ];
        assert_eq!(compare(&cfg, 5, &got, &far).mismatches, 1);
    }

    #[test]
    fn eight_bit_scalar_ops_clamp_then_wrap() {
        let u8t = ComponentType::U8;
        // 10 + clamp(300) = 10 + 255 = 265 -> 9.
        assert_eq!(scalar_op(u8t, ScalarOp::Add, 10.0, 300.0).value, 9.0);
        // 10 - clamp(1000) = 10 - 255 -> 11.
        assert_eq!(scalar_op(u8t, ScalarOp::Subtract, 10.0, 1000.0).value, 11.0);
        assert_eq!(scalar_op(u8t, ScalarOp::Multiply, 100.0, 3.0).value, 44.0);
        let i8t = ComponentType::I8;
        // -5 + clamp(-200) = -5 - 128 = -133 -> 123.
        assert_eq!(scalar_op(i8t, ScalarOp::Add, -5.0, -200.0).value, 123.0);
        // 100 - clamp(200) = 100 - 127 = -27.
        assert_eq!(
            scalar_op(i8t, ScalarOp::Subtract, 100.0, 200.0).value,
            -27.0
        );
        assert_eq!(scalar_op(i8t, ScalarOp::Multiply, 100.0, -3.0).value, -44.0);
        assert_eq!(
            scalar_op(ComponentType::U32, ScalarOp::Subtract, 5.0, 2000.0).value,
            (5u32.wrapping_sub(2000)) as f64
        );
        let f = scalar_op(ComponentType::F16, ScalarOp::Multiply, 1.5, -2.0);
        assert_eq!(f.value, -3.0);
        assert!((f.tol - 0.03).abs() < 1e-12);
    }

    fn run_fake(case: &Case, inputs: &[Vec<u8>], exp: &[Vec<Option<Expect>>; 3]) -> Vec<Vec<u8>> {
        // A perfect "device": writes the expected values into poisoned buffers.
        (0..3)
            .map(|k| {
                let t = buffer_component(&case.config, k + 3);
                let mut b = poison(BUF_BYTES);
                for (i, e) in exp[k].iter().enumerate() {
                    if let Some(e) = e {
                        write_component(&mut b, t, i, e.value);
                    }
                }
                let _ = inputs;
                b
            })
            .collect()
    }

    fn inputs_for(cfg: &SubgroupMatrixConfig) -> Vec<Vec<u8>> {
        let mut rng = Rng::new(42);
        (0..3)
            .map(|b| random_buffer(&mut rng, buffer_component(cfg, b), BUF_BYTES))
            .collect()
    }

    #[test]
    fn perfect_output_passes_and_corruption_fails() {
        let cfg: SubgroupMatrixConfig = "i8:i32:16x8x32".parse().unwrap();
        let inputs = inputs_for(&cfg);
        for case in cases_for(&cfg) {
            let exp = expected(&case, &inputs);
            let outs = run_fake(&case, &inputs, &exp);
            let mut written = 0;
            for k in 0..3 {
                let cmp = compare(&cfg, k + 3, &outs[k], &exp[k]);
                assert_eq!(cmp.mismatches, 0, "{}: {:?}", case.name, cmp.first);
                written += exp[k].iter().filter(|e| e.is_some()).count();
            }
            assert!(written > 0, "{}", case.name);
        }
        // A store that did not happen is caught...
        let case = &cases_for(&cfg)[0];
        let exp = expected(case, &inputs);
        let cmp = compare(&cfg, 3, &poison(BUF_BYTES), &exp[0]);
        assert_eq!(cmp.mismatches, 16 * 32);
        assert!(cmp.first[0].contains("not written"), "{:?}", cmp.first);
        // ...and so is a stray write.
        let mut outs = run_fake(case, &inputs, &exp);
        outs[1][BUF_BYTES - 1] = 0;
        let cmp = compare(&cfg, 4, &outs[1], &exp[1]);
        assert_eq!(cmp.mismatches, 1);
        assert_eq!(
            cmp.first[0],
            format!(
                "binding 4 component {}: overwritten with 0 (should be untouched)",
                BUF_BYTES - 1
            )
        );
    }

    #[test]
    fn float_multiply_reference_and_tolerance() {
        let cfg: SubgroupMatrixConfig = "f16:f32:16x8x16".parse().unwrap();
        let mut inputs = vec![vec![0u8; BUF_BYTES]; 3];
        let a = Placement {
            offset: 0,
            stride: 16,
            col_major: false,
        };
        let b = Placement {
            offset: 0,
            stride: 8,
            col_major: false,
        };
        let c = Placement {
            offset: 0,
            stride: 8,
            col_major: false,
        };
        for k in 0..16 {
            write_component(&mut inputs[0], ComponentType::F16, a.index(1, k), 0.5);
            write_component(
                &mut inputs[1],
                ComponentType::F16,
                b.index(k, 2),
                (k + 1) as f64,
            );
        }
        write_component(&mut inputs[2], ComponentType::F32, c.index(1, 2), -3.0);
        let e = mul_add(&cfg, &inputs, &a, &b, Some(&c), 1, 2);
        // 0.5 * (1 + ... + 16) - 3 = 65.
        assert_eq!(e.value, 65.0);
        assert!((e.tol - 1e-3 * 71.0).abs() < 1e-9);
    }
}

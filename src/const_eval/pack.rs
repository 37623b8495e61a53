//! Data packing and unpacking builtins (`pack4x8snorm` ... `unpack2x16float`),
//! bit-exact per the spec's formulas. Component `i` goes to bits
//! `k*i .. k*i + k - 1` of the `u32`.

use super::num::{as_f64, as_int, call_str};
use super::value::fmt_value;
use super::{EvalError, Value};
use crate::ir::{Literal, MathFunction};

fn args_err(fun: MathFunction, what: &str) -> EvalError {
    EvalError::new(format!("'{}' needs {what}", fun.wgsl_name()))
}

/// `floor(0.5 + scale * clamp(x, lo, 1))` as the low bits of an integer.
/// The intermediate `0.5 + scale * clamp(..)` is correctly rounded to f32
/// before the floor (spec, accuracy of the packing builtins: "Correctly
/// rounded intermediate result value. Correct result."), as the runtime
/// lowering (the `pack-norm` pass) and Tint compute it: an input just
/// below a half, e.g. 10502273 * 2^-24 (127x = 79.5 - 2^-24), packs as
/// 80, not as the exact floor 79. Wherever the sum is near an integer
/// (where the floor can change) it is exact in f64, spanning at most
/// 17 + 24 bits, so the conversion to f32 is the one rounding.
fn norm_to_int(x: f64, lo: f64, scale: f64) -> i64 {
    ((0.5 + scale * x.clamp(lo, 1.0)) as f32).floor() as i64
}

/// See the module docs.
pub(super) fn pack(fun: MathFunction, v: &Value) -> Result<Value, EvalError> {
    use MathFunction as M;
    let Value::Vector(c) = v else {
        return Err(args_err(fun, "a vector argument"));
    };
    let (n, width) = match fun {
        M::Pack2x16Snorm | M::Pack2x16Unorm | M::Pack2x16Float => (2, 16),
        _ => (4, 8),
    };
    if c.len() != n {
        return Err(args_err(fun, &format!("a vec{n} argument")));
    }
    let mut out: u32 = 0;
    for (i, &l) in c.iter().enumerate() {
        let field: i64 = match fun {
            M::Pack4x8Snorm | M::Pack4x8Unorm | M::Pack2x16Snorm | M::Pack2x16Unorm => {
                let x = as_f64(l).ok_or_else(|| args_err(fun, "float components"))?;
                match fun {
                    M::Pack4x8Snorm => norm_to_int(x, -1.0, 127.0),
                    M::Pack4x8Unorm => norm_to_int(x, 0.0, 255.0),
                    M::Pack2x16Snorm => norm_to_int(x, -1.0, 32767.0),
                    _ => norm_to_int(x, 0.0, 65535.0),
                }
            }
            M::Pack2x16Float => {
                let x = as_f64(l).ok_or_else(|| args_err(fun, "float components"))?;
                if x.abs() > half::f16::MAX.to_f64() {
                    return Err(EvalError::new(format!(
                        "'{}' is not valid: component {i} ({}) is outside the finite range of 'f16'",
                        format_args!("pack2x16float({})", fmt_value(v)),
                        super::value::fmt_lit(&l)
                    )));
                }
                half::f16::from_f64(x).to_bits() as i64
            }
            _ => {
                let x = as_int(l).ok_or_else(|| args_err(fun, "integer components"))?;
                (match fun {
                    M::Pack4xI8Clamp => x.clamp(-128, 127),
                    M::Pack4xU8Clamp => x.clamp(0, 255),
                    _ => x,
                }) as i64
            }
        };
        let mask = (1u64 << width) - 1;
        out |= (((field as u64) & mask) << (width * i)) as u32;
    }
    Ok(Value::Scalar(Literal::U32(out)))
}

/// See the module docs.
pub(super) fn unpack(fun: MathFunction, v: &Value) -> Result<Value, EvalError> {
    use MathFunction as M;
    let Value::Scalar(Literal::U32(e)) = *v else {
        return Err(args_err(fun, "a u32 argument"));
    };
    let (n, width) = match fun {
        M::Unpack2x16Snorm | M::Unpack2x16Unorm | M::Unpack2x16Float => (2u32, 16u32),
        _ => (4, 8),
    };
    let mut out = Vec::with_capacity(n as usize);
    for i in 0..n {
        let field = (e >> (width * i)) & ((1u32 << width) - 1);
        // The field read as a two's-complement signed integer.
        let signed = ((field << (32 - width)) as i32) >> (32 - width);
        out.push(match fun {
            M::Unpack4x8Snorm => Literal::F32((signed as f32 / 127.0).max(-1.0)),
            M::Unpack4x8Unorm => Literal::F32(field as f32 / 255.0),
            M::Unpack2x16Snorm => Literal::F32((signed as f32 / 32767.0).max(-1.0)),
            M::Unpack2x16Unorm => Literal::F32(field as f32 / 65535.0),
            M::Unpack4xI8 => Literal::I32(signed),
            M::Unpack4xU8 => Literal::U32(field),
            _ => {
                let h = half::f16::from_bits(field as u16);
                if !h.is_finite() {
                    return Err(EvalError::new(format!(
                        "'{}' is not valid: component {i} is an f16 infinity or NaN",
                        call_str("unpack2x16float", &[Literal::U32(e)])
                    )));
                }
                Literal::F32(h.to_f32())
            }
        });
    }
    Ok(Value::Vector(out))
}

//! Scalar number plumbing shared by the operators and builtins.
//!
//! Integer arithmetic is done in `i128` (wide enough for the exact result of
//! any `+ - *` of two AbstractInts). An AbstractInt result out of range is
//! an error; a concrete (`i32`, `u32`) result of `+ - *` wraps modulo 2^32
//! (WGSL spec, "Integer Types"), as it does at runtime.
//! Floating-point arithmetic is done in `f64` on the exactly-converted
//! operands and rounded once to the result type (round to nearest even):
//! for `f32` and `f16` operands, `+ - * /` and `sqrt` computed this way are
//! correctly rounded, since `f64` has more than twice their precision plus
//! two bits. A result that is infinite or NaN after rounding is an error
//! (the spec's Finite Math Assumption for const-expressions).

use super::value::fmt_lit;
use super::EvalError;
use crate::ir::{Literal, Scalar};

/// The value of a floating-point literal.
pub(crate) fn as_f64(l: Literal) -> Option<f64> {
    match l {
        Literal::F32(v) => Some(v as f64),
        Literal::F16(v) => Some(v.to_f64()),
        Literal::AbstractFloat(v) => Some(v),
        _ => None,
    }
}

/// The value of an integer literal.
pub(crate) fn as_int(l: Literal) -> Option<i128> {
    match l {
        Literal::I32(v) => Some(v as i128),
        Literal::U32(v) => Some(v as i128),
        Literal::AbstractInt(v) => Some(v as i128),
        _ => None,
    }
}

/// Rounds `x` to the float type `scalar`; `None` if the rounded value is
/// infinite or NaN, or `scalar` is not a float type.
pub(crate) fn float_lit(scalar: Scalar, x: f64) -> Option<Literal> {
    let l = match scalar {
        Scalar::F32 => Literal::F32(x as f32),
        Scalar::F16 => Literal::F16(half::f16::from_f64(x)),
        Scalar::AbstractFloat => Literal::AbstractFloat(x),
        _ => return None,
    };
    as_f64(l).filter(|v| v.is_finite()).map(|_| l)
}

/// `v` as an integer literal of type `scalar`, if it is in range.
pub(crate) fn int_lit(scalar: Scalar, v: i128) -> Option<Literal> {
    match scalar {
        Scalar::I32 => i32::try_from(v).ok().map(Literal::I32),
        Scalar::U32 => u32::try_from(v).ok().map(Literal::U32),
        Scalar::AbstractInt => i64::try_from(v).ok().map(Literal::AbstractInt),
        _ => None,
    }
}

/// `v` modulo 2^bitwidth as a literal of the concrete integer type
/// `scalar` (two's complement for the signed ones): the result of concrete
/// integer arithmetic that overflows (WGSL spec, "Integer Types"). `None`
/// for AbstractInt, whose overflow is an error, and non-integer types.
pub(crate) fn wrap_int(scalar: Scalar, v: i128) -> Option<Literal> {
    match scalar {
        Scalar::I32 => Some(Literal::I32(v as i32)),
        Scalar::U32 => Some(Literal::U32(v as u32)),
        _ => None,
    }
}

/// Bit width of an integer scalar type (AbstractInt: 64).
pub(crate) fn int_width(scalar: Scalar) -> u32 {
    match scalar {
        Scalar::AbstractInt => 64,
        Scalar::I8 | Scalar::U8 => 8,
        _ => 32,
    }
}

/// Rounds a float result, or reports the expression `expr` as overflowing
/// (or as NaN).
pub(crate) fn float_result(
    scalar: Scalar,
    x: f64,
    expr: impl FnOnce() -> String,
) -> Result<Literal, EvalError> {
    float_lit(scalar, x).ok_or_else(|| {
        if x.is_nan() {
            EvalError::new(format!("'{}' is not a number (NaN)", expr()))
        } else {
            not_representable(&expr(), scalar)
        }
    })
}

/// Range-checks an integer result, or reports the expression `expr` as not
/// representable.
pub(crate) fn int_result(
    scalar: Scalar,
    v: i128,
    expr: impl FnOnce() -> String,
) -> Result<Literal, EvalError> {
    int_lit(scalar, v).ok_or_else(|| not_representable(&expr(), scalar))
}

/// `'expr' cannot be represented as 'T'`.
pub(crate) fn not_representable(expr: &str, scalar: Scalar) -> EvalError {
    EvalError::new(format!(
        "'{expr}' cannot be represented as '{}'",
        scalar.wgsl_name()
    ))
}

/// `value V cannot be represented as 'T'`.
pub(crate) fn value_not_representable(l: &Literal, scalar: Scalar) -> EvalError {
    EvalError::new(format!(
        "value {} cannot be represented as '{}'",
        fmt_lit(l),
        scalar.wgsl_name()
    ))
}

/// An error for an operand of a type the operation does not accept (the
/// resolver should have rejected it; reported rather than panicking).
pub(crate) fn bad_operand(what: &str, l: &Literal) -> EvalError {
    EvalError::new(format!(
        "{what} is not defined for a value of type '{}'",
        l.scalar().wgsl_name()
    ))
}

/// Formats a call `name(a, b)` for error messages.
pub(crate) fn call_str(name: &str, args: &[Literal]) -> String {
    let args: Vec<String> = args.iter().map(fmt_lit).collect();
    format!("{name}({})", args.join(", "))
}

/// Checks an integer result of a builtin, naming the call on overflow.
pub(crate) fn int_call_result(
    scalar: Scalar,
    v: i128,
    name: &str,
    args: &[Literal],
) -> Result<Literal, EvalError> {
    int_result(scalar, v, || call_str(name, args))
}

/// `frexp` of one float: (fraction in [0.5, 1) in magnitude, exponent).
pub(crate) fn frexp_f64(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    // Bring subnormals into the normal range first.
    let (x, adjust) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(64), -64)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1022;
    let fract = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (fract, exp + adjust)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_rounding_and_overflow() {
        assert_eq!(float_lit(Scalar::F32, 0.1), Some(Literal::F32(0.1)));
        assert_eq!(float_lit(Scalar::F32, 1e39), None);
        assert_eq!(
            float_lit(Scalar::F16, 65504.0),
            Some(Literal::F16(half::f16::MAX))
        );
        // 65519 rounds down to the largest f16, 65520 rounds to infinity.
        assert_eq!(
            float_lit(Scalar::F16, 65519.0),
            Some(Literal::F16(half::f16::MAX))
        );
        assert_eq!(float_lit(Scalar::F16, 65520.0), None);
        assert_eq!(float_lit(Scalar::AbstractFloat, f64::NAN), None);
        // f16 rounding: 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even.
        assert_eq!(
            float_lit(Scalar::F16, 1.0 + 2f64.powi(-11)),
            Some(Literal::F16(half::f16::ONE))
        );
        assert_eq!(
            float_lit(Scalar::F16, 1.0 + 3.0 * 2f64.powi(-11)),
            Some(Literal::F16(half::f16::from_f64(1.0 + 2f64.powi(-9))))
        );
    }

    #[test]
    fn int_ranges() {
        assert_eq!(
            int_lit(Scalar::I32, 2147483647),
            Some(Literal::I32(i32::MAX))
        );
        assert_eq!(int_lit(Scalar::I32, 2147483648), None);
        assert_eq!(int_lit(Scalar::U32, -1), None);
        assert_eq!(
            int_result(Scalar::I32, 1 << 31, || "2147483647 + 1".into())
                .unwrap_err()
                .message,
            "'2147483647 + 1' cannot be represented as 'i32'"
        );
    }
}

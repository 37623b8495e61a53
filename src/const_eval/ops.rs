//! Unary and binary operators on scalars, with WGSL's overflow, division
//! and shift rules. [`super::eval_unary`] and [`super::eval_binary`] apply
//! them component-wise (with scalar splatting), and [`super::matrix`] to
//! matrices.

use super::num::{
    as_f64, as_int, bad_operand, float_result, int_result, int_width, not_representable, wrap_int,
};
use super::value::fmt_lit;
use super::EvalError;
use crate::ir::{BinaryOperator, Literal, Scalar, UnaryOperator};

/// A unary operator on one scalar.
pub(crate) fn unary_literal(op: UnaryOperator, l: Literal) -> Result<Literal, EvalError> {
    Ok(match (op, l) {
        (UnaryOperator::LogicalNot, Literal::Bool(b)) => Literal::Bool(!b),
        (UnaryOperator::BitwiseNot, Literal::I32(v)) => Literal::I32(!v),
        (UnaryOperator::BitwiseNot, Literal::U32(v)) => Literal::U32(!v),
        (UnaryOperator::BitwiseNot, Literal::AbstractInt(v)) => Literal::AbstractInt(!v),
        // The negation of the most negative integer is itself (WGSL spec,
        // "Unary arithmetic expressions"), for abstract and concrete types.
        (UnaryOperator::Negate, Literal::I32(v)) => Literal::I32(v.wrapping_neg()),
        (UnaryOperator::Negate, Literal::AbstractInt(v)) => Literal::AbstractInt(v.wrapping_neg()),
        (UnaryOperator::Negate, Literal::F32(v)) => Literal::F32(-v),
        (UnaryOperator::Negate, Literal::F16(v)) => Literal::F16(-v),
        (UnaryOperator::Negate, Literal::AbstractFloat(v)) => Literal::AbstractFloat(-v),
        (UnaryOperator::Negate, _) => return Err(bad_operand("negation '-'", &l)),
        (UnaryOperator::LogicalNot, _) => return Err(bad_operand("logical negation '!'", &l)),
        (UnaryOperator::BitwiseNot, _) => return Err(bad_operand("bitwise complement '~'", &l)),
    })
}

fn expr_str(a: &Literal, op: BinaryOperator, b: &Literal) -> String {
    format!("{} {} {}", fmt_lit(a), op.symbol(), fmt_lit(b))
}

/// Integer arithmetic on one pair of scalars of type `s`.
fn int_arith(
    op: BinaryOperator,
    a: Literal,
    b: Literal,
    x: i128,
    y: i128,
) -> Result<Literal, EvalError> {
    let s = a.scalar();
    let e = || expr_str(&a, op, &b);
    let v = match op {
        BinaryOperator::Add => x + y,
        BinaryOperator::Subtract => x - y,
        BinaryOperator::Multiply => x * y,
        BinaryOperator::Divide | BinaryOperator::Modulo => {
            if y == 0 {
                let what = if op == BinaryOperator::Divide {
                    "division"
                } else {
                    "remainder"
                };
                return Err(EvalError::new(format!(
                    "integer {what} by zero is invalid: '{}'",
                    e()
                )));
            }
            if s.is_signed_integer() && y == -1 && int_result(s, -x, e).is_err() {
                // The most negative value divided by -1 overflows; the
                // remainder is an error too.
                return Err(not_representable(&e(), s));
            }
            if op == BinaryOperator::Divide {
                x / y
            } else {
                x % y
            }
        }
        _ => {
            return Err(EvalError::new(format!(
                "'{}' is not an arithmetic operation",
                e()
            )))
        }
    };
    // Concrete integer results wrap modulo 2^bitwidth (WGSL spec, "Integer
    // Types"); only AbstractInt evaluation must not overflow ("Abstract
    // Numeric Types"). Division and remainder cannot get here out of
    // range: their overflow (MIN / -1) is an error above.
    if s == Scalar::AbstractInt {
        int_result(s, v, e)
    } else {
        wrap_int(s, v).ok_or_else(|| not_representable(&e(), s))
    }
}

/// Float arithmetic on one pair of scalars.
fn float_arith(
    op: BinaryOperator,
    a: Literal,
    b: Literal,
    x: f64,
    y: f64,
) -> Result<Literal, EvalError> {
    let e = || expr_str(&a, op, &b);
    let v = match op {
        BinaryOperator::Add => x + y,
        BinaryOperator::Subtract => x - y,
        BinaryOperator::Multiply => x * y,
        BinaryOperator::Divide | BinaryOperator::Modulo if y == 0.0 => {
            return Err(EvalError::new(format!(
                "'{}' is invalid: floating-point {} by zero",
                e(),
                if op == BinaryOperator::Divide {
                    "division"
                } else {
                    "remainder"
                }
            )))
        }
        BinaryOperator::Divide => x / y,
        // e1 - e2 * trunc(e1 / e2); `%` on f64 is that value computed exactly.
        BinaryOperator::Modulo => x % y,
        _ => {
            return Err(EvalError::new(format!(
                "'{}' is not an arithmetic operation",
                e()
            )))
        }
    };
    // One rounding to the operand type (see the `num` module docs).
    float_result(a.scalar(), v, e)
}

fn shift(op: BinaryOperator, a: Literal, b: Literal) -> Result<Literal, EvalError> {
    let s = a.scalar();
    let e = || expr_str(&a, op, &b);
    let (Some(x), Some(n)) = (as_int(a), as_int(b)) else {
        return Err(bad_operand(
            "a shift",
            if as_int(a).is_none() { &a } else { &b },
        ));
    };
    let w = int_width(s) as i128;
    if n < 0 || (n >= w && s != Scalar::AbstractInt) {
        return Err(EvalError::new(format!(
            "'{}' is invalid: the shift amount must be less than the bit width of '{}' ({w})",
            e(),
            s.wgsl_name()
        )));
    }
    let n = n.min(127) as u32;
    if op == BinaryOperator::ShiftRight {
        let v = match a {
            Literal::U32(v) => (v >> n) as i128,
            // Arithmetic shift of a sign-extended value.
            _ => x >> n.min(w as u32 - 1),
        };
        return int_result(s, v, e);
    }
    // Left shift: the discarded bits (and the new sign bit, for signed
    // types) must all equal the original sign bit, i.e. no overflow.
    let ok = match a {
        Literal::U32(v) => n < 32 && (v as u64) << n <= u32::MAX as u64,
        _ => {
            n < w as u32 && {
                let r = x << n;
                int_result(s, r, e).is_ok()
            }
        }
    };
    if !ok && x != 0 {
        return Err(EvalError::new(format!(
            "'{}' overflows: bits shifted out of '{}' must be {}",
            e(),
            s.wgsl_name(),
            if s.is_signed_integer() {
                "equal to the sign bit"
            } else {
                "zero"
            }
        )));
    }
    if x == 0 {
        return Ok(a);
    }
    int_result(s, x << n, e)
}

/// A binary operator on one pair of scalars (already of one common type,
/// except the shift amount).
pub(crate) fn binary_literal(
    op: BinaryOperator,
    a: Literal,
    b: Literal,
) -> Result<Literal, EvalError> {
    use BinaryOperator as B;
    if matches!(op, B::ShiftLeft | B::ShiftRight) {
        return shift(op, a, b);
    }
    if a.scalar() != b.scalar() {
        return Err(EvalError::new(format!(
            "operands of '{}' have different types '{}' and '{}'",
            expr_str(&a, op, &b),
            a.scalar().wgsl_name(),
            b.scalar().wgsl_name()
        )));
    }
    let ints = (as_int(a), as_int(b));
    let floats = (as_f64(a), as_f64(b));
    match op {
        B::Add | B::Subtract | B::Multiply | B::Divide | B::Modulo => match (ints, floats) {
            ((Some(x), Some(y)), _) => int_arith(op, a, b, x, y),
            (_, (Some(x), Some(y))) => float_arith(op, a, b, x, y),
            _ => Err(bad_operand(&format!("operator '{}'", op.symbol()), &a)),
        },
        B::Equal | B::NotEqual | B::Less | B::LessEqual | B::Greater | B::GreaterEqual => {
            let ord = match (a, ints, floats) {
                (Literal::Bool(x), _, _) => {
                    let Literal::Bool(y) = b else {
                        return Err(bad_operand("comparison", &b));
                    };
                    if !matches!(op, B::Equal | B::NotEqual) {
                        return Err(bad_operand(&format!("operator '{}'", op.symbol()), &a));
                    }
                    Some(x.cmp(&y))
                }
                (_, (Some(x), Some(y)), _) => Some(x.cmp(&y)),
                (_, _, (Some(x), Some(y))) => x.partial_cmp(&y),
                _ => return Err(bad_operand("comparison", &a)),
            };
            use std::cmp::Ordering as O;
            let r = match op {
                B::Equal => ord == Some(O::Equal),
                B::NotEqual => ord != Some(O::Equal),
                B::Less => ord == Some(O::Less),
                B::LessEqual => matches!(ord, Some(O::Less | O::Equal)),
                B::Greater => ord == Some(O::Greater),
                _ => matches!(ord, Some(O::Greater | O::Equal)),
            };
            Ok(Literal::Bool(r))
        }
        B::And | B::InclusiveOr | B::ExclusiveOr => {
            let f = |x: i128, y: i128| match op {
                B::And => x & y,
                B::InclusiveOr => x | y,
                _ => x ^ y,
            };
            match (a, b, ints) {
                (Literal::Bool(x), Literal::Bool(y), _) => {
                    Ok(Literal::Bool(f(x as i128, y as i128) != 0))
                }
                // Sign- or zero-extended operands give in-range results.
                (_, _, (Some(x), Some(y))) => {
                    int_result(a.scalar(), f(x, y), || expr_str(&a, op, &b))
                }
                _ => Err(bad_operand(&format!("operator '{}'", op.symbol()), &a)),
            }
        }
        B::ShiftLeft | B::ShiftRight => shift(op, a, b),
    }
}

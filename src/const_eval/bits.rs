//! Integer bit builtins: `countLeadingZeros`, `countOneBits`,
//! `countTrailingZeros`, `reverseBits`, `firstLeadingBit`,
//! `firstTrailingBit`, `extractBits`, `insertBits`, `dot4I8Packed`,
//! `dot4U8Packed`. Concrete integers are 32 bits wide; AbstractInt (which
//! the resolver normally concretizes first) is treated as 64 bits wide.

use super::num::{as_int, bad_operand, call_str};
use super::value::zip3;
use super::{EvalError, Value};
use crate::ir::{Literal, MathFunction};

/// An integer's bits (zero-extended to 64), its width and signedness.
fn raw(l: Literal) -> Option<(u64, u32, bool)> {
    match l {
        Literal::I32(v) => Some((v as u32 as u64, 32, true)),
        Literal::U32(v) => Some((v as u64, 32, false)),
        Literal::AbstractInt(v) => Some((v as u64, 64, true)),
        _ => None,
    }
}

/// Rebuilds a literal of `like`'s type from (truncated) bits.
fn from_raw(like: Literal, bits: u64) -> Literal {
    match like {
        Literal::I32(_) => Literal::I32(bits as u32 as i32),
        Literal::U32(_) => Literal::U32(bits as u32),
        _ => Literal::AbstractInt(bits as i64),
    }
}

fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// The one-argument bit functions.
pub(super) fn unary(fun: MathFunction, l: Literal) -> Result<Literal, EvalError> {
    let name = fun.wgsl_name();
    let (bits, w, signed) = raw(l).ok_or_else(|| bad_operand(&format!("'{name}'"), &l))?;
    let all_ones = mask(w);
    // Leading zeros within the type's width.
    let clz = |b: u64| b.leading_zeros() - (64 - w);
    let out = match fun {
        MathFunction::CountLeadingZeros => clz(bits) as u64,
        MathFunction::CountOneBits => bits.count_ones() as u64,
        MathFunction::CountTrailingZeros => {
            if bits == 0 {
                w as u64
            } else {
                bits.trailing_zeros() as u64
            }
        }
        MathFunction::ReverseBits => bits.reverse_bits() >> (64 - w),
        MathFunction::FirstLeadingBit => {
            // Signed: the most significant bit differing from the sign bit.
            let b = if signed && (bits >> (w - 1)) & 1 == 1 {
                !bits & all_ones
            } else {
                bits
            };
            if b == 0 {
                all_ones
            } else {
                (w - 1 - clz(b)) as u64
            }
        }
        MathFunction::FirstTrailingBit => {
            if bits == 0 {
                all_ones
            } else {
                bits.trailing_zeros() as u64
            }
        }
        _ => return Err(bad_operand(&format!("'{name}'"), &l)),
    };
    Ok(from_raw(l, out))
}

/// Checks `offset + count <= w` and returns them.
fn offset_count(
    name: &str,
    args: &[Literal],
    w: u32,
    offset: Literal,
    count: Literal,
) -> Result<(u32, u32), EvalError> {
    let (Some(o), Some(c)) = (as_int(offset), as_int(count)) else {
        return Err(bad_operand(&format!("'{name}'"), &offset));
    };
    if o < 0 || c < 0 || o + c > w as i128 {
        return Err(EvalError::new(format!(
            "'{}' is not valid: 'offset' + 'count' ({o} + {c}) must not exceed the bit width {w}",
            call_str(name, args)
        )));
    }
    Ok((o as u32, c as u32))
}

/// `extractBits(e, offset, count)`.
pub(super) fn extract_bits(e: &Value, offset: &Value, count: &Value) -> Result<Value, EvalError> {
    zip3(e, offset, count, |x, o, c| {
        let (bits, w, signed) = raw(x).ok_or_else(|| bad_operand("'extractBits'", &x))?;
        let (o, c) = offset_count("extractBits", &[x, o, c], w, o, c)?;
        if c == 0 {
            return Ok(from_raw(x, 0));
        }
        let field = (bits >> o) & mask(c);
        let sign = (field >> (c - 1)) & 1 == 1;
        let out = if signed && sign {
            field | (!mask(c) & mask(w))
        } else {
            field
        };
        Ok(from_raw(x, out))
    })
}

/// `insertBits(e, newbits, offset, count)`.
pub(super) fn insert_bits(
    e: &Value,
    newbits: &Value,
    offset: &Value,
    count: &Value,
) -> Result<Value, EvalError> {
    let (Value::Scalar(o), Value::Scalar(c)) = (offset, count) else {
        return Err(EvalError::new(
            "'insertBits' offset and count must be scalars",
        ));
    };
    zip3(e, newbits, offset, |x, n, _| {
        let (bits, w, _) = raw(x).ok_or_else(|| bad_operand("'insertBits'", &x))?;
        let (nbits, _, _) = raw(n).ok_or_else(|| bad_operand("'insertBits'", &n))?;
        let (off, cnt) = offset_count("insertBits", &[x, n, *o, *c], w, *o, *c)?;
        if cnt == 0 {
            return Ok(x);
        }
        let m = mask(cnt) << off;
        Ok(from_raw(x, (bits & !m) | ((nbits << off) & m)))
    })
}

/// `dot4I8Packed(a, b)` / `dot4U8Packed(a, b)`.
pub(super) fn dot4_packed(fun: MathFunction, a: &Value, b: &Value) -> Result<Value, EvalError> {
    let (Value::Scalar(Literal::U32(x)), Value::Scalar(Literal::U32(y))) = (a, b) else {
        return Err(EvalError::new(format!(
            "'{}' needs two u32 arguments",
            fun.wgsl_name()
        )));
    };
    let bytes = |v: u32, i: u32| (v >> (8 * i)) & 0xff;
    Ok(Value::Scalar(if fun == MathFunction::Dot4I8Packed {
        let s: i32 = (0..4)
            .map(|i| (bytes(*x, i) as u8 as i8 as i32) * (bytes(*y, i) as u8 as i8 as i32))
            .sum();
        Literal::I32(s)
    } else {
        Literal::U32((0..4).map(|i| bytes(*x, i) * bytes(*y, i)).sum())
    }))
}

//! Numeric literals: scanning (shape) and conversion (value and range).
//!
//! Float conversion is correctly rounded (round to nearest, ties to even)
//! from the source text to the literal's type:
//! - decimal, no suffix or `f`: Rust's `str::parse::<f64>` / `<f32>`, which
//!   are correctly rounded;
//! - decimal `h`: parse to f64 first; that is correct unless the f64 lies
//!   exactly on a midpoint between two f16 values (then double rounding could
//!   go the wrong way), in which case the decimal text is compared exactly
//!   against the midpoint with big-integer arithmetic (`super::float`);
//! - hex floats: an exact bit-level parser that rounds once to the target.

use super::float;
use crate::diagnostic::Diagnostic;
use crate::front::wgsl::ast::{FloatSuffix, IntSuffix, Literal};
use crate::span::Span;

fn err(message: impl Into<String>, start: usize, end: usize) -> Diagnostic {
    Diagnostic::error(message, Span::new(start as u32, end as u32))
}

fn count(bytes: &[u8], mut i: usize, pred: impl Fn(u8) -> bool) -> usize {
    while i < bytes.len() && pred(bytes[i]) {
        i += 1;
    }
    i
}

/// Scans a numeric literal starting at `start` (a digit, or `.` followed by
/// a digit). Returns its end and whether it is a float.
pub(super) fn scan_number(bytes: &[u8], start: usize) -> Result<(usize, bool), Box<Diagnostic>> {
    let end;
    let is_float;
    if bytes[start] == b'0' && matches!(bytes.get(start + 1), Some(b'x' | b'X')) {
        let mut i = count(bytes, start + 2, |b| b.is_ascii_hexdigit());
        let int_digits = i - (start + 2);
        let mut float = false;
        let mut frac_digits = 0;
        if bytes.get(i) == Some(&b'.') {
            float = true;
            let j = count(bytes, i + 1, |b| b.is_ascii_hexdigit());
            frac_digits = j - (i + 1);
            i = j;
        }
        if int_digits + frac_digits == 0 {
            return Err(Box::new(err(
                "expected hexadecimal digits after '0x'",
                start,
                i.max(start + 2),
            )));
        }
        if matches!(bytes.get(i), Some(b'p' | b'P')) {
            float = true;
            i = exponent(bytes, start, i)?;
            if matches!(bytes.get(i), Some(b'f' | b'h')) {
                i += 1;
            }
        } else if !float && matches!(bytes.get(i), Some(b'i' | b'u')) {
            i += 1;
        }
        end = i;
        is_float = float;
    } else {
        let mut i = count(bytes, start, |b| b.is_ascii_digit());
        let int_digits = i - start;
        let mut float = false;
        if bytes.get(i) == Some(&b'.') {
            float = true;
            i = count(bytes, i + 1, |b| b.is_ascii_digit());
        }
        if matches!(bytes.get(i), Some(b'e' | b'E')) {
            float = true;
            i = exponent(bytes, start, i)?;
        }
        if !float && int_digits > 1 && bytes[start] == b'0' {
            return Err(Box::new(err(
                "leading zeros are not allowed in decimal integer literals",
                start,
                i,
            )));
        }
        match bytes.get(i) {
            Some(b'f' | b'h') => {
                float = true;
                i += 1;
            }
            Some(b'i' | b'u') if !float => i += 1,
            _ => {}
        }
        end = i;
        is_float = float;
    }
    // A literal directly followed by identifier characters (`1x`, `2uu`)
    // is almost certainly a typo; the grammar would reject it anyway.
    if end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
        let suffix_end = count(bytes, end, |b| b.is_ascii_alphanumeric() || b == b'_');
        return Err(Box::new(
            err("invalid suffix on numeric literal", end, suffix_end)
                .with_label(Span::new(start as u32, end as u32), "literal"),
        ));
    }
    Ok((end, is_float))
}

/// Scans `[eEpP][+-]?[0-9]+` at `i`, returning its end.
fn exponent(bytes: &[u8], start: usize, i: usize) -> Result<usize, Box<Diagnostic>> {
    let mut j = i + 1;
    if matches!(bytes.get(j), Some(b'+' | b'-')) {
        j += 1;
    }
    let k = count(bytes, j, |b| b.is_ascii_digit());
    if k == j {
        return Err(Box::new(err("expected digits in the exponent", start, j)));
    }
    Ok(k)
}

/// Converts the text of an [`super::TokenKind::IntLit`] or
/// [`super::TokenKind::FloatLit`] token to a literal, checking its range.
/// On error, returns the message (the caller supplies the span).
pub fn literal_value(text: &str, is_float: bool) -> Result<Literal, String> {
    let hex = text.len() > 1 && matches!(text.as_bytes()[1], b'x' | b'X');
    if is_float {
        float_value(text, hex)
    } else {
        int_value(text, hex)
    }
}

fn int_value(text: &str, hex: bool) -> Result<Literal, String> {
    let (digits, suffix) = match text.as_bytes()[text.len() - 1] {
        b'i' => (&text[..text.len() - 1], IntSuffix::I),
        b'u' => (&text[..text.len() - 1], IntSuffix::U),
        _ => (text, IntSuffix::None),
    };
    let (body, radix) = if hex {
        (&digits[2..], 16)
    } else {
        (digits, 10)
    };
    let (limit, ty) = match suffix {
        IntSuffix::None => (i64::MAX as u64, "abstract-int"),
        IntSuffix::I => (i32::MAX as u64, "i32"),
        IntSuffix::U => (u32::MAX as u64, "u32"),
    };
    let mut value: u64 = 0;
    for &b in body.as_bytes() {
        let d = (b as char).to_digit(radix).unwrap_or(0) as u64;
        value = match value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d))
        {
            Some(v) if v <= limit => v,
            _ => return Err(format!("value {digits} cannot be represented as '{ty}'")),
        };
    }
    Ok(Literal::Int {
        value: value as i64,
        suffix,
    })
}

fn float_value(text: &str, hex: bool) -> Result<Literal, String> {
    let last = text.as_bytes()[text.len() - 1];
    // In a hex float, `f`/`h` is a suffix only after a `p` exponent.
    let has_suffix = matches!(last, b'f' | b'h') && (!hex || text.contains(['p', 'P']));
    let (body, suffix) = if has_suffix {
        let s = if last == b'f' {
            FloatSuffix::F
        } else {
            FloatSuffix::H
        };
        (&text[..text.len() - 1], s)
    } else {
        (text, FloatSuffix::None)
    };
    let format = match suffix {
        FloatSuffix::None => float::F64,
        FloatSuffix::F => float::F32,
        FloatSuffix::H => float::F16,
    };
    let ty = match suffix {
        FloatSuffix::None => "abstract-float",
        FloatSuffix::F => "f32",
        FloatSuffix::H => "f16",
    };
    let value = if hex {
        float::parse_hex(&body[2..], format)
    } else {
        match suffix {
            FloatSuffix::None => body.parse::<f64>().ok(),
            FloatSuffix::F => body.parse::<f32>().ok().map(f64::from),
            FloatSuffix::H => float::parse_decimal_f16(body),
        }
    };
    match value {
        Some(v) if v.is_finite() => Ok(Literal::Float { value: v, suffix }),
        _ => Err(format!("value {body} cannot be represented as '{ty}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(text: &str) -> Result<(i64, IntSuffix), String> {
        match literal_value(text, false)? {
            Literal::Int { value, suffix } => Ok((value, suffix)),
            other => panic!("not an int: {other:?}"),
        }
    }

    fn float(text: &str) -> Result<(f64, FloatSuffix), String> {
        match literal_value(text, true)? {
            Literal::Float { value, suffix } => Ok((value, suffix)),
            other => panic!("not a float: {other:?}"),
        }
    }

    #[test]
    fn integers() {
        assert_eq!(int("0"), Ok((0, IntSuffix::None)));
        assert_eq!(int("123u"), Ok((123, IntSuffix::U)));
        assert_eq!(int("0x7fffffffi"), Ok((i32::MAX as i64, IntSuffix::I)));
        assert_eq!(int("0XFFFFFFFFu"), Ok((u32::MAX as i64, IntSuffix::U)));
        assert_eq!(int("9223372036854775807"), Ok((i64::MAX, IntSuffix::None)));
        assert_eq!(
            int("4294967296u"),
            Err("value 4294967296 cannot be represented as 'u32'".into())
        );
        assert_eq!(
            int("2147483648i"),
            Err("value 2147483648 cannot be represented as 'i32'".into())
        );
        assert_eq!(
            int("9223372036854775808"),
            Err("value 9223372036854775808 cannot be represented as 'abstract-int'".into())
        );
        assert_eq!(
            int("0x1ffffffffffffffffffff"),
            Err("value 0x1ffffffffffffffffffff cannot be represented as 'abstract-int'".into())
        );
    }

    #[test]
    fn decimal_floats() {
        assert_eq!(float("1."), Ok((1.0, FloatSuffix::None)));
        assert_eq!(float(".5"), Ok((0.5, FloatSuffix::None)));
        assert_eq!(float("1e3"), Ok((1000.0, FloatSuffix::None)));
        assert_eq!(float("1.e3"), Ok((1000.0, FloatSuffix::None)));
        assert_eq!(float("1e-3f"), Ok((1e-3f32 as f64, FloatSuffix::F)));
        assert_eq!(float("0f"), Ok((0.0, FloatSuffix::F)));
        assert_eq!(float("1h"), Ok((1.0, FloatSuffix::H)));
        assert_eq!(float("0.1f"), Ok((0.1f32 as f64, FloatSuffix::F)));
        assert_eq!(
            float("0.1h"),
            Ok((half::f16::from_f32(0.1).to_f64(), FloatSuffix::H))
        );
        assert_eq!(float("65504h"), Ok((65504.0, FloatSuffix::H)));
        assert_eq!(
            float("65520h"),
            Err("value 65520 cannot be represented as 'f16'".into())
        );
        assert_eq!(
            float("1e39f"),
            Err("value 1e39 cannot be represented as 'f32'".into())
        );
        assert_eq!(
            float("1e400"),
            Err("value 1e400 cannot be represented as 'abstract-float'".into())
        );
    }

    #[test]
    fn f16_double_rounding_ties() {
        // 1 + 2^-11 is exactly the midpoint between 1 and 1 + 2^-10: ties to even (1).
        assert_eq!(float("1.00048828125h"), Ok((1.0, FloatSuffix::H)));
        // Slightly above the midpoint, but the f64 nearest to the text IS the
        // midpoint: a naive f64 -> f16 conversion would give 1.0.
        let above = "1.0004882812500000000000000000001h";
        assert_eq!(float(above), Ok((1.0 + 1.0 / 1024.0, FloatSuffix::H)));
        let below = "1.0004882812499999999999999999999h";
        assert_eq!(float(below), Ok((1.0, FloatSuffix::H)));
        // 1 + 3 * 2^-11 is a midpoint whose even neighbour is above.
        assert_eq!(
            float("1.00146484375h"),
            Ok((1.0 + 2.0 / 1024.0, FloatSuffix::H))
        );
        let just_below = "1.0014648437499999999999999999999h";
        assert_eq!(float(just_below), Ok((1.0 + 1.0 / 1024.0, FloatSuffix::H)));
    }

    #[test]
    fn hex_floats() {
        assert_eq!(float("0x1.8p3"), Ok((12.0, FloatSuffix::None)));
        assert_eq!(float("0x1p-2f"), Ok((0.25, FloatSuffix::F)));
        assert_eq!(float("0x1P4h"), Ok((16.0, FloatSuffix::H)));
        assert_eq!(float("0x.8"), Ok((0.5, FloatSuffix::None)));
        assert_eq!(float("0x1.f"), Ok((1.9375, FloatSuffix::None)));
        assert_eq!(float("0xA."), Ok((10.0, FloatSuffix::None)));
        // 1 + 2^-24 ties to even (1.0) in f32; 1 + 3*2^-24 ties up.
        assert_eq!(float("0x1.000001p0f"), Ok((1.0, FloatSuffix::F)));
        assert_eq!(
            float("0x1.000003p0f"),
            Ok((1.0 + 2.0f64.powi(-22), FloatSuffix::F))
        );
        // Sticky bits beyond 64 mantissa bits still round up.
        assert_eq!(
            float("0x1.0000010000000000000000001p0f"),
            Ok((1.0 + 2.0f64.powi(-23), FloatSuffix::F))
        );
        // Subnormals and underflow.
        assert_eq!(float("0x1p-149f"), Ok((2.0f64.powi(-149), FloatSuffix::F)));
        assert_eq!(float("0x1p-151f"), Ok((0.0, FloatSuffix::F)));
        assert_eq!(float("0x1p-24h"), Ok((2.0f64.powi(-24), FloatSuffix::H)));
        assert_eq!(
            float("0x1p-1074"),
            Ok((f64::from_bits(1), FloatSuffix::None))
        );
        assert_eq!(
            float("0x1p128f"),
            Err("value 0x1p128 cannot be represented as 'f32'".into())
        );
        assert_eq!(
            float("0x1p16h"),
            Err("value 0x1p16 cannot be represented as 'f16'".into())
        );
        assert_eq!(float("0x1.ffcp15h"), Ok((65504.0, FloatSuffix::H)));
        assert_eq!(
            float("0x1p99999999999999999999"),
            Err("value 0x1p99999999999999999999 cannot be represented as 'abstract-float'".into())
        );
        assert_eq!(
            float("0x1p-99999999999999999999"),
            Ok((0.0, FloatSuffix::None))
        );
    }

    #[test]
    fn scanning_shapes() {
        let scan = |s: &str| scan_number(s.as_bytes(), 0).map_err(|d| (d.message, d.span));
        assert_eq!(scan("0x1f"), Ok((4, false)));
        assert_eq!(scan("0x1p4f"), Ok((6, true)));
        assert_eq!(scan("12f"), Ok((3, true)));
        assert_eq!(scan("1.5e+3h;"), Ok((7, true)));
        assert_eq!(scan("7u)"), Ok((2, false)));
        assert_eq!(
            scan("012"),
            Err((
                "leading zeros are not allowed in decimal integer literals".into(),
                Span::new(0, 3)
            ))
        );
        assert_eq!(scan("012.5"), Ok((5, true)));
        assert_eq!(scan("01e2"), Ok((4, true)));
        assert_eq!(
            scan("1e"),
            Err(("expected digits in the exponent".into(), Span::new(0, 2)))
        );
        assert_eq!(
            scan("0x"),
            Err((
                "expected hexadecimal digits after '0x'".into(),
                Span::new(0, 2)
            ))
        );
        assert_eq!(
            scan("1x"),
            Err(("invalid suffix on numeric literal".into(), Span::new(1, 2)))
        );
        assert_eq!(
            scan("1.0uu"),
            Err(("invalid suffix on numeric literal".into(), Span::new(3, 5)))
        );
    }
}

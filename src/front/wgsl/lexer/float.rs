//! Exact binary floating-point rounding for literals.
//!
//! Every conversion here rounds exactly once, to nearest with ties to even,
//! so results are correctly rounded. Values are returned as `f64`, which
//! holds every f16, f32 and f64 value exactly; an overflow returns infinity.

use std::cmp::Ordering;

/// A binary floating-point format.
#[derive(Clone, Copy, Debug)]
pub(super) struct Format {
    /// Significand precision in bits, including the implicit bit.
    precision: u32,
    /// Exponent of the smallest normal number.
    min_exp: i64,
    /// Exponent of the largest finite number.
    max_exp: i64,
}

/// IEEE binary64.
pub(super) const F64: Format = Format {
    precision: 53,
    min_exp: -1022,
    max_exp: 1023,
};
/// IEEE binary32.
pub(super) const F32: Format = Format {
    precision: 24,
    min_exp: -126,
    max_exp: 127,
};
/// IEEE binary16.
pub(super) const F16: Format = Format {
    precision: 11,
    min_exp: -14,
    max_exp: 15,
};

/// `2^k` for any `k`, as an `f64` (0 or infinity out of range).
fn pow2(k: i64) -> f64 {
    if k > 1023 {
        f64::INFINITY
    } else if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else if k >= -1074 {
        f64::from_bits(1u64 << (k + 1074))
    } else {
        0.0
    }
}

/// `value * 2^k` where the result is known to be exactly representable
/// (or an overflow, giving infinity).
fn scale(value: f64, k: i64) -> f64 {
    if k < -1000 {
        // Two steps so that the intermediate stays normal and exact.
        value * pow2(-1000) * pow2(k + 1000)
    } else if k > 1000 {
        value * pow2(1000) * pow2(k - 1000)
    } else {
        value * pow2(k)
    }
}

/// The outcome of [`round`].
pub(super) struct Rounded {
    /// The rounded value (infinity on overflow).
    pub value: f64,
    /// Whether `mant * 2^exp` lay exactly halfway between two neighbours.
    pub tie: bool,
}

/// Rounds `mant * 2^exp` to `format`. `bias` says whether the true value is
/// a tiny bit below (`Less`), at (`Equal`) or above (`Greater`) `mant *
/// 2^exp`; it only matters at an exact midpoint or for dropped bits.
pub(super) fn round(mant: u64, exp: i64, bias: Ordering, format: Format) -> Rounded {
    if mant == 0 {
        return Rounded {
            value: 0.0,
            tie: false,
        };
    }
    let bits = 64 - i64::from(mant.leading_zeros());
    let lead = exp + bits - 1;
    let p = i64::from(format.precision);
    // Exponent of the last significand bit kept.
    let quantum = (lead - (p - 1)).max(format.min_exp - (p - 1));
    let shift = quantum - exp;
    if shift <= 0 {
        // Exact: at most `precision` significant bits.
        let value = if lead > format.max_exp {
            f64::INFINITY
        } else {
            scale(mant as f64, exp)
        };
        return Rounded { value, tie: false };
    }
    if shift >= 128 {
        // Far below half of the smallest subnormal.
        return Rounded {
            value: 0.0,
            tie: false,
        };
    }
    let m = u128::from(mant);
    let kept = m >> shift;
    let rem = m & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    let up = match rem.cmp(&half) {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => match bias {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => kept & 1 == 1,
        },
    };
    let tie = rem == half;
    // kept <= 2^precision, so the conversion to f64 is exact.
    let kept = kept + u128::from(up);
    let value = if kept == 0 {
        0.0
    } else if quantum + (127 - i64::from(kept.leading_zeros())) > format.max_exp {
        f64::INFINITY
    } else {
        scale(kept as f64, quantum)
    };
    Rounded { value, tie }
}

/// Parses hex-float digits (after `0x`, without suffix): `h*.h*` with an
/// optional `p[+-]d+` exponent. Returns `None` on malformed text.
pub(super) fn parse_hex(text: &str, format: Format) -> Option<f64> {
    let (digits, exp_text) = match text.find(['p', 'P']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let mut mant: u64 = 0;
    let mut exp: i64 = 0;
    let mut sticky = false;
    let mut after_point = false;
    for b in digits.bytes() {
        if b == b'.' {
            after_point = true;
            continue;
        }
        let d = u64::from((b as char).to_digit(16)?);
        if mant < (1 << 60) {
            mant = mant * 16 + d;
            if after_point {
                exp -= 4;
            }
        } else {
            sticky |= d != 0;
            if !after_point {
                exp += 4;
            }
        }
    }
    if let Some(e) = exp_text {
        exp = exp.saturating_add(parse_exp(e)?);
    }
    let bias = if sticky {
        Ordering::Greater
    } else {
        Ordering::Equal
    };
    Some(round(mant, exp, bias, format).value)
}

/// Parses `[+-]?[0-9]+`, saturating far outside any useful range.
fn parse_exp(text: &str) -> Option<i64> {
    let (neg, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let mut v: i64 = 0;
    for b in digits.bytes() {
        let d = i64::from((b as char).to_digit(10)?);
        v = (v * 10 + d).min(1 << 40);
    }
    Some(if neg { -v } else { v })
}

/// Parses decimal float text (without suffix) to f16, correctly rounded.
pub(super) fn parse_decimal_f16(text: &str) -> Option<f64> {
    let d: f64 = text.parse().ok()?;
    if !d.is_finite() {
        return Some(f64::INFINITY);
    }
    let (mant, exp) = decompose(d);
    let first = round(mant, exp, Ordering::Equal, F16);
    if !first.tie {
        // `d` is on the same side of every f16 midpoint as the exact value
        // (midpoints are f64 values and rounding to f64 is monotonic).
        return Some(first.value);
    }
    // `d` is exactly a midpoint: decide with the exact decimal value.
    let bias = compare_decimal(text, mant, exp)?;
    Some(round(mant, exp, bias, F16).value)
}

/// `d` (finite, non-negative) as `mant * 2^exp`.
fn decompose(d: f64) -> (u64, i64) {
    let bits = d.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    }
}

/// How many significant decimal digits are compared exactly; later digits
/// only contribute "non-zero or not". f16 midpoints have far fewer digits.
const MAX_DIGITS: usize = 800;

/// Compares the decimal text (the exact value) with `mant * 2^exp`.
fn compare_decimal(text: &str, mant: u64, exp: i64) -> Option<Ordering> {
    let (digits, exp_text) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let mut big = Big::default();
    let mut dec_exp: i64 = 0;
    let mut count = 0usize;
    let mut sticky = false;
    let mut after_point = false;
    for b in digits.bytes() {
        if b == b'.' {
            after_point = true;
            continue;
        }
        let d = u32::from(b.checked_sub(b'0')?);
        if count == 0 && d == 0 {
            if after_point {
                dec_exp -= 1;
            }
            continue;
        }
        if count < MAX_DIGITS {
            big.mul_add(10, d);
            count += 1;
            if after_point {
                dec_exp -= 1;
            }
        } else {
            sticky |= d != 0;
            if !after_point {
                dec_exp += 1;
            }
        }
    }
    if let Some(e) = exp_text {
        dec_exp = dec_exp.saturating_add(parse_exp(e)?);
    }
    // Compare big * 10^dec_exp with mant * 2^exp, both scaled to integers.
    let mut right = Big::default();
    right.set_u64(mant);
    // Only reached for f16 midpoints, so both exponents are small; guard
    // anyway so that nothing here can take unbounded time.
    if dec_exp.abs() > 4 * MAX_DIGITS as i64 || exp.abs() > 2000 {
        return None;
    }
    if dec_exp >= 0 {
        big.mul_pow10(dec_exp as u32);
    } else {
        right.mul_pow10((-dec_exp) as u32);
    }
    if exp >= 0 {
        right.shl(exp as u32);
    } else {
        big.shl((-exp) as u32);
    }
    Some(match big.cmp(&right) {
        Ordering::Equal if sticky => Ordering::Greater,
        o => o,
    })
}

/// A small unsigned big integer (little-endian 32-bit limbs).
#[derive(Default)]
struct Big {
    limbs: Vec<u32>,
}

impl Big {
    fn set_u64(&mut self, v: u64) {
        self.limbs = vec![v as u32, (v >> 32) as u32];
        self.trim();
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// `self = self * m + a`.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.limbs {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.trim();
    }

    fn mul_pow10(&mut self, mut k: u32) {
        while k >= 9 {
            self.mul_add(1_000_000_000, 0);
            k -= 9;
        }
        self.mul_add(10u32.pow(k), 0);
    }

    fn shl(&mut self, k: u32) {
        let words = (k / 32) as usize;
        let bits = k % 32;
        if bits != 0 {
            self.mul_add(1 << bits, 0);
        }
        if !self.limbs.is_empty() {
            self.limbs.splice(0..0, std::iter::repeat_n(0, words));
        }
    }

    fn cmp(&self, other: &Big) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_basics() {
        assert_eq!(round(3, 0, Ordering::Equal, F16).value, 3.0);
        // 2049 = 2^11 + 1: a tie between 2048 and 2050, even is 2048.
        let r = round(2049, 0, Ordering::Equal, F16);
        assert!(r.tie);
        assert_eq!(r.value, 2048.0);
        assert_eq!(round(2049, 0, Ordering::Greater, F16).value, 2050.0);
        assert_eq!(round(2051, 0, Ordering::Equal, F16).value, 2052.0);
        assert_eq!(round(1, 16, Ordering::Equal, F16).value, f64::INFINITY);
        assert_eq!(round(1, -25, Ordering::Equal, F16).value, 0.0);
        assert_eq!(round(3, -26, Ordering::Equal, F16).value, 2f64.powi(-24));
        assert_eq!(
            round(u64::MAX, 0, Ordering::Equal, F64).value,
            2f64.powi(64)
        );
        assert_eq!(round(1, 5000, Ordering::Equal, F64).value, f64::INFINITY);
    }

    #[test]
    fn big_compare() {
        assert_eq!(compare_decimal("0.5", 1, -1), Some(Ordering::Equal));
        assert_eq!(compare_decimal("0.50001", 1, -1), Some(Ordering::Greater));
        assert_eq!(compare_decimal("49.99e-2", 1, -1), Some(Ordering::Less));
        assert_eq!(compare_decimal("1024", 1, 10), Some(Ordering::Equal));
        assert_eq!(compare_decimal("000.000", 0, 0), Some(Ordering::Equal));
    }
}

//! The generator's expressions as values: the text with its type and what
//! the rules about it need (see `expr`), and the float-text helpers.

use crate::types::{Scalar, Ty, Val, FB};

#[derive(Clone, Debug)]
pub(crate) struct Ex {
    pub s: String,
    pub ty: Ty,
    /// A const-expression or override-expression.
    pub konst: bool,
    /// The value of a scalar const-expression, when known.
    pub val: Option<Val>,
    /// The bound of a float scalar or vector.
    pub fb: Option<FB>,
    /// A plain literal (its suffix may be dropped next to a concrete
    /// operand).
    pub lit: bool,
    /// Contains a function call.
    pub calls: bool,
}

impl Ex {
    pub(crate) fn new(s: String, ty: Ty) -> Ex {
        Ex {
            s,
            ty,
            konst: false,
            val: None,
            fb: None,
            lit: false,
            calls: false,
        }
    }

    pub(crate) fn fb(&self) -> FB {
        self.fb.expect("float expression without a bound")
    }

    /// The text, dropping a literal's suffix (an AbstractInt or
    /// AbstractFloat the other operand concretises).
    pub(crate) fn abstract_text(&self) -> String {
        let s = &self.s;
        if s.starts_with("0x") || s.starts_with("-0x") {
            if let Some(t) = s.strip_suffix('u').or_else(|| s.strip_suffix('i')) {
                return t.to_string();
            }
            return s.clone();
        }
        s.trim_end_matches(['u', 'i', 'f', 'h']).to_string()
    }
}

/// Combines the flags of operands into those of an operation on them.
pub(crate) fn combine(s: String, ty: Ty, parts: &[&Ex]) -> Ex {
    Ex {
        s,
        ty,
        konst: parts.iter().all(|p| p.konst),
        val: None,
        fb: None,
        lit: false,
        calls: parts.iter().any(|p| p.calls),
    }
}

pub(crate) fn swizzle_letters(
    n: u8,
    width: u8,
    rgba: bool,
    pick: &mut dyn FnMut(u64) -> u64,
) -> String {
    let set = if rgba {
        ['r', 'g', 'b', 'a']
    } else {
        ['x', 'y', 'z', 'w']
    };
    (0..n).map(|_| set[pick(width as u64) as usize]).collect()
}

/// `v` as an exact decimal (or hex) float literal of type `s`.
pub(crate) fn float_text(v: f64, s: Scalar, hex: bool) -> String {
    let suffix = if s == Scalar::F16 { "h" } else { "f" };
    if v == 0.0 {
        return format!("0.0{suffix}");
    }
    // naga 30 rejects hexadecimal f16 literals ("not representable").
    if hex && s != Scalar::F16 {
        // v = n * 2^e with n an odd integer.
        let mut n = v.abs();
        let mut e = 0i32;
        while n.fract() != 0.0 {
            n *= 2.0;
            e -= 1;
        }
        while n % 2.0 == 0.0 {
            n /= 2.0;
            e += 1;
        }
        let sign = if v < 0.0 { "-" } else { "" };
        return format!("{sign}0x{:x}p{e}{suffix}", n as u64);
    }
    let mut t = format!("{v}");
    if !t.contains('.') {
        t.push_str(".0");
    }
    format!("{t}{suffix}")
}

/// The tightest bound of the value `v`.
pub(crate) fn fb_of(v: f64) -> FB {
    if v == 0.0 {
        return FB { m: 0, k: 0 };
    }
    let mut k = 0;
    while (v * f64::powi(2.0, k)).fract() != 0.0 {
        k += 1;
    }
    let mut m = -k;
    while v.abs() > f64::powi(2.0, m) {
        m += 1;
    }
    FB { m, k }
}

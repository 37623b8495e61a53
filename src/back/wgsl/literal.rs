//! Literals and constant values.
//!
//! Floats are printed so they parse back to the same bits: the shortest
//! decimal that round-trips, always with a `.` or an exponent.

use std::fmt::Write as _;

use super::{error, Ctx, MAX_DEPTH};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{ConstValue, Expression, Literal, Module, TypeInner};
use crate::span::Span;

/// Makes a Rust float rendering a WGSL float literal body: ensures a `.` or
/// an exponent is present.
fn float_body(mut s: String) -> String {
    if !s.contains(['.', 'e', 'E']) {
        s.push_str(".0");
    }
    s
}

/// Shortest decimal rendering of an f16 that parses back to the same value
/// (via f64, as the front end does).
fn f16_body(v: half::f16) -> String {
    let x = v.to_f64();
    if x == 0.0 {
        return if v.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    for precision in 0..17 {
        let s = format!("{x:.precision$e}");
        if let Ok(back) = s.parse::<f64>() {
            if half::f16::from_f64(back).to_bits() == v.to_bits() {
                // Prefer plain notation when it is just as exact.
                let plain = format!("{back:?}");
                if plain.len() <= s.len() + 2 {
                    if let Ok(p) = plain.parse::<f64>() {
                        if half::f16::from_f64(p).to_bits() == v.to_bits() {
                            return float_body(plain);
                        }
                    }
                }
                return float_body(s);
            }
        }
    }
    float_body(format!("{x:?}"))
}

/// Whether a literal prints with a leading `-` (then it is a unary
/// expression for precedence purposes).
pub fn is_negative(lit: &Literal) -> bool {
    match *lit {
        Literal::I32(v) => v < 0,
        Literal::AbstractInt(v) => v < 0,
        Literal::F32(v) => v.is_sign_negative(),
        Literal::F16(v) => v.is_sign_negative(),
        Literal::AbstractFloat(v) => v.is_sign_negative(),
        Literal::Bool(_) | Literal::U32(_) => false,
    }
}

/// Appends a WGSL literal.
pub fn write_literal(lit: &Literal, out: &mut String, span: Span) -> Result<(), Error> {
    let non_finite = || {
        error(
            "a NaN or infinite floating-point value cannot be written in WGSL",
            span,
        )
    };
    match *lit {
        Literal::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        // `2147483648i` is out of range, so the minimum needs a conversion.
        Literal::I32(i32::MIN) => out.push_str("i32(-2147483648)"),
        Literal::I32(v) => {
            let _ = write!(out, "{v}i");
        }
        Literal::U32(v) => {
            let _ = write!(out, "{v}u");
        }
        Literal::F32(v) => {
            if !v.is_finite() {
                return Err(non_finite());
            }
            let _ = write!(out, "{}f", float_body(format!("{v:?}")));
        }
        Literal::F16(v) => {
            if !v.is_finite() {
                return Err(non_finite());
            }
            let _ = write!(out, "{}h", f16_body(v));
        }
        Literal::AbstractInt(i64::MIN) => out.push_str("(-9223372036854775807 - 1)"),
        Literal::AbstractInt(v) => {
            let _ = write!(out, "{v}");
        }
        Literal::AbstractFloat(v) => {
            if !v.is_finite() {
                return Err(non_finite());
            }
            out.push_str(&float_body(format!("{v:?}")));
        }
    }
    Ok(())
}

impl Ctx<'_> {
    /// Appends a constant value: the name of its module-scope `const`
    /// declaration if it has one (see [`named_constants`]), else a literal,
    /// a constructor, or `T()`.
    pub fn write_const(&self, value: Handle<ConstValue>, out: &mut String) -> Result<(), Error> {
        self.write_const_depth(value, out, 0)
    }

    /// Appends a constant value spelled out (its components may still be
    /// names): the initializer of its `const` declaration.
    pub fn write_const_body(
        &self,
        value: Handle<ConstValue>,
        out: &mut String,
    ) -> Result<(), Error> {
        self.write_const_depth(value, out, 1)
    }

    fn write_const_depth(
        &self,
        value: Handle<ConstValue>,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        if depth == 0 {
            if let Some(Some(name)) = self.names.constants.get(value.index()) {
                out.push_str(name);
                return Ok(());
            }
        }
        let span = self.module.constants.span(value);
        if depth > MAX_DEPTH {
            return Err(error("constant is nested too deeply to be written", span));
        }
        let v = self
            .module
            .constants
            .try_get(value)
            .ok_or_else(|| error(format!("invalid constant handle {value:?}"), span))?;
        match v {
            ConstValue::Scalar(lit) => write_literal(lit, out, span)?,
            ConstValue::Composite { ty, components } => {
                self.write_type(*ty, out)?;
                out.push('(');
                for (i, c) in components.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match self.names.constants.get(c.index()) {
                        Some(Some(name)) => out.push_str(name),
                        _ => self.write_const_depth(*c, out, depth + 1)?,
                    }
                }
                out.push(')');
            }
            ConstValue::Zero(ty) => {
                self.write_type(*ty, out)?;
                out.push_str("()");
            }
        }
        Ok(())
    }

    /// Whether a constant prints as a unary (negative) expression.
    pub fn const_is_negative(&self, value: Handle<ConstValue>) -> bool {
        matches!(
            self.module.constants.try_get(value),
            Some(ConstValue::Scalar(lit)) if is_negative(lit)
        )
    }
}

/// Spelled size (scalars, names and constructors written) above which a
/// composite constant gets a module-scope `const` declaration.
const NAME_CONSTANTS_OVER: usize = 32;
/// The same, for a composite that expressions mention more than once.
const NAME_SHARED_CONSTANTS_OVER: usize = 4;

/// Which constants get a module-scope `const` declaration: the composites
/// that expressions mention (directly or as components) and that would
/// spell out more than [`NAME_CONSTANTS_OVER`] scalars, or more than
/// [`NAME_SHARED_CONSTANTS_OVER`] when mentioned more than once. Constants
/// are hash-consed, so one value used in many places, or a value built from
/// many copies of another (`array(c, c, c, ...)`), is written once and
/// named everywhere else: the output stays linear in the size of the
/// module's constants, not in the size of the values they denote.
/// Returns, per constant index, whether it is named.
pub fn named_constants(module: &Module) -> Vec<bool> {
    let n = module.constants.len();
    // Mentions: by expressions, then (backwards, components being
    // interned before their composites) by mentioned composites.
    let mut mentions = vec![0u32; n];
    let mut mark = |e: &Expression| {
        if let Expression::Constant(c) = *e {
            if let Some(m) = mentions.get_mut(c.index()) {
                *m = m.saturating_add(1);
            }
        }
    };
    module.global_expressions.iter().for_each(|(_, e)| mark(e));
    for (_, f) in module.functions.iter() {
        f.expressions.iter().for_each(|(_, e)| mark(e));
    }
    for i in (0..n).rev() {
        if mentions[i] == 0 {
            continue;
        }
        if let Some(ConstValue::Composite { components, .. }) =
            module.constants.try_get(Handle::from_index(i))
        {
            for c in components {
                if c.index() < i {
                    mentions[c.index()] = mentions[c.index()].saturating_add(1);
                }
            }
        }
    }
    // Spelled size, with named components counting one.
    let mut size = vec![1usize; n];
    let mut named = vec![false; n];
    for i in 0..n {
        if let Some(ConstValue::Composite { components, ty }) =
            module.constants.try_get(Handle::from_index(i))
        {
            // Vectors and matrices spell at most 21 words: never named.
            let nameable = matches!(
                module.types.try_get(*ty).map(|t| &t.inner),
                Some(TypeInner::Array { .. } | TypeInner::Struct { .. })
            );
            let mut s = 1usize;
            for c in components {
                s = s.saturating_add(match c.index() {
                    j if j < i && !named[j] => size[j],
                    _ => 1,
                });
            }
            size[i] = s;
            named[i] = match mentions[i] {
                _ if !nameable => false,
                0 => false,
                1 => s > NAME_CONSTANTS_OVER,
                _ => s > NAME_SHARED_CONSTANTS_OVER,
            };
        }
    }
    named
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(l: Literal) -> String {
        let mut s = String::new();
        write_literal(&l, &mut s, Span::UNDEFINED).unwrap();
        s
    }

    #[test]
    fn integer_literals_have_suffixes() {
        assert_eq!(lit(Literal::I32(1)), "1i");
        assert_eq!(lit(Literal::I32(-7)), "-7i");
        assert_eq!(lit(Literal::I32(i32::MIN)), "i32(-2147483648)");
        assert_eq!(lit(Literal::U32(u32::MAX)), "4294967295u");
        assert_eq!(lit(Literal::Bool(true)), "true");
        assert_eq!(lit(Literal::AbstractInt(5)), "5");
    }

    #[test]
    fn float_literals_round_trip_exactly() {
        assert_eq!(lit(Literal::F32(1.5)), "1.5f");
        assert_eq!(lit(Literal::F32(1.0)), "1.0f");
        assert_eq!(lit(Literal::F32(0.1)), "0.1f");
        assert_eq!(lit(Literal::F32(-0.0)), "-0.0f");
        assert_eq!(lit(Literal::F16(half::f16::from_f32(0.5))), "0.5h");
        assert_eq!(lit(Literal::F16(half::f16::from_f32(0.1))), "0.1h");
        for v in [
            1e-45f32,
            f32::MAX,
            f32::MIN_POSITIVE,
            3.4028235e38,
            1e20,
            123456.79,
            0.3,
        ] {
            let s = lit(Literal::F32(v));
            let body = s.trim_end_matches('f');
            assert!(body.contains(['.', 'e']), "{s}");
            assert_eq!(body.parse::<f32>().unwrap().to_bits(), v.to_bits(), "{s}");
        }
        for bits in [0x0001u16, 0x3555, 0x7bff, 0x0400, 0xc000] {
            let v = half::f16::from_bits(bits);
            let s = lit(Literal::F16(v));
            let body = s.trim_end_matches('h');
            let back = half::f16::from_f64(body.parse::<f64>().unwrap());
            assert_eq!(back.to_bits(), bits, "{s}");
        }
    }

    #[test]
    fn non_finite_floats_are_errors() {
        let mut s = String::new();
        let e = write_literal(&Literal::F32(f32::NAN), &mut s, Span::new(3, 4)).unwrap_err();
        assert_eq!(
            e.diagnostics[0].message,
            "a NaN or infinite floating-point value cannot be written in WGSL"
        );
        assert_eq!(e.diagnostics[0].span, Span::new(3, 4));
        assert!(
            write_literal(&Literal::F16(half::f16::INFINITY), &mut s, Span::UNDEFINED).is_err()
        );
    }
}

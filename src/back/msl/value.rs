//! Printed values: scalar literals, constants, zero values and composite
//! constructors, and the parenthesis rule of printed expressions.
//!
//! A constant whose text is longer than [`INLINE_CONSTANT_BYTES`] (a lookup
//! table, say) is written once, as a program-scope `constant` variable
//! `tessera_const_N`, and named at its uses: spelling it out at every use
//! would make the output (and the C++ compiler's work) uses x size.

use std::fmt::Write as _;

use super::context::Writer;
use super::types::{is_packed_member, Field};
use crate::arena::Handle;
use crate::ir::{ConstValue, Literal, Type, TypeInner};

/// Constants with longer MSL text are declared once at program scope.
const INLINE_CONSTANT_BYTES: usize = 256;

impl Writer<'_> {
    /// A constant value where it is used: its text, or the name of its
    /// program-scope declaration when the text is long.
    pub fn constant(&self, c: Handle<ConstValue>) -> String {
        if let Some(name) = self.constants.borrow().names.get(&c) {
            return name.clone();
        }
        let text = self.constant_text(c);
        let ty = match self.m.constants[c] {
            ConstValue::Composite { ty, .. } if text.len() > INLINE_CONSTANT_BYTES => ty,
            _ => return text,
        };
        let mut table = self.constants.borrow_mut();
        let name = format!("tessera_const_{}", table.names.len());
        let _ = writeln!(
            table.declarations,
            "constant {} {name} = {text};",
            self.type_name(ty)
        );
        table.names.insert(c, name.clone());
        name
    }

    /// The full text of a constant value (program-scope initialisers name
    /// no other constant).
    fn constant_text(&self, c: Handle<ConstValue>) -> String {
        match &self.m.constants[c] {
            ConstValue::Scalar(l) => literal(*l),
            ConstValue::Zero(ty) => self.zero_value(*ty),
            ConstValue::Composite { ty, components } => {
                let parts: Vec<String> =
                    components.iter().map(|&p| self.constant_text(p)).collect();
                self.compose(*ty, &parts)
            }
        }
    }

    /// The zero value of a type.
    pub fn zero_value(&self, ty: Handle<Type>) -> String {
        format!("{}{{}}", self.type_name(ty))
    }

    /// Builds a composite of type `ty` from printed parts.
    pub fn compose<S: AsRef<str>>(&self, ty: Handle<Type>, parts: &[S]) -> String {
        let len: usize = parts.iter().map(|p| p.as_ref().len() + 2).sum();
        let mut out = String::with_capacity(self.type_str(ty).len() + len + 4);
        self.compose_into(ty, parts, &mut out);
        out
    }

    /// Appends a composite of type `ty` built from printed parts to `out`.
    pub fn compose_into<S: AsRef<str>>(&self, ty: Handle<Type>, parts: &[S], out: &mut String) {
        out.push_str(&self.type_str(ty));
        // `sep` before every part but the first.
        let mut first = true;
        let mut part = |out: &mut String, conv: Option<&str>, p: &str| {
            if !std::mem::take(&mut first) {
                out.push_str(", ");
            }
            match conv {
                Some(c) => {
                    for piece in [c, "(", p, ")"] {
                        out.push_str(piece);
                    }
                }
                None => out.push_str(p),
            }
        };
        match self.m.inner(ty) {
            TypeInner::Array { base, .. } => {
                let conv = is_packed_member(self.m.inner(*base));
                out.push_str("{{");
                for p in parts {
                    part(out, conv, p.as_ref());
                }
                out.push_str("}}");
            }
            TypeInner::Struct { members, .. } => {
                out.push('{');
                if let Some(fields) = self.fields.get(&ty) {
                    for f in fields {
                        match *f {
                            Field::Member(i) => {
                                let p = parts.get(i).map_or("", |p| p.as_ref());
                                let conv = members
                                    .get(i)
                                    .and_then(|mm| is_packed_member(self.m.inner(mm.ty)));
                                part(out, conv, p);
                            }
                            Field::Pad(_) => part(out, None, "{}"),
                        }
                    }
                }
                out.push('}');
            }
            _ => {
                out.push('(');
                for p in parts {
                    part(out, None, p.as_ref());
                }
                out.push(')');
            }
        }
    }
}

/// Prints a scalar literal.
pub(super) fn literal(l: Literal) -> String {
    // Room for the shortest form of any number and its suffix.
    let mut s = String::with_capacity(24);
    literal_into(l, &mut s);
    s
}

/// Appends the text of a literal read as an operand to `out`: its text,
/// in parentheses when it starts with a minus sign (so `a - -1` cannot
/// print as `a--1`).
pub(super) fn operand_literal_into(l: Literal, out: &mut String) {
    let start = out.len();
    literal_into(l, out);
    if out[start..].starts_with('-') {
        out.insert(start, '(');
        out.push(')');
    }
}

/// Appends the text of a scalar literal to `out`.
pub(super) fn literal_into(l: Literal, out: &mut String) {
    match l {
        Literal::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Literal::I32(i32::MIN) => out.push_str("(-2147483647 - 1)"),
        Literal::I32(v) => {
            let _ = write!(out, "{v}");
        }
        Literal::U32(v) => {
            let _ = write!(out, "{v}u");
        }
        Literal::F32(v) => {
            let start = out.len();
            if v.fract() == 0.0 && v.abs() < 1e7 && !(v == 0.0 && v.is_sign_negative()) {
                // Whole numbers: the integer's digits and `.0` are the
                // shortest form (`{v:?}`), printed without the float
                // algorithm (checked for every such f32).
                let _ = write!(out, "{}.0", v as i32);
            } else {
                let _ = write!(out, "{v:?}");
            }
            float_text(f64::from(v), out, start, "f")
        }
        Literal::F16(v) => {
            let mut t = String::new();
            let _ = write!(t, "{:?}", v.to_f32());
            float_text(f64::from(v.to_f32()), &mut t, 0, "");
            put(
                out,
                &[
                    "half(",
                    t.trim_start_matches('(').trim_end_matches(')'),
                    ")",
                ],
            );
        }
        Literal::AbstractInt(v) => {
            let _ = write!(out, "{v}");
        }
        Literal::AbstractFloat(v) => {
            let start = out.len();
            let _ = write!(out, "{v:?}");
            float_text(v, out, start, "")
        }
    }
}

/// Completes the shortest form of a float that `out[start..]` holds (Rust's
/// `{:?}`) into MSL: a `.0` where it has no point or exponent, the suffix,
/// parentheses around a negative number, and the names of the values C++
/// has no literal for.
fn float_text(v: f64, out: &mut String, start: usize, suffix: &str) {
    if !v.is_finite() {
        // Validated modules have no infinities or NaNs; keep the output C++.
        out.truncate(start);
        out.push_str(if v.is_nan() {
            "NAN"
        } else if v > 0.0 {
            "INFINITY"
        } else {
            "(-INFINITY)"
        });
        return;
    }
    let shortest = &out[start..];
    let point = if shortest.contains('e') || shortest.contains('.') {
        ""
    } else {
        ".0"
    };
    let negative = shortest.starts_with('-');
    if negative {
        out.insert(start, '(');
    }
    out.push_str(point);
    out.push_str(suffix);
    if negative {
        out.push(')');
    }
}

/// The concatenation of `parts`, built with one allocation of the exact
/// size (no formatting machinery, no regrowth).
pub(super) fn cat(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for p in parts {
        out.push_str(p);
    }
    out
}

/// Appends `parts` to `out`.
pub(super) fn put(out: &mut String, parts: &[&str]) {
    for p in parts {
        out.push_str(p);
    }
}

/// Removes one pair of enclosing parentheses when they wrap the whole text.
pub(super) fn strip_parens(s: &str) -> &str {
    let b = s.as_bytes();
    if b.first() != Some(&b'(') || b.last() != Some(&b')') {
        return s;
    }
    let mut depth = 0i32;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 && i + 1 != b.len() {
                    return s;
                }
            }
            _ => {}
        }
    }
    &s[1..s.len() - 1]
}

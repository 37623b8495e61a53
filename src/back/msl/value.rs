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
    pub fn compose(&self, ty: Handle<Type>, parts: &[String]) -> String {
        let name = self.type_name(ty);
        match self.m.inner(ty) {
            TypeInner::Array { base, .. } => {
                let conv = is_packed_member(self.m.inner(*base));
                let parts: Vec<String> = parts
                    .iter()
                    .map(|p| match conv {
                        Some(c) => format!("{c}({p})"),
                        None => p.clone(),
                    })
                    .collect();
                format!("{name}{{{{{}}}}}", parts.join(", "))
            }
            TypeInner::Struct { members, .. } => {
                let mut out = Vec::new();
                if let Some(fields) = self.fields.get(&ty) {
                    for f in fields {
                        match *f {
                            Field::Member(i) => {
                                let p = parts.get(i).cloned().unwrap_or_default();
                                match members
                                    .get(i)
                                    .and_then(|mm| is_packed_member(self.m.inner(mm.ty)))
                                {
                                    Some(c) => out.push(format!("{c}({p})")),
                                    None => out.push(p),
                                }
                            }
                            Field::Pad(_) => out.push("{}".into()),
                        }
                    }
                }
                format!("{name}{{{}}}", out.join(", "))
            }
            _ => format!("{name}({})", parts.join(", ")),
        }
    }
}

/// Prints a scalar literal.
pub(super) fn literal(l: Literal) -> String {
    match l {
        Literal::Bool(b) => b.to_string(),
        Literal::I32(i32::MIN) => "(-2147483647 - 1)".into(),
        Literal::I32(v) => v.to_string(),
        Literal::U32(v) => format!("{v}u"),
        Literal::F32(v) => float_text(f64::from(v), format!("{v:?}"), "f"),
        Literal::F16(v) => {
            let t = float_text(f64::from(v.to_f32()), format!("{:?}", v.to_f32()), "");
            format!("half({})", t.trim_start_matches('(').trim_end_matches(')'))
        }
        Literal::AbstractInt(v) => v.to_string(),
        Literal::AbstractFloat(v) => float_text(v, format!("{v:?}"), ""),
    }
}

fn float_text(v: f64, shortest: String, suffix: &str) -> String {
    if !v.is_finite() {
        // Validated modules have no infinities or NaNs; keep the output C++.
        return if v.is_nan() {
            "NAN".into()
        } else if v > 0.0 {
            "INFINITY".into()
        } else {
            "(-INFINITY)".into()
        };
    }
    let s = if shortest.contains('e') || shortest.contains('.') {
        format!("{shortest}{suffix}")
    } else {
        format!("{shortest}.0{suffix}")
    };
    if s.starts_with('-') {
        format!("({s})")
    } else {
        s
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

//! The type rules of the cooperative-vector products
//! ([`Expression::CoopVecMatMul`]), for the IR verifier.

use super::verify_rules::{ensure, pointee};
use crate::arena::Handle;
use crate::ir::display::type_name;
use crate::ir::{Expression, Module, Scalar, Type, TypeInner};

type H = Handle<Expression>;

/// The types the rules read: the module's, and each expression's recorded
/// type.
pub(super) struct Types<'a> {
    pub m: &'a Module,
    pub of: &'a [Handle<Type>],
}

impl Types<'_> {
    fn inner(&self, h: H) -> &TypeInner {
        self.m.inner(self.of[h.index()])
    }

    fn name(&self, t: Handle<Type>) -> String {
        type_name(self.m, t)
    }

    /// `what [h] (type) has the wrong type` unless `ok`.
    fn operand(&self, h: H, what: &str, ok: impl Fn(&TypeInner) -> bool) -> Result<(), String> {
        ensure(ok(self.inner(h)), || {
            format!(
                "{what} [{}] ({}) has the wrong type",
                h.index(),
                self.name(self.of[h.index()])
            )
        })
    }
}

/// The operands of a product: its result and input vectors, the matrix and
/// bias arrays of its element types, `u32` offsets and stride.
pub(super) fn mat_mul(x: &Types, e: &Expression) -> Result<(), String> {
    let m = x.m;
    let Expression::CoopVecMatMul {
        ty: t,
        input,
        matrix,
        offset,
        stride,
        bias,
        bias_offset,
        element,
        ..
    } = *e
    else {
        return Err("not a cooperative-vector product".into());
    };
    let TypeInner::CoopVector { scalar: r, .. } = *m.inner(t) else {
        return Err(format!(
            "its type {} is not a cooperative vector",
            x.name(t)
        ));
    };
    let TypeInner::CoopVector { scalar: s, .. } = *x.inner(input) else {
        return x.operand(input, "the input", |_| false);
    };
    let bytes = matches!(element, Scalar::I8 | Scalar::U8);
    if bytes {
        ensure(
            r == Scalar::I32 && matches!(s, Scalar::I32 | Scalar::F32 | Scalar::U32),
            || "an 8-bit product of other than i32, f32 or u32 into i32".to_string(),
        )?;
    } else {
        ensure(element == s && (r == s || r == Scalar::F32), || {
            format!(
                "its component type {} is neither the input's nor f32, or its element type {} is not the input's",
                r.wgsl_name(),
                element.wgsl_name()
            )
        })?;
    }
    let (matrix_scalar, bias_scalar) = if bytes {
        (Scalar::U32, Scalar::I32)
    } else {
        (s, s)
    };
    let array_of = |e: Scalar| {
        move |p: &TypeInner| {
            pointee(p).is_some_and(|b| {
                matches!(*m.inner(b), TypeInner::Array { base, .. }
                    if *m.inner(base) == TypeInner::Scalar(e))
            })
        }
    };
    let is_u32 = |t: &TypeInner| *t == TypeInner::Scalar(Scalar::U32);
    x.operand(matrix, "the matrix", array_of(matrix_scalar))?;
    x.operand(offset, "the offset", is_u32)?;
    x.operand(stride, "the stride", is_u32)?;
    match (bias, bias_offset) {
        (Some(b), Some(o)) => {
            x.operand(b, "the bias", array_of(bias_scalar))?;
            x.operand(o, "the bias offset", is_u32)
        }
        (None, None) => Ok(()),
        _ => Err("a bias without its offset, or an offset without a bias".into()),
    }
}

//! Saturating float-to-integer conversions.
//!
//! WGSL converts a float to `i32`/`u32` by clamping it to the range of the
//! integer type first (NaN gives an unspecified value of the type); SPIR-V
//! and MSL leave out-of-range conversions undefined. The clamp bounds are
//! the largest floats of the source type inside the integer range.
//!
//! ```text
//! i32(x)   ->   i32(clamp(x, -2147483648f, 2147483520f))
//! u32(h)   ->   u32(clamp(h, 0h, 65504h))
//! ```
//!
//! `subgroupMatrixConvert` (`tessera_experimental_subgroup_matrix`) from a
//! float matrix to an integer one, or from `i32`/`u32` to `i8`/`u8`, gets
//! the same clamp as an element-wise `clamp` on the source matrix (which
//! the matrix-elementwise pass lowers later):
//!
//! ```text
//! subgroupMatrixConvert<R<i8>>(m)  ->  subgroupMatrixConvert<R<i8>>(clamp(m, -128.0, 127.0))
//! ```
//!
//! Guarantee: after this pass every float-to-integer `Convert` and every
//! narrowing integer `Convert` of subgroup matrices has an operand inside
//! the target type's range.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{Expression, MathFunction, Scalar, TypeInner};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut FloatToInt);
}

struct FloatToInt;

/// The clamp bounds for converting `from` to `to`.
pub fn bounds(from: Scalar, to: Scalar) -> (f64, f64) {
    match (from, to) {
        (_, Scalar::I8) => (-128.0, 127.0),
        (_, Scalar::U8) => (0.0, 255.0),
        (Scalar::F16, Scalar::I32) => (-65504.0, 65504.0),
        (Scalar::F16, _) => (0.0, 65504.0),
        (_, Scalar::I32) => (-2147483648.0, 2147483520.0),
        _ => (0.0, 4294967040.0),
    }
}

impl FunctionPass for FloatToInt {
    fn wants(&self, module: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        // Conversions to integers (scalars, vectors, subgroup matrices) only.
        f.expressions.iter().any(|(_, e)| match *e {
            Expression::Convert { ty, .. } => matches!(
                *module.inner(ty),
                TypeInner::Scalar(s)
                | TypeInner::Vector { scalar: s, .. }
                | TypeInner::SubgroupMatrix { scalar: s, .. } if s.is_integer()
            ),
            _ => false,
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Convert { expr, ty } = cx.f.expressions[h] else {
            return;
        };
        let to = match *cx.module.inner(ty) {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => s,
            TypeInner::SubgroupMatrix { scalar: to, .. } => {
                saturate_matrix(cx, h, expr, to);
                return;
            }
            _ => return,
        };
        let Some((from, size)) = cx.shape(expr) else {
            return;
        };
        if !from.is_float() || !matches!(to, Scalar::I32 | Scalar::U32) {
            return;
        }
        let span = cx.f.expressions.span(h);
        let (lo, hi) = bounds(from, to);
        let lo = cx.splat_literal(from, size, lo, span);
        let hi = cx.splat_literal(from, size, hi, span);
        let clamped = cx.math(MathFunction::Clamp, &[expr, lo, hi], from, size, span);
        cx.f.expressions[h] = Expression::Convert { expr: clamped, ty };
    }
}

/// Clamps the operand of a saturating subgroup-matrix conversion to `to`'s
/// range (a float source to an integer, or `i32`/`u32` to `i8`/`u8`).
fn saturate_matrix(cx: &mut Cx, h: Handle<Expression>, expr: Handle<Expression>, to: Scalar) {
    let TypeInner::SubgroupMatrix { scalar: from, .. } = *cx.inner(expr) else {
        return;
    };
    let narrowing = from.is_integer() && to.is_integer() && to.size() < from.size();
    if !(from.is_float() && to.is_integer() || narrowing) {
        return;
    }
    // The shader scalar type of the source's components.
    let s = match from {
        Scalar::I8 => Scalar::I32,
        Scalar::U8 => Scalar::U32,
        s => s,
    };
    let span = cx.f.expressions.span(h);
    let (lo, hi) = bounds(from, to);
    let lo = cx.splat_literal(s, None, lo, span);
    let hi = cx.splat_literal(s, None, hi, span);
    let m = cx.ty(expr);
    let clamped = cx.add(
        Expression::Math {
            fun: MathFunction::Clamp,
            args: smallvec::smallvec![expr, lo, hi],
        },
        m,
        span,
    );
    let ty = match cx.f.expressions[h] {
        Expression::Convert { ty, .. } => ty,
        _ => return,
    };
    cx.f.expressions[h] = Expression::Convert { expr: clamped, ty };
}

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
//! Guarantee: after this pass every float-to-integer `Convert` has an
//! operand inside the integer type's range.

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
        (Scalar::F16, Scalar::I32) => (-65504.0, 65504.0),
        (Scalar::F16, _) => (0.0, 65504.0),
        (_, Scalar::I32) => (-2147483648.0, 2147483520.0),
        _ => (0.0, 4294967040.0),
    }
}

impl FunctionPass for FloatToInt {
    fn wants(&self, module: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        // Conversions to integers only.
        f.expressions.iter().any(|(_, e)| match *e {
            Expression::Convert { ty, .. } => matches!(
                *module.inner(ty),
                TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } if s.is_integer()
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
        let clamped = cx.math(MathFunction::Clamp, vec![expr, lo, hi], from, size, span);
        cx.f.expressions[h] = Expression::Convert { expr: clamped, ty };
    }
}

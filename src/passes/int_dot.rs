//! Integer `dot` as a multiply and a sum of components.
//!
//! WGSL's `dot` of `i32`/`u32` vectors wraps on overflow; SPIR-V's `OpDot`
//! is for floats only and Metal's `dot` for floats only, so both targets
//! need the sum spelled out. As IR, every printer prints plain operators
//! (which wrap, as WGSL's runtime integer arithmetic does) and `cse` can
//! share the parts.
//!
//! ```text
//! dot(a, b)   ->   p = a * b;  p.x + p.y (+ p.z + p.w)
//! ```
//!
//! Guarantee: after this pass every `dot` has float operands.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression, MathFunction as F, Scalar};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut IntDot);
}

struct IntDot;

impl FunctionPass for IntDot {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        rewrite::calls_math(f, |fun| fun == F::Dot)
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Math {
            fun: F::Dot,
            ref args,
        } = cx.f.expressions[h]
        else {
            return;
        };
        let (Some(&a), Some(&b)) = (args.first(), args.get(1)) else {
            return;
        };
        let Some((scalar, Some(size))) = cx.shape(a) else {
            return;
        };
        if !matches!(scalar, Scalar::I32 | Scalar::U32) {
            return;
        }
        let span = cx.f.expressions.span(h);
        let product = cx.binary(B::Multiply, a, b, scalar, Some(size), span);
        let ty = cx.scalar_or_vector(scalar, None);
        let component = |cx: &mut Cx, i: u32| {
            cx.add(
                Expression::AccessIndex {
                    base: product,
                    index: i,
                },
                ty,
                span,
            )
        };
        let mut sum = component(cx, 0);
        for i in 1..size.get() - 1 {
            let c = component(cx, i);
            sum = cx.binary(B::Add, sum, c, scalar, None, span);
        }
        let last = component(cx, size.get() - 1);
        cx.f.expressions[h] = Expression::Binary {
            op: B::Add,
            left: sum,
            right: last,
        };
    }
}

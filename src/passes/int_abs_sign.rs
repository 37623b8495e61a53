//! `abs` and `sign` of signed integers as selects, for targets whose
//! builtins do not give WGSL's answers (Metal: `abs` of the most negative
//! value is undefined, `sign` is for floats only). SPIR-V's `SAbs` and
//! `SSign` already do, and it does not run this pass.
//!
//! ```text
//! abs(x)    ->   select(x, -x, x < 0)          (negation wraps: abs(MIN) is MIN)
//! sign(x)   ->   select(select(0, 1, x > 0), -1, x < 0)
//! ```
//!
//! Guarantee: after this pass no `abs` or `sign` has `i32` operands.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression, MathFunction as F, Scalar, UnaryOperator};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut IntAbsSign);
}

struct IntAbsSign;

impl FunctionPass for IntAbsSign {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        rewrite::calls_math(f, |fun| matches!(fun, F::Abs | F::Sign))
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Some((fun, x)) = cx.math_call(h, |f| matches!(f, F::Abs | F::Sign)) else {
            return;
        };
        let Some((Scalar::I32, size)) = cx.shape(x) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let ty = cx.ty(x);
        let zero = cx.splat_literal(Scalar::I32, size, 0.0, span);
        let negative = cx.binary(B::Less, x, zero, Scalar::Bool, size, span);
        cx.f.expressions[h] = if fun == F::Abs {
            let minus = cx.add(
                Expression::Unary {
                    op: UnaryOperator::Negate,
                    expr: x,
                },
                ty,
                span,
            );
            Expression::Select {
                condition: negative,
                accept: minus,
                reject: x,
            }
        } else {
            let one = cx.splat_literal(Scalar::I32, size, 1.0, span);
            let minus_one = cx.splat_literal(Scalar::I32, size, -1.0, span);
            let positive = cx.binary(B::Greater, x, zero, Scalar::Bool, size, span);
            let zero_or_one = cx.add(
                Expression::Select {
                    condition: positive,
                    accept: one,
                    reject: zero,
                },
                ty,
                span,
            );
            Expression::Select {
                condition: negative,
                accept: minus_one,
                reject: zero_or_one,
            }
        };
    }
}

//! `fract` and `smoothstep` by the formulas the WGSL spec gives, for
//! targets whose builtins of the same name compute something else (Metal:
//! `fract` clamps its result below 1, so `fract(-1e-8)` is 0.99999994
//! instead of the spec's `x - floor(x)`, 1.0; `smoothstep` is undefined
//! where `low >= high`, where WGSL's formula still gives a value). SPIR-V's
//! `Fract` and `SmoothStep` are these formulas, and it does not run this
//! pass.
//!
//! ```text
//! fract(x)                 ->   x - floor(x)
//! smoothstep(low, high, x) ->   t = clamp((x - low) / (high - low), 0, 1);  t * t * (3 - 2 * t)
//! ```
//!
//! Guarantee: after this pass no `fract` or `smoothstep` is left.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression, MathFunction as F};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut FloatFormulas);
}

struct FloatFormulas;

impl FunctionPass for FloatFormulas {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        rewrite::calls_math(f, |fun| matches!(fun, F::Fract | F::Smoothstep))
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Math { fun, ref args } = cx.f.expressions[h] else {
            return;
        };
        let args: Vec<Handle<Expression>> = args.iter().copied().collect();
        let span = cx.f.expressions.span(h);
        cx.f.expressions[h] = match (fun, args.as_slice()) {
            (F::Fract, &[x]) => {
                let Some((scalar, size)) = cx.shape(x) else {
                    return;
                };
                let floor = cx.math(F::Floor, &[x], scalar, size, span);
                Expression::Binary {
                    op: B::Subtract,
                    left: x,
                    right: floor,
                }
            }
            (F::Smoothstep, &[low, high, x]) => {
                let Some((scalar, size)) = cx.shape(x) else {
                    return;
                };
                let bin = |cx: &mut Cx, op, l, r| cx.binary(op, l, r, scalar, size, span);
                let range = bin(cx, B::Subtract, high, low);
                let offset = bin(cx, B::Subtract, x, low);
                let q = bin(cx, B::Divide, offset, range);
                let zero = cx.splat_literal(scalar, size, 0.0, span);
                let one = cx.splat_literal(scalar, size, 1.0, span);
                let t = cx.math(F::Clamp, &[q, zero, one], scalar, size, span);
                let two = cx.splat_literal(scalar, size, 2.0, span);
                let three = cx.splat_literal(scalar, size, 3.0, span);
                let two_t = bin(cx, B::Multiply, two, t);
                let cubic = bin(cx, B::Subtract, three, two_t);
                let square = bin(cx, B::Multiply, t, t);
                Expression::Binary {
                    op: B::Multiply,
                    left: square,
                    right: cubic,
                }
            }
            _ => return,
        };
    }
}

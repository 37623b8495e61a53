//! Shift amounts masked to the bit width.
//!
//! WGSL shifts a 32-bit value by `amount & 31` (`<<` and `>>` on runtime
//! values); SPIR-V and MSL leave shifts by 32 or more undefined.
//!
//! ```text
//! a << b   ->   a << (b & 31u)
//! ```
//!
//! Guarantee: after this pass every shift amount is below 32. Constant
//! amounts below 32 are left alone.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut ShiftAmount);
}

struct ShiftAmount;

impl FunctionPass for ShiftAmount {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::Binary {
                    op: B::ShiftLeft | B::ShiftRight,
                    ..
                }
            )
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Binary {
            op: op @ (B::ShiftLeft | B::ShiftRight),
            left,
            right,
        } = cx.f.expressions[h]
        else {
            return;
        };
        if cx.const_int(right).is_some_and(|c| (0..32).contains(&c))
            || cx.range(right).is_some_and(|r| r.within(0, 31))
        {
            return;
        }
        let Some((scalar, size)) = cx.shape(right) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let mask = cx.splat_literal(scalar, size, 31.0, span);
        let amount = cx.binary(B::And, right, mask, scalar, size, span);
        cx.f.expressions[h] = Expression::Binary {
            op,
            left,
            right: amount,
        };
    }
}

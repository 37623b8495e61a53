//! `firstLeadingBit` and `firstTrailingBit` as count-leading/trailing-zeros
//! and a `select`, for targets without a find-MSB/LSB instruction (MSL:
//! `clz`/`ctz` only). SPIR-V has `FindUMsb`/`FindSMsb`/`FindILsb`, whose
//! results for 0 (and -1) are already WGSL's, and does not run this pass.
//!
//! ```text
//! firstTrailingBit(x)            ->  select(countTrailingZeros(x), T(-1), x == 0)
//! firstLeadingBit(x: u32)        ->  select(31 - countLeadingZeros(x), T(-1), x == 0)
//! firstLeadingBit(x: i32)        ->  u = select(x, ~x, x < 0);
//!                                    select(31 - countLeadingZeros(u), -1, u == 0)
//! ```
//!
//! (`T(-1)` is all ones: `0xFFFFFFFFu` for `u32`.) For a signed `x` the
//! spec's answer is the most significant bit that differs from the sign
//! bit, -1 for 0 and -1: the bits of `~x` for negative `x` are those of a
//! non-negative number, whose top set bit is that position. Every step is
//! exact: `countLeadingZeros(u)` is at least 1 for `u` in `1..2^31`, so
//! `31 - clz` neither wraps nor overflows.
//!
//! Guarantee: after this pass no `firstLeadingBit`/`firstTrailingBit`
//! call is left.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression, MathFunction as F, Scalar, UnaryOperator};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut FirstBit);
}

struct FirstBit;

impl FunctionPass for FirstBit {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        rewrite::calls_math(f, |fun| {
            matches!(fun, F::FirstLeadingBit | F::FirstTrailingBit)
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Some((fun, x)) =
            cx.math_call(h, |f| matches!(f, F::FirstLeadingBit | F::FirstTrailingBit))
        else {
            return;
        };
        let Some((scalar, size)) = cx.shape(x) else {
            return;
        };
        if !matches!(scalar, Scalar::I32 | Scalar::U32) {
            return;
        }
        let span = cx.f.expressions.span(h);
        let all_ones = match scalar {
            Scalar::I32 => -1.0,
            _ => f64::from(u32::MAX),
        };
        let zero = cx.splat_literal(scalar, size, 0.0, span);
        let ones = cx.splat_literal(scalar, size, all_ones, span);
        let (bit, tested) = if fun == F::FirstTrailingBit {
            (cx.math(F::CountTrailingZeros, &[x], scalar, size, span), x)
        } else {
            // The bits that differ from the sign bit.
            let u = if scalar == Scalar::I32 {
                let ty = cx.ty(x);
                let not = cx.add(
                    Expression::Unary {
                        op: UnaryOperator::BitwiseNot,
                        expr: x,
                    },
                    ty,
                    span,
                );
                let negative = cx.binary(B::Less, x, zero, Scalar::Bool, size, span);
                cx.add(
                    Expression::Select {
                        condition: negative,
                        accept: not,
                        reject: x,
                    },
                    ty,
                    span,
                )
            } else {
                x
            };
            let clz = cx.math(F::CountLeadingZeros, &[u], scalar, size, span);
            let top = cx.splat_literal(scalar, size, 31.0, span);
            (cx.binary(B::Subtract, top, clz, scalar, size, span), u)
        };
        let is_zero = cx.binary(B::Equal, tested, zero, Scalar::Bool, size, span);
        cx.f.expressions[h] = Expression::Select {
            condition: is_zero,
            accept: ones,
            reject: bit,
        };
    }
}

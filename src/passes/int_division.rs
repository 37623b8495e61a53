//! Integer division and remainder with WGSL's results.
//!
//! WGSL defines `e / 0 == e`, `e % 0 == 0`, `i32::MIN / -1 == i32::MIN` and
//! `i32::MIN % -1 == 0`; SPIR-V and MSL leave them undefined. Replacing the
//! divisor by 1 in exactly those cases gives WGSL's results:
//!
//! ```text
//! a / b   ->   a / select(b, 1, b == 0 | (a == MIN & b == -1))
//! ```
//!
//! Guarantee: after this pass no integer `/` or `%` divides by zero or
//! computes `i32::MIN / -1`. Divisions by a constant that is neither 0 nor
//! (for `i32`) -1 are left alone.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression, Scalar};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut IntDivision);
}

struct IntDivision;

impl FunctionPass for IntDivision {
    fn wants(&self, module: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        // Integer divisions only (a float division is left alone).
        f.expressions.iter().any(|(h, e)| {
            matches!(
                e,
                Expression::Binary {
                    op: B::Divide | B::Modulo,
                    ..
                }
            ) && matches!(
                *module.inner(f.expression_type(h)),
                crate::ir::TypeInner::Scalar(s) | crate::ir::TypeInner::Vector { scalar: s, .. }
                    if s.is_integer()
            )
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Binary {
            op: op @ (B::Divide | B::Modulo),
            left,
            right,
        } = cx.f.expressions[h]
        else {
            return;
        };
        let Some((scalar, size)) = cx.shape(h) else {
            return;
        };
        if !scalar.is_integer() {
            return;
        }
        let signed = scalar.is_signed_integer();
        let known = cx.const_int(right);
        if known.is_some_and(|c| c != 0 && !(signed && c == -1)) {
            return;
        }
        // A divisor the value-range analysis proves positive (scalars).
        if size.is_none() && cx.range(right).is_some_and(|r| r.lo > 0) {
            return;
        }
        let span = cx.f.expressions.span(h);
        let r = cx.widen(right, size, span);
        let one = cx.splat_literal(scalar, size, 1.0, span);
        // divisor == 0, unless the divisor is a known non-zero constant.
        let zero_test = if known.is_none() || known == Some(0) {
            let zero = cx.splat_literal(scalar, size, 0.0, span);
            Some(cx.binary(B::Equal, r, zero, Scalar::Bool, size, span))
        } else {
            None
        };
        // left == i32::MIN && divisor == -1, for i32 when the divisor may be -1.
        let overflow_test = if signed && (known.is_none() || known == Some(-1)) {
            let l = cx.widen(left, size, span);
            let min = cx.splat_literal(scalar, size, f64::from(i32::MIN), span);
            let is_min = cx.binary(B::Equal, l, min, Scalar::Bool, size, span);
            Some(if known.is_some() {
                is_min
            } else {
                let neg1 = cx.splat_literal(scalar, size, -1.0, span);
                let is_neg1 = cx.binary(B::Equal, r, neg1, Scalar::Bool, size, span);
                cx.binary(B::And, is_min, is_neg1, Scalar::Bool, size, span)
            })
        } else {
            None
        };
        let bad = match (zero_test, overflow_test) {
            (Some(a), Some(b)) => cx.binary(B::InclusiveOr, a, b, Scalar::Bool, size, span),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => return,
        };
        let ty = cx.ty(r);
        let divisor = cx.add(
            Expression::Select {
                condition: bad,
                accept: one,
                reject: r,
            },
            ty,
            span,
        );
        cx.f.expressions[h] = Expression::Binary {
            op,
            left,
            right: divisor,
        };
    }
}

//! Signed integer remainder without `OpSRem` on negative operands
//! (SPIR-V only).
//!
//! WGSL's `%` on `i32` is the truncated remainder: it takes the dividend's
//! sign (`-7 % 2 == -1`, `7 % -2 == 1`). SPIR-V's `OpSRem` means the same,
//! but Vulkan's SPIR-V environment ("Precision and Operation of SPIR-V
//! Instructions") leaves `OpSRem` and `OpSMod` undefined when either
//! operand is negative, and NVIDIA's driver (580, H200) does compute an
//! unsigned remainder then (`-15 % 5 == 1`). So, for Vulkan:
//!
//! ```text
//! a % b   ->   a - b * (a / b)
//! ```
//!
//! `OpSDiv` truncates and is defined for negative operands. The pass runs
//! after `int-division`, whose guard already keeps the divisor away from
//! 0 and from -1 with `i32::MIN`, so the division and the product cannot
//! overflow and `a % 0 == 0`, `MIN % -1 == 0` still hold.
//!
//! Guarantee: after this pass no `i32` remainder remains whose operands
//! may be negative; one whose dividend the value-range analysis proves
//! non-negative and whose divisor is a positive constant is left alone.
//! MSL needs nothing: C++'s `%` is the truncated remainder.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression, Scalar};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut SignedRemainder);
}

struct SignedRemainder;

fn is_signed_remainder(
    module: &crate::ir::Module,
    f: &crate::ir::Function,
    h: Handle<Expression>,
) -> bool {
    matches!(f.expressions[h], Expression::Binary { op: B::Modulo, .. })
        && matches!(
            *module.inner(f.expression_type(h)),
            crate::ir::TypeInner::Scalar(Scalar::I32)
                | crate::ir::TypeInner::Vector {
                    scalar: Scalar::I32,
                    ..
                }
        )
}

impl FunctionPass for SignedRemainder {
    fn wants(&self, module: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        f.expressions
            .iter()
            .any(|(h, _)| is_signed_remainder(module, f, h))
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        if !is_signed_remainder(cx.module, cx.f, h) {
            return;
        }
        let Expression::Binary { left, right, .. } = cx.f.expressions[h] else {
            return;
        };
        let Some((_, size)) = cx.shape(h) else {
            return;
        };
        // Both operands known non-negative: `OpSRem` is defined.
        let divisor_positive = cx.const_int(right).is_some_and(|c| c > 0);
        if size.is_none() && divisor_positive && cx.range(left).is_some_and(|r| r.lo >= 0) {
            return;
        }
        let span = cx.f.expressions.span(h);
        // A scalar operand of a vector remainder is splat first.
        let a = cx.widen(left, size, span);
        let b = cx.widen(right, size, span);
        let quotient = cx.binary(B::Divide, a, b, Scalar::I32, size, span);
        let product = cx.binary(B::Multiply, b, quotient, Scalar::I32, size, span);
        cx.f.expressions[h] = Expression::Binary {
            op: B::Subtract,
            left: a,
            right: product,
        };
    }
}

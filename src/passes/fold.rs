//! Folding of integer arithmetic on constants.
//!
//! Unrolling turns loop counters into literals, which leaves expressions
//! such as `1u * 128u` or `(tid + 2u * 64u) / 8u` with constant parts. This
//! pass replaces each `+ - * / % & | ^` of two `i32`/`u32` literals by its
//! value with WGSL's runtime semantics (wrapping; division only by a divisor
//! that is neither 0 nor, for `i32`, -1 of `i32::MIN`), so later passes and
//! the target see constants.
//!
//! ```text
//! tid + 1u * 128u   ->   tid + 128u
//! ```
//!
//! Guarantee: the module computes the same values; no integer operation of
//! the listed kinds has two literal operands.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{BinaryOperator as B, Expression, Literal};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    rewrite::run(p, &mut Fold);
    Ok(())
}

struct Fold;

fn literal(cx: &Cx, h: Handle<Expression>) -> Option<Literal> {
    match cx.f.expressions[h] {
        Expression::Literal(l @ (Literal::U32(_) | Literal::I32(_))) => Some(l),
        _ => None,
    }
}

/// `a op b` with WGSL's runtime semantics, when it is a plain value.
pub fn fold(op: B, a: Literal, b: Literal) -> Option<Literal> {
    Some(match (a, b) {
        (Literal::U32(a), Literal::U32(b)) => Literal::U32(match op {
            B::Add => a.wrapping_add(b),
            B::Subtract => a.wrapping_sub(b),
            B::Multiply => a.wrapping_mul(b),
            B::Divide if b != 0 => a / b,
            B::Modulo if b != 0 => a % b,
            B::And => a & b,
            B::InclusiveOr => a | b,
            B::ExclusiveOr => a ^ b,
            _ => return None,
        }),
        (Literal::I32(a), Literal::I32(b)) => Literal::I32(match op {
            B::Add => a.wrapping_add(b),
            B::Subtract => a.wrapping_sub(b),
            B::Multiply => a.wrapping_mul(b),
            B::Divide if b != 0 && !(a == i32::MIN && b == -1) => a / b,
            B::Modulo if b != 0 && !(a == i32::MIN && b == -1) => a % b,
            B::And => a & b,
            B::InclusiveOr => a | b,
            B::ExclusiveOr => a ^ b,
            _ => return None,
        }),
        _ => return None,
    })
}

impl FunctionPass for Fold {
    /// Folding starts at a binary operation on two integer literals (a
    /// fold only ever makes literals out of those).
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        let int_literal = |h: Handle<Expression>| {
            matches!(
                f.expressions[h],
                Expression::Literal(Literal::U32(_) | Literal::I32(_))
            )
        };
        f.expressions.iter().any(|(_, e)| match *e {
            Expression::Binary { left, right, .. } => int_literal(left) && int_literal(right),
            _ => false,
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Binary { op, left, right } = cx.f.expressions[h] else {
            return;
        };
        if let (Some(a), Some(b)) = (literal(cx, left), literal(cx, right)) {
            if let Some(v) = fold(op, a, b) {
                cx.f.expressions[h] = Expression::Literal(v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_semantics() {
        let u = Literal::U32;
        let i = Literal::I32;
        assert_eq!(fold(B::Multiply, u(1), u(128)), Some(u(128)));
        assert_eq!(fold(B::Add, u(u32::MAX), u(2)), Some(u(1)));
        assert_eq!(fold(B::Divide, u(7), u(0)), None);
        assert_eq!(fold(B::Divide, i(i32::MIN), i(-1)), None);
        assert_eq!(fold(B::Modulo, i(-7), i(2)), Some(i(-1)));
        assert_eq!(fold(B::ShiftLeft, u(1), u(3)), None);
        assert_eq!(fold(B::Add, u(1), i(1)), None);
    }
}

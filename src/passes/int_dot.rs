//! Integer dot products as a multiply and a sum of components: `dot` of
//! `i32`/`u32` vectors, and `dot4I8Packed`/`dot4U8Packed`, whose operands
//! are first unpacked into their four bytes.
//!
//! WGSL's `dot` of integer vectors wraps on overflow; SPIR-V's `OpDot` is
//! for floats only and Metal's `dot` for floats only, so both targets need
//! the sum spelled out. The packed forms are the same sum over the bytes
//! (sign-extended for `dot4I8Packed`), which no overflow can reach (at
//! most 4 * 128 * 128). As IR, every printer prints plain operators and
//! the unpacking builtins, and `cse` can share the parts.
//!
//! ```text
//! dot(a, b)            ->   p = a * b;  p.x + p.y (+ p.z + p.w)
//! dot4I8Packed(a, b)   ->   p = unpack4xI8(a) * unpack4xI8(b);  p.x + p.y + p.z + p.w
//! dot4U8Packed(a, b)   ->   p = unpack4xU8(a) * unpack4xU8(b);  p.x + p.y + p.z + p.w
//! ```
//!
//! Guarantee: after this pass every `dot` has float operands and no
//! `dot4I8Packed`/`dot4U8Packed` is left.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression, MathFunction as F, Scalar, VectorSize};
use crate::pipeline::Pipeline;
use crate::span::Span;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut IntDot);
}

struct IntDot;

impl FunctionPass for IntDot {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        rewrite::calls_math(f, |fun| {
            matches!(fun, F::Dot | F::Dot4I8Packed | F::Dot4U8Packed)
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Math { fun, ref args } = cx.f.expressions[h] else {
            return;
        };
        let (Some(&a), Some(&b)) = (args.first(), args.get(1)) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let (a, b, scalar, size) = match fun {
            F::Dot => {
                let Some((scalar, Some(size))) = cx.shape(a) else {
                    return;
                };
                if !matches!(scalar, Scalar::I32 | Scalar::U32) {
                    return;
                }
                (a, b, scalar, size)
            }
            F::Dot4I8Packed | F::Dot4U8Packed => {
                let (unpack, scalar) = if fun == F::Dot4I8Packed {
                    (F::Unpack4xI8, Scalar::I32)
                } else {
                    (F::Unpack4xU8, Scalar::U32)
                };
                let quad = Some(VectorSize::Quad);
                let a = cx.math(unpack, &[a], scalar, quad, span);
                let b = cx.math(unpack, &[b], scalar, quad, span);
                (a, b, scalar, VectorSize::Quad)
            }
            _ => return,
        };
        cx.f.expressions[h] = sum_of_products(cx, a, b, scalar, size, span);
    }
}

/// `p = a * b; p.x + p.y (+ ...)`: the last addition is returned as the
/// expression that replaces the call (the others are added).
fn sum_of_products(
    cx: &mut Cx,
    a: Handle<Expression>,
    b: Handle<Expression>,
    scalar: Scalar,
    size: VectorSize,
    span: Span,
) -> Expression {
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
    Expression::Binary {
        op: B::Add,
        left: sum,
        right: last,
    }
}

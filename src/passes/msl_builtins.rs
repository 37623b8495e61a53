//! WGSL builtins whose Metal form has another shape (the MSL target's
//! lowering): each becomes IR around one [`MslIntrinsic`], which the MSL
//! printer writes as one Metal call.
//!
//! ```text
//! modf(x)    ->  var whole: T; let fract = msl_modf(x, &whole); R(fract, whole)
//! frexp(x)   ->  var exponent: I; let fract = msl_frexp(x, &exponent); R(fract, exponent)
//! atomicCompareExchangeWeak(p, cmp, v)
//!            ->  var old = cmp; let exchanged = msl_atomic_compare_exchange_weak(p, &old, v);
//!                R(old, exchanged)
//! subgroupBallot(c)
//!            ->  let bits = msl_simd_ballot(c) & msl_simd_active_threads_mask();
//!                vec4u(bits.x, bits.y, 0, 0)
//! ```
//!
//! `R` is the builtin's WGSL result structure. Metal's `modf` and `frexp`
//! return the fraction and write the other part through a reference;
//! `atomic_compare_exchange_weak_explicit` takes the expected value by
//! pointer and writes the old value there when the exchange fails (it is
//! the comparand when it succeeds), with relaxed ordering as WGSL's
//! atomics have; `simd_ballot` gives a 64-bit `simd_vote`, masked with
//! the active threads as WGSL's ballot counts active invocations only.
//!
//! Guarantee: after this pass no `modf`, `frexp`,
//! `atomicCompareExchangeWeak` or `subgroupBallot` is left.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::{Handle, HandleRange};
use crate::ir::{
    AtomicFunction, BinaryOperator, Expression, Function, Intrinsic, Literal, MathFunction, Module,
    MslIntrinsic, Scalar, Statement, SubgroupOp, Type, TypeInner, VectorSize,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut MslBuiltins);
}

struct MslBuiltins;

impl FunctionPass for MslBuiltins {
    fn wants(&self, _: &Module, f: &Function) -> bool {
        f.expressions.iter().any(|(_, e)| match e {
            Expression::Math { fun, .. } => matches!(fun, MathFunction::Modf | MathFunction::Frexp),
            Expression::AtomicResult { .. } | Expression::SubgroupResult { .. } => true,
            _ => false,
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let Some((fun, x)) =
            cx.math_call(h, |f| matches!(f, MathFunction::Modf | MathFunction::Frexp))
        else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let result_ty = cx.ty(h);
        let x_ty = cx.ty(x);
        let (op, part_ty) = if fun == MathFunction::Modf {
            (MslIntrinsic::Modf, x_ty)
        } else {
            let size = cx.shape(x).and_then(|(_, size)| size);
            (MslIntrinsic::Frexp, cx.scalar_or_vector(Scalar::I32, size))
        };
        let part = cx.local(
            if fun == MathFunction::Modf {
                "whole"
            } else {
                "exponent"
            },
            part_ty,
            span,
        );
        let fraction = cx.intrinsic_value(Intrinsic::Msl(op), vec![x, part], x_ty, span);
        let part_value = cx.add(Expression::Load { pointer: part }, part_ty, span);
        cx.f.expressions[h] = Expression::Compose {
            ty: result_ty,
            components: vec![fraction, part_value],
        };
    }

    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        match *st {
            Statement::Atomic {
                pointer,
                fun: AtomicFunction::CompareExchangeWeak,
                value: Some(value),
                compare: Some(compare),
                result: Some(r),
            } => {
                let scalar_ty = cx.ty(compare);
                let old = cx.local("old", scalar_ty, span);
                cx.insert_statement(
                    Statement::Store {
                        pointer: old,
                        value: compare,
                    },
                    span,
                );
                let bool_ty = cx.intern(TypeInner::Scalar(Scalar::Bool));
                let exchanged = cx.intrinsic_value(
                    Intrinsic::Msl(MslIntrinsic::AtomicCompareExchangeWeak),
                    vec![pointer, old, value],
                    bool_ty,
                    span,
                );
                let old_value = cx.add(Expression::Load { pointer: old }, scalar_ty, span);
                let ty = cx.ty(r);
                define_result(cx, st, r, ty, vec![old_value, exchanged]);
            }
            Statement::Subgroup {
                op: SubgroupOp::Ballot,
                ref args,
                result,
            } => {
                let Some(&predicate) = args.first() else {
                    return;
                };
                let bits_ty = cx.scalar_or_vector(Scalar::U32, Some(VectorSize::Bi));
                let ballot = cx.intrinsic_value(
                    Intrinsic::Msl(MslIntrinsic::SimdBallot),
                    vec![predicate],
                    bits_ty,
                    span,
                );
                let active = cx.intrinsic_value(
                    Intrinsic::Msl(MslIntrinsic::SimdActiveThreadsMask),
                    Vec::new(),
                    bits_ty,
                    span,
                );
                let bits = cx.binary(
                    BinaryOperator::And,
                    ballot,
                    active,
                    Scalar::U32,
                    Some(VectorSize::Bi),
                    span,
                );
                let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
                let low = cx.add(
                    Expression::AccessIndex {
                        base: bits,
                        index: 0,
                    },
                    u32_ty,
                    span,
                );
                let high = cx.add(
                    Expression::AccessIndex {
                        base: bits,
                        index: 1,
                    },
                    u32_ty,
                    span,
                );
                let zero = cx.literal(Literal::U32(0), span);
                let ty = cx.ty(result);
                define_result(cx, st, result, ty, vec![low, high, zero, zero]);
            }
            _ => {}
        }
    }
}

/// Replaces the statement `st`, whose result is `r` (of type `ty`), by the
/// evaluation of `r` as the composite of `components` (evaluated before
/// it): the uses of `r` are unchanged.
fn define_result(cx: &mut Cx, st: &mut Statement, r: H, ty: Handle<Type>, components: Vec<H>) {
    cx.f.expressions[r] = Expression::Compose { ty, components };
    *st = Statement::Emit(HandleRange::from_index_range(r.index()..r.index() + 1));
}

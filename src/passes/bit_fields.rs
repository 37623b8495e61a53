//! `extractBits` and `insertBits` as shifts and masks, every shift amount
//! in `0..32`, for targets whose bit-field builtins have other range rules
//! (Metal's `extract_bits`/`insert_bits` leave offsets and counts at the
//! bit width undefined). Runs after `bits-clamp`, so `offset + count <= 32`.
//! SPIR-V's `BitFieldSExtract`/`UExtract`/`Insert` take the clamped
//! operands as they are, and it does not run this pass.
//!
//! With `o` the offset, `c` the count and `m = 0xFFFFFFFF >> ((32 - c) & 31)`
//! (the low `c` bits when `c > 0`):
//!
//! ```text
//! extractBits(e: u32, o, c)     ->   select((e >> (o & 31)) & m, 0, c == 0)
//! extractBits(e: i32, o, c)     ->   select(bitcast<i32>(bitcast<u32>(e) << ((32 - c - o) & 31)) >> ((32 - c) & 31), 0, c == 0)
//! insertBits(e, n, o, c)        ->   k = select(m << (o & 31), 0, c == 0);
//!                                    (e & ~k) | ((n << (o & 31)) & k)      (on the u32 bits for i32)
//! ```
//!
//! When `c > 0`, `o <= 31`, so `o & 31` is `o`; when `c == 0` the shifted
//! values are not selected (`insertBits` then returns `e`). Vectors shift
//! and mask every component by the same amounts.
//!
//! Guarantee: after this pass no `extractBits` or `insertBits` is left.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{
    BinaryOperator as B, Expression, MathFunction as F, Scalar, UnaryOperator, VectorSize,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut BitFields);
}

struct BitFields;

impl FunctionPass for BitFields {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        rewrite::calls_math(f, |fun| matches!(fun, F::ExtractBits | F::InsertBits))
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let Expression::Math { fun, ref args } = cx.f.expressions[h] else {
            return;
        };
        let args: Vec<H> = args.iter().copied().collect();
        let span = cx.f.expressions.span(h);
        let replacement = match (fun, args.as_slice()) {
            (F::ExtractBits, &[e, o, c]) => extract(cx, e, o, c, span),
            (F::InsertBits, &[e, n, o, c]) => insert(cx, e, n, o, c, span),
            _ => None,
        };
        if let Some(r) = replacement {
            cx.f.expressions[h] = r;
        }
    }
}

/// `(a - b) & 31` on `u32` scalars.
fn amount(cx: &mut Cx, a: H, b: H, span: Span) -> H {
    let d = cx.binary(B::Subtract, a, b, Scalar::U32, None, span);
    let k = cx.u32(31, span);
    cx.binary(B::And, d, k, Scalar::U32, None, span)
}

/// `o & 31`.
fn offset(cx: &mut Cx, o: H, span: Span) -> H {
    let k = cx.u32(31, span);
    cx.binary(B::And, o, k, Scalar::U32, None, span)
}

/// The low `c` bits (`0xFFFFFFFF >> ((32 - c) & 31)`; all bits for 0).
fn low_bits(cx: &mut Cx, c: H, span: Span) -> H {
    let w = cx.u32(32, span);
    let sh = amount(cx, w, c, span);
    let ones = cx.u32(u32::MAX, span);
    cx.binary(B::ShiftRight, ones, sh, Scalar::U32, None, span)
}

/// `c == 0`.
fn no_bits(cx: &mut Cx, c: H, span: Span) -> H {
    let zero = cx.u32(0, span);
    cx.binary(B::Equal, c, zero, Scalar::Bool, None, span)
}

fn bitcast(cx: &mut Cx, e: H, to: Scalar, size: Option<VectorSize>, span: Span) -> H {
    let ty = cx.scalar_or_vector(to, size);
    cx.add(Expression::Bitcast { expr: e, ty }, ty, span)
}

fn extract(cx: &mut Cx, e: H, o: H, c: H, span: Span) -> Option<Expression> {
    let (scalar, size) = cx.shape(e)?;
    let value = if scalar == Scalar::I32 {
        // Move the field to the top, then shift it down arithmetically.
        let w = cx.u32(32, span);
        let top = amount(cx, w, c, span);
        let up = amount(cx, top, o, span);
        let up = cx.widen(up, size, span);
        let bits = bitcast(cx, e, Scalar::U32, size, span);
        let high = cx.binary(B::ShiftLeft, bits, up, Scalar::U32, size, span);
        let signed = bitcast(cx, high, Scalar::I32, size, span);
        let down = cx.widen(top, size, span);
        cx.binary(B::ShiftRight, signed, down, Scalar::I32, size, span)
    } else {
        let o = offset(cx, o, span);
        let o = cx.widen(o, size, span);
        let shifted = cx.binary(B::ShiftRight, e, o, scalar, size, span);
        let m = low_bits(cx, c, span);
        let m = cx.widen(m, size, span);
        cx.binary(B::And, shifted, m, scalar, size, span)
    };
    let zero = cx.splat_literal(scalar, size, 0.0, span);
    let none = no_bits(cx, c, span);
    Some(Expression::Select {
        condition: none,
        accept: zero,
        reject: value,
    })
}

fn insert(cx: &mut Cx, e: H, n: H, o: H, c: H, span: Span) -> Option<Expression> {
    let (scalar, size) = cx.shape(e)?;
    let signed = scalar == Scalar::I32;
    let (e, n) = if signed {
        (
            bitcast(cx, e, Scalar::U32, size, span),
            bitcast(cx, n, Scalar::U32, size, span),
        )
    } else {
        (e, n)
    };
    let o = offset(cx, o, span);
    let m = low_bits(cx, c, span);
    let field = cx.binary(B::ShiftLeft, m, o, Scalar::U32, None, span);
    let zero = cx.u32(0, span);
    let none = no_bits(cx, c, span);
    let u32_ty = cx.scalar_or_vector(Scalar::U32, None);
    let k = cx.add(
        Expression::Select {
            condition: none,
            accept: zero,
            reject: field,
        },
        u32_ty,
        span,
    );
    let not_k = cx.add(
        Expression::Unary {
            op: UnaryOperator::BitwiseNot,
            expr: k,
        },
        u32_ty,
        span,
    );
    let not_k = cx.widen(not_k, size, span);
    let kept = cx.binary(B::And, e, not_k, Scalar::U32, size, span);
    let o = cx.widen(o, size, span);
    let moved = cx.binary(B::ShiftLeft, n, o, Scalar::U32, size, span);
    let k = cx.widen(k, size, span);
    let new = cx.binary(B::And, moved, k, Scalar::U32, size, span);
    if signed {
        let bits = cx.binary(B::InclusiveOr, kept, new, Scalar::U32, size, span);
        let ty = cx.scalar_or_vector(Scalar::I32, size);
        Some(Expression::Bitcast { expr: bits, ty })
    } else {
        Some(Expression::Binary {
            op: B::InclusiveOr,
            left: kept,
            right: new,
        })
    }
}

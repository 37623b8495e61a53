//! The 8-bit integer products of the `coop-vec` pass's loop form
//! (docs/cooperative-vectors.md): matrix bytes read out of `u32` words, and
//! the input read as the matrix's type.

use super::rewrite::{BlockBuilder, Cx};
use super::{binary, lit, load_element, pointee, widen};
use crate::ir::{BinaryOperator, Expression, Literal, Scalar, TypeInner};
use crate::span::Span;

type H = crate::arena::Handle<Expression>;

/// Element `index` of an array of `u32` words holding four 8-bit `element`s
/// (`i8` or `u8`) each, as an `i32`: byte `index % 4` of word `index / 4`,
/// sign- or zero-extended.
pub(super) fn load_byte(
    b: &mut BlockBuilder,
    cx: &mut Cx,
    ptr: H,
    index: H,
    element: Scalar,
    span: Span,
) -> H {
    let two = lit(b, cx, Literal::U32(2), span);
    let word_index = binary(b, cx, BinaryOperator::ShiftRight, index, two, span);
    let word = load_element(b, cx, ptr, word_index, span);
    byte_of(b, cx, word, index, element, span)
}

/// Byte `index % 4` of the `u32` `word`, as an `i32` (`i8`: sign-extended).
fn byte_of(b: &mut BlockBuilder, cx: &mut Cx, word: H, index: H, element: Scalar, span: Span) -> H {
    let i32_ty = cx.intern(TypeInner::Scalar(Scalar::I32));
    let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
    let three = lit(b, cx, Literal::U32(3), span);
    let low = binary(b, cx, BinaryOperator::And, index, three, span);
    let eight = lit(b, cx, Literal::U32(8), span);
    let shift = binary(b, cx, BinaryOperator::Multiply, low, eight, span);
    let (value, ty) = if element == Scalar::I8 {
        let w = b.expr(
            cx.f,
            Expression::Bitcast {
                expr: word,
                ty: i32_ty,
            },
            i32_ty,
            span,
        );
        (w, i32_ty)
    } else {
        (word, u32_ty)
    };
    let count = lit(b, cx, Literal::U32(8), span);
    let bits = b.expr(
        cx.f,
        Expression::Math {
            fun: crate::ir::MathFunction::ExtractBits,
            args: [value, shift, count].into_iter().collect(),
        },
        ty,
        span,
    );
    widen(b, cx, bits, i32_ty, span)
}

/// Component `k` of an 8-bit product's input (the local array `input`),
/// read as the matrix's `element` type, as an `i32`: an `i32` clamped to
/// the type's range, an `f32` rounded to the nearest even integer and
/// clamped, or byte `k % 4` of the `u32` component `k / 4`.
pub(super) fn input_as_byte(
    b: &mut BlockBuilder,
    cx: &mut Cx,
    input: H,
    k: H,
    element: Scalar,
    span: Span,
) -> H {
    let i32_ty = cx.intern(TypeInner::Scalar(Scalar::I32));
    let s = match *cx.module.inner(pointee(cx, input)) {
        TypeInner::Array { base, .. } => match *cx.module.inner(base) {
            TypeInner::Scalar(s) => s,
            _ => Scalar::I32,
        },
        _ => Scalar::I32,
    };
    let (lo, hi) = if element == Scalar::I8 {
        (-128, 127)
    } else {
        (0, 255)
    };
    let clamp = |b: &mut BlockBuilder, cx: &mut Cx, x: H, lo: Literal, hi: Literal, ty| {
        let lo = lit(b, cx, lo, span);
        let hi = lit(b, cx, hi, span);
        b.expr(
            cx.f,
            Expression::Math {
                fun: crate::ir::MathFunction::Clamp,
                args: [x, lo, hi].into_iter().collect(),
            },
            ty,
            span,
        )
    };
    match s {
        Scalar::U32 => {
            let two = lit(b, cx, Literal::U32(2), span);
            let at = binary(b, cx, BinaryOperator::ShiftRight, k, two, span);
            let word = load_element(b, cx, input, at, span);
            byte_of(b, cx, word, k, element, span)
        }
        Scalar::F32 => {
            let f32_ty = cx.intern(TypeInner::Scalar(Scalar::F32));
            let x = load_element(b, cx, input, k, span);
            let r = b.expr(
                cx.f,
                Expression::Math {
                    fun: crate::ir::MathFunction::Round,
                    args: [x].into_iter().collect(),
                },
                f32_ty,
                span,
            );
            let c = clamp(
                b,
                cx,
                r,
                Literal::F32(lo as f32),
                Literal::F32(hi as f32),
                f32_ty,
            );
            widen(b, cx, c, i32_ty, span)
        }
        _ => {
            let x = load_element(b, cx, input, k, span);
            clamp(b, cx, x, Literal::I32(lo), Literal::I32(hi), i32_ty)
        }
    }
}

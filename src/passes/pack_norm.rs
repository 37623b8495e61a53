//! `pack4x8snorm`, `pack4x8unorm`, `pack2x16snorm` and `pack2x16unorm` as
//! the spec's arithmetic.
//!
//! WGSL defines each lane as `floor(0.5 + K * clamp(e[i], lo, 1))` (K = 127,
//! 255, 32767, 65535; lo = -1 for snorm, 0 for unorm), placed in bits
//! `w * i .. w * i + w - 1` of the result, with a correctly rounded
//! intermediate value (spec, "Data Packing Built-in Functions" and the
//! accuracy table). So halves round up, toward +inf: 0.5 packs as 64
//! (snorm8) and -0.5 as -63. The targets' instructions (GLSL.std.450
//! `PackSnorm4x8` and friends, which round to nearest with the tie
//! direction left to the implementation) give -64 for -0.5 on some
//! devices, so the pass writes the formula out:
//!
//! ```text
//! pack4x8snorm(e)
//!   ->   let v = vec4<u32>(vec4<i32>(floor(vec4(0.5f) + vec4(127f) * clamp(e, vec4(-1f), vec4(1f)))))
//!                & vec4(255u);
//!        v.x | (v.y << 8u) | (v.z << 16u) | (v.w << 24u)
//! pack2x16unorm(e)
//!   ->   let v = vec2<u32>(floor(vec2(0.5f) + vec2(65535f) * clamp(e, vec2(0f), vec2(1f))));
//!        v.x | (v.y << 16u)
//! ```
//!
//! The product and the sum are f32 operations. The spec rounds the
//! intermediate `0.5 + K * x` once to f32 (as the constant evaluator
//! does); two f32 operations agree with that at every exact half, where
//! both are exact (the only halves are at `e[i] = +-0.5`, since K is odd),
//! and, away from the halves, except perhaps where the product and the
//! sum fall in different binades within a rounding error of a half (WGSL
//! has no multiply-add that is guaranteed to round once). The lanes are in
//! range before they are converted (no saturation is needed), and the
//! signed ones are masked to their width.
//!
//! Guarantee: after this pass no `Math` expression is one of the four
//! norm packing builtins.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{
    BinaryOperator as B, Expression, Function, MathFunction as F, Module, Scalar, TypeInner,
    VectorSize,
};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut PackNorm);
}

struct PackNorm;

/// The lane count, lane width in bits, lower clamp bound and scale of a
/// norm packing builtin.
fn params(fun: F) -> Option<(VectorSize, u32, f64, f64)> {
    Some(match fun {
        F::Pack4x8Snorm => (VectorSize::Quad, 8, -1.0, 127.0),
        F::Pack4x8Unorm => (VectorSize::Quad, 8, 0.0, 255.0),
        F::Pack2x16Snorm => (VectorSize::Bi, 16, -1.0, 32767.0),
        F::Pack2x16Unorm => (VectorSize::Bi, 16, 0.0, 65535.0),
        _ => None?,
    })
}

impl FunctionPass for PackNorm {
    fn wants(&self, _: &Module, f: &Function) -> bool {
        f.expressions
            .iter()
            .any(|(_, e)| matches!(e, Expression::Math { fun, .. } if params(*fun).is_some()))
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Math { fun, ref args } = cx.f.expressions[h] else {
            return;
        };
        let (Some((size, width, lo, scale)), Some(&e)) = (params(fun), args.first()) else {
            return;
        };
        if !matches!(
            *cx.inner(e),
            TypeInner::Vector { size: s, scalar: Scalar::F32 } if s == size
        ) {
            return;
        }
        let span = cx.f.expressions.span(h);
        let size = Some(size);
        let f32_ = Scalar::F32;
        // floor(0.5 + K * clamp(e, lo, 1))
        let low = cx.splat_literal(f32_, size, lo, span);
        let one = cx.splat_literal(f32_, size, 1.0, span);
        let clamped = cx.math(F::Clamp, &[e, low, one], f32_, size, span);
        let k = cx.splat_literal(f32_, size, scale, span);
        let scaled = cx.binary(B::Multiply, k, clamped, f32_, size, span);
        let half = cx.splat_literal(f32_, size, 0.5, span);
        let sum = cx.binary(B::Add, half, scaled, f32_, size, span);
        let floored = cx.math(F::Floor, &[sum], f32_, size, span);
        // The lanes as u32 bit patterns of their width.
        let u32_v = cx.scalar_or_vector(Scalar::U32, size);
        let lanes = if lo < 0.0 {
            let i32_v = cx.scalar_or_vector(Scalar::I32, size);
            let signed = cx.add(
                Expression::Convert {
                    expr: floored,
                    ty: i32_v,
                },
                i32_v,
                span,
            );
            let bits = cx.add(
                Expression::Convert {
                    expr: signed,
                    ty: u32_v,
                },
                u32_v,
                span,
            );
            let mask = cx.splat_literal(Scalar::U32, size, ((1u64 << width) - 1) as f64, span);
            cx.binary(B::And, bits, mask, Scalar::U32, size, span)
        } else {
            cx.add(
                Expression::Convert {
                    expr: floored,
                    ty: u32_v,
                },
                u32_v,
                span,
            )
        };
        // lane 0 | lane 1 << w | ...; the last `|` replaces the call.
        let u32_ = cx.scalar_or_vector(Scalar::U32, None);
        let count = size.map_or(1, VectorSize::get);
        let mut packed = None;
        for i in 0..count {
            let mut lane = cx.add(
                Expression::AccessIndex {
                    base: lanes,
                    index: i,
                },
                u32_,
                span,
            );
            if i > 0 {
                let amount = cx.u32(width * i, span);
                lane = cx.binary(B::ShiftLeft, lane, amount, Scalar::U32, None, span);
            }
            packed = Some(match packed {
                None => lane,
                Some(acc) if i + 1 == count => {
                    cx.f.expressions[h] = Expression::Binary {
                        op: B::InclusiveOr,
                        left: acc,
                        right: lane,
                    };
                    return;
                }
                Some(acc) => cx.binary(B::InclusiveOr, acc, lane, Scalar::U32, None, span),
            });
        }
    }
}

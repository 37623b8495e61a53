//! `extractBits`/`insertBits` offset and count within the bit width.
//!
//! WGSL computes `o = min(offset, 32)` and `c = min(count, 32 - o)`; the
//! targets' bit-field instructions are undefined when `offset + count`
//! exceeds the width.
//!
//! ```text
//! extractBits(e, offset, count)
//!   ->   extractBits(e, min(offset, 32u), min(count, 32u - min(offset, 32u)))
//! ```
//!
//! Guarantee: after this pass `offset + count <= 32` for every call.
//! Constant arguments that already satisfy it are left alone.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{BinaryOperator as B, Expression, MathFunction as F, Scalar};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut BitsClamp);
}

struct BitsClamp;

impl FunctionPass for BitsClamp {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::Math {
                    fun: F::ExtractBits | F::InsertBits,
                    ..
                }
            )
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Math {
            fun: fun @ (F::ExtractBits | F::InsertBits),
            ref args,
        } = cx.f.expressions[h]
        else {
            return;
        };
        let (oi, ci) = if fun == F::ExtractBits {
            (1, 2)
        } else {
            (2, 3)
        };
        let mut args = args.clone();
        let (Some(&offset), Some(&count)) = (args.get(oi), args.get(ci)) else {
            return;
        };
        if let (Some(o), Some(c)) = (cx.const_int(offset), cx.const_int(count)) {
            if o >= 0 && c >= 0 && o + c <= 32 {
                return;
            }
        }
        let span = cx.f.expressions.span(h);
        if let Some(o) = cx.const_int(offset) {
            // A constant offset: the clamped offset and the room are known.
            let o = (o as u32).min(32);
            let room = cx.u32(32 - o, span);
            args[oi] = cx.u32(o, span);
            args[ci] = cx.math(F::Min, &[count, room], Scalar::U32, None, span);
            cx.f.expressions[h] = Expression::Math { fun, args };
            return;
        }
        let c32 = cx.u32(32, span);
        let o = cx.math(F::Min, &[offset, c32], Scalar::U32, None, span);
        let room = cx.binary(B::Subtract, c32, o, Scalar::U32, None, span);
        let c = cx.math(F::Min, &[count, room], Scalar::U32, None, span);
        args[oi] = o;
        args[ci] = c;
        cx.f.expressions[h] = Expression::Math { fun, args };
    }
}

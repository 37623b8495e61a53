//! `clamp` by WGSL's definition, on every target: `clamp(e, low, high)` is
//! `min(max(e, low), high)`, which the spec defines also where `low >
//! high`. GLSL.std.450's `FClamp`/`SClamp`/`UClamp` and Metal's `clamp`
//! leave that case undefined, so no target's `clamp` is used; the printers
//! write `min` and `max`, which mean the same everywhere.
//!
//! ```text
//! clamp(e, low, high)   ->   min(max(e, low), high)
//! ```
//!
//! The pass runs last on both targets: passes before it create `clamp`s
//! (`float-formulas`' `smoothstep`, `texture-clamp`, and the element-wise
//! operations of `matrix-elementwise` and `msl-simdgroup`). A `clamp` of
//! subgroup matrices is left to those passes.
//!
//! Guarantee: after this pass no `clamp` of scalars, vectors or
//! cooperative vectors is left.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{Expression, MathArgs, MathFunction as F};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut ClampFormula);
}

struct ClampFormula;

impl FunctionPass for ClampFormula {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        rewrite::calls_math(f, |fun| fun == F::Clamp)
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        let Expression::Math {
            fun: F::Clamp,
            ref args,
        } = cx.f.expressions[h]
        else {
            return;
        };
        let [e, low, high] = args[..] else {
            return;
        };
        // Scalars, vectors and cooperative vectors (subgroup matrices are
        // the element-wise passes').
        if matches!(cx.inner(h), crate::ir::TypeInner::SubgroupMatrix { .. }) {
            return;
        }
        let span = cx.f.expressions.span(h);
        let ty = cx.ty(h);
        let max = cx.add(
            Expression::Math {
                fun: F::Max,
                args: MathArgs::from_slice(&[e, low]),
            },
            ty,
            span,
        );
        cx.f.expressions[h] = Expression::Math {
            fun: F::Min,
            args: MathArgs::from_slice(&[max, high]),
        };
    }
}

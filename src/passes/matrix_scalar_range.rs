//! Scalars of 8-bit subgroup matrices clamped to the component range.
//!
//! The scalar of `subgroupMatrixScalarAdd/Subtract/Multiply` and the value
//! of a fill constructor have the matrix's *shader* scalar type (`i32` for
//! `i8` components, `u32` for `u8`); the proposal clamps it to the
//! component's range before use.
//!
//! ```text
//! subgroupMatrixScalarAdd(m, s)   ->   subgroupMatrixScalarAdd(m, clamp(s, -128i, 127i))
//! ```
//!
//! Guarantee: after this pass every such scalar fits the 8-bit component,
//! so the printers only narrow it. Constants inside the range are left
//! alone.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{Expression, MathFunction, Scalar, Type, TypeInner};
use crate::pipeline::Pipeline;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    // Without a matrix type no function has a matrix operation: not one
    // function is scanned.
    if !p.module.has_subgroup_matrix_type() {
        return;
    }
    rewrite::run(p, &mut MatrixScalarRange);
}

struct MatrixScalarRange;

fn component(cx: &Cx, ty: Handle<Type>) -> Option<Scalar> {
    match *cx.module.inner(ty) {
        TypeInner::SubgroupMatrix { scalar, .. } => Some(scalar),
        _ => None,
    }
}

/// The clamped value, or `value` when no clamp is needed.
fn clamp(
    cx: &mut Cx,
    value: Handle<Expression>,
    comp: Scalar,
    h: Handle<Expression>,
) -> Handle<Expression> {
    let (lo, hi) = match comp {
        Scalar::I8 => (-128, 127),
        Scalar::U8 => (0, 255),
        _ => return value,
    };
    if cx.const_int(value).is_some_and(|c| (lo..=hi).contains(&c)) {
        return value;
    }
    let span = cx.f.expressions.span(h);
    let shader = comp.shader_scalar();
    if comp == Scalar::U8 {
        let hi = cx.splat_literal(shader, None, hi as f64, span);
        return cx.math(MathFunction::Min, &[value, hi], shader, None, span);
    }
    let lo = cx.splat_literal(shader, None, lo as f64, span);
    let hi = cx.splat_literal(shader, None, hi as f64, span);
    cx.math(MathFunction::Clamp, &[value, lo, hi], shader, None, span)
}

impl FunctionPass for MatrixScalarRange {
    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::SubgroupMatrixScalar { .. } | Expression::SubgroupMatrixFill { .. }
            )
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: Handle<Expression>) {
        match cx.f.expressions[h] {
            Expression::SubgroupMatrixScalar { op, matrix, scalar } => {
                let Some(comp) = component(cx, cx.ty(h)) else {
                    return;
                };
                let scalar = clamp(cx, scalar, comp, h);
                cx.f.expressions[h] = Expression::SubgroupMatrixScalar { op, matrix, scalar };
            }
            Expression::SubgroupMatrixFill { ty, value } => {
                let Some(comp) = component(cx, ty) else {
                    return;
                };
                let value = clamp(cx, value, comp, h);
                cx.f.expressions[h] = Expression::SubgroupMatrixFill { ty, value };
            }
            _ => {}
        }
    }
}

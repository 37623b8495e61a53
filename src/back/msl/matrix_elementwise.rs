//! Element-wise operations on `simdgroup_matrix` values
//! (`tessera_experimental_subgroup_matrix`): arithmetic between matrices,
//! negation, math builtins and component conversions, each a helper that
//! works on the calling thread's `thread_elements()` (Metal 2.3). Every
//! 8x8 `simdgroup_matrix` maps elements to threads the same way, so an
//! element-wise function of element-wise values is exact, and a change of
//! kind (left, right, result) is no change at all: Metal has one matrix
//! type per shape and component.

use super::context::{at, FnCtx, Writer, R};
use super::operand::get;
use super::polyfill::{msl_math, ElementOp, Elementwise, Helper};
use super::value::strip_parens;
use crate::arena::Handle;
use crate::ir::{Expression, Scalar, TypeInner};

/// Prints an element-wise expression whose type is a subgroup matrix, or
/// `None` when `h` is not one.
pub(super) fn expression(
    w: &mut Writer,
    cx: &mut FnCtx,
    h: Handle<Expression>,
) -> R<Option<String>> {
    let f = cx.f;
    let ty = f.expression_type(h);
    let TypeInner::SubgroupMatrix { .. } = *w.m.inner(ty) else {
        return Ok(None);
    };
    if !matches!(
        f.expressions[h],
        Expression::Binary { .. }
            | Expression::Unary { .. }
            | Expression::Convert { .. }
            | Expression::Math { .. }
    ) {
        return Ok(None);
    }
    let span = cx.span(h);
    super::matrix::matrix_type_name(w.m, ty).map_err(|d| at(d, span))?;
    let comp_of = |w: &Writer, e: Handle<Expression>| match *w.m.inner(f.expression_type(e)) {
        TypeInner::SubgroupMatrix { scalar, .. } => Some(scalar),
        _ => None,
    };
    let (op, comp, args): (ElementOp, Scalar, Vec<Handle<Expression>>) = match f.expressions[h] {
        Expression::Binary { op, left, right } => {
            let Some(c) = comp_of(w, left) else {
                return Ok(None);
            };
            (ElementOp::Binary(op), c, vec![left, right])
        }
        Expression::Unary { expr, .. } => {
            let Some(c) = comp_of(w, expr) else {
                return Ok(None);
            };
            (ElementOp::Negate, c, vec![expr])
        }
        Expression::Convert { expr, ty: to } => {
            let (Some(from), TypeInner::SubgroupMatrix { scalar: to, .. }) =
                (comp_of(w, expr), w.m.inner(to).clone())
            else {
                return Ok(None);
            };
            super::matrix::matrix_type_name(w.m, f.expression_type(expr))
                .map_err(|d| at(d, span))?;
            let x = get(w, cx, expr)?;
            if from == to {
                // Only the kind changes: one Metal type for every kind.
                return Ok(Some(x.into_owned()));
            }
            (ElementOp::Convert(to), from, vec![expr])
        }
        Expression::Math { fun, ref args } => {
            let Some(c) = args.iter().find_map(|&a| comp_of(w, a)) else {
                return Ok(None);
            };
            if msl_math(fun).is_none() {
                return Ok(None);
            }
            let mut mask = 0u8;
            for (i, &a) in args.iter().enumerate() {
                if comp_of(w, a).is_some() {
                    mask |= 1 << i;
                }
            }
            (
                ElementOp::Math(fun, mask, args.len() as u8),
                c,
                args.to_vec(),
            )
        }
        _ => return Ok(None),
    };
    let name = w
        .helpers
        .request(Helper::MatrixElementwise(Elementwise { op, comp }));
    let mut parts = Vec::with_capacity(args.len());
    for a in args {
        parts.push(strip_parens(&get(w, cx, a)?).to_string());
    }
    Ok(Some(format!("{name}({})", parts.join(", "))))
}

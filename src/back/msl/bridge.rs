//! Calls into the builtin-function modules (`math`, `atomics`, `subgroup`,
//! `matrix`, `builtins`, `capability`): the printer's side of the
//! interface.

use super::stmt::FnCtx;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{Expression, MathFunction, Statement, Type};
use crate::Span;

/// A builtin function call expression.
pub(super) fn math(
    _w: &mut Writer,
    cx: &FnCtx,
    h: Handle<Expression>,
    fun: MathFunction,
    _args: &[Handle<Expression>],
) -> R<String> {
    Err(err(
        format!(
            "`{}` is not supported by the MSL writer yet",
            fun.wgsl_name()
        ),
        cx.span(h),
    ))
}

/// A subgroup-matrix expression.
pub(super) fn matrix_expr(_w: &mut Writer, cx: &FnCtx, h: Handle<Expression>) -> R<String> {
    Err(err(
        "subgroup matrices are not supported by the MSL writer yet",
        cx.span(h),
    ))
}

/// The zero value of a subgroup matrix type.
pub(super) fn matrix_zero(_w: &Writer, _ty: Handle<Type>, span: Span) -> R<String> {
    Err(err(
        "subgroup matrices are not supported by the MSL writer yet",
        span,
    ))
}

/// Atomics, barriers, subgroup operations, `workgroupUniformLoad` and
/// subgroup-matrix stores.
pub(super) fn statement(_w: &mut Writer, _cx: &mut FnCtx, _st: &Statement, span: Span) -> R<()> {
    Err(err(
        "this statement is not supported by the MSL writer yet",
        span,
    ))
}

/// The "Metal cannot express" checks.
pub(super) fn capability(_w: &Writer) -> R<()> {
    Ok(())
}

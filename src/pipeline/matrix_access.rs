//! Subgroup-matrix loads and stores at pipeline creation: where they are
//! ([`sites`], also read by [`super::bindings`]) and, for modules that say
//! `enable subgroup_matrix;`, the proposal's pipeline-creation errors
//! ([`check_standard`]): the bound rules of
//! [`crate::builtins::matrix_bounds`] for the operands that
//! override-expressions give (an offset, a stride, the element count of an
//! override-sized workgroup array). The const-expression cases were
//! shader-creation errors in the resolver; runtime values are left to the
//! robustness pass (the proposal's "dynamic error").

use crate::arena::Handle;
use crate::builtins::matrix_bounds::{Access, Violation};
use crate::diagnostic::Diagnostic;
use crate::ir::{
    visit, AddressSpace, ArraySize, Expression, Extensions, Function, Literal, MatrixLayout,
    Module, Statement, Type, TypeInner,
};
use crate::span::Span;
use crate::valid::type_facts::type_name;

use super::checks::Known;

/// One `subgroupMatrixLoad` or `subgroupMatrixStore` of a function.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Site {
    /// The matrix type.
    pub matrix: Handle<Type>,
    /// The pointer operand.
    pub pointer: Handle<Expression>,
    /// The offset operand.
    pub offset: Handle<Expression>,
    /// The stride operand.
    pub stride: Handle<Expression>,
    /// Majorness.
    pub layout: MatrixLayout,
    /// The call's span.
    pub span: Span,
    /// `subgroupMatrixLoad` (else a store).
    pub load: bool,
}

/// Every load and store of a function: loads in expression order, then
/// stores in statement order.
pub(crate) fn sites(func: &Function) -> Vec<Site> {
    let mut out = Vec::new();
    for (h, e) in func.expressions.iter() {
        if let Expression::SubgroupMatrixLoad {
            ty,
            pointer,
            offset,
            stride,
            layout,
            ..
        } = *e
        {
            out.push(Site {
                matrix: ty,
                pointer,
                offset,
                stride,
                layout,
                span: func.expressions.span(h),
                load: true,
            });
        }
    }
    visit::walk_statements(&func.body, |st, span| {
        if let Statement::SubgroupMatrixStore {
            pointer,
            offset,
            value,
            stride,
            layout,
            ..
        } = *st
        {
            if let Some(&matrix) = func.expression_types.get(value.index()) {
                out.push(Site {
                    matrix,
                    pointer,
                    offset,
                    stride,
                    layout,
                    span,
                    load: false,
                });
            }
        }
    });
    out
}

/// `(rows, columns, SizeOf(C))` of a matrix type, when its dimensions are
/// known.
pub(crate) fn matrix_shape(
    module: &Module,
    ty: Handle<Type>,
    known: &Known,
) -> Option<(i64, i64, i64)> {
    match module.types.try_get(ty)?.inner {
        TypeInner::SubgroupMatrix {
            scalar,
            columns,
            rows,
            ..
        } => Some((
            known.dim(rows)?,
            known.dim(columns)?,
            i64::from(scalar.size()),
        )),
        _ => None,
    }
}

/// An operand's value at pipeline creation, and whether an
/// override-expression gives it (`None`: a runtime value, or a
/// specialization constant).
fn operand(func: &Function, e: Handle<Expression>, known: &Known) -> (Option<i64>, bool) {
    match func.expressions.try_get(e) {
        Some(Expression::Literal(Literal::U32(v))) => (Some(i64::from(*v)), false),
        Some(Expression::Literal(Literal::I32(v))) => (Some(i64::from(*v)), false),
        Some(Expression::OverrideExpr(g)) => match known.expr(*g) {
            Some(v) => (Some(v), true),
            None => (None, false),
        },
        _ => (None, false),
    }
}

/// The proposal's pipeline-creation errors of the loads and stores in
/// `functions` (indices into `module.functions`), for a module with
/// `enable subgroup_matrix;` (nothing otherwise).
pub(crate) fn check_standard(
    module: &Module,
    functions: &[usize],
    known: &Known,
    diags: &mut Vec<Diagnostic>,
) {
    if !module
        .extensions
        .contains(Extensions::SUBGROUP_MATRIX_STANDARD)
    {
        return;
    }
    for &f in functions {
        let Some(func) = module.functions.try_get(Handle::from_index(f)) else {
            continue;
        };
        for site in sites(func) {
            check_site(module, func, &site, known, diags);
        }
    }
}

fn check_site(
    module: &Module,
    func: &Function,
    site: &Site,
    known: &Known,
    diags: &mut Vec<Diagnostic>,
) {
    let Some((rows, columns, component)) = matrix_shape(module, site.matrix, known) else {
        return;
    };
    let Some(TypeInner::Pointer { base, space, .. }) = func
        .expression_types
        .get(site.pointer.index())
        .and_then(|&t| module.types.try_get(t))
        .map(|t| &t.inner)
    else {
        return;
    };
    let Some(TypeInner::Array { size, stride, .. }) = module.types.try_get(*base).map(|t| &t.inner)
    else {
        return;
    };
    let (count, count_override) = match *size {
        ArraySize::Constant(n) => (Some(i64::from(n)), false),
        // A count below 1 is reported by `checks::check_array_sizes`.
        ArraySize::Override(e) => match known.expr(e) {
            Some(n) if n > 0 => (Some(n), true),
            _ => (None, false),
        },
        ArraySize::Runtime => (None, false),
    };
    let (offset, offset_override) = operand(func, site.offset, known);
    let (stride_value, stride_override) = operand(func, site.stride, known);
    let access = Access {
        layout: site.layout,
        columns: columns.into(),
        rows: rows.into(),
        component: component.into(),
        array_stride: i128::from(*stride),
        count: count.map(Into::into),
        offset: offset.map(Into::into),
        stride: stride_value.map(Into::into),
    };
    let what = if site.load {
        "subgroupMatrixLoad"
    } else {
        "subgroupMatrixStore"
    };
    let note =
        "the override values make this a pipeline-creation error (the proposal's Load/Store rules)";
    if stride_override {
        if let Some(Violation::Stride {
            stride,
            bytes,
            minimum,
        }) = access.stride()
        {
            diags.push(
                Diagnostic::error(
                    format!(
                        "the stride argument ({stride}, {bytes} bytes) of {what} must be at least the minimum stride ({minimum} bytes)"
                    ),
                    func.expressions.span(site.stride),
                )
                .with_note(note)
                .with_note(crate::builtins::matrix_bounds::RULES_NOTE),
            );
            return;
        }
    }
    if count_override || offset_override || stride_override {
        if let Some(Violation::Overrun { have, needed }) = access.overrun() {
            diags.push(
                Diagnostic::error(
                    format!(
                        "the pointer operand of {what} is too small ({have} bytes) for the matrix access ({needed} bytes)"
                    ),
                    site.span,
                )
                .with_note(note)
                .with_note(crate::builtins::matrix_bounds::RULES_NOTE),
            );
            return;
        }
    }
    if count_override
        && *space == AddressSpace::Workgroup
        && offset.is_none()
        && stride_value.is_none()
    {
        if let Some(Violation::MinStorageSize { have, minimum }) = access.min_storage() {
            diags.push(
                Diagnostic::error(
                    format!(
                        "the workgroup array of {what} ({have} bytes) is smaller than MinStorageSize of '{}' ({rows} x {columns} x {component} = {minimum} bytes)",
                        type_name(module, site.matrix)
                    ),
                    site.span,
                )
                .with_note(note)
                .with_note(crate::builtins::matrix_bounds::RULES_NOTE),
            );
        }
    }
}

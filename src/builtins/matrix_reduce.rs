//! Reductions and element coordinates of subgroup matrices (`enable
//! tessera_experimental_subgroup_matrix;`, docs/subgroup-matrix-extensions.md
//! section 5): `subgroupMatrixRowSum(m)` and the eight other reductions of
//! a result matrix, and `subgroupMatrixRowIndex<T>()` /
//! `subgroupMatrixColumnIndex<T>()`.

use super::coop_matrix::invocation_shape;
use super::display::type_name;
use super::special::{inner, no_template, Call};
use super::{OverloadError, ResolvedCall, TemplateArg};
use crate::ir::{Module, SubgroupMatrixKind, TypeInner};

/// Readable reduction overloads.
pub(crate) const REDUCE_SIGNATURES: &[&str] = &[
    "subgroupMatrixRowSum(m: M) -> M (and RowMax, RowMin, ColumnSum, ColumnMax, ColumnMin, Sum, Max, Min)  where M is a subgroup_matrix_result with constant dimensions and f32, f16, i32 or u32 components",
];

/// Readable index overloads.
pub(crate) const INDEX_SIGNATURES: &[&str] = &[
    "subgroupMatrixRowIndex<T>() -> T, subgroupMatrixColumnIndex<T>() -> T  where T is a subgroup matrix type with constant dimensions and f32, f16, i32 or u32 components",
];

/// A reduction: one result matrix, giving its type.
pub(crate) fn reduce(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let sigs = REDUCE_SIGNATURES;
    let name = call.def.name;
    no_template(call)?;
    let [m] = call.args else {
        return Err(call.arity_error(module, sigs, 1));
    };
    let result_kind = matches!(
        inner(module, *m),
        TypeInner::SubgroupMatrix {
            kind: SubgroupMatrixKind::Result,
            ..
        }
    );
    if invocation_shape(module, *m).is_none() || !result_kind {
        return Err(call.arg_error(
            0,
            format!(
                "the argument of '{name}' must be a subgroup_matrix_result with constant dimensions and f32, f16, i32 or u32 components, found '{}'",
                type_name(module, *m)
            ),
            sigs,
        ));
    }
    Ok(call.resolved(smallvec::smallvec![*m], Some(*m)))
}

/// `subgroupMatrixRowIndex<T>()` / `subgroupMatrixColumnIndex<T>()`.
pub(crate) fn index(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let sigs = INDEX_SIGNATURES;
    let name = call.def.name;
    let [TemplateArg::Type(ty)] = call.template_args else {
        return Err(call.error(
            format!("'{name}' requires one template argument, the matrix type"),
            sigs,
        ));
    };
    if invocation_shape(module, *ty).is_none() {
        return Err(call.error(
            format!(
                "the template argument of '{name}' must be a subgroup matrix type with constant dimensions and f32, f16, i32 or u32 components, found '{}'",
                type_name(module, *ty)
            ),
            sigs,
        ));
    }
    if !call.args.is_empty() {
        return Err(call.arity_error(module, sigs, 0));
    }
    Ok(call.resolved(smallvec::smallvec![], Some(*ty)))
}

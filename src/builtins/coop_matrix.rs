//! wgpu's cooperative-matrix builtins (`enable wgpu_cooperative_matrix;`):
//! `coopLoad<M>(p, stride?)`, `coopLoadT`, `coopStore(m, p, stride?)`,
//! `coopStoreT` and `coopMultiplyAdd(a, b, c)`.
//!
//! They resolve to the same [`BuiltinOp`](super::BuiltinOp)s as the
//! Chromium builtins, so the IR, the passes and the backends are shared.
//! The pointer points to an *element* of an array in storage or workgroup
//! memory (the resolver splits `&a[i]` into the array and the offset `i`);
//! the plain forms are column-major and the `T` forms row-major, as in naga
//! 30, the reference implementation of the dialect. Unlike naga, the
//! multiply checks shapes and component types, not only roles.

use super::display::type_name;
use super::special::{inner, no_template, Call};
use super::subgroup_matrix::multiply;
use super::{MatrixLoadStoreForm, OverloadError, ResolvedCall, TemplateArg};
use crate::arena::Handle;
use crate::ir::{AddressSpace, MatrixLayout, Module, Scalar, SubgroupMatrixKind, Type, TypeInner};

/// Readable `coopLoad`/`coopLoadT` overloads.
pub(crate) const LOAD_SIGNATURES: &[&str] = &[
    "coopLoad<M>(ptr<AS, E, AM>, stride: S?) -> M  where M is coop_mat8x8 or coop_mat16x16 of f32 or f16 with any role, p points to an element of an array in AS (storage or workgroup) whose component type is M's, AM is read or read_write, S is u32 or i32 (default: the matrix size); column-major (coopLoadT: row-major)",
];

/// Readable `coopStore`/`coopStoreT` overloads.
pub(crate) const STORE_SIGNATURES: &[&str] = &[
    "coopStore(value: M, ptr<AS, E, AM>, stride: S?)  where M is a cooperative matrix, p points to an element of an array in AS (storage or workgroup) whose component type is M's, AM is write or read_write, S is u32 or i32 (default: the matrix size); column-major (coopStoreT: row-major)",
];

/// Readable `coopMultiplyAdd` overloads.
pub(crate) const MULTIPLY_ADD_SIGNATURES: &[&str] = &[
    "coopMultiplyAdd(a: coop_matNxN<T, A>, b: coop_matNxN<T, B>, c: coop_matNxN<TR, C>) -> coop_matNxN<TR, C>  where T -> TR is f32 -> f32 or f16 -> f16 or f32",
];

/// Readable `subgroupMatrixConvert` overloads.
pub(crate) const CONVERT_SIGNATURES: &[&str] = &[
    "subgroupMatrixConvert<T>(m: M) -> T  where T and M are subgroup matrix types with the same rows and columns (any kinds); components convert f32 <-> f16 <-> bf16, from an integer type to f32 or f16, from f32 or f16 to an integer type (saturating), u8 -> u32 and i8 -> i32, i32 or u32 to i8 or u8 (saturating), or stay the same",
];

/// Whether `subgroupMatrixConvert` converts components `from` to `to`.
pub(crate) fn conversion_allowed(from: Scalar, to: Scalar) -> bool {
    use Scalar::*;
    from == to
        || matches!(
            (from, to),
            (F32, F16)
                | (F16, F32)
                | (BF16, F32 | F16)
                | (F32 | F16, BF16)
                | (U8 | I8 | U32 | I32, F32 | F16)
                | (U8, U32)
                | (I8, I32)
                // Saturating, as WGSL's `i32(f)` (the float-to-int pass
                // clamps first).
                | (F32 | F16, I32 | U32 | I8 | U8)
                | (I32 | U32, I8 | U8)
        )
}

/// `subgroupMatrixConvert<T>(m)` (`tessera_experimental_subgroup_matrix`):
/// lives here beside the dialect's other matchers because it shares their
/// helpers.
pub(crate) fn convert(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let sigs = CONVERT_SIGNATURES;
    let [TemplateArg::Type(to)] = call.template_args else {
        return Err(call.error(
            "'subgroupMatrixConvert' requires one template argument, the result matrix type"
                .to_string(),
            sigs,
        ));
    };
    let TypeInner::SubgroupMatrix {
        scalar: to_scalar,
        columns: tc,
        rows: tr,
        ..
    } = inner(module, *to)
    else {
        return Err(call.error(
            format!(
                "the template argument of 'subgroupMatrixConvert' must be a subgroup matrix type, found '{}'",
                type_name(module, *to)
            ),
            sigs,
        ));
    };
    let [from] = call.args else {
        return Err(call.arity_error(module, sigs, 1));
    };
    let TypeInner::SubgroupMatrix {
        scalar: from_scalar,
        columns: fc,
        rows: fr,
        ..
    } = inner(module, *from)
    else {
        return Err(call.arg_error(
            0,
            format!(
                "the argument of 'subgroupMatrixConvert' must be a subgroup matrix, found '{}'",
                type_name(module, *from)
            ),
            sigs,
        ));
    };
    if (fc, fr) != (tc, tr) {
        return Err(call.arg_error(
            0,
            format!(
                "'subgroupMatrixConvert' keeps the shape: '{}' and '{}' differ in rows or columns",
                type_name(module, *from),
                type_name(module, *to)
            ),
            sigs,
        ));
    }
    if !conversion_allowed(from_scalar, to_scalar) {
        return Err(call.arg_error(
            0,
            format!(
                "'subgroupMatrixConvert' cannot convert '{}' components to '{}'",
                from_scalar.wgsl_name(),
                to_scalar.wgsl_name()
            ),
            sigs,
        ));
    }
    Ok(call.resolved(smallvec::smallvec![*from], Some(*to)))
}

/// Readable `subgroupMatrixFromRows/Columns` overloads.
pub(crate) const FROM_SIGNATURES: &[&str] = &[
    "subgroupMatrixFromRows<T>(v: array<S, C>) -> T  where T is a subgroup matrix with C columns and f32, f16, i32 or u32 components S; invocation i supplies row i",
    "subgroupMatrixFromColumns<T>(v: array<S, R>) -> T  where T is a subgroup matrix with R rows; invocation i supplies column i",
];

/// Readable `subgroupMatrixRow/Column` overloads.
pub(crate) const TO_SIGNATURES: &[&str] = &[
    "subgroupMatrixRow(m: M) -> array<S, C>  where M has C columns and f32, f16, i32 or u32 components S; invocation i receives row i (zeros past the last row)",
    "subgroupMatrixColumn(m: M) -> array<S, R>  where M has R rows; invocation i receives column i",
];

/// (rows, columns, component) of a matrix type with constant dimensions
/// and a 32- or 16-bit component.
pub(super) fn invocation_shape(module: &Module, ty: Handle<Type>) -> Option<(u32, u32, Scalar)> {
    match inner(module, ty) {
        TypeInner::SubgroupMatrix {
            rows: crate::ir::MatrixDim::Constant(r),
            columns: crate::ir::MatrixDim::Constant(c),
            scalar: s @ (Scalar::F32 | Scalar::F16 | Scalar::I32 | Scalar::U32),
            ..
        } => Some((r, c, s)),
        _ => None,
    }
}

fn columns_of(call: &Call) -> bool {
    call.def.name.ends_with("Columns") || call.def.name.ends_with("Column")
}

/// `subgroupMatrixFromRows<T>(v)` / `subgroupMatrixFromColumns<T>(v)`.
pub(crate) fn from_invocations(
    module: &mut Module,
    call: &Call,
) -> Result<ResolvedCall, OverloadError> {
    let sigs = FROM_SIGNATURES;
    let name = call.def.name;
    let [TemplateArg::Type(ty)] = call.template_args else {
        return Err(call.error(
            format!("'{name}' requires one template argument, the matrix type"),
            sigs,
        ));
    };
    let Some((rows, cols, comp)) = invocation_shape(module, *ty) else {
        return Err(call.error(
            format!(
                "the template argument of '{name}' must be a subgroup matrix type with constant dimensions and f32, f16, i32 or u32 components, found '{}'",
                type_name(module, *ty)
            ),
            sigs,
        ));
    };
    let n = if columns_of(call) { rows } else { cols };
    let elem = module.intern(TypeInner::Scalar(comp));
    let want = module.intern(TypeInner::Array {
        base: elem,
        size: crate::ir::ArraySize::Constant(n),
        stride: comp.size(),
    });
    let [arg] = call.args else {
        return Err(call.arity_error(module, sigs, 1));
    };
    if *arg != want {
        return Err(call.arg_error(
            0,
            format!(
                "the argument of '{name}' must be '{}' for '{}', found '{}'",
                type_name(module, want),
                type_name(module, *ty),
                type_name(module, *arg)
            ),
            sigs,
        ));
    }
    Ok(call.resolved(smallvec::smallvec![want], Some(*ty)))
}

/// `subgroupMatrixRow(m)` / `subgroupMatrixColumn(m)`.
pub(crate) fn to_invocations(
    module: &mut Module,
    call: &Call,
) -> Result<ResolvedCall, OverloadError> {
    let sigs = TO_SIGNATURES;
    let name = call.def.name;
    no_template(call)?;
    let [m] = call.args else {
        return Err(call.arity_error(module, sigs, 1));
    };
    let Some((rows, cols, comp)) = invocation_shape(module, *m) else {
        return Err(call.arg_error(
            0,
            format!(
                "the argument of '{name}' must be a subgroup matrix with constant dimensions and f32, f16, i32 or u32 components, found '{}'",
                type_name(module, *m)
            ),
            sigs,
        ));
    };
    let n = if columns_of(call) { rows } else { cols };
    let elem = module.intern(TypeInner::Scalar(comp));
    let result = module.intern(TypeInner::Array {
        base: elem,
        size: crate::ir::ArraySize::Constant(n),
        stride: comp.size(),
    });
    Ok(call.resolved(smallvec::smallvec![*m], Some(result)))
}

/// The role letter of a kind.
const fn role(kind: SubgroupMatrixKind) -> &'static str {
    match kind {
        SubgroupMatrixKind::Left => "A",
        SubgroupMatrixKind::Right => "B",
        SubgroupMatrixKind::Result => "C",
    }
}

/// The layout a builtin's name implies: `...T` is row-major.
fn layout_of(call: &Call) -> MatrixLayout {
    if call.def.name.ends_with('T') {
        MatrixLayout::RowMajor
    } else {
        MatrixLayout::ColumnMajor
    }
}

/// Checks the element pointer at `index`: storage or workgroup, the right
/// access, pointing to a scalar or vector of the matrix's component type.
fn check_pointer(
    module: &Module,
    call: &Call,
    index: usize,
    component: Scalar,
    store: bool,
    sigs: &[&str],
) -> Result<(), OverloadError> {
    let name = call.def.name;
    let p = call.args[index];
    let TypeInner::Pointer {
        base,
        space,
        access,
    } = inner(module, p)
    else {
        return Err(call.arg_error(
            index,
            format!(
                "'{name}' requires a pointer to an array element, found '{}'",
                type_name(module, p)
            ),
            sigs,
        ));
    };
    if !matches!(space, AddressSpace::Storage | AddressSpace::Workgroup) {
        return Err(call.arg_error(
            index,
            format!(
                "'{name}' requires a pointer in the 'storage' or 'workgroup' address space, found '{}'",
                space.wgsl_name()
            ),
            sigs,
        ));
    }
    if store && !access.can_write() {
        return Err(call.arg_error(
            index,
            format!("'{name}' requires a pointer with write access"),
            sigs,
        ));
    }
    if !store && !access.can_read() {
        return Err(call.arg_error(
            index,
            format!("'{name}' requires a pointer with read access"),
            sigs,
        ));
    }
    let elem = match inner(module, base) {
        TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => Some(s),
        _ => None,
    };
    if elem != Some(component) {
        return Err(call.arg_error(
            index,
            format!(
                "'{name}' requires a pointer to '{}' (the matrix's component type) or a vector of it, found '{}'",
                component.wgsl_name(),
                type_name(module, p)
            ),
            sigs,
        ));
    }
    Ok(())
}

/// The optional stride at `index`: i32 or u32 (abstract integers become u32).
fn stride(
    module: &mut Module,
    call: &Call,
    index: usize,
    sigs: &[&str],
) -> Result<Option<Handle<Type>>, OverloadError> {
    let Some(&arg) = call.args.get(index) else {
        return Ok(None);
    };
    let target = match inner(module, arg) {
        TypeInner::Scalar(s @ (Scalar::I32 | Scalar::U32)) => s,
        TypeInner::Scalar(Scalar::AbstractInt) => Scalar::U32,
        _ => {
            return Err(call.arg_error(
                index,
                format!(
                    "the stride argument of '{}' must be u32 or i32, found '{}'",
                    call.def.name,
                    type_name(module, arg)
                ),
                sigs,
            ))
        }
    };
    Ok(Some(module.intern(TypeInner::Scalar(target))))
}

fn arity(module: &Module, call: &Call, min: usize, sigs: &[&str]) -> Result<(), OverloadError> {
    if call.args.len() == min || call.args.len() == min + 1 {
        return Ok(());
    }
    let mut e = call.no_match(module, sigs);
    e.notes.insert(
        0,
        format!(
            "'{}' takes {min} or {} arguments, found {}",
            call.def.name,
            min + 1,
            call.args.len()
        ),
    );
    Err(e)
}

/// `coopLoad<M>(p, stride?)` and `coopLoadT`.
pub(crate) fn load(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let sigs = LOAD_SIGNATURES;
    let name = call.def.name;
    let [TemplateArg::Type(ty)] = call.template_args else {
        return Err(call.error(
            format!("'{name}' requires one template argument, the matrix type (e.g. '{name}<coop_mat16x16<f16, A>>')"),
            sigs,
        ));
    };
    let TypeInner::SubgroupMatrix { scalar, .. } = inner(module, *ty) else {
        return Err(call.error(
            format!(
                "the template argument of '{name}' must be a cooperative matrix type, found '{}'",
                type_name(module, *ty)
            ),
            sigs,
        ));
    };
    arity(module, call, 1, sigs)?;
    check_pointer(module, call, 0, scalar, false, sigs)?;
    let mut params = vec![call.args[0]];
    params.extend(stride(module, call, 1, sigs)?);
    Ok(ResolvedCall {
        params: params.into(),
        result: Some(*ty),
        op: call.def.op,
        matrix_form: Some(MatrixLoadStoreForm::Wgpu),
        layout: Some(layout_of(call)),
    })
}

/// `coopStore(m, p, stride?)` and `coopStoreT`.
pub(crate) fn store(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let sigs = STORE_SIGNATURES;
    no_template(call)?;
    arity(module, call, 2, sigs)?;
    let value = call.args[0];
    let TypeInner::SubgroupMatrix { scalar, .. } = inner(module, value) else {
        return Err(call.arg_error(
            0,
            format!(
                "the first argument of '{}' must be a cooperative matrix, found '{}'",
                call.def.name,
                type_name(module, value)
            ),
            sigs,
        ));
    };
    check_pointer(module, call, 1, scalar, true, sigs)?;
    let mut params = vec![value, call.args[1]];
    params.extend(stride(module, call, 2, sigs)?);
    Ok(ResolvedCall {
        params: params.into(),
        result: None,
        op: call.def.op,
        matrix_form: Some(MatrixLoadStoreForm::Wgpu),
        layout: Some(layout_of(call)),
    })
}

/// `coopMultiplyAdd(a, b, c)`: roles first (with the dialect's words),
/// then the shape and component rules of `subgroupMatrixMultiplyAccumulate`.
pub(crate) fn multiply_add(
    module: &mut Module,
    call: &Call,
) -> Result<ResolvedCall, OverloadError> {
    let sigs = MULTIPLY_ADD_SIGNATURES;
    no_template(call)?;
    if call.args.len() != 3 {
        return Err(call.arity_error(module, sigs, 3));
    }
    let want = [
        SubgroupMatrixKind::Left,
        SubgroupMatrixKind::Right,
        SubgroupMatrixKind::Result,
    ];
    for (i, kind) in want.into_iter().enumerate() {
        let arg = call.args[i];
        let ok =
            matches!(inner(module, arg), TypeInner::SubgroupMatrix { kind: k, .. } if k == kind);
        if !ok {
            return Err(call.arg_error(
                i,
                format!(
                    "argument {} of 'coopMultiplyAdd' must be a cooperative matrix with role {}, found '{}'",
                    i + 1,
                    role(kind),
                    type_name(module, arg)
                ),
                sigs,
            ));
        }
    }
    multiply(module, call, true).map_err(|mut e| {
        e.notes = sigs.iter().map(|n| format!("candidate: {n}")).collect();
        e
    })
}

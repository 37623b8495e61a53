//! The subgroup-matrix builtins (`enable chromium_experimental_subgroup_matrix`):
//! load and store in both spellings (DESIGN.md section 11), multiply,
//! multiply-accumulate, and the scalar operations.
//!
//! Constant checks of offsets and strides (minimum stride, negative values,
//! overruns) are the resolver's: it knows the argument values.

use super::display::type_name;
use super::pattern::type_rank;
use super::special::{inner, no_template, Call};
use super::subgroup_matrix_standard as standard;
use super::{MatrixLoadStoreForm, OverloadError, ResolvedCall, TemplateArg};
use crate::arena::Handle;
use crate::ir::{
    AddressSpace, ArraySize, MatrixDim, MatrixLayout, Module, Scalar, SubgroupMatrixKind, Type,
    TypeInner,
};

/// Readable `subgroupMatrixLoad` overloads.
pub(crate) const LOAD_SIGNATURES: &[&str] = &[
    "subgroupMatrixLoad<T, L>(ptr<AS, array<E>, AM>, offset: O, stride: S) -> T  where T is a subgroup matrix type, L is row_major or col_major, AS is storage or workgroup, AM is read or read_write, E is f32, f16, i32 or u32 or a vector of those (array stride at least the matrix component size), O and S are i32 or u32",
    "subgroupMatrixLoad<T>(ptr<AS, array<S>, AM>, offset: u32, col_major: bool, stride: u32) -> T  where T is a subgroup matrix type with shader scalar type S, AS is storage or workgroup, AM is read or read_write, col_major is a const-expression",
];

/// Readable `subgroupMatrixStore` overloads.
pub(crate) const STORE_SIGNATURES: &[&str] = &[
    "subgroupMatrixStore<L>(ptr<AS, array<E>, AM>, offset: O, value: M, stride: S)  where M is a subgroup matrix type, L is row_major or col_major, AS is storage or workgroup, AM is write or read_write, E is f32, f16, i32 or u32 or a vector of those (array stride at least the matrix component size), O and S are i32 or u32",
    "subgroupMatrixStore(ptr<AS, array<S>, AM>, offset: u32, value: M, col_major: bool, stride: u32)  where M is a subgroup matrix type with shader scalar type S, AS is storage or workgroup, AM is write or read_write, col_major is a const-expression",
];

/// Readable `subgroupMatrixMultiply` overloads.
pub(crate) const MULTIPLY_SIGNATURES: &[&str] = &[
    "subgroupMatrixMultiply<TR>(subgroup_matrix_left<T, K, M>, subgroup_matrix_right<T, N, K>) -> subgroup_matrix_result<TR, N, M>  where T -> TR is f32 -> f32, f16 -> f16 or f32, i32 or u32 -> i32 or u32, i8 or u8 -> i8, u8, i32 or u32",
];

/// Readable `subgroupMatrixMultiplyAccumulate` overloads.
pub(crate) const MULTIPLY_ACCUMULATE_SIGNATURES: &[&str] = &[
    "subgroupMatrixMultiplyAccumulate(subgroup_matrix_left<T, K, M>, subgroup_matrix_right<T, N, K>, subgroup_matrix_result<TR, N, M>) -> subgroup_matrix_result<TR, N, M>  where T -> TR is f32 -> f32, f16 -> f16 or f32, i32 or u32 -> i32 or u32, i8 or u8 -> i8, u8, i32 or u32",
];

/// Readable scalar-operation overloads.
pub(crate) const SCALAR_SIGNATURES: &[&str] = &[
    "subgroupMatrixScalarOp(M, S) -> M  where M is a subgroup matrix type with shader scalar type S",
];

/// A subgroup matrix type's parts.
#[derive(Clone, Copy, Debug)]
struct Matrix {
    kind: SubgroupMatrixKind,
    scalar: Scalar,
    columns: MatrixDim,
    rows: MatrixDim,
}

fn as_matrix(module: &Module, ty: Handle<Type>) -> Option<Matrix> {
    match inner(module, ty) {
        TypeInner::SubgroupMatrix {
            kind,
            scalar,
            columns,
            rows,
        } => Some(Matrix {
            kind,
            scalar,
            columns,
            rows,
        }),
        _ => None,
    }
}

fn dim_text(module: &Module, d: MatrixDim) -> String {
    match d {
        MatrixDim::Constant(n) => n.to_string(),
        MatrixDim::Override(o) => match module.overrides.try_get(o) {
            Some(o) => format!("'{}'", o.name),
            None => "<override>".to_string(),
        },
    }
}

/// Whether the multiply component pair `t -> tr` is accepted.
fn pair_allowed(t: Scalar, tr: Scalar) -> bool {
    use Scalar::*;
    match t {
        F32 => tr == F32,
        F16 => matches!(tr, F16 | F32),
        I32 | U32 => matches!(tr, I32 | U32),
        I8 | U8 => matches!(tr, I8 | U8 | I32 | U32),
        BF16 => matches!(tr, BF16 | F32),
        _ => false,
    }
}

/// Which kind of access a load or store needs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Load,
    Store,
}

/// Checks the pointer argument (index 0) and returns the array element.
fn check_pointer(
    module: &Module,
    call: &Call,
    dir: Dir,
    form: MatrixLoadStoreForm,
    component: Scalar,
    sigs: &[&str],
) -> Result<(), OverloadError> {
    let name = call.def.name;
    let p = call.args[0];
    let not_array = || {
        call.arg_error(
            0,
            format!(
                "'{name}' requires a pointer to an array, found '{}'",
                type_name(module, p)
            ),
            sigs,
        )
    };
    let TypeInner::Pointer {
        base,
        space,
        access,
    } = inner(module, p)
    else {
        return Err(not_array());
    };
    let TypeInner::Array {
        base: elem,
        size,
        stride,
    } = inner(module, base)
    else {
        return Err(not_array());
    };
    if !matches!(space, AddressSpace::Storage | AddressSpace::Workgroup) {
        return Err(call.arg_error(
            0,
            format!(
                "'{name}' requires a pointer in the 'storage' or 'workgroup' address space, found '{}'",
                space.wgsl_name()
            ),
            sigs,
        ));
    }
    match dir {
        Dir::Load if !access.can_read() => {
            return Err(call.arg_error(
                0,
                format!("'{name}' requires a pointer with read access"),
                sigs,
            ))
        }
        Dir::Store if !access.can_write() => {
            return Err(call.arg_error(
                0,
                format!("'{name}' requires a pointer with write access"),
                sigs,
            ))
        }
        _ => {}
    }
    let elem_inner = inner(module, elem);
    match form {
        MatrixLoadStoreForm::Chromium | MatrixLoadStoreForm::Wgpu => {
            let ok = match elem_inner {
                TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
                    matches!(s, Scalar::F32 | Scalar::F16 | Scalar::I32 | Scalar::U32)
                }
                _ => false,
            };
            if !ok {
                return Err(call.arg_error(
                    0,
                    format!(
                        "'{name}' requires an array of f32, f16, i32 or u32 scalars or vectors, found '{}'",
                        type_name(module, base)
                    ),
                    sigs,
                ));
            }
            if stride < component.size() {
                return Err(call.arg_error(
                    0,
                    format!(
                        "the stride of the array ({stride} bytes) must be greater than or equal to the matrix element size ({} bytes)",
                        component.size()
                    ),
                    sigs,
                ));
            }
        }
        MatrixLoadStoreForm::Proposal => {
            let want = component.shader_scalar();
            if elem_inner != TypeInner::Scalar(want) {
                return Err(call.arg_error(
                    0,
                    format!(
                        "'{name}' with a 'col_major' argument requires an array of '{}' for a matrix of '{}', found '{}'",
                        want.wgsl_name(),
                        component.wgsl_name(),
                        type_name(module, base)
                    ),
                    sigs,
                ));
            }
            if size == ArraySize::Runtime && space != AddressSpace::Storage {
                return Err(call.arg_error(
                    0,
                    format!(
                        "'{name}' requires a runtime-sized array to be in the 'storage' address space"
                    ),
                    sigs,
                ));
            }
        }
    }
    Ok(())
}

/// Converts an offset or stride argument: i32 or u32 (proposal form: u32
/// preferred for abstract-int arguments).
fn index_param(
    module: &mut Module,
    call: &Call,
    index: usize,
    what: &str,
    form: MatrixLoadStoreForm,
    sigs: &[&str],
) -> Result<Handle<Type>, OverloadError> {
    let arg = call.args[index];
    let s = match inner(module, arg) {
        TypeInner::Scalar(s) => s,
        _ => Scalar::Bool,
    };
    let target = match s {
        Scalar::I32 if standard::is_standard(module) => {
            return Err(standard::index_not_u32(module, call, index, what, sigs))
        }
        Scalar::I32 | Scalar::U32 => s,
        Scalar::AbstractInt if standard::is_standard(module) => Scalar::U32,
        Scalar::AbstractInt => match form {
            MatrixLoadStoreForm::Chromium | MatrixLoadStoreForm::Wgpu => Scalar::I32,
            MatrixLoadStoreForm::Proposal => Scalar::U32,
        },
        _ => {
            return Err(call.arg_error(
                index,
                format!(
                    "the {what} argument of '{}' must be i32 or u32, found '{}'",
                    call.def.name,
                    type_name(module, arg)
                ),
                sigs,
            ))
        }
    };
    Ok(module.intern(TypeInner::Scalar(target)))
}

/// Reads the const `col_major` argument.
pub(super) fn col_major(
    module: &mut Module,
    call: &Call,
    index: usize,
    sigs: &[&str],
) -> Result<(Handle<Type>, MatrixLayout), OverloadError> {
    let arg = call.args[index];
    if inner(module, arg) != TypeInner::Scalar(Scalar::Bool) {
        return Err(call.arg_error(
            index,
            format!(
                "the 'col_major' argument of '{}' must be a bool, found '{}'",
                call.def.name,
                type_name(module, arg)
            ),
            sigs,
        ));
    }
    match call.const_bool_args.get(index).copied().flatten() {
        Some(true) => Ok((arg, MatrixLayout::ColumnMajor)),
        Some(false) => Ok((arg, MatrixLayout::RowMajor)),
        None => Err(call.arg_error(
            index,
            format!(
                "the 'col_major' argument of '{}' must be a const-expression",
                call.def.name
            ),
            sigs,
        )),
    }
}

/// `subgroupMatrixLoad`, either form.
pub(crate) fn load(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let sigs = if standard::is_standard(module) {
        standard::LOAD_SIGNATURES
    } else {
        LOAD_SIGNATURES
    };
    let (ty, layout) =
        match call.template_args {
            [TemplateArg::Type(t)] => (*t, None),
            [TemplateArg::Type(t), TemplateArg::Layout(l)] => (*t, Some(*l)),
            _ => return Err(call.error(
                "'subgroupMatrixLoad' requires template arguments <T, row_major|col_major> or <T>"
                    .to_string(),
                sigs,
            )),
        };
    let Some(m) = as_matrix(module, ty) else {
        return Err(call.error(
            format!(
                "the template argument of 'subgroupMatrixLoad' must be a subgroup matrix type, found '{}'",
                type_name(module, ty)
            ),
            sigs,
        ));
    };
    let form = if layout.is_some() {
        MatrixLoadStoreForm::Chromium
    } else if standard::is_standard(module) {
        return Err(standard::load_without_majorness(module, call, ty));
    } else {
        MatrixLoadStoreForm::Proposal
    };
    let expected = match form {
        MatrixLoadStoreForm::Chromium | MatrixLoadStoreForm::Wgpu => 3,
        MatrixLoadStoreForm::Proposal => 4,
    };
    if call.args.len() != expected {
        let mut e = call.no_match(module, sigs);
        e.notes.insert(
            0,
            format!(
                "this form of 'subgroupMatrixLoad' takes {expected} arguments, found {}",
                call.args.len()
            ),
        );
        return Err(e);
    }
    check_pointer(module, call, Dir::Load, form, m.scalar, sigs)?;
    let offset = index_param(module, call, 1, "offset", form, sigs)?;
    let (params, layout) = match form {
        MatrixLoadStoreForm::Chromium | MatrixLoadStoreForm::Wgpu => {
            let stride = index_param(module, call, 2, "stride", form, sigs)?;
            (vec![call.args[0], offset, stride], layout)
        }
        MatrixLoadStoreForm::Proposal => {
            let (b, l) = col_major(module, call, 2, sigs)?;
            let stride = index_param(module, call, 3, "stride", form, sigs)?;
            (vec![call.args[0], offset, b, stride], Some(l))
        }
    };
    Ok(ResolvedCall {
        params: params.into(),
        result: Some(ty),
        op: call.def.op,
        matrix_form: Some(form),
        layout,
    })
}

/// `subgroupMatrixStore`, either form.
pub(crate) fn store(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let sigs = if standard::is_standard(module) {
        standard::STORE_SIGNATURES
    } else {
        STORE_SIGNATURES
    };
    let (form, layout) = match call.template_args {
        [] if standard::is_standard(module) => return Err(standard::store_without_majorness(call)),
        [] => (MatrixLoadStoreForm::Proposal, None),
        [TemplateArg::Layout(l)] => (MatrixLoadStoreForm::Chromium, Some(*l)),
        _ => return Err(call.error(
            "'subgroupMatrixStore' takes one template argument, row_major or col_major, or none"
                .to_string(),
            sigs,
        )),
    };
    let expected = match form {
        MatrixLoadStoreForm::Chromium | MatrixLoadStoreForm::Wgpu => 4,
        MatrixLoadStoreForm::Proposal => 5,
    };
    if call.args.len() != expected {
        let mut e = call.no_match(module, sigs);
        e.notes.insert(
            0,
            format!(
                "this form of 'subgroupMatrixStore' takes {expected} arguments, found {}",
                call.args.len()
            ),
        );
        return Err(e);
    }
    let value = call.args[2];
    let Some(m) = as_matrix(module, value) else {
        return Err(call.arg_error(
            2,
            format!(
                "the value argument of 'subgroupMatrixStore' must be a subgroup matrix, found '{}'",
                type_name(module, value)
            ),
            sigs,
        ));
    };
    check_pointer(module, call, Dir::Store, form, m.scalar, sigs)?;
    let offset = index_param(module, call, 1, "offset", form, sigs)?;
    let (params, layout) = match form {
        MatrixLoadStoreForm::Chromium | MatrixLoadStoreForm::Wgpu => {
            let stride = index_param(module, call, 3, "stride", form, sigs)?;
            (vec![call.args[0], offset, value, stride], layout)
        }
        MatrixLoadStoreForm::Proposal => {
            let (b, l) = col_major(module, call, 3, sigs)?;
            let stride = index_param(module, call, 4, "stride", form, sigs)?;
            (vec![call.args[0], offset, value, b, stride], Some(l))
        }
    };
    Ok(ResolvedCall {
        params: params.into(),
        result: None,
        op: call.def.op,
        matrix_form: Some(form),
        layout,
    })
}

const ORDINAL: [&str; 3] = ["first", "second", "third"];

/// Checks that argument `index` is a subgroup matrix of `kind`.
fn operand(
    module: &Module,
    call: &Call,
    index: usize,
    kind: SubgroupMatrixKind,
    sigs: &[&str],
) -> Result<Matrix, OverloadError> {
    let arg = call.args[index];
    match as_matrix(module, arg) {
        Some(m) if m.kind == kind => Ok(m),
        _ => Err(call.arg_error(
            index,
            format!(
                "the {} argument of '{}' must be a '{}', found '{}'",
                ORDINAL[index.min(2)],
                call.def.name,
                kind.wgsl_name(),
                type_name(module, arg)
            ),
            sigs,
        )),
    }
}

/// `subgroupMatrixMultiply<TR>(l, r)` and
/// `subgroupMatrixMultiplyAccumulate(l, r, acc)`.
pub(crate) fn multiply(
    module: &mut Module,
    call: &Call,
    accumulate: bool,
) -> Result<ResolvedCall, OverloadError> {
    let name = call.def.name;
    let std = standard::is_standard(module);
    let sigs = match (accumulate, std) {
        (true, false) => MULTIPLY_ACCUMULATE_SIGNATURES,
        (false, false) => MULTIPLY_SIGNATURES,
        (true, true) => standard::MULTIPLY_ACCUMULATE_SIGNATURES,
        (false, true) => standard::MULTIPLY_SIGNATURES,
    };
    let expected = if accumulate { 3 } else { 2 };
    if call.args.len() != expected {
        return Err(call.arity_error(module, sigs, expected));
    }
    // The template argument: a component type or a result matrix type.
    let template = match (call.template_args, accumulate) {
        ([TemplateArg::Type(t)], _) => Some(*t),
        ([], true) => None,
        _ => {
            let message = if accumulate {
                format!("'{name}' takes at most one template argument, the result matrix type")
            } else {
                format!(
                    "'{name}' requires one template argument, the result {}",
                    if std { "matrix type" } else { "component type" }
                )
            };
            return Err(call.error(message, sigs));
        }
    };
    let left = operand(module, call, 0, SubgroupMatrixKind::Left, sigs)?;
    let right = operand(module, call, 1, SubgroupMatrixKind::Right, sigs)?;
    if left.scalar != right.scalar {
        return Err(call.arg_error(
            1,
            format!(
                "the left and right operands of '{name}' must have the same component type, found '{}' and '{}'",
                left.scalar.wgsl_name(),
                right.scalar.wgsl_name()
            ),
            sigs,
        ));
    }
    if left.columns != right.rows {
        return Err(call.arg_error(
            1,
            format!(
                "the left matrix's column count ({}) must equal the right matrix's row count ({}) in '{name}'",
                dim_text(module, left.columns),
                dim_text(module, right.rows)
            ),
            sigs,
        ));
    }
    let (columns, rows) = (right.columns, left.rows);
    let result_scalar = if accumulate {
        let acc = operand(module, call, 2, SubgroupMatrixKind::Result, sigs)?;
        if std && template.is_none() {
            return Err(standard::accumulate_without_template(module, call));
        }
        if acc.columns != columns || acc.rows != rows {
            return Err(call.arg_error(
                2,
                format!(
                    "the accumulator of '{name}' must have {} columns and {} rows (the right matrix's columns and the left matrix's rows), found '{}'",
                    dim_text(module, columns),
                    dim_text(module, rows),
                    type_name(module, call.args[2])
                ),
                sigs,
            ));
        }
        if let Some(t) = template {
            if t != call.args[2] {
                return Err(call.error(
                    format!(
                        "the template argument of '{name}' ('{}') does not match the accumulator type '{}'",
                        type_name(module, t),
                        type_name(module, call.args[2])
                    ),
                    sigs,
                ));
            }
        }
        acc.scalar
    } else {
        let Some(t) = template else {
            return Err(call.error(
                format!(
                    "'{name}' requires one template argument, the result {}",
                    if std { "matrix type" } else { "component type" }
                ),
                sigs,
            ));
        };
        match inner(module, t) {
            TypeInner::Scalar(s) if std => {
                let want = format!(
                    "subgroup_matrix_result<{}, {}, {}>",
                    s.wgsl_name(),
                    dim_text(module, columns),
                    dim_text(module, rows)
                );
                return Err(standard::multiply_component_template(
                    module, call, t, &want,
                ));
            }
            TypeInner::Scalar(s) => s,
            TypeInner::SubgroupMatrix {
                kind: SubgroupMatrixKind::Result,
                scalar,
                columns: c,
                rows: r,
            } => {
                if c != columns || r != rows {
                    return Err(call.error(
                        format!(
                            "the result type '{}' of '{name}' must have {} columns and {} rows (the right matrix's columns and the left matrix's rows)",
                            type_name(module, t),
                            dim_text(module, columns),
                            dim_text(module, rows)
                        ),
                        sigs,
                    ));
                }
                scalar
            }
            _ => {
                return Err(call.error(
                    format!(
                        "the template argument of '{name}' must be a component type or a 'subgroup_matrix_result' type, found '{}'",
                        type_name(module, t)
                    ),
                    sigs,
                ))
            }
        }
    };
    if !pair_allowed(left.scalar, result_scalar) {
        return Err(call.error(
            format!(
                "'{name}' cannot produce a result of '{}' from operands of '{}'",
                result_scalar.wgsl_name(),
                left.scalar.wgsl_name()
            ),
            sigs,
        ));
    }
    let result = module.intern(TypeInner::SubgroupMatrix {
        kind: SubgroupMatrixKind::Result,
        scalar: result_scalar,
        columns,
        rows,
    });
    Ok(call.resolved(call.args.iter().copied().collect(), Some(result)))
}

/// `subgroupMatrixScalarAdd/Subtract/Multiply(m, s)`.
pub(crate) fn scalar(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    let sigs = SCALAR_SIGNATURES;
    no_template(call)?;
    let [m, s] = call.args else {
        return Err(call.no_match(module, sigs));
    };
    let Some(matrix) = as_matrix(module, *m) else {
        return Err(call.arg_error(
            0,
            format!(
                "the first argument of '{}' must be a subgroup matrix, found '{}'",
                call.def.name,
                type_name(module, *m)
            ),
            sigs,
        ));
    };
    if matrix.scalar == Scalar::BF16 {
        return Err(call.arg_error(
            0,
            format!(
                "'{}' is not available for matrices of 'bf16' (SPIR-V has no bf16 arithmetic); convert to f32 with subgroupMatrixConvert first",
                call.def.name
            ),
            sigs,
        ));
    }
    let want = TypeInner::Scalar(matrix.scalar.shader_scalar());
    let feasible = type_rank(module, &inner(module, *s), &want).is_some();
    if !feasible {
        return Err(call.arg_error(
            1,
            format!(
                "the scalar argument of '{}' must be '{}' for a matrix of '{}', found '{}'",
                call.def.name,
                matrix.scalar.shader_scalar().wgsl_name(),
                matrix.scalar.wgsl_name(),
                type_name(module, *s)
            ),
            sigs,
        ));
    }
    let param = module.intern(want);
    Ok(call.resolved(smallvec::smallvec![*m, param], Some(*m)))
}

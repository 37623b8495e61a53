//! The cooperative-vector products (`enable
//! tessera_experimental_cooperative_vector;`, docs/cooperative-vectors.md):
//! `coopVecMatMul<coop_vec<R, M>>(v, matrix, offset, col_major, stride)` and
//! `coopVecMatMulAdd<...>(..., bias, bias_offset)`, and the training
//! accumulations `coopVecOuterProductAccumulate<T>(a, b, matrix, offset)`
//! and `coopVecReduceSumAccumulate(v, dst, offset)`.

use super::display::type_name;
use super::special::{inner, Call};
use super::{OverloadError, ResolvedCall, TemplateArg};
use crate::arena::Handle;
use crate::ir::{AddressSpace, Module, Scalar, Type, TypeInner};

/// Readable `coopVecMatMul` overloads.
pub(crate) const MAT_MUL_SIGNATURES: &[&str] = &[
    "coopVecMatMul<coop_vec<R, M>>(v: coop_vec<T, K>, matrix: ptr<storage, array<T>, A>, offset: u32, col_major: bool, stride: u32) -> coop_vec<R, M>  where T is f32 or f16, R is T or f32, A is read or read_write, col_major is a const-expression",
    "coopVecMatMul<coop_vec<i32, M>, E>(v: coop_vec<I, N>, matrix: ptr<storage, array<u32>, A>, offset: u32, col_major: bool, stride: u32) -> coop_vec<i32, M>  where E is i8 or u8, I is i32, f32 or u32 (four packed elements)",
];

/// Readable `coopVecMatMulAdd` overloads.
pub(crate) const MAT_MUL_ADD_SIGNATURES: &[&str] = &[
    "coopVecMatMulAdd<coop_vec<R, M>>(v: coop_vec<T, K>, matrix: ptr<storage, array<T>, A>, offset: u32, col_major: bool, stride: u32, bias: ptr<storage, array<T>, A2>, bias_offset: u32) -> coop_vec<R, M>  where T is f32 or f16, R is T or f32, A and A2 are read or read_write, col_major is a const-expression",
];

/// Readable `coopVecMatMulOptimal` overloads.
pub(crate) const MAT_MUL_OPTIMAL_SIGNATURES: &[&str] = &[
    "coopVecMatMulOptimal<coop_vec<R, M>>(v: coop_vec<T, K>, matrix: ptr<storage, array<T>, A>, offset: u32) -> coop_vec<R, M>  where T is f32 or f16, R is T or f32, A is read or read_write; the matrix is in the device's inference layout",
    "coopVecMatMulOptimal<coop_vec<R, M>>(v: coop_vec<T, K>, matrix: ptr<storage, array<T>, A>, offset: u32, transpose: bool) -> coop_vec<R, M>  where transpose is a const-expression: the stored matrix is K x M",
];

/// Readable `coopVecMatMulAddOptimal` overloads.
pub(crate) const MAT_MUL_ADD_OPTIMAL_SIGNATURES: &[&str] = &[
    "coopVecMatMulAddOptimal<coop_vec<R, M>>(v: coop_vec<T, K>, matrix: ptr<storage, array<T>, A>, offset: u32, bias: ptr<storage, array<T>, A2>, bias_offset: u32) -> coop_vec<R, M>  where T is f32 or f16, R is T or f32, A and A2 are read or read_write; the matrix is in the device's inference layout",
    "coopVecMatMulAddOptimal<coop_vec<R, M>>(v: coop_vec<T, K>, matrix: ptr<storage, array<T>, A>, offset: u32, bias: ptr<storage, array<T>, A2>, bias_offset: u32, transpose: bool) -> coop_vec<R, M>  where transpose is a const-expression: the stored matrix is K x M",
];

/// Readable `coopVecOuterProductAccumulate` overloads.
pub(crate) const OUTER_PRODUCT_SIGNATURES: &[&str] = &[
    "coopVecOuterProductAccumulate<T>(a: coop_vec<S, M>, b: coop_vec<S, N>, matrix: ptr<storage, array<atomic<u32>>, read_write>, offset: u32)  where T and S are f32 or f16",
];

/// Readable `coopVecReduceSumAccumulate` overloads.
pub(crate) const REDUCE_SUM_SIGNATURES: &[&str] = &[
    "coopVecReduceSumAccumulate(v: coop_vec<T, N>, dst: ptr<storage, array<atomic<u32>>, read_write>, offset: u32)  where T is f32 or f16",
];

/// `coopVecOuterProductAccumulate<T>` (`outer`) and
/// `coopVecReduceSumAccumulate`: statements.
pub(crate) fn accumulate(
    module: &mut Module,
    call: &Call,
    outer: bool,
) -> Result<ResolvedCall, OverloadError> {
    let (sigs, vectors) = if outer {
        (OUTER_PRODUCT_SIGNATURES, 2)
    } else {
        (REDUCE_SUM_SIGNATURES, 1)
    };
    let name = call.def.name;
    let expected = vectors + 2;
    let mut element = None;
    if outer {
        let [TemplateArg::Type(t)] = *call.template_args else {
            return Err(call.error(
                format!("'{name}' requires one template argument, the element type in memory ('f32' or 'f16')"),
                sigs,
            ));
        };
        match inner(module, t) {
            TypeInner::Scalar(s @ (Scalar::F32 | Scalar::F16)) => element = Some(s),
            _ => {
                return Err(call.error(
                    format!(
                        "the template argument of '{name}' must be 'f32' or 'f16', found '{}'",
                        type_name(module, t)
                    ),
                    sigs,
                ))
            }
        }
    } else if !call.template_args.is_empty() {
        return Err(call.error(format!("'{name}' takes no template argument"), sigs));
    }
    if call.args.len() != expected {
        return Err(call.arity_error(module, sigs, expected));
    }
    let mut first = None;
    for i in 0..vectors {
        let what = match (outer, i) {
            (false, _) => "v",
            (true, 0) => "a",
            (true, _) => "b",
        };
        let TypeInner::CoopVector { scalar, .. } = inner(module, call.args[i]) else {
            return Err(call.arg_error(
                i,
                format!(
                    "the argument '{what}' of '{name}' must be a 'coop_vec', found '{}'",
                    type_name(module, call.args[i])
                ),
                sigs,
            ));
        };
        match first {
            None => first = Some(scalar),
            Some(f) if f != scalar => {
                return Err(call.arg_error(
                    i,
                    format!(
                        "the vectors of '{name}' must have one component type, found '{}' and '{}'",
                        f.wgsl_name(),
                        scalar.wgsl_name()
                    ),
                    sigs,
                ))
            }
            Some(_) => {}
        }
    }
    let element = match element.or(first) {
        Some(e) => e,
        None => return Err(call.error(format!("invalid call to '{name}'"), sigs)),
    };
    let p = vectors;
    let ok = match inner(module, call.args[p]) {
        TypeInner::Pointer {
            base,
            space: AddressSpace::Storage,
            access,
        } => {
            access.can_write()
                && matches!(
                    inner(module, base),
                    TypeInner::Array { base: e, .. }
                        if inner(module, e) == TypeInner::atomic(Scalar::U32)
                )
        }
        _ => false,
    };
    if !ok {
        return Err(call.arg_error(
            p,
            format!(
                "the {} argument of '{name}' must be a pointer to an 'array<atomic<u32>>' in the 'storage' address space, read_write, found '{}'",
                if outer { "matrix" } else { "dst" },
                type_name(module, call.args[p])
            ),
            sigs,
        ));
    }
    let u32_ty = module.intern(TypeInner::Scalar(Scalar::U32));
    let offset = u32_param(module, call, p + 1, "offset", u32_ty, sigs)?;
    let mut params = smallvec::SmallVec::new();
    params.extend(call.args[..=p].iter().copied());
    params.push(offset);
    Ok(ResolvedCall {
        params,
        result: None,
        op: crate::builtins::BuiltinOp::CoopVecAccumulate { outer, element },
        matrix_form: None,
        layout: None,
    })
}

/// `coopVecMatMul` (`bias` false) and `coopVecMatMulAdd` (`bias` true).
pub(crate) fn mat_mul(
    module: &mut Module,
    call: &Call,
    bias: bool,
) -> Result<ResolvedCall, OverloadError> {
    let sigs = if bias {
        MAT_MUL_ADD_SIGNATURES
    } else {
        MAT_MUL_SIGNATURES
    };
    product(module, call, bias, false, sigs)
}

/// `coopVecMatMulOptimal` (`bias` false) and `coopVecMatMulAddOptimal`
/// (`bias` true): no `col_major` and `stride` arguments.
pub(crate) fn mat_mul_optimal(
    module: &mut Module,
    call: &Call,
    bias: bool,
) -> Result<ResolvedCall, OverloadError> {
    let sigs = if bias {
        MAT_MUL_ADD_OPTIMAL_SIGNATURES
    } else {
        MAT_MUL_OPTIMAL_SIGNATURES
    };
    product(module, call, bias, true, sigs)
}

/// The products: `v, matrix, offset`, then `col_major, stride` unless
/// `optimal`, then `bias, bias_offset` with `bias`.
fn product(
    module: &mut Module,
    call: &Call,
    bias: bool,
    optimal: bool,
    sigs: &[&str],
) -> Result<ResolvedCall, OverloadError> {
    let name = call.def.name;
    let (ty, element) = match *call.template_args {
        [TemplateArg::Type(ty)] => (ty, None),
        [TemplateArg::Type(ty), TemplateArg::Type(e)] => match inner(module, e) {
            TypeInner::Scalar(s @ (Scalar::I8 | Scalar::U8)) => (ty, Some(s)),
            _ => {
                return Err(call.error(
                    format!(
                        "the second template argument of '{name}' is the matrix's 8-bit element type, 'i8' or 'u8', found '{}'",
                        type_name(module, e)
                    ),
                    sigs,
                ))
            }
        },
        _ => {
            return Err(call.error(
                format!("'{name}' requires one template argument, the result type 'coop_vec<R, M>' (and for 8-bit integer matrices a second one, 'i8' or 'u8')"),
                sigs,
            ))
        }
    };
    let TypeInner::CoopVector { scalar: result, .. } = inner(module, ty) else {
        return Err(call.error(
            format!(
                "the template argument of '{name}' must be a 'coop_vec' type, found '{}'",
                type_name(module, ty)
            ),
            sigs,
        ));
    };
    let layout_args = if optimal { 0 } else { 2 };
    let base = 3 + layout_args + if bias { 2 } else { 0 };
    // The inference-layout products take an optional last `transpose`.
    let transposes = optimal && call.args.len() == base + 1;
    let expected = base + usize::from(transposes);
    if call.args.len() != expected {
        return Err(call.arity_error(module, sigs, expected));
    }
    let TypeInner::CoopVector { scalar: input, .. } = inner(module, call.args[0]) else {
        return Err(call.arg_error(
            0,
            format!(
                "the input of '{name}' must be a 'coop_vec', found '{}'",
                type_name(module, call.args[0])
            ),
            sigs,
        ));
    };
    let (matrix_scalar, bias_scalar) = match element {
        None if !input.is_float() => {
            return Err(call.arg_error(
                0,
                format!(
                    "a product of an integer cooperative vector ('{}') needs the matrix's 8-bit element type as the second template argument of '{name}' ('i8' or 'u8')",
                    type_name(module, call.args[0])
                ),
                sigs,
            ))
        }
        None => {
            if result != input && result != Scalar::F32 {
                return Err(call.error(
                    format!(
                        "the result component type of '{name}' must be the input's ('{}') or 'f32', found '{}'",
                        input.wgsl_name(),
                        result.wgsl_name()
                    ),
                    sigs,
                ));
            }
            (input, input)
        }
        Some(_) => {
            if result != Scalar::I32 {
                return Err(call.error(
                    format!(
                        "the result of '{name}' with an 8-bit integer matrix must be a 'coop_vec<i32, M>', found '{}'",
                        type_name(module, ty)
                    ),
                    sigs,
                ));
            }
            if !matches!(input, Scalar::I32 | Scalar::F32 | Scalar::U32) {
                return Err(call.arg_error(
                    0,
                    format!(
                        "the input of '{name}' with an 8-bit integer matrix must be a 'coop_vec' of 'i32', 'f32' or 'u32' (four packed elements each), found '{}'",
                        type_name(module, call.args[0])
                    ),
                    sigs,
                ));
            }
            (Scalar::U32, Scalar::I32)
        }
    };
    matrix_pointer(module, call, 1, "matrix", matrix_scalar, sigs)?;
    let u32_ty = module.intern(TypeInner::Scalar(Scalar::U32));
    let offset = u32_param(module, call, 2, "offset", u32_ty, sigs)?;
    let mut params = smallvec::SmallVec::new();
    params.extend([call.args[0], call.args[1], offset]);
    let mut layout = crate::ir::MatrixLayout::RowMajor;
    if !optimal {
        let (_, l) = super::subgroup_matrix::col_major(module, call, 3, sigs)?;
        layout = l;
        let stride = u32_param(module, call, 4, "stride", u32_ty, sigs)?;
        params.extend([call.args[3], stride]);
    }
    if bias {
        let b = 3 + layout_args;
        matrix_pointer(module, call, b, "bias", bias_scalar, sigs)?;
        let bias_offset = u32_param(module, call, b + 1, "bias offset", u32_ty, sigs)?;
        params.extend([call.args[b], bias_offset]);
    }
    if transposes {
        // A transposed matrix in the inference layout: the IR says so with
        // the column-major layout (the loop form's reading of it).
        if transpose_arg(module, call, base, sigs)? {
            layout = crate::ir::MatrixLayout::ColumnMajor;
        }
        params.push(call.args[base]);
    }
    let op = match call.def.op {
        crate::builtins::BuiltinOp::CoopVecMatMul(b, _) => {
            crate::builtins::BuiltinOp::CoopVecMatMul(b, element)
        }
        crate::builtins::BuiltinOp::CoopVecMatMulOptimal(b, _) => {
            crate::builtins::BuiltinOp::CoopVecMatMulOptimal(b, element)
        }
        other => other,
    };
    Ok(ResolvedCall {
        params,
        result: Some(ty),
        op,
        matrix_form: None,
        layout: Some(layout),
    })
}

/// The const-expression `transpose` argument `index`.
fn transpose_arg(
    module: &Module,
    call: &Call,
    index: usize,
    sigs: &[&str],
) -> Result<bool, OverloadError> {
    let arg = call.args[index];
    if inner(module, arg) != TypeInner::Scalar(Scalar::Bool) {
        return Err(call.arg_error(
            index,
            format!(
                "the 'transpose' argument of '{}' must be a bool, found '{}'",
                call.def.name,
                type_name(module, arg)
            ),
            sigs,
        ));
    }
    call.const_bool_args
        .get(index)
        .copied()
        .flatten()
        .ok_or_else(|| {
            call.arg_error(
                index,
                format!(
                    "the 'transpose' argument of '{}' must be a const-expression",
                    call.def.name
                ),
                sigs,
            )
        })
}

/// Argument `index` is a pointer to an array of `scalar` in a storage
/// buffer that may be read.
fn matrix_pointer(
    module: &Module,
    call: &Call,
    index: usize,
    what: &str,
    scalar: Scalar,
    sigs: &[&str],
) -> Result<(), OverloadError> {
    let arg = call.args[index];
    let ok = match inner(module, arg) {
        TypeInner::Pointer {
            base,
            space: AddressSpace::Storage,
            access,
        } => {
            access.can_read()
                && matches!(
                    inner(module, base),
                    TypeInner::Array { base: e, .. }
                        if inner(module, e) == TypeInner::Scalar(scalar)
                )
        }
        _ => false,
    };
    if ok {
        return Ok(());
    }
    Err(call.arg_error(
        index,
        format!(
            "the {what} argument of '{}' must be a pointer to an array of '{}' in the 'storage' address space, readable, found '{}'",
            call.def.name,
            scalar.wgsl_name(),
            type_name(module, arg)
        ),
        sigs,
    ))
}

/// Argument `index` is a `u32` (an abstract integer converts).
fn u32_param(
    module: &Module,
    call: &Call,
    index: usize,
    what: &str,
    u32_ty: Handle<Type>,
    sigs: &[&str],
) -> Result<Handle<Type>, OverloadError> {
    let arg = call.args[index];
    match inner(module, arg) {
        TypeInner::Scalar(Scalar::U32 | Scalar::AbstractInt) => Ok(u32_ty),
        _ => Err(call.arg_error(
            index,
            format!(
                "the {what} argument of '{}' must be 'u32', found '{}'",
                call.def.name,
                type_name(module, arg)
            ),
            sigs,
        )),
    }
}

//! Calls into the builtin-function modules (`math`, `atomics`, `subgroup`,
//! `matrix`, `builtins`, `capability`): the printer's side of the
//! interface. Operands are printed here (pointers as the lvalues the
//! printer uses for references); the modules return MSL text, and the
//! helper functions they need are collected in `Writer::helpers`.

use super::expr::{get, packed_pointee, runtime_length};
use super::polyfill::ResultStruct;
use super::stmt::{bind_result, strip_parens, FnCtx};
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    AddressSpace, ArraySize, Expression, MathFunction, MatrixLayout, Scalar, Statement, Type,
    TypeInner,
};
use crate::Span;

/// A module diagnostic at `span` (the modules report undefined spans).
fn at(d: Diagnostic, span: Span) -> Error {
    let mut d = d;
    if d.span == Span::UNDEFINED {
        d.span = span;
    }
    d.into()
}

/// The printed operands, without redundant outer parentheses.
fn operands(w: &Writer, cx: &FnCtx, args: &[Handle<Expression>]) -> R<Vec<String>> {
    args.iter()
        .map(|&a| get(w, cx, a).map(|s| strip_parens(&s).to_string()))
        .collect()
}

/// The MSL names of a struct type's first two members.
fn result_struct(w: &Writer, ty: Handle<Type>, span: Span) -> R<ResultStruct> {
    match w.member_names.get(&ty).map(Vec::as_slice) {
        Some([a, b, ..]) => Ok(ResultStruct {
            name: w.type_name(ty),
            members: [a.clone(), b.clone()],
        }),
        _ => Err(err("internal error: builtin result struct not named", span)),
    }
}

/// A builtin function call expression.
pub(super) fn math(
    w: &mut Writer,
    cx: &FnCtx,
    h: Handle<Expression>,
    fun: MathFunction,
    args: &[Handle<Expression>],
) -> R<String> {
    let span = cx.span(h);
    let texts = operands(w, cx, args)?;
    let tys: Vec<Handle<Type>> = args.iter().map(|&a| cx.f.expression_type(a)).collect();
    let result_ty = cx.f.expression_type(h);
    let members = match fun {
        MathFunction::Modf | MathFunction::Frexp => {
            result_struct(w, result_ty, span)?.members.to_vec()
        }
        _ => Vec::new(),
    };
    super::math::math_call(
        &w.tcx,
        fun,
        &texts,
        &tys,
        result_ty,
        &members,
        &mut w.helpers,
    )
    .map_err(|d| at(d, span))
}

/// Where a subgroup-matrix load or store accesses memory.
fn matrix_access<'t>(
    w: &Writer,
    cx: &FnCtx,
    pointer: Handle<Expression>,
    texts: &'t [String; 4],
    offset: Handle<Expression>,
    stride: Handle<Expression>,
    layout: MatrixLayout,
    span: Span,
) -> R<super::matrix::MatrixAccess<'t>> {
    let (array_ty, space) = match *w.m.inner(cx.f.expression_type(pointer)) {
        TypeInner::Pointer { base, space, .. } => (base, space),
        _ => return Err(err("subgroup matrix pointer is not a pointer", span)),
    };
    let signed =
        |e: Handle<Expression>| w.m.inner(cx.f.expression_type(e)).scalar() == Some(Scalar::I32);
    Ok(super::matrix::MatrixAccess {
        array: &texts[0],
        array_ty,
        space,
        offset: (&texts[1], signed(offset)),
        stride: (&texts[2], signed(stride)),
        layout,
        length: if w.opts.bounds_checks {
            Some(&texts[3])
        } else {
            None
        },
    })
}

/// The printed array, offset, stride and (with bounds checks) length of a
/// matrix load or store.
fn access_texts(
    w: &Writer,
    cx: &FnCtx,
    pointer: Handle<Expression>,
    offset: Handle<Expression>,
    stride: Handle<Expression>,
    span: Span,
) -> R<[String; 4]> {
    let p = get(w, cx, pointer)?;
    let array = format!("{p}.inner");
    let off = strip_parens(&get(w, cx, offset)?).to_string();
    let st = strip_parens(&get(w, cx, stride)?).to_string();
    let len = if w.opts.bounds_checks {
        let array_ty = match *w.m.inner(cx.f.expression_type(pointer)) {
            TypeInner::Pointer { base, .. } => base,
            _ => return Err(err("subgroup matrix pointer is not a pointer", span)),
        };
        match *w.m.inner(array_ty) {
            TypeInner::Array {
                size: ArraySize::Runtime,
                ..
            } => runtime_length(w, cx, pointer)?,
            TypeInner::Array { size, .. } => match super::types::array_count(w.m, w.p, size) {
                Some(n) => format!("{n}u"),
                None => return Err(err("array size has no value", span)),
            },
            _ => {
                return Err(err(
                    "subgroup matrix pointer does not point to an array",
                    span,
                ))
            }
        }
    } else {
        String::new()
    };
    Ok([array, off, st, len])
}

/// A subgroup-matrix expression.
pub(super) fn matrix_expr(w: &mut Writer, cx: &FnCtx, h: Handle<Expression>) -> R<String> {
    let span = cx.span(h);
    let m = w.m;
    let r = match cx.f.expressions[h] {
        Expression::SubgroupMatrixLoad {
            ty,
            pointer,
            offset,
            stride,
            layout,
        } => {
            let texts = access_texts(w, cx, pointer, offset, stride, span)?;
            let access = matrix_access(w, cx, pointer, &texts, offset, stride, layout, span)?;
            super::matrix::load(m, ty, &access, &mut w.helpers)
        }
        Expression::SubgroupMatrixMultiply {
            ty,
            left,
            right,
            acc,
        } => {
            let l = strip_parens(&get(w, cx, left)?).to_string();
            let r = strip_parens(&get(w, cx, right)?).to_string();
            let a = match acc {
                Some(a) => Some(strip_parens(&get(w, cx, a)?).to_string()),
                None => None,
            };
            let left_ty = cx.f.expression_type(left);
            super::matrix::multiply(m, ty, left_ty, &l, &r, a.as_deref(), &mut w.helpers)
        }
        Expression::SubgroupMatrixScalar { op, matrix, scalar } => {
            let mt = strip_parens(&get(w, cx, matrix)?).to_string();
            let s = strip_parens(&get(w, cx, scalar)?).to_string();
            let ty = cx.f.expression_type(h);
            super::matrix::scalar_op(m, ty, op, &mt, &s, &mut w.helpers)
        }
        Expression::SubgroupMatrixFill { ty, value } => {
            let v = strip_parens(&get(w, cx, value)?).to_string();
            super::matrix::fill(m, ty, &v)
        }
        _ => {
            return Err(err(
                "internal error: not a subgroup matrix expression",
                span,
            ))
        }
    };
    r.map_err(|d| at(d, span))
}

/// The zero value of a subgroup matrix type.
pub(super) fn matrix_zero(w: &Writer, ty: Handle<Type>, span: Span) -> R<String> {
    super::matrix::zero(w.m, ty).map_err(|d| at(d, span))
}

/// Atomics, barriers, subgroup operations, `workgroupUniformLoad` and
/// subgroup-matrix stores.
pub(super) fn statement(w: &mut Writer, cx: &mut FnCtx, st: &Statement, span: Span) -> R<()> {
    match *st {
        Statement::Atomic {
            pointer,
            fun,
            value,
            compare,
            result,
        } => {
            let (space, scalar) = match *w.m.inner(cx.f.expression_type(pointer)) {
                TypeInner::Pointer { base, space, .. } => match *w.m.inner(base) {
                    TypeInner::Atomic(s) => (space, s),
                    _ => return Err(err("atomic pointer does not point to an atomic", span)),
                },
                _ => return Err(err("atomic pointer is not a pointer", span)),
            };
            let p = format!("&{}", get(w, cx, pointer)?);
            let v = match value {
                Some(v) => Some(strip_parens(&get(w, cx, v)?).to_string()),
                None => None,
            };
            let c = match compare {
                Some(c) => Some(strip_parens(&get(w, cx, c)?).to_string()),
                None => None,
            };
            let rs = match (fun, result) {
                (crate::ir::AtomicFunction::CompareExchangeWeak, Some(r)) => {
                    Some(result_struct(w, cx.f.expression_type(r), span)?)
                }
                _ => None,
            };
            let text = super::atomics::atomic_call(
                fun,
                &p,
                space,
                scalar,
                v.as_deref(),
                c.as_deref(),
                rs,
                &mut w.helpers,
            )
            .map_err(|d| at(d, span))?;
            match result {
                Some(r) if fun != crate::ir::AtomicFunction::Store => bind_result(w, cx, r, &text),
                _ => cx.push_line(&format!("{text};")),
            }
        }
        Statement::WorkgroupUniformLoad { pointer, result } => {
            let p = get(w, cx, pointer)?;
            let value = match packed_pointee(w, cx, pointer) {
                Some(_) => format!("{}({p})", w.type_name(cx.f.expression_type(result))),
                None => strip_parens(&p).to_string(),
            };
            let barrier = super::builtins::barrier(crate::ir::Barrier::WORKGROUP);
            cx.push_line(&barrier);
            bind_result(w, cx, result, &value);
            cx.push_line(&barrier);
        }
        Statement::Barrier(flags) => {
            cx.push_line(&super::builtins::barrier(flags));
        }
        Statement::Subgroup {
            op,
            ref args,
            result,
        } => {
            let texts = operands(w, cx, args)?;
            let text = super::subgroup::subgroup_call(op, &texts, &mut w.helpers)
                .map_err(|d| at(d, span))?;
            bind_result(w, cx, result, &text);
        }
        Statement::SubgroupMatrixStore {
            pointer,
            offset,
            value,
            stride,
            layout,
        } => {
            let texts = access_texts(w, cx, pointer, offset, stride, span)?;
            let access = matrix_access(w, cx, pointer, &texts, offset, stride, layout, span)?;
            let v = strip_parens(&get(w, cx, value)?).to_string();
            let ty = cx.f.expression_type(value);
            let text = super::matrix::store(w.m, ty, &v, &access, &mut w.helpers)
                .map_err(|d| at(d, span))?;
            cx.push_line(&format!("{text};"));
        }
        _ => return Err(err("internal error: not a builtin statement", span)),
    }
    Ok(())
}

/// The "Metal cannot express" checks (the MSL version needed by matrices
/// is checked by `entry::check_capabilities`).
pub(super) fn capability(w: &Writer) -> R<()> {
    super::capability::check(w.p, w.info, w.opts.lang_version, false)
}

/// Whether a function needs runtime-array lengths for its subgroup-matrix
/// loads and stores (bounds checks on a runtime-sized array): it has both a
/// matrix value and a pointer to a runtime-sized array. Conservative: such
/// a function may get the sizes buffer without using it.
pub(super) fn matrix_needs_sizes(m: &crate::ir::Module, f: &crate::ir::Function) -> bool {
    let mut matrix = false;
    let mut runtime_ptr = false;
    for &ty in &f.expression_types {
        match m.types.try_get(ty).map(|t| &t.inner) {
            Some(TypeInner::SubgroupMatrix { .. }) => matrix = true,
            Some(&TypeInner::Pointer {
                base,
                space: AddressSpace::Storage,
                ..
            }) => {
                runtime_ptr |= matches!(
                    m.types.try_get(base).map(|t| &t.inner),
                    Some(TypeInner::Array {
                        size: ArraySize::Runtime,
                        ..
                    })
                );
            }
            _ => {}
        }
        if matrix && runtime_ptr {
            return true;
        }
    }
    false
}

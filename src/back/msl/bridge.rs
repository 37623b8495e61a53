//! Calls into the builtin-function modules (`math`, `atomics`, `subgroup`,
//! `matrix`, `builtins`, `capability`): the printer's side of the
//! interface. Their errors carry no span; the printer adds the span of the
//! expression or statement.

use super::matrix::MatrixAccess;
use super::polyfill::ResultStruct;
use super::stmt::{bind_result, strip_parens, FnCtx};
use super::writer::{Writer, R};
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    AddressSpace, Expression, MathFunction, MatrixLayout, Scalar, Statement, Type, TypeInner,
};
use crate::Span;

fn at(d: impl Into<Box<Diagnostic>>, span: Span) -> Error {
    (*d.into()).or_at(span).into()
}

/// A builtin function call expression.
pub(super) fn math(
    w: &mut Writer,
    cx: &FnCtx,
    h: Handle<Expression>,
    fun: MathFunction,
    args: &[Handle<Expression>],
) -> R<String> {
    let texts = args
        .iter()
        .map(|&a| super::expr::get(w, cx, a).map(|s| strip_parens(&s).to_string()))
        .collect::<R<Vec<_>>>()?;
    let tys: Vec<Handle<Type>> = args.iter().map(|&a| cx.f.expression_type(a)).collect();
    let result = cx.f.expression_type(h);
    let members = match fun {
        MathFunction::Modf | MathFunction::Frexp => {
            result_struct(w, result, cx.span(h))?.members.to_vec()
        }
        _ => Vec::new(),
    };
    super::math::math_call(&w.tcx, fun, &texts, &tys, result, &members, &mut w.helpers)
        .map_err(|d| at(d, cx.span(h)))
}

/// A builtin's result struct: its MSL name and the MSL names of its first
/// two members (assigned by name: printed structs may have padding fields).
fn result_struct(w: &Writer, ty: Handle<Type>, span: Span) -> R<ResultStruct> {
    match w.member_names.get(&ty).map(Vec::as_slice) {
        Some([a, b, ..]) => Ok(ResultStruct {
            name: w.type_name(ty),
            members: [a.clone(), b.clone()],
        }),
        _ => Err(at(
            Diagnostic::error("internal error: builtin result struct not named", span),
            span,
        )),
    }
}

/// The pointee of a pointer type.
fn pointee(w: &Writer, ty: Handle<Type>) -> (Handle<Type>, AddressSpace) {
    match *w.m.inner(ty) {
        TypeInner::Pointer { base, space, .. } => (base, space),
        _ => (ty, AddressSpace::Function),
    }
}

/// Describes the array a matrix load or store accesses.
fn access<'s>(
    w: &Writer,
    cx: &FnCtx,
    pointer: Handle<Expression>,
    texts: &'s [String; 3],
    offset: Handle<Expression>,
    stride: Handle<Expression>,
    layout: MatrixLayout,
) -> R<MatrixAccess<'s>> {
    let (array_ty, space) = pointee(w, cx.f.expression_type(pointer));
    let signed =
        |h: Handle<Expression>| w.m.inner(cx.f.expression_type(h)).scalar() == Some(Scalar::I32);
    Ok(MatrixAccess {
        array: &texts[0],
        array_ty,
        space,
        offset: (&texts[1], signed(offset)),
        stride: (&texts[2], signed(stride)),
        layout,
    })
}

/// The texts `[array, offset, stride]` of a matrix access.
fn access_texts(
    w: &Writer,
    cx: &FnCtx,
    pointer: Handle<Expression>,
    offset: Handle<Expression>,
    stride: Handle<Expression>,
) -> R<[String; 3]> {
    let p = super::expr::get(w, cx, pointer)?;
    Ok([
        format!("{p}.inner"),
        strip_parens(&super::expr::get(w, cx, offset)?).to_string(),
        strip_parens(&super::expr::get(w, cx, stride)?).to_string(),
    ])
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
            ..
        } => {
            let texts = access_texts(w, cx, pointer, offset, stride)?;
            let acc = access(w, cx, pointer, &texts, offset, stride, layout)?;
            super::matrix::load(m, ty, &acc, &mut w.helpers)
        }
        Expression::SubgroupMatrixMultiply {
            ty,
            left,
            right,
            acc,
        } => {
            let l = strip_parens(&super::expr::get(w, cx, left)?).to_string();
            let r = strip_parens(&super::expr::get(w, cx, right)?).to_string();
            let a = match acc {
                Some(a) => Some(strip_parens(&super::expr::get(w, cx, a)?).to_string()),
                None => None,
            };
            let lt = cx.f.expression_type(left);
            super::matrix::multiply(m, ty, lt, &l, &r, a.as_deref(), &mut w.helpers)
        }
        Expression::SubgroupMatrixScalar { op, matrix, scalar } => {
            let mt = cx.f.expression_type(matrix);
            let mx = strip_parens(&super::expr::get(w, cx, matrix)?).to_string();
            let s = strip_parens(&super::expr::get(w, cx, scalar)?).to_string();
            super::matrix::scalar_op(m, mt, op, &mx, &s, &mut w.helpers)
        }
        Expression::SubgroupMatrixFill { ty, value } => {
            let v = strip_parens(&super::expr::get(w, cx, value)?).to_string();
            super::matrix::fill(m, ty, &v)
        }
        _ => return Ok(String::new()),
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
        Statement::Barrier(b) => {
            let line = super::builtins::barrier(b);
            cx.push_line(&line);
        }
        Statement::WorkgroupUniformLoad { pointer, result } => {
            let mut p = super::expr::get(w, cx, pointer)?;
            // `ptr<workgroup, atomic<T>>`: an atomic load between the
            // barriers.
            let (base, space) = pointee(w, cx.f.expression_type(pointer));
            if let TypeInner::Atomic(scalar) = *w.m.inner(base) {
                p = super::atomics::atomic_call(
                    crate::ir::AtomicFunction::Load,
                    &format!("&{p}"),
                    space,
                    scalar,
                    None,
                    None,
                    None,
                    &mut w.helpers,
                )
                .map_err(|d| at(d, span))?;
            }
            if cx.hoisted[result.index()] {
                let barrier = super::builtins::barrier(crate::ir::Barrier::WORKGROUP);
                cx.push_line(&barrier);
                bind_result(w, cx, result, &p);
                cx.push_line(&barrier);
            } else {
                let name = super::stmt::temp_name(cx, result);
                let ty = w.type_name(cx.f.expression_type(result));
                for line in super::builtins::workgroup_uniform_load(&ty, &name, &p) {
                    cx.push_line(&line);
                }
                cx.exprs[result.index()] = Some(name);
            }
        }
        Statement::Subgroup {
            op,
            ref args,
            result,
        } => {
            let texts = args
                .iter()
                .map(|&a| super::expr::get(w, cx, a).map(|s| strip_parens(&s).to_string()))
                .collect::<R<Vec<_>>>()?;
            let call = super::subgroup::subgroup_call(op, &texts, &mut w.helpers)
                .map_err(|d| at(d, span))?;
            bind_result(w, cx, result, &call);
        }
        Statement::Atomic {
            pointer,
            fun,
            value,
            compare,
            result,
        } => {
            let p = format!("&{}", super::expr::get(w, cx, pointer)?);
            let (base, space) = pointee(w, cx.f.expression_type(pointer));
            let scalar = w.m.inner(base).scalar().unwrap_or(Scalar::U32);
            let v = match value {
                Some(v) => Some(strip_parens(&super::expr::get(w, cx, v)?).to_string()),
                None => None,
            };
            let c = match compare {
                Some(c) => Some(strip_parens(&super::expr::get(w, cx, c)?).to_string()),
                None => None,
            };
            let result_struct = match (fun, result) {
                (crate::ir::AtomicFunction::CompareExchangeWeak, Some(r)) => {
                    Some(result_struct(w, cx.f.expression_type(r), span)?)
                }
                _ => None,
            };
            let call = super::atomics::atomic_call(
                fun,
                &p,
                space,
                scalar,
                v.as_deref(),
                c.as_deref(),
                result_struct,
                &mut w.helpers,
            )
            .map_err(|d| at(d, span))?;
            match result {
                Some(r) => bind_result(w, cx, r, &call),
                None => cx.push_line(&format!("{call};")),
            }
        }
        Statement::SubgroupMatrixStore {
            pointer,
            offset,
            value,
            stride,
            layout,
            ..
        } => {
            let texts = access_texts(w, cx, pointer, offset, stride)?;
            let acc = access(w, cx, pointer, &texts, offset, stride, layout)?;
            let vt = cx.f.expression_type(value);
            let v = strip_parens(&super::expr::get(w, cx, value)?).to_string();
            let call =
                super::matrix::store(w.m, vt, &v, &acc, &mut w.helpers).map_err(|d| at(d, span))?;
            cx.push_line(&format!("{call};"));
        }
        _ => {}
    }
    Ok(())
}

/// The "Metal cannot express" checks.
pub(super) fn capability(w: &Writer) -> R<()> {
    super::capability::check_module(w.p, w.info, w.opts.lang_version)
}

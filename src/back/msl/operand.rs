//! Operands: the printed text of an expression that is already evaluated
//! (a temporary, a local, a parameter, a global) or a leaf printed on
//! demand (a literal, a constant, an override's value).

use std::borrow::Cow;

use super::context::{at, err, FnCtx, Writer, R};
use crate::arena::Handle;
use crate::ir::{visit, Expression, TypeInner};

/// The printed form of an evaluated expression (leaves are printed on
/// demand).
///
/// Borrowed from `cx` where the text is there already (an evaluated
/// expression, a local or a parameter), so reading an operand copies
/// nothing.
pub(super) fn get<'c>(w: &'c Writer, cx: &'c FnCtx, h: Handle<Expression>) -> R<Cow<'c, str>> {
    match cx.f.expressions[h] {
        Expression::GlobalVariable(g) if !cx.t.exprs.is_set(h.index()) => {
            Ok(Cow::Borrowed(&w.global_names[g.index()]))
        }
        _ => get_apart(w, cx, h),
    }
}

/// [`get`] for a caller that changes the writer while it holds the text
/// (a global variable's name is copied instead of borrowed).
pub(super) fn get_apart<'c>(w: &Writer, cx: &'c FnCtx, h: Handle<Expression>) -> R<Cow<'c, str>> {
    if let Some(s) = cx.t.exprs.get(h.index()) {
        return Ok(Cow::Borrowed(s));
    }
    let e = &cx.f.expressions[h];
    if visit::needs_emit(e) {
        return Err(err(
            "internal error: expression used before it is evaluated (MSL writer)",
            cx.span(h),
        ));
    }
    match *e {
        Expression::LocalVariable(l) => Ok(Cow::Borrowed(&cx.t.local_names[l.index()])),
        Expression::FunctionArgument(i) => match cx.t.arg_names.get(i as usize) {
            Some(name) => Ok(Cow::Borrowed(name)),
            None => Err(err("invalid function argument", cx.span(h))),
        },
        _ => leaf(w, cx, h).map(Cow::Owned),
    }
}

pub(super) fn leaf(w: &Writer, cx: &FnCtx, h: Handle<Expression>) -> R<String> {
    Ok(match cx.f.expressions[h] {
        Expression::Literal(l) => {
            let mut s = String::with_capacity(24);
            super::value::operand_literal_into(l, &mut s);
            s
        }
        Expression::Constant(c) => w.constant(c),
        Expression::OverrideExpr(g) => match w.p.global_values.get(g.index()) {
            Some(&Some(c)) => w.constant(c),
            Some(None) => return Err(super::spec_constants_error(cx.span(h))),
            None => return Err(err("override-expression has no value", cx.span(h))),
        },
        Expression::Override(o) => match w.p.override_values.get(o.index()) {
            Some(&Some(c)) => w.constant(c),
            Some(None) => return Err(super::spec_constants_error(cx.span(h))),
            None => return Err(err("override has no value", cx.span(h))),
        },
        Expression::ZeroValue(ty) => {
            if matches!(w.m.inner(ty), TypeInner::SubgroupMatrix { .. }) {
                super::matrix::zero(w.m, ty).map_err(|d| at(d, cx.span(h)))?
            } else {
                w.zero_value(ty)
            }
        }
        Expression::FunctionArgument(i) => {
            cx.t.arg_names
                .get(i as usize)
                .cloned()
                .ok_or_else(|| err("invalid function argument", cx.span(h)))?
        }
        Expression::GlobalVariable(g) => w.global_names[g.index()].clone(),
        Expression::LocalVariable(l) => cx.t.local_names[l.index()].clone(),
        _ => {
            return Err(err(
                "internal error: result used before its statement (MSL writer)",
                cx.span(h),
            ))
        }
    })
}

//! What the builtin modules (`matrix`, `atomics`, `math`) need to know
//! about the memory and types an IR builtin touches, in their terms: the
//! pointee and address space of a pointer, the array a subgroup-matrix
//! load or store accesses ([`MatrixAccess`]), and the MSL names of a
//! builtin's result struct ([`ResultStruct`]).

use super::context::{at, FnCtx, Writer, R};
use super::matrix::MatrixAccess;
use super::polyfill::ResultStruct;
use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{AddressSpace, Expression, MatrixLayout, Scalar, Type, TypeInner};
use crate::span::Span;

/// The pointee of a pointer type and its address space.
pub(super) fn pointee(w: &Writer, ty: Handle<Type>) -> (Handle<Type>, AddressSpace) {
    match *w.m.inner(ty) {
        TypeInner::Pointer { base, space, .. } => (base, space),
        _ => (ty, AddressSpace::Function),
    }
}

/// A builtin's result struct: its MSL name and the MSL names of its first
/// two members (assigned by name: printed structs may have padding fields).
pub(super) fn result_struct(w: &Writer, ty: Handle<Type>, span: Span) -> R<ResultStruct> {
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

/// Describes the array a matrix load or store accesses; `texts` are the
/// printed `[array, offset, stride]`.
pub(super) fn matrix_access<'s>(
    w: &Writer,
    cx: &FnCtx,
    pointer: Handle<Expression>,
    texts: &'s [String; 3],
    offset: Handle<Expression>,
    stride: Handle<Expression>,
    layout: MatrixLayout,
) -> MatrixAccess<'s> {
    let (array_ty, space) = pointee(w, cx.f.expression_type(pointer));
    let signed =
        |h: Handle<Expression>| w.m.inner(cx.f.expression_type(h)).scalar() == Some(Scalar::I32);
    MatrixAccess {
        array: &texts[0],
        array_ty,
        space,
        offset: (&texts[1], signed(offset)),
        stride: (&texts[2], signed(stride)),
        layout,
    }
}

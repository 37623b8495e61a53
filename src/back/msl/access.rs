//! What the builtin statements need to know about the memory an IR
//! builtin touches: the pointee and address space of a pointer.

use super::context::Writer;
use crate::arena::Handle;
use crate::ir::{AddressSpace, Type, TypeInner};

/// The pointee of a pointer type and its address space.
pub(super) fn pointee(w: &Writer, ty: Handle<Type>) -> (Handle<Type>, AddressSpace) {
    match *w.m.inner(ty) {
        TypeInner::Pointer { base, space, .. } => (base, space),
        _ => (ty, AddressSpace::Function),
    }
}

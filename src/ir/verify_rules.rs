//! Small helpers every part of the IR verifier's rules uses.

use crate::arena::Handle;
use crate::ir::{Type, TypeInner};

/// A broken rule, in words (the caller says where).
pub(super) type Rule = String;

/// `Ok` when `ok`, else the rule's words.
pub(super) fn ensure(ok: bool, rule: impl FnOnce() -> Rule) -> Result<(), Rule> {
    if ok {
        Ok(())
    } else {
        Err(rule())
    }
}

/// The type a pointer type points to.
pub(super) fn pointee(t: &TypeInner) -> Option<Handle<Type>> {
    match *t {
        TypeInner::Pointer { base, .. } => Some(base),
        _ => None,
    }
}

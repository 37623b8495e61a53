//! Pointer arguments into buffers, by specialisation.
//!
//! SPIR-V's logical addressing does not accept pointers into `Uniform` or
//! `StorageBuffer` memory as function arguments (that needs variable
//! pointers). A call whose argument is a pointer to a *whole* buffer
//! variable (`f(&buf)`, or a parameter itself bound that way) calls a copy
//! of the callee in which that parameter is replaced by the variable: the
//! parameter disappears from the signature and uses of it read the global.
//! Copies are de-duplicated per (function, bound variables) and written
//! after the entry points. Pointers to part of a buffer (`&buf.field`,
//! `&buf[i]`) are reported as errors. The unspecialised original of a
//! function with a buffer pointer parameter is never written.

use super::function::FnCtx;
use super::writer::{Bound, Writer, R};
use crate::arena::Handle;
use crate::ir::{AddressSpace, Expression, Function, GlobalVariable, TypeInner};

impl Writer<'_> {
    /// The whole buffer variable a pointer argument denotes, if it is one.
    pub(super) fn buffer_pointer_root(
        &self,
        cx: &FnCtx,
        arg: Handle<Expression>,
    ) -> R<Option<Handle<GlobalVariable>>> {
        match *self.inner(cx, arg)? {
            TypeInner::Pointer {
                space: AddressSpace::Uniform | AddressSpace::Storage,
                ..
            } => Ok(global_of(cx, arg)),
            _ => Ok(None),
        }
    }

    /// The id of the copy of `function` with the given parameters bound,
    /// queueing it for writing on first use.
    pub(super) fn specialization(&mut self, function: Handle<Function>, bound: Bound) -> u32 {
        let key = (function.index(), bound);
        if let Some(&id) = self.specializations.get(&key) {
            return id;
        }
        let id = self.s.id();
        self.pending_specializations
            .push((key.0, key.1.clone(), id));
        self.specializations.insert(key, id);
        id
    }

    /// Whether a function has a pointer parameter into a buffer (it is then
    /// only written as specialised copies).
    pub(super) fn has_buffer_pointer_parameter(&self, f: &Function) -> bool {
        f.arguments.iter().any(|a| {
            matches!(
                self.m.types.try_get(a.ty).map(|t| &t.inner),
                Some(TypeInner::Pointer {
                    space: AddressSpace::Uniform | AddressSpace::Storage,
                    ..
                })
            )
        })
    }
}

/// The global variable an expression denotes as a whole: the variable
/// itself, or a parameter bound to it in a specialised copy.
pub(super) fn global_of(cx: &FnCtx, h: Handle<Expression>) -> Option<Handle<GlobalVariable>> {
    match *cx.f.expressions.try_get(h)? {
        Expression::GlobalVariable(g) => Some(g),
        Expression::FunctionArgument(n) => cx.bound.get(n as usize).copied().flatten(),
        _ => None,
    }
}

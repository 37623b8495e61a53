//! Placeholder for the `msl` branch's type printer: just enough of
//! `TypeCtx` for the builtin lowering to compile and be tested.

use crate::arena::Handle;
use crate::ir::{Module, Type, TypeInner};

/// Type context of the MSL printer.
pub(super) struct TypeCtx<'a> {
    /// The module being written.
    pub module: &'a Module,
}

impl TypeCtx<'_> {
    /// The MSL spelling of a type.
    pub fn type_name(&self, ty: Handle<Type>) -> String {
        match self.module.types.try_get(ty) {
            Some(Type {
                name: Some(name), ..
            }) => name.clone(),
            Some(t) => match t.inner {
                TypeInner::Scalar(s) => super::polyfill::ValTy {
                    scalar: s,
                    size: None,
                }
                .name(),
                TypeInner::Vector { size, scalar } => super::polyfill::ValTy {
                    scalar,
                    size: Some(size),
                }
                .name(),
                _ => "<type>".to_string(),
            },
            None => "<type>".to_string(),
        }
    }
}

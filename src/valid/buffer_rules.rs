//! The rules of the `buffer` types (language feature `buffer_view`, WGSL
//! "Buffer Types"): a buffer is only the store type of a storage, uniform
//! or workgroup variable (a runtime-sized one only in storage, an
//! override-sized one only in workgroup), never nested in another type,
//! never behind a pointer into another address space, and no expression
//! evaluates to one.

use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{AddressSpace, ArraySize, GlobalVariable, Module, TypeInner};

use super::type_facts::{type_name, TypeFacts, TypeFlags};

/// Checks a module-scope variable whose store type is or contains a
/// buffer; `true` when it is one (the other address-space rules, which are
/// about host-shareable data, then do not apply).
pub fn check_buffer_global(
    module: &Module,
    facts: &TypeFacts,
    h: Handle<GlobalVariable>,
    var: &GlobalVariable,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    if !facts.has(var.ty, TypeFlags::BUFFER) {
        return false;
    }
    let span = module.global_variables.span(h);
    let space = var.space;
    let mut err = |m: String| diags.push(Diagnostic::error(m, span));
    let Some(&TypeInner::Buffer { size }) = module.types.try_get(var.ty).map(|t| &t.inner) else {
        // Nested buffers are reported with the type (check_buffer_types).
        return true;
    };
    let tname = type_name(module, var.ty);
    match (space, size) {
        (AddressSpace::Storage, ArraySize::Constant(_) | ArraySize::Runtime)
        | (AddressSpace::Uniform, ArraySize::Constant(_))
        | (AddressSpace::Workgroup, ArraySize::Constant(_) | ArraySize::Override(_)) => {}
        (AddressSpace::Uniform | AddressSpace::Workgroup, ArraySize::Runtime) => err(format!(
            "the runtime-sized buffer '{}' can only be in the 'storage' address space, not '{}'",
            var.name,
            space.wgsl_name()
        )),
        (AddressSpace::Storage | AddressSpace::Uniform, ArraySize::Override(_)) => err(format!(
            "the size of buffer '{}' in the '{}' address space must be a const-expression",
            var.name,
            space.wgsl_name()
        )),
        _ => err(format!(
            "'{tname}' can only be the store type of a variable in the 'storage', 'uniform' or 'workgroup' address space, not '{}'",
            space.wgsl_name()
        )),
    }
    let resource = matches!(space, AddressSpace::Storage | AddressSpace::Uniform);
    match (resource, var.binding.is_some()) {
        (true, false) => err(format!(
            "resource variable '{}' must have @group and @binding attributes",
            var.name
        )),
        (false, true) => err(format!(
            "variable '{}' in the '{}' address space cannot have @group or @binding attributes",
            var.name,
            space.wgsl_name()
        )),
        _ => {}
    }
    if var.init.is_some() {
        err(format!(
            "buffer variable '{}' cannot have an initializer",
            var.name
        ));
    }
    true
}

/// Reports a buffer type nested in a struct or array, and a pointer to a
/// buffer in an address space that cannot hold one.
pub fn check_buffer_types(module: &Module, facts: &TypeFacts, diags: &mut Vec<Diagnostic>) {
    if !facts.any_type_has(TypeFlags::BUFFER) {
        return;
    }
    for (h, t) in module.types.iter() {
        let nested = match t.inner {
            TypeInner::Struct { ref members, .. } => members
                .iter()
                .find(|m| facts.has(m.ty, TypeFlags::BUFFER))
                .map(|m| m.ty),
            TypeInner::Array { base, .. } if facts.has(base, TypeFlags::BUFFER) => Some(base),
            TypeInner::Pointer { base, space, .. }
                if matches!(module.inner(base), TypeInner::Buffer { .. })
                    && !matches!(
                        space,
                        AddressSpace::Storage | AddressSpace::Uniform | AddressSpace::Workgroup
                    ) =>
            {
                diags.push(Diagnostic::error(
                    format!(
                        "'{}': a buffer can only be in the 'storage', 'uniform' or 'workgroup' address space",
                        type_name(module, h)
                    ),
                    module.types.span(h),
                ));
                None
            }
            _ => None,
        };
        if let Some(inner) = nested {
            diags.push(Diagnostic::error(
                format!(
                    "'{}' cannot be nested in '{}': a buffer is only the store type of a variable",
                    type_name(module, inner),
                    type_name(module, h)
                ),
                module.types.span(h),
            ));
        }
    }
}

/// Reports every expression of a function that evaluates to a buffer
/// (WGSL: "An expression must not evaluate to a buffer type").
pub fn check_buffer_values(
    module: &Module,
    facts: &TypeFacts,
    f: &crate::ir::Function,
    diags: &mut Vec<Diagnostic>,
) {
    if !facts.any_type_has(TypeFlags::BUFFER) {
        return;
    }
    for (h, _) in f.expressions.iter() {
        let Some(&ty) = f.expression_types.get(h.index()) else {
            continue;
        };
        if matches!(module.inner(ty), TypeInner::Buffer { .. }) {
            diags.push(Diagnostic::error(
                format!(
                    "an expression cannot evaluate to the buffer type '{}': read and write it through 'bufferView'",
                    type_name(module, ty)
                ),
                f.expressions.span(h),
            ));
        }
    }
}

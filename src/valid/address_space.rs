//! Address-space rules: which store types may live in which address space,
//! resource bindings of buffers, pointer types to subgroup matrices, and the
//! extensions that types need.

use rustc_hash::FxHashSet as HashSet;

use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{
    Access, AddressSpace, ArraySize, Extensions, GlobalVariable, Module, Type, TypeInner,
};

use super::layout_rules::{check_buffer_layout, strict_uniform};
use super::type_facts::{type_name, TypeFacts, TypeFlags};
use crate::device::LanguageFeatures;

/// Checks every module-scope variable.
pub fn check_globals(
    module: &Module,
    facts: &TypeFacts,
    language: LanguageFeatures,
    diags: &mut Vec<Diagnostic>,
) {
    let mut checked = HashSet::default();
    for (h, var) in module.global_variables.iter() {
        check_global(module, facts, language, h, var, &mut checked, diags);
    }
}

fn check_global(
    module: &Module,
    facts: &TypeFacts,
    language: LanguageFeatures,
    h: Handle<GlobalVariable>,
    var: &GlobalVariable,
    checked: &mut HashSet<(Handle<Type>, AddressSpace)>,
    diags: &mut Vec<Diagnostic>,
) {
    if super::buffer_rules::check_buffer_global(module, facts, h, var, diags) {
        return;
    }
    let span = module.global_variables.span(h);
    let space = var.space;
    let sname = space.wgsl_name();
    let flags = facts.flags(var.ty);
    let tname = || type_name(module, var.ty);
    if flags.contains(TypeFlags::MATRIX)
        && space != AddressSpace::Handle
        && !matrix_space_allowed(module, space)
    {
        let mut d = Diagnostic::error(
            format!(
                "subgroup matrix type '{}' cannot be used in the '{sname}' address space",
                tname()
            ),
            span,
        );
        if space == AddressSpace::Private {
            d = d.with_note(STANDARD_PRIVATE_NOTE);
        }
        diags.push(d);
    }
    if flags.contains(TypeFlags::COOP_VECTOR) && space != AddressSpace::Private {
        diags.push(Diagnostic::error(
            format!(
                "cooperative vector type '{}' cannot be used in the '{sname}' address space (only 'function' and 'private')",
                tname()
            ),
            span,
        ));
    }
    let mut err = |message: String| diags.push(Diagnostic::error(message, span));

    if space == AddressSpace::Function {
        err(format!(
            "module-scope variable '{}' cannot be in the 'function' address space",
            var.name
        ));
        return;
    }
    if space == AddressSpace::Handle {
        if !flags.contains(TypeFlags::HANDLE) {
            err(format!(
                "variable '{}' in the 'handle' address space must be a texture or sampler, not '{}'",
                var.name,
                tname()
            ));
        }
        if var.binding.is_none() {
            err(format!(
                "resource variable '{}' must have @group and @binding attributes",
                var.name
            ));
        }
        if var.init.is_some() {
            err(format!(
                "texture or sampler variable '{}' cannot have an initializer",
                var.name
            ));
        }
        return;
    }
    if flags.contains(TypeFlags::HANDLE) {
        err(format!(
            "texture or sampler variable '{}' cannot be in the '{sname}' address space",
            var.name
        ));
        return;
    }
    if flags.contains(TypeFlags::POINTER) {
        err(format!(
            "type '{}' of variable '{}' contains a pointer and cannot be stored in the '{sname}' address space",
            tname(),
            var.name
        ));
    }
    let buffer = matches!(space, AddressSpace::Storage | AddressSpace::Uniform);
    match (buffer, var.binding) {
        (true, None) => err(format!(
            "resource variable '{}' must have @group and @binding attributes",
            var.name
        )),
        (false, Some(_)) => err(format!(
            "variable '{}' in the '{sname}' address space cannot have @group or @binding attributes",
            var.name
        )),
        _ => {}
    }
    if flags.contains(TypeFlags::ATOMIC) {
        let ok = match space {
            AddressSpace::Workgroup => true,
            AddressSpace::Storage => var.access == Access::ReadWrite,
            _ => false,
        };
        if !ok {
            let why = if space == AddressSpace::Storage {
                format!(
                    "atomic types in the 'storage' address space require access mode 'read_write', but '{}' is '{}'",
                    var.name,
                    var.access.wgsl_name()
                )
            } else {
                format!(
                    "atomic type '{}' cannot be used in the '{sname}' address space",
                    tname()
                )
            };
            err(why);
        }
    }
    // Immediate data is host-shareable and laid out like a storage buffer.
    let shared = buffer || space == AddressSpace::Immediate;
    if shared
        && !flags.contains(TypeFlags::HOST_SHAREABLE)
        && !flags.intersects(TypeFlags::MATRIX | TypeFlags::COOP_VECTOR)
    {
        err(format!(
            "type '{}' of '{}' is not host-shareable and cannot be used in the '{sname}' address space",
            tname(),
            var.name
        ));
    }
    if buffer {
        if space == AddressSpace::Storage && var.access == Access::Write {
            err(format!(
                "access mode 'write' is not allowed for storage buffer '{}'",
                var.name
            ));
        }
        if flags.contains(TypeFlags::OVERRIDE_ARRAY) {
            err(format!(
                "override-sized array type '{}' cannot be used in the '{sname}' address space",
                tname()
            ));
        }
    }
    // Runtime-sized arrays: only as a storage buffer's type or its last
    // member.
    if flags.contains(TypeFlags::RUNTIME_ARRAY) {
        if space == AddressSpace::Storage {
            if !runtime_array_placement_ok(module, facts, var.ty) {
                err(format!(
                    "runtime-sized arrays may only be the store type of a storage buffer or the last member of its struct type, but '{}' nests one",
                    tname()
                ));
            }
        } else {
            err(format!(
                "type '{}' contains a runtime-sized array and cannot be used in the '{sname}' address space",
                tname()
            ));
        }
    }
    if space == AddressSpace::Workgroup && flags.contains(TypeFlags::OVERRIDE_ARRAY) {
        let top_ok = match module.types.try_get(var.ty).map(|t| &t.inner) {
            Some(TypeInner::Array {
                base,
                size: ArraySize::Override(_),
                ..
            }) => !facts.has(*base, TypeFlags::OVERRIDE_ARRAY),
            _ => false,
        };
        if !top_ok {
            err(format!(
                "workgroup variable '{}' must have a creation-fixed footprint: an override-sized array is allowed only as its outermost type, not in '{}'",
                var.name,
                tname()
            ));
        }
    }
    if space == AddressSpace::Private && flags.contains(TypeFlags::OVERRIDE_ARRAY) {
        err(format!(
            "override-sized array type '{}' cannot be used in the 'private' address space",
            tname()
        ));
    }
    if shared && !flags.intersects(TypeFlags::MATRIX | TypeFlags::COOP_VECTOR) {
        let strict = strict_uniform(space, language);
        check_buffer_layout(module, var.ty, space, strict, span, checked, diags);
    }
}

/// Each entry point statically accesses at most one immediate data
/// variable (WGSL spec, "immediate data") and at most one `pixel_local`
/// variable (Tint's rule). `globals` are the entry point's statically
/// accessed variables, by index.
pub fn check_immediates(
    module: &Module,
    ep: &crate::ir::EntryPoint,
    globals: &[usize],
    diags: &mut Vec<Diagnostic>,
) {
    for (space, what) in [
        (AddressSpace::Immediate, "immediate data"),
        (AddressSpace::PixelLocal, "pixel_local"),
    ] {
        let mut vars = globals.iter().filter_map(|&g| {
            let h = Handle::<GlobalVariable>::from_index(g);
            let var = module.global_variables.try_get(h)?;
            (var.space == space).then_some((h, var))
        });
        let Some((first, first_var)) = vars.next() else {
            continue;
        };
        for (h, var) in vars {
            diags.push(
                Diagnostic::error(
                    format!(
                        "entry point '{}' uses the {what} variables '{}' and '{}', but may use at most one",
                        ep.name, first_var.name, var.name
                    ),
                    module.functions.span(ep.function),
                )
                .with_label(module.global_variables.span(first), format!("first {what} variable"))
                .with_label(module.global_variables.span(h), format!("another {what} variable")),
            );
        }
    }
}

fn runtime_array_placement_ok(module: &Module, facts: &TypeFacts, ty: Handle<Type>) -> bool {
    let nested = |t: Handle<Type>| facts.has(t, TypeFlags::RUNTIME_ARRAY);
    let runtime_array_ok = |t: Handle<Type>| match module.types.try_get(t).map(|t| &t.inner) {
        Some(TypeInner::Array {
            base,
            size: ArraySize::Runtime,
            ..
        }) => !nested(*base),
        _ => !nested(t),
    };
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::Struct { members, .. }) => match members.split_last() {
            Some((last, rest)) => rest.iter().all(|m| !nested(m.ty)) && runtime_array_ok(last.ty),
            None => true,
        },
        _ => runtime_array_ok(ty),
    }
}

/// Checks every type of the module: `f16` and subgroup matrices need their
/// extensions.
pub fn check_types(module: &Module, facts: &TypeFacts, diags: &mut Vec<Diagnostic>) {
    let mut reported_f16 = false;
    let mut reported_matrix = false;
    for (h, t) in module.types.iter() {
        let span = module.types.span(h);
        let flags = facts.flags(h);
        if flags.contains(TypeFlags::F16)
            && !module.extensions.contains(Extensions::F16)
            && !reported_f16
        {
            reported_f16 = true;
            diags.push(Diagnostic::error(
                format!(
                    "type '{}' uses 'f16', which requires 'enable f16;'",
                    type_name(module, h)
                ),
                span,
            ));
        }
        if matches!(t.inner, TypeInner::SubgroupMatrix { .. })
            && !module
                .extensions
                .intersects(Extensions::ANY_SUBGROUP_MATRIX)
            && !reported_matrix
        {
            reported_matrix = true;
            diags.push(Diagnostic::error(
                format!(
                    "type '{}' requires 'enable chromium_experimental_subgroup_matrix;'",
                    type_name(module, h)
                ),
                span,
            ));
        }
    }
}

/// Checks the store types of function-scope variables: no atomics, no
/// runtime-sized or override-sized arrays.
pub fn check_locals(module: &Module, facts: &TypeFacts, diags: &mut Vec<Diagnostic>) {
    for (_, function) in module.functions.iter() {
        for (h, local) in function.local_variables.iter() {
            let flags = facts.flags(local.ty);
            let what = if flags.contains(TypeFlags::ATOMIC) {
                "an atomic type"
            } else if flags.contains(TypeFlags::RUNTIME_ARRAY) {
                "a runtime-sized array"
            } else if flags.contains(TypeFlags::OVERRIDE_ARRAY) {
                "an override-sized array"
            } else {
                continue;
            };
            diags.push(Diagnostic::error(
                format!(
                    "type '{}' of variable '{}' contains {what} and cannot be used in the 'function' address space",
                    type_name(module, local.ty),
                    local.name
                ),
                function.local_variables.span(h),
            ));
        }
    }
}

/// Why `private` is refused with the standard-track name.
const STANDARD_PRIVATE_NOTE: &str = "with 'enable subgroup_matrix;' subgroup matrices can only be in the 'function' address space (Chromium's 'chromium_experimental_subgroup_matrix' also allows 'private')";

/// Whether subgroup matrices may live in `space`: the function address
/// space, and with Chromium's name also `private` (a tessera extension;
/// `enable subgroup_matrix;` follows the proposal: function only).
fn matrix_space_allowed(module: &Module, space: AddressSpace) -> bool {
    match space {
        AddressSpace::Function => true,
        AddressSpace::Private => !module
            .extensions
            .contains(Extensions::SUBGROUP_MATRIX_STANDARD),
        _ => false,
    }
}

/// Checks the types that declarations and expressions use: pointers to
/// subgroup matrices must be in the function address space (or private,
/// see `matrix_space_allowed`), and
/// `i8`/`u8` exist only as matrix components. Reported where the type is
/// used (a parameter, result, variable or expression), once per type;
/// pointers to a global variable's matrix are reported with the variable.
pub fn check_type_uses(module: &Module, facts: &TypeFacts, diags: &mut Vec<Diagnostic>) {
    // Both errors are about types with 8-bit parts or pointers to subgroup
    // matrices: a module with neither has nothing to walk for.
    if !facts.any_type_has(TypeFlags::BARE_8BIT | TypeFlags::MATRIX | TypeFlags::COOP_VECTOR) {
        return;
    }
    let globals: HashSet<(Handle<Type>, AddressSpace)> = module
        .global_variables
        .iter()
        .map(|(_, v)| (v.ty, v.space))
        .collect();
    let mut reported: HashSet<Handle<Type>> = HashSet::default();
    let mut check = |ty: Handle<Type>, span: crate::span::Span, diags: &mut Vec<Diagnostic>| {
        if facts.has(ty, TypeFlags::BARE_8BIT) && reported.insert(ty) {
            diags.push(Diagnostic::error(
                format!(
                    "type '{}' uses 'i8' or 'u8', which can only be subgroup matrix component types",
                    type_name(module, ty)
                ),
                span,
            ));
        }
        let Some(TypeInner::Pointer { base, space, .. }) =
            module.types.try_get(ty).map(|t| &t.inner)
        else {
            return;
        };
        if facts.has(*base, TypeFlags::COOP_VECTOR)
            && !matches!(space, AddressSpace::Function | AddressSpace::Private)
            && !globals.contains(&(*base, *space))
            && reported.insert(ty)
        {
            diags.push(Diagnostic::error(
                format!(
                    "cooperative vector type '{}' cannot be used in the '{}' address space (only 'function' and 'private')",
                    type_name(module, *base),
                    space.wgsl_name()
                ),
                span,
            ));
            return;
        }
        if facts.has(*base, TypeFlags::MATRIX)
            && !matrix_space_allowed(module, *space)
            && !globals.contains(&(*base, *space))
            && reported.insert(ty)
        {
            let mut d = Diagnostic::error(
                format!(
                    "subgroup matrix type '{}' cannot be used in the '{}' address space",
                    type_name(module, *base),
                    space.wgsl_name()
                ),
                span,
            );
            if *space == AddressSpace::Private {
                d = d.with_note(STANDARD_PRIVATE_NOTE);
            }
            diags.push(d);
        }
    };
    for (fh, f) in module.functions.iter() {
        let fspan = module.functions.span(fh);
        for a in &f.arguments {
            check(a.ty, fspan, diags);
        }
        if let Some(r) = &f.result {
            check(r.ty, fspan, diags);
        }
        for (h, local) in f.local_variables.iter() {
            check(local.ty, f.local_variables.span(h), diags);
        }
        for (h, _) in f.expressions.iter() {
            if let Some(&ty) = f.expression_types.get(h.index()) {
                if facts
                    .flags(ty)
                    .intersects(TypeFlags::POINTER | TypeFlags::BARE_8BIT)
                {
                    check(ty, f.expressions.span(h), diags);
                }
            }
        }
    }
    for (h, var) in module.global_variables.iter() {
        check(var.ty, module.global_variables.span(h), diags);
    }
}

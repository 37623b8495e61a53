//! Memory-layout rules: the spec's "Address Space Layout Constraints" for
//! the types of storage and uniform buffers, and sizes that do not fit.
//!
//! The `uniform` address space has stricter rules (array strides and
//! struct alignments rounded up to 16, room after a struct member) unless
//! the target supports the language feature
//! `uniform_buffer_standard_layout`
//! ([`crate::device::LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT`]):
//! then every address space has the `storage` rules. `strict` below says
//! whether the stricter rules apply.

use rustc_hash::FxHashSet as HashSet;

use crate::arena::Handle;
use crate::device::LanguageFeatures;
use crate::diagnostic::Diagnostic;
use crate::ir::layout::{layout, round_up};
use crate::ir::{AddressSpace, ArraySize, Module, Type, TypeInner};
use crate::span::Span;

use super::type_facts::type_name;

/// Whether `space` has the stricter `uniform` layout rules for a target
/// with `language` features.
pub fn strict_uniform(space: AddressSpace, language: LanguageFeatures) -> bool {
    space == AddressSpace::Uniform
        && !language.contains(LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT)
}

/// `RequiredAlignOf(ty, space)`: with `strict` (the `uniform` address
/// space without `uniform_buffer_standard_layout`) arrays and structs are
/// aligned to 16.
pub fn required_align(module: &Module, ty: Handle<Type>, strict: bool) -> u32 {
    let align = layout(module, ty).align;
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::Array { .. } | TypeInner::Struct { .. }) if strict => round_up(16, align),
        _ => align,
    }
}

/// For each type of the module (by index): whether its layout needs
/// `uniform_buffer_standard_layout` in the `uniform` address space, i.e.
/// it or a type inside it breaks the stricter rules. (A type the validator
/// accepted in a uniform buffer keeps the `storage` rules.) One pass over
/// the types: the types inside a type come before it in the arena.
pub fn uniform_standard_layout_types(module: &Module) -> Vec<bool> {
    let mut needs: Vec<bool> = Vec::with_capacity(module.types.len());
    for (h, t) in module.types.iter() {
        let inner =
            |x: Handle<Type>, needs: &Vec<bool>| needs.get(x.index()).copied() == Some(true);
        let within = match t.inner {
            TypeInner::Array { base, .. } => inner(base, &needs),
            TypeInner::Struct { ref members, .. } => members.iter().any(|m| inner(m.ty, &needs)),
            _ => false,
        };
        let own = check_type(
            module,
            h,
            AddressSpace::Uniform,
            true,
            Span::UNDEFINED,
            None,
        );
        needs.push(within || own);
    }
    needs
}

/// The note on an error that only the stricter `uniform` rules give.
const STANDARD_LAYOUT_NOTE: &str = "with the WGSL language feature 'uniform_buffer_standard_layout', which the target does not support, uniform buffers would have the layout rules of storage buffers";

/// Checks the layout constraints of `space` on every struct and array type
/// reachable from `root` (the store type of the variable at `var_span`);
/// `strict`: the stricter `uniform` rules ([`strict_uniform`]).
/// `checked` remembers (type, space) pairs already checked, so each type is
/// reported once per address space.
pub fn check_buffer_layout(
    module: &Module,
    root: Handle<Type>,
    space: AddressSpace,
    strict: bool,
    var_span: Span,
    checked: &mut HashSet<(Handle<Type>, AddressSpace)>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut stack: smallvec::SmallVec<[Handle<Type>; 8]> = smallvec::smallvec![root];
    while let Some(ty) = stack.pop() {
        if !checked.insert((ty, space)) {
            continue;
        }
        check_type(module, ty, space, strict, var_span, Some(diags));
        match module.types.try_get(ty).map(|t| &t.inner) {
            Some(&TypeInner::Array { base, .. }) => stack.push(base),
            Some(TypeInner::Struct { members, .. }) => stack.extend(members.iter().map(|m| m.ty)),
            _ => {}
        }
    }
}

/// Checks the layout constraints of `space` on `ty` itself (not on the
/// types inside it): whether one is broken, each reported into `diags`
/// when given (at `var_span`; the messages are made only then).
fn check_type(
    module: &Module,
    ty: Handle<Type>,
    space: AddressSpace,
    strict: bool,
    var_span: Span,
    mut diags: Option<&mut Vec<Diagnostic>>,
) -> bool {
    let Some(t) = module.types.try_get(ty) else {
        return false;
    };
    let mut broken = false;
    let mut report = |make: &dyn Fn() -> Diagnostic| {
        broken = true;
        if let Some(diags) = diags.as_deref_mut() {
            diags.push(make());
        }
    };
    let type_span = module.types.span(ty);
    let error = |message: String| {
        let mut d = Diagnostic::error(message, var_span).with_span_label(format!(
            "variable in the '{}' address space",
            space.wgsl_name()
        ));
        if type_span != Span::UNDEFINED {
            d = d.with_label(type_span, "type declared here");
        }
        d
    };
    match t.inner {
        TypeInner::Array { base, stride, .. } => {
            let req = required_align(module, base, strict);
            let loose = required_align(module, base, false);
            if stride == 0 || stride % req != 0 {
                report(&|| {
                    let d = error(format!(
                        "array stride {stride} of '{}' is not a multiple of the element's required alignment {req} in the '{}' address space",
                        type_name(module, ty),
                        space.wgsl_name()
                    ));
                    if stride != 0 && stride % loose == 0 {
                        d.with_note(STANDARD_LAYOUT_NOTE)
                    } else {
                        d
                    }
                });
            } else if strict && stride % 16 != 0 {
                report(&|| {
                    error(format!(
                        "array stride {stride} of '{}' is not a multiple of 16, as the 'uniform' address space requires",
                        type_name(module, ty)
                    ))
                    .with_note("wrap the element in a struct with an @align(16) or @size attribute, or use a vec4 element")
                    .with_note(STANDARD_LAYOUT_NOTE)
                });
            }
        }
        TypeInner::Struct { ref members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let req = required_align(module, m.ty, strict);
                if m.offset % req != 0 {
                    report(&|| {
                        let d = error(format!(
                            "member '{}' of '{}' has offset {} which is not a multiple of its required alignment {req} in the '{}' address space",
                            m.name,
                            type_name(module, ty),
                            m.offset,
                            space.wgsl_name()
                        )).with_note(format!("add @align({req}) to member '{}'", m.name));
                        if m.offset % required_align(module, m.ty, false) == 0 {
                            d.with_note(STANDARD_LAYOUT_NOTE)
                        } else {
                            d
                        }
                    });
                }
                if !strict {
                    continue;
                }
                let is_struct = matches!(
                    module.types.try_get(m.ty).map(|t| &t.inner),
                    Some(TypeInner::Struct { .. })
                );
                if let (true, Some(next)) = (is_struct, members.get(i + 1)) {
                    let min = round_up(16, layout(module, m.ty).size);
                    let gap = next.offset.saturating_sub(m.offset);
                    if gap < min {
                        report(&|| {
                            error(format!(
                                "member '{}' of '{}' starts {gap} bytes after struct member '{}', but the 'uniform' address space requires at least {min}",
                                next.name,
                                type_name(module, ty),
                                m.name
                            ))
                            .with_note(format!("add @align(16) to member '{}'", next.name))
                            .with_note(STANDARD_LAYOUT_NOTE)
                        });
                    }
                }
            }
        }
        _ => {}
    }
    broken
}

/// Reports every type whose size does not fit in `u32` (only the innermost
/// such type, so one mistake gives one error).
pub fn check_type_sizes(module: &Module, diags: &mut Vec<Diagnostic>) {
    let mut exact: Vec<u64> = Vec::with_capacity(module.types.len());
    let mut too_big: Vec<bool> = Vec::with_capacity(module.types.len());
    for (h, t) in module.types.iter() {
        let get = |x: Handle<Type>, v: &Vec<u64>| v.get(x.index()).copied().unwrap_or(0);
        let part_too_big =
            |x: Handle<Type>, v: &Vec<bool>| v.get(x.index()).copied().unwrap_or(false);
        let (size, inner_bad) = match t.inner {
            TypeInner::Array { base, size, stride } => {
                let count = match size {
                    ArraySize::Constant(n) => u64::from(n),
                    _ => 1,
                };
                (count * u64::from(stride), part_too_big(base, &too_big))
            }
            TypeInner::Struct { ref members, span } => {
                let mut end = u64::from(span);
                let mut bad = false;
                for m in members {
                    bad |= part_too_big(m.ty, &too_big);
                    end = end.max(u64::from(m.offset) + get(m.ty, &exact).max(u64::from(m.size)));
                }
                (end, bad)
            }
            _ => (u64::from(crate::ir::layout::layout(module, h).size), false),
        };
        let bad = size > u64::from(u32::MAX);
        if bad && !inner_bad {
            diags.push(Diagnostic::error(
                format!(
                    "type '{}' is too large: its size {size} does not fit in 32 bits",
                    type_name(module, h)
                ),
                module.types.span(h),
            ));
        }
        exact.push(size);
        too_big.push(bad || inner_bad);
    }
}

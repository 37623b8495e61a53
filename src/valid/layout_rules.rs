//! Memory-layout rules: the spec's "Address Space Layout Constraints" for
//! the types of storage and uniform buffers, and sizes that do not fit.

use rustc_hash::FxHashSet as HashSet;

use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{AddressSpace, ArraySize, Module, Type, TypeInner};
use crate::layout::{layout, round_up};
use crate::Span;

use super::type_facts::type_name;

/// `RequiredAlignOf(ty, space)` without `uniform_buffer_standard_layout`.
pub fn required_align(module: &Module, ty: Handle<Type>, space: AddressSpace) -> u32 {
    let align = layout(module, ty).align;
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::Array { .. } | TypeInner::Struct { .. })
            if space == AddressSpace::Uniform =>
        {
            round_up(16, align)
        }
        _ => align,
    }
}

/// Checks the layout constraints of `space` on every struct and array type
/// reachable from `root` (the store type of the variable at `var_span`).
/// `checked` remembers (type, space) pairs already checked, so each type is
/// reported once per address space.
pub fn check_buffer_layout(
    module: &Module,
    root: Handle<Type>,
    space: AddressSpace,
    var_span: Span,
    checked: &mut HashSet<(Handle<Type>, AddressSpace)>,
    diags: &mut Vec<Diagnostic>,
) {
    let uniform = space == AddressSpace::Uniform;
    let mut stack: smallvec::SmallVec<[Handle<Type>; 8]> = smallvec::smallvec![root];
    while let Some(ty) = stack.pop() {
        if !checked.insert((ty, space)) {
            continue;
        }
        let Some(t) = module.types.try_get(ty) else {
            continue;
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
                let req = required_align(module, base, space);
                if stride == 0 || stride % req != 0 {
                    diags.push(error(format!(
                        "array stride {stride} of '{}' is not a multiple of the element's required alignment {req} in the '{}' address space",
                        type_name(module, ty),
                        space.wgsl_name()
                    )));
                } else if uniform && stride % 16 != 0 {
                    diags.push(
                        error(format!(
                            "array stride {stride} of '{}' is not a multiple of 16, as the 'uniform' address space requires",
                            type_name(module, ty)
                        ))
                        .with_note("wrap the element in a struct with an @align(16) or @size attribute, or use a vec4 element"),
                    );
                }
                stack.push(base);
            }
            TypeInner::Struct { ref members, .. } => {
                for (i, m) in members.iter().enumerate() {
                    let req = required_align(module, m.ty, space);
                    if m.offset % req != 0 {
                        diags.push(error(format!(
                            "member '{}' of '{}' has offset {} which is not a multiple of its required alignment {req} in the '{}' address space",
                            m.name,
                            type_name(module, ty),
                            m.offset,
                            space.wgsl_name()
                        )).with_note(format!("add @align({req}) to member '{}'", m.name)));
                    }
                    if uniform {
                        let is_struct = matches!(
                            module.types.try_get(m.ty).map(|t| &t.inner),
                            Some(TypeInner::Struct { .. })
                        );
                        if let (true, Some(next)) = (is_struct, members.get(i + 1)) {
                            let min = round_up(16, layout(module, m.ty).size);
                            let gap = next.offset.saturating_sub(m.offset);
                            if gap < min {
                                diags.push(error(format!(
                                    "member '{}' of '{}' starts {gap} bytes after struct member '{}', but the 'uniform' address space requires at least {min}",
                                    next.name,
                                    type_name(module, ty),
                                    m.name
                                )).with_note(format!("add @align(16) to member '{}'", next.name)));
                            }
                        }
                    }
                    stack.push(m.ty);
                }
            }
            _ => {}
        }
    }
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
            _ => (u64::from(crate::layout::layout(module, h).size), false),
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

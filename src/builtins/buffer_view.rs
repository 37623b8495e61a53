//! The `buffer_view` builtins (WGSL "Buffer View Built-in Functions"):
//! `bufferView<T>(p, offset)`, `bufferArrayView<T>(p, offset, size)` and
//! `bufferLength(p)`, where `p` points to a `buffer` or `buffer<N>` in the
//! storage, uniform or workgroup address space. Their type rules are here;
//! the rules on constant argument values (negative or misaligned offsets,
//! views larger than the buffer) are checked by the resolver, which sees
//! the values (`front::wgsl::resolve::call`).

use super::display::type_name;
use super::special::{inner, Call};
use super::{OverloadError, ResolvedCall, TemplateArg};
use crate::arena::Handle;
use crate::ir::{AddressSpace, ArraySize, Module, Scalar, Type, TypeInner};

/// Readable `bufferView` overloads.
pub(crate) const VIEW_SIGNATURES: &[&str] = &[
    "bufferView<T>(p: ptr<AS, buffer, AM>, offset: I) -> ptr<AS, T, AM>  where AS is storage, uniform or workgroup, T is host-shareable without atomics, I is i32 or u32",
    "bufferView<T>(p: ptr<AS, buffer<N>, AM>, offset: I) -> ptr<AS, T, AM>",
];

/// Readable `bufferArrayView` overloads.
pub(crate) const ARRAY_VIEW_SIGNATURES: &[&str] = &[
    "bufferArrayView<T>(p: ptr<AS, buffer, AM>, offset: OI, size: SI) -> ptr<AS, T, AM>  where T is host-shareable without a fixed footprint (a runtime-sized array, or a struct ending in one), OI and SI are i32 or u32",
    "bufferArrayView<T>(p: ptr<AS, buffer<N>, AM>, offset: OI, size: SI) -> ptr<AS, T, AM>",
];

/// Readable `bufferLength` overloads.
pub(crate) const LENGTH_SIGNATURES: &[&str] = &[
    "bufferLength(p: ptr<AS, buffer, AM>) -> u32",
    "bufferLength(p: ptr<AS, buffer<N>, AM>) -> u32",
];

/// The buffer pointer argument: its address space and access mode.
fn buffer_pointer(
    module: &Module,
    call: &Call,
    notes: &[&str],
) -> Result<(AddressSpace, crate::ir::Access), OverloadError> {
    let Some(&p) = call.args.first() else {
        return Err(call.no_match(module, notes));
    };
    match module.buffer_pointer(p) {
        Some((space, access, _)) => Ok((space, access)),
        None => Err(call.arg_error(
            0,
            format!(
                "'{}' requires a pointer to a buffer, found '{}'",
                call.def.name,
                type_name(module, p)
            ),
            notes,
        )),
    }
}

/// The type of an offset or size argument after concretisation: i32 or
/// u32 (an abstract integer becomes i32).
fn byte_count(
    module: &mut Module,
    call: &Call,
    index: usize,
    what: &str,
    notes: &[&str],
) -> Result<Handle<Type>, OverloadError> {
    let Some(&t) = call.args.get(index) else {
        return Err(call.no_match(module, notes));
    };
    match inner(module, t) {
        TypeInner::Scalar(Scalar::I32 | Scalar::U32) => Ok(t),
        TypeInner::Scalar(Scalar::AbstractInt) => Ok(module.intern(TypeInner::Scalar(Scalar::I32))),
        _ => Err(call.arg_error(
            index,
            format!(
                "the {what} of '{}' must be 'i32' or 'u32', found '{}'",
                call.def.name,
                type_name(module, t)
            ),
            notes,
        )),
    }
}

/// The view type `T`: host-shareable, neither containing atomics nor
/// buffers.
fn view_type(module: &Module, call: &Call, notes: &[&str]) -> Result<Handle<Type>, OverloadError> {
    let t = match call.template_args {
        [TemplateArg::Type(t)] => *t,
        _ => {
            return Err(call.error(
                format!(
                    "'{}' requires one template argument, the view's type",
                    call.def.name
                ),
                notes,
            ))
        }
    };
    let mut bad = None;
    let host = host_shareable(module, t, &mut bad);
    if let Some(why) = bad {
        return Err(call.error(
            format!(
                "the view type '{}' of '{}' must not contain {why}",
                type_name(module, t),
                call.def.name
            ),
            notes,
        ));
    }
    if !host {
        return Err(call.error(
            format!(
                "the view type '{}' of '{}' must be host-shareable",
                type_name(module, t),
                call.def.name
            ),
            notes,
        ));
    }
    Ok(t)
}

/// Whether `ty` is host-shareable; sets `bad` to what it must not contain
/// (an atomic or a buffer).
fn host_shareable(module: &Module, ty: Handle<Type>, bad: &mut Option<&'static str>) -> bool {
    match module.inner(ty) {
        TypeInner::Scalar(s)
        | TypeInner::Vector { scalar: s, .. }
        | TypeInner::Matrix { scalar: s, .. } => {
            matches!(s, Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16)
        }
        TypeInner::Atomic { .. } => {
            *bad = Some("an atomic type");
            false
        }
        TypeInner::Buffer { .. } => {
            *bad = Some("a buffer type");
            false
        }
        TypeInner::Array { base, size, .. } => {
            !matches!(size, ArraySize::Override(_)) && host_shareable(module, *base, bad)
        }
        TypeInner::Struct { members, .. } => {
            members.iter().all(|m| host_shareable(module, m.ty, bad))
        }
        _ => false,
    }
}

/// `bufferView<T>(p, offset)` (`array` false) or
/// `bufferArrayView<T>(p, offset, size)` (`array` true).
pub(crate) fn view(
    module: &mut Module,
    call: &Call,
    array: bool,
) -> Result<ResolvedCall, OverloadError> {
    let notes = if array {
        ARRAY_VIEW_SIGNATURES
    } else {
        VIEW_SIGNATURES
    };
    let count = if array { 3 } else { 2 };
    if call.args.len() != count {
        return Err(call.arity_error(module, notes, count));
    }
    let (space, access) = buffer_pointer(module, call, notes)?;
    let t = view_type(module, call, notes)?;
    if array && crate::ir::layout::has_fixed_footprint(module, t) {
        return Err(call.error(
            format!(
                "the view type '{}' of 'bufferArrayView' must be a runtime-sized array or a struct ending in one",
                type_name(module, t)
            ),
            notes,
        ));
    }
    let mut params: smallvec::SmallVec<[Handle<Type>; 4]> = smallvec::smallvec![call.args[0]];
    params.push(byte_count(module, call, 1, "offset", notes)?);
    if array {
        params.push(byte_count(module, call, 2, "size", notes)?);
    }
    let result = module.intern(TypeInner::Pointer {
        base: t,
        space,
        access,
    });
    Ok(call.resolved(params, Some(result)))
}

/// `bufferLength(p)`.
pub(crate) fn length(module: &mut Module, call: &Call) -> Result<ResolvedCall, OverloadError> {
    if !call.template_args.is_empty() {
        return Err(call.error(
            "'bufferLength' does not take template arguments".to_string(),
            LENGTH_SIGNATURES,
        ));
    }
    if call.args.len() != 1 {
        return Err(call.arity_error(module, LENGTH_SIGNATURES, 1));
    }
    buffer_pointer(module, call, LENGTH_SIGNATURES)?;
    let u32_ = module.intern(TypeInner::Scalar(Scalar::U32));
    Ok(call.resolved(smallvec::smallvec![call.args[0]], Some(u32_)))
}

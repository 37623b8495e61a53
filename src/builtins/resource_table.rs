//! The resource-table builtins (`enable chromium_experimental_resource_table;`,
//! Chromium's experiment as Tint accepts it): `hasResource<T>(index)` and
//! `getResource<T>(index)`, where `T` is a sampled (`texture_1d` to
//! `texture_cube_array`), multisampled or depth texture type, or a sampler
//! type, and `index` an `i32` or `u32`. The `resource-table` pass lowers
//! them (`passes::resource_table`).

use super::display::type_name;
use super::special::{inner, Call};
use super::{OverloadError, ResolvedCall, TemplateArg};
use crate::arena::Handle;
use crate::ir::{ImageClass, ImageDimension, Module, ResourceTableOp, Scalar, Type, TypeInner};

/// Readable `hasResource` overloads.
pub(crate) const HAS_SIGNATURES: &[&str] = &[
    "hasResource<T>(index: I) -> bool  where T is a sampled, multisampled or depth texture type (not storage or external) or a sampler type, I is i32 or u32",
];

/// Readable `getResource` overloads.
pub(crate) const GET_SIGNATURES: &[&str] = &[
    "getResource<T>(index: I) -> T  where T is a sampled, multisampled or depth texture type (not storage or external) or a sampler type, I is i32 or u32",
];

/// Whether a resource table can hold a resource of type `ty`.
pub(crate) fn table_type(module: &Module, ty: Handle<Type>) -> bool {
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::Sampler { .. }) => true,
        Some(&TypeInner::Image { dim, class, .. }) => {
            dim != ImageDimension::Buffer
                && matches!(class, ImageClass::Sampled { .. } | ImageClass::Depth { .. })
        }
        _ => false,
    }
}

/// `hasResource<T>(index)` or `getResource<T>(index)`; the resolved
/// result is `T` for both.
pub(crate) fn check(
    module: &mut Module,
    call: &Call,
    op: ResourceTableOp,
) -> Result<ResolvedCall, OverloadError> {
    let notes = match op {
        ResourceTableOp::Has => HAS_SIGNATURES,
        ResourceTableOp::Get => GET_SIGNATURES,
    };
    let t = match call.template_args {
        [TemplateArg::Type(t)] => *t,
        _ => {
            return Err(call.error(
                format!(
                    "'{}' requires one template argument, the resource's type",
                    call.def.name
                ),
                notes,
            ))
        }
    };
    if !table_type(module, t) {
        return Err(call.error(
            format!(
                "'{}' cannot be used with '{}': the resource type must be a sampled, multisampled or depth texture type, or a sampler type",
                call.def.name,
                type_name(module, t)
            ),
            notes,
        ));
    }
    if call.args.len() != 1 {
        return Err(call.arity_error(module, notes, 1));
    }
    let index = match inner(module, call.args[0]) {
        TypeInner::Scalar(Scalar::I32 | Scalar::U32) => call.args[0],
        TypeInner::Scalar(Scalar::AbstractInt) => module.intern(TypeInner::Scalar(Scalar::I32)),
        _ => {
            return Err(call.arg_error(
                0,
                format!(
                    "the index of '{}' must be 'i32' or 'u32', found '{}'",
                    call.def.name,
                    type_name(module, call.args[0])
                ),
                notes,
            ))
        }
    };
    // The result is `T` for both builtins: `hasResource`'s value is a
    // `bool`, which the resolver gives the expression; it needs `T`.
    Ok(call.resolved(smallvec::smallvec![index], Some(t)))
}

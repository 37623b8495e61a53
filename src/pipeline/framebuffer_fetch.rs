//! Binding points of the input attachments behind `@color` fragment inputs
//! (`enable chromium_experimental_framebuffer_fetch;`).
//!
//! Metal reads a colour attachment in the fragment function's stage-in
//! struct (`[[color(N)]]`); Vulkan reads it as a subpass input attachment,
//! a descriptor. The `framebuffer-fetch` pass (`passes::framebuffer_fetch`,
//! SPIR-V only) gives each `@color(N)` input a variable of
//! `input_attachment<T>` at:
//!
//! - descriptor set [`super::PipelineOptions::framebuffer_fetch_group`]
//!   (default [`DEFAULT_FRAMEBUFFER_FETCH_GROUP`], 66, the set Tint's
//!   command-line driver uses; Dawn's Vulkan backend uses set 0 and moves
//!   the application's bind groups up by one),
//! - binding `N` and input attachment index `N` (as Dawn's Vulkan backend
//!   does: one descriptor-set layout with binding `i` for colour
//!   attachment `i` serves every pipeline of the render pass; Tint's
//!   driver numbers the bindings 0, 1, ... in parameter order instead).
//!
//! `T` is the input's component type (`f32` for `f16`, converted after the
//! read). The reflection lists them per entry point
//! ([`super::EntryPointReflection::framebuffer_fetch`]); one that falls on
//! a resource of the entry point is a pipeline-creation error.

use super::EntryPointReflection;
use crate::diagnostic::Diagnostic;
use crate::ir::{Binding, EntryPoint, Module, Scalar, ShaderStage, Type, TypeInner};

pub use super::options::DEFAULT_FRAMEBUFFER_FETCH_GROUP;

/// One `@color(N)` input of a fragment entry point and the input
/// attachment the SPIR-V output reads it from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FramebufferFetchReflection {
    /// The parameter's (or structure member's) name.
    pub name: String,
    /// `N` of `@color(N)`: the colour attachment, and the input
    /// attachment index.
    pub color: u32,
    /// The descriptor set.
    pub group: u32,
    /// The binding (`N`).
    pub binding: u32,
    /// The component type of the attachment as read: `f32`, `i32` or `u32`.
    pub scalar: Scalar,
}

/// The `@color` inputs of `ep`: `(name, N, type)`, in parameter order.
pub fn color_inputs(
    module: &Module,
    ep: &EntryPoint,
) -> Vec<(String, u32, crate::arena::Handle<Type>)> {
    let mut out = Vec::new();
    let Some(f) = module.functions.try_get(ep.function) else {
        return out;
    };
    if ep.stage != ShaderStage::Fragment {
        return out;
    }
    for a in &f.arguments {
        match a.binding {
            Some(Binding::Color(n)) => out.push((a.name.clone(), n, a.ty)),
            Some(_) => {}
            None => {
                if let Some(TypeInner::Struct { members, .. }) =
                    module.types.try_get(a.ty).map(|t| &t.inner)
                {
                    for m in members {
                        if let Some(Binding::Color(n)) = m.binding {
                            out.push((m.name.clone(), n, m.ty));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The component type an input attachment of `ty` holds (`f16` is read as
/// `f32`).
pub fn attachment_scalar(module: &Module, ty: crate::arena::Handle<Type>) -> Scalar {
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. }) if *s != Scalar::F16 => *s,
        _ => Scalar::F32,
    }
}

/// The reflection of `ep`'s `@color` inputs; reports one whose binding
/// point another resource of the entry point (in `r`) holds.
pub(crate) fn entry_reflection(
    module: &Module,
    ep: &EntryPoint,
    r: &EntryPointReflection,
    options: &super::PipelineOptions,
    diags: &mut Vec<Diagnostic>,
) -> Vec<FramebufferFetchReflection> {
    let group = options.framebuffer_fetch_group;
    let span = module.functions.span(ep.function);
    let mut out = Vec::new();
    for (name, color, ty) in color_inputs(module, ep) {
        let taken = r
            .bindings
            .iter()
            .map(|b| (b.group, b.binding, &b.name))
            .chain(r.resources.iter().map(|b| (b.group, b.binding, &b.name)))
            .find(|&(g, b, _)| (g, b) == (group, color));
        if let Some((_, _, other)) = taken {
            diags.push(
                Diagnostic::error(
                    format!(
                        "the input attachment of '@color({color}) {name}' would be at @group({group}) @binding({color}), which '{other}' uses"
                    ),
                    span,
                )
                .with_note("framebuffer fetch reads colour attachment N at binding N of the framebuffer-fetch group (the `framebuffer_fetch_group` pipeline option, `--framebuffer-fetch-group`)"),
            );
        }
        out.push(FramebufferFetchReflection {
            name,
            color,
            group,
            binding: color,
            scalar: attachment_scalar(module, ty),
        });
    }
    out
}

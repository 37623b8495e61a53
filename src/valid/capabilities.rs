//! The device-feature check of `enable` directives: a module that enables
//! an extension whose WebGPU feature the device lacks is a shader-module
//! creation error, at the extension's name in the directive (WGSL spec,
//! "Enable Extensions"; [`crate::device::FEATURES`] lists which feature
//! each enable needs). Likewise a `requires` of a language feature the
//! target does not support (WGSL spec, "Language Extensions").
//!
//! The names come from [`Module::enables`] and [`Module::requires`]. A
//! module built without the front end has no enables recorded; its
//! [`Module::extensions`] are checked instead, without a location.

use crate::device::{Features, LanguageFeatures, FEATURES};
use crate::diagnostic::Diagnostic;
use crate::ir::{Extensions, Module};
use crate::span::Span;

/// Reports each enable (once per name) whose feature `features` lacks.
pub fn check_enables(module: &Module, features: Features, diags: &mut Vec<Diagnostic>) {
    if features.is_all() {
        return;
    }
    let mut reported = Features::empty();
    let mut report = |name: &str, span: Span, diags: &mut Vec<Diagnostic>| {
        let Some(needed) = Features::for_enable(name) else {
            return;
        };
        if features.contains(needed) || reported.contains(needed) {
            return;
        }
        reported |= needed;
        let feature = needed.webgpu_name().unwrap_or("?");
        let have: Vec<&str> = features.webgpu_names().collect();
        let note = if have.is_empty() {
            "the device profile has no optional features".to_string()
        } else {
            format!("the device profile's features: {}", have.join(", "))
        };
        let message = format!(
            "`enable {name};` needs the device feature `{feature}`, which the device profile does not have"
        );
        let d = if span == Span::UNDEFINED {
            Diagnostic::without_location(message)
        } else {
            Diagnostic::error(message, span)
        };
        diags.push(d.with_note(note));
    };
    if module.enables.is_empty() {
        for name in enable_names(module.extensions) {
            report(name, Span::UNDEFINED, diags);
        }
    } else {
        for e in &module.enables {
            report(&e.name, e.span, diags);
        }
    }
}

/// Reports each `requires` (once per name) of a language feature that
/// `language` lacks.
pub fn check_requires(module: &Module, language: LanguageFeatures, diags: &mut Vec<Diagnostic>) {
    let mut reported = LanguageFeatures::empty();
    for r in &module.requires {
        let Some(needed) = LanguageFeatures::from_wgsl_name(&r.name) else {
            continue;
        };
        if language.contains(needed) || reported.contains(needed) {
            continue;
        }
        reported |= needed;
        let mut d = Diagnostic::error(
            format!(
                "`requires {};` needs the WGSL language feature `{}`, which the target does not support",
                r.name, r.name
            ),
            r.span,
        )
        .with_note("the device profile's `wgslLanguageFeatures` does not list it");
        if needed == LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT {
            d = d.with_note(
                "on Vulkan it needs the device feature `uniformBufferStandardLayout` (Vulkan 1.2, or VK_KHR_uniform_buffer_standard_layout)",
            );
        }
        diags.push(d);
    }
}

/// A `binding_array` type needs the language feature
/// `sized_binding_array` (WGSL's language features are available without
/// a directive where the target supports them).
pub fn check_binding_arrays(
    module: &Module,
    facts: &super::type_facts::TypeFacts,
    language: LanguageFeatures,
    diags: &mut Vec<Diagnostic>,
) {
    use super::type_facts::TypeFlags;
    if language.contains(LanguageFeatures::SIZED_BINDING_ARRAY)
        || !facts.any_type_has(TypeFlags::BINDING_ARRAY)
    {
        return;
    }
    if let Some((h, _)) = module
        .types
        .iter()
        .find(|(_, t)| matches!(t.inner, crate::ir::TypeInner::BindingArray { .. }))
    {
        diags.push(
            Diagnostic::error(
                format!(
                    "'{}' needs the WGSL language feature `sized_binding_array`, which the target does not support",
                    crate::ir::display::type_name(module, h)
                ),
                module.types.span(h),
            )
            .with_note("the device profile's `wgslLanguageFeatures` does not list it"),
        );
    }
}

/// The enable names a module's extension flags stand for (for a module
/// with no recorded directives). `subgroups` is left out when another
/// enable implies it.
fn enable_names(ext: Extensions) -> Vec<&'static str> {
    let mut names = Vec::new();
    let implies_subgroups = Extensions::SUBGROUP_MATRIX | Extensions::SUBGROUP_SIZE_CONTROL;
    for &(_, _, name) in FEATURES {
        let on = match name {
            "f16" => ext.contains(Extensions::F16),
            "subgroups" => {
                ext.contains(Extensions::SUBGROUPS) && !ext.intersects(implies_subgroups)
            }
            "subgroup_size_control" => ext.contains(Extensions::SUBGROUP_SIZE_CONTROL),
            "clip_distances" => ext.contains(Extensions::CLIP_DISTANCES),
            "dual_source_blending" => ext.contains(Extensions::DUAL_SOURCE_BLENDING),
            "primitive_index" => ext.contains(Extensions::PRIMITIVE_INDEX),
            "chromium_experimental_barycentric_coord" => {
                ext.contains(Extensions::BARYCENTRIC_COORD)
            }
            "atomic_vec2u_min_max" => ext.contains(Extensions::ATOMIC_VEC2U_MIN_MAX),
            "chromium_experimental_framebuffer_fetch" => {
                ext.contains(Extensions::FRAMEBUFFER_FETCH)
            }
            "chromium_experimental_resource_table" => ext.contains(Extensions::RESOURCE_TABLE),
            "chromium_experimental_pixel_local" => ext.contains(Extensions::PIXEL_LOCAL),
            "subgroup_matrix" => ext.contains(Extensions::SUBGROUP_MATRIX_STANDARD),
            "chromium_experimental_subgroup_matrix" => {
                ext.contains(Extensions::SUBGROUP_MATRIX)
                    && !ext.contains(Extensions::SUBGROUP_MATRIX_STANDARD)
            }
            "wgpu_cooperative_matrix" => ext.contains(Extensions::WGPU_COOPERATIVE_MATRIX),
            "tessera_experimental_subgroup_matrix" => {
                ext.contains(Extensions::TESSERA_SUBGROUP_MATRIX)
            }
            "tessera_experimental_bf16" => ext.contains(Extensions::TESSERA_BF16),
            _ => false,
        };
        if on {
            names.push(name);
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_flags() {
        assert_eq!(
            enable_names(Extensions::SUBGROUP_MATRIX | Extensions::SUBGROUPS | Extensions::F16),
            ["f16", "chromium_experimental_subgroup_matrix"]
        );
        assert_eq!(
            enable_names(
                Extensions::SUBGROUP_MATRIX
                    | Extensions::SUBGROUP_MATRIX_STANDARD
                    | Extensions::SUBGROUPS
            ),
            ["subgroup_matrix"]
        );
        assert_eq!(enable_names(Extensions::SUBGROUPS), ["subgroups"]);
        assert!(enable_names(Extensions::DISABLE_UNIFORMITY_ANALYSIS).is_empty());
    }

    #[test]
    fn hand_built_module_is_checked_without_a_location() {
        let m = Module {
            extensions: Extensions::F16,
            ..Default::default()
        };
        let mut diags = Vec::new();
        check_enables(&m, Features::SUBGROUPS, &mut diags);
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags[0].message,
            "`enable f16;` needs the device feature `shader-f16`, which the device profile does not have"
        );
        assert_eq!(diags[0].span, Span::UNDEFINED);
        let mut diags = Vec::new();
        check_enables(&m, Features::all(), &mut diags);
        assert!(diags.is_empty());
    }
}

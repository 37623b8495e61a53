//! `enable`, `requires` and `diagnostic` directives, and the validation of
//! diagnostic controls (also used by `@diagnostic` attributes).

use super::super::ast::{Attribute, DiagnosticControl, Directive};
use super::Resolver;
use crate::diagnostic::Diagnostic;
use crate::ir::Extensions;

/// Language features accepted by `requires`.
const LANGUAGE_FEATURES: &[&str] = &[
    "readonly_and_readwrite_storage_textures",
    "packed_4x8_integer_dot_product",
    "unrestricted_pointer_parameters",
    "pointer_composite_access",
    "uniform_buffer_standard_layout",
    "subgroup_id",
    "subgroup_uniformity",
];

impl Resolver<'_, '_> {
    /// Processes the directives.
    pub(super) fn directives(&mut self) {
        for d in &self.tu.directives {
            match d {
                Directive::Enable(names, _) => {
                    for n in names {
                        let ext = match n.name {
                            "f16" => Extensions::F16,
                            "subgroups" => Extensions::SUBGROUPS,
                            "chromium_experimental_subgroup_matrix" => {
                                Extensions::SUBGROUP_MATRIX | Extensions::SUBGROUPS
                            }
                            "clip_distances" => Extensions::CLIP_DISTANCES,
                            "dual_source_blending" => Extensions::DUAL_SOURCE_BLENDING,
                            "primitive_index" => Extensions::PRIMITIVE_INDEX,
                            other => {
                                self.diags.push(Diagnostic::error(
                                    format!("unknown extension '{other}'"),
                                    n.span,
                                ));
                                continue;
                            }
                        };
                        self.module.extensions |= ext;
                    }
                }
                Directive::Requires(names, _) => {
                    for n in names {
                        if !LANGUAGE_FEATURES.contains(&n.name) {
                            self.diags.push(Diagnostic::error(
                                format!("unknown language feature '{}'", n.name),
                                n.span,
                            ));
                        }
                    }
                }
                Directive::Diagnostic(c, _) => self.diagnostic_control(c),
            }
        }
    }

    /// Validates a diagnostic control (severity and rule name).
    pub(super) fn diagnostic_control(&mut self, c: &DiagnosticControl<'_>) {
        if !matches!(c.severity.name, "error" | "warning" | "info" | "off") {
            self.diags.push(
                Diagnostic::error(
                    format!("unknown diagnostic severity '{}'", c.severity.name),
                    c.severity.span,
                )
                .with_note("expected 'error', 'warning', 'info' or 'off'"),
            );
        }
        match (c.rule.name, c.rule_suffix.map(|s| s.name)) {
            ("derivative_uniformity" | "subgroup_uniformity", None) => {}
            ("chromium" | "chromium_experimental", Some("subgroup_matrix_uniformity")) => {}
            ("chromium", Some(other)) => {
                let span = c
                    .rule_suffix
                    .map_or(c.rule.span, |s| c.rule.span.join(s.span));
                self.diags.push(Diagnostic::warning(
                    format!("unknown diagnostic rule 'chromium.{other}'"),
                    span,
                ));
            }
            (_, Some(_)) => {}
            (other, None) => {
                self.diags.push(Diagnostic::warning(
                    format!("unknown diagnostic rule '{other}'"),
                    c.rule.span,
                ));
            }
        }
    }

    /// Validates the `@diagnostic` attributes in a list.
    pub(super) fn diagnostic_attrs(&mut self, attrs: &[Attribute<'_>]) {
        for a in attrs {
            if let Some(c) = &a.diagnostic {
                self.diagnostic_control(c);
            }
        }
    }
}

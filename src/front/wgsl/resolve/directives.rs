//! `enable`, `requires` and `diagnostic` directives, and diagnostic
//! filters: the validation of diagnostic controls and the recording of
//! every known-rule filter in [`crate::ir::Module::diagnostic_filters`]
//! with its affected range.
//!
//! # Affected ranges
//! A directive is global (`range: None`). A `@diagnostic` attribute
//! affects the source range of the construct it starts (WGSL spec,
//! "Placement of a range diagnostic filter"); the callers in `stmt.rs` and
//! `entry_point.rs` pass that range:
//!
//! | placement | recorded range |
//! | --- | --- |
//! | function declaration | the declaration, attributes included |
//! | compound statement (function body, `if`/`else` bodies, case clauses, `while`/`for` bodies) | `{` to `}` |
//! | `if`, `switch`, `loop`, `while`, `for` statement | the statement, attributes and the whole `else if`/`else` chain included |
//! | switch body (`switch e @diagnostic(..) {`) | from the end of the selector to the closing `}` |
//! | loop body (`loop @diagnostic(..) {`) | `{` to `}`, the `continuing` block included |
//! | `continuing` block | `{` to `}` |
//!
//! Two filters of one rule over the same range (or two directives of one
//! rule) with different severities conflict: a shader-creation error naming
//! both. Identical duplicates are accepted.
//!
//! # Unknown rules
//! - A single-token rule the compiler does not know: a warning (the spec's
//!   "should"), with a suggestion when a known rule is close.
//! - `chromium.NAME` (or the proposal's `chromium_experimental.NAME`) with
//!   an unknown `NAME`: a warning with a suggestion, as Tint does for
//!   `chromium.`.
//! - Any other `namespace.name`: accepted silently, as Tint does (the spec
//!   says such a rule *may* trigger a diagnostic).

use super::super::ast::{Attribute, DiagnosticControl, Directive};
use super::Resolver;
use crate::diagnostic::Diagnostic;
use crate::ir::filters::{DiagnosticFilter, DiagnosticRule, FilterSeverity};
use crate::ir::Extensions;
use crate::span::Span;

/// Language features accepted by `requires`.
const LANGUAGE_FEATURES: &[&str] = &[
    "readonly_and_readwrite_storage_textures",
    "packed_4x8_integer_dot_product",
    "unrestricted_pointer_parameters",
    "pointer_composite_access",
    "uniform_buffer_standard_layout",
    "sized_binding_array",
    "subgroup_id",
    "subgroup_uniformity",
    "swizzle_assignment",
    "immediate_address_space",
    "texel_buffers",
    "texture_and_sampler_let",
    "fragment_depth",
    "buffer_view",
];

impl Resolver<'_, '_> {
    /// Processes the directives. Diagnostic directives are processed after
    /// every `enable` (directives may come in any order, and whether
    /// `subgroup_matrix_uniformity` names a rule depends on the enables).
    pub(super) fn directives(&mut self) {
        let mut experimental = None;
        let mut diagnostics = Vec::new();
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
                            "wgpu_cooperative_matrix" => Extensions::WGPU_COOPERATIVE_MATRIX,
                            "tessera_experimental_subgroup_matrix" => {
                                Extensions::TESSERA_SUBGROUP_MATRIX
                            }
                            "tessera_experimental_bf16" => Extensions::TESSERA_BF16,
                            "tessera_experimental_cooperative_vector" => {
                                Extensions::TESSERA_COOPERATIVE_VECTOR
                            }
                            "subgroup_matrix" => super::standard::ENABLE,
                            "clip_distances" => Extensions::CLIP_DISTANCES,
                            "dual_source_blending" => Extensions::DUAL_SOURCE_BLENDING,
                            "primitive_index" => Extensions::PRIMITIVE_INDEX,
                            "chromium_experimental_barycentric_coord" => {
                                Extensions::BARYCENTRIC_COORD
                            }
                            "atomic_vec2u_min_max" => Extensions::ATOMIC_VEC2U_MIN_MAX,
                            "chromium_experimental_framebuffer_fetch" => {
                                Extensions::FRAMEBUFFER_FETCH
                            }
                            "chromium_internal_input_attachments" => Extensions::INPUT_ATTACHMENTS,
                            // The WebGPU proposal's name (proposals/bindless.md),
                            // which wgpu uses.
                            "chromium_experimental_resource_table" | "resource_table" => {
                                Extensions::RESOURCE_TABLE
                            }
                            "chromium_experimental_pixel_local" => Extensions::PIXEL_LOCAL,
                            "chromium_disable_uniformity_analysis" => {
                                Extensions::DISABLE_UNIFORMITY_ANALYSIS
                            }
                            "subgroup_size_control" => {
                                Extensions::SUBGROUP_SIZE_CONTROL | Extensions::SUBGROUPS
                            }
                            other => {
                                self.diags.push(
                                    Diagnostic::error(
                                        format!("unknown extension '{other}'"),
                                        n.span,
                                    )
                                    .with_closest(
                                        other,
                                        super::suggest::EXTENSIONS.iter().copied(),
                                    ),
                                );
                                continue;
                            }
                        };
                        if ext == Extensions::TESSERA_SUBGROUP_MATRIX
                            || ext == Extensions::TESSERA_BF16
                        {
                            experimental = Some(n.span);
                        }
                        self.module.extensions |= ext;
                        self.module.enables.push(crate::ir::EnableName {
                            name: n.name.to_string(),
                            span: n.span,
                        });
                    }
                }
                Directive::Requires(names, _) => {
                    for n in names {
                        if !LANGUAGE_FEATURES.contains(&n.name) {
                            self.diags.push(
                                Diagnostic::error(
                                    format!("unknown language feature '{}'", n.name),
                                    n.span,
                                )
                                .with_closest(n.name, LANGUAGE_FEATURES.iter().copied()),
                            );
                            continue;
                        }
                        // Whether the target supports it is the
                        // validator's check (`valid::capabilities`).
                        self.module.requires.push(crate::ir::EnableName {
                            name: n.name.to_string(),
                            span: n.span,
                        });
                    }
                }
                Directive::Diagnostic(c, span) => diagnostics.push((c, *span)),
            }
        }
        self.check_matrix_enables();
        // Tint's rule: the two render-pass extensions exclude each other.
        if self
            .module
            .extensions
            .contains(Extensions::PIXEL_LOCAL | Extensions::FRAMEBUFFER_FETCH)
        {
            if let Some(e) = self
                .module
                .enables
                .iter()
                .find(|e| e.name == "chromium_experimental_pixel_local")
            {
                self.diags.push(Diagnostic::error(
                    "extension 'chromium_experimental_pixel_local' cannot be used with extension 'chromium_experimental_framebuffer_fetch'",
                    e.span,
                ));
            }
        }
        for (c, span) in diagnostics {
            if let Some((rule, severity)) = self.diagnostic_control(c) {
                self.module.diagnostic_filters.push(DiagnosticFilter {
                    rule,
                    severity,
                    range: None,
                    span,
                });
            }
        }
        if let Some(span) = experimental {
            if !self
                .module
                .extensions
                .intersects(Extensions::ANY_SUBGROUP_MATRIX)
            {
                self.diags.push(Diagnostic::error(
                    "the 'tessera_experimental_' extensions extend a subgroup-matrix extension: enable 'subgroup_matrix', 'chromium_experimental_subgroup_matrix' or 'wgpu_cooperative_matrix' too",
                    span,
                ));
            }
        }
    }

    /// Validates a diagnostic control (severity and rule name), reporting
    /// an unknown severity (error) or rule (warning). Returns the rule and
    /// severity when both are known.
    fn diagnostic_control(
        &mut self,
        c: &DiagnosticControl<'_>,
    ) -> Option<(DiagnosticRule, FilterSeverity)> {
        let severity = FilterSeverity::from_name(c.severity.name);
        if severity.is_none() {
            self.diags.push(
                Diagnostic::error(
                    format!("unknown diagnostic severity '{}'", c.severity.name),
                    c.severity.span,
                )
                .with_note("expected 'error', 'warning', 'info' or 'off'"),
            );
        }
        let suffix = c.rule_suffix.map(|s| s.name);
        if let Some(rule) = DiagnosticRule::from_parts(c.rule.name, suffix)
            .or_else(|| self.standard_rule(c.rule.name, suffix))
        {
            return severity.map(|s| (rule, s));
        }
        let span = c
            .rule_suffix
            .map_or(c.rule.span, |s| c.rule.span.join(s.span));
        match suffix {
            // Other namespaces may hold rules of other implementations.
            Some(_) if !matches!(c.rule.name, "chromium" | "chromium_experimental") => {}
            _ => {
                let written = match suffix {
                    Some(s) => format!("{}.{s}", c.rule.name),
                    None => c.rule.name.to_string(),
                };
                let names: Vec<String> = DiagnosticRule::ALL
                    .iter()
                    .map(|r| format!("'{}'", r.name()))
                    .collect();
                let mut d =
                    Diagnostic::warning(format!("unknown diagnostic rule '{written}'"), span)
                        .with_span_label("this rule is ignored")
                        .with_note(format!("the known rules are {}", names.join(", ")));
                if let Some(known) = suggest_rule(c.rule.name, suffix) {
                    d = d.with_help(format!("did you mean '{}'?", known.name()));
                }
                self.diags.push(d);
            }
        }
        None
    }

    /// Records the `@diagnostic` attributes of a list as range filters
    /// over `range` (the construct they start), after validating them.
    /// Other attributes are left to the caller.
    pub(super) fn range_filters(&mut self, attrs: &[Attribute<'_>], range: Span) {
        for a in attrs {
            let Some(c) = &a.diagnostic else {
                continue;
            };
            if let Some((rule, severity)) = self.diagnostic_control(c) {
                self.module.diagnostic_filters.push(DiagnosticFilter {
                    rule,
                    severity,
                    range: Some(range),
                    span: a.span,
                });
            }
        }
    }

    /// The attributes of a statement or compound statement: `@diagnostic`
    /// filters over `range`; any other attribute is an error (`what` names
    /// the construct, e.g. "a compound statement").
    pub(super) fn statement_attrs(
        &mut self,
        attrs: &[Attribute<'_>],
        range: Span,
        what: &str,
    ) -> super::Res<()> {
        if let Some(a) = attrs.iter().find(|a| a.diagnostic.is_none()) {
            return Err(Box::new(
                Diagnostic::error(
                    format!("attribute '@{}' is not valid for {what}", a.name.name),
                    a.name.span,
                )
                .with_note("only '@diagnostic' applies to statements"),
            ));
        }
        self.range_filters(attrs, range);
        Ok(())
    }

    /// Reports conflicting filters: the same rule and affected range (or
    /// two directives of one rule) with different severities. One error
    /// per conflicting group, at the second filter, naming the first.
    pub(super) fn check_filter_conflicts(&mut self) {
        let filters = &self.module.diagnostic_filters;
        let mut order: Vec<usize> = (0..filters.len()).collect();
        // Stable: within a group, source order.
        order.sort_by_key(|&i| {
            let f = &filters[i];
            (f.rule, f.range.map(|r| (r.start, r.end)))
        });
        let mut group_start = 0;
        for k in 1..=order.len() {
            let same_group = k < order.len() && {
                let (a, b) = (&filters[order[group_start]], &filters[order[k]]);
                a.rule == b.rule && a.range == b.range
            };
            if same_group {
                continue;
            }
            let group = &order[group_start..k];
            group_start = k;
            let first = &filters[group[0]];
            let Some(other) = group
                .iter()
                .map(|&i| &filters[i])
                .find(|f| f.severity != first.severity)
            else {
                continue;
            };
            let what = if first.range.is_none() {
                "directives"
            } else {
                "attributes"
            };
            let d = Diagnostic::error(
                format!(
                    "conflicting diagnostic {what} for '{}'",
                    first.rule.name_in(self.module.extensions)
                ),
                other.span,
            )
            .with_span_label(format!("sets it to '{}'", other.severity.name()))
            .with_label(
                first.span,
                format!("but this sets it to '{}'", first.severity.name()),
            )
            .with_note(if first.range.is_none() {
                "diagnostic directives of one rule must set the same severity"
            } else {
                "diagnostic filters of one rule over the same range must set the same severity"
            });
            self.diags.push(d);
        }
    }
}

/// The known rule closest to an unknown `name` or `namespace.name`, if
/// close enough to be a misspelling (at most a third of its length
/// differs). A bare `subgroup_matrix_uniformity` suggests the `chromium.`
/// rule.
fn suggest_rule(name: &str, suffix: Option<&str>) -> Option<DiagnosticRule> {
    // (the part compared, the rule) per candidate.
    let candidates = DiagnosticRule::ALL.iter().filter_map(|&r| {
        let full = r.name();
        match (suffix, full.split_once('.')) {
            (Some(_), Some((_, rule))) => Some((rule, r)),
            (None, Some((_, rule))) => Some((rule, r)),
            (None, None) => Some((full, r)),
            (Some(_), None) => None,
        }
    });
    let written = suffix.unwrap_or(name);
    // Very long names cannot be close; skip the quadratic distance.
    let len = written.chars().count();
    if len > crate::suggest::MAX_LEN {
        return None;
    }
    let limit = crate::suggest::threshold(len);
    candidates
        .filter_map(|(cand, r)| crate::suggest::distance(written, cand, limit).map(|d| (d, r)))
        .min_by_key(|&(d, _)| d)
        .map(|(_, r)| r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        use DiagnosticRule::*;
        assert_eq!(
            suggest_rule("chromium", Some("subgroup_matrix_uniformty")),
            Some(SubgroupMatrixUniformity)
        );
        assert_eq!(suggest_rule("chromium", Some("unreachable_code")), None);
        assert_eq!(
            suggest_rule("derivative_uniformty", None),
            Some(DerivativeUniformity)
        );
        assert_eq!(
            suggest_rule("subgroup_matrix_uniformity", None),
            Some(SubgroupMatrixUniformity)
        );
        assert_eq!(suggest_rule("foo", None), None);
        assert_eq!(suggest_rule(&"x".repeat(10_000), None), None);
    }
}

//! `enable subgroup_matrix;`, the standard-track spelling of subgroup
//! matrices: the extension flags it sets, the rule that it cannot be
//! combined with Chromium's name, and the bare diagnostic rule name
//! `subgroup_matrix_uniformity` it defines. (Where its rules differ from
//! Chromium's: `builtins/subgroup_matrix_standard.rs`, the constant checks
//! of `subgroup_matrix.rs`, matrix dimensions in `types.rs`, the address
//! spaces in `valid/address_space.rs`; see `docs/design-notes.md`.)

use super::super::ast::Directive;
use super::Resolver;
use crate::diagnostic::Diagnostic;
use crate::ir::filters::DiagnosticRule;
use crate::ir::Extensions;
use crate::span::Span;

/// The flags `enable subgroup_matrix;` sets: subgroup matrices, with the
/// proposal's rules, and `subgroups` (which the proposal says it implies).
pub(super) const ENABLE: Extensions = Extensions::SUBGROUP_MATRIX
    .union(Extensions::SUBGROUP_MATRIX_STANDARD)
    .union(Extensions::SUBGROUPS);

/// Chromium's name of the extension.
const CHROMIUM: &str = "chromium_experimental_subgroup_matrix";
/// The standard-track name.
const STANDARD: &str = "subgroup_matrix";

impl Resolver<'_, '_> {
    /// The two names of the extension cannot both be enabled: their rules
    /// differ (load/store forms and units, override dimensions, `private`
    /// matrices), and a module would be silently held to Chromium's. One
    /// error, at the second name, pointing at the first.
    pub(super) fn check_matrix_enables(&mut self) {
        let mut first: [Option<Span>; 2] = [None, None];
        for d in &self.tu.directives {
            let Directive::Enable(names, _) = d else {
                continue;
            };
            for n in names {
                let slot = match n.name {
                    CHROMIUM => 0,
                    STANDARD => 1,
                    _ => continue,
                };
                first[slot].get_or_insert(n.span);
            }
        }
        let [Some(chromium), Some(standard)] = first else {
            return;
        };
        let ((second, second_name), (earlier, earlier_name)) = if standard.start > chromium.start {
            ((standard, STANDARD), (chromium, CHROMIUM))
        } else {
            ((chromium, CHROMIUM), (standard, STANDARD))
        };
        self.diags.push(
            Diagnostic::error(
                format!("'{second_name}' cannot be enabled together with '{earlier_name}'"),
                second,
            )
            .with_label(earlier, format!("'{earlier_name}' is enabled here"))
            .with_note("the two names of subgroup matrices have different rules: 'subgroup_matrix' follows the WebGPU proposal (majorness template arguments, array-element units, const-expression dimensions, function address space only), 'chromium_experimental_subgroup_matrix' is Chromium's experiment")
            .with_help(format!("enable only one of them ('{STANDARD}' for the standard-track spelling)")),
        );
        // One error: the rest of the module is checked with Chromium's
        // (more permissive) rules.
        self.module
            .extensions
            .remove(Extensions::SUBGROUP_MATRIX_STANDARD);
    }

    /// The rule a bare `subgroup_matrix_uniformity` names: the
    /// subgroup-matrix uniformity rule, in a module that enables
    /// `subgroup_matrix` (the proposal's name for it; elsewhere it stays an
    /// unknown rule, as before).
    pub(super) fn standard_rule(&self, name: &str, suffix: Option<&str>) -> Option<DiagnosticRule> {
        let enabled = self
            .module
            .extensions
            .contains(Extensions::SUBGROUP_MATRIX_STANDARD);
        (enabled && suffix.is_none() && name == "subgroup_matrix_uniformity")
            .then_some(DiagnosticRule::SubgroupMatrixUniformity)
    }
}

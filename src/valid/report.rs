//! Reporting a diagnostic of a filterable rule (WGSL spec, "Diagnostic
//! Processing").
//!
//! An analysis that finds a problem of a filterable rule (e.g. the
//! uniformity analysis) builds an error [`Diagnostic`] at the triggering
//! location and hands it to [`report_filtered`] (or to [`report`] with a
//! severity it looked up itself), which:
//! 1. sets the severity from the nearest enclosing diagnostic filter of
//!    the rule (the rule's default, `error`, when none applies);
//! 2. drops it when that severity is `off`;
//! 3. keeps one info or warning per rule: a warning is dropped when a
//!    warning of the same rule was already reported, an info when an info
//!    or warning was, and a warning replaces earlier infos of its rule
//!    (the spec's "may be discarded" steps 3 and 4);
//! 4. records the rule name in [`Diagnostic::rule`] (rendered as
//!    `warning[rule]: ...`) and adds a note on how to change the severity.
//!
//! Errors are all kept.

use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::filters::FilterSeverity;
#[cfg(test)]
use crate::ir::filters::{DiagnosticRule, FilterIndex};

/// Reports `diag`, triggered by `rule`, at the severity the filters of the
/// module give its triggering location (the start of `diag.span`).
#[cfg(test)]
pub fn report_filtered(
    filters: &FilterIndex,
    rule: DiagnosticRule,
    diag: Diagnostic,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) {
    let severity = filters.severity(rule, diag.span);
    report(rule, severity, diag, errors, warnings);
}

/// Reports `diag`, triggered by `rule`, at `severity`: into `errors` for
/// `error`, into `warnings` for `warning` and `info` (de-duplicated per
/// rule, see the module documentation), nowhere for `off`.
#[cfg(test)]
pub fn report(
    rule: DiagnosticRule,
    severity: FilterSeverity,
    diag: Diagnostic,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) {
    report_named(rule.name(), severity, diag, errors, warnings);
}

/// [`report`] for a rule spelt `name` in the module (see
/// [`DiagnosticRule::name_in`]).
pub fn report_named(
    name: &str,
    severity: FilterSeverity,
    mut diag: Diagnostic,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) {
    let Some(sev) = severity.to_severity() else {
        return;
    };
    let same_rule = |d: &Diagnostic| d.rule.as_deref() == Some(name);
    match sev {
        Severity::Error => {}
        Severity::Warning => {
            if warnings
                .iter()
                .any(|d| same_rule(d) && d.severity == Severity::Warning)
            {
                return;
            }
            warnings.retain(|d| !(same_rule(d) && d.severity == Severity::Info));
        }
        Severity::Info => {
            if warnings.iter().any(same_rule) {
                return;
            }
        }
    }
    diag.severity = sev;
    diag.rule = Some(name.to_string());
    diag.notes.push(if sev == Severity::Error {
        format!(
            "`{name}` is an error by default; `diagnostic(off, {name});` at the top of the module or `@diagnostic(off, {name})` on the function or statement turns it off"
        )
    } else {
        format!(
            "`{name}` is set to `{}` here by a diagnostic filter; `@diagnostic(off, {name})` silences it",
            severity.name()
        )
    });
    if sev == Severity::Error {
        errors.push(diag);
    } else {
        warnings.push(diag);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::filters::DiagnosticFilter;
    use crate::span::Span;

    fn diag(at: u32) -> Diagnostic {
        Diagnostic::error(
            "'subgroupAdd' must only be called from uniform control flow",
            Span::new(at, at + 3),
        )
    }

    #[test]
    fn severities_route_and_name_the_rule() {
        let rule = DiagnosticRule::SubgroupUniformity;
        let (mut e, mut w) = (Vec::new(), Vec::new());
        report(rule, FilterSeverity::Off, diag(0), &mut e, &mut w);
        assert!(e.is_empty() && w.is_empty());
        report(rule, FilterSeverity::Error, diag(0), &mut e, &mut w);
        report(rule, FilterSeverity::Error, diag(10), &mut e, &mut w);
        assert_eq!(e.len(), 2, "errors are all kept");
        assert_eq!(e[0].severity, Severity::Error);
        assert_eq!(e[0].rule.as_deref(), Some("subgroup_uniformity"));
        assert_eq!(
            e[0].notes,
            ["`subgroup_uniformity` is an error by default; `diagnostic(off, subgroup_uniformity);` at the top of the module or `@diagnostic(off, subgroup_uniformity)` on the function or statement turns it off"]
        );
        report(rule, FilterSeverity::Info, diag(20), &mut e, &mut w);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].severity, Severity::Info);
        assert_eq!(w[0].span, Span::new(20, 23));
        assert_eq!(
            w[0].notes,
            ["`subgroup_uniformity` is set to `info` here by a diagnostic filter; `@diagnostic(off, subgroup_uniformity)` silences it"]
        );
    }

    #[test]
    fn one_info_or_warning_per_rule() {
        use DiagnosticRule::*;
        let (mut e, mut w) = (Vec::new(), Vec::new());
        report(
            SubgroupUniformity,
            FilterSeverity::Info,
            diag(0),
            &mut e,
            &mut w,
        );
        report(
            SubgroupUniformity,
            FilterSeverity::Info,
            diag(10),
            &mut e,
            &mut w,
        );
        assert_eq!(w.len(), 1, "a second info of the rule is dropped");
        report(
            DerivativeUniformity,
            FilterSeverity::Info,
            diag(15),
            &mut e,
            &mut w,
        );
        assert_eq!(w.len(), 2, "another rule's info is kept");
        report(
            SubgroupUniformity,
            FilterSeverity::Warning,
            diag(20),
            &mut e,
            &mut w,
        );
        let spans: Vec<(Option<&str>, Severity, u32)> = w
            .iter()
            .map(|d| (d.rule.as_deref(), d.severity, d.span.start))
            .collect();
        assert_eq!(
            spans,
            [
                (Some("derivative_uniformity"), Severity::Info, 15),
                (Some("subgroup_uniformity"), Severity::Warning, 20),
            ],
            "the warning replaces the rule's info"
        );
        report(
            SubgroupUniformity,
            FilterSeverity::Warning,
            diag(30),
            &mut e,
            &mut w,
        );
        report(
            SubgroupUniformity,
            FilterSeverity::Info,
            diag(40),
            &mut e,
            &mut w,
        );
        assert_eq!(
            w.len(),
            2,
            "later warnings and infos of the rule are dropped"
        );
        assert!(e.is_empty());
    }

    #[test]
    fn filtered_uses_the_nearest_enclosing_filter() {
        let rule = DiagnosticRule::SubgroupMatrixUniformity;
        let filters = FilterIndex::new(&[
            DiagnosticFilter {
                rule,
                severity: FilterSeverity::Off,
                range: None,
                span: Span::UNDEFINED,
            },
            DiagnosticFilter {
                rule,
                severity: FilterSeverity::Warning,
                range: Some(Span::new(100, 200)),
                span: Span::UNDEFINED,
            },
        ]);
        let (mut e, mut w) = (Vec::new(), Vec::new());
        report_filtered(&filters, rule, diag(50), &mut e, &mut w);
        assert!(e.is_empty() && w.is_empty(), "off globally");
        report_filtered(&filters, rule, diag(150), &mut e, &mut w);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].severity, Severity::Warning);
        assert_eq!(
            w[0].rule.as_deref(),
            Some("chromium.subgroup_matrix_uniformity")
        );
        report_filtered(
            &filters,
            DiagnosticRule::SubgroupUniformity,
            diag(50),
            &mut e,
            &mut w,
        );
        assert_eq!(e.len(), 1, "another rule keeps its default, error");
    }
}

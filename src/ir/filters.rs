//! Diagnostic filters: `diagnostic(severity, rule);` directives and
//! `@diagnostic(severity, rule)` attributes, recorded by the resolver with
//! their affected range, and the lookup the analyses use to find the
//! severity of a triggered diagnostic (WGSL spec, "Diagnostic Filtering").
//!
//! Affected ranges nest perfectly (a property of WGSL's grammar), so the
//! nearest enclosing filter of a location is found in `O(log n + depth)`
//! with [`FilterIndex`].

use crate::diagnostic::Severity;
use crate::span::Span;

/// A filterable triggering rule the compiler knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DiagnosticRule {
    /// `derivative_uniformity`.
    DerivativeUniformity,
    /// `subgroup_uniformity`.
    SubgroupUniformity,
    /// `chromium.subgroup_matrix_uniformity` (also spelt
    /// `chromium_experimental.subgroup_matrix_uniformity`, the proposal's
    /// name).
    SubgroupMatrixUniformity,
}

impl DiagnosticRule {
    /// Every rule.
    pub const ALL: [DiagnosticRule; 3] = [
        DiagnosticRule::DerivativeUniformity,
        DiagnosticRule::SubgroupUniformity,
        DiagnosticRule::SubgroupMatrixUniformity,
    ];

    /// The rule's canonical name, as written in WGSL.
    pub fn name(self) -> &'static str {
        match self {
            DiagnosticRule::DerivativeUniformity => "derivative_uniformity",
            DiagnosticRule::SubgroupUniformity => "subgroup_uniformity",
            DiagnosticRule::SubgroupMatrixUniformity => "chromium.subgroup_matrix_uniformity",
        }
    }

    /// The rule's name in a module with these extensions: the
    /// subgroup-matrix rule is `subgroup_matrix_uniformity` where
    /// `enable subgroup_matrix;` defines that name (the standard-track
    /// spelling), [`DiagnosticRule::name`] elsewhere.
    pub fn name_in(self, extensions: crate::ir::Extensions) -> &'static str {
        match self {
            DiagnosticRule::SubgroupMatrixUniformity
                if extensions.contains(crate::ir::Extensions::SUBGROUP_MATRIX_STANDARD) =>
            {
                "subgroup_matrix_uniformity"
            }
            _ => self.name(),
        }
    }

    /// Parses a rule name (`rule` or `namespace.rule`); `None` for a rule
    /// the compiler does not know.
    pub fn from_parts(name: &str, suffix: Option<&str>) -> Option<DiagnosticRule> {
        match (name, suffix) {
            ("derivative_uniformity", None) => Some(DiagnosticRule::DerivativeUniformity),
            ("subgroup_uniformity", None) => Some(DiagnosticRule::SubgroupUniformity),
            ("chromium" | "chromium_experimental", Some("subgroup_matrix_uniformity")) => {
                Some(DiagnosticRule::SubgroupMatrixUniformity)
            }
            _ => None,
        }
    }

    /// The severity when no filter applies (every known rule defaults to
    /// `error`).
    pub fn default_severity(self) -> FilterSeverity {
        FilterSeverity::Error
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The severity a filter sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FilterSeverity {
    /// `off`: the diagnostic is discarded.
    Off,
    /// `info`.
    Info,
    /// `warning`.
    Warning,
    /// `error`.
    Error,
}

impl FilterSeverity {
    /// Parses `error`, `warning`, `info` or `off`.
    pub fn from_name(name: &str) -> Option<FilterSeverity> {
        match name {
            "error" => Some(FilterSeverity::Error),
            "warning" => Some(FilterSeverity::Warning),
            "info" => Some(FilterSeverity::Info),
            "off" => Some(FilterSeverity::Off),
            _ => None,
        }
    }

    /// The diagnostic severity to report at; `None` for `off`.
    pub fn to_severity(self) -> Option<Severity> {
        match self {
            FilterSeverity::Off => None,
            FilterSeverity::Info => Some(Severity::Info),
            FilterSeverity::Warning => Some(Severity::Warning),
            FilterSeverity::Error => Some(Severity::Error),
        }
    }

    /// The name as written in WGSL.
    pub fn name(self) -> &'static str {
        match self {
            FilterSeverity::Off => "off",
            FilterSeverity::Info => "info",
            FilterSeverity::Warning => "warning",
            FilterSeverity::Error => "error",
        }
    }
}

/// One diagnostic filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagnosticFilter {
    /// The triggering rule it applies to.
    pub rule: DiagnosticRule,
    /// The new severity.
    pub severity: FilterSeverity,
    /// The affected range; `None` for a global filter (a directive).
    pub range: Option<Span>,
    /// The span of the directive or attribute (for messages).
    pub span: Span,
}

/// A query structure over a module's filters: the nearest enclosing filter
/// of a location, per rule.
#[derive(Clone, Debug, Default)]
pub struct FilterIndex {
    /// Per rule: the severity of the global filter, if any.
    global: [Option<FilterSeverity>; 3],
    /// Per rule: range filters sorted by (start, longest first), with the
    /// index of the nearest enclosing filter of each.
    ranges: [Vec<RangeFilter>; 3],
}

#[derive(Clone, Debug)]
struct RangeFilter {
    range: Span,
    severity: FilterSeverity,
    parent: Option<usize>,
}

impl FilterIndex {
    /// Builds the index. Ranges are expected to nest (they do for filters
    /// the resolver records); for ranges that overlap without nesting the
    /// result is still one of the enclosing filters.
    pub fn new(filters: &[DiagnosticFilter]) -> FilterIndex {
        let mut index = FilterIndex::default();
        for f in filters {
            match f.range {
                None => index.global[f.rule.index()] = Some(f.severity),
                Some(range) => index.ranges[f.rule.index()].push(RangeFilter {
                    range,
                    severity: f.severity,
                    parent: None,
                }),
            }
        }
        for list in &mut index.ranges {
            list.sort_by_key(|r| (r.range.start, std::cmp::Reverse(r.range.end)));
            let mut stack: Vec<usize> = Vec::new();
            for i in 0..list.len() {
                while let Some(&top) = stack.last() {
                    if list[top].range.end >= list[i].range.end {
                        break;
                    }
                    stack.pop();
                }
                list[i].parent = stack.last().copied();
                stack.push(i);
            }
        }
        index
    }

    /// The severity of `rule` for a diagnostic triggered at `at` (its
    /// start is the triggering location): the nearest enclosing range
    /// filter's, else the global filter's, else the rule's default.
    pub fn severity(&self, rule: DiagnosticRule, at: Span) -> FilterSeverity {
        let list = &self.ranges[rule.index()];
        let p = at.start;
        let mut cur = match list.partition_point(|r| r.range.start <= p) {
            0 => None,
            n => Some(n - 1),
        };
        while let Some(i) = cur {
            let r = &list[i];
            if r.range.start <= p && p < r.range.end.max(r.range.start + 1) {
                return r.severity;
            }
            cur = r.parent;
        }
        self.global[rule.index()].unwrap_or_else(|| rule.default_severity())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(rule: DiagnosticRule, sev: FilterSeverity, range: Option<(u32, u32)>) -> DiagnosticFilter {
        DiagnosticFilter {
            rule,
            severity: sev,
            range: range.map(|(s, e)| Span::new(s, e)),
            span: Span::UNDEFINED,
        }
    }

    #[test]
    fn nearest_enclosing_filter_wins() {
        use DiagnosticRule::*;
        use FilterSeverity::*;
        let idx = FilterIndex::new(&[
            f(SubgroupUniformity, Warning, None),
            f(SubgroupUniformity, Off, Some((10, 100))),
            f(SubgroupUniformity, Info, Some((20, 30))),
            f(SubgroupUniformity, Error, Some((40, 50))),
            f(DerivativeUniformity, Off, Some((0, 200))),
        ]);
        let at = |p| Span::new(p, p + 1);
        assert_eq!(idx.severity(SubgroupUniformity, at(5)), Warning);
        assert_eq!(idx.severity(SubgroupUniformity, at(15)), Off);
        assert_eq!(idx.severity(SubgroupUniformity, at(25)), Info);
        assert_eq!(idx.severity(SubgroupUniformity, at(35)), Off);
        assert_eq!(idx.severity(SubgroupUniformity, at(45)), Error);
        assert_eq!(idx.severity(SubgroupUniformity, at(60)), Off);
        assert_eq!(idx.severity(SubgroupUniformity, at(150)), Warning);
        assert_eq!(idx.severity(DerivativeUniformity, at(150)), Off);
        assert_eq!(idx.severity(DerivativeUniformity, at(250)), Error);
        assert_eq!(idx.severity(SubgroupMatrixUniformity, at(25)), Error);
    }

    #[test]
    fn rule_names_parse() {
        assert_eq!(
            DiagnosticRule::from_parts("chromium_experimental", Some("subgroup_matrix_uniformity")),
            Some(DiagnosticRule::SubgroupMatrixUniformity)
        );
        assert_eq!(DiagnosticRule::from_parts("chromium", Some("x")), None);
        assert_eq!(
            FilterSeverity::from_name("warning"),
            Some(FilterSeverity::Warning)
        );
        assert_eq!(FilterSeverity::from_name("fatal"), None);
    }
}

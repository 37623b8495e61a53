//! Diagnostic filters from real WGSL: the resolver records each
//! `diagnostic(...)` directive and `@diagnostic(...)` attribute of a known
//! rule with its affected range (WGSL spec, "Placement of a range
//! diagnostic filter"), and `FilterIndex` answers the severity at a
//! location. Locations are marked in the sources with comments such as
//! `/*IN*/`; the severity is asked at the marker's position.
//!
//! Also: conflicts, duplicates, unknown rules, misplaced attributes, and
//! warnings reaching `compile_to_spirv`'s result.

use tessera::front::wgsl::parse_str;
use tessera::ir::filters::{DiagnosticRule, FilterIndex, FilterSeverity};
use tessera::{Diagnostic, Severity, Span};

use DiagnosticRule::{DerivativeUniformity, SubgroupMatrixUniformity, SubgroupUniformity};
use FilterSeverity::{Error, Info, Off, Warning};

/// Resolves `src`, panicking with the rendered diagnostics on failure.
fn module(src: &str) -> tessera::front::wgsl::Parsed {
    match parse_str(src) {
        Ok(p) => p,
        Err(e) => panic!("unexpected errors:\n{}", e.render("t.wgsl", src)),
    }
}

/// The severities of `rule` at each marker (`/*NAME*/`, given as `NAME`).
fn severities(src: &str, rule: DiagnosticRule, markers: &[&str]) -> Vec<FilterSeverity> {
    let parsed = module(src);
    let index = FilterIndex::new(&parsed.module.diagnostic_filters);
    markers
        .iter()
        .map(|m| {
            let marker = format!("/*{m}*/");
            let pos = src
                .find(&marker)
                .unwrap_or_else(|| panic!("no marker {marker}")) as u32;
            index.severity(rule, Span::new(pos, pos + marker.len() as u32))
        })
        .collect()
}

/// The recorded filters: (rule, severity, affected-range text or `None`
/// for a global filter, attribute or directive text).
fn recorded(src: &str) -> Vec<(&'static str, &'static str, Option<&str>, &str)> {
    let parsed = module(src);
    parsed
        .module
        .diagnostic_filters
        .iter()
        .map(|f| {
            (
                f.rule.name(),
                f.severity.name(),
                f.range.map(|r| &src[r.to_range()]),
                &src[f.span.to_range()],
            )
        })
        .collect()
}

/// The text a span covers.
fn text(src: &str, span: Span) -> &str {
    &src[span.to_range()]
}

/// Resolves `src`, expecting errors; returns every diagnostic.
fn failing(src: &str) -> Vec<Diagnostic> {
    match parse_str(src) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(e) => e.diagnostics,
    }
}

/// Expects exactly one error with `message` spanning `spanned`.
fn assert_error(src: &str, message: &str, spanned: &str) -> Diagnostic {
    let diags = failing(src);
    let errors: Vec<&Diagnostic> = diags.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].message, message);
    assert_eq!(text(src, errors[0].span), spanned);
    errors[0].clone()
}

// ---- placements -----------------------------------------------------------

#[test]
fn directive_is_global() {
    let src = "diagnostic(warning, subgroup_uniformity);
fn a() { let x = /*A*/ 1; }
fn b() { let y = /*B*/ 2; }";
    assert_eq!(
        severities(src, SubgroupUniformity, &["A", "B"]),
        [Warning, Warning]
    );
    assert_eq!(
        severities(src, DerivativeUniformity, &["A"]),
        [Error],
        "other rules keep their default"
    );
    assert_eq!(
        recorded(src),
        [(
            "subgroup_uniformity",
            "warning",
            None,
            "diagnostic(warning, subgroup_uniformity);"
        )]
    );
}

#[test]
fn default_is_error_without_filters() {
    let src = "fn a() { let x = /*A*/ 1; }";
    for rule in DiagnosticRule::ALL {
        assert_eq!(severities(src, rule, &["A"]), [Error]);
    }
    assert!(recorded(src).is_empty());
}

#[test]
fn function_attribute_covers_the_declaration() {
    let src = "@diagnostic(off, derivative_uniformity)
fn a(p: i32 /*P*/) -> i32 { return /*IN*/ 1; }
fn b() { let y = /*OTHER*/ 2; }";
    assert_eq!(
        severities(src, DerivativeUniformity, &["P", "IN", "OTHER"]),
        [Off, Off, Error]
    );
    assert_eq!(
        recorded(src),
        [(
            "derivative_uniformity",
            "off",
            Some("@diagnostic(off, derivative_uniformity)\nfn a(p: i32 /*P*/) -> i32 { return /*IN*/ 1; }"),
            "@diagnostic(off, derivative_uniformity)"
        )]
    );
}

#[test]
fn function_body_attribute_covers_the_body() {
    let src = "fn a(p: i32 /*P*/) @diagnostic(info, subgroup_uniformity) { let x = /*IN*/ p; }";
    assert_eq!(
        severities(src, SubgroupUniformity, &["P", "IN"]),
        [Error, Info]
    );
    assert_eq!(recorded(src)[0].2, Some("{ let x = /*IN*/ p; }"));
}

#[test]
fn compound_statement() {
    let src = "fn a() {
  @diagnostic(off, subgroup_uniformity) { let x = /*IN*/ 1; }
  let y = /*OUT*/ 2;
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["IN", "OUT"]),
        [Off, Error]
    );
    assert_eq!(recorded(src)[0].2, Some("{ let x = /*IN*/ 1; }"));
}

#[test]
fn if_statement_covers_the_chain_and_its_conditions() {
    let src = "fn a(c: bool, d: bool) {
  @diagnostic(warning, derivative_uniformity) if /*C1*/ c { let x = /*B1*/ 1; } else if /*C2*/ d { let y = /*B2*/ 2; } else { let z = /*B3*/ 3; }
  let w = /*OUT*/ 4;
}";
    assert_eq!(
        severities(
            src,
            DerivativeUniformity,
            &["C1", "B1", "C2", "B2", "B3", "OUT"]
        ),
        [Warning, Warning, Warning, Warning, Warning, Error]
    );
    assert_eq!(
        recorded(src)[0].2,
        Some("@diagnostic(warning, derivative_uniformity) if /*C1*/ c { let x = /*B1*/ 1; } else if /*C2*/ d { let y = /*B2*/ 2; } else { let z = /*B3*/ 3; }")
    );
}

#[test]
fn if_and_else_if_bodies_are_compound_statements() {
    let src = "fn a(c: bool, d: bool) {
  if /*C1*/ c @diagnostic(off, subgroup_uniformity) { let x = /*B1*/ 1; }
  else if /*C2*/ d @diagnostic(info, subgroup_uniformity) { let y = /*B2*/ 2; }
  else @diagnostic(warning, subgroup_uniformity) { let z = /*B3*/ 3; }
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["C1", "B1", "C2", "B2", "B3"]),
        [Error, Off, Error, Info, Warning]
    );
}

#[test]
fn switch_statement_covers_selector_and_body() {
    let src = "fn a(x: i32) {
  @diagnostic(info, subgroup_uniformity) switch /*SEL*/ x { case 1 { let y = /*C*/ 1; } default {} }
  let z = /*OUT*/ 2;
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["SEL", "C", "OUT"]),
        [Info, Info, Error]
    );
}

#[test]
fn switch_body_excludes_the_selector() {
    let src = "fn a(x: i32) {
  switch /*SEL*/ x @diagnostic(off, subgroup_uniformity) { case 1 { let y = /*C*/ 1; } default { let z = /*D*/ 2; } }
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["SEL", "C", "D"]),
        [Error, Off, Off]
    );
    assert_eq!(
        recorded(src)[0].2,
        Some(" @diagnostic(off, subgroup_uniformity) { case 1 { let y = /*C*/ 1; } default { let z = /*D*/ 2; } }")
    );
}

#[test]
fn case_clause_body_is_a_compound_statement() {
    let src = "fn a(x: i32) {
  switch x { case 1: @diagnostic(off, subgroup_uniformity) { let y = /*C*/ 1; } default: { let z = /*D*/ 2; } }
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["C", "D"]),
        [Off, Error]
    );
}

#[test]
fn loop_statement_covers_body_and_continuing() {
    let src = "fn a(c: bool) {
  @diagnostic(warning, subgroup_uniformity) loop { let x = /*B*/ 1; continuing { let y = /*C*/ 2; break if /*BI*/ c; } }
  let z = /*OUT*/ 3;
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["B", "C", "BI", "OUT"]),
        [Warning, Warning, Warning, Error]
    );
}

#[test]
fn loop_body_attribute() {
    let src = "fn a(c: bool) {
  loop @diagnostic(off, subgroup_uniformity) { let x = /*B*/ 1; continuing { break if /*BI*/ c; } }
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["B", "BI"]),
        [Off, Off]
    );
    assert_eq!(
        recorded(src)[0].2,
        Some("{ let x = /*B*/ 1; continuing { break if /*BI*/ c; } }")
    );
}

#[test]
fn continuing_attribute() {
    let src = "fn a(c: bool) {
  loop { let x = /*B*/ 1; continuing @diagnostic(info, derivative_uniformity) { let y = /*C*/ 2; break if /*BI*/ c; } }
}";
    assert_eq!(
        severities(src, DerivativeUniformity, &["B", "C", "BI"]),
        [Error, Info, Info]
    );
    assert_eq!(
        recorded(src)[0].2,
        Some("{ let y = /*C*/ 2; break if /*BI*/ c; }")
    );
}

#[test]
fn while_statement_and_while_body() {
    let src = "fn a(c: bool) {
  @diagnostic(off, subgroup_uniformity) while /*C*/ c { let x = /*B*/ 1; }
  while /*C2*/ c @diagnostic(warning, subgroup_uniformity) { let y = /*B2*/ 2; }
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["C", "B", "C2", "B2"]),
        [Off, Off, Error, Warning]
    );
}

#[test]
fn for_statement_covers_the_header() {
    let src = "fn a() {
  @diagnostic(info, subgroup_uniformity) for (var i = /*I*/ 0; /*C*/ i < 4; i += /*U*/ 1) { let x = /*B*/ 1; }
  let y = /*OUT*/ 2;
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["I", "C", "U", "B", "OUT"]),
        [Info, Info, Info, Info, Error]
    );
}

#[test]
fn for_body_excludes_the_header() {
    let src = "fn a() {
  for (var i = /*I*/ 0; /*C*/ i < 4; i += /*U*/ 1) @diagnostic(off, subgroup_uniformity) { let x = /*B*/ 1; }
}";
    assert_eq!(
        severities(src, SubgroupUniformity, &["I", "C", "U", "B"]),
        [Error, Error, Error, Off]
    );
}

// ---- nesting, severities, spellings ---------------------------------------

#[test]
fn nearest_enclosing_filter_wins() {
    let src = "diagnostic(off, subgroup_uniformity);
@diagnostic(warning, subgroup_uniformity)
fn a(c: bool) {
  let w = /*FN*/ 0;
  if c @diagnostic(info, subgroup_uniformity) {
    let x = /*IF*/ 1;
    @diagnostic(error, subgroup_uniformity) { let y = /*INNER*/ 2; }
    let z = /*IF2*/ 3;
  }
}
fn b() { let v = /*GLOBAL*/ 4; }";
    assert_eq!(
        severities(
            src,
            SubgroupUniformity,
            &["FN", "IF", "INNER", "IF2", "GLOBAL"]
        ),
        [Warning, Info, Error, Info, Off]
    );
}

#[test]
fn every_severity_is_recorded() {
    for (name, severity) in [
        ("error", Error),
        ("warning", Warning),
        ("info", Info),
        ("off", Off),
    ] {
        let src =
            format!("@diagnostic({name}, subgroup_uniformity) fn a() {{ let x = /*IN*/ 1; }}");
        assert_eq!(
            severities(&src, SubgroupUniformity, &["IN"]),
            [severity],
            "{name}"
        );
        let src =
            format!("diagnostic({name}, derivative_uniformity);\nfn a() {{ let x = /*IN*/ 1; }}");
        assert_eq!(
            severities(&src, DerivativeUniformity, &["IN"]),
            [severity],
            "{name}"
        );
    }
}

#[test]
fn proposal_spelling_is_the_same_rule() {
    let src = "diagnostic(off, chromium_experimental.subgroup_matrix_uniformity);
@diagnostic(warning, chromium.subgroup_matrix_uniformity) fn a() { let x = /*A*/ 1; }
fn b() { let y = /*B*/ 2; }";
    assert_eq!(
        severities(src, SubgroupMatrixUniformity, &["A", "B"]),
        [Warning, Off]
    );
    let parsed = module(src);
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    assert_eq!(
        recorded(src)[0],
        (
            "chromium.subgroup_matrix_uniformity",
            "off",
            None,
            "diagnostic(off, chromium_experimental.subgroup_matrix_uniformity);"
        )
    );
}

#[test]
fn matrix_rule_needs_no_enable() {
    let src = "diagnostic(off, chromium.subgroup_matrix_uniformity);\nfn a() { let x = /*A*/ 1; }";
    assert_eq!(severities(src, SubgroupMatrixUniformity, &["A"]), [Off]);
}

#[test]
fn several_rules_on_one_construct() {
    let src = "@diagnostic(off, subgroup_uniformity) @diagnostic(info, derivative_uniformity)
fn a() { let x = /*A*/ 1; }";
    assert_eq!(severities(src, SubgroupUniformity, &["A"]), [Off]);
    assert_eq!(severities(src, DerivativeUniformity, &["A"]), [Info]);
    assert_eq!(severities(src, SubgroupMatrixUniformity, &["A"]), [Error]);
}

// ---- conflicts and duplicates ---------------------------------------------

#[test]
fn conflicting_function_attributes() {
    let src =
        "@diagnostic(off, subgroup_uniformity) @diagnostic(error, subgroup_uniformity) fn f() {}";
    let d = assert_error(
        src,
        "conflicting diagnostic attributes for 'subgroup_uniformity'",
        "@diagnostic(error, subgroup_uniformity)",
    );
    assert_eq!(d.span_label, "sets it to 'error'");
    assert_eq!(d.labels.len(), 1);
    assert_eq!(
        text(src, d.labels[0].span),
        "@diagnostic(off, subgroup_uniformity)"
    );
    assert_eq!(d.labels[0].message, "but this sets it to 'off'");
}

#[test]
fn conflicting_directives() {
    let src = "diagnostic(warning, derivative_uniformity);
diagnostic(info, derivative_uniformity);";
    let d = assert_error(
        src,
        "conflicting diagnostic directives for 'derivative_uniformity'",
        "diagnostic(info, derivative_uniformity);",
    );
    assert_eq!(
        text(src, d.labels[0].span),
        "diagnostic(warning, derivative_uniformity);"
    );
    assert_eq!(
        d.notes,
        ["diagnostic directives of one rule must set the same severity"]
    );
}

#[test]
fn conflict_between_the_two_spellings() {
    let src = "fn a(c: bool) {
  @diagnostic(off, chromium.subgroup_matrix_uniformity) @diagnostic(warning, chromium_experimental.subgroup_matrix_uniformity) if c {}
}";
    assert_error(
        src,
        "conflicting diagnostic attributes for 'chromium.subgroup_matrix_uniformity'",
        "@diagnostic(warning, chromium_experimental.subgroup_matrix_uniformity)",
    );
}

#[test]
fn conflicting_statement_attributes() {
    for (stmt, second) in [
        ("loop @diagnostic(off, subgroup_uniformity) @diagnostic(info, subgroup_uniformity) { break; }", "@diagnostic(info, subgroup_uniformity)"),
        ("switch 1 @diagnostic(off, subgroup_uniformity) @diagnostic(warning, subgroup_uniformity) { default {} }", "@diagnostic(warning, subgroup_uniformity)"),
        ("@diagnostic(off, subgroup_uniformity) @diagnostic(error, subgroup_uniformity) { }", "@diagnostic(error, subgroup_uniformity)"),
    ] {
        let src = format!("fn a() {{ {stmt} }}");
        assert_error(
            &src,
            "conflicting diagnostic attributes for 'subgroup_uniformity'",
            second,
        );
    }
}

#[test]
fn one_error_per_conflicting_group() {
    let src = "diagnostic(off, subgroup_uniformity);
diagnostic(info, subgroup_uniformity);
diagnostic(warning, subgroup_uniformity);";
    let errors: Vec<Diagnostic> = failing(src).into_iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(
        text(src, errors[0].span),
        "diagnostic(info, subgroup_uniformity);"
    );
}

#[test]
fn duplicates_and_nested_filters_do_not_conflict() {
    // Identical duplicates, and different severities over different ranges
    // (function vs its body, statement vs its body, directive vs attribute).
    let src = "diagnostic(off, subgroup_uniformity);
diagnostic(off, subgroup_uniformity);
@diagnostic(info, subgroup_uniformity) @diagnostic(info, subgroup_uniformity)
fn a(c: bool) @diagnostic(warning, subgroup_uniformity) {
  @diagnostic(error, subgroup_uniformity) while c @diagnostic(off, subgroup_uniformity) { let x = /*B*/ 1; }
}";
    assert_eq!(severities(src, SubgroupUniformity, &["B"]), [Off]);
    assert_eq!(recorded(src).len(), 7);
}

// ---- unknown rules --------------------------------------------------------

#[test]
fn unknown_single_token_rule_warns() {
    let src = "diagnostic(off, derivative_uniformty);\n@diagnostic(info, unused_thing) fn f() {}";
    let parsed = module(src);
    assert!(parsed.module.diagnostic_filters.is_empty());
    let w = &parsed.warnings;
    assert_eq!(w.len(), 2, "{w:#?}");
    assert_eq!(w[0].severity, Severity::Warning);
    assert_eq!(
        w[0].message,
        "unknown diagnostic rule 'derivative_uniformty'"
    );
    assert_eq!(text(src, w[0].span), "derivative_uniformty");
    assert_eq!(w[0].notes[1], "help: did you mean 'derivative_uniformity'?");
    assert_eq!(w[1].message, "unknown diagnostic rule 'unused_thing'");
    assert_eq!(text(src, w[1].span), "unused_thing");
    assert_eq!(
        w[1].notes,
        ["the known rules are 'derivative_uniformity', 'subgroup_uniformity', 'chromium.subgroup_matrix_uniformity'"]
    );
}

#[test]
fn misspelt_chromium_rule_warns_with_a_suggestion() {
    let src = "diagnostic(off, chromium.subgroup_matrix_uniformty);";
    let parsed = module(src);
    assert!(parsed.module.diagnostic_filters.is_empty());
    let w = &parsed.warnings;
    assert_eq!(w.len(), 1);
    assert_eq!(
        w[0].message,
        "unknown diagnostic rule 'chromium.subgroup_matrix_uniformty'"
    );
    assert_eq!(text(src, w[0].span), "chromium.subgroup_matrix_uniformty");
    assert_eq!(w[0].span_label, "this rule is ignored");
    assert_eq!(
        w[0].notes[1],
        "help: did you mean 'chromium.subgroup_matrix_uniformity'?"
    );
    let rendered = w[0].render("t.wgsl", src);
    assert!(
        rendered.starts_with(
            "warning: unknown diagnostic rule 'chromium.subgroup_matrix_uniformty'\n  ┌─ t.wgsl:1:17"
        ),
        "{rendered}"
    );
}

#[test]
fn unknown_chromium_rule_without_close_match() {
    let src = "diagnostic(off, chromium.unreachable_code);";
    let w = module(src).warnings;
    assert_eq!(w.len(), 1);
    assert_eq!(
        w[0].message,
        "unknown diagnostic rule 'chromium.unreachable_code'"
    );
    assert_eq!(w[0].notes.len(), 1, "no suggestion: {:?}", w[0].notes);
}

#[test]
fn other_namespaces_are_accepted_silently() {
    let src =
        "diagnostic(off, naga.unused_variable);\n@diagnostic(warning, mesa.whatever) fn f() {}";
    let parsed = module(src);
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    assert!(parsed.module.diagnostic_filters.is_empty());
}

#[test]
fn unknown_severity_is_an_error() {
    let src = "@diagnostic(fatal, subgroup_uniformity) fn f() {}";
    let d = assert_error(src, "unknown diagnostic severity 'fatal'", "fatal");
    assert_eq!(d.notes, ["expected 'error', 'warning', 'info' or 'off'"]);
}

#[test]
fn warnings_come_with_errors() {
    let src = "diagnostic(off, chromium.foo);\nfn f() { let x = y; }";
    let diags = failing(src);
    assert_eq!(diags.len(), 2, "{diags:#?}");
    assert_eq!(diags[0].severity, Severity::Warning);
    assert_eq!(diags[1].severity, Severity::Error);
}

#[test]
fn warnings_reach_compile_to_spirv() {
    let src = "diagnostic(warning, chromium.subgroup_matrix_uniformty);
@compute @workgroup_size(1) fn main() {}";
    let out =
        tessera::compile_to_spirv(src, &tessera::CompileOptions::default()).expect("compiles");
    assert_eq!(out.warnings.len(), 1);
    assert_eq!(
        out.warnings[0].message,
        "unknown diagnostic rule 'chromium.subgroup_matrix_uniformty'"
    );
}

// ---- placement errors ------------------------------------------------------

#[test]
fn misplaced_attribute_errors() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "@diagnostic(off, subgroup_uniformity) @group(0) @binding(0) var<storage> b: array<u32>;",
            "attribute '@diagnostic' is not valid for a variable",
            "diagnostic",
        ),
        (
            "@diagnostic(off, subgroup_uniformity) override k: u32 = 1;",
            "attribute '@diagnostic' is not valid for an override",
            "diagnostic",
        ),
        (
            "fn f(@diagnostic(off, subgroup_uniformity) p: i32) {}",
            "attribute '@diagnostic' is not valid for a parameter",
            "diagnostic",
        ),
        (
            "fn f() -> @diagnostic(off, subgroup_uniformity) i32 { return 1; }",
            "attribute '@diagnostic' is not valid on a function return type",
            "diagnostic",
        ),
        (
            "struct S { @diagnostic(off, subgroup_uniformity) a: i32 }",
            "attribute '@diagnostic' is not valid for a struct member",
            "diagnostic",
        ),
        (
            "fn f() @must_use { }",
            "attribute '@must_use' is not valid for a function body",
            "must_use",
        ),
        (
            "fn f() { @compute { } }",
            "attribute '@compute' is not valid for a compound statement",
            "compute",
        ),
        (
            "fn f() { @must_use if true { } }",
            "attribute '@must_use' is not valid for a statement",
            "must_use",
        ),
        (
            "fn f() { loop @compute { break; } }",
            "attribute '@compute' is not valid for a loop body",
            "compute",
        ),
        (
            "fn f() { while false @compute { } }",
            "attribute '@compute' is not valid for a loop body",
            "compute",
        ),
        (
            "fn f() { for (;false;) @compute { } }",
            "attribute '@compute' is not valid for a loop body",
            "compute",
        ),
        (
            "fn f() { switch 1 @compute { default {} } }",
            "attribute '@compute' is not valid for a switch body",
            "compute",
        ),
        (
            "fn f() { loop { continuing @compute { break if true; } } }",
            "attribute '@compute' is not valid for a continuing block",
            "compute",
        ),
    ];
    for (src, message, spanned) in cases {
        assert_error(src, message, spanned);
    }
}

#[test]
fn attribute_before_other_statements_is_a_parse_error() {
    for (src, message, spanned) in [
        (
            "fn f() { @diagnostic(off, subgroup_uniformity) let a = 1; }",
            "attributes are not allowed before keyword 'let'",
            "@diagnostic(off, subgroup_uniformity)",
        ),
        (
            "@diagnostic(off, subgroup_uniformity) const k = 1;",
            "attributes are not allowed before keyword 'const'",
            "@diagnostic(off, subgroup_uniformity)",
        ),
        (
            "@diagnostic(off, subgroup_uniformity) struct S { a: i32 }",
            "attributes are not allowed before keyword 'struct'",
            "@diagnostic(off, subgroup_uniformity)",
        ),
    ] {
        assert_error(src, message, spanned);
    }
}

#[test]
fn attribute_between_else_and_if_is_a_parse_error() {
    let src = "fn f(c: bool) { if c {} else @diagnostic(off, subgroup_uniformity) if c {} }";
    let d = assert_error(
        src,
        "attributes are not allowed between 'else' and 'if'",
        "@diagnostic(off, subgroup_uniformity)",
    );
    assert_eq!(
        d.notes,
        ["put them before the '{' of the 'else if' body, or before the whole 'if' statement"]
    );
}

//! Helpers shared by the `uniformity*` integration tests: run parse and
//! validation on a source, and assert the uniformity diagnostics it gives
//! (message, severity, primary span text, labels).

#![allow(dead_code)]

use tessera::{Diagnostic, Severity};

/// The diagnostics of validating `source` (which must parse).
pub struct Outcome {
    /// The source.
    pub source: String,
    /// Errors (empty when validation succeeded).
    pub errors: Vec<Diagnostic>,
    /// Warnings and infos of a successful validation.
    pub warnings: Vec<Diagnostic>,
}

impl Outcome {
    /// Everything, rendered (for assertion messages).
    pub fn rendered(&self) -> String {
        let mut all = self.errors.clone();
        all.extend(self.warnings.iter().cloned());
        tessera::diagnostic::render_all(&all, "test.wgsl", &self.source)
    }

    /// The text a span covers.
    pub fn text(&self, span: tessera::Span) -> &str {
        self.source.get(span.to_range()).unwrap_or("<out of range>")
    }
}

/// Parses and validates `source`.
#[track_caller]
pub fn run(source: &str) -> Outcome {
    let parsed = match tessera::front::wgsl::parse_str(source) {
        Ok(p) => p,
        Err(e) => panic!(
            "parse failed:\n{}",
            tessera::diagnostic::render_all(
                &e.errors().cloned().collect::<Vec<_>>(),
                "test.wgsl",
                source
            )
        ),
    };
    match tessera::valid::validate(&parsed.module) {
        Ok(info) => Outcome {
            source: source.to_string(),
            errors: Vec::new(),
            warnings: info.warnings,
        },
        Err(e) => Outcome {
            source: source.to_string(),
            errors: e.errors().cloned().collect(),
            warnings: e
                .diagnostics
                .iter()
                .filter(|d| !d.is_error())
                .cloned()
                .collect(),
        },
    }
}

/// Asserts that `source` validates without errors or warnings.
#[track_caller]
pub fn ok(source: &str) {
    let o = run(source);
    assert!(
        o.errors.is_empty() && o.warnings.is_empty(),
        "expected no diagnostics:\n{}\n{source}",
        o.rendered()
    );
}

/// Asserts that validating `source` gives exactly one diagnostic, of
/// `severity`, with message `message` and a primary span covering
/// `spanned`; returns it with the outcome for label checks.
#[track_caller]
pub fn diag(
    source: &str,
    severity: Severity,
    message: &str,
    spanned: &str,
) -> (Outcome, Diagnostic) {
    let o = run(source);
    let all: Vec<&Diagnostic> = o.errors.iter().chain(o.warnings.iter()).collect();
    assert_eq!(all.len(), 1, "expected one diagnostic:\n{}", o.rendered());
    let d = all[0].clone();
    assert_eq!(d.severity, severity, "{}", o.rendered());
    assert_eq!(d.message, message, "{}", o.rendered());
    assert_eq!(o.text(d.span), spanned, "primary span:\n{}", o.rendered());
    (o, d)
}

/// [`diag`] at error severity.
#[track_caller]
pub fn error(source: &str, message: &str, spanned: &str) -> (Outcome, Diagnostic) {
    diag(source, Severity::Error, message, spanned)
}

/// Asserts that `d` has a label covering `spanned` whose message is
/// `message`.
#[track_caller]
pub fn label(o: &Outcome, d: &Diagnostic, spanned: &str, message: &str) {
    assert!(
        d.labels
            .iter()
            .any(|l| o.text(l.span) == spanned && l.message == message),
        "no label {message:?} at {spanned:?}; labels: {:?}\n{}",
        d.labels
            .iter()
            .map(|l| (o.text(l.span), l.message.as_str()))
            .collect::<Vec<_>>(),
        o.rendered()
    );
}

/// Asserts the label explaining the non-uniform branch condition.
#[track_caller]
pub fn branch(o: &Outcome, d: &Diagnostic, condition: &str) {
    label(
        o,
        d,
        condition,
        "control flow depends on possibly non-uniform value",
    );
}

/// A compute shader with the usual bindings; `body` is the body of `main`
/// (with `lid: u32` the local invocation index). Directive lines of
/// `globals` (`enable`, `diagnostic`) go first.
pub fn compute(globals: &str, body: &str) -> String {
    let (mut directives, mut decls) = (String::new(), String::new());
    for line in globals.lines() {
        let to = if line.starts_with("enable ") || line.starts_with("diagnostic") {
            &mut directives
        } else {
            &mut decls
        };
        to.push_str(line);
        to.push('\n');
    }
    format!(
        "{directives}{PRELUDE}{decls}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {{
{body}
}}
"
    )
}

/// Declarations most tests use.
pub const PRELUDE: &str = "enable subgroups;
struct U { x: u32 }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> rw: array<u32>;
@group(0) @binding(2) var<storage, read> ro: array<u32>;
var<workgroup> wg: u32;
var<private> pv: u32;
";

/// A matrix kernel header: `L`, `R`, `Acc` aliases and `a`/`c` buffers.
pub const MATRIX: &str = "enable f16;
enable chromium_experimental_subgroup_matrix;
alias L = subgroup_matrix_left<f16, 16, 16>;
alias R = subgroup_matrix_right<f16, 16, 16>;
alias Acc = subgroup_matrix_result<f32, 16, 16>;
@group(0) @binding(3) var<storage, read> a: array<f16>;
@group(0) @binding(4) var<storage, read_write> c: array<f32>;
";

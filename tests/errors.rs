//! Cross-stage negative tests: each source must fail to compile with a
//! given message, and the error's primary span must cover exactly the
//! given text. Stage-specific negative tests live next to each stage.

mod common;

use tessera::pipeline::PipelineOptions;
use tessera::Diagnostic;

/// Runs parse, validate and the pipeline step (default options); returns
/// the error diagnostics of the first failing stage, or `None` if all pass.
fn first_errors(source: &str) -> Option<(&'static str, Vec<Diagnostic>)> {
    let errors = |e: tessera::Error| e.errors().cloned().collect::<Vec<_>>();
    let parsed = match tessera::front::wgsl::parse_str(source) {
        Ok(p) => p,
        Err(e) => return Some(("shader module (parse)", errors(e))),
    };
    let info = match tessera::valid::validate(&parsed.module) {
        Ok(i) => i,
        Err(e) => return Some(("shader module (validate)", errors(e))),
    };
    match tessera::pipeline::process(&parsed.module, &info, &PipelineOptions::default()) {
        Ok(_) => None,
        Err(e) => Some(("pipeline", errors(e))),
    }
}

/// Asserts that `source` fails with an error whose message contains
/// `message` and whose primary span covers exactly `spanned`.
#[track_caller]
fn check_error(source: &str, message: &str, spanned: &str) {
    let Some((stage, diagnostics)) = first_errors(source) else {
        panic!("expected an error containing `{message}`, but this compiled:\n{source}");
    };
    assert!(
        !diagnostics.is_empty(),
        "{stage} failed without an error diagnostic"
    );
    let rendered = tessera::diagnostic::render_all(&diagnostics, "test.wgsl", source);
    let Some(d) = diagnostics.iter().find(|d| d.message.contains(message)) else {
        panic!("no {stage} error contains `{message}`:\n{rendered}");
    };
    let text = source.get(d.span.to_range());
    assert_eq!(
        text,
        Some(spanned),
        "the error's primary span covers {text:?}, expected {spanned:?}:\n{rendered}"
    );
    assert!(
        !d.message.ends_with('.') && d.message.chars().next().is_some_and(|c| !c.is_uppercase()),
        "message not in compiler style (lowercase, no trailing period): {:?}",
        d.message
    );
}

/// `check_error!(source, message, spanned)`: see [`check_error`].
macro_rules! check_error {
    ($src:expr, $message:expr, $spanned:expr $(,)?) => {
        check_error($src, $message, $spanned)
    };
}

#[test]
fn parse_error_points_at_token() {
    check_error!(
        "@compute @workgroup_size(1)\nfn main() {\n    let x = 1 +;\n}\n",
        "expected",
        ";",
    );
}

#[test]
fn undeclared_identifier() {
    check_error!(
        "@compute @workgroup_size(1)\nfn main() {\n    let x = missing_value + 1;\n}\n",
        "missing_value",
        "missing_value",
    );
}

#[test]
fn subgroup_matrix_requires_enable() {
    check_error!(
        "fn f() {\n    var m: subgroup_matrix_left<f32, 8, 8>;\n}\n",
        "chromium_experimental_subgroup_matrix",
        "subgroup_matrix_left<f32, 8, 8>",
    );
}

#[test]
fn failing_const_assert() {
    check_error!(
        "const N = 4;\nconst_assert N > 8;\n",
        "const assertion failed",
        "N > 8"
    );
}

#[test]
fn f16_requires_enable() {
    check_error!(
        "@group(0) @binding(0) var<storage, read_write> b: array<f16>;\n",
        "f16",
        "f16",
    );
}

#[test]
fn override_without_value_is_pipeline_error() {
    let source = "override gain: f32;\n@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n@compute @workgroup_size(1)\nfn main() {\n    b[0] = gain;\n}\n";
    let (stage, _) = first_errors(source).expect("an error");
    assert_eq!(stage, "pipeline");
    check_error!(source, "gain", "override gain: f32;");
}

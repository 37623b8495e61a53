//! Negative-test helpers for the `errors_*` integration tests: compile a
//! source through parse, validate and the pipeline step, expect an error
//! whose message contains a pattern and whose primary span covers exactly
//! a given piece of source text.

#![allow(dead_code)]

use tessera::configs::{ComponentType, SubgroupMatrixConfig};
use tessera::device::{Features, LanguageFeatures};
use tessera::pipeline::PipelineOptions;
use tessera::Diagnostic;

/// Runs every stage with `options`; returns the failing stage's name and
/// its error diagnostics, or `None` if all stages pass.
pub fn first_errors(
    source: &str,
    options: &PipelineOptions,
) -> Option<(&'static str, Vec<Diagnostic>)> {
    first_errors_for(source, options, LanguageFeatures::all())
}

/// [`first_errors`] for a target with the WGSL language features
/// `language` (every device feature).
pub fn first_errors_for(
    source: &str,
    options: &PipelineOptions,
    language: LanguageFeatures,
) -> Option<(&'static str, Vec<Diagnostic>)> {
    let errors = |e: tessera::Error| e.errors().cloned().collect::<Vec<_>>();
    let parsed = match tessera::front::wgsl::parse_str(source) {
        Ok(p) => p,
        Err(e) => return Some(("parse/resolve", errors(e))),
    };
    let info = match tessera::valid::validate_with_language_features(
        &parsed.module,
        Features::all(),
        language,
    ) {
        Ok(i) => i,
        Err(e) => return Some(("validate", errors(e))),
    };
    match tessera::pipeline::process(&parsed.module, &info, options) {
        Ok(_) => None,
        Err(e) => Some(("pipeline", errors(e))),
    }
}

/// Asserts that `source` fails (default pipeline options) with an error
/// whose message contains `message` and whose primary span covers exactly
/// `spanned`.
#[track_caller]
pub fn check_error(source: &str, message: &str, spanned: &str) {
    check_error_with(source, &PipelineOptions::default(), message, spanned);
}

/// [`check_error`] with explicit pipeline options.
#[track_caller]
pub fn check_error_with(source: &str, options: &PipelineOptions, message: &str, spanned: &str) {
    check_error_for(source, options, LanguageFeatures::all(), message, spanned);
}

/// [`check_error`] with explicit pipeline options, for a target with the
/// WGSL language features `language`.
#[track_caller]
pub fn check_error_for(
    source: &str,
    options: &PipelineOptions,
    language: LanguageFeatures,
    message: &str,
    spanned: &str,
) {
    let Some((stage, diagnostics)) = first_errors_for(source, options, language) else {
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

/// Asserts that `source` compiles through every stage with `options`.
#[track_caller]
pub fn check_ok_with(source: &str, options: &PipelineOptions) {
    if let Some((stage, diagnostics)) = first_errors(source, options) {
        let rendered = tessera::diagnostic::render_all(&diagnostics, "test.wgsl", source);
        panic!("{stage} failed unexpectedly:\n{rendered}");
    }
}

/// The H100's subgroup-matrix configurations: f16->f16 and f16->f32 at
/// 16x16x16, 16x8x16 and 16x8x8; u8->u32 and i8->i32 at 16x16x32 and
/// 16x8x32.
pub fn h100_configs() -> Vec<SubgroupMatrixConfig> {
    use ComponentType::*;
    let mut v = Vec::new();
    for (m, n, k) in [(16, 16, 16), (16, 8, 16), (16, 8, 8)] {
        for r in [F16, F32] {
            v.push(SubgroupMatrixConfig {
                component_type: F16,
                result_component_type: r,
                m,
                n,
                k,
            });
        }
    }
    for (m, n, k) in [(16, 16, 32), (16, 8, 32)] {
        for (c, r) in [(U8, U32), (I8, I32)] {
            v.push(SubgroupMatrixConfig {
                component_type: c,
                result_component_type: r,
                m,
                n,
                k,
            });
        }
    }
    v
}

/// Pipeline options of an H100: its configurations, maximum subgroup size 32.
pub fn h100() -> PipelineOptions {
    PipelineOptions {
        subgroup_matrix_configs: Some(h100_configs()),
        max_subgroup_size: Some(32),
        ..PipelineOptions::default()
    }
}

/// `t!(name, source, message, spanned)`: a test that `source` fails with an
/// error whose message contains `message` and whose primary span covers
/// exactly `spanned` ([`check_error`], which the using file imports).
#[allow(unused_macros)]
macro_rules! t {
    ($(#[$attr:meta])* $name:ident, $src:expr, $msg:expr, $span:expr) => {
        #[test]
        $(#[$attr])*
        fn $name() {
            check_error($src, $msg, $span);
        }
    };
}

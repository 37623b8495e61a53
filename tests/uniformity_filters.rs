//! Uniformity analysis with diagnostic filters: `diagnostic(...)`
//! directives and `@diagnostic(...)` attributes set the severity of the
//! uniformity rules at the triggering location (the builtin's call site),
//! per severity (`off`, `info`, `warning`, `error`) and scoping rule, end
//! to end through the library API and the validator.
//!
//! Checklist (rule -> tests):
//! - directive off / warning / info / error -> directive_*
//! - proposal spelling `chromium_experimental.` -> directive_proposal_spelling
//! - attribute on a function, `if`, loop body, compound statement -> attribute_*
//! - nearest enclosing filter wins -> nested_*
//! - severity fixed at the builtin, not at the caller -> callee_*
//! - one warning per rule -> one_warning_per_rule
//! - barriers cannot be filtered -> barrier_not_filterable
//! - `subgroup_uniformity` -> subgroup_rule_*

mod uniformity_util;

use tessera::Severity;
use uniformity_util::{compute, diag, error, ok, run, MATRIX};

const NON_UNIFORM_LOAD: &str =
    "    if lid > 3u {\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n    }";
const LOAD_MSG: &str =
    "'subgroupMatrixLoad' must only be called from subgroup uniform control flow";
const LOAD: &str = "subgroupMatrixLoad<L, row_major>(&a, 0u, 16u)";

fn with(directive: &str, body: &str) -> String {
    compute(&format!("{MATRIX}{directive}"), body)
}

#[test]
fn directive_default_is_error() {
    let (_, d) = error(&with("", NON_UNIFORM_LOAD), LOAD_MSG, LOAD);
    assert_eq!(
        d.rule.as_deref(),
        Some("chromium.subgroup_matrix_uniformity")
    );
}

#[test]
fn directive_off_makes_non_uniform_kernel_compile() {
    ok(&with(
        "diagnostic(off, chromium.subgroup_matrix_uniformity);\n",
        NON_UNIFORM_LOAD,
    ));
}

#[test]
fn directive_warning_returns_a_warning_and_succeeds() {
    let src = with(
        "diagnostic(warning, chromium.subgroup_matrix_uniformity);\n",
        NON_UNIFORM_LOAD,
    );
    let (o, d) = diag(&src, Severity::Warning, LOAD_MSG, LOAD);
    assert!(o.errors.is_empty(), "a warning does not fail validation");
    assert_eq!(
        d.rule.as_deref(),
        Some("chromium.subgroup_matrix_uniformity")
    );
}

#[test]
fn directive_info_returns_an_info() {
    let src = with(
        "diagnostic(info, chromium.subgroup_matrix_uniformity);\n",
        NON_UNIFORM_LOAD,
    );
    let (o, _) = diag(&src, Severity::Info, LOAD_MSG, LOAD);
    assert!(o.errors.is_empty());
}

#[test]
fn directive_error_is_an_error() {
    error(
        &with(
            "diagnostic(error, chromium.subgroup_matrix_uniformity);\n",
            NON_UNIFORM_LOAD,
        ),
        LOAD_MSG,
        LOAD,
    );
}

#[test]
fn directive_proposal_spelling() {
    ok(&with(
        "diagnostic(off, chromium_experimental.subgroup_matrix_uniformity);\n",
        NON_UNIFORM_LOAD,
    ));
}

#[test]
fn directive_of_another_rule_does_not_apply() {
    error(
        &with("diagnostic(off, subgroup_uniformity);\n", NON_UNIFORM_LOAD),
        LOAD_MSG,
        LOAD,
    );
}

#[test]
fn attribute_on_if_turns_it_off_only_there() {
    let body = "    @diagnostic(off, chromium.subgroup_matrix_uniformity) if lid > 3u {\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n    }\n    if lid > 4u {\n        let n = subgroupMatrixLoad<L, row_major>(&a, 256u, 16u);\n    }";
    error(
        &with("", body),
        LOAD_MSG,
        "subgroupMatrixLoad<L, row_major>(&a, 256u, 16u)",
    );
    let only_first = "    @diagnostic(off, chromium.subgroup_matrix_uniformity) if lid > 3u {\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n    }";
    ok(&with("", only_first));
}

#[test]
fn attribute_on_compound_statement() {
    let body = "    if lid > 3u @diagnostic(warning, chromium.subgroup_matrix_uniformity) {\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n    }";
    diag(&with("", body), Severity::Warning, LOAD_MSG, LOAD);
}

#[test]
fn attribute_on_loop_body() {
    let body = "    loop @diagnostic(info, chromium.subgroup_matrix_uniformity) {\n        if lid > 3u { break; }\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n    }";
    diag(&with("", body), Severity::Info, LOAD_MSG, LOAD);
}

#[test]
fn attribute_on_function() {
    let src = format!(
        "{MATRIX}@group(0) @binding(0) var<storage, read_write> rw: array<u32>;\n@diagnostic(off, chromium.subgroup_matrix_uniformity)\n@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) lid: u32) {{\n{NON_UNIFORM_LOAD}\n}}\n@compute @workgroup_size(64)\nfn other(@builtin(local_invocation_index) lid: u32) {{\n    if lid > 3u {{\n        let m = Acc();\n    }}\n}}\n"
    );
    error(
        &src,
        "'subgroup_matrix_result<f32, 16, 16>' must only be called from subgroup uniform control flow",
        "Acc()",
    );
}

#[test]
fn nested_filter_wins_over_directive() {
    let body = "    @diagnostic(error, chromium.subgroup_matrix_uniformity) if lid > 3u {\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n    }";
    error(
        &with(
            "diagnostic(off, chromium.subgroup_matrix_uniformity);\n",
            body,
        ),
        LOAD_MSG,
        LOAD,
    );
    let body = "    @diagnostic(off, chromium.subgroup_matrix_uniformity) if lid > 3u {\n        @diagnostic(warning, chromium.subgroup_matrix_uniformity) if lid > 5u {\n            let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n        }\n    }";
    diag(&with("", body), Severity::Warning, LOAD_MSG, LOAD);
}

#[test]
fn callee_severity_is_decided_at_the_builtin() {
    // The builtin inside `tile` is at warning severity: the caller's
    // failure is a warning, whatever the filters at the call.
    let src = format!(
        "{MATRIX}@diagnostic(warning, chromium.subgroup_matrix_uniformity)\nfn tile() -> L {{\n    return subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n}}\n@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) lid: u32) {{\n    if lid > 3u {{\n        let t = tile();\n    }}\n}}\n"
    );
    diag(
        &src,
        Severity::Warning,
        "'tile' must only be called from subgroup uniform control flow",
        "tile()",
    );
    // Turned off at the builtin: no requirement at all.
    ok(&src.replace("@diagnostic(warning, chromium", "@diagnostic(off, chromium"));
}

#[test]
fn one_warning_per_rule() {
    let body = "    if lid > 3u {\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n    }\n    if lid > 4u {\n        let n = Acc();\n    }";
    let o = run(&with(
        "diagnostic(warning, chromium.subgroup_matrix_uniformity);\n",
        body,
    ));
    assert!(o.errors.is_empty(), "{}", o.rendered());
    assert_eq!(o.warnings.len(), 1, "{}", o.rendered());
}

#[test]
fn warnings_of_two_rules_are_both_reported() {
    let body = "    if lid > 3u {\n        let m = subgroupMatrixLoad<L, row_major>(&a, 0u, 16u);\n        let s = subgroupAdd(1u);\n    }";
    let o = run(&with(
        "diagnostic(warning, chromium.subgroup_matrix_uniformity);\ndiagnostic(info, subgroup_uniformity);\n",
        body,
    ));
    assert!(o.errors.is_empty(), "{}", o.rendered());
    let got: Vec<(Severity, Option<&str>)> = o
        .warnings
        .iter()
        .map(|d| (d.severity, d.rule.as_deref()))
        .collect();
    assert!(
        got.contains(&(Severity::Info, Some("subgroup_uniformity"))),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            Severity::Warning,
            Some("chromium.subgroup_matrix_uniformity")
        )),
        "{got:?}"
    );
}

#[test]
fn barrier_not_filterable() {
    error(
        &with(
            "diagnostic(off, subgroup_uniformity);\ndiagnostic(off, chromium.subgroup_matrix_uniformity);\n",
            "    if lid > 3u {\n        workgroupBarrier();\n    }",
        ),
        "'workgroupBarrier' must only be called from uniform control flow",
        "workgroupBarrier()",
    );
}

#[test]
fn subgroup_rule_off_and_warning() {
    let body = "    if lid > 3u {\n        let s = subgroupAdd(1u);\n    }";
    ok(&compute("diagnostic(off, subgroup_uniformity);\n", body));
    diag(
        &compute("diagnostic(warning, subgroup_uniformity);\n", body),
        Severity::Warning,
        "'subgroupAdd' must only be called from subgroup uniform control flow",
        "subgroupAdd(1u)",
    );
}

#[test]
fn subgroup_rule_filter_at_shuffle_argument() {
    let body = "    let s = subgroupShuffleUp(1u, lid);";
    ok(&compute("diagnostic(off, subgroup_uniformity);\n", body));
    diag(
        &compute("diagnostic(info, subgroup_uniformity);\n", body),
        Severity::Info,
        "'subgroupShuffleUp' requires argument 2 to be uniform",
        "lid",
    );
}

#[test]
fn compile_api_returns_warnings_alongside_success() {
    let src = with(
        "diagnostic(warning, chromium.subgroup_matrix_uniformity);\n",
        NON_UNIFORM_LOAD,
    );
    let parsed = tessera::front::wgsl::parse_str(&src).expect("parses");
    let info = tessera::valid::validate(&parsed.module).expect("validates");
    assert_eq!(info.warnings.len(), 1);
    assert_eq!(info.warnings[0].severity, Severity::Warning);
}

#[test]
fn compile_to_spirv_returns_warnings_alongside_output() {
    let src = with(
        "diagnostic(warning, chromium.subgroup_matrix_uniformity);\n",
        NON_UNIFORM_LOAD,
    );
    let out = match tessera::compile_to_spirv(&src, &tessera::CompileOptions::default()) {
        Ok(o) => o,
        Err(e) => panic!("{}", e.error().render("test.wgsl", &src)),
    };
    assert!(!out.words.is_empty());
    let w: Vec<_> = out
        .warnings
        .iter()
        .filter(|d| d.rule.as_deref() == Some("chromium.subgroup_matrix_uniformity"))
        .collect();
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].message, LOAD_MSG);
    // At the default severity the same kernel is a shader-module error.
    let err = tessera::compile_to_spirv(
        &with("", NON_UNIFORM_LOAD),
        &tessera::CompileOptions::default(),
    );
    assert!(err.is_err());
}

//! End-to-end tests of uniformity diagnostics in the `tessera` binary:
//! each filterable rule at its default severity (error, exit 1) and turned
//! into a warning, an info or off by a directive or an attribute (exit 0,
//! output written).

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A kernel whose subgroup-matrix load and store run under a condition on
/// the invocation index: not subgroup uniform. `FILTER` is replaced by a
/// directive (or nothing), `ATTR` by a statement attribute (or nothing).
const MATRIX: &str = "enable chromium_experimental_subgroup_matrix;
FILTER
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    ATTR if lid == 0u {
        let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&data, 0, false, 8);
        subgroupMatrixStore(&data, 64, m, false, 8);
    }
}
";

/// A kernel calling `subgroupAdd` under a non-uniform condition.
const SUBGROUP: &str = "enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
ATTR fn main(@builtin(local_invocation_index) lid: u32) {
    if lid == 0u {
        data[0] = subgroupAdd(data[1]);
    }
}
";

const LOAD_MESSAGE: &str =
    "'subgroupMatrixLoad' must only be called from subgroup uniform control flow";

fn tessera() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tessera"));
    cmd.env_remove("NO_COLOR");
    cmd
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tessera-cli-uniformity-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `source` (written to a scratch file) to SPIR-V assembly on
/// standard output.
fn compile(name: &str, source: &str) -> Output {
    let dir = scratch(name);
    let path = dir.join("input.wgsl");
    std::fs::write(&path, source).unwrap();
    tessera()
        .arg(&path)
        .args(["--subgroup-matrix-config", "f32:f32:8x8x8"])
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn matrix(filter: &str, attr: &str) -> String {
    MATRIX.replace("FILTER", filter).replace("ATTR ", attr)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[track_caller]
fn assert_code(out: &Output, code: i32) {
    assert_eq!(out.status.code(), Some(code), "stderr:\n{}", stderr(out));
}

#[track_caller]
fn assert_spirv(out: &Output) {
    let asm = String::from_utf8_lossy(&out.stdout);
    assert!(
        asm.contains("OpCooperativeMatrixLoadKHR") || asm.contains("OpGroupNonUniform"),
        "{asm}"
    );
}

#[test]
fn matrix_rule_is_an_error_by_default() {
    let out = compile("default", &matrix("", ""));
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!(
            "error[chromium.subgroup_matrix_uniformity]: {LOAD_MESSAGE}\n"
        )),
        "{err}"
    );
    assert!(err.contains("input.wgsl:8:17"), "{err}");
    assert!(
        err.contains("= `chromium.subgroup_matrix_uniformity` is an error by default; `diagnostic(off, chromium.subgroup_matrix_uniformity);` at the top of the module"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn matrix_rule_off_compiles_silently() {
    for filter in [
        "diagnostic(off, chromium.subgroup_matrix_uniformity);",
        "diagnostic(off, chromium_experimental.subgroup_matrix_uniformity);",
    ] {
        let out = compile("off", &matrix(filter, ""));
        assert_code(&out, 0);
        assert_eq!(stderr(&out), "", "{filter}");
        assert_spirv(&out);
    }
}

#[test]
fn matrix_rule_as_warning_exits_zero_with_one_warning() {
    let out = compile(
        "warning",
        &matrix(
            "diagnostic(warning, chromium.subgroup_matrix_uniformity);",
            "",
        ),
    );
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!(
            "warning[chromium.subgroup_matrix_uniformity]: {LOAD_MESSAGE}\n"
        )),
        "{err}"
    );
    // The store is not subgroup uniform either, but one warning per rule
    // is reported.
    assert_eq!(err.matches("warning[").count(), 1, "{err}");
    assert!(
        err.contains("= `chromium.subgroup_matrix_uniformity` is set to `warning` here by a diagnostic filter; `@diagnostic(off, chromium.subgroup_matrix_uniformity)` silences it"),
        "{err}"
    );
    assert_spirv(&out);
}

#[test]
fn statement_attribute_overrides_the_directive() {
    let out = compile(
        "info",
        &matrix(
            "diagnostic(error, chromium.subgroup_matrix_uniformity);",
            "@diagnostic(info, chromium.subgroup_matrix_uniformity) ",
        ),
    );
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!(
            "note[chromium.subgroup_matrix_uniformity]: {LOAD_MESSAGE}\n"
        )),
        "{err}"
    );
    assert_spirv(&out);
}

#[test]
fn subgroup_rule_default_and_function_attribute() {
    let out = compile("subgroup-error", &SUBGROUP.replace("ATTR ", ""));
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(err.starts_with("error[subgroup_uniformity]: "), "{err}");

    let out = compile(
        "subgroup-warning",
        &SUBGROUP.replace("ATTR ", "@diagnostic(warning, subgroup_uniformity) "),
    );
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(err.starts_with("warning[subgroup_uniformity]: "), "{err}");
    assert_spirv(&out);

    let out = compile(
        "subgroup-other-rule",
        &SUBGROUP.replace(
            "ATTR ",
            "@diagnostic(off, chromium.subgroup_matrix_uniformity) ",
        ),
    );
    assert_code(&out, 1);
    assert!(stderr(&out).starts_with("error[subgroup_uniformity]: "));
}

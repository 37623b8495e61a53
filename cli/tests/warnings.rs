//! End-to-end tests of warnings in the `tessera` binary: warnings are
//! printed on standard error with their source snippet, and the exit
//! status is 0 unless there is also an error.
//!
//! The warnings come from unknown diagnostic rules (the resolver's), which
//! need no analysis to trigger.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Compiles fine, with one warning (a misspelt `chromium.` rule).
const WARNS: &str = "diagnostic(warning, chromium.subgroup_matrix_uniformty);
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}
";

/// The warning of [`WARNS`] as rendered for a file named `NAME`.
fn warns_stderr(name: &str) -> String {
    format!(
        "warning: unknown diagnostic rule 'chromium.subgroup_matrix_uniformty'
  ┌─ {name}:1:21
  │
1 │ diagnostic(warning, chromium.subgroup_matrix_uniformty);
  │                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ this rule is ignored
  │
  = the known rules are 'derivative_uniformity', 'subgroup_uniformity', 'chromium.subgroup_matrix_uniformity'
  = help: did you mean 'chromium.subgroup_matrix_uniformity'?

"
    )
}

fn tessera() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tessera"));
    // Standard error is a pipe here, so no colour either way.
    cmd.env_remove("NO_COLOR");
    cmd
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tessera-cli-warnings-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `source` to `dir/input.wgsl` and returns its path as a string.
fn input(dir: &std::path::Path, source: &str) -> String {
    let path = dir.join("input.wgsl");
    std::fs::write(&path, source).unwrap();
    path.to_str().unwrap().to_string()
}

fn run(cmd: &mut Command) -> Output {
    cmd.stdin(Stdio::null()).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[track_caller]
fn assert_code(out: &Output, code: i32) {
    assert_eq!(out.status.code(), Some(code), "stderr:\n{}", stderr(out));
}

#[test]
fn warning_only_exits_zero_and_writes_output() {
    let dir = scratch("spvasm");
    let path = input(&dir, WARNS);
    let out = run(tessera().arg(&path));
    assert_code(&out, 0);
    assert_eq!(stderr(&out), warns_stderr(&path));
    let asm = String::from_utf8_lossy(&out.stdout);
    assert!(asm.contains("OpEntryPoint GLCompute"), "{asm}");
}

#[test]
fn warning_with_output_file() {
    let dir = scratch("file");
    let path = input(&dir, WARNS);
    let spv = dir.join("out.spv");
    let out = run(tessera().arg(&path).arg("-o").arg(&spv));
    assert_code(&out, 0);
    assert_eq!(stderr(&out), warns_stderr(&path));
    let bytes = std::fs::read(&spv).unwrap();
    assert_eq!(&bytes[..4], &0x0723_0203u32.to_le_bytes());
}

#[test]
fn warning_with_validate_only_and_wgsl() {
    let dir = scratch("validate");
    let path = input(&dir, WARNS);
    let out = run(tessera().arg(&path).arg("--validate-only"));
    assert_code(&out, 0);
    assert_eq!(stderr(&out), warns_stderr(&path));
    assert!(out.stdout.is_empty());

    let out = run(tessera().arg(&path).args(["--format", "wgsl"]));
    assert_code(&out, 0);
    assert_eq!(stderr(&out), warns_stderr(&path));
    let wgsl = String::from_utf8_lossy(&out.stdout);
    assert!(wgsl.contains("fn main("), "{wgsl}");
}

#[test]
fn warning_from_stdin_names_stdin() {
    let mut child = tessera()
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), WARNS.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_code(&out, 0);
    assert_eq!(stderr(&out), warns_stderr("<stdin>"));
}

#[test]
fn warning_and_error_exit_one_with_both() {
    let dir = scratch("error");
    let source =
        "diagnostic(off, chromium.foo);\n@compute @workgroup_size(1) fn main() { let x = y; }\n";
    let path = input(&dir, source);
    let out = run(tessera().arg(&path));
    assert_code(&out, 1);
    let err = stderr(&out);
    let warning = err
        .find("warning: unknown diagnostic rule 'chromium.foo'")
        .unwrap_or_else(|| panic!("{err}"));
    let error = err
        .find("error: unresolved identifier 'y'")
        .unwrap_or_else(|| panic!("{err}"));
    assert!(warning < error, "warnings come first:\n{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn conflicting_filters_exit_one() {
    let dir = scratch("conflict");
    let source = "@diagnostic(off, subgroup_uniformity) @diagnostic(error, subgroup_uniformity)
@compute @workgroup_size(1) fn main() {}
";
    let path = input(&dir, source);
    let out = run(tessera().arg(&path));
    assert_code(&out, 1);
    assert_eq!(
        stderr(&out),
        format!(
            "error: conflicting diagnostic attributes for 'subgroup_uniformity'
  ┌─ {path}:1:39
  │
1 │ @diagnostic(off, subgroup_uniformity) @diagnostic(error, subgroup_uniformity)
  │ ------------------------------------- ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ sets it to 'error'
  │ │                                      
  │ but this sets it to 'off'
  │
  = diagnostic filters of one rule over the same range must set the same severity

"
        )
    );
}

#[test]
fn known_rule_filters_compile_silently() {
    let dir = scratch("silent");
    let source = "enable chromium_experimental_subgroup_matrix;
diagnostic(off, chromium.subgroup_matrix_uniformity);
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main() {
    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>>(&data, 0, false, 8);
    subgroupMatrixStore(&data, 64, m, false, 8);
}
";
    let path = input(&dir, source);
    let out = run(tessera().arg(&path).args([
        "--validate-only",
        "--subgroup-matrix-config",
        "f32:f32:8x8x8",
    ]));
    assert_code(&out, 0);
    assert_eq!(stderr(&out), "");
}

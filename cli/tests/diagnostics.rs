//! How the `tessera` binary reports errors: every independent error of a
//! function, "did you mean" help, errors without a source location (no
//! fake caret at 1:1), one error for a rejected `--override` value, and the
//! hints of a missing override value and of subgroup matrices without an
//! `enable`.

use std::path::PathBuf;
use std::process::{Command, Output};

const SIMPLE: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}
";

/// An override without a default, used by the workgroup size.
const NEEDS_OVERRIDE: &str = "override block: u32;
@compute @workgroup_size(block)
fn main() {}
";

fn tessera() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tessera"));
    cmd.env_remove("NO_COLOR");
    cmd
}

/// Writes `source` as `name` in a fresh scratch directory for `test`.
fn input(test: &str, name: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-cli-diag-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("run tessera")
}

/// Standard error, with the scratch directory replaced by `DIR`.
fn stderr(out: &Output, path: &std::path::Path) -> String {
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    match path.parent() {
        Some(dir) => text.replace(&format!("{}/", dir.display()), "DIR/"),
        None => text,
    }
}

#[track_caller]
fn assert_code(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn unknown_entry_point_has_no_location() {
    let path = input("entry", "a.wgsl", SIMPLE);
    let out = run(tessera().arg(&path).args(["--entry-point", "mian"]));
    assert_code(&out, 1);
    assert_eq!(
        stderr(&out, &path),
        "error: unknown entry point 'mian'\n = available entry points: main\n = help: did you mean 'main'?\n\n"
    );
}

#[test]
fn unknown_pipeline_constant_has_no_location() {
    let path = input("constant", "a.wgsl", NEEDS_OVERRIDE);
    let out = run(tessera()
        .arg(&path)
        .args(["--override", "blok=64", "--override", "block=64"]));
    assert_code(&out, 1);
    assert_eq!(
        stderr(&out, &path),
        "error: pipeline constant 'blok' does not match any override in the module\n = available keys: block\n = help: did you mean 'block'?\n\n"
    );
}

#[test]
fn empty_module_has_no_location() {
    let path = input("empty", "empty.wgsl", "");
    let out = run(tessera().arg(&path));
    assert_code(&out, 1);
    assert_eq!(
        stderr(&out, &path),
        "error: the module has no entry point to write\n\n"
    );
}

#[test]
fn rejected_override_value_is_one_error() {
    let path = input("override", "a.wgsl", NEEDS_OVERRIDE);
    for value in ["-1", "1.5"] {
        let out = run(tessera()
            .arg(&path)
            .args(["--override", &format!("block={value}")]));
        assert_code(&out, 1);
        let err = stderr(&out, &path);
        assert_eq!(err.matches("error").count(), 1, "{err}");
        assert!(
            err.starts_with(&format!(
                "error: invalid value for override 'block': {value} "
            )),
            "{err}"
        );
        assert!(err.contains("DIR/a.wgsl:1:1"), "{err}");
    }
    // Without a value at all, the missing value is the one error.
    let out = run(tessera().arg(&path));
    assert_code(&out, 1);
    let err = stderr(&out, &path);
    assert_eq!(err.matches("error").count(), 1, "{err}");
    assert!(
        err.starts_with("error: override 'block' has no default value"),
        "{err}"
    );
}

#[test]
fn every_error_of_a_function_with_help() {
    let source = "@compute @workgroup_size(1)
fn main() {
    let total = 1u;
    let a = totl + 1u;
    let b = a * 2u;
    let c = sqrtt(2.0);
}
";
    let path = input("multi", "bad.wgsl", source);
    let out = run(tessera().arg(&path));
    assert_code(&out, 1);
    assert_eq!(
        stderr(&out, &path),
        "error: unresolved identifier 'totl'
  ┌─ DIR/bad.wgsl:4:13
  │
4 │     let a = totl + 1u;
  │             ^^^^
  │
  = help: did you mean 'total'?

error: unresolved function 'sqrtt'
  ┌─ DIR/bad.wgsl:6:13
  │
6 │     let c = sqrtt(2.0);
  │             ^^^^^
  │
  = help: did you mean 'sqrt'?

"
    );
}

/// A missing override value names both ways to give one: the pipeline
/// constant (an embedder's) and the CLI's `--override NAME=VALUE`, at the
/// override's declaration.
#[test]
fn missing_override_value_names_the_flag() {
    let path = input("missing-override", "a.wgsl", NEEDS_OVERRIDE);
    let out = run(tessera().arg(&path));
    assert_code(&out, 1);
    assert_eq!(
        stderr(&out, &path),
        "error: override 'block' has no default value and no value was given for it
  ┌─ DIR/a.wgsl:1:1
  │
1 │ override block: u32;
  │ ^^^^^^^^^^^^^^^^^^^^
  │
  = set the pipeline constant \"block\" (on the command line: --override block=VALUE)

"
    );
    // The flag the note names does work.
    let out = run(tessera()
        .arg(&path)
        .args(["--override", "block=64", "-o", "-"]));
    assert_code(&out, 0);
}

/// Without an `enable`, a subgroup-matrix type or builtin names the
/// standard extension and Chromium's.
#[test]
fn subgroup_matrix_without_enable_names_both_extensions() {
    let source = "@compute @workgroup_size(32)
fn main() {
    var m: subgroup_matrix_result<f32, 8, 8>;
}
";
    let path = input("no-enable", "m.wgsl", source);
    let out = run(tessera().arg(&path));
    assert_code(&out, 1);
    assert_eq!(
        stderr(&out, &path),
        "error: use of 'subgroup_matrix_result' requires enabling extension 'subgroup_matrix' (or Chromium's 'chromium_experimental_subgroup_matrix')
  ┌─ DIR/m.wgsl:3:12
  │
3 │     var m: subgroup_matrix_result<f32, 8, 8>;
  │            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

"
    );
}

//! Helpers shared by the CLI's end-to-end tests: running the `tessera`
//! binary, scratch directories, and reading its output.
#![allow(dead_code)] // each test binary uses a part of them

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `tessera` binary, with `NO_COLOR` cleared (tests choose colour).
pub fn tessera() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tessera"));
    cmd.env_remove("NO_COLOR");
    cmd
}

/// A fresh scratch directory for one test of this test binary.
pub fn scratch(name: &str) -> PathBuf {
    let binary = module_path!().replace("::", "-");
    let dir = std::env::temp_dir().join(format!("tessera-{binary}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `source` to `dir/name` and returns the path.
pub fn write_input(dir: &Path, name: &str, source: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path
}

/// Runs `cmd` with an empty standard input.
pub fn run(cmd: &mut Command) -> Output {
    cmd.stdin(Stdio::null()).output().unwrap()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Asserts the exit status, showing both streams when it differs.
#[track_caller]
pub fn assert_code(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(out),
        stderr(out)
    );
}

//! Checking MSL text with a real C++ front end: clang in C++ for OpenCL mode
//! (C++17 with address spaces) against the Metal shim in `tests/metal-shim`
//! (its README says where the shim is faithful to Metal and where not), plus
//! a lint of Metal attributes, which clang does not know.
//!
//! Without `clang++` the checks fail with a message saying how to install
//! it, unless `TESSERA_SKIP_CLANG=1` (which CI never sets).

#![allow(dead_code)]

pub mod attributes;
pub mod scope;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root (this module is also used by `cli/tests`, whose
/// manifest directory is `cli/`).
pub fn root() -> PathBuf {
    // Cargo sets the variable when it runs the test too; prefer that value
    // (a test binary in a target directory shared by several checkouts may
    // have been built from another one).
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    if manifest.join("tests/metal-shim").is_dir() {
        manifest
    } else {
        manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
    }
}

/// The shim's include directory.
pub fn shim_dir() -> PathBuf {
    root().join("tests/metal-shim")
}

/// A `clang++` that can check MSL through the shim.
pub struct Clang {
    program: String,
    attributes: attributes::Table,
}

/// Finds `clang++` (or `$TESSERA_CLANG`). Without one: `None` when
/// `TESSERA_SKIP_CLANG=1` (after saying so), a panic with installation
/// instructions otherwise.
pub fn require_clang() -> Option<Clang> {
    let program = std::env::var("TESSERA_CLANG").unwrap_or_else(|_| "clang++".to_string());
    let version = Command::new(&program)
        .arg("--version")
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    if let Some(major) = version.as_deref().and_then(clang_major) {
        if major < 14 {
            panic!(
                "`{program}` is clang {major}: the Metal shim check needs clang 14 or later \
                 (C++ for OpenCL 2021); set TESSERA_CLANG to a newer clang++"
            );
        }
    }
    if version.is_none() {
        if std::env::var("TESSERA_SKIP_CLANG").as_deref() == Ok("1") {
            eprintln!("TESSERA_SKIP_CLANG=1: `{program}` not found, MSL shim check skipped");
            return None;
        }
        panic!(
            "`{program}` not found: the MSL tests compile the generated Metal with clang \
             against tests/metal-shim. Install clang (Debian/Ubuntu: `apt-get install clang`; \
             .ci/run does this), or point TESSERA_CLANG at a clang++ (version 14 or later). \
             TESSERA_SKIP_CLANG=1 skips these checks (CI must not set it)."
        );
    }
    let table = attributes::Table::load(&shim_dir().join("attributes.txt"))
        .unwrap_or_else(|e| panic!("tests/metal-shim/attributes.txt: {e}"));
    Some(Clang {
        program,
        attributes: table,
    })
}

/// The major version in `clang++ --version` output (`... clang version 14.0.6 ...`).
pub fn clang_major(version_output: &str) -> Option<u32> {
    let rest = version_output.split("clang version ").nth(1)?;
    rest.split('.').next()?.trim().parse().ok()
}

/// The clang arguments of the shim check (the source comes on stdin).
pub fn clang_args(shim: &Path) -> Vec<String> {
    [
        "-x",
        "clcpp",
        "-cl-std=clc++2021",
        "-cl-no-stdinc",
        "-fsyntax-only",
        "-fno-color-diagnostics",
        "-ferror-limit=8",
        // Warnings are not failures (extra parentheses and the like are
        // legal Metal), except those that mean wrong code.
        "-Werror=return-type",
        "-Werror=constant-conversion",
        "-Werror=literal-conversion",
        "-Werror=shift-count-overflow",
        "-Werror=shift-count-negative",
        "-Werror=division-by-zero",
        "-Werror=array-bounds",
        "-Werror=integer-overflow",
        "-Werror=uninitialized",
        // Except "sometimes uninitialized": clang treats a `threadgroup`
        // (`__local`) variable as an automatic local, but one invocation
        // zeroes it under `if (local_index == 0)` and every invocation
        // reads it after the barrier. Metal forbids initialisers on
        // threadgroup variables, and every other local the writer declares
        // is initialised where it is declared (`= {}`), so only
        // threadgroup variables can trigger it.
        "-Wno-error=sometimes-uninitialized",
        "-Wunknown-attributes",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([
        "-I".to_string(),
        shim.display().to_string(),
        "-".to_string(),
    ])
    .collect()
}

impl Clang {
    /// Checks one MSL source: clang errors, then the attribute lint. The
    /// error is a readable report (clang's first messages, or the lint's).
    pub fn check(&self, source: &str) -> Result<(), String> {
        let mut child = Command::new(&self.program)
            .args(clang_args(&shim_dir()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", self.program))?;
        let mut stdin = child.stdin.take().ok_or("no stdin for clang")?;
        let text = source.to_string();
        let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
        let output = child
            .wait_with_output()
            .map_err(|e| format!("clang did not finish: {e}"))?;
        let _ = writer.join();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        if !output.status.success() {
            return Err(first_errors(&stderr, 12));
        }
        let mut problems = Vec::new();
        for name in unknown_attribute_names(&stderr) {
            if !self.attributes.knows(&name) {
                problems.push(format!("attribute `{name}` is not a Metal attribute the shim knows (tests/metal-shim/attributes.txt)"));
            }
        }
        problems.extend(self.attributes.lint_kernels(source));
        problems.extend(scope::lint_program_scope(source));
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("\n"))
        }
    }
}

/// clang's first `n` lines that matter (errors with their context).
pub fn first_errors(stderr: &str, n: usize) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.contains("warning: unknown attribute"))
        .collect();
    let start = lines.iter().position(|l| l.contains("error")).unwrap_or(0);
    lines[start..]
        .iter()
        .take(n)
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names in clang's `unknown attribute 'NAME' ignored` warnings.
pub fn unknown_attribute_names(stderr: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in stderr.lines() {
        if let Some(rest) = line.split("warning: unknown attribute '").nth(1) {
            if let Some(name) = rest.split('\'').next() {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// The body of an insta snapshot: the text after the `---` header.
pub fn snapshot_body(text: &str) -> &str {
    let Some(rest) = text.strip_prefix("---\n") else {
        return text;
    };
    match rest.find("\n---\n") {
        Some(end) => &rest[end + 5..],
        None => text,
    }
}

/// Runs `check` over `items` on a few threads; returns the failures
/// `(name, report)` in input order.
pub fn check_all(clang: &Clang, items: &[(String, String)]) -> Vec<(String, String)> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get().min(4))
        .unwrap_or(2);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(vec![None; items.len()]);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((_, source)) = items.get(i) else {
                    break;
                };
                let r = clang.check(source).err();
                if let Ok(mut all) = results.lock() {
                    all[i] = r;
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    items
        .iter()
        .zip(results)
        .filter_map(|((name, _), r)| r.map(|r| (name.clone(), r)))
        .collect()
}

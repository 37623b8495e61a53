//! The house rules of ARCHITECTURE.md as tests (in the spirit of
//! rust-analyzer's tidy tests), over every crate of the workspace:
//!
//! - no import circle among the files of a crate: a file that imports
//!   another (by `use` or by a `crate::`/`super::`/`self::` path) never
//!   comes back to itself;
//! - the printers (`src/back`) import only the IR, the module facts,
//!   diagnostics and their own files: never `passes`, `pipeline`, `front`,
//!   `builtins` or `const_eval`;
//! - no production file over [`MAX_LINES`] lines.
//!
//! Each rule has a list of the places that still break it, to be emptied:
//! the test fails on a new break and on a listed one that is gone (so the
//! lists only shrink). Test modules (`#[cfg(test)] mod x;` and inline
//! `#[cfg(test)] mod x { .. }`) are not part of the house.

mod module_graph;

use module_graph::{Crate, Graph};

/// The longest production file, in lines.
const MAX_LINES: usize = 1000;

/// The crates of the workspace: (root file, name).
const CRATES: &[(&str, &str)] = &[
    ("src/lib.rs", "tessera"),
    ("cli/src/main.rs", "tessera-cli"),
    ("runner/src/lib.rs", "tessera-runner"),
    ("difftest/src/lib.rs", "tessera-difftest"),
    ("gpu/src/lib.rs", "tessera-gpu"),
];

/// Import circles not yet broken: each as its files, sorted, joined by
/// " ".
const KNOWN_CIRCLES: &[&str] = &[];

/// Printer files that still import lowering-side modules, with the
/// module: "FILE -> MODULE". None: the printers read an
/// `ir::PipelineModule` (the lowered module with the pipeline's values),
/// not the pipeline step's `Pipeline`.
const KNOWN_PRINTER_IMPORTS: &[&str] = &[];

/// Production files still over [`MAX_LINES`].
const KNOWN_LONG_FILES: &[&str] = &[];

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn crates() -> Vec<Crate> {
    CRATES
        .iter()
        .map(|(file, name)| Crate::read(&root(), file, name))
        .collect()
}

/// Fails listing `found` items not in `known` and `known` items not found.
fn ratchet(rule: &str, found: &[String], known: &[&str]) {
    let new: Vec<&String> = found
        .iter()
        .filter(|f| !known.contains(&f.as_str()))
        .collect();
    let gone: Vec<&&str> = known
        .iter()
        .filter(|k| !found.iter().any(|f| f == *k))
        .collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "{rule}\nnew (fix them):\n  {}\nlisted but gone (take them off the list in tests/architecture.rs):\n  {}",
        new.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n  "),
        gone.iter().map(|s| **s).collect::<Vec<_>>().join("\n  ")
    );
}

#[test]
fn no_import_circles() {
    let mut found = Vec::new();
    for c in crates() {
        let graph = Graph::of(&c);
        for circle in graph.circles() {
            found.push(circle.join(" "));
        }
    }
    ratchet(
        "import circles among a crate's files",
        &found,
        KNOWN_CIRCLES,
    );
}

#[test]
fn printers_import_no_lowering() {
    const FORBIDDEN: &[&str] = &["passes", "pipeline", "front", "builtins", "const_eval"];
    let tessera = Crate::read(&root(), "src/lib.rs", "tessera");
    let mut found = Vec::new();
    for (file, imports) in &tessera.imports {
        if !file.starts_with("src/back/") {
            continue;
        }
        let mut seen: Vec<&str> = Vec::new();
        for path in imports {
            let Some(first) = path.first() else { continue };
            if FORBIDDEN.contains(&first.as_str()) && !seen.contains(&first.as_str()) {
                seen.push(first);
            }
        }
        seen.sort_unstable();
        found.extend(seen.iter().map(|m| format!("{file} -> {m}")));
    }
    found.sort();
    ratchet(
        "printer files (src/back) importing lowering-side modules",
        &found,
        KNOWN_PRINTER_IMPORTS,
    );
}

#[test]
fn no_file_over_the_line_limit() {
    let mut found = Vec::new();
    for c in crates() {
        for (file, lines) in &c.lines {
            if *lines > MAX_LINES {
                found.push(file.clone());
            }
        }
    }
    found.sort();
    ratchet(
        &format!("production files over {MAX_LINES} lines"),
        &found,
        KNOWN_LONG_FILES,
    );
}

#[test]
fn the_module_graph_sees_imports() {
    // The reader itself: known facts of this repository.
    let tessera = Crate::read(&root(), "src/lib.rs", "tessera");
    assert!(tessera.lines.contains_key("src/back/spv/mod.rs"));
    assert!(
        tessera.lines.contains_key("src/wgpu_support.rs"),
        "#[path] modules"
    );
    assert!(
        !tessera.lines.keys().any(|f| f.ends_with("/tests.rs")),
        "test modules are not production files"
    );
    let graph = Graph::of(&tessera);
    assert!(graph.imports("src/back/spv/mod.rs", "src/valid/mod.rs"));
    assert!(graph.imports("src/back/spv/expr.rs", "src/back/spv/modes.rs"));
    assert!(graph.imports("src/back/spv/expr.rs", "src/arena.rs"));
    // A parent and its child are one face, not peers.
    assert!(!graph.imports("src/back/spv/mod.rs", "src/back/spv/writer.rs"));
    let cli = Crate::read(&root(), "cli/src/main.rs", "tessera-cli");
    assert!(Graph::of(&cli).imports("cli/src/driver.rs", "cli/src/args.rs"));
}

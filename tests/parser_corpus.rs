//! Parses every WGSL file of a corpus directory (Tint's subgroup-matrix
//! tests by default; set `TESSERA_WGSL_CORPUS` to use another). The corpus
//! is not part of the repository: without it the test reports that it
//! checked nothing.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "wgsl") {
            out.push(path);
        }
    }
}

#[test]
fn corpus_parses() {
    let dir = std::env::var("TESSERA_WGSL_CORPUS")
        .unwrap_or_else(|_| "/work/shared/corpus/tint-subgroup-matrix".to_string());
    let mut files = Vec::new();
    collect(Path::new(&dir), &mut files);
    if files.is_empty() {
        eprintln!("no corpus at {dir}: nothing checked");
        return;
    }
    let mut failures = Vec::new();
    for path in &files {
        let source = std::fs::read_to_string(path).expect("readable corpus file");
        if let Err(e) = tessera::front::wgsl::parser::parse(&source) {
            failures.push(e.render(&path.display().to_string(), &source));
        }
        // Every prefix must fail or succeed without panicking.
        for end in (0..source.len()).step_by(7) {
            if source.is_char_boundary(end) {
                let _ = tessera::front::wgsl::parser::parse(&source[..end]);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

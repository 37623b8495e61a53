//! Where the corpora outside the repository are: `../shared/corpus/NAME`
//! beside the repository, or `$TESSERA_CORPUS_DIR/NAME` (a directory holding
//! `tint/` and `tint-subgroup-matrix/`). A test given no corpus reports that
//! it checked nothing; with `TESSERA_REQUIRE_CORPUS=1` (set by `.ci/run`
//! whenever `../shared/corpus` exists) it fails instead, so CI never passes
//! by checking nothing when the corpora are there.

use std::path::{Path, PathBuf};

/// The corpus directory `name` (e.g. `tint-subgroup-matrix`), or `None`
/// (after printing why) when it is absent and not required.
pub fn corpus(name: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("TESSERA_CORPUS_DIR") {
        Some(d) => PathBuf::from(d).join(name),
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/corpus")
            .join(name),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    let required = std::env::var("TESSERA_REQUIRE_CORPUS").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "corpus {} not found and TESSERA_REQUIRE_CORPUS=1",
        dir.display()
    );
    eprintln!(
        "corpus {} not found: nothing checked (set TESSERA_REQUIRE_CORPUS=1 to make this an error)",
        dir.display()
    );
    None
}

/// Every `.wgsl` file under `dir`, sorted.
pub fn wgsl_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "wgsl") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

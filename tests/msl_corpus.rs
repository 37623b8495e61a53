//! Tint's subgroup-matrix corpus through the MSL backend: every input must
//! either produce MSL that compiles with clang against the Metal shim
//! (`tests/metal-shim`), or be rejected with "Metal cannot express" errors
//! only. The counts are printed (`--nocapture`).
//!
//! The corpus lives outside the repository: `$TESSERA_CORPUS_DIR`, default
//! `/work/shared/corpus/tint-subgroup-matrix`; the test is skipped when it
//! is missing. Without `clang++` it fails, unless `TESSERA_SKIP_CLANG=1`.

mod msl_shim_util;

use std::path::{Path, PathBuf};

use msl_shim_util::require_clang;

fn corpus_dir() -> PathBuf {
    std::env::var_os("TESSERA_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/shared/corpus/tint-subgroup-matrix"))
}

/// Every `.wgsl` under `dir`, sorted (iteratively, no recursion).
fn wgsl_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "wgsl") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn corpus_compiles_or_is_rejected_clearly() {
    let dir = corpus_dir();
    if !dir.is_dir() {
        eprintln!("corpus not found at {}; skipped", dir.display());
        return;
    }
    let Some(clang) = require_clang() else { return };
    let files = wgsl_files(&dir);
    assert!(
        files.len() >= 300,
        "expected the corpus in {}",
        dir.display()
    );
    let mut options = tessera::MslCompileOptions::default();
    // Tint's tests declare large workgroup arrays; WebGPU's default limit
    // is a device property, not something the corpus respects.
    options.pipeline.max_workgroup_storage_size = u32::MAX;
    let (mut passed, mut rejected, mut front_end) = (0, 0, 0);
    let mut problems = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&dir)
            .unwrap_or(path)
            .display()
            .to_string();
        let source = std::fs::read_to_string(path).expect("readable corpus file");
        match tessera::compile_to_msl(&source, &options) {
            Ok(out) => match clang.check(&out.source) {
                Ok(()) => passed += 1,
                Err(e) => problems.push(format!("{name}: MSL does not compile:\n{e}")),
            },
            Err(tessera::CompileError::Backend(e))
                if e.errors()
                    .all(|d| d.message.starts_with("Metal cannot express")) =>
            {
                rejected += 1
            }
            // Features outside this compiler's WGSL (e.g. `buffer<N>` and
            // `bufferView`): not an MSL question.
            Err(tessera::CompileError::ShaderModule(_)) => front_end += 1,
            Err(e) => problems.push(format!(
                "{name}: unexpected error:\n{}",
                e.error().render(&name, &source)
            )),
        }
    }
    eprintln!(
        "tint-subgroup-matrix corpus: {} inputs, {passed} produce MSL that passes the shim check, {rejected} rejected with \"Metal cannot express\" errors, {front_end} not accepted by the front end, {} other",
        files.len(),
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{} of {} corpus inputs failed:\n{}",
        problems.len(),
        files.len(),
        problems.join("\n")
    );
}

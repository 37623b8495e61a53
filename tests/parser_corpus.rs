//! Parses every WGSL file of Tint's subgroup-matrix corpus
//! (`../shared/corpus/tint-subgroup-matrix`, or `TESSERA_CORPUS_DIR`; see
//! `corpus_util`), and every prefix of each file.

mod corpus_util;

#[test]
fn corpus_parses() {
    let Some(dir) = corpus_util::corpus("tint-subgroup-matrix") else {
        return;
    };
    let files = corpus_util::wgsl_files(&dir);
    assert!(!files.is_empty(), "no .wgsl files under {}", dir.display());
    let dir = dir.display();
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
    eprintln!("parsed {} files from {dir}", files.len());
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

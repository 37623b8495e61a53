//! Resolves every WGSL file of the Tint subgroup-matrix corpus (or the
//! directory in `TESSERA_WGSL_CORPUS`) and checks the IR's Emit invariants
//! and that no function expression has an abstract type. Files using
//! Tint-only extensions (`buffer`) are expected to fail with a diagnostic.
//! The corpus is found by `corpus_util` (`../shared` beside the repository).

mod corpus_util;

use tessera::ir::{visit, Function, Module, Statement};

/// How many `Emit` ranges cover each expression.
fn coverage(f: &Function) -> Vec<u32> {
    let mut counts = vec![0u32; f.expressions.len()];
    visit::walk_statements(&f.body, |s, _| {
        if let Statement::Emit(r) = s {
            for i in r.index_range() {
                counts[i] += 1;
            }
        }
    });
    counts
}

fn check(m: &Module, f: &Function) -> Result<(), String> {
    let counts = coverage(f);
    for (h, e) in f.expressions.iter() {
        let want = u32::from(visit::needs_emit(e));
        if counts[h.index()] != want {
            return Err(format!(
                "{}: {e:?} covered by {} Emit ranges",
                f.name,
                counts[h.index()]
            ));
        }
        if let Some(s) = m.inner(f.expression_type(h)).scalar() {
            if s.is_abstract() {
                return Err(format!("{}: {e:?} has an abstract type", f.name));
            }
        }
    }
    Ok(())
}

#[test]
fn corpus_resolves() {
    let Some(dir) = corpus_util::corpus("tint-subgroup-matrix") else {
        return;
    };
    let files = corpus_util::wgsl_files(&dir);
    assert!(!files.is_empty(), "no .wgsl files under {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let source = std::fs::read_to_string(path).expect("readable corpus file");
        match tessera::front::wgsl::parse_str(&source) {
            Ok(p) => {
                for (_, f) in p.module.functions.iter() {
                    if let Err(e) = check(&p.module, f) {
                        failures.push(format!("{}: {e}", path.display()));
                    }
                }
            }
            Err(e) => {
                if !source.contains("buffer<") {
                    failures.push(e.render(&path.display().to_string(), &source));
                }
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

//! Resolves every WGSL file of the Tint subgroup-matrix corpus (or the
//! directory in `TESSERA_WGSL_CORPUS`) and checks the IR's Emit invariants
//! and that no function expression has an abstract type. Files using
//! Tint-only extensions (`buffer`) are expected to fail with a diagnostic.
//! Without the corpus the test reports that it checked nothing.

use std::path::{Path, PathBuf};
use tessera::ir::{Block, Expression, Function, Module, Statement};

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

fn needs_emit(e: &Expression) -> bool {
    !matches!(
        e,
        Expression::Literal(_)
            | Expression::Constant(_)
            | Expression::Override(_)
            | Expression::OverrideExpr(_)
            | Expression::FunctionArgument(_)
            | Expression::GlobalVariable(_)
            | Expression::LocalVariable(_)
            | Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkgroupUniformLoadResult { .. }
            | Expression::SubgroupResult { .. }
    )
}

fn walk(b: &Block, counts: &mut [u32]) {
    for s in &b.statements {
        match s {
            Statement::Emit(r) => {
                for i in r.index_range() {
                    counts[i] += 1;
                }
            }
            Statement::Block(b) => walk(b, counts),
            Statement::If { accept, reject, .. } => {
                walk(accept, counts);
                walk(reject, counts);
            }
            Statement::Switch { cases, .. } => {
                for c in cases {
                    walk(&c.body, counts);
                }
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                walk(body, counts);
                walk(continuing, counts);
            }
            _ => {}
        }
    }
}

fn check(m: &Module, f: &Function) -> Result<(), String> {
    let mut counts = vec![0u32; f.expressions.len()];
    walk(&f.body, &mut counts);
    for (h, e) in f.expressions.iter() {
        let want = u32::from(needs_emit(e));
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

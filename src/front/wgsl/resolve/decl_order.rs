//! Dependency order of module-scope declarations.
//!
//! Each declaration's references to module-scope names are its free names
//! that name a module-scope declaration (the parser collects the free
//! names, honouring local shadowing: `parser/free_names.rs`). The
//! declarations are then sorted
//! topologically with an explicit stack, so long dependency chains (5,000
//! functions each calling the next) need no recursion. A cycle is reported
//! once, naming every declaration on it.

use super::super::ast::TranslationUnit;
use crate::diagnostic::Diagnostic;
use rustc_hash::FxHashMap as HashMap;

/// Returns the declarations in an order where each comes after everything
/// it refers to, or the cycle diagnostics.
pub(super) fn order<'a>(
    tu: &TranslationUnit<'a>,
    names: &HashMap<&'a str, usize>,
) -> Result<Vec<usize>, Vec<Diagnostic>> {
    let n = tu.decls.len();
    // Every declaration's dependencies in one vector: those of `i` are
    // `all_deps[starts[i]..starts[i + 1]]` (free names are distinct, so
    // each dependency is listed once).
    let mut all_deps: Vec<(usize, crate::span::Span)> = Vec::new();
    let mut starts = Vec::with_capacity(n + 1);
    for i in 0..n {
        starts.push(all_deps.len());
        for &(name, span) in tu.free_names(i) {
            if let Some(&d) = names.get(name) {
                all_deps.push((d, span));
            }
        }
    }
    starts.push(all_deps.len());
    let deps = |i: usize| &all_deps[starts[i]..starts[i + 1]];
    // 0 = unvisited, 1 = on stack, 2 = done.
    let mut state = vec![0u8; n];
    let mut out = Vec::with_capacity(n);
    let mut errors = Vec::new();
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        stack.clear();
        stack.push((root, 0));
        state[root] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&(dep, span)) = deps(node).get(*next) {
                *next += 1;
                match state[dep] {
                    0 => {
                        state[dep] = 1;
                        stack.push((dep, 0));
                    }
                    1 => {
                        // A cycle: the part of the stack from `dep` on.
                        let start = stack.iter().position(|&(d, _)| d == dep).unwrap_or(0);
                        let cycle: Vec<usize> = stack[start..].iter().map(|&(d, _)| d).collect();
                        let name = |i: usize| tu.decls[i].name().map_or("?", |n| n.name);
                        let mut path: Vec<String> =
                            cycle.iter().map(|&d| format!("'{}'", name(d))).collect();
                        path.push(format!("'{}'", name(dep)));
                        let mut d = Diagnostic::error(
                            format!("cyclic dependency: {}", path.join(" -> ")),
                            tu.decls[dep].name().map_or(span, |n| n.span),
                        );
                        for w in cycle.windows(2) {
                            d = d.with_note(format!("'{}' uses '{}'", name(w[0]), name(w[1])));
                        }
                        d = d.with_label(span, "cycle closed here").with_note(format!(
                            "'{}' uses '{}'",
                            name(node),
                            name(dep)
                        ));
                        errors.push(d);
                    }
                    _ => {}
                }
            } else {
                state[node] = 2;
                out.push(node);
                stack.pop();
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

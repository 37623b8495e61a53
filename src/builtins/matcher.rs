//! WGSL overload resolution over a row's [`Overload`] patterns (spec
//! "Overload Resolution"): collect every feasible instantiation with the
//! conversion rank of each argument, drop candidates that would leave a
//! value abstract when the call cannot be a const-expression, and pick the
//! single candidate preferred over all others (no worse at every argument,
//! strictly better at one). No candidate, or no single best one, is an error.

use super::display::type_name;
use super::pattern::{self, Candidate, Mismatch, Overload, ResultSpec};
use super::{result_types, BuiltinDef, OverloadError, ResolvedCall};
use crate::arena::Handle;
use crate::ir::{Module, Type, TypeInner};
use smallvec::SmallVec;

/// Whether a value type has an abstract scalar.
pub(crate) fn inner_is_abstract(inner: &TypeInner) -> bool {
    match inner {
        TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Matrix { .. } => {
            inner.scalar().is_some_and(|s| s.is_abstract())
        }
        _ => false,
    }
}

/// Whether every argument is abstract (so the call may be a const-expression
/// evaluated in abstract precision). Concrete arguments may be runtime
/// values, so a call with any concrete argument is materialized.
pub(crate) fn all_abstract(module: &Module, args: &[Handle<Type>]) -> bool {
    !args.is_empty()
        && args.iter().all(|&a| {
            module
                .types
                .try_get(a)
                .is_some_and(|t| inner_is_abstract(&t.inner))
        })
}

/// `c1` is preferred over `c2`.
fn preferred(c1: &Candidate, c2: &Candidate) -> bool {
    let mut strictly = false;
    for (a, b) in c1.ranks.iter().zip(&c2.ranks) {
        if a > b {
            return false;
        }
        strictly |= a < b;
    }
    strictly
}

/// `name(t1, t2)` with the argument types.
pub(crate) fn call_text(module: &Module, name: &str, args: &[Handle<Type>]) -> String {
    let names: Vec<String> = args.iter().map(|&a| type_name(module, a)).collect();
    format!("{name}({})", names.join(", "))
}

/// Resolves a call against pattern overloads.
pub(crate) fn resolve(
    module: &mut Module,
    def: &'static BuiltinDef,
    overloads: &'static [Overload],
    args: &[Handle<Type>],
) -> Result<ResolvedCall, OverloadError> {
    let mut cands: SmallVec<[Candidate; 4]> = SmallVec::new();
    let mut mismatches: SmallVec<[Mismatch; 4]> = SmallVec::new();
    for ov in overloads {
        match pattern::candidates(module, def.name, ov, args) {
            Ok(found) => {
                for c in found {
                    if !cands.iter().any(|old| old.params == c.params) {
                        cands.push(c);
                    }
                }
            }
            Err(m) => mismatches.push(m),
        }
    }
    let had_feasible = !cands.is_empty();
    if !(def.const_evaluable && all_abstract(module, args)) {
        cands.retain(|c| !c.params.iter().any(inner_is_abstract));
    }
    if cands.is_empty() {
        return Err(no_match(
            module,
            def,
            overloads,
            args,
            &mismatches,
            had_feasible,
        ));
    }
    let best: SmallVec<[usize; 2]> = (0..cands.len())
        .filter(|&i| (0..cands.len()).all(|j| i == j || preferred(&cands[i], &cands[j])))
        .collect();
    let [index] = best[..] else {
        return Err(OverloadError {
            message: format!("ambiguous call to '{}'", call_text(module, def.name, args)),
            notes: candidate_notes(def.name, overloads),
            arg_index: None,
        });
    };
    let chosen = cands.swap_remove(index);
    let params = chosen
        .params
        .into_iter()
        .map(|p| module.intern(p))
        .collect();
    let result = match chosen.result {
        ResultSpec::Void => None,
        ResultSpec::Ty(t) => Some(module.intern(t)),
        ResultSpec::Frexp(s, n) => Some(result_types::frexp(module, s, n)),
        ResultSpec::Modf(s, n) => Some(result_types::modf(module, s, n)),
        ResultSpec::AtomicCmpXchg(s) => Some(result_types::atomic_compare_exchange(module, s)),
    };
    Ok(ResolvedCall {
        params,
        result,
        op: def.op,
        matrix_form: None,
        layout: None,
    })
}

/// `candidate: ...` notes for every overload.
pub(crate) fn candidate_notes(name: &str, overloads: &[Overload]) -> Vec<String> {
    overloads
        .iter()
        .flat_map(|ov| pattern::describe(name, ov))
        .map(|s| format!("candidate: {s}"))
        .collect()
}

fn no_match(
    module: &Module,
    def: &BuiltinDef,
    overloads: &[Overload],
    args: &[Handle<Type>],
    mismatches: &[Mismatch],
    had_feasible: bool,
) -> OverloadError {
    let notes = candidate_notes(def.name, overloads);
    // Overloads with the right number of arguments.
    let relevant: Vec<&Mismatch> = mismatches.iter().filter(|m| m.arg.is_some()).collect();
    if relevant.len() == 1 {
        if let Some(message) = &relevant[0].message {
            return OverloadError {
                message: message.clone(),
                notes,
                arg_index: relevant[0].arg,
            };
        }
    }
    let message = format!(
        "no matching call to '{}'",
        call_text(module, def.name, args)
    );
    let arg_index = match relevant.first() {
        Some(first) if relevant.iter().all(|m| m.arg == first.arg) => first.arg,
        _ => None,
    };
    let mut notes = notes;
    if relevant.is_empty() && !had_feasible {
        let counts: Vec<String> = {
            let mut c: Vec<usize> = overloads.iter().map(|o| o.params.len()).collect();
            c.sort_unstable();
            c.dedup();
            c.iter().map(|n| n.to_string()).collect()
        };
        notes.insert(
            0,
            format!(
                "'{}' takes {} argument{}, found {}",
                def.name,
                counts.join(" or "),
                if counts.len() == 1 && counts[0] == "1" {
                    ""
                } else {
                    "s"
                },
                args.len()
            ),
        );
    }
    OverloadError {
        message,
        notes,
        arg_index,
    }
}

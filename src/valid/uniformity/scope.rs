//! Which functions the uniformity analysis must build a graph for.
//!
//! A function needs uniformity itself when it may hold a requirement: a
//! barrier, `workgroupUniformLoad`, a subgroup or quad operation, a
//! derivative or an implicit-level sample, or anything of a subgroup-matrix
//! type. The scan (the validator's `may_require_uniformity` fact, see
//! `call_graph`) is a whitelist: a statement or expression kind not known
//! to be free of requirements counts as one. A function that calls one that
//! needs uniformity needs it too (the call site inherits the requirement),
//! and the summaries of everything such functions call (their return and
//! parameter tags) are read: those functions are analysed as well. The
//! others' graphs could only produce summaries nobody reads, so they are
//! skipped, which makes a module without collective operations cost almost
//! nothing here.

use crate::valid::call_graph::FunctionFacts;

/// For each function (by index), whether the analysis must build its graph,
/// from the validator's facts about each function.
pub(crate) fn needed(all: &[FunctionFacts]) -> Vec<bool> {
    let n = all.len();
    // Callees come first: a function needs uniformity when it holds a
    // requirement or calls one that needs it. Calls of later functions
    // (invalid modules) are followed as far as they are known.
    let mut needs = vec![false; n];
    for (i, facts) in all.iter().enumerate() {
        needs[i] = facts.may_require_uniformity
            || facts
                .calls
                .iter()
                .any(|c| needs.get(c.callee.index()) == Some(&true));
    }
    // Everything a needing function calls is analysed too (its summary is
    // read).
    let mut needed = needs;
    let mut work: Vec<usize> = (0..n).filter(|&i| needed[i]).collect();
    while let Some(i) = work.pop() {
        for c in &all[i].calls {
            if let Some(slot) = needed.get_mut(c.callee.index()) {
                if !*slot {
                    *slot = true;
                    work.push(c.callee.index());
                }
            }
        }
    }
    needed
}

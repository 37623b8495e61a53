//! Which functions the uniformity analysis must build a graph for.
//!
//! A function needs uniformity itself when it may hold a requirement: a
//! barrier, `workgroupUniformLoad`, a subgroup or quad operation, a
//! derivative or an implicit-level sample, or anything of a subgroup-matrix
//! type. The scan is a whitelist: a statement or expression kind not known
//! to be free of requirements counts as one. A function that calls one that
//! needs uniformity needs it too (the call site inherits the requirement),
//! and the summaries of everything such functions call (their return and
//! parameter tags) are read: those functions are analysed as well. The
//! others' graphs could only produce summaries nobody reads, so they are
//! skipped, which makes a module without collective operations cost almost
//! nothing here.

use crate::ir::{Expression, Statement};
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

/// Whether an expression of this kind is known to hold no uniformity
/// requirement (its type aside: anything of a subgroup-matrix type may).
pub(crate) fn expression_is_free(e: &Expression) -> bool {
    matches!(
        e,
        Expression::Literal(_)
            | Expression::Constant(_)
            | Expression::Override(_)
            | Expression::OverrideExpr(_)
            | Expression::ZeroValue(_)
            | Expression::Compose { .. }
            | Expression::Splat { .. }
            | Expression::Swizzle { .. }
            | Expression::Access { .. }
            | Expression::AccessIndex { .. }
            | Expression::FunctionArgument(_)
            | Expression::GlobalVariable(_)
            | Expression::LocalVariable(_)
            | Expression::Load { .. }
            | Expression::Unary { .. }
            | Expression::Binary { .. }
            | Expression::Select { .. }
            | Expression::Math { .. }
            | Expression::Convert { .. }
            | Expression::Bitcast { .. }
            | Expression::ArrayLength(_)
            | Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::ImageLoad { .. }
            | Expression::ImageQuery { .. }
    )
}

/// Whether a statement of this kind is known to hold no uniformity
/// requirement itself (a call's requirements are its callee's).
pub(crate) fn statement_is_free(s: &Statement) -> bool {
    matches!(
        s,
        Statement::Emit(_)
            | Statement::Block(_)
            | Statement::If { .. }
            | Statement::Switch { .. }
            | Statement::Loop { .. }
            | Statement::Break
            | Statement::Continue
            | Statement::Return { .. }
            | Statement::Store { .. }
            | Statement::Call { .. }
            | Statement::Atomic { .. }
            | Statement::ImageStore { .. }
            | Statement::Discard
    )
}

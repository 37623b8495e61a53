//! Uniformity analysis (WGSL spec, "Uniformity"): proves that collective
//! operations run in uniform control flow and that the values they need
//! uniform are uniform, reporting failures at the severity the module's
//! diagnostic filters give them.
//!
//! Two uniformity scopes are analysed, as Chromium does:
//! - **workgroup**: `workgroupBarrier`, `storageBarrier`, `textureBarrier`
//!   and `workgroupUniformLoad` (an unnamed rule: always an error);
//! - **subgroup**: the subgroup and quad builtins (rule
//!   `subgroup_uniformity`, including the `delta`/`mask` arguments of the
//!   shuffles) and every subgroup-matrix builtin, matrix constructor and
//!   matrix variable declared without an initializer (rule
//!   `chromium.subgroup_matrix_uniformity`, all arguments must be
//!   uniform). In this scope `subgroup_id` and the results of the subgroup
//!   reductions and broadcasts are uniform.
//!
//! The derivative builtins and the implicit-level texture samples are
//! checked at workgroup scope under the `derivative_uniformity` rule; which
//! expressions those are is decided in one place,
//! [`derivative::needs_derivative_uniformity`].
//!
//! Each function gets one graph (`graph`) built by one walk over its body
//! (`build` for statements and variable values, `expr` for expressions
//! and calls); edges carry the scopes they hold in. `solve` then walks
//! it once per channel (scope and rule, see `summary::Channel`) and per
//! return node, and keeps the function's tags for its callers. Functions
//! are analysed callees first (the order of `Module::functions`), and only
//! those whose graph can matter (`scope`): the functions that need
//! uniformity somewhere in their calls, and what they call. So the
//! whole analysis is linear in the size of the module (times the
//! parser-bounded statement nesting for variable joins). Failures are
//! explained by `explain`.
//!
//! Where this differs from the letter of the spec, it is on purpose:
//! - each triggering rule is its own channel with its own
//!   `RequiredToBeUniform.S` walks and tags, instead of one walk whose
//!   potential-trigger-set is the union of the rules: a failure names the
//!   rule (and the builtin) that caused it, never a rule of an unrelated
//!   builtin that merely shares a node;
//! - atomic builtins' results are non-uniform (as in Tint; the spec's
//!   default tags would make `atomicAdd(&x, 1)` uniform);
//! - at subgroup scope the reductions' results do not depend on their
//!   arguments (the point of the `NoRestriction` function tag);
//! - a pointer parameter into module-scope memory has its parameter node as
//!   value (not `CF`), so a callee that needs the pointer uniform (e.g. for
//!   `subgroupMatrixLoad`) makes its callers' index expressions uniform;
//! - `ParameterContentsRequiredToBeUniform` applies to the contents before
//!   the call (the spec's text says `Vout(call)`, which would not include
//!   the previous contents);
//! - the contents of a `function`-space pointer argument after a call also
//!   depend on the control flow of the call.

pub(crate) mod build;
pub mod derivative;
pub(crate) mod explain;
pub(crate) mod expr;
pub(crate) mod graph;
pub(crate) mod names;
pub(crate) mod scope;
pub(crate) mod solve;
pub(crate) mod summary;

#[cfg(test)]
mod tests;

use crate::diagnostic::Diagnostic;
use crate::ir::{FilterIndex, Module};
use crate::valid::type_facts::TypeFacts;

/// The result of the analysis.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Errors (uniformity failures at error severity).
    pub errors: Vec<Diagnostic>,
    /// Warnings and infos.
    pub warnings: Vec<Diagnostic>,
    /// Number of graph nodes built, over all functions (a measure of the
    /// work done).
    pub nodes: usize,
    /// Number of graph edges built, over all functions.
    pub edges: usize,
}

/// Runs the uniformity analysis on a resolved module.
pub fn analyze(module: &Module) -> Analysis {
    let facts = TypeFacts::new(module);
    let functions = crate::valid::all_function_facts(module, &facts);
    analyze_with(module, &facts, &functions)
}

/// [`analyze`] with the validator's type facts and facts about each
/// function.
pub(crate) fn analyze_with(
    module: &Module,
    facts: &TypeFacts,
    functions: &[crate::valid::call_graph::FunctionFacts],
) -> Analysis {
    let filters = FilterIndex::new(&module.diagnostic_filters);
    let mut entry_of = vec![None; module.functions.len()];
    for ep in &module.entry_points {
        if let Some(slot) = entry_of.get_mut(ep.function.index()) {
            *slot = Some(ep);
        }
    }
    let needed = scope::needed(functions);
    let mut solver = solve::Solver::default();
    let mut summaries = Vec::with_capacity(module.functions.len());
    // One empty summary shared by the functions that are skipped (a clone
    // allocates nothing).
    let unread = summary::FunctionSummary::default();
    for (h, func) in module.functions.iter() {
        if !needed[h.index()] {
            // Nothing this function does, or calls, needs uniformity, and
            // no function that does calls it: its summary is never read.
            summaries.push(unread.clone());
            continue;
        }
        let entry = entry_of.get(h.index()).copied().flatten();
        let summary = solver.function(module, facts, &filters, &summaries, func, entry);
        summaries.push(summary);
    }
    Analysis {
        errors: solver.errors,
        warnings: solver.warnings,
        nodes: solver.nodes,
        edges: solver.edges,
    }
}

//! Analyses: facts about the IR that passes read and never change (value
//! ranges of integer expressions, counted loops, which types hold subgroup
//! matrices).
//! Passes depend on analyses, never on each other; an analysis depends on
//! the IR and the validator's facts only.

pub mod counted_loops;
pub mod ranges;
pub mod spec_ops;

use crate::ir::Module;

/// For each type handle (by index), whether the type contains (or points
/// to) a subgroup matrix: the validator's type facts as a table.
pub fn matrix_types(module: &Module) -> Vec<bool> {
    let facts = crate::valid::TypeFacts::new(module);
    module
        .types
        .iter()
        .map(|(h, _)| facts.has(h, crate::valid::type_facts::TypeFlags::MATRIX))
        .collect()
}

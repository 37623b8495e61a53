//! Analyses: facts about the IR that passes read and never change (value
//! ranges of integer expressions, counted loops, which types hold subgroup
//! matrices).
//! Passes depend on analyses, never on each other; an analysis depends on
//! the IR and the validator's facts only.

pub mod counted_loops;
pub mod ranges;
pub mod spec_ops;

use crate::ir::Module;

/// The byte offset, from the start of its binding, of the array (or other
/// value) the pointer expression `ptr` of `f` points to, when the access
/// chain makes it known: the binding itself, or struct members of it.
pub fn binding_byte_offset(
    m: &Module,
    f: &crate::ir::Function,
    ptr: crate::arena::Handle<crate::ir::Expression>,
) -> Option<u32> {
    use crate::ir::{Expression, TypeInner};
    match f.expressions[ptr] {
        Expression::GlobalVariable(_) => Some(0),
        Expression::AccessIndex { base, index } => {
            let outer = binding_byte_offset(m, f, base)?;
            let TypeInner::Pointer { base: st, .. } = *m.inner(f.expression_type(base)) else {
                return None;
            };
            match m.inner(st) {
                TypeInner::Struct { members, .. } => {
                    Some(outer + members.get(index as usize)?.offset)
                }
                _ => None,
            }
        }
        _ => None,
    }
}

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

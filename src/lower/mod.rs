//! Lowering, per target: the ordered IR-to-IR passes that turn a
//! pipeline's module into target-shaped IR (the shared passes of
//! `passes`, which give WGSL's semantics, then the target's own), the IR
//! verifier after each, and the [`crate::valid::ModuleInfo`] the printer
//! reads. The printers in [`crate::back`] only print what this leaves;
//! each target's `write` chains the two.

pub mod msl;
pub mod spv;

pub use crate::passes::{Pass, PassFn};
pub use crate::unroll_policy::UnrollPolicy;

/// Inserts `pass` into `list` right after the pass named `after` (at the
/// end when there is none, e.g. when options leave it out).
fn insert_after<'a>(list: &mut Vec<Pass<'a>>, after: &str, pass: Pass<'a>) {
    let at = list
        .iter()
        .position(|p| p.name == after)
        .map_or(list.len(), |i| i + 1);
    list.insert(at, pass);
}

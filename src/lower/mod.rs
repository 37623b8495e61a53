//! Lowering, per target: the ordered IR-to-IR passes that turn a
//! pipeline's module into target-shaped IR (the shared passes of
//! `passes`, which give WGSL's semantics, then the target's own), the IR
//! verifier after each, and the [`crate::valid::ModuleInfo`] the printer
//! reads. The printers in [`crate::back`] only print what this leaves;
//! each target's `write` chains the two.

pub use crate::passes::{run, Pass, PassFn};
pub use crate::unroll_policy::UnrollPolicy;

/// The shared passes' options from a target's writer options (which name
/// them alike).
macro_rules! pass_options {
    ($options:expr) => {
        crate::passes::PassOptions {
            bounds_checks: $options.bounds_checks,
            zero_initialize_workgroup_memory: $options.zero_initialize_workgroup_memory,
            unroll: $options.unroll,
            buffers_robust_by_device: $options.buffers_robust_by_device,
            optimize: $options.optimize,
        }
    };
}

pub mod msl;
pub mod spv;

/// Inserts `pass` into `list` right after the pass named `after` (at the
/// end when there is none, e.g. when options leave it out).
fn insert_after<'a>(list: &mut Vec<Pass<'a>>, after: &str, pass: Pass<'a>) {
    let at = list
        .iter()
        .position(|p| p.name == after)
        .map_or(list.len(), |i| i + 1);
    list.insert(at, pass);
}

//! The validator: checks the IR against WGSL's rules that are not checked
//! while resolving (memory layout of host-shareable types, address spaces,
//! entry-point interfaces, stage restrictions, uniformity) and computes
//! [`ModuleInfo`] for the pipeline step and the backends.
//! STATUS: API contract; implemented by the validator work item.

use crate::diagnostic::{Diagnostic, Error};
use crate::ir::Module;
use crate::layout::Layout;

/// Facts about a module that later stages read instead of re-deriving.
#[derive(Clone, Debug, Default)]
pub struct ModuleInfo {
    /// Layout of every type, indexed by type handle.
    pub layouts: Vec<Layout>,
    /// Per-entry-point facts, parallel to `Module::entry_points`.
    pub entry_points: Vec<EntryPointInfo>,
    /// Warnings and infos (e.g. uniformity findings at warning severity).
    pub warnings: Vec<Diagnostic>,
}

/// Facts about one entry point.
#[derive(Clone, Debug, Default)]
pub struct EntryPointInfo {
    /// Functions reachable from the entry point (itself included), by index
    /// into `Module::functions`.
    pub functions: Vec<usize>,
    /// Global variables statically used, by index.
    pub globals: Vec<usize>,
    /// Whether any subgroup-matrix type or builtin is statically used.
    pub uses_subgroup_matrix: bool,
}

/// Validates a module.
pub fn validate(module: &Module) -> Result<ModuleInfo, Error> {
    let layouts = module
        .types
        .iter()
        .map(|(h, _)| crate::layout::layout(module, h))
        .collect();
    Ok(ModuleInfo {
        layouts,
        entry_points: vec![EntryPointInfo::default(); module.entry_points.len()],
        warnings: Vec::new(),
    })
}

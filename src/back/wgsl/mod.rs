//! The WGSL backend (round trips and tests). STATUS: API contract;
//! implemented by the WGSL writer work item.

use crate::diagnostic::{Diagnostic, Error};
use crate::ir::Module;
use crate::valid::ModuleInfo;
use crate::Span;

/// Writes a module as WGSL source.
pub fn write(module: &Module, info: &ModuleInfo) -> Result<String, Error> {
    let _ = (module, info);
    Err(Diagnostic::error("the WGSL writer is not implemented yet", Span::UNDEFINED).into())
}

//! The SPIR-V backend. STATUS: API contract; implemented by the SPIR-V work item.

use crate::diagnostic::{Diagnostic, Error};
use crate::pipeline::Pipeline;
use crate::valid::ModuleInfo;
use crate::Span;

/// SPIR-V writer options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// SPIR-V version (major, minor): (1, 3) for Vulkan 1.1 (the default),
    /// (1, 4), (1, 5) or (1, 6).
    pub version: (u8, u8),
}

impl Default for Options {
    fn default() -> Self {
        Options { version: (1, 3) }
    }
}

/// Writes a pipeline's module as SPIR-V words.
pub fn write(pipeline: &Pipeline, info: &ModuleInfo, options: &Options) -> Result<Vec<u32>, Error> {
    let _ = (pipeline, info, options);
    Err(Diagnostic::error("the SPIR-V writer is not implemented yet", Span::UNDEFINED).into())
}

//! The module-level writer.

use super::{Options, Translation};
use crate::diagnostic::{Diagnostic, Error};
use crate::pipeline::Pipeline;
use crate::valid::ModuleInfo;
use crate::Span;

/// Module-level writer state.
pub(super) struct Writer<'a> {
    _pipeline: &'a Pipeline,
}

impl<'a> Writer<'a> {
    /// Checks the options and prepares the writer.
    pub fn new(
        pipeline: &'a Pipeline,
        _info: &'a ModuleInfo,
        _options: &'a Options,
    ) -> Result<Self, Error> {
        Ok(Writer {
            _pipeline: pipeline,
        })
    }

    /// Writes the module.
    pub fn run(self) -> Result<Translation, Error> {
        Err(Diagnostic::error("MSL output is not supported yet", Span::UNDEFINED).into())
    }
}

//! The WGSL front end: [`parse_str`] lexes, parses and resolves a WGSL
//! source to an [`crate::ir::Module`].
//!
//! The stages inside (the lexer, the parser to an AST, the resolver) are
//! public only for the project's own benchmarks, fuzz targets and tests:
//! they are hidden from the documentation and are not part of the API.

#[doc(hidden)]
pub mod ast;
#[doc(hidden)]
pub mod lexer;
#[doc(hidden)]
pub mod parser;
#[doc(hidden)]
pub mod resolve;

use crate::diagnostic::{Diagnostic, Error};
use crate::ir::Module;

/// The result of parsing and resolving a WGSL source.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The module.
    pub module: Module,
    /// Warnings and infos produced while resolving.
    pub warnings: Vec<Diagnostic>,
}

/// Parses and resolves WGSL source text into an IR module.
pub fn parse_str(source: &str) -> Result<Parsed, Error> {
    let tu = parser::parse(source)?;
    resolve::resolve(tu)
}

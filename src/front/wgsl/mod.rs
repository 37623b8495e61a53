//! The WGSL front end: lexer, parser (to [`ast`]), and resolver (to
//! [`crate::ir`]).

pub mod ast;
pub mod lexer;
pub mod parser;
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
    resolve::resolve(&tu)
}

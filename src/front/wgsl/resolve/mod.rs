//! The resolver: names, types, overloads, abstract-numeric conversion,
//! const-evaluation, and lowering of the AST to IR.
//! STATUS: API contract; implemented by the resolver work item.

use super::ast::TranslationUnit;
use super::Parsed;
use crate::diagnostic::{Diagnostic, Error};
use crate::Span;

/// Resolves a parsed translation unit into an IR module.
pub fn resolve(tu: &TranslationUnit<'_>) -> Result<Parsed, Error> {
    let _ = tu;
    Err(Diagnostic::error("the WGSL resolver is not implemented yet", Span::UNDEFINED).into())
}

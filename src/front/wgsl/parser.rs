//! WGSL parser. STATUS: API contract; implemented by the parser work item.

use super::ast::TranslationUnit;
use crate::diagnostic::{Diagnostic, Error};
use crate::Span;

/// Maximum nesting depth of expressions, statements and template lists.
pub const MAX_NESTING_DEPTH: u32 = 128;

/// Parses WGSL source text into a translation unit.
pub fn parse(source: &str) -> Result<TranslationUnit<'_>, Error> {
    let _ = source;
    Err(Diagnostic::error("the WGSL parser is not implemented yet", Span::UNDEFINED).into())
}

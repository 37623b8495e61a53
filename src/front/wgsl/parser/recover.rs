//! Declaration-level recovery: after a syntax error in a module-scope
//! declaration, parsing goes on at the next declaration, so independent
//! syntax errors are all reported.
//!
//! The next declaration is the first token, from the failing one on, that
//! can start a declaration (`fn`, `struct`, `var`, `const`, `override`,
//! `alias`, `const_assert`, or an attribute's `@`) outside any braces,
//! counting braces from the start of the failed declaration (which is at
//! module scope). A missing `}` therefore swallows the rest of the file
//! (fewer errors, never invented ones). A module with a syntax error is not
//! resolved: its declarations are incomplete.

use super::Parser;
use crate::diagnostic::{Diagnostic, Severity};
use crate::front::wgsl::lexer::TokenKind;

/// Parsing stops after this many syntax errors.
pub(super) const MAX_SYNTAX_ERRORS: usize = 100;

impl Parser<'_> {
    /// Records a syntax error of the declaration that started at token
    /// `start`, and moves to the next declaration. Returns false (after
    /// adding a note) when the error limit is reached.
    pub(super) fn recover(&mut self, d: Diagnostic, start: usize) -> bool {
        self.errors.push(d);
        if self.errors.len() >= MAX_SYNTAX_ERRORS {
            self.errors.push(Diagnostic {
                severity: Severity::Info,
                ..Diagnostic::without_location(format!(
                    "too many errors: stopped after the first {MAX_SYNTAX_ERRORS}"
                ))
            });
            return false;
        }
        // The failed parse may have left nesting state behind.
        self.depth = 0;
        self.unary_stack.clear();
        let failed_at = self.pos;
        let mut braces = 0u32;
        let mut i = start;
        while let Some(tok) = self.tokens.get(i) {
            use TokenKind as K;
            let starts_decl = matches!(
                tok.kind,
                K::Fn
                    | K::Struct
                    | K::Var
                    | K::Const
                    | K::Override
                    | K::Alias
                    | K::ConstAssert
                    | K::At
            );
            // `i > start`: always make progress.
            if tok.kind == K::Eof || (braces == 0 && starts_decl && i >= failed_at && i > start) {
                break;
            }
            match tok.kind {
                K::BraceLeft => braces += 1,
                K::BraceRight => braces = braces.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
        self.seek(i.min(self.tokens.scanned().saturating_sub(1)));
        true
    }
}

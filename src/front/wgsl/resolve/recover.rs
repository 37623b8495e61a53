//! Error recovery: every independent error of a module is reported, not
//! only the first.
//!
//! Module-scope declarations are resolved independently (a failed one is
//! `GlobalItem::Poisoned`). Inside a function body, an error ends only the
//! statement it is in: it is reported, the names the statement declares
//! are bound to [`Local::Poisoned`], and resolution goes on with the next
//! statement. The headers of `if`, `switch` and loops recover on their own,
//! so their bodies are still checked.
//!
//! Follow-on errors are not reported: a use of a poisoned local or of a
//! declaration that failed gives a [`follow_on`] error, which is dropped
//! (an earlier error always explains it).
//!
//! At most [`MAX_ERRORS`] errors are reported: resolution stops there,
//! with a note saying so. The diagnostics are reported in source order.

use super::super::ast::{FnDecl, Stmt, StmtKind};
use super::scope::Local;
use super::{FnState, GlobalItem, Res, Resolver};
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::Type;
use crate::span::Span;

/// Resolution stops after this many errors.
pub(crate) const MAX_ERRORS: usize = 100;

/// How a follow-on error's message ends.
const HAS_ERRORS: &str = "' has errors";

/// The message of the error that unwinds resolution at the error limit
/// (never reported).
const STOPPED: &str = "resolution stopped: too many errors";

/// The error for a use of `name`, a declaration or local that failed to
/// resolve: dropped in favour of the earlier error that made it fail.
pub(crate) fn follow_on(name: &str, span: Span) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(format!("'{name}'{HAS_ERRORS}"), span)
            .with_note("the declaration failed to resolve"),
    )
}

/// Whether `d` only follows on from an earlier error (see [`follow_on`]),
/// or is the marker that unwinds resolution at the error limit.
pub(crate) fn is_follow_on(d: &Diagnostic) -> bool {
    d.message.ends_with(HAS_ERRORS) || (d.message == STOPPED && !d.located)
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// The number of errors reported so far.
    fn error_count(&self) -> usize {
        self.diags.iter().filter(|d| d.is_error()).count()
    }

    /// Reports `d`, unless it follows on from an earlier error. An error
    /// past the first [`MAX_ERRORS`] sets `stopped` instead; from then on
    /// this fails with a marker (itself never reported) so that resolution
    /// unwinds.
    pub(crate) fn report(&mut self, d: Box<Diagnostic>) -> Res<()> {
        if let Some(f) = &mut self.f {
            f.had_errors = true;
        }
        if !self.stopped {
            if is_follow_on(&d) && self.diags.iter().any(Diagnostic::is_error) {
                return Ok(());
            }
            if self.error_count() < MAX_ERRORS {
                self.diags.push(*d);
                return Ok(());
            }
            self.stopped = true;
        }
        Err(Box::new(Diagnostic::without_location(STOPPED)))
    }

    /// The value of `r`, or `None` after reporting its error (see
    /// [`Resolver::report`]): for parts of a statement whose failure
    /// should not stop the rest of it from being checked.
    pub(crate) fn attempt<T>(&mut self, r: Res<T>) -> Res<Option<T>> {
        match r {
            Ok(v) => Ok(Some(v)),
            Err(d) => self.report(d).map(|()| None),
        }
    }

    /// Resolves a statement, reporting its error and going on: the names
    /// it declares are then poisoned. Fails only at the error limit.
    pub(crate) fn stmt_recovering(&mut self, s: &Stmt<'a>) -> Res<()> {
        let Err(d) = self.stmt(s) else {
            return Ok(());
        };
        let name = match &s.kind {
            StmtKind::Var(v) => Some(v.name),
            StmtKind::Let(v) | StmtKind::Const(v) => Some(v.name),
            _ => None,
        };
        if let (Some(name), Some(f)) = (name, &mut self.f) {
            // A no-op when the name is already declared in this scope
            // (then the error was the redeclaration).
            f.declare(name, Local::Poisoned);
        }
        self.report(d)
    }

    /// Checks the body of a function whose signature failed to resolve
    /// (already reported), with every parameter poisoned; `result` is the
    /// return type, unless `result_unknown`. The function stays poisoned.
    pub(crate) fn body_only(
        &mut self,
        f: &'t FnDecl<'a>,
        result: Option<Handle<Type>>,
        result_unknown: bool,
    ) -> Res<GlobalItem> {
        let mut fs = FnState::new(crate::ir::Function::default());
        fs.result = result;
        fs.result_unknown = result_unknown;
        for p in &f.params {
            fs.declare(p.name, Local::Poisoned);
        }
        let saved = self.f.replace(fs);
        let stmts = std::mem::take(&mut self.body);
        let body = self.stmts(&stmts);
        self.f = saved;
        body.map(|()| GlobalItem::Poisoned)
    }

    /// Puts the diagnostics in source order (declarations are resolved
    /// callees first) and keeps the first [`MAX_ERRORS`] errors (and every
    /// warning), adding a note when errors were left out or resolution
    /// stopped early.
    pub(crate) fn finish_diagnostics(&mut self) {
        self.diags
            .sort_by_key(|d| d.location().map(|s| (s.start, s.end)));
        let mut errors = 0;
        let before = self.diags.len();
        self.diags.retain(|d| {
            if d.is_error() {
                errors += 1;
                errors <= MAX_ERRORS
            } else {
                true
            }
        });
        if self.stopped || self.diags.len() < before {
            self.diags.push(Diagnostic {
                severity: Severity::Info,
                ..Diagnostic::without_location(format!(
                    "too many errors: stopped after the first {MAX_ERRORS}"
                ))
            });
        }
    }
}

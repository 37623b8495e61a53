//! Adding function expressions and statements while maintaining the
//! `Emit` ranges (see the module doc of the resolver for the rule).

use super::{FnState, Res};
use crate::arena::{Handle, HandleRange};
use crate::ir::visit::needs_emit;
use crate::ir::{Block, Expression, Statement, Type};
use crate::Span;

impl FnState<'_> {
    /// Flushes the pending `Emit` range into the current block.
    pub fn flush(&mut self) {
        let end = self.func.expressions.len();
        if end > self.emit_start {
            let range = HandleRange::from_index_range(self.emit_start..end);
            if let Some(b) = self.blocks.last_mut() {
                b.push(Statement::Emit(range), Span::UNDEFINED);
            }
        }
        self.emit_start = end;
    }

    /// Adds an expression, keeping `Emit` ranges correct.
    pub fn add(&mut self, e: Expression, ty: Handle<Type>, span: Span) -> Handle<Expression> {
        if needs_emit(&e) {
            self.func.add_expression(e, ty, span)
        } else {
            self.flush();
            let h = self.func.add_expression(e, ty, span);
            self.emit_start = self.func.expressions.len();
            h
        }
    }

    /// Adds a statement to the current block (after flushing emits).
    pub fn push(&mut self, s: Statement, span: Span) {
        self.flush();
        if let Some(b) = self.blocks.last_mut() {
            b.push(s, span);
        }
    }

    /// Opens a nested block.
    pub fn open(&mut self) {
        self.flush();
        self.blocks.push(Block::new());
    }

    /// Closes the innermost block and returns it.
    pub fn close(&mut self) -> Block {
        self.flush();
        self.blocks.pop().unwrap_or_default()
    }

    /// Adds a `*Result` expression defined by the statement `make` builds.
    pub fn add_with_result(
        &mut self,
        result: Expression,
        ty: Handle<Type>,
        span: Span,
        make: impl FnOnce(Handle<Expression>) -> Statement,
    ) -> Res<Handle<Expression>> {
        self.flush();
        let h = self.add(result, ty, span);
        let s = make(h);
        self.push(s, span);
        Ok(h)
    }
}

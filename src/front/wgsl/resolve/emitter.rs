//! Adding function expressions and statements while maintaining the
//! `Emit` ranges (see the module doc of the resolver for the rule).

use super::{FnState, Res};
use crate::arena::{Handle, HandleRange};
use crate::ir::visit::needs_emit;
use crate::ir::{Block, Expression, Statement, Type};
use crate::span::Span;

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

    /// Takes expression `h` out of the `Emit` ranges of the current block
    /// (pending or already flushed), so an expression that turned out to be
    /// unused (wgpu's `&a[i]` argument, split into `&a` and `i`) is never
    /// evaluated. The caller guarantees nothing refers to `h`.
    pub fn unemit(&mut self, h: Handle<Expression>) {
        let i = h.index();
        if i >= self.emit_start {
            if i > self.emit_start {
                let range = HandleRange::from_index_range(self.emit_start..i);
                if let Some(b) = self.blocks.last_mut() {
                    b.push(Statement::Emit(range), Span::UNDEFINED);
                }
            }
            self.emit_start = i + 1;
            return;
        }
        let Some(b) = self.blocks.last_mut() else {
            return;
        };
        let found = b
            .statements
            .iter()
            .rposition(|s| matches!(s, Statement::Emit(r) if r.index_range().contains(&i)));
        let Some(at) = found else {
            return;
        };
        let Statement::Emit(r) = &b.statements[at] else {
            return;
        };
        let range = r.index_range();
        let span = b.spans[at];
        let mut parts = Vec::with_capacity(2);
        if range.start < i {
            parts.push(Statement::Emit(HandleRange::from_index_range(
                range.start..i,
            )));
        }
        if i + 1 < range.end {
            parts.push(Statement::Emit(HandleRange::from_index_range(
                i + 1..range.end,
            )));
        }
        let n = parts.len();
        b.statements.splice(at..=at, parts);
        b.spans.splice(at..=at, std::iter::repeat_n(span, n));
    }

    /// Opens a nested block (a working block from the pool).
    pub fn open(&mut self) {
        self.flush();
        let b = self.pool.pop().unwrap_or_default();
        self.blocks.push(b);
    }

    /// Closes the innermost block and returns it, exact-size: its
    /// statements move out of the working block, which goes back to the
    /// pool with its capacity (so blocks do not regrow, nor need
    /// shrinking, one by one).
    pub fn close(&mut self) -> Block {
        self.flush();
        let Some(mut work) = self.blocks.pop() else {
            return Block::new();
        };
        let mut out = Block::new();
        if !work.is_empty() {
            out.statements = work.statements.drain(..).collect();
            out.spans = work.spans.drain(..).collect();
        }
        self.pool.push(work);
        out
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

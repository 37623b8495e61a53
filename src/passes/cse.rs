//! Common subexpressions computed once.
//!
//! Unrolled loops repeat the same index arithmetic in every copy (`wm *
//! 64u`, `m0 + v / 8u`, ...). This pass gives every pure expression (no
//! memory read, no subgroup or matrix operation, no statement result) that
//! equals one already evaluated in an enclosing or earlier part of the same
//! block the earlier one's value: its users read the earlier expression and
//! it is no longer evaluated. Scopes follow blocks lexically, so an expression
//! is only reused where its first evaluation dominates and where the printers
//! keep it in scope.
//!
//! ```text
//! a[wm * 64u + 16u] = x; b[wm * 64u + 32u] = y;
//! ->
//! let t = wm * 64u; a[t + 16u] = x; b[t + 32u] = y;
//! ```
//!
//! Guarantee: the module computes the same values with no two evaluations
//! of equal pure expressions on one path.

use rustc_hash::{FxHashMap, FxHashSet};

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{visit, Expression, Literal, Statement, Type};
use crate::pipeline::Pipeline;
use crate::Span;

type H = Handle<Expression>;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    rewrite::run(p, &mut Cse::default());
    Ok(())
}

#[derive(Default)]
struct Cse {
    /// Available expressions per open block, innermost last.
    scopes: Vec<FxHashMap<(Expression, Handle<Type>), H>>,
    /// Duplicates and the expression that replaces them.
    replaced: FxHashMap<H, H>,
    /// `break if` conditions of the current function: they are read by a
    /// statement visited before them, so they are never replaced.
    keep: FxHashSet<H>,
    /// Per open block: whether it pushed a scope.
    pushed: Vec<bool>,
}

/// Whether an expression is pure and worth sharing.
fn shareable(e: &Expression) -> bool {
    matches!(
        e,
        Expression::Binary { .. }
            | Expression::Unary { .. }
            | Expression::Select { .. }
            | Expression::Math { .. }
            | Expression::Convert { .. }
            | Expression::Bitcast { .. }
            | Expression::Splat { .. }
            | Expression::Swizzle { .. }
            | Expression::Compose { .. }
            | Expression::Access { .. }
            | Expression::AccessIndex { .. }
            | Expression::ArrayLength(_)
    )
}

impl Cse {
    fn remap(&self, h: &mut H) {
        if let Some(&r) = self.replaced.get(h) {
            *h = r;
        }
    }
}

impl FunctionPass for Cse {
    fn begin_function(&mut self, cx: &mut Cx) {
        self.scopes.clear();
        self.pushed.clear();
        self.replaced.clear();
        self.keep.clear();
        visit::walk_statements(&cx.f.body, |st, _| {
            if let Statement::Loop {
                break_if: Some(b), ..
            } = st
            {
                self.keep.insert(*b);
            }
        });
    }

    fn enter_block(&mut self, _plain: bool) {
        // Every block is a scope, also a compound statement's: the printers
        // declare what a block evaluates inside the target's block, so it is
        // not visible after it.
        self.scopes.push(FxHashMap::default());
        self.pushed.push(true);
    }

    fn exit_block(&mut self, _plain: bool) {
        if self.pushed.pop() == Some(true) {
            self.scopes.pop();
        }
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let mut e = cx.f.expressions[h].clone();
        visit::operands_mut(&mut e, |o| self.remap(o));
        if !shareable(&e) {
            cx.f.expressions[h] = e;
            return;
        }
        let key = (e, cx.ty(h));
        let found = self.scopes.iter().rev().find_map(|s| s.get(&key)).copied();
        match found {
            Some(first) if !self.keep.contains(&h) && !cx.f.named_expressions.contains_key(&h) => {
                self.replaced.insert(h, first);
                // No longer evaluated (a leaf is left out of its Emit).
                cx.f.expressions[h] = Expression::Literal(Literal::Bool(false));
            }
            _ => {
                cx.f.expressions[h] = key.0.clone();
                if let Some(scope) = self.scopes.last_mut() {
                    scope.insert(key, h);
                }
            }
        }
    }

    fn statement(&mut self, _cx: &mut Cx, st: &mut Statement, _span: Span) {
        visit::statement_handles_mut(st, |o| self.remap(o));
    }
}

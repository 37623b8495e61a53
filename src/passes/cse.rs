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

use std::hash::BuildHasher;

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{visit, Expression, Literal, Statement};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    rewrite::run(p, &mut Cse::default());
    Ok(())
}

#[derive(Default)]
struct Cse {
    /// The available expressions, all open blocks together: each entry is
    /// an evaluated expression and the entry it shadows in `heads` (same
    /// hash), pushed in evaluation order and popped when its block ends.
    /// No expression is available twice (a duplicate is replaced, never
    /// added), so one table serves every scope.
    entries: Vec<Entry>,
    /// Per bucket (the low bits of the hash of (expression, type)): the
    /// newest entry in it (`NONE`: none). A power of two at least twice
    /// the function's expressions, so that chains stay short; entries of
    /// a chain with another hash are skipped, which keeps the newest-first
    /// order of those with the same hash.
    heads: Vec<u32>,
    /// Whether any expression of the current function was replaced (no
    /// operand needs remapping until one is).
    any_replaced: bool,
    /// Per open block: the length of `entries` when it was entered.
    scopes: Vec<u32>,
    /// Per expression: the expression that replaces it (a duplicate).
    replaced: Vec<Option<H>>,
    /// Per expression: a `break if` condition of the current function. They
    /// are read by a statement visited before them, so they are never
    /// replaced.
    keep: Vec<bool>,
}

/// An available expression.
struct Entry {
    hash: u64,
    h: H,
    /// The entry of the same bucket it shadows (`u32::MAX`: none).
    next: u32,
}

const NONE: u32 = u32::MAX;

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

fn remap(replaced: &[Option<H>], h: &mut H) {
    if let Some(&Some(r)) = replaced.get(h.index()) {
        *h = r;
    }
}

impl Cse {
    /// The available expression equal to `h` (same expression and type).
    fn find(&self, f: &crate::ir::Function, hash: u64, h: H) -> Option<H> {
        let mut at = self.heads[self.bucket(hash)];
        let (e, ty) = (&f.expressions[h], f.expression_type(h));
        while at != NONE {
            let entry = &self.entries[at as usize];
            if entry.hash == hash
                && f.expression_type(entry.h) == ty
                && f.expressions[entry.h] == *e
            {
                return Some(entry.h);
            }
            at = entry.next;
        }
        None
    }

    fn bucket(&self, hash: u64) -> usize {
        // `heads.len()` is a power of two.
        ((hash ^ (hash >> 32)) as usize) & (self.heads.len() - 1)
    }

    fn add(&mut self, hash: u64, h: H) {
        let at = self.entries.len() as u32;
        let b = self.bucket(hash);
        let next = std::mem::replace(&mut self.heads[b], at);
        self.entries.push(Entry { hash, h, next });
    }
}

impl FunctionPass for Cse {
    fn begin_function(&mut self, cx: &mut Cx) {
        self.scopes.clear();
        self.any_replaced = false;
        let n = cx.f.expressions.len();
        // Every entry is popped when its block ends, so the table is
        // empty again after each function (emptied here otherwise); it
        // only grows.
        let buckets = (2 * n).next_power_of_two().max(16);
        if self.heads.len() < buckets {
            self.heads.clear();
            self.heads.resize(buckets, NONE);
        } else if !self.entries.is_empty() {
            self.heads.fill(NONE);
        }
        self.entries.clear();
        self.replaced.clear();
        self.replaced.resize(n, None);
        self.keep.clear();
        self.keep.resize(n, false);
        let keep = &mut self.keep;
        crate::ir::visit::walk_statements(&cx.f.body, |st, _| {
            if let Statement::Loop {
                break_if: Some(b), ..
            } = st
            {
                if let Some(k) = keep.get_mut(b.index()) {
                    *k = true;
                }
            }
        });
    }

    fn enter_block(&mut self, _plain: bool) {
        // Every block is a scope, also a compound statement's: the printers
        // declare what a block evaluates inside the target's block, so it is
        // not visible after it.
        self.scopes.push(self.entries.len() as u32);
    }

    fn exit_block(&mut self, _plain: bool) {
        let Some(start) = self.scopes.pop() else {
            return;
        };
        // Newest first: each popped entry is the head of its hash.
        while self.entries.len() > start as usize {
            let Some(entry) = self.entries.pop() else {
                break;
            };
            let b = self.bucket(entry.hash);
            self.heads[b] = entry.next;
        }
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        if self.any_replaced {
            let replaced = &self.replaced;
            visit::operands_mut(&mut cx.f.expressions[h], |o| remap(replaced, o));
        }
        if !shareable(&cx.f.expressions[h]) {
            return;
        }
        let hash = rustc_hash::FxBuildHasher.hash_one((&cx.f.expressions[h], cx.ty(h)));
        match self.find(cx.f, hash, h) {
            Some(first)
                if !self.keep.get(h.index()).copied().unwrap_or(false)
                    && !cx.f.named_expressions.contains_key(&h) =>
            {
                if let Some(r) = self.replaced.get_mut(h.index()) {
                    *r = Some(first);
                    self.any_replaced = true;
                }
                // No longer evaluated (a leaf is left out of its Emit).
                cx.f.expressions[h] = Expression::Literal(Literal::Bool(false));
            }
            _ => {
                if !self.scopes.is_empty() {
                    self.add(hash, h);
                }
            }
        }
    }

    fn statement(&mut self, _cx: &mut Cx, st: &mut Statement, _span: Span) {
        if !self.any_replaced {
            return;
        }
        let replaced = &self.replaced;
        visit::statement_handles_mut(st, |o| remap(replaced, o));
    }
}

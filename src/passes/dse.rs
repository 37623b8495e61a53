//! Removal of dead zero-initialising stores to subgroup-matrix variables.
//!
//! Every local variable is initialised by an explicit store where it is
//! declared. For `var la: array<Left, 4>;` declared inside a loop and then
//! filled element by element, those zero stores (after [`super::sroa`], one
//! per element variable) run on every iteration, and drivers may keep the
//! matrices in memory because of them. A `Store(v, ZeroValue)` to a local `v`
//! whose type contains a subgroup matrix is removed when, going forward in
//! straight-line code (the same block, entering nested plain blocks), `v` is
//! stored again before anything else mentions it. Any other control flow in
//! between keeps the store.

use crate::arena::Handle;
use crate::ir::{Block, Expression, Function, LocalVariable, Module, Statement};

use crate::ir::visit;

type H = Handle<Expression>;

/// Removes dead zero-initialising stores in every function.
pub fn run(module: &mut Module) {
    let has_matrix = crate::analysis::matrix_types(module);
    let mut functions = std::mem::take(&mut module.functions);
    for (_, f) in functions.iter_mut() {
        // The stores it drops are to locals: a function without any is
        // not walked.
        if f.local_variables.is_empty() {
            continue;
        }
        let mut body = std::mem::take(&mut f.body);
        block(f, &has_matrix, &mut body);
        f.body = body;
    }
    module.functions = functions;
}

/// What a statement does to variable `v`.
enum Effect {
    /// Nothing.
    None,
    /// Overwrites it without reading it.
    Kill,
    /// Reads it, or might: the zero store must stay.
    Keep,
}

fn block(f: &Function, has_matrix: &[bool], b: &mut Block) {
    let mut i = 0;
    while i < b.statements.len() {
        visit::child_blocks_mut(&mut b.statements[i], |inner| block(f, has_matrix, inner));
        if let Some(v) = zero_store_target(f, has_matrix, &b.statements[i]) {
            if killed_later(f, v, &b.statements[i + 1..]) {
                b.statements.remove(i);
                b.spans.remove(i);
                continue;
            }
        }
        i += 1;
    }
}

fn local_of(f: &Function, h: H) -> Option<Handle<LocalVariable>> {
    match f.expressions.try_get(h)? {
        Expression::LocalVariable(v) => Some(*v),
        _ => None,
    }
}

fn zero_store_target(
    f: &Function,
    has_matrix: &[bool],
    s: &Statement,
) -> Option<Handle<LocalVariable>> {
    let Statement::Store { pointer, value } = s else {
        return None;
    };
    let v = local_of(f, *pointer)?;
    let ty = f.local_variables.try_get(v)?.ty;
    if !has_matrix.get(ty.index()).copied().unwrap_or(false) {
        return None;
    }
    match f.expressions.try_get(*value)? {
        Expression::ZeroValue(_) => Some(v),
        _ => None,
    }
}

/// Whether `v` is overwritten in `rest` before anything may read it.
fn killed_later(f: &Function, v: Handle<LocalVariable>, rest: &[Statement]) -> bool {
    matches!(scan(f, v, rest), Effect::Kill)
}

fn scan(f: &Function, v: Handle<LocalVariable>, rest: &[Statement]) -> Effect {
    for s in rest {
        let e = match s {
            Statement::Block(b) => scan(f, v, &b.statements),
            Statement::Emit(r) => {
                let mut reads = false;
                for h in r.clone() {
                    if let Some(e) = f.expressions.try_get(h) {
                        visit::operands(e, |o| reads |= local_of(f, o) == Some(v));
                    }
                }
                if reads {
                    Effect::Keep
                } else {
                    Effect::None
                }
            }
            Statement::Store { pointer, value } if local_of(f, *pointer) == Some(v) => {
                if local_of(f, *value) == Some(v) {
                    Effect::Keep
                } else {
                    Effect::Kill
                }
            }
            Statement::If { .. }
            | Statement::Switch { .. }
            | Statement::Loop { .. }
            | Statement::Break
            | Statement::Continue
            | Statement::Return { .. } => Effect::Keep,
            other => {
                let mut uses = false;
                visit::statement_operands(other, |o| uses |= local_of(f, o) == Some(v));
                if uses {
                    Effect::Keep
                } else {
                    Effect::None
                }
            }
        };
        match e {
            Effect::None => {}
            done => return done,
        }
    }
    Effect::None
}

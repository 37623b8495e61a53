//! Override-expressions that SPIR-V specialization constants cannot
//! express, computed where they are read (SPIR-V only; with the pipeline
//! option `spec_constants`, which leaves overrides without a value
//! symbolic: `pipeline::spec`).
//!
//! A symbolic override-expression ([`Pipeline::global_values`] `None`)
//! whose operation has no specialization-constant form
//! ([`crate::analysis::spec_ops::forms`]: floating-point arithmetic,
//! builtin functions, dynamic indices) is computed in each function that
//! reads it, at the start of the function, from copies of its operands
//! down to the parts SPIR-V can express, which stay `OverrideExpr` leaves
//! (the printer writes them as `OpSpecConstantOp`). A private variable
//! whose initialiser is such an expression loses it, and each chosen entry
//! point that uses the variable stores it first.
//!
//! ```text
//! override s: f32;  (symbolic)
//! fn f() -> f32 { return s * 2.0; }   ->   fn f() -> f32 { let t = s * 2.0; return t; }
//! ```
//! (`s * 2.0` is float arithmetic: no `OpSpecConstantOp`; `s` stays a
//! specialization constant.)
//!
//! Guarantee: after this pass every `OverrideExpr` of a function reads a
//! global expression with a value or a specialization-constant form.

use rustc_hash::FxHashMap;

use crate::analysis::spec_ops::{forms, Form};
use crate::arena::{Handle, HandleRange};
use crate::ir::{
    visit, AddressSpace, Block, Expression, Function, GlobalVariable, Module, SpecConstant,
    Statement, Type, TypeInner,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass: nothing to do unless the pipeline left override-
/// expressions symbolic.
pub fn run(p: &mut Pipeline) {
    if !p.global_values.iter().any(Option::is_none) {
        return;
    }
    let symbolic: Vec<bool> = p.global_values.iter().map(Option::is_none).collect();
    let forms = forms(&p.module, &symbolic, &p.spec_constants);
    if !forms.contains(&Form::Runtime) {
        return;
    }
    let info = crate::valid::analyze(&p.module);
    let entry_globals: Vec<(Handle<Function>, Vec<usize>)> = p
        .entry_points
        .iter()
        .filter_map(|&i| {
            let ep = p.module.entry_points.get(i)?;
            Some((ep.function, info.entry_points.get(i)?.globals.clone()))
        })
        .collect();
    materialize(&mut p.module, &forms, &p.spec_constants, &entry_globals);
}

/// Follows derived overrides and same-type conversions to the expression
/// that computes a value.
fn computing(module: &Module, spec: &[Option<SpecConstant>], mut g: H) -> H {
    for _ in 0..module.global_expressions.len() {
        match module.global_expressions.try_get(g) {
            Some(&Expression::Override(o)) if spec.get(o.index()).copied().flatten().is_none() => {
                match module.overrides.try_get(o).and_then(|d| d.init) {
                    Some(init) => g = init,
                    None => return g,
                }
            }
            _ => return g,
        }
    }
    g
}

/// Copies global expressions of form [`Form::Runtime`] into one function.
struct Copier<'a> {
    module: &'a Module,
    forms: &'a [Form],
    spec: &'a [Option<SpecConstant>],
    /// Copies made so far, by global expression.
    memo: FxHashMap<H, H>,
    /// New expressions that need evaluation, in evaluation order.
    order: Vec<H>,
}

impl Copier<'_> {
    /// The function expression holding the value of global expression `g`
    /// (a leaf `OverrideExpr` for `Const` and `Spec` forms).
    fn copy(&mut self, f: &mut Function, g: H) -> H {
        if let Some(&h) = self.memo.get(&g) {
            return h;
        }
        // Iterative post-order: chains of global expressions can be long.
        let mut stack = vec![(g, false)];
        while let Some((n, expanded)) = stack.pop() {
            if self.memo.contains_key(&n) {
                continue;
            }
            let ty = self.module.global_expression_types[n.index()];
            let span = self.module.global_expressions.span(n);
            if self.forms.get(n.index()).copied() != Some(Form::Runtime) {
                let h = f.add_expression(Expression::OverrideExpr(n), ty, span);
                self.memo.insert(n, h);
                continue;
            }
            let src = computing(self.module, self.spec, n);
            let expr = &self.module.global_expressions[src];
            if !expanded {
                stack.push((n, true));
                visit::operands(expr, |op| {
                    if !self.memo.contains_key(&op) {
                        stack.push((op, false));
                    }
                });
                continue;
            }
            let copied = match *expr {
                // An override-expression of an override-expression (IR
                // built by other means): its value.
                Expression::OverrideExpr(inner) => {
                    let h = self.copy(f, inner);
                    self.memo.insert(n, h);
                    continue;
                }
                ref other => visit::map_operands(other, |op| self.memo[&op]),
            };
            let h = f.add_expression(copied, ty, span);
            self.order.push(h);
            self.memo.insert(n, h);
        }
        self.memo[&g]
    }

    /// The expression `g` computes, with its operands copied (to replace
    /// a function's `OverrideExpr(g)` in place).
    fn root(&mut self, f: &mut Function, g: H) -> Expression {
        let src = computing(self.module, self.spec, g);
        let expr = self.module.global_expressions[src].clone();
        let mut ops = Vec::new();
        visit::operands(&expr, |op| ops.push(op));
        let copies: FxHashMap<H, H> = ops.iter().map(|&op| (op, self.copy(f, op))).collect();
        visit::map_operands(&expr, |op| copies[&op])
    }
}

/// `Emit`s covering `handles` (which need evaluation) in order.
fn emits(handles: &[H], out: &mut Block) {
    let mut run: Option<(usize, usize)> = None;
    for h in handles {
        let i = h.index();
        match run {
            Some((s, e)) if e == i => run = Some((s, i + 1)),
            Some((s, e)) => {
                out.push(
                    Statement::Emit(HandleRange::from_index_range(s..e)),
                    Span::UNDEFINED,
                );
                run = Some((i, i + 1));
            }
            None => run = Some((i, i + 1)),
        }
    }
    if let Some((s, e)) = run {
        out.push(
            Statement::Emit(HandleRange::from_index_range(s..e)),
            Span::UNDEFINED,
        );
    }
}

/// Removes `handles` from every `Emit` of `block` (splitting ranges).
fn uncover(block: &mut Block, handles: &rustc_hash::FxHashSet<usize>) {
    visit::walk_blocks_mut(block, &mut |b: &mut Block| {
        let old = b.take_statements();
        for (st, span) in old {
            match st {
                Statement::Emit(range) => {
                    let r = range.index_range();
                    let mut start = r.start;
                    for i in r.clone() {
                        if handles.contains(&i) {
                            if i > start {
                                b.push(
                                    Statement::Emit(HandleRange::from_index_range(start..i)),
                                    span,
                                );
                            }
                            start = i + 1;
                        }
                    }
                    if r.end > start {
                        b.push(
                            Statement::Emit(HandleRange::from_index_range(start..r.end)),
                            span,
                        );
                    }
                }
                other => b.push(other, span),
            }
        }
    });
}

/// Computes, in the functions that read them, the override-expressions
/// SPIR-V cannot write as constant instructions ([`Form::Runtime`]): each
/// function's `OverrideExpr` of such an expression becomes the operation
/// itself, evaluated at the start of the function from copies of its
/// operands (down to the expressible parts, which stay `OverrideExpr`
/// leaves). A private variable whose initialiser is `Runtime` loses it and
/// is stored at the start of each chosen entry point that uses it
/// (`entry_globals`: the entry point's function and the globals it uses).
fn materialize(
    module: &mut Module,
    forms: &[Form],
    spec: &[Option<SpecConstant>],
    entry_globals: &[(Handle<Function>, Vec<usize>)],
) {
    let runtime = |g: H| forms.get(g.index()).copied() == Some(Form::Runtime);
    // Private variables whose initialiser must be stored by the entry
    // points, with the type of a pointer to them.
    let candidates: Vec<(Handle<GlobalVariable>, H, Handle<Type>)> = module
        .global_variables
        .iter()
        .filter_map(|(h, var)| match (var.space, var.init) {
            (AddressSpace::Private, Some(init)) if runtime(init) => Some((h, init, var.ty)),
            _ => None,
        })
        .collect();
    let stored: Vec<(Handle<GlobalVariable>, H, Handle<Type>)> = candidates
        .into_iter()
        .map(|(h, init, ty)| {
            let pty = module.intern(TypeInner::Pointer {
                base: ty,
                space: AddressSpace::Private,
                access: crate::ir::Access::ReadWrite,
            });
            (h, init, pty)
        })
        .collect();
    let mut functions = std::mem::take(&mut module.functions);
    for (fh, f) in functions.iter_mut() {
        let targets: Vec<(H, H)> = f
            .expressions
            .iter()
            .filter_map(|(h, e)| match *e {
                Expression::OverrideExpr(g) if runtime(g) => Some((h, g)),
                _ => None,
            })
            .collect();
        let stores: Vec<(Handle<GlobalVariable>, H, Handle<Type>)> = entry_globals
            .iter()
            .filter(|(ef, _)| *ef == fh)
            .flat_map(|(_, globals)| {
                stored
                    .iter()
                    .filter(|(g, _, _)| globals.contains(&g.index()))
                    .copied()
                    .collect::<Vec<_>>()
            })
            .collect();
        if targets.is_empty() && stores.is_empty() {
            continue;
        }
        let mut copier = Copier {
            module,
            forms,
            spec,
            memo: FxHashMap::default(),
            order: Vec::new(),
        };
        let mut prologue = Block::new();
        let mut replaced = rustc_hash::FxHashSet::default();
        for &(h, g) in &targets {
            let root = copier.root(f, g);
            emits(&std::mem::take(&mut copier.order), &mut prologue);
            f.expressions[h] = root;
            replaced.insert(h.index());
            if visit::needs_emit(&f.expressions[h]) {
                emits(&[h], &mut prologue);
            }
        }
        for &(g, init, pty) in &stores {
            let value = copier.copy(f, init);
            emits(&std::mem::take(&mut copier.order), &mut prologue);
            let span = module.global_variables.span(g);
            let p = f.add_expression(Expression::GlobalVariable(g), pty, span);
            prologue.push(Statement::Store { pointer: p, value }, span);
        }
        uncover(&mut f.body, &replaced);
        let body = std::mem::take(&mut f.body);
        for (st, span) in body {
            prologue.push(st, span);
        }
        f.body = prologue;
    }
    module.functions = functions;
    for (g, _, _) in stored {
        module.global_variables[g].init = None;
    }
}

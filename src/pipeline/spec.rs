//! Overrides as SPIR-V specialization constants
//! ([`super::PipelineOptions::spec_constants`]).
//!
//! With the option on, every override that is given no value in the
//! options stays symbolic: the pipeline step does not evaluate it, nor any
//! override-expression that reads it (their entries in
//! [`super::Pipeline::global_values`] are `None`), and the SPIR-V writer
//! emits them as specialization constants, which the application sets at
//! `vkCreateComputePipelines` (`VkSpecializationInfo`):
//! - an override with no value whose default is absent or does not depend
//!   on another symbolic override is a *specialization constant* of its
//!   own: `OpSpecConstant` (`OpSpecConstantTrue`/`False` for `bool`)
//!   decorated with `SpecId`, the `@id` when it has one, otherwise the
//!   smallest id no `@id` of the module uses (in declaration order, over
//!   all the module's overrides, so the ids do not depend on the chosen
//!   entry points). Its literal is the default, or the zero value of its
//!   type when it has none: the application must then supply a value;
//! - an override whose default reads a symbolic override (`override b =
//!   a * 2;`) is *derived*: it is that expression, not a specialization
//!   constant of its own (it cannot be set independently; give it a value
//!   in the options to fix it);
//! - an override-expression that reads a symbolic override is an
//!   `OpSpecConstantOp` (or `OpSpecConstantComposite`) when SPIR-V allows
//!   its operation under the `Shader` capability (see [`spec_op`]: integer
//!   and boolean arithmetic, comparisons, bit operations, `select`,
//!   conversions between `i32`, `u32` and `bool`, composites, swizzles and
//!   constant indices); otherwise ([`Form::Runtime`]: floating-point
//!   arithmetic, builtin functions, dynamic indices) it is computed in each
//!   function that reads it, at the start of the function
//!   ([`materialize`]), from the parts SPIR-V can express. Array element
//!   counts and workgroup sizes must be expressible, or the pipeline step
//!   reports an error at the expression.
//!
//! Specialization-constant operations compute WGSL's *runtime* results:
//! integer division and remainder by zero (and `i32` `MIN / -1`) use a
//! divisor of 1, shift amounts are masked to the bit width, arithmetic
//! wraps. What WGSL makes a pipeline-creation error for an
//! override-expression (division by zero, overflow, out-of-range values,
//! a workgroup size over the device limits) cannot be checked before the
//! values are known: the application must not supply such values.

use rustc_hash::FxHashMap;

use crate::arena::{Handle, HandleRange};
use crate::ir::{
    visit, AddressSpace, Block, Expression, Function, GlobalVariable, Module, Statement, Type,
    TypeInner,
};
use crate::span::Span;

type H = Handle<Expression>;

pub use crate::ir::SpecConstant;

/// The `SpecId` of every override of the module: its `@id`, or the
/// smallest id not used by any `@id` nor assigned before it (declaration
/// order).
pub fn assign_ids(module: &Module) -> Vec<u32> {
    let explicit: rustc_hash::FxHashSet<u32> = module
        .overrides
        .iter()
        .filter_map(|(_, o)| o.id.map(u32::from))
        .collect();
    let mut next = 0u32;
    module
        .overrides
        .iter()
        .map(|(_, o)| match o.id {
            Some(id) => u32::from(id),
            None => {
                while explicit.contains(&next) {
                    next += 1;
                }
                next += 1;
                next - 1
            }
        })
        .collect()
}

/// The specialization constant of each symbolic override whose default
/// does not read another symbolic override (the others are derived).
pub(super) fn constants(
    module: &Module,
    symbolic_override: &[bool],
    symbolic: &[bool],
    values: &[Option<crate::const_eval::Value>],
) -> Vec<Option<SpecConstant>> {
    let ids = assign_ids(module);
    module
        .overrides
        .iter()
        .map(|(h, o)| {
            if !symbolic_override.get(h.index()).copied().unwrap_or(false) {
                return None;
            }
            let scalar = match module.types.try_get(o.ty).map(|t| &t.inner) {
                Some(TypeInner::Scalar(s)) => *s,
                _ => return None,
            };
            let default = match o.init {
                None => crate::ir::Literal::zero(scalar),
                Some(init) if symbolic.get(init.index()).copied().unwrap_or(false) => return None,
                Some(init) => match values.get(init.index()).cloned().flatten() {
                    Some(crate::const_eval::Value::Scalar(l)) => {
                        // An abstract default (IR built by other means) takes the
                        // override's type.
                        crate::const_eval::convert(&crate::const_eval::Value::Scalar(l), scalar)
                            .ok()
                            .and_then(|v| match v {
                                crate::const_eval::Value::Scalar(l) => Some(l),
                                _ => None,
                            })
                            .unwrap_or(l)
                    }
                    // The default failed to evaluate (reported when needed).
                    _ => crate::ir::Literal::zero(scalar),
                },
            };
            Some(SpecConstant {
                spec_id: ids[h.index()],
                default,
                has_default: o.init.is_some(),
            })
        })
        .collect()
}

/// Which global expressions read a symbolic override (directly, through
/// operands, or through a derived override). `symbolic_override[o]` marks
/// the overrides that got no value.
pub fn symbolic_expressions(module: &Module, symbolic_override: &[bool]) -> Vec<bool> {
    let n = module.global_expressions.len();
    let mut out = vec![false; n];
    // Operands precede their users except through override initialisers,
    // which `Override` does not read as an operand: one forward sweep.
    for (h, e) in module.global_expressions.iter() {
        let s = match *e {
            Expression::Override(o) => symbolic_override.get(o.index()).copied().unwrap_or(false),
            ref other => {
                let mut any = false;
                for op in super::eval::operands(other) {
                    any |= out.get(op.index()).copied().unwrap_or(false);
                }
                any
            }
        };
        out[h.index()] = s;
    }
    out
}

/// How a global expression is written with specialization constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// It has a value ([`super::Pipeline::global_values`]).
    Const,
    /// A specialization constant or a specialization-constant instruction
    /// ([`spec_op`]).
    Spec,
    /// Computed in the functions that read it ([`materialize`]).
    Runtime,
}

pub use crate::analysis::spec_ops::{spec_op, spec_op_operands, SpecOp};

/// The [`Form`] of every global expression: `Const` where it is not
/// symbolic, `Spec` where [`spec_op`] writes it from `Const`/`Spec`
/// operands, `Runtime` otherwise.
pub fn forms(module: &Module, symbolic: &[bool], spec: &[Option<SpecConstant>]) -> Vec<Form> {
    let n = module.global_expressions.len();
    let mut out: Vec<Form> = (0..n)
        .map(|i| {
            if symbolic.get(i).copied().unwrap_or(false) {
                Form::Spec
            } else {
                Form::Const
            }
        })
        .collect();
    // Demotions only: repeat the sweep while a derived override's
    // initialiser, declared after its use, changed.
    loop {
        let mut changed = false;
        for i in 0..n {
            if out[i] != Form::Spec {
                continue;
            }
            let ok = match spec_op(module, spec, Handle::from_index(i)) {
                Some(op) => spec_op_operands(&op)
                    .iter()
                    .all(|o| out.get(o.index()).is_some_and(|f| *f != Form::Runtime)),
                None => false,
            };
            if !ok {
                out[i] = Form::Runtime;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out
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
pub fn materialize(
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

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
    visit, AddressSpace, BinaryOperator as B, Block, Expression, Function, GlobalVariable, Literal,
    Module, Override, Scalar, Statement, Type, TypeInner, UnaryOperator, VectorSize,
};
use crate::span::Span;

type H = Handle<Expression>;

/// An override emitted as a specialization constant of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpecConstant {
    /// The `SpecId` decoration: the `@id`, or an id assigned by
    /// [`assign_ids`].
    pub spec_id: u32,
    /// The literal of the `OpSpecConstant`: the override's default, or the
    /// zero value of its type when it has none.
    pub default: Literal,
    /// Whether the override declares a default; without one the
    /// application must supply a value.
    pub has_default: bool,
}

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

/// How a symbolic global expression is written as a SPIR-V constant
/// instruction. Operands are global expressions of form [`Form::Const`] or
/// [`Form::Spec`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecOp {
    /// `OpSpecConstant*` of an override with a [`SpecConstant`].
    Scalar(Handle<Override>),
    /// The value of another global expression (a derived override, a
    /// conversion to the same type).
    Same(H),
    /// `OpSpecConstantComposite` of the parts.
    Composite(Vec<H>),
    /// `OpSpecConstantComposite` of `n` copies of a scalar.
    Splat(H, u32),
    /// `VectorShuffle` of a vector with itself.
    Shuffle(H, Vec<u32>),
    /// `CompositeExtract` of one component, column, element or member.
    Extract(H, u32),
    /// A unary operation (`SNegate`, `Not`, `LogicalNot`).
    Unary(spirv::Op, H),
    /// A binary operation whose SPIR-V opcode is given.
    Binary(spirv::Op, H, H),
    /// Integer `/` (`rem` false) or `%` (`rem` true) with WGSL's runtime
    /// results: the divisor is replaced by 1 where it is 0 (or where a
    /// signed `MIN` is divided by -1).
    Divide {
        /// `i32` operands.
        signed: bool,
        /// `%` rather than `/`.
        rem: bool,
        /// Dividend.
        left: H,
        /// Divisor.
        right: H,
    },
    /// A shift (`ShiftLeftLogical`, `ShiftRightLogical`,
    /// `ShiftRightArithmetic`) with the amount masked to the bit width.
    Shift(spirv::Op, H, H),
    /// `Select(condition, accept, reject)`.
    Select(H, H, H),
    /// An `i32` <-> `u32` conversion or bitcast: `IAdd` with a zero of the
    /// result type (SPIR-V has no same-width `SConvert`).
    Reinterpret(H),
    /// `bool` -> integer: `Select(b, 1, 0)`.
    FromBool(H),
    /// Integer -> `bool`: `INotEqual(x, 0)`.
    ToBool(H),
}

/// The scalar and vector size of a scalar or vector type.
fn shape(module: &Module, ty: Handle<Type>) -> Option<(Scalar, Option<VectorSize>)> {
    match module.types.try_get(ty)?.inner {
        TypeInner::Scalar(s) => Some((s, None)),
        TypeInner::Vector { size, scalar } => Some((scalar, Some(size))),
        _ => None,
    }
}

fn is_int(s: Scalar) -> bool {
    matches!(s, Scalar::I32 | Scalar::U32)
}

/// How the global expression `h` is written as a SPIR-V constant
/// instruction under the `Shader` capability, or `None` when SPIR-V has no
/// specialization-constant form of its operation. `spec` gives each
/// override's [`SpecConstant`] (`None` for a derived one). Operand forms
/// are not checked here.
pub fn spec_op(module: &Module, spec: &[Option<SpecConstant>], h: H) -> Option<SpecOp> {
    let e = module.global_expressions.try_get(h)?;
    let ty = |h: H| module.global_expression_types.get(h.index()).copied();
    let shape_of = |h: H| ty(h).and_then(|t| shape(module, t));
    Some(match *e {
        Expression::Override(o) => match spec.get(o.index()).copied().flatten() {
            Some(_) => SpecOp::Scalar(o),
            None => SpecOp::Same(module.overrides.try_get(o)?.init?),
        },
        Expression::OverrideExpr(g) => SpecOp::Same(g),
        Expression::Compose { ty, ref components } => {
            if let TypeInner::Vector { .. } = module.types.try_get(ty)?.inner {
                // Vector parts would need flattening by extracts.
                if components
                    .iter()
                    .any(|&c| shape_of(c).is_none_or(|(_, size)| size.is_some()))
                {
                    return None;
                }
            }
            SpecOp::Composite(components.clone())
        }
        Expression::Splat { size, value } => SpecOp::Splat(value, size.get()),
        Expression::Swizzle {
            size,
            vector,
            pattern,
        } => SpecOp::Shuffle(
            vector,
            pattern[..size.get() as usize]
                .iter()
                .map(|&p| u32::from(p))
                .collect(),
        ),
        Expression::AccessIndex { base, index } => SpecOp::Extract(base, index),
        Expression::Unary { op, expr } => {
            let (s, _) = shape_of(expr)?;
            let op = match (op, s) {
                (UnaryOperator::Negate, Scalar::I32) => spirv::Op::SNegate,
                (UnaryOperator::BitwiseNot, s) if is_int(s) => spirv::Op::Not,
                (UnaryOperator::LogicalNot, Scalar::Bool) => spirv::Op::LogicalNot,
                _ => return None,
            };
            SpecOp::Unary(op, expr)
        }
        Expression::Binary { op, left, right } => {
            let (ls, lsize) = shape_of(left)?;
            let (rs, rsize) = shape_of(right)?;
            if lsize != rsize {
                return None;
            }
            let signed = ls == Scalar::I32;
            if matches!(op, B::ShiftLeft | B::ShiftRight) {
                if !is_int(ls) || rs != Scalar::U32 {
                    return None;
                }
                let op = match (op, signed) {
                    (B::ShiftLeft, _) => spirv::Op::ShiftLeftLogical,
                    (_, true) => spirv::Op::ShiftRightArithmetic,
                    (_, false) => spirv::Op::ShiftRightLogical,
                };
                return Some(SpecOp::Shift(op, left, right));
            }
            if ls != rs {
                return None;
            }
            let op = if is_int(ls) {
                match op {
                    B::Add => spirv::Op::IAdd,
                    B::Subtract => spirv::Op::ISub,
                    B::Multiply => spirv::Op::IMul,
                    B::Divide | B::Modulo => {
                        return Some(SpecOp::Divide {
                            signed,
                            rem: op == B::Modulo,
                            left,
                            right,
                        })
                    }
                    B::Equal => spirv::Op::IEqual,
                    B::NotEqual => spirv::Op::INotEqual,
                    B::Less if signed => spirv::Op::SLessThan,
                    B::Less => spirv::Op::ULessThan,
                    B::LessEqual if signed => spirv::Op::SLessThanEqual,
                    B::LessEqual => spirv::Op::ULessThanEqual,
                    B::Greater if signed => spirv::Op::SGreaterThan,
                    B::Greater => spirv::Op::UGreaterThan,
                    B::GreaterEqual if signed => spirv::Op::SGreaterThanEqual,
                    B::GreaterEqual => spirv::Op::UGreaterThanEqual,
                    B::And => spirv::Op::BitwiseAnd,
                    B::InclusiveOr => spirv::Op::BitwiseOr,
                    B::ExclusiveOr => spirv::Op::BitwiseXor,
                    B::ShiftLeft | B::ShiftRight => return None,
                }
            } else if ls == Scalar::Bool {
                match op {
                    B::Equal => spirv::Op::LogicalEqual,
                    B::NotEqual => spirv::Op::LogicalNotEqual,
                    B::And => spirv::Op::LogicalAnd,
                    B::InclusiveOr => spirv::Op::LogicalOr,
                    _ => return None,
                }
            } else {
                return None;
            };
            SpecOp::Binary(op, left, right)
        }
        Expression::Select {
            condition,
            accept,
            reject,
        } => {
            let (_, csize) = shape_of(condition)?;
            let (vs, vsize) = shape_of(accept)?;
            // A scalar condition selecting vectors needs SPIR-V 1.4.
            if csize != vsize || !(is_int(vs) || vs == Scalar::Bool) {
                return None;
            }
            SpecOp::Select(condition, accept, reject)
        }
        Expression::Convert { expr, ty: target } | Expression::Bitcast { expr, ty: target } => {
            let (from, fsize) = shape_of(expr)?;
            let (to, tsize) = shape(module, target)?;
            if fsize != tsize {
                return None;
            }
            let bitcast = matches!(e, Expression::Bitcast { .. });
            match (from, to) {
                _ if from == to => SpecOp::Same(expr),
                (a, b) if is_int(a) && is_int(b) => SpecOp::Reinterpret(expr),
                (Scalar::Bool, b) if is_int(b) && !bitcast => SpecOp::FromBool(expr),
                (a, Scalar::Bool) if is_int(a) && !bitcast => SpecOp::ToBool(expr),
                _ => return None,
            }
        }
        // `CompositeExtract` takes literal indices: a dynamic index (and
        // everything else) is computed in the function.
        _ => return None,
    })
}

/// The operands a [`SpecOp`] reads.
pub fn spec_op_operands(op: &SpecOp) -> Vec<H> {
    match *op {
        SpecOp::Scalar(_) => Vec::new(),
        SpecOp::Composite(ref parts) => parts.clone(),
        SpecOp::Same(a)
        | SpecOp::Splat(a, _)
        | SpecOp::Shuffle(a, _)
        | SpecOp::Extract(a, _)
        | SpecOp::Unary(_, a)
        | SpecOp::Reinterpret(a)
        | SpecOp::FromBool(a)
        | SpecOp::ToBool(a) => vec![a],
        SpecOp::Binary(_, a, b)
        | SpecOp::Shift(_, a, b)
        | SpecOp::Divide {
            left: a, right: b, ..
        } => vec![a, b],
        SpecOp::Select(c, a, b) => vec![c, a, b],
    }
}

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

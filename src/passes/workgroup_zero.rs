//! Zero-initialised workgroup memory, written by the whole workgroup.
//!
//! WGSL's workgroup variables start as zero. At the start of each compute
//! entry point, the invocations zero the workgroup variables it uses
//! (directly or through calls) and then meet at one `workgroupBarrier()`.
//! The work is spread: fixed-size arrays (also nested, also inside
//! structs) are zeroed element by element, invocation `i` taking elements
//! `i, i + W, i + 2W, ...` for a workgroup of `W` invocations (a plain `if`
//! when the array has at most `W` elements); everything else is zeroed by
//! invocation 0. Atomics are zeroed with `atomicStore`.
//!
//! ```text
//! var<workgroup> tile: array<f32, 1024>;     // W = 256
//! ->
//! for (var i = local_index; i < 1024u; i += 256u) { tile[i] = f32(); }
//! workgroupBarrier();
//! ```
//!
//! The entry point gets a `@builtin(local_invocation_index)` parameter when
//! it has none. Array lengths and workgroup sizes given by specialization
//! constants are read at run time (the loop is always a loop then).
//! Guarantee: after this pass, every workgroup variable an entry point
//! uses is zero when its first statement after the barrier runs.
//!
//! Cost: one store (or loop) per atomic or array reached through struct
//! members, which is exponential in the source for structures that hold
//! several copies of one structure type. The pass counts first (each type
//! once) and refuses, with an error naming the variable or entry point,
//! modules whose zeroing would exceed [`growth_budget`] (2 stores per
//! unit of module size, at least 32768).

use rustc_hash::{FxHashMap, FxHashSet};

use super::growth_budget;

use super::rewrite::BlockBuilder;
use crate::analysis::ranges::Values;
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    visit, AddressSpace, AtomicFunction, Barrier, BinaryOperator as B, Binding, BuiltIn,
    Expression, Function, FunctionArgument, GlobalVariable, Literal, LocalVariable, Module, Scalar,
    ShaderStage, Statement, Type, TypeInner,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Stores the pass may emit per unit of module size. Each store (with its
/// loop or `if`) costs about 1.5 KB of IR, so this keeps the pass within
/// the memory budget of a 1 MB input (256 MB) while leaving room for real
/// shaders, which zero each workgroup variable once per entry point.
const GROWTH: usize = 2;
/// Stores the pass may always emit.
const FLOOR: usize = 1 << 15;

/// Runs the pass over every chosen compute entry point.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    // Nothing to zero: skip the per-function usage scan.
    if !p
        .module
        .global_variables
        .iter()
        .any(|(_, g)| g.space == crate::ir::AddressSpace::Workgroup)
    {
        return Ok(());
    }
    let globals = used_globals(&p.module);
    let budget = growth_budget(&p.module, GROWTH, FLOOR) as u64;
    let mut spent: u64 = 0;
    let mut costs = Costs::default();
    for (k, &i) in p.entry_points.iter().enumerate() {
        let Some(ep) = p.module.entry_points.get(i) else {
            continue;
        };
        if ep.stage != ShaderStage::Compute {
            continue;
        }
        let handle = ep.function;
        let size = p
            .reflection
            .entry_points
            .get(k)
            .map_or([1, 1, 1], |r| r.workgroup_size);
        let specialised = p
            .reflection
            .entry_points
            .get(k)
            .is_some_and(|r| r.workgroup_size_spec.iter().any(Option::is_some));
        let invocations =
            (!specialised).then(|| size.iter().map(|&d| u64::from(d.max(1))).product::<u64>());
        let workgroup_size = ep.workgroup_size;
        let wg: Vec<Handle<GlobalVariable>> = globals
            .get(handle.index())
            .map(|g| {
                let mut g: Vec<_> = g
                    .iter()
                    .copied()
                    .filter(|&g| p.module.global_variables[g].space == AddressSpace::Workgroup)
                    .collect();
                g.sort();
                g
            })
            .unwrap_or_default();
        if wg.is_empty() {
            continue;
        }
        for &g in &wg {
            let cost = costs.spread(&p.module, p.module.global_variables[g].ty);
            if cost > budget {
                return Err(Diagnostic::error(
                    format!(
                        "zero-initialising workgroup variable '{}' takes more than {budget} stores",
                        p.module.global_variables[g].name
                    ),
                    p.module.global_variables.span(g),
                )
                .into());
            }
            spent = spent.saturating_add(cost);
        }
        if spent > budget {
            let name = &p.module.entry_points[i].name;
            return Err(Diagnostic::error(
                format!(
                    "zero-initialising workgroup memory takes more than {budget} stores in this module (at entry point '{name}')"
                ),
                p.module.functions.span(handle),
            )
            .into());
        }
        let mut functions = std::mem::take(&mut p.module.functions);
        let values = Values {
            globals: &p.global_values,
            overrides: &p.override_values,
        };
        let mut z = Zeroer {
            module: &mut p.module,
            values,
            f: &mut functions[handle],
            invocations,
            workgroup_size,
            span: Span::UNDEFINED,
        };
        z.zero_entry(&wg);
        p.module.functions = functions;
    }
    Ok(())
}

/// The workgroup variables each function uses, directly or through calls (functions
/// are ordered callees first).
fn used_globals(module: &Module) -> Vec<FxHashSet<Handle<GlobalVariable>>> {
    let mut out: Vec<FxHashSet<Handle<GlobalVariable>>> =
        Vec::with_capacity(module.functions.len());
    // Only the functions already seen add their sets (below): until one of
    // them uses a workgroup variable, no callee adds any, and the list of
    // callees is not needed.
    let mut any_used = false;
    for (_, f) in module.functions.iter() {
        // Workgroup variables only: the only ones zeroed (most functions
        // then have an empty set, which allocates nothing).
        let mut set: FxHashSet<Handle<GlobalVariable>> = f
            .expressions
            .iter()
            .filter_map(|(_, e)| match *e {
                Expression::GlobalVariable(g)
                    if module.global_variables[g].space == AddressSpace::Workgroup =>
                {
                    Some(g)
                }
                _ => None,
            })
            .collect();
        if any_used {
            for c in visit::callees(f) {
                if let Some(cs) = out.get(c.index()) {
                    set.extend(cs.iter().copied());
                }
            }
        }
        any_used |= !set.is_empty();
        out.push(set);
    }
    out
}

/// The number of statements [`Zeroer::zero_spread`] (`spread`) and
/// [`Zeroer::zero_leaf`] emit per type, counted once per type.
#[derive(Default)]
struct Costs {
    memo: FxHashMap<(Handle<Type>, bool), u64>,
}

impl Costs {
    fn spread(&mut self, module: &Module, ty: Handle<Type>) -> u64 {
        self.count(module, ty, true)
    }

    fn count(&mut self, module: &Module, ty: Handle<Type>, spread: bool) -> u64 {
        if let Some(&c) = self.memo.get(&(ty, spread)) {
            return c;
        }
        let has = |pred: fn(&TypeInner) -> bool| module.any_component(ty, &pred);
        let sum = |this: &mut Self, members: &[crate::ir::StructMember], spread: bool| {
            members.iter().fold(0u64, |acc, m| {
                acc.saturating_add(this.count(module, m.ty, spread))
            })
        };
        let c = match module.inner(ty) {
            TypeInner::Array { base, .. } => 1u64.saturating_add(self.count(module, *base, false)),
            TypeInner::Struct { members, .. }
                if spread && has(|t| matches!(t, TypeInner::Array { .. })) =>
            {
                sum(self, members, true)
            }
            _ if spread => self.count(module, ty, false),
            TypeInner::Struct { members, .. } if has(|t| matches!(t, TypeInner::Atomic { .. })) => {
                sum(self, members, false)
            }
            _ => 1,
        };
        self.memo.insert((ty, spread), c);
        c
    }
}

struct Zeroer<'a> {
    module: &'a mut Module,
    values: Values<'a>,
    f: &'a mut Function,
    /// `None`: the workgroup size is given by specialization constants.
    invocations: Option<u64>,
    workgroup_size: [crate::ir::WorkgroupSizeDim; 3],
    span: Span,
}

/// A loop bound: a constant, or an expression evaluated before the loop.
#[derive(Clone, Copy)]
enum Bound {
    Lit(u64),
    Expr(H),
}

/// The element count of nested fixed-size arrays: all constant, or the
/// product of a specialization-constant count (the outermost) and the
/// inner constant counts.
#[derive(Clone, Copy)]
enum Total {
    Known(u64),
    Spec { count: H, inner: u64 },
}

impl Zeroer<'_> {
    fn u32_ty(&mut self) -> Handle<Type> {
        self.module.intern(TypeInner::Scalar(Scalar::U32))
    }

    fn lit(&mut self, b: &mut BlockBuilder, v: u64) -> H {
        let ty = self.u32_ty();
        let v = u32::try_from(v).unwrap_or(u32::MAX);
        b.expr(self.f, Expression::Literal(Literal::U32(v)), ty, self.span)
    }

    fn bin(&mut self, b: &mut BlockBuilder, op: B, l: H, r: H, scalar: Scalar) -> H {
        let ty = self.module.intern(TypeInner::Scalar(scalar));
        b.expr(
            self.f,
            Expression::Binary {
                op,
                left: l,
                right: r,
            },
            ty,
            self.span,
        )
    }

    fn pointer_to(&mut self, ty: Handle<Type>) -> Handle<Type> {
        self.module.intern(TypeInner::Pointer {
            base: ty,
            space: AddressSpace::Workgroup,
            access: crate::ir::Access::ReadWrite,
        })
    }

    /// The entry point's `local_invocation_index`, adding a parameter when
    /// it has none.
    fn local_index(&mut self, b: &mut BlockBuilder) -> H {
        let want = Some(Binding::BuiltIn(BuiltIn::LocalInvocationIndex));
        let u = self.u32_ty();
        for (i, arg) in self.f.arguments.iter().enumerate() {
            if arg.binding == want {
                let e = Expression::FunctionArgument(i as u32);
                return b.expr(self.f, e, arg.ty, self.span);
            }
            if let TypeInner::Struct { members, .. } = self.module.inner(arg.ty) {
                if let Some(m) = members.iter().position(|m| m.binding == want) {
                    let (ty, i) = (arg.ty, i as u32);
                    let a = b.expr(self.f, Expression::FunctionArgument(i), ty, self.span);
                    let e = Expression::AccessIndex {
                        base: a,
                        index: m as u32,
                    };
                    return b.expr(self.f, e, u, self.span);
                }
            }
        }
        let i = self.f.arguments.len() as u32;
        self.f.arguments.push(FunctionArgument {
            name: "tessera_local_index".into(),
            ty: u,
            binding: want,
        });
        b.expr(self.f, Expression::FunctionArgument(i), u, self.span)
    }

    fn zero_entry(&mut self, wg: &[Handle<GlobalVariable>]) {
        let mut b = BlockBuilder::new();
        let index = self.local_index(&mut b);
        // Everything that is not spread over the workgroup, for invocation 0.
        let mut first = BlockBuilder::new();
        for &g in wg {
            let ty = self.module.global_variables[g].ty;
            let pty = self.pointer_to(ty);
            let ptr = b.expr(self.f, Expression::GlobalVariable(g), pty, self.span);
            self.zero_spread(&mut b, &mut first, ptr, ty, index);
        }
        let first = first.finish();
        if !first.is_empty() {
            let zero = self.lit(&mut b, 0);
            let cond = self.bin(&mut b, B::Equal, index, zero, Scalar::Bool);
            b.stmt(
                Statement::If {
                    condition: cond,
                    accept: first,
                    reject: crate::ir::Block::new(),
                },
                self.span,
            );
        }
        b.stmt(Statement::Barrier(Barrier::WORKGROUP), self.span);
        let mut body = b.finish();
        let old = std::mem::take(&mut self.f.body);
        body.reserve(old.len());
        for (st, span) in old {
            body.push(st, span);
        }
        self.f.body = body;
    }

    /// The dimensions of nested fixed-size arrays and their innermost
    /// element type, with their element count. A dimension given by a
    /// specialization constant (only the outermost can be) is 0 in the
    /// list and its global expression is in the [`Total`].
    fn array_dims(&self, mut ty: Handle<Type>) -> (Vec<u64>, Total, Handle<Type>) {
        let mut dims = Vec::new();
        let mut spec = None;
        while let TypeInner::Array { base, size, .. } = *self.module.inner(ty) {
            let n = match size {
                crate::ir::ArraySize::Constant(n) => u64::from(n),
                crate::ir::ArraySize::Override(e) => {
                    match self.values.globals.get(e.index()).copied() {
                        Some(Some(c)) => match self.module.constants.try_get(c) {
                            Some(crate::ir::ConstValue::Scalar(l)) => {
                                super::rewrite::literal_int(l)
                                    .and_then(|v| u64::try_from(v).ok())
                                    .unwrap_or(0)
                            }
                            _ => 0,
                        },
                        // A specialization constant: read at run time.
                        Some(None) if dims.is_empty() => {
                            spec = Some(e);
                            0
                        }
                        _ => 0,
                    }
                }
                crate::ir::ArraySize::Runtime => break,
            };
            dims.push(n);
            ty = base;
        }
        let total = match spec {
            Some(count) => Total::Spec {
                count,
                inner: dims[1..].iter().product(),
            },
            None => Total::Known(dims.iter().product()),
        };
        (dims, total, ty)
    }

    /// A global expression's value as a `u32` function expression.
    fn global_u32(&mut self, b: &mut BlockBuilder, e: H) -> H {
        let ty = self.module.global_expression_types[e.index()];
        let span = self.span;
        let v = b.expr(self.f, Expression::OverrideExpr(e), ty, span);
        if self.module.inner(ty) == &TypeInner::Scalar(Scalar::U32) {
            return v;
        }
        let u = self.u32_ty();
        b.expr(self.f, Expression::Convert { expr: v, ty: u }, u, span)
    }

    /// The element count of a [`Total::Spec`], evaluated in `b`.
    fn spec_total(&mut self, b: &mut BlockBuilder, count: H, inner: u64) -> H {
        let n = self.global_u32(b, count);
        if inner == 1 {
            return n;
        }
        let inner = self.lit(b, inner);
        self.bin(b, B::Multiply, n, inner, Scalar::U32)
    }

    /// The number of invocations of a workgroup whose size is given by
    /// specialization constants, evaluated in `b`.
    fn spec_invocations(&mut self, b: &mut BlockBuilder) -> H {
        let mut acc: Option<H> = None;
        for d in self.workgroup_size {
            let v = match d {
                crate::ir::WorkgroupSizeDim::Constant(1) => continue,
                crate::ir::WorkgroupSizeDim::Constant(n) => self.lit(b, n.into()),
                crate::ir::WorkgroupSizeDim::Override(e) => self.global_u32(b, e),
            };
            acc = Some(match acc {
                Some(a) => self.bin(b, B::Multiply, a, v, Scalar::U32),
                None => v,
            });
        }
        match acc {
            Some(a) => a,
            None => self.lit(b, 1),
        }
    }

    fn has_array(&self, ty: Handle<Type>) -> bool {
        self.module
            .any_component(ty, &|t| matches!(t, TypeInner::Array { .. }))
    }

    /// Zeroes `*ptr` (of type `ty`): arrays spread over the workgroup into
    /// `b`, everything else into `first` (run by invocation 0).
    fn zero_spread(
        &mut self,
        b: &mut BlockBuilder,
        first: &mut BlockBuilder,
        ptr: H,
        ty: Handle<Type>,
        index: H,
    ) {
        match self.module.inner(ty).clone() {
            TypeInner::Array { .. } => {
                let (dims, total, elem) = self.array_dims(ty);
                let (total, w) = match (total, self.invocations) {
                    (Total::Known(0), _) => return,
                    (Total::Known(total), Some(w)) => (total, w),
                    (total, w) => {
                        // Sizes known only when the pipeline is specialised.
                        let end = match total {
                            Total::Known(n) => Bound::Lit(n),
                            Total::Spec { count, inner } => {
                                Bound::Expr(self.spec_total(b, count, inner))
                            }
                        };
                        let step = match w {
                            Some(w) => Bound::Lit(w),
                            None => Bound::Expr(self.spec_invocations(b)),
                        };
                        self.counted_loop(b, index, end, step, |z, body, i| {
                            let p = z.element(body, ptr, &dims, elem, i);
                            z.zero_leaf(body, p, elem);
                        });
                        return;
                    }
                };
                if total <= w {
                    let accept = {
                        let mut a = BlockBuilder::new();
                        let p = self.element(&mut a, ptr, &dims, elem, index);
                        self.zero_leaf(&mut a, p, elem);
                        a.finish()
                    };
                    if total == w {
                        b.stmt(Statement::Block(accept), self.span);
                    } else {
                        let n = self.lit(b, total);
                        let cond = self.bin(b, B::Less, index, n, Scalar::Bool);
                        b.stmt(
                            Statement::If {
                                condition: cond,
                                accept,
                                reject: crate::ir::Block::new(),
                            },
                            self.span,
                        );
                    }
                } else {
                    self.counted_loop(b, index, Bound::Lit(total), Bound::Lit(w), |z, body, i| {
                        let p = z.element(body, ptr, &dims, elem, i);
                        z.zero_leaf(body, p, elem);
                    });
                }
            }
            TypeInner::Struct { members, .. } if self.has_array(ty) => {
                for (m, member) in members.iter().enumerate() {
                    let pty = self.pointer_to(member.ty);
                    // Access to the member from the spreading block (the
                    // pointer is reused by `first` only through its own
                    // access, built there).
                    if self.has_array(member.ty) {
                        let e = Expression::AccessIndex {
                            base: ptr,
                            index: m as u32,
                        };
                        let mp = b.expr(self.f, e, pty, self.span);
                        self.zero_spread(b, first, mp, member.ty, index);
                    } else {
                        let e = Expression::AccessIndex {
                            base: ptr,
                            index: m as u32,
                        };
                        let mp = first.expr(self.f, e, pty, self.span);
                        self.zero_leaf(first, mp, member.ty);
                    }
                }
            }
            _ => self.zero_leaf(first, ptr, ty),
        }
    }

    /// A pointer to element `flat` of nested arrays with `dims` (outermost
    /// first).
    fn element(
        &mut self,
        b: &mut BlockBuilder,
        ptr: H,
        dims: &[u64],
        elem: Handle<Type>,
        flat: H,
    ) -> H {
        let mut p = ptr;
        let mut pointee = match *self.module.inner(self.f.expression_type(ptr)) {
            TypeInner::Pointer { base, .. } => base,
            _ => elem,
        };
        for j in 0..dims.len() {
            let inner_size: u64 = dims[j + 1..].iter().product();
            let mut i = flat;
            if inner_size > 1 {
                let d = self.lit(b, inner_size);
                i = self.bin(b, B::Divide, i, d, Scalar::U32);
            }
            if j > 0 {
                let n = self.lit(b, dims[j]);
                i = self.bin(b, B::Modulo, i, n, Scalar::U32);
            }
            let base = match *self.module.inner(pointee) {
                TypeInner::Array { base, .. } => base,
                _ => elem,
            };
            let pty = self.pointer_to(base);
            p = b.expr(
                self.f,
                Expression::Access { base: p, index: i },
                pty,
                self.span,
            );
            pointee = base;
        }
        p
    }

    /// Zeroes `*ptr` from one invocation.
    fn zero_leaf(&mut self, b: &mut BlockBuilder, ptr: H, ty: Handle<Type>) {
        let has_atomic = self
            .module
            .any_component(ty, &|t| matches!(t, TypeInner::Atomic { .. }));
        if !has_atomic {
            let zero = b.expr(self.f, Expression::ZeroValue(ty), ty, self.span);
            b.stmt(
                Statement::Store {
                    pointer: ptr,
                    value: zero,
                },
                self.span,
            );
            return;
        }
        match self.module.inner(ty).clone() {
            // `atomic<vec2<u32>>` is only in the 'storage' address space.
            TypeInner::Atomic { scalar: s, .. } => {
                let st = self.module.intern(TypeInner::Scalar(s));
                let l = crate::ir::Literal::zero(s);
                let zero = b.expr(self.f, Expression::Literal(l), st, self.span);
                b.stmt(
                    Statement::Atomic {
                        pointer: ptr,
                        fun: AtomicFunction::Store,
                        value: Some(zero),
                        compare: None,
                        result: None,
                    },
                    self.span,
                );
            }
            TypeInner::Struct { members, .. } => {
                for (m, member) in members.iter().enumerate() {
                    let pty = self.pointer_to(member.ty);
                    let e = Expression::AccessIndex {
                        base: ptr,
                        index: m as u32,
                    };
                    let mp = b.expr(self.f, e, pty, self.span);
                    self.zero_leaf(b, mp, member.ty);
                }
            }
            TypeInner::Array { .. } => {
                let (dims, total, elem) = self.array_dims(ty);
                let end = match total {
                    Total::Known(n) => Bound::Lit(n),
                    Total::Spec { count, inner } => Bound::Expr(self.spec_total(b, count, inner)),
                };
                let zero = self.lit(b, 0);
                self.counted_loop(b, zero, end, Bound::Lit(1), |z, body, i| {
                    let p = z.element(body, ptr, &dims, elem, i);
                    z.zero_leaf(body, p, elem);
                });
            }
            _ => {}
        }
    }

    /// `for (var i = start; i < end; i += step) { body(i) }`.
    fn counted_loop(
        &mut self,
        b: &mut BlockBuilder,
        start: H,
        end: Bound,
        step: Bound,
        body: impl FnOnce(&mut Self, &mut BlockBuilder, H),
    ) {
        let u = self.u32_ty();
        let var = self.f.local_variables.append(
            LocalVariable {
                name: "tessera_zero_index".into(),
                ty: u,
            },
            self.span,
        );
        let pty = self.module.intern(TypeInner::Pointer {
            base: u,
            space: AddressSpace::Function,
            access: crate::ir::Access::ReadWrite,
        });
        let p = b.expr(self.f, Expression::LocalVariable(var), pty, self.span);
        b.stmt(
            Statement::Store {
                pointer: p,
                value: start,
            },
            self.span,
        );
        let mut lb = BlockBuilder::new();
        let i = lb.expr(self.f, Expression::Load { pointer: p }, u, self.span);
        let end = match end {
            Bound::Lit(v) => self.lit(&mut lb, v),
            Bound::Expr(h) => h,
        };
        let done = self.bin(&mut lb, B::GreaterEqual, i, end, Scalar::Bool);
        let mut brk = crate::ir::Block::new();
        brk.push(Statement::Break, self.span);
        lb.stmt(
            Statement::If {
                condition: done,
                accept: brk,
                reject: crate::ir::Block::new(),
            },
            self.span,
        );
        body(self, &mut lb, i);
        let mut cb = BlockBuilder::new();
        let i2 = cb.expr(self.f, Expression::Load { pointer: p }, u, self.span);
        let step = match step {
            Bound::Lit(v) => self.lit(&mut cb, v),
            Bound::Expr(h) => h,
        };
        let next = self.bin(&mut cb, B::Add, i2, step, Scalar::U32);
        cb.stmt(
            Statement::Store {
                pointer: p,
                value: next,
            },
            self.span,
        );
        b.stmt(
            Statement::Loop {
                body: lb.finish(),
                continuing: cb.finish(),
                break_if: None,
                unroll: false,
            },
            self.span,
        );
    }
}

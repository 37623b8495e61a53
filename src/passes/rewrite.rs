//! The machinery every lowering pass shares: a walk over each function's
//! statements in evaluation order that lets a pass replace expressions and
//! statements and add new expressions (and statements) *before* the point
//! it is looking at, while keeping the IR's `Emit` invariant: every
//! expression that needs evaluation is covered by exactly one
//! [`Statement::Emit`], after the expressions it reads.
//!
//! New expressions are appended to the function's arena, so their handles
//! are larger than those of the expression or statement that uses them;
//! what matters for the IR is the order of `Emit`s, which this module
//! keeps right.

use crate::analysis::ranges::{self, Values};
use crate::arena::{Handle, HandleRange};
use crate::ir::{
    visit, Block, BlockIntoIter, ConstValue, Expression, Function, Literal, Module, Scalar,
    Statement, Type, TypeInner, VectorSize,
};
use crate::span::Span;

type H = Handle<Expression>;

/// What a pass sees while one function is rewritten.
pub struct Cx<'a> {
    /// The module (its `functions` arena is empty while functions are
    /// rewritten: passes see the function being rewritten through `f`).
    pub module: &'a mut Module,
    /// The function being rewritten.
    pub f: &'a mut Function,
    /// The function's handle.
    pub handle: Handle<crate::ir::Function>,
    /// The value of every global (override-)expression, as in
    /// [`crate::pipeline::Pipeline::global_values`] (may be empty; `None`
    /// for a specialization-constant expression, whose value is unknown).
    pub global_values: &'a [Option<Handle<ConstValue>>],
    /// The value of every override, as in
    /// [`crate::pipeline::Pipeline::override_values`] (may be empty).
    pub override_values: &'a [Option<Handle<ConstValue>>],
    /// The built-in bounds of this function when it is an entry point.
    pub entry: Option<ranges::EntryBounds>,
    /// The ranges of the function's parameters over all its calls (empty
    /// unless the pass asks for them, [`FunctionPass::param_ranges`]).
    pub params: &'a [Option<ranges::Range>],
    /// Ranges a pass knows besides what the analysis derives (e.g. loads of
    /// a counted loop's counter); filled by the pass, read by [`Cx::range`].
    pub known: rustc_hash::FxHashMap<H, ranges::Range>,
    /// The memo of the last [`Cx::range`] query, kept for its allocation.
    range_memo: std::cell::Cell<rustc_hash::FxHashMap<H, Option<ranges::Range>>>,
    /// Expressions added since the last flush, in evaluation order.
    pending: Vec<H>,
    /// Statements to insert before the current one (after `pending`).
    pending_statements: Vec<(Statement, Span)>,
}

impl Cx<'_> {
    /// Adds an expression that is evaluated before the expression or
    /// statement being rewritten.
    pub fn add(&mut self, e: Expression, ty: Handle<Type>, span: Span) -> H {
        let h = self.f.add_expression(e, ty, span);
        self.pending.push(h);
        h
    }

    /// Inserts a statement before the statement being rewritten (after the
    /// expressions added so far). Expressions the statement reads must be
    /// added with [`Cx::add`] first.
    pub fn insert_statement(&mut self, st: Statement, span: Span) {
        self.flush_into_statements();
        self.pending_statements.push((st, span));
    }

    /// The value of an expression when it is a known scalar integer
    /// (literal, constant or evaluated override-expression).
    pub fn const_int(&self, h: H) -> Option<i64> {
        let lit = |c: Handle<ConstValue>| match self.module.constants.try_get(c)? {
            ConstValue::Scalar(l) => literal_int(l),
            ConstValue::Zero(t) => match self.module.types.try_get(*t)?.inner {
                TypeInner::Scalar(s) if s.is_integer() => Some(0),
                _ => None,
            },
            ConstValue::Composite { .. } => None,
        };
        match self.f.expressions.try_get(h)? {
            Expression::Literal(l) => literal_int(l),
            Expression::Constant(c) => lit(*c),
            Expression::OverrideExpr(e) => lit((*self.global_values.get(e.index())?)?),
            _ => None,
        }
    }

    /// The value of an integer constant.
    pub fn const_value_int(&self, c: Handle<ConstValue>) -> Option<i64> {
        match self.module.constants.try_get(c)? {
            ConstValue::Scalar(l) => literal_int(l),
            ConstValue::Zero(_) => Some(0),
            ConstValue::Composite { .. } => None,
        }
    }

    /// The value of an array size or matrix dimension known at pipeline
    /// creation (`None` for runtime-sized arrays and for sizes given by
    /// specialization constants).
    pub fn array_count(&self, size: crate::ir::ArraySize) -> Option<u64> {
        match size {
            crate::ir::ArraySize::Constant(n) => Some(n.into()),
            crate::ir::ArraySize::Override(e) => self
                .const_value_int((*self.global_values.get(e.index())?)?)
                .and_then(|v| u64::try_from(v).ok()),
            crate::ir::ArraySize::Runtime => None,
        }
    }

    /// The value of a subgroup-matrix dimension.
    pub fn matrix_dim(&self, dim: crate::ir::MatrixDim) -> Option<u32> {
        match dim {
            crate::ir::MatrixDim::Constant(n) => Some(n),
            crate::ir::MatrixDim::Override(o) => self
                .const_value_int((*self.override_values.get(o.index())?)?)
                .and_then(|v| u32::try_from(v).ok()),
        }
    }

    /// The range of an integer scalar expression, when the analysis of
    /// [`super::ranges`] knows one.
    pub fn range(&self, h: H) -> Option<ranges::Range> {
        let values = Values {
            globals: self.global_values,
            overrides: self.override_values,
        };
        let mut ranges = ranges::Ranges::new(self.module, self.f, values, self.entry)
            .with_params(self.params)
            .with_known(&self.known)
            .with_memo(self.range_memo.take());
        let r = ranges.of(h);
        self.range_memo.set(ranges.into_memo());
        r
    }

    /// The type of an expression.
    pub fn ty(&self, h: H) -> Handle<Type> {
        self.f.expression_type(h)
    }

    /// The inner type of an expression.
    pub fn inner(&self, h: H) -> &TypeInner {
        self.module.inner(self.f.expression_type(h))
    }

    /// The function and first argument of `h` when it is a call of a math
    /// builtin that `pick` accepts.
    pub fn math_call(
        &self,
        h: H,
        pick: impl Fn(crate::ir::MathFunction) -> bool,
    ) -> Option<(crate::ir::MathFunction, H)> {
        match self.f.expressions[h] {
            Expression::Math { fun, ref args } if pick(fun) => Some((fun, *args.first()?)),
            _ => None,
        }
    }

    /// The scalar and vector size of a scalar or vector expression.
    pub fn shape(&self, h: H) -> Option<(Scalar, Option<VectorSize>)> {
        match *self.inner(h) {
            TypeInner::Scalar(s) => Some((s, None)),
            TypeInner::Vector { size, scalar } => Some((scalar, Some(size))),
            _ => None,
        }
    }

    /// `h` splat to `size` components when it is a scalar and `size` is
    /// given; `h` otherwise.
    pub fn widen(&mut self, h: H, size: Option<VectorSize>, span: Span) -> H {
        match (self.shape(h), size) {
            (Some((s, None)), Some(size)) => {
                let ty = self.scalar_or_vector(s, Some(size));
                self.add(Expression::Splat { size, value: h }, ty, span)
            }
            _ => h,
        }
    }

    /// Adds a binary operation whose result has the type of `scalar`
    /// (splat to `size`).
    pub fn binary(
        &mut self,
        op: crate::ir::BinaryOperator,
        left: H,
        right: H,
        scalar: Scalar,
        size: Option<VectorSize>,
        span: Span,
    ) -> H {
        let ty = self.scalar_or_vector(scalar, size);
        self.add(Expression::Binary { op, left, right }, ty, span)
    }

    /// Adds a call of a pure builtin returning the type of `scalar` (splat
    /// to `size`).
    pub fn math(
        &mut self,
        fun: crate::ir::MathFunction,
        args: &[H],
        scalar: Scalar,
        size: Option<VectorSize>,
        span: Span,
    ) -> H {
        let ty = self.scalar_or_vector(scalar, size);
        let args = crate::ir::MathArgs::from_slice(args);
        self.add(Expression::Math { fun, args }, ty, span)
    }

    /// Interns a type.
    pub fn intern(&mut self, inner: TypeInner) -> Handle<Type> {
        self.module.intern(inner)
    }

    /// The type of scalars or `size`-vectors of `scalar`.
    pub fn scalar_or_vector(&mut self, scalar: Scalar, size: Option<VectorSize>) -> Handle<Type> {
        match size {
            Some(size) => self.intern(TypeInner::Vector { size, scalar }),
            None => self.intern(TypeInner::Scalar(scalar)),
        }
    }

    /// A literal.
    pub fn literal(&mut self, l: Literal, span: Span) -> H {
        let ty = self.intern(TypeInner::Scalar(l.scalar()));
        self.add(Expression::Literal(l), ty, span)
    }

    /// A new function-scope variable of type `ty` and the pointer to it.
    pub fn local(&mut self, name: &str, ty: Handle<Type>, span: Span) -> H {
        let v = self.f.local_variables.append(
            crate::ir::LocalVariable {
                name: name.into(),
                ty,
            },
            span,
        );
        let pty = self.intern(TypeInner::Pointer {
            base: ty,
            space: crate::ir::AddressSpace::Function,
            access: crate::ir::Access::ReadWrite,
        });
        self.add(Expression::LocalVariable(v), pty, span)
    }

    /// Inserts a target operation without a result
    /// ([`Statement::Intrinsic`]) before the current point.
    pub fn intrinsic(&mut self, fun: crate::ir::Intrinsic, arguments: Vec<H>, span: Span) {
        let st = Statement::Intrinsic {
            fun,
            arguments,
            result: None,
        };
        self.insert_statement(st, span);
    }

    /// Inserts a target operation with a result of type `ty` before the
    /// current point; returns the result.
    pub fn intrinsic_value(
        &mut self,
        fun: crate::ir::Intrinsic,
        arguments: Vec<H>,
        ty: Handle<Type>,
        span: Span,
    ) -> H {
        let result = self.add(Expression::IntrinsicResult { ty }, ty, span);
        let st = Statement::Intrinsic {
            fun,
            arguments,
            result: Some(result),
        };
        self.insert_statement(st, span);
        result
    }

    /// A `u32` literal.
    pub fn u32(&mut self, v: u32, span: Span) -> H {
        self.literal(Literal::U32(v), span)
    }

    /// A literal of `scalar` with value `v` (integers and floats), splat to
    /// `size` components when `size` is given.
    pub fn splat_literal(
        &mut self,
        scalar: Scalar,
        size: Option<VectorSize>,
        v: f64,
        span: Span,
    ) -> H {
        let l = match scalar {
            Scalar::I32 => Literal::I32(v as i32),
            Scalar::U32 => Literal::U32(v as u32),
            Scalar::F32 => Literal::F32(v as f32),
            Scalar::F16 => Literal::F16(half::f16::from_f64(v)),
            Scalar::Bool => Literal::Bool(v != 0.0),
            _ => Literal::I32(v as i32),
        };
        let s = self.literal(l, span);
        match size {
            Some(size) => {
                let ty = self.scalar_or_vector(scalar, Some(size));
                self.add(Expression::Splat { size, value: s }, ty, span)
            }
            None => s,
        }
    }

    /// Moves the pending expressions into an `Emit` before the pending
    /// statements.
    fn flush_into_statements(&mut self) {
        let out = &mut self.pending_statements;
        flush(&mut self.pending, self.f, |st, span| out.push((st, span)));
    }
}

/// A lowering pass over function bodies. Every hook may add expressions
/// with [`Cx::add`]; they are evaluated just before the expression or
/// statement the hook was called for.
pub trait FunctionPass {
    /// Whether the pass may change `f`. `false` skips the function: its
    /// blocks are not walked. A pass that rewrites only a few
    /// kinds of expression answers from a scan of `f.expressions`, much
    /// cheaper than the walk (the default walks every function).
    fn wants(&self, _module: &Module, _f: &Function) -> bool {
        true
    }

    /// Whether [`Cx::range`] should know the ranges of the function's
    /// parameters over all its calls ([`ranges::param_ranges`], computed
    /// once per run over the whole module before the walk).
    fn param_ranges(&self) -> bool {
        false
    }

    /// Called once per function before its body is walked (`cx.f.body` is
    /// the whole body then); statements inserted here start the body.
    fn begin_function(&mut self, _cx: &mut Cx) {}

    /// Called for each expression an `Emit` evaluates, in evaluation order.
    /// The pass may replace `cx.f.expressions[h]` (keeping its type) and
    /// add expressions it reads.
    fn expression(&mut self, _cx: &mut Cx, _h: H) {}

    /// Called for each statement other than `Emit`, before the blocks
    /// nested in it are rewritten. Expressions added here are evaluated
    /// before the statement (for a loop's `break if` condition: at the end
    /// of its `continuing` block).
    fn statement(&mut self, _cx: &mut Cx, _st: &mut Statement, _span: Span) {}

    /// Called when the walk enters a block (the body, and each nested
    /// block), before its statements. `plain` is set for a compound
    /// statement's block, which always runs when the statement does (its
    /// evaluations dominate what follows it).
    fn enter_block(&mut self, _plain: bool) {}

    /// Called when the walk leaves a block entered with `enter_block`.
    fn exit_block(&mut self, _plain: bool) {}
}

/// Whether `f` calls a builtin function `pred` holds for (the `wants` of
/// the passes that lower builtins).
pub fn calls_math(f: &Function, pred: impl Fn(crate::ir::MathFunction) -> bool) -> bool {
    f.expressions.iter().any(|(_, e)| match e {
        Expression::Math { fun, .. } => pred(*fun),
        _ => false,
    })
}

/// The value of an integer literal.
pub fn literal_int(l: &Literal) -> Option<i64> {
    match *l {
        Literal::I32(v) => Some(v.into()),
        Literal::U32(v) => Some(v.into()),
        Literal::AbstractInt(v) => Some(v),
        _ => None,
    }
}

/// The built-in bounds of each chosen compute entry point's function (for
/// the value-range analysis), from the pipeline's reflection.
fn entry_bounds(
    p: &crate::pipeline::Pipeline,
) -> rustc_hash::FxHashMap<Handle<crate::ir::Function>, ranges::EntryBounds> {
    let mut out = rustc_hash::FxHashMap::default();
    for (k, &i) in p.entry_points.iter().enumerate() {
        let (Some(ep), Some(r)) = (
            p.module.entry_points.get(i),
            p.reflection.entry_points.get(k),
        ) else {
            continue;
        };
        if ep.stage == crate::ir::ShaderStage::Compute {
            out.insert(
                ep.function,
                ranges::EntryBounds {
                    // Specialised dimensions are unknown.
                    workgroup_size: std::array::from_fn(|d| {
                        r.workgroup_size_spec[d]
                            .is_none()
                            .then_some(r.workgroup_size[d])
                    }),
                    // `@subgroup_size(n)` fixes the subgroup size.
                    subgroup_size: r.subgroup_size.map_or(p.subgroup_sizes, |n| [n, n]),
                },
            );
        }
    }
    out
}

/// Runs `pass` over every function of the pipeline's module.
pub fn run(p: &mut crate::pipeline::Pipeline, pass: &mut impl FunctionPass) {
    let entries = entry_bounds(p);
    let params = if pass.param_ranges() {
        let values = Values {
            globals: &p.global_values,
            overrides: &p.override_values,
        };
        ranges::param_ranges(&p.module, values, |h| entries.get(&h).copied())
    } else {
        Vec::new()
    };
    let module = &mut p.module;
    let mut functions = std::mem::take(&mut module.functions);
    for (handle, f) in functions.iter_mut() {
        if !pass.wants(module, f) {
            continue;
        }
        let values = Values {
            globals: &p.global_values,
            overrides: &p.override_values,
        };
        let entry = entries.get(&handle).copied();
        let params = params.get(handle.index()).map_or(&[][..], |v| v.as_slice());
        run_function(module, values, entry, params, handle, f, pass);
    }
    module.functions = functions;
}

/// Runs `pass` over one function (taken out of `module.functions`).
pub fn run_function(
    module: &mut Module,
    values: Values,
    entry: Option<ranges::EntryBounds>,
    params: &[Option<ranges::Range>],
    handle: Handle<Function>,
    f: &mut Function,
    pass: &mut impl FunctionPass,
) {
    let mut cx = Cx {
        module,
        f,
        handle,
        global_values: values.globals,
        override_values: values.overrides,
        entry,
        params,
        known: Default::default(),
        range_memo: Default::default(),
        pending: Vec::new(),
        pending_statements: Vec::new(),
    };
    // The pass sees the whole body before the walk starts.
    pass.begin_function(&mut cx);
    // The body is walked outside the function (passes see an empty body
    // during the walk).
    let mut body = std::mem::take(&mut cx.f.body);
    if cx.pending.is_empty() && cx.pending_statements.is_empty() {
        rewrite_block(&mut cx, pass, &mut body);
    } else {
        // Statements inserted by `begin_function` start the body, which is
        // rebuilt in its own box.
        let old = body.take_statements();
        body.reserve(old.len());
        take_inserted(&mut cx, &mut body);
        pass.enter_block(false);
        rewrite_statements_into(&mut cx, pass, old, &mut body);
        pass.exit_block(false);
    }
    cx.f.body = body;
}

/// Appends an `Emit` for `pending` to `out` (leaves, which need no
/// evaluation, are skipped; consecutive handles share one `Emit`).
fn flush(pending: &mut Vec<H>, f: &Function, mut push: impl FnMut(Statement, Span)) {
    let mut start: Option<usize> = None;
    let mut end = 0;
    for h in pending.drain(..) {
        let i = h.index();
        if !visit::needs_emit(&f.expressions[h]) {
            continue;
        }
        match start {
            Some(_) if i == end => end = i + 1,
            Some(s) => {
                push(
                    Statement::Emit(HandleRange::from_index_range(s..end)),
                    Span::UNDEFINED,
                );
                start = Some(i);
                end = i + 1;
            }
            None => {
                start = Some(i);
                end = i + 1;
            }
        }
    }
    if let Some(s) = start {
        push(
            Statement::Emit(HandleRange::from_index_range(s..end)),
            Span::UNDEFINED,
        );
    }
}

fn push_range(out: &mut Block, start: usize, end: usize, span: Span) {
    if end > start {
        out.push(
            Statement::Emit(HandleRange::from_index_range(start..end)),
            span,
        );
    }
}

fn take_inserted(cx: &mut Cx, out: &mut Block) {
    cx.flush_into_statements();
    for (st, span) in std::mem::take(&mut cx.pending_statements) {
        out.push(st, span);
    }
}

fn rewrite_block(cx: &mut Cx, pass: &mut impl FunctionPass, block: &mut Block) {
    rewrite_block_as(cx, pass, block, false);
}

fn rewrite_block_as(cx: &mut Cx, pass: &mut impl FunctionPass, block: &mut Block, plain: bool) {
    pass.enter_block(plain);
    rewrite_statements(cx, pass, block);
    pass.exit_block(plain);
}

/// Whether the expression just visited changed the `Emit` it is in: the
/// pass added expressions or statements before it, or replaced it by a
/// leaf.
fn splits_emit(cx: &Cx, h: H) -> bool {
    !cx.pending.is_empty()
        || !cx.pending_statements.is_empty()
        || !visit::needs_emit(&cx.f.expressions[h])
}

/// Where the in-place walk of a block stopped because the block changes.
enum Resume {
    /// An empty `Emit` (dropped).
    EmptyEmit,
    /// An `Emit` whose expression `at` was visited and splits it.
    Emit { at: usize },
    /// A statement the pass has seen (`FunctionPass::statement`) and
    /// inserted statements or expressions before.
    Statement,
}

/// Rewrites `block` where it is: most statements of most blocks stay as
/// they are, so nothing is moved or allocated until the pass changes the
/// block's list of statements; from that statement on the block is
/// rebuilt (the same result as rebuilding it all).
fn rewrite_statements(cx: &mut Cx, pass: &mut impl FunctionPass, block: &mut Block) {
    let n = block.len();
    for i in 0..n {
        let span = block.spans[i];
        let st = &mut block.statements_mut()[i];
        if let Statement::Emit(range) = st {
            let r = range.index_range();
            if r.is_empty() {
                return rebuild_from(cx, pass, block, i, Resume::EmptyEmit);
            }
            for k in r {
                let h = Handle::from_index(k);
                pass.expression(cx, h);
                if splits_emit(cx, h) {
                    return rebuild_from(cx, pass, block, i, Resume::Emit { at: k });
                }
            }
            continue;
        }
        pass.statement(cx, st, span);
        if !cx.pending_statements.is_empty()
            || (!cx.pending.is_empty() && !matches!(st, Statement::Loop { .. }))
        {
            return rebuild_from(cx, pass, block, i, Resume::Statement);
        }
        if let Statement::Loop {
            body, continuing, ..
        } = st
        {
            // Expressions added for `break if` belong at the end of
            // `continuing`.
            let mut pending = std::mem::take(&mut cx.pending);
            rewrite_block(cx, pass, body);
            rewrite_block(cx, pass, continuing);
            flush(&mut pending, cx.f, |st, span| continuing.push(st, span));
            continue;
        }
        let plain = matches!(st, Statement::Block(_));
        visit::child_blocks_mut(st, |b| rewrite_block_as(cx, pass, b, plain));
    }
}

/// Rebuilds `block` from its statement `i`, which the in-place walk
/// stopped at (`resume`), keeping the statements before it.
fn rebuild_from(
    cx: &mut Cx,
    pass: &mut impl FunctionPass,
    block: &mut Block,
    i: usize,
    resume: Resume,
) {
    let mut old = block.take_statements();
    // The rewritten block is at least as long, and a pass that changes it
    // usually adds a few statements: room for a quarter more saves
    // copying it while it grows (doubling would leave up to half of a long
    // block's allocation unused).
    block.reserve(old.len() + old.len() / 4 + 2);
    for (st, span) in old.by_ref().take(i) {
        block.push(st, span);
    }
    let Some((st, span)) = old.next() else {
        return;
    };
    match (resume, st) {
        (Resume::EmptyEmit, _) => {}
        (Resume::Emit { at }, Statement::Emit(range)) => {
            let r = range.index_range();
            let mut run_start = r.start;
            after_expression(cx, block, at, &mut run_start, span);
            rewrite_emit(cx, pass, at + 1..r.end, run_start, span, block);
        }
        (_, st) => finish_statement(cx, pass, st, span, block),
    }
    rewrite_statements_into(cx, pass, old, block);
}

/// Splits the `Emit` being rebuilt after its expression `i` was visited:
/// what the pass added goes before `i`; a leaf leaves the range.
fn after_expression(cx: &mut Cx, out: &mut Block, i: usize, run_start: &mut usize, span: Span) {
    if !cx.pending.is_empty() || !cx.pending_statements.is_empty() {
        push_range(out, *run_start, i, span);
        take_inserted(cx, out);
        *run_start = i;
    }
    // An expression replaced by a leaf (a folded constant) leaves the
    // range.
    if !visit::needs_emit(&cx.f.expressions[Handle::<Expression>::from_index(i)]) {
        push_range(out, *run_start, i, span);
        *run_start = i + 1;
    }
}

/// Visits the expressions `range` of an `Emit` (covered from `run_start`)
/// and pushes the rewritten `Emit`s to `out`.
fn rewrite_emit(
    cx: &mut Cx,
    pass: &mut impl FunctionPass,
    range: std::ops::Range<usize>,
    mut run_start: usize,
    span: Span,
    out: &mut Block,
) {
    let last = range.end;
    for i in range {
        pass.expression(cx, Handle::from_index(i));
        after_expression(cx, out, i, &mut run_start, span);
    }
    push_range(out, run_start, last, span);
}

/// Finishes a statement other than `Emit` that the pass has seen: what the
/// pass inserted goes before it, its nested blocks are rewritten, and it is
/// pushed to `out`.
fn finish_statement(
    cx: &mut Cx,
    pass: &mut impl FunctionPass,
    st: Statement,
    span: Span,
    out: &mut Block,
) {
    if let Statement::Loop {
        mut body,
        mut continuing,
        break_if,
        unroll,
    } = st
    {
        // Expressions added for `break if` belong at the end of
        // `continuing`; statements inserted go before the loop.
        let mut pending = std::mem::take(&mut cx.pending);
        for (st, span) in std::mem::take(&mut cx.pending_statements) {
            out.push(st, span);
        }
        rewrite_block(cx, pass, &mut body);
        rewrite_block(cx, pass, &mut continuing);
        flush(&mut pending, cx.f, |st, span| continuing.push(st, span));
        out.push(
            Statement::Loop {
                body,
                continuing,
                break_if,
                unroll,
            },
            span,
        );
        return;
    }
    take_inserted(cx, out);
    let mut st = st;
    let plain = matches!(st, Statement::Block(_));
    // Each nested block in order, rewritten where it is.
    visit::child_blocks_mut(&mut st, |b| rewrite_block_as(cx, pass, b, plain));
    out.push(st, span);
}

/// Rewrites the statements `block` into `out` (rebuilt).
fn rewrite_statements_into(
    cx: &mut Cx,
    pass: &mut impl FunctionPass,
    block: BlockIntoIter,
    out: &mut Block,
) {
    for (st, span) in block {
        match st {
            Statement::Emit(range) => {
                let r = range.index_range();
                let start = r.start;
                rewrite_emit(cx, pass, r, start, span, out);
            }
            mut st => {
                pass.statement(cx, &mut st, span);
                finish_statement(cx, pass, st, span, out);
            }
        }
    }
}

/// Builds a block of new statements, covering each new expression that
/// needs evaluation with an `Emit` placed before the first statement that
/// follows it. Expressions of nested blocks are built with their own
/// builder; runs of this builder never cover them.
#[derive(Default)]
pub struct BlockBuilder {
    /// The statements built so far.
    pub block: Block,
    run: Option<(usize, usize)>,
}

impl BlockBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an expression evaluated at this point of the block.
    pub fn expr(&mut self, f: &mut Function, e: Expression, ty: Handle<Type>, span: Span) -> H {
        let emitted = visit::needs_emit(&e);
        let h = f.add_expression(e, ty, span);
        if emitted {
            match self.run {
                Some((start, end)) if end == h.index() => self.run = Some((start, h.index() + 1)),
                _ => {
                    self.flush();
                    self.run = Some((h.index(), h.index() + 1));
                }
            }
        }
        h
    }

    /// Evaluates an existing expression (one no `Emit` covers yet) at this
    /// point of the block.
    pub fn cover(&mut self, h: H) {
        self.flush();
        push_range(&mut self.block, h.index(), h.index() + 1, Span::UNDEFINED);
    }

    /// Adds a statement (after the expressions added so far).
    pub fn stmt(&mut self, st: Statement, span: Span) {
        self.flush();
        self.block.push(st, span);
    }

    fn flush(&mut self) {
        if let Some((start, end)) = self.run.take() {
            push_range(&mut self.block, start, end, Span::UNDEFINED);
        }
    }

    /// The finished block.
    pub fn finish(mut self) -> Block {
        self.flush();
        self.block
    }
}

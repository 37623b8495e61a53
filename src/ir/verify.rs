//! The IR verifier: checks that a [`Module`] keeps the invariants every
//! pass and printer relies on. An analysis, not a pass: it reads the
//! module and reports the first broken rule. `passes::run` calls it before
//! the first pass and after each one when verification is on (debug
//! builds, which covers `cargo test` and the fuzz targets, or the backends'
//! `verify_ir` option, the CLI's `--verify-ir`), in the spirit of Tint's
//! `AssertValid` around each transform and naga's handle validation.
//!
//! A failure is a bug in whatever built the module, never in the WGSL
//! input: the message names the item (function, global expression, type,
//! ...), the statement or expression handle, and the rule broken.
//!
//! # Rules
//!
//! **Handles.** Every handle is in range: types, constant values,
//! overrides, global variables, global expressions, functions, local
//! variables, expressions and `FunctionArgument(n)` indices, wherever they
//! appear (types, constants, overrides, globals, global expressions,
//! functions, statements, `Emit` ranges, entry points, `let` names).
//! Types and constant values only refer to earlier ones (an interned value
//! is built from values interned before it); a global expression only to
//! earlier global expressions; a call or per-element operation only to an
//! earlier function (functions are ordered callees first). Function
//! expressions may refer to later expressions: passes append the
//! expressions they add, so a rewritten expression can read a newer one;
//! what orders them is the `Emit`s (below).
//!
//! **Types.** `expression_types` and `global_expression_types` are parallel
//! to their arenas. The recorded type of every *live* expression (emitted,
//! or read by a statement or by a live expression) fits its operands, and
//! each statement's operands and result have the types it needs
//! (`verify_types.rs` and `verify_statements.rs` list what is checked: the
//! structural part; builtins' overloads and the address-space rules are
//! the validator's). Dead expressions are only checked for handles: passes
//! leave replaced expressions in the arena (`cse` turns a duplicate into a
//! `false` literal that keeps its old type), and nothing reads them.
//! Abstract literals and `Override` do not appear in functions (they read
//! overrides through `OverrideExpr`); global expressions are
//! override-expressions (no memory, calls or builtins with side effects).
//!
//! **Statements.** `If` and `break if` conditions are `bool`; a `Switch`
//! selector is `i32` or `u32`, its case values are of that type and
//! distinct, every case has a selector and exactly one is `default`; a
//! `Store` writes a value of the pointee's type through a writable
//! pointer, and neither it nor a `Load` copies an atomic or a runtime-sized
//! array; a `Call` passes as many arguments as the callee has parameters,
//! of their types, and has a result exactly when the callee returns a
//! value: a `CallResult` of that callee; `Return` has a value exactly when
//! the function has a result, of its type; `Atomic`,
//! `WorkgroupUniformLoad` and `Subgroup` have result expressions of their
//! own kind and of the type the operation gives (`Atomic` on a pointer to
//! an atomic, with `value` except for loads, `compare` only for
//! compare-exchange, and no result only for stores).
//!
//! **Evaluation.** An `Emit` range lies inside the arena; each expression
//! that needs evaluation ([`visit::needs_emit`]) is emitted at most once in
//! the function. A range may also cover leaves and results, which it does
//! not evaluate (both printers skip them; the resolver and the passes never
//! cover them, IR built by hand does). Each `*Result` expression is
//! produced by at most one statement, and by one before any use (a result
//! nothing produces and nothing reads is garbage a rewrite left: `unroll`
//! copies a loop body once per iteration and drops the original). Every
//! use is dominated by its definition: an expression read by a statement,
//! or by an expression being emitted, is a leaf that needs no evaluation
//! (literal, constant, override, variable, argument), or was emitted (or,
//! for a result, produced) before it in the same block or in an enclosing
//! one. Every block is a scope (a plain `Block` too: the MSL printer
//! declares what a block evaluates inside its braces). A loop's
//! `continuing` block and its `break if` may also read what the loop
//! body's top level evaluated, as WGSL's `continuing` sees the body's
//! declarations, but only what is evaluated before the body's first
//! statement that can leave the iteration (`break`, `continue`, `return`,
//! or a statement containing a `continue` of this loop): WGSL forbids a
//! `continue` that skips a declaration the `continuing` uses, and the
//! SPIR-V printer skips what follows a terminator, so an evaluation after
//! one would not dominate the `continuing` block.
//!
//! **Blocks.** `break` is inside a loop body or a switch case, never
//! directly in a `continuing` block (only `break if` leaves one; a `break`
//! of a switch or loop nested in it is fine); `continue` is inside a loop
//! body (a switch in between is fine), not in a `continuing` block;
//! `return` never appears in a `continuing` block (structured control
//! flow cannot leave a continue construct but by its back edge or `break
//! if`). Statements after a terminator are allowed: the SPIR-V printer
//! skips them, the others print them, and the evaluation rule above keeps
//! anything they define from being read where it would not exist.

use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::verify_types::{self as rules, expression_kind, Exprs};
use crate::ir::{
    visit, ArraySize, Block, ConstValue, Expression, Function, MatrixDim, Module, Statement,
    TypeInner, WorkgroupSizeDim,
};
use crate::span::Span;

type H = Handle<Expression>;

/// A broken IR rule: where, and which rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The item: `function 'main' [0]`, `global expression [3]`, `type
    /// [2]`, `entry point 'main'`, ...
    pub item: String,
    /// Where in the item, if anywhere in particular: `expression [7]
    /// (Load)`, `statement body[2].accept[0] (Store)`.
    pub at: Option<String>,
    /// The rule broken.
    pub rule: String,
    /// The source span of the statement or expression, when it has one.
    pub span: Span,
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.at {
            Some(at) => write!(f, "{}, {}: {}", self.item, at, self.rule),
            None => write!(f, "{}: {}", self.item, self.rule),
        }
    }
}

impl std::error::Error for VerifyError {}

impl VerifyError {
    /// The internal compiler error for a module that fails verification
    /// after `stage` (a pass name, `pipeline` or `front-end`).
    pub fn into_error(self, stage: &str) -> Error {
        let message =
            format!("internal error: IR verification failed after pass '{stage}': {self}");
        let d = if self.span == Span::UNDEFINED {
            Diagnostic::without_location(message)
        } else {
            Diagnostic::error(message, self.span)
        };
        d.with_note("this is a bug in tessera, not in the shader: please report it with the input")
            .into()
    }
}

/// Whether verification is on: in debug builds always, otherwise when
/// `requested` (the backends' `verify_ir` option).
pub fn enabled(requested: bool) -> bool {
    requested || cfg!(debug_assertions)
}

/// Verifies `module` against the rules of the module doc.
pub fn verify(module: &Module) -> Result<(), VerifyError> {
    module_items(module)?;
    let no_copy = rules::not_copyable(module);
    global_expressions(module, &no_copy)?;
    let mut scratch = Scratch::default();
    for (h, f) in module.functions.iter() {
        function(module, h, f, &no_copy, &mut scratch)?;
    }
    Ok(())
}

/// Verifies `module`, reporting a failure as the internal error of
/// [`VerifyError::into_error`].
pub fn verify_after(module: &Module, stage: &str) -> Result<(), Error> {
    verify(module).map_err(|e| e.into_error(stage))
}

fn fail<T>(item: impl Into<String>, rule: impl Into<String>) -> Result<T, VerifyError> {
    Err(VerifyError {
        item: item.into(),
        at: None,
        rule: rule.into(),
        span: Span::UNDEFINED,
    })
}

/// `"{what} [{index}] is out of range ({len} exist)"` unless in range.
fn in_range(what: &str, index: usize, len: usize) -> Result<(), String> {
    if index < len {
        Ok(())
    } else {
        Err(format!("{what} [{index}] is out of range ({len} exist)"))
    }
}

/// Types, constant values, overrides, global variables and entry points.
fn module_items(m: &Module) -> Result<(), VerifyError> {
    let nt = m.types.len();
    let (ng, no) = (m.global_expressions.len(), m.overrides.len());
    for (h, t) in m.types.iter() {
        let item = || format!("type [{}]", h.index());
        let earlier = |t: Handle<crate::ir::Type>| {
            if t.index() < h.index() {
                Ok(())
            } else {
                Err(format!(
                    "it refers to type [{}], not an earlier one",
                    t.index()
                ))
            }
        };
        let r = match t.inner {
            TypeInner::Pointer { base, .. } => earlier(base),
            TypeInner::Array { base, size, .. } => earlier(base).and_then(|()| match size {
                ArraySize::Override(e) => in_range("global expression", e.index(), ng),
                _ => Ok(()),
            }),
            TypeInner::Struct { ref members, .. } => {
                members.iter().try_for_each(|mb| earlier(mb.ty))
            }
            TypeInner::SubgroupMatrix { columns, rows, .. } => {
                [columns, rows].iter().try_for_each(|d| match *d {
                    MatrixDim::Override(o) => in_range("override", o.index(), no),
                    MatrixDim::Constant(_) => Ok(()),
                })
            }
            _ => Ok(()),
        };
        r.or_else(|rule| fail(item(), rule))?;
    }
    for (h, c) in m.constants.iter() {
        let r = match c {
            ConstValue::Scalar(_) => Ok(()),
            ConstValue::Zero(t) => in_range("type", t.index(), nt),
            ConstValue::Composite { ty, components } => {
                in_range("type", ty.index(), nt).and_then(|()| {
                    match components.iter().find(|c| c.index() >= h.index()) {
                        Some(c) => Err(format!(
                            "it refers to constant [{}], not an earlier one",
                            c.index()
                        )),
                        None => Ok(()),
                    }
                })
            }
        };
        r.or_else(|rule| fail(format!("constant [{}]", h.index()), rule))?;
    }
    for (h, o) in m.overrides.iter() {
        let r = in_range("type", o.ty.index(), nt).and_then(|()| match o.init {
            Some(e) => in_range("global expression", e.index(), ng),
            None => Ok(()),
        });
        r.or_else(|rule| fail(format!("override '{}' [{}]", o.name, h.index()), rule))?;
    }
    for (h, g) in m.global_variables.iter() {
        let r = in_range("type", g.ty.index(), nt).and_then(|()| match g.init {
            Some(e) => in_range("global expression", e.index(), ng),
            None => Ok(()),
        });
        r.or_else(|rule| {
            fail(
                format!("global variable '{}' [{}]", g.name, h.index()),
                rule,
            )
        })?;
    }
    for ep in &m.entry_points {
        let dims = ep
            .workgroup_size
            .iter()
            .chain(ep.subgroup_size.as_ref().map(|(d, _)| d));
        let r = in_range("function", ep.function.index(), m.functions.len()).and_then(|()| {
            dims.clone().try_for_each(|d| match *d {
                WorkgroupSizeDim::Override(e) => in_range("global expression", e.index(), ng),
                WorkgroupSizeDim::Constant(_) => Ok(()),
            })
        });
        r.or_else(|rule| fail(format!("entry point '{}'", ep.name), rule))?;
    }
    Ok(())
}

/// The handles an expression holds besides its operands, checked against
/// the module (and the function, for function expressions).
fn embedded_handles(
    m: &Module,
    f: Option<(Handle<Function>, &Function)>,
    e: &Expression,
) -> Result<(), String> {
    use Expression as E;
    let nt = m.types.len();
    let ty = |t: Handle<crate::ir::Type>| in_range("type", t.index(), nt);
    let callee = |c: Handle<Function>| match f {
        Some((me, _)) if c.index() >= me.index() => Err(format!(
            "it refers to function [{}], not an earlier one (functions are ordered callees first)",
            c.index()
        )),
        _ => in_range("function", c.index(), m.functions.len()),
    };
    match *e {
        E::Constant(c) => in_range("constant", c.index(), m.constants.len()),
        E::Override(o) => match f {
            Some(_) => Err(
                "an `Override` in a function (functions read overrides through `OverrideExpr`)"
                    .into(),
            ),
            None => in_range("override", o.index(), m.overrides.len()),
        },
        E::OverrideExpr(g) => match f {
            Some(_) => in_range("global expression", g.index(), m.global_expressions.len()),
            None => Err("an `OverrideExpr` among the global expressions".into()),
        },
        E::ZeroValue(t)
        | E::Compose { ty: t, .. }
        | E::Convert { ty: t, .. }
        | E::Bitcast { ty: t, .. }
        | E::AtomicResult { ty: t }
        | E::WorkgroupUniformLoadResult { ty: t }
        | E::SubgroupResult { ty: t }
        | E::IntrinsicResult { ty: t }
        | E::SubgroupMatrixLoad { ty: t, .. }
        | E::SubgroupMatrixMultiply { ty: t, .. }
        | E::SubgroupMatrixFromInvocations { ty: t, .. }
        | E::SubgroupMatrixLength(t)
        | E::SubgroupMatrixFill { ty: t, .. } => ty(t),
        E::FunctionArgument(n) => match f {
            Some((_, f)) => in_range("argument", n as usize, f.arguments.len()),
            None => Ok(()),
        },
        E::GlobalVariable(g) => in_range("global variable", g.index(), m.global_variables.len()),
        E::LocalVariable(l) => match f {
            Some((_, f)) => in_range("local variable", l.index(), f.local_variables.len()),
            None => Ok(()),
        },
        E::CallResult(c)
        | E::SubgroupMatrixPerElement { function: c, .. }
        | E::SubgroupMatrixReduce {
            function: Some(c), ..
        } => callee(c),
        _ => Ok(()),
    }
}

/// Whether a global expression may appear among the global expressions
/// (override-expressions read no memory and call nothing).
fn global_kind(e: &Expression) -> bool {
    use Expression as E;
    matches!(
        e,
        E::Literal(_)
            | E::Constant(_)
            | E::Override(_)
            | E::ZeroValue(_)
            | E::Compose { .. }
            | E::Splat { .. }
            | E::Swizzle { .. }
            | E::Access { .. }
            | E::AccessIndex { .. }
            | E::Unary { .. }
            | E::Binary { .. }
            | E::Select { .. }
            | E::Math { .. }
            | E::Convert { .. }
            | E::Bitcast { .. }
    )
}

fn global_expressions(m: &Module, no_copy: &[bool]) -> Result<(), VerifyError> {
    let (n, nt) = (m.global_expressions.len(), m.types.len());
    if m.global_expression_types.len() != n {
        return fail(
            "module",
            format!(
                "{} global expression types for {n} global expressions",
                m.global_expression_types.len()
            ),
        );
    }
    let x = Exprs {
        m,
        exprs: &m.global_expressions,
        types: &m.global_expression_types,
        f: None,
        no_copy,
    };
    for (h, e) in m.global_expressions.iter() {
        let err = |rule: String| VerifyError {
            item: format!("global expression [{}] ({})", h.index(), expression_kind(e)),
            at: None,
            rule,
            span: m.global_expressions.span(h),
        };
        let mut r = in_range("type", m.global_expression_types[h.index()].index(), nt);
        if r.is_ok() && !global_kind(e) {
            r = Err("this kind of expression is not an override-expression".into());
        }
        r = r.and_then(|()| embedded_handles(m, None, e));
        visit::operands(e, |o| {
            if r.is_ok() && o.index() >= h.index() {
                r = Err(format!(
                    "it reads global expression [{}], not an earlier one",
                    o.index()
                ));
            }
        });
        r = r.and_then(|()| rules::expression(&x, h));
        r.map_err(err)?;
    }
    Ok(())
}

/// Tables reused from function to function.
#[derive(Default)]
struct Scratch {
    /// Per expression: [`EMITTED`], [`AVAILABLE`], [`CHECKED`] bits.
    state: Vec<u8>,
    /// The expressions made available in the open blocks, with the index
    /// of the statement of their block that did (to close scopes).
    defined: Vec<(H, u32)>,
}

/// Emitted by an `Emit`, or produced by its statement (ever).
const EMITTED: u8 = 1;
/// Available at the current point of the walk.
const AVAILABLE: u8 = 2;
/// Its type rule was checked.
const CHECKED: u8 = 4;

/// Where a `break`/`continue` is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Construct {
    LoopBody,
    Continuing,
    Switch,
}

/// One step of a statement's path: the block's name and the statement's
/// index in it.
#[derive(Clone, Copy)]
enum Seg {
    Body,
    Block,
    Accept,
    Reject,
    Case(u32),
    Loop,
    Continuing,
}

struct FnCheck<'a> {
    handle: Handle<Function>,
    f: &'a Function,
    x: Exprs<'a>,
    s: &'a mut Scratch,
    constructs: Vec<Construct>,
    path: Vec<(Seg, u32)>,
}

fn function(
    m: &Module,
    handle: Handle<Function>,
    f: &Function,
    no_copy: &[bool],
    s: &mut Scratch,
) -> Result<(), VerifyError> {
    let item = || format!("function '{}' [{}]", f.name, handle.index());
    let nt = m.types.len();
    let n = f.expressions.len();
    let tys = f
        .arguments
        .iter()
        .map(|a| ("an argument's", a.ty))
        .chain(f.result.as_ref().map(|r| ("the result's", r.ty)))
        .chain(
            f.local_variables
                .iter()
                .map(|(_, l)| ("a local variable's", l.ty)),
        );
    for (what, t) in tys {
        if t.index() >= nt {
            return fail(
                item(),
                format!("{what} type [{}] is out of range ({nt} exist)", t.index()),
            );
        }
    }
    if f.expression_types.len() != n {
        return fail(
            item(),
            format!(
                "{} expression types for {n} expressions",
                f.expression_types.len()
            ),
        );
    }
    for (h, e) in f.expressions.iter() {
        let mut r = in_range("its type", f.expression_types[h.index()].index(), nt);
        r = r.and_then(|()| embedded_handles(m, Some((handle, f)), e));
        visit::operands(e, |o| {
            if r.is_ok() {
                r = in_range("operand", o.index(), n);
            }
        });
        if let Err(rule) = r {
            return Err(VerifyError {
                item: item(),
                at: Some(format!(
                    "expression [{}] ({})",
                    h.index(),
                    expression_kind(e)
                )),
                rule,
                span: f.expressions.span(h),
            });
        }
    }
    if let Some(h) = f.named_expressions.keys().find(|h| h.index() >= n) {
        return fail(
            item(),
            format!(
                "a `let` name is given to expression [{}], out of range",
                h.index()
            ),
        );
    }
    s.state.clear();
    s.state.resize(n, 0);
    s.defined.clear();
    let mut cx = FnCheck {
        handle,
        f,
        x: Exprs {
            m,
            exprs: &f.expressions,
            types: &f.expression_types,
            f: Some(f),
            no_copy,
        },
        s,
        constructs: Vec::new(),
        path: Vec::new(),
    };
    cx.block(&f.body, Seg::Body)?;
    Ok(())
}

fn is_result(e: &Expression) -> bool {
    matches!(
        e,
        Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkgroupUniformLoadResult { .. }
            | Expression::SubgroupResult { .. }
            | Expression::IntrinsicResult { .. }
    )
}

/// Whether a statement can end the current iteration of the loop whose
/// body it is in, so that nothing after it dominates the `continuing`
/// block: a `break`/`continue`/`return`, or a `continue` of this loop
/// nested in it.
fn leaves_iteration(st: &Statement) -> bool {
    fn has_continue(b: &Block) -> bool {
        b.statements.iter().any(|st| match st {
            Statement::Continue => true,
            Statement::Loop { .. } => false,
            st => st.child_blocks().any(has_continue),
        })
    }
    match st {
        Statement::Break | Statement::Continue | Statement::Return { .. } => true,
        Statement::Loop { .. } => false,
        st => st.child_blocks().any(has_continue),
    }
}

impl FnCheck<'_> {
    fn item(&self) -> String {
        format!("function '{}' [{}]", self.f.name, self.handle.index())
    }

    fn path(&self) -> String {
        let mut out = String::new();
        for (i, &(seg, at)) in self.path.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            let name = match seg {
                Seg::Body => "body".to_string(),
                Seg::Block => "block".into(),
                Seg::Accept => "accept".into(),
                Seg::Reject => "reject".into(),
                Seg::Case(c) => format!("case{c}"),
                Seg::Loop => "loop".into(),
                Seg::Continuing => "continuing".into(),
            };
            out.push_str(&format!("{name}[{at}]"));
        }
        out
    }

    fn at_statement(&self, st: &Statement, span: Span, rule: impl Into<String>) -> VerifyError {
        VerifyError {
            item: self.item(),
            at: Some(format!(
                "statement {} ({})",
                self.path(),
                statement_kind(st)
            )),
            rule: rule.into(),
            span,
        }
    }

    fn at_expression(&self, h: H, rule: impl Into<String>) -> VerifyError {
        VerifyError {
            item: self.item(),
            at: Some(format!(
                "expression [{}] ({}) at {}",
                h.index(),
                expression_kind(&self.f.expressions[h]),
                self.path()
            )),
            rule: rule.into(),
            span: self.f.expressions.span(h),
        }
    }

    /// Checks the type rule of `h` once.
    fn check_type(&mut self, h: H) -> Result<(), VerifyError> {
        if self.s.state[h.index()] & CHECKED != 0 {
            return Ok(());
        }
        self.s.state[h.index()] |= CHECKED;
        rules::expression(&self.x, h).map_err(|rule| self.at_expression(h, rule))
    }

    /// Whether `o` may be read here: a leaf that needs no evaluation, or
    /// evaluated (produced) earlier on every path.
    fn available(&self, o: H) -> bool {
        let e = &self.f.expressions[o];
        (!visit::needs_emit(e) && !is_result(e)) || self.s.state[o.index()] & AVAILABLE != 0
    }

    fn unavailable(&self, o: H) -> String {
        let e = &self.f.expressions[o];
        let how = if self.s.state[o.index()] & EMITTED != 0 {
            "which is evaluated, but not earlier on every path to this use (in another block, or later)"
        } else if is_result(e) {
            "which no statement before it produces"
        } else {
            "which is not emitted before it"
        };
        format!(
            "it reads expression [{}] ({}), {how}",
            o.index(),
            expression_kind(e)
        )
    }

    /// Makes `h` available in the current block (statement `at`).
    fn define(&mut self, h: H, at: u32) {
        self.s.state[h.index()] |= EMITTED | AVAILABLE;
        self.s.defined.push((h, at));
    }

    /// Closes scopes: forgets what was defined since `mark`.
    fn forget(&mut self, mark: usize) {
        for (h, _) in self.s.defined.drain(mark..) {
            self.s.state[h.index()] &= !AVAILABLE;
        }
    }

    fn block(&mut self, b: &Block, seg: Seg) -> Result<(), VerifyError> {
        let mark = self.s.defined.len();
        self.statements(b, seg)?;
        self.forget(mark);
        Ok(())
    }

    /// Walks a block's statements, leaving what it defined available.
    fn statements(&mut self, b: &Block, seg: Seg) -> Result<(), VerifyError> {
        self.path.push((seg, 0));
        for (i, (st, span)) in b.iter().enumerate() {
            if let Some(last) = self.path.last_mut() {
                last.1 = i as u32;
            }
            self.statement(st, span, i as u32)?;
        }
        self.path.pop();
        Ok(())
    }

    fn emit(
        &mut self,
        st: &Statement,
        span: Span,
        range: &crate::arena::HandleRange<Expression>,
        at: u32,
    ) -> Result<(), VerifyError> {
        let r = range.index_range();
        if r.end > self.f.expressions.len() {
            return Err(self.at_statement(
                st,
                span,
                format!(
                    "the range {:?} ends past the {} expressions",
                    range,
                    self.f.expressions.len()
                ),
            ));
        }
        for h in range.clone() {
            let e = &self.f.expressions[h];
            if !visit::needs_emit(e) {
                // Not evaluated: the printers skip it.
                continue;
            }
            if self.s.state[h.index()] & EMITTED != 0 {
                return Err(self.at_expression(h, "it is emitted twice"));
            }
            let mut bad = None;
            visit::operands(e, |o| {
                if bad.is_none() && !self.available(o) {
                    bad = Some(o);
                }
            });
            if let Some(o) = bad {
                return Err(self.at_expression(h, self.unavailable(o)));
            }
            let mut leaves = smallvec::SmallVec::<[H; 4]>::new();
            visit::operands(e, |o| {
                if !visit::needs_emit(&self.f.expressions[o]) {
                    leaves.push(o);
                }
            });
            for o in leaves {
                self.check_type(o)?;
            }
            self.check_type(h)?;
            self.define(h, at);
        }
        Ok(())
    }

    fn statement(&mut self, st: &Statement, span: Span, at: u32) -> Result<(), VerifyError> {
        let n = self.f.expressions.len();
        // Handles first, so the rules below can index.
        let mut bad = None;
        visit::statement_operands(st, |o| {
            if bad.is_none() && o.index() >= n {
                bad = Some(o);
            }
        });
        if let Some(r) = visit::result(st) {
            if r.index() >= n {
                bad = Some(r);
            }
        }
        if let Some(o) = bad {
            return Err(self.at_statement(
                st,
                span,
                format!("expression [{}] is out of range ({n} exist)", o.index()),
            ));
        }
        if let Statement::Emit(range) = st {
            return self.emit(st, span, range, at);
        }
        let mut unavailable = None;
        let mut operands = smallvec::SmallVec::<[H; 4]>::new();
        visit::statement_operands(st, |o| operands.push(o));
        // A loop's `break if` is read after its blocks.
        if !matches!(st, Statement::Loop { .. }) {
            for &o in &operands {
                if unavailable.is_none() && !self.available(o) {
                    unavailable = Some(o);
                }
            }
            if let Some(o) = unavailable {
                return Err(self.at_statement(st, span, self.unavailable(o)));
            }
            for &o in &operands {
                self.check_type(o)?;
            }
        }
        super::verify_statements::statement(&self.x, self.f, self.handle, st)
            .map_err(|rule| self.at_statement(st, span, rule))?;
        if let Some(r) = visit::result(st) {
            if self.s.state[r.index()] & EMITTED != 0 {
                return Err(self.at_statement(
                    st,
                    span,
                    format!(
                        "its result [{}] is produced by another statement too",
                        r.index()
                    ),
                ));
            }
            self.check_type(r)?;
            self.define(r, at);
        }
        match st {
            Statement::Block(b) => self.block(b, Seg::Block),
            Statement::If { accept, reject, .. } => {
                self.block(accept, Seg::Accept)?;
                self.block(reject, Seg::Reject)
            }
            Statement::Switch { cases, .. } => {
                self.constructs.push(Construct::Switch);
                for (i, c) in cases.iter().enumerate() {
                    self.block(&c.body, Seg::Case(i as u32))?;
                }
                self.constructs.pop();
                Ok(())
            }
            Statement::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                let mark = self.s.defined.len();
                self.constructs.push(Construct::LoopBody);
                self.statements(body, Seg::Loop)?;
                self.constructs.pop();
                // What the body evaluates after a statement that can end
                // the iteration does not dominate `continuing`.
                let cut = body
                    .statements
                    .iter()
                    .position(leaves_iteration)
                    .map_or(u32::MAX, |i| i as u32);
                let mut keep = mark;
                for i in mark..self.s.defined.len() {
                    let (h, at) = self.s.defined[i];
                    if at < cut {
                        self.s.defined[keep] = (h, at);
                        keep += 1;
                    } else {
                        self.s.state[h.index()] &= !AVAILABLE;
                    }
                }
                self.s.defined.truncate(keep);
                self.constructs.push(Construct::Continuing);
                let inner = self.s.defined.len();
                self.statements(continuing, Seg::Continuing)?;
                self.constructs.pop();
                if let Some(b) = *break_if {
                    if !self.available(b) {
                        return Err(self.at_statement(
                            st,
                            span,
                            format!("`break if`: {}", self.unavailable(b)),
                        ));
                    }
                    self.check_type(b)?;
                }
                self.forget(inner);
                self.forget(mark);
                Ok(())
            }
            Statement::Break => match self.constructs.last() {
                Some(Construct::LoopBody | Construct::Switch) => Ok(()),
                Some(Construct::Continuing) => Err(self.at_statement(
                    st,
                    span,
                    "`break` directly in a `continuing` block (only `break if` leaves one)",
                )),
                None => Err(self.at_statement(st, span, "`break` outside a loop or switch")),
            },
            Statement::Continue => {
                match self
                    .constructs
                    .iter()
                    .rev()
                    .find(|&&c| c != Construct::Switch)
                {
                    Some(Construct::LoopBody) => Ok(()),
                    Some(_) => {
                        Err(self.at_statement(st, span, "`continue` in a `continuing` block"))
                    }
                    None => Err(self.at_statement(st, span, "`continue` outside a loop")),
                }
            }
            Statement::Return { .. } if self.constructs.contains(&Construct::Continuing) => {
                Err(self.at_statement(st, span, "`return` in a `continuing` block"))
            }
            _ => Ok(()),
        }
    }
}

/// The name of a statement's variant, for messages.
fn statement_kind(st: &Statement) -> &'static str {
    match st {
        Statement::Emit(_) => "Emit",
        Statement::Block(_) => "Block",
        Statement::If { .. } => "If",
        Statement::Switch { .. } => "Switch",
        Statement::Loop { .. } => "Loop",
        Statement::Break => "Break",
        Statement::Continue => "Continue",
        Statement::Return { .. } => "Return",
        Statement::Store { .. } => "Store",
        Statement::Call { .. } => "Call",
        Statement::Atomic { .. } => "Atomic",
        Statement::WorkgroupUniformLoad { .. } => "WorkgroupUniformLoad",
        Statement::Barrier(_) => "Barrier",
        Statement::Subgroup { .. } => "Subgroup",
        Statement::ImageStore { .. } => "ImageStore",
        Statement::Discard => "Discard",
        Statement::SubgroupMatrixStore { .. } => "SubgroupMatrixStore",
        Statement::CoopVecAccumulate { .. } => "CoopVecAccumulate",
        Statement::Intrinsic { .. } => "Intrinsic",
    }
}

#[cfg(test)]
#[path = "verify_tests.rs"]
mod tests;

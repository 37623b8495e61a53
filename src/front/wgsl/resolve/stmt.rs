//! Statements: declarations, assignments, control flow (with `for` and
//! `while` lowered to `Loop`), and the placement rules of `break`,
//! `continue`, `break if` and `return`.

use super::super::ast::{self, AssignOp, BinaryOp, Stmt, StmtKind};
use super::scope::{Ctl, Local, OpenLoop, Skipped};
use super::swizzle_assign::{SwizzleView, Target};
use super::{err, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::ir::{
    self, Block, CaseSelector, Expression, Literal, LocalVariable, Scalar, Statement, SwitchCase,
    Type, TypeInner, UnaryOperator,
};
use crate::span::Span;
use rustc_hash::FxHashMap as HashMap;

/// Whether every path through the block ends in a `return` (a
/// conservative behaviour analysis).
pub(crate) fn block_returns(b: &Block) -> bool {
    b.statements.iter().any(stmt_returns)
}

fn stmt_returns(s: &Statement) -> bool {
    match s {
        Statement::Return { .. } => true,
        Statement::Block(b) => block_returns(b),
        Statement::If { accept, reject, .. } => block_returns(accept) && block_returns(reject),
        Statement::Switch { cases, .. } => cases.iter().all(|c| block_returns(&c.body)),
        Statement::Loop {
            body,
            continuing,
            break_if,
            ..
        } => break_if.is_none() && !breaks(body) && !breaks(continuing),
        _ => false,
    }
}

/// Whether a loop body contains a `break` that leaves this loop.
fn breaks(b: &Block) -> bool {
    b.statements.iter().any(|s| match s {
        Statement::Break => true,
        Statement::Block(b) => breaks(b),
        Statement::If { accept, reject, .. } => breaks(accept) || breaks(reject),
        // A `break` in a switch leaves the switch, not the loop.
        _ => false,
    })
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// Resolves statements into the current block. An error ends only
    /// the statement it is in (see `recover.rs`): this fails only when
    /// resolution stops at the error limit.
    pub(crate) fn stmts(&mut self, stmts: &[Stmt<'a>]) -> Res<()> {
        for s in stmts {
            self.stmt_recovering(s)?;
        }
        Ok(())
    }

    /// Resolves a braced block in a new scope, returning its IR block.
    fn scoped_block(&mut self, b: &ast::Block<'a>) -> Res<Block> {
        self.statement_attrs(&b.attributes, b.span, "a compound statement")?;
        self.scoped(|r| r.stmts(&b.stmts))
    }

    /// Runs `f` in a new scope and a new IR block.
    fn scoped(&mut self, f: impl FnOnce(&mut Self) -> Res<()>) -> Res<Block> {
        let span = Span::UNDEFINED;
        let fs = self.fs(span)?;
        fs.open();
        fs.scopes.push();
        let r = f(self);
        let fs = self.fs(span)?;
        fs.scopes.pop();
        let b = fs.close();
        r.map(|_| b)
    }

    fn push(&mut self, s: Statement, span: Span) -> Res<()> {
        self.fs(span)?.push(s, span);
        Ok(())
    }

    fn bool_cond(&mut self, e: ast::ExprId) -> Res<Handle<Expression>> {
        let span = self.span(e);
        let v = self.value(e, Stage::Runtime)?;
        let ty = self.val_ty(&v);
        if *self.module.inner(ty) != TypeInner::Scalar(Scalar::Bool) {
            return err(
                format!(
                    "condition must be of type 'bool', found '{}'",
                    self.type_name(ty)
                ),
                span,
            );
        }
        self.lift(v, Stage::Runtime, span)
    }

    pub(super) fn stmt(&mut self, s: &Stmt<'a>) -> Res<()> {
        let span = s.span;
        self.statement_attrs(&s.attributes, span, "a statement")?;
        match &s.kind {
            StmtKind::Empty => Ok(()),
            StmtKind::Block(b) => {
                let b = self.scoped_block(b)?;
                self.push(Statement::Block(b), span)
            }
            StmtKind::Var(v) => self.local_var(v),
            StmtKind::Let(v) => self.let_decl(v),
            StmtKind::Const(c) => {
                let v = self.const_decl(c)?;
                self.declare(c.name, Local::Const(v))
            }
            StmtKind::Assign { lhs, op, rhs } => self.assign(*lhs, *op, *rhs, span),
            StmtKind::Increment(e) | StmtKind::Decrement(e) => {
                let op = if matches!(s.kind, StmtKind::Increment(_)) {
                    BinaryOp::Add
                } else {
                    BinaryOp::Sub
                };
                let (ptr, store) = self.reference(*e)?;
                match self.module.inner(store) {
                    TypeInner::Scalar(Scalar::I32 | Scalar::U32) => {}
                    _ => {
                        return err(
                            format!(
                                "increment and decrement require an 'i32' or 'u32' reference, found '{}'",
                                self.type_name(store)
                            ),
                            self.span(*e),
                        )
                    }
                }
                let one = Val::Const(Value::Scalar(Literal::AbstractInt(1)));
                self.read_modify_write(ptr, store, op, None, one, span, span)
            }
            StmtKind::Call(e) => {
                let ast::Expr::Call { callee, args } = &self.ast(*e) else {
                    return err("expected a function call", self.span(*e));
                };
                let v = self.call_inner(
                    callee,
                    self.list(*args),
                    self.span(*e),
                    Stage::Runtime,
                    true,
                )?;
                if let Some(v) = v {
                    // Evaluate (emit) the value even though it is unused.
                    self.lift(v, Stage::Runtime, span)?;
                }
                Ok(())
            }
            StmtKind::If {
                condition,
                accept,
                reject,
            } => {
                // A bad condition is reported; the branches are still checked.
                let c = self.bool_cond(*condition);
                let c = self.attempt(c)?;
                let accept = self.scoped_block(accept)?;
                let reject = match reject {
                    None => Block::new(),
                    Some(r) => match &r.kind {
                        StmtKind::Block(b) => self.scoped_block(b)?,
                        _ => self.scoped(|me| me.stmt_recovering(r))?,
                    },
                };
                let Some(c) = c else {
                    return Ok(());
                };
                self.push(
                    Statement::If {
                        condition: c,
                        accept,
                        reject,
                    },
                    span,
                )
            }
            StmtKind::Switch {
                selector,
                body_attributes,
                clauses,
            } => {
                // The switch body: from the end of the selector (its
                // attributes come after it) to the closing brace.
                let body = Span::new(self.span(*selector).end, span.end);
                self.statement_attrs(body_attributes, body, "a switch body")?;
                self.switch(*selector, clauses, span)
            }
            StmtKind::Loop {
                body_attributes,
                body,
                continuing,
            } => {
                self.statement_attrs(body_attributes, body.span, "a loop body")?;
                self.lower_loop(None, &body.stmts, continuing.as_deref(), None, span)
            }
            StmtKind::For {
                init,
                condition,
                update,
                body,
            } => {
                self.statement_attrs(&body.attributes, body.span, "a loop body")?;
                let b = self.scoped(|me| {
                    if let Some(i) = init {
                        me.stmt_recovering(i)?;
                    }
                    me.lower_loop(*condition, &body.stmts, None, update.as_deref(), span)
                })?;
                self.push(Statement::Block(b), span)
            }
            StmtKind::While { condition, body } => {
                self.statement_attrs(&body.attributes, body.span, "a loop body")?;
                self.lower_loop(Some(*condition), &body.stmts, None, None, span)
            }
            StmtKind::Break => {
                let ctl = self.fs(span)?.ctl.last().copied();
                match ctl {
                    Some(Ctl::Loop | Ctl::Switch) => self.push(Statement::Break, span),
                    Some(Ctl::Continuing) => err(
                        "'break' is not allowed in a continuing block; use 'break if'",
                        span,
                    ),
                    None => err("'break' must be inside a loop or a switch", span),
                }
            }
            StmtKind::BreakIf(_) => err(
                "'break if' must be the last statement of a continuing block",
                span,
            ),
            StmtKind::Continue => {
                let ctl: Vec<Ctl> = self.fs(span)?.ctl.clone();
                for c in ctl.iter().rev() {
                    match c {
                        Ctl::Switch => continue,
                        Ctl::Loop => {
                            // The first `continue` to a loop: the body's
                            // later declarations are skipped (see
                            // `lower_loop`).
                            let fs = self.fs(span)?;
                            if let Some(l) = fs.loops.last_mut() {
                                if l.first_continue.is_none() {
                                    let made = fs.scopes.declared_at(l.body_depth).len();
                                    l.first_continue = Some((made, span));
                                }
                            }
                            return self.push(Statement::Continue, span);
                        }
                        Ctl::Continuing => {
                            return err("'continue' is not allowed in a continuing block", span)
                        }
                    }
                }
                err("'continue' must be inside a loop", span)
            }
            StmtKind::Return(e) => self.return_stmt(*e, span),
            // Fragment stage only: checked by the validator for every entry
            // point that reaches it (`valid::stages`).
            StmtKind::Discard => self.push(Statement::Discard, span),
            StmtKind::ConstAssert(e) => self.const_assert(*e),
        }
    }

    fn declare(&mut self, name: ast::Ident<'a>, local: Local) -> Res<()> {
        if !self.fs(name.span)?.declare(name, local) {
            return err(format!("redeclaration of '{}'", name.name), name.span);
        }
        Ok(())
    }

    fn local_var(&mut self, v: &ast::VarDecl<'a>) -> Res<()> {
        match self.list(v.template_args) {
            [] => {}
            [s] => {
                let space = self.address_space(*s)?;
                if space != ir::AddressSpace::Function {
                    return err(
                        format!(
                            "function-scope variables must be in the 'function' address space, not '{}'",
                            space.wgsl_name()
                        ),
                        self.span(*s),
                    );
                }
            }
            _ => {
                return err(
                    "function-scope variables cannot specify an access mode",
                    v.span,
                )
            }
        }
        if let Some(a) = v.attributes.first() {
            return err(
                format!(
                    "attribute '@{}' is not valid for a function-scope variable",
                    a.name.name
                ),
                a.span,
            );
        }
        let declared = match v.ty {
            Some(t) => Some(self.resolve_type(t)?),
            None => None,
        };
        let init = match v.init {
            Some(e) => {
                let span = self.span(e);
                let val = self.value(e, Stage::Runtime)?;
                let val = match declared {
                    Some(ty) => self.convert_to(val, ty, span)?,
                    None => self.concretize(val, span)?,
                };
                Some(val)
            }
            None => None,
        };
        let ty = match (declared, &init) {
            (Some(t), _) => t,
            (None, Some(val)) => self.val_ty(val),
            (None, None) => {
                return err(
                    "'var' declarations require a type or an initializer",
                    v.name.span,
                )
            }
        };
        let tspan = v.ty.map_or(v.name.span, |t| self.span(t));
        self.check_var_type(ty, ir::AddressSpace::Function, tspan)?;
        if !super::types::is_constructible(&self.module, ty)
            && !self.module.contains_subgroup_matrix(ty)
        {
            return err(
                format!(
                    "type '{}' cannot be used as the type of a function-scope 'var'",
                    self.type_name(ty)
                ),
                tspan,
            );
        }
        let bytes = u64::from(crate::ir::layout::layout(&self.module, ty).size);
        let fs = self.fs(v.span)?;
        fs.var_bytes = fs.var_bytes.saturating_add(bytes);
        let total = fs.var_bytes;
        let limit = super::limits::MAX_FUNCTION_VARIABLE_BYTES;
        if total > limit {
            let name = fs.func.name.clone();
            return err(
                format!(
                    "the function-scope variables of '{name}' take {total} bytes, more than the limit of {limit}"
                ),
                v.name.span,
            );
        }
        let value = match init {
            Some(val) => self.lift(val, Stage::Runtime, v.span)?,
            None => self.fs(v.span)?.add(Expression::ZeroValue(ty), ty, v.span),
        };
        let pty = self.module.intern(TypeInner::Pointer {
            base: ty,
            space: ir::AddressSpace::Function,
            access: ir::Access::ReadWrite,
        });
        let fs = self.fs(v.span)?;
        let var = fs.func.local_variables.append(
            LocalVariable {
                name: v.name.name.to_string(),
                ty,
            },
            v.span,
        );
        let ptr = fs.add(Expression::LocalVariable(var), pty, v.name.span);
        fs.push(
            Statement::Store {
                pointer: ptr,
                value,
            },
            v.span,
        );
        self.declare(v.name, Local::Var { ptr, store: ty })
    }

    fn let_decl(&mut self, v: &ast::ValueDecl<'a>) -> Res<()> {
        let Some(init) = v.init else {
            return err("'let' declarations require an initializer", v.name.span);
        };
        let span = self.span(init);
        let val = self.value(init, Stage::Runtime)?;
        let val = match v.ty {
            Some(t) => {
                let ty = self.resolve_type(t)?;
                self.convert_to(val, ty, span)?
            }
            None => self.concretize(val, span)?,
        };
        let ty = self.val_ty(&val);
        // Textures and samplers: the `texture_and_sampler_let` language
        // feature (always on).
        let is_ptr = self.module.inner(ty).is_pointer() || self.module.inner(ty).is_handle();
        if !is_ptr
            && !super::types::is_constructible(&self.module, ty)
            && !self.module.contains_subgroup_matrix(ty)
        {
            return err(
                format!(
                    "type '{}' cannot be used as the type of a 'let'",
                    self.type_name(ty)
                ),
                v.ty.map_or(v.name.span, |t| self.span(t)),
            );
        }
        let expr = self.lift(val, Stage::Runtime, span)?;
        let fs = self.fs(span)?;
        fs.func
            .named_expressions
            .entry(expr)
            .or_insert_with(|| v.name.name.to_string());
        self.declare(v.name, Local::Value(Val::Runtime { expr, ty }))
    }

    /// Resolves an expression that must be a writable reference (not a
    /// swizzle view of several components).
    fn reference(&mut self, e: ast::ExprId) -> Res<(Handle<Expression>, Handle<Type>)> {
        match self.assign_target(e)? {
            Target::Ref(ptr, store) => Ok((ptr, store)),
            Target::Swizzle(vw) => {
                let ty = self.view_type(&vw);
                err(
                    format!(
                        "increment and decrement require an 'i32' or 'u32' reference, found '{}'",
                        self.type_name(ty)
                    ),
                    self.span(e),
                )
            }
        }
    }

    /// `*ptr = *ptr op rhs`. `cur` is the value of `*ptr` when it was
    /// loaded before `rhs` was evaluated (see [`Resolver::assign`]);
    /// otherwise it is loaded here, after `rhs`.
    #[allow(clippy::too_many_arguments)]
    fn read_modify_write(
        &mut self,
        ptr: Handle<Expression>,
        store: Handle<Type>,
        op: BinaryOp,
        cur: Option<Handle<Expression>>,
        rhs: Val,
        rspan: Span,
        span: Span,
    ) -> Res<()> {
        let cur = match cur {
            Some(cur) => cur,
            None => self
                .fs(span)?
                .add(Expression::Load { pointer: ptr }, store, span),
        };
        let cur = Val::Runtime {
            expr: cur,
            ty: store,
        };
        let r = self.binary_values(op, cur, span, rhs, rspan, span)?;
        let rty = self.val_ty(&r);
        if rty != store {
            return err(
                format!(
                    "the result of the compound assignment has type '{}', which cannot be stored in '{}'",
                    self.type_name(rty),
                    self.type_name(store)
                ),
                span,
            );
        }
        let value = self.lift(r, Stage::Runtime, span)?;
        self.push(
            Statement::Store {
                pointer: ptr,
                value,
            },
            span,
        )
    }

    fn assign(
        &mut self,
        lhs: Option<ast::ExprId>,
        op: AssignOp,
        rhs: ast::ExprId,
        span: Span,
    ) -> Res<()> {
        let rspan = self.span(rhs);
        let Some(lhs) = lhs else {
            // A const right-hand side keeps its (possibly abstract) type:
            // it is not materialised, so it is never concretised (an
            // AbstractInt too large for i32 is fine here).
            let v = self.value(rhs, Stage::Runtime)?;
            let ty = self.val_ty(&v);
            if !super::types::is_constructible(&self.module, ty)
                && !self.module.inner(ty).is_pointer()
                && !self.module.inner(ty).is_handle()
                && !self.module.contains_subgroup_matrix(ty)
            {
                return err(
                    format!(
                        "cannot assign a value of type '{}' to '_'",
                        self.type_name(ty)
                    ),
                    rspan,
                );
            }
            if !matches!(v, Val::Const(_)) {
                self.lift(v, Stage::Runtime, rspan)?;
            }
            return Ok(());
        };
        let (ptr, store) = match self.assign_target(lhs)? {
            Target::Ref(ptr, store) => (ptr, store),
            Target::Swizzle(vw) => return self.assign_swizzle(vw, op, rhs, span),
        };
        self.check_assignable(store, self.span(lhs))?;
        match op {
            AssignOp::Assign => {
                let v = self.value(rhs, Stage::Runtime)?;
                let v = self.convert_to(v, store, rspan)?;
                let value = self.lift(v, Stage::Runtime, rspan)?;
                self.push(
                    Statement::Store {
                        pointer: ptr,
                        value,
                    },
                    span,
                )
            }
            AssignOp::Compound(op) => {
                // `e1 op= e2` is `{ let p = &(e1); *p = *p op (e2); }`
                // (spec, "Compound Assignment"): operands are evaluated
                // left to right, so `*p` is read before `e2` runs. That
                // order is observable only when `e2` may write memory, i.e.
                // calls a user function; otherwise the load stays after
                // `e2`, where it has always been.
                let cur = if self.may_call_user_function(rhs) {
                    let fs = self.fs(span)?;
                    Some(fs.add(Expression::Load { pointer: ptr }, store, span))
                } else {
                    None
                };
                let v = self.value(rhs, Stage::Runtime)?;
                self.read_modify_write(ptr, store, op, cur, v, rspan, span)
            }
        }
    }

    /// `v.zy = e` / `v.zy op= e` (see `swizzle_assign.rs`).
    fn assign_swizzle(
        &mut self,
        vw: SwizzleView,
        op: AssignOp,
        rhs: ast::ExprId,
        span: Span,
    ) -> Res<()> {
        let rspan = self.span(rhs);
        let ty = self.view_type(&vw);
        // As for a reference (see `assign`): when `e2` may write memory,
        // the view's components are read before it runs, and the vector is
        // read again for the store, keeping what `e2` wrote to the
        // components the view leaves alone.
        let early = match op {
            AssignOp::Compound(_) if self.may_call_user_function(rhs) => {
                let old = self.load_view_vector(&vw, span)?;
                Some(self.view_value(&vw, old, span)?)
            }
            _ => None,
        };
        let v = self.value(rhs, Stage::Runtime)?;
        match op {
            AssignOp::Assign => {
                let v = self.convert_to(v, ty, rspan)?;
                let value = self.lift(v, Stage::Runtime, rspan)?;
                self.store_view(&vw, value, None, span)
            }
            AssignOp::Compound(op) => {
                let (cur, old) = match early {
                    Some(cur) => (cur, None),
                    None => {
                        let old = self.load_view_vector(&vw, span)?;
                        (self.view_value(&vw, old, span)?, Some(old))
                    }
                };
                let r = self.binary_values(op, cur, span, v, rspan, span)?;
                let rty = self.val_ty(&r);
                if rty != ty {
                    return err(
                        format!(
                            "the result of the compound assignment has type '{}', which cannot be stored in '{}'",
                            self.type_name(rty),
                            self.type_name(ty)
                        ),
                        span,
                    );
                }
                let value = self.lift(r, Stage::Runtime, span)?;
                self.store_view(&vw, value, old, span)
            }
        }
    }

    fn return_stmt(&mut self, e: Option<ast::ExprId>, span: Span) -> Res<()> {
        let fs = self.fs(span)?;
        if fs.ctl.contains(&Ctl::Continuing) {
            return err("'return' is not allowed in a continuing block", span);
        }
        let result = fs.result;
        if fs.result_unknown {
            // Only the value's own errors can be found.
            if let Some(e) = e {
                self.value(e, Stage::Runtime)?;
            }
            return Ok(());
        }
        match (e, result) {
            (None, None) => self.push(Statement::Return { value: None }, span),
            (Some(e), Some(ty)) => {
                let espan = self.span(e);
                let v = self.value(e, Stage::Runtime)?;
                let v = self.convert_to(v, ty, espan)?;
                let value = self.lift(v, Stage::Runtime, espan)?;
                self.push(Statement::Return { value: Some(value) }, span)
            }
            (Some(e), None) => err(
                "return statement with a value in a function without a return type",
                self.span(e),
            ),
            (None, Some(ty)) => err(
                format!(
                    "missing return value; the function returns '{}'",
                    self.type_name(ty)
                ),
                span,
            ),
        }
    }

    /// Builds a `Loop`: an optional condition (`if !cond { break; }` at
    /// the top), the body, and a `continuing` block (or a `for` update).
    ///
    /// A `continuing` block is the last statement of a `loop` body, so it
    /// sees the body's top-level declarations (not those of blocks nested
    /// in the body), except, as an error, those that a `continue` before
    /// them skips. A `for` update is resolved after the body's scope is
    /// closed: it sees the initializer's declarations and never the body's
    /// (WGSL "For Statement": desugaring renames the body's declarations so
    /// that the update's names resolve as written).
    fn lower_loop(
        &mut self,
        condition: Option<ast::ExprId>,
        body: &[Stmt<'a>],
        continuing: Option<&ast::Continuing<'a>>,
        update: Option<&Stmt<'a>>,
        span: Span,
    ) -> Res<()> {
        let fs = self.fs(span)?;
        fs.ctl.push(Ctl::Loop);
        // `scoped` opens the body's scope one level deeper.
        let body_depth = fs.scopes.depth() + 1;
        fs.loops.push(OpenLoop {
            body_depth,
            first_continue: None,
        });
        let mut cont_block = Block::new();
        let mut break_if = None;
        let body_block = self.scoped(|me| {
            let cond = match condition {
                Some(c) => {
                    let cond = me.bool_cond(c);
                    me.attempt(cond)?.map(|cond| (c, cond))
                }
                None => None,
            };
            if let Some((c, cond)) = cond {
                let cspan = me.span(c);
                let bool_ty = me.module.intern(TypeInner::Scalar(Scalar::Bool));
                let fs = me.fs(cspan)?;
                let not = fs.add(
                    Expression::Unary {
                        op: UnaryOperator::LogicalNot,
                        expr: cond,
                    },
                    bool_ty,
                    cspan,
                );
                let mut brk = Block::new();
                brk.push(Statement::Break, cspan);
                fs.push(
                    Statement::If {
                        condition: not,
                        accept: brk,
                        reject: Block::new(),
                    },
                    cspan,
                );
            }
            me.stmts(body)?;
            let Some(c) = continuing else {
                return Ok(());
            };
            // The continuing block sees the body's declarations, but not
            // those a `continue` skips.
            let fs = me.fs(span)?;
            fs.ctl.push(Ctl::Continuing);
            let skipped = fs.loops.last().and_then(|l| {
                let (made, continue_span) = l.first_continue?;
                let level = fs.scopes.declared_at(l.body_depth);
                Some(Skipped {
                    bindings: level.start + made..level.end,
                    continue_span,
                })
            });
            let skips = skipped.is_some();
            fs.skipped.extend(skipped);
            let r = me.scoped(|me| {
                me.statement_attrs(&c.body.attributes, c.body.span, "a continuing block")?;
                me.stmts(&c.body.stmts)?;
                if let Some(b) = c.break_if {
                    let cond = me.bool_cond(b);
                    break_if = me.attempt(cond)?;
                }
                Ok(())
            });
            let fs = me.fs(span)?;
            fs.ctl.pop();
            if skips {
                fs.skipped.pop();
            }
            cont_block = r?;
            Ok(())
        });
        let body_block = body_block.and_then(|b| {
            // The update, outside the body's scope.
            let Some(u) = update else {
                return Ok(b);
            };
            self.fs(span)?.ctl.push(Ctl::Continuing);
            let r = self.scoped(|me| me.stmt_recovering(u));
            self.fs(span)?.ctl.pop();
            cont_block = r?;
            Ok(b)
        });
        let fs = self.fs(span)?;
        fs.ctl.pop();
        fs.loops.pop();
        let body_block = body_block?;
        self.push(
            Statement::Loop {
                body: body_block,
                continuing: cont_block,
                break_if,
                unroll: false,
            },
            span,
        )
    }

    fn switch(
        &mut self,
        selector: ast::ExprId,
        clauses: &[ast::SwitchClause<'a>],
        span: Span,
    ) -> Res<()> {
        // A bad selector or case value is reported; the clause bodies are
        // still checked.
        let header = self.switch_header(selector, clauses, span);
        let Some((sel, scalar, values)) = self.attempt(header)? else {
            for c in clauses {
                self.switch_clause_body(c, span)?;
            }
            return Ok(());
        };
        let mut seen: HashMap<CaseSelector, Span> = HashMap::default();
        let mut cases = Vec::with_capacity(clauses.len());
        let mut values = values.into_iter();
        for c in clauses {
            let mut selectors = Vec::with_capacity(c.selectors.len());
            for s in &c.selectors {
                let cs = match s {
                    None => CaseSelector::Default,
                    Some(_) => {
                        let Some((v, vspan)) = values.next() else {
                            return err("internal error: lost a case selector", span);
                        };
                        let cs = self.case_selector(v, vspan, scalar, &mut seen);
                        match self.attempt(cs)? {
                            Some(cs) => cs,
                            None => continue,
                        }
                    }
                };
                selectors.push(cs);
            }
            let body = self.switch_clause_body(c, span)?;
            cases.push(SwitchCase { selectors, body });
        }
        self.push(
            Statement::Switch {
                selector: sel,
                cases,
            },
            span,
        )
    }

    /// The switch selector (converted to the common type of the selector
    /// and the case values), that type, and the case values in order.
    #[allow(clippy::type_complexity)]
    fn switch_header(
        &mut self,
        selector: ast::ExprId,
        clauses: &[ast::SwitchClause<'a>],
        span: Span,
    ) -> Res<(Handle<Expression>, Scalar, Vec<(Value, Span)>)> {
        let sspan = self.span(selector);
        let limit = super::limits::MAX_CASE_SELECTORS;
        let count: usize = clauses.iter().map(|c| c.selectors.len()).sum();
        if count > limit {
            let over = clauses
                .iter()
                .flat_map(|c| c.selectors.iter().map(move |s| (c, s)))
                .nth(limit)
                .map_or(span, |(c, s)| s.map_or(c.span, |e| self.span(e)));
            return err(
                format!(
                    "switch statement has {count} case selectors, more than the limit of {limit}"
                ),
                over,
            );
        }
        let sel = self.value(selector, Stage::Runtime)?;
        // Resolve every case value, then find the common type.
        let mut values: Vec<(Value, Span)> = Vec::new();
        let mut default_span: Option<Span> = None;
        for c in clauses {
            for s in &c.selectors {
                match s {
                    Some(e) => {
                        let v = self.const_value(*e)?;
                        values.push((v, self.span(*e)));
                    }
                    None => {
                        if let Some(prev) = default_span {
                            return Err(Box::new(
                                crate::diagnostic::Diagnostic::error(
                                    "a switch statement must have exactly one default clause",
                                    c.span,
                                )
                                .with_label(prev, "previous default here"),
                            ));
                        }
                        default_span = Some(c.span);
                    }
                }
            }
        }
        if default_span.is_none() {
            return err("a switch statement must have a default clause", span);
        }
        let sel_ty = self.val_ty(&sel);
        let mut scalar = match self.module.inner(sel_ty) {
            TypeInner::Scalar(s @ (Scalar::I32 | Scalar::U32 | Scalar::AbstractInt)) => *s,
            _ => {
                return err(
                    format!(
                        "switch selector must be of type 'i32' or 'u32', found '{}'",
                        self.type_name(sel_ty)
                    ),
                    sspan,
                )
            }
        };
        for (v, vspan) in &values {
            let s = match v {
                Value::Scalar(l) => l.scalar(),
                _ => Scalar::Bool,
            };
            match super::abstract_conv::unify(scalar, s) {
                Some(u) if u.is_integer() => scalar = u,
                _ => {
                    return err(
                        format!(
                        "case selector of type '{}' does not match the switch selector type '{}'",
                        s.wgsl_name(),
                        scalar.wgsl_name()
                    ),
                        *vspan,
                    )
                }
            }
        }
        let scalar = super::abstract_conv::concrete_scalar(scalar);
        let ty = self.module.intern(TypeInner::Scalar(scalar));
        let sel = self.convert_to(sel, ty, sspan)?;
        let sel = self.lift(sel, Stage::Runtime, sspan)?;
        Ok((sel, scalar, values))
    }

    /// A case value converted to the selector type, checked against the
    /// values `seen` before.
    fn case_selector(
        &mut self,
        v: Value,
        vspan: Span,
        scalar: Scalar,
        seen: &mut HashMap<CaseSelector, Span>,
    ) -> Res<CaseSelector> {
        let lit = match v {
            Value::Scalar(l) => crate::const_eval::concretize_literal(l, scalar)
                .map_err(|e| Box::new(crate::diagnostic::Diagnostic::error(e.message, vspan)))?,
            _ => return err("case selector must be an integer scalar", vspan),
        };
        let cs = match lit {
            Literal::I32(x) => CaseSelector::I32(x),
            Literal::U32(x) => CaseSelector::U32(x),
            _ => return err("case selector must be an integer scalar", vspan),
        };
        if let Some(prev) = seen.insert(cs, vspan) {
            let shown = match cs {
                CaseSelector::I32(x) => x.to_string(),
                CaseSelector::U32(x) => x.to_string(),
                CaseSelector::Default => "default".into(),
            };
            return Err(Box::new(
                crate::diagnostic::Diagnostic::error(
                    format!("duplicate switch case '{shown}'"),
                    vspan,
                )
                .with_label(prev, "previous case here"),
            ));
        }
        Ok(cs)
    }

    /// The body of a switch clause, in its own scope.
    fn switch_clause_body(&mut self, c: &ast::SwitchClause<'a>, span: Span) -> Res<Block> {
        self.fs(span)?.ctl.push(Ctl::Switch);
        let body = self.scoped_block(&c.body);
        self.fs(span)?.ctl.pop();
        body
    }
}

//! Expressions: identifiers, literals, unary operators, indexing, member
//! access and swizzles, loads, and moving values between the const,
//! override and runtime worlds.
//!
//! Left spines (`a + b - c ...`, `a[0].x[1]`) are walked iteratively: the
//! chain of postfix/binary steps is collected into a vector first, the
//! innermost operand is resolved, and the steps are applied in order. Only
//! right operands recurse, and their depth is bounded by the parser.

use super::super::ast::{self, ExprId, UnaryOp};
use super::abstract_conv::{self, concretize_ty};
use super::scope::Local;
use super::{err, GlobalItem, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::const_eval::{self, Value};
use crate::ir::{
    Access, AddressSpace, ArraySize, Expression, Literal, Scalar, Type, TypeInner, UnaryOperator,
    VectorSize,
};
use crate::span::Span;

/// One step of a left spine.
pub(crate) enum Step<'a> {
    Binary(ast::BinaryOp, ExprId, ExprId, Span),
    Index(ExprId, Span),
    Member(ast::Ident<'a>, Span),
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// The stage of a resolved value.
    pub(crate) fn stage_of(v: &Val) -> Stage {
        match v {
            Val::Const(_) => Stage::Const,
            Val::Override { .. } => Stage::Override,
            _ => Stage::Runtime,
        }
    }

    /// The type of a value (the store type for references).
    pub(crate) fn val_ty(&mut self, v: &Val) -> Handle<Type> {
        match v {
            Val::Const(c) => c.ty(&mut self.module),
            Val::Override { ty, .. } | Val::Runtime { ty, .. } => *ty,
            Val::Ref { store, .. } => *store,
        }
    }

    /// Resolves an expression (references stay references).
    pub(crate) fn expr(&mut self, id: ExprId, limit: Stage) -> Res<Val> {
        // The spine's steps go on the shared `self.steps` stack above
        // `base` (nested calls use the part above ours), which saves an
        // allocation per expression.
        let base = self.steps.len();
        let mut cur = id;
        loop {
            match &self.ast(cur) {
                ast::Expr::Binary { op, left, right } => {
                    let step = Step::Binary(*op, *left, *right, self.span(cur));
                    self.steps.push(step);
                    cur = *left;
                }
                ast::Expr::Index { base, index } => {
                    let step = Step::Index(*index, self.span(cur));
                    self.steps.push(step);
                    cur = *base;
                }
                ast::Expr::Member { base, member } => {
                    let step = Step::Member(*member, self.span(cur));
                    self.steps.push(step);
                    cur = *base;
                }
                ast::Expr::Paren(e) => cur = *e,
                _ => break,
            }
        }
        let result = self.apply_steps(cur, base, limit);
        self.steps.truncate(base);
        result
    }

    /// Resolves the spine's innermost operand `cur`, then applies the
    /// steps above `base` on `self.steps`, innermost (last pushed) first.
    fn apply_steps(&mut self, cur: ExprId, base: usize, limit: Stage) -> Res<Val> {
        let mut v = self.primary(cur, limit)?;
        while self.steps.len() > base {
            let Some(step) = self.steps.pop() else { break };
            v = match step {
                Step::Binary(op, left, right, span) => {
                    let lspan = self.span(left);
                    self.binary(op, v, lspan, right, span, limit)?
                }
                Step::Index(index, span) => self.index(v, index, span, limit)?,
                Step::Member(m, span) => self.member(v, &m, span)?,
            };
        }
        Ok(v)
    }

    /// Resolves an expression to a value (loading references).
    pub(crate) fn value(&mut self, id: ExprId, limit: Stage) -> Res<Val> {
        let v = self.expr(id, limit)?;
        self.load(v, self.span(id))
    }

    /// Loads a reference; other values pass through.
    pub(crate) fn load(&mut self, v: Val, span: Span) -> Res<Val> {
        match v {
            Val::Ref {
                ptr, store, access, ..
            } => {
                if !access.can_read() {
                    return err("cannot read from a write-only reference", span);
                }
                if matches!(self.module.inner(store), TypeInner::Atomic { .. }) {
                    return err(
                        "cannot load an atomic value directly; use 'atomicLoad'",
                        span,
                    );
                }
                let f = self.fs(span)?;
                let expr = f.add(Expression::Load { pointer: ptr }, store, span);
                Ok(Val::Runtime { expr, ty: store })
            }
            other => Ok(other),
        }
    }

    /// The current function state, or an error if there is none.
    pub(crate) fn fs(&mut self, span: Span) -> Res<&mut super::FnState<'a>> {
        match self.f.as_mut() {
            Some(f) => Ok(f),
            None => err("runtime expressions are not allowed at module scope", span),
        }
    }

    /// Resolves a const-expression to its value.
    pub(crate) fn const_value(&mut self, id: ExprId) -> Res<Value> {
        match self.value(id, Stage::Const)? {
            Val::Const(v) => Ok(v),
            _ => err("expected a const-expression", self.span(id)),
        }
    }

    /// Applies the default concretization to a const value.
    pub(crate) fn concretize(&mut self, v: Val, span: Span) -> Res<Val> {
        match v {
            Val::Const(c) => {
                let ty = c.ty(&mut self.module);
                let target = concretize_ty(&mut self.module, ty);
                if target == ty {
                    return Ok(Val::Const(c));
                }
                self.convert_const(&c, target, span).map(Val::Const)
            }
            other => Ok(other),
        }
    }

    /// Converts a constant to `ty` by automatic conversion (conversions of
    /// arrays and structures are cached).
    pub(crate) fn convert_const(&mut self, c: &Value, ty: Handle<Type>, span: Span) -> Res<Value> {
        let r = const_eval::concretize_cached(&mut self.module, &mut self.convert_cache, c, ty)
            .map_err(|e| e.message);
        self.const_result(r, ty, span)
    }

    /// Converts a value (loaded) to `ty` by automatic conversion, or fails
    /// with a message naming both types.
    pub(crate) fn convert_to(&mut self, v: Val, ty: Handle<Type>, span: Span) -> Res<Val> {
        let v = self.load(v, span)?;
        let from = self.val_ty(&v);
        if from == ty {
            return Ok(v);
        }
        if let Val::Const(c) = &v {
            if abstract_conv::can_convert(&self.module, from, ty) {
                return self.convert_const(c, ty, span).map(Val::Const);
            }
        }
        err(
            format!(
                "cannot convert value of type '{}' to '{}'",
                self.type_name(from),
                self.type_name(ty)
            ),
            span,
        )
    }

    /// Materialises a value in the arena of `stage` (global expressions
    /// for `Override`, the function for `Runtime`).
    pub(crate) fn lift(&mut self, v: Val, stage: Stage, span: Span) -> Res<Handle<Expression>> {
        let v = self.load(v, span)?;
        let v = self.concretize(v, span)?;
        match (v, stage) {
            (Val::Const(c), Stage::Runtime) => {
                let ty = c.ty(&mut self.module);
                let e = match c {
                    Value::Scalar(l) => Expression::Literal(l),
                    other => Expression::Constant(other.to_const(&mut self.module)),
                };
                Ok(self.fs(span)?.add(e, ty, span))
            }
            (Val::Const(c), _) => {
                let ty = c.ty(&mut self.module);
                let e = match c {
                    Value::Scalar(l) => Expression::Literal(l),
                    other => Expression::Constant(other.to_const(&mut self.module)),
                };
                Ok(self.module.add_global_expression(e, ty, span))
            }
            (Val::Override { expr, ty }, Stage::Runtime) => {
                Ok(self.fs(span)?.add(Expression::OverrideExpr(expr), ty, span))
            }
            (Val::Override { expr, .. }, _) => Ok(expr),
            (Val::Runtime { expr, .. }, Stage::Runtime) => Ok(expr),
            _ => err(
                "expected a const-expression or an override-expression",
                span,
            ),
        }
    }

    /// Adds an expression in the arena of `stage`, returning its value.
    pub(crate) fn add_at(
        &mut self,
        stage: Stage,
        e: Expression,
        ty: Handle<Type>,
        span: Span,
    ) -> Res<Val> {
        match stage {
            Stage::Runtime => {
                let expr = self.fs(span)?.add(e, ty, span);
                Ok(Val::Runtime { expr, ty })
            }
            _ => {
                let expr = self.module.add_global_expression(e, ty, span);
                Ok(Val::Override { expr, ty })
            }
        }
    }

    fn primary(&mut self, id: ExprId, limit: Stage) -> Res<Val> {
        let span = self.span(id);
        match &self.ast(id) {
            ast::Expr::Literal(l) => self.literal(*l, span),
            ast::Expr::Ident(t) => {
                if !t.template_args.is_empty() {
                    return err(
                        format!(
                            "cannot use templated identifier '{}' as a value",
                            t.ident.name
                        ),
                        t.span,
                    );
                }
                self.ident(t.ident.name, span, limit)
            }
            ast::Expr::Call { callee, args } => self.call(callee, self.list(*args), span, limit),
            ast::Expr::Unary { op, expr } => self.unary(*op, *expr, span, limit),
            // The spine walk removed these.
            _ => self.expr(id, limit),
        }
    }

    fn literal(&mut self, l: ast::Literal, span: Span) -> Res<Val> {
        let lit = match l {
            ast::Literal::Bool(b) => Literal::Bool(b),
            ast::Literal::Int { value, suffix } => match suffix {
                ast::IntSuffix::None => Literal::AbstractInt(value),
                ast::IntSuffix::I => match i32::try_from(value) {
                    Ok(v) => Literal::I32(v),
                    Err(_) => {
                        return err(
                            format!("value {value} cannot be represented as 'i32'"),
                            span,
                        )
                    }
                },
                ast::IntSuffix::U => match u32::try_from(value) {
                    Ok(v) => Literal::U32(v),
                    Err(_) => {
                        return err(
                            format!("value {value} cannot be represented as 'u32'"),
                            span,
                        )
                    }
                },
            },
            ast::Literal::Float { value, suffix } => match suffix {
                ast::FloatSuffix::None => Literal::AbstractFloat(value),
                ast::FloatSuffix::F => Literal::F32(value as f32),
                ast::FloatSuffix::H => {
                    self.check_scalar_allowed(Scalar::F16, span, false)?;
                    Literal::F16(half::f16::from_f64(value))
                }
            },
        };
        Ok(Val::Const(Value::Scalar(lit)))
    }

    fn ident(&mut self, name: &'a str, span: Span, limit: Stage) -> Res<Val> {
        if let Some(f) = &self.f {
            if let Some(local) = f.lookup_use(name, span)? {
                return match local.clone() {
                    Local::Poisoned => Err(super::recover::follow_on(name, span)),
                    Local::Const(v) => Ok(Val::Const(v)),
                    _ if limit < Stage::Runtime => err(
                        format!(
                            "'{name}' cannot be used in {}",
                            if limit == Stage::Const {
                                "a const-expression"
                            } else {
                                "an override-expression"
                            }
                        ),
                        span,
                    ),
                    Local::Var { ptr, store } => Ok(Val::Ref {
                        ptr,
                        store,
                        space: AddressSpace::Function,
                        access: Access::ReadWrite,
                    }),
                    Local::Value(v) => Ok(v),
                };
            }
        }
        if let Some(&i) = self.names.get(name) {
            return match self.items[i].clone() {
                Some(GlobalItem::Const(v)) => Ok(Val::Const(v)),
                Some(GlobalItem::Override(expr, ty)) => {
                    if limit == Stage::Const {
                        return err(
                            format!("override '{name}' cannot be used in a const-expression"),
                            span,
                        );
                    }
                    Ok(Val::Override { expr, ty })
                }
                Some(GlobalItem::Var(h)) => {
                    if limit < Stage::Runtime {
                        return err(
                            format!("variable '{name}' cannot be used in a const- or override-expression"),
                            span,
                        );
                    }
                    let g = &self.module.global_variables[h];
                    let (store, space, access) = (g.ty, g.space, g.access);
                    let pty = self.module.intern(TypeInner::Pointer {
                        base: store,
                        space,
                        access,
                    });
                    let ptr = self.fs(span)?.add(Expression::GlobalVariable(h), pty, span);
                    Ok(Val::Ref {
                        ptr,
                        store,
                        space,
                        access,
                    })
                }
                Some(GlobalItem::Fn(_)) => {
                    err(format!("cannot use function '{name}' as a value"), span)
                }
                Some(GlobalItem::Type(_)) => {
                    err(format!("cannot use type '{name}' as a value"), span)
                }
                Some(GlobalItem::Poisoned) | None => Err(super::recover::follow_on(name, span)),
            };
        }
        if super::types::is_predeclared_type(name) {
            return err(format!("cannot use type '{name}' as a value"), span);
        }
        if crate::builtins::lookup(name).is_some() {
            return err(
                format!("cannot use builtin function '{name}' as a value"),
                span,
            );
        }
        let names = self.value_names();
        Err(Box::new(
            crate::diagnostic::Diagnostic::error(format!("unresolved identifier '{name}'"), span)
                .with_closest(name, names),
        ))
    }

    fn unary(&mut self, op: UnaryOp, operand: ExprId, span: Span, limit: Stage) -> Res<Val> {
        let ospan = self.span(operand);
        match op {
            UnaryOp::AddressOf => match self.expr(operand, limit)? {
                Val::Ref {
                    ptr,
                    store,
                    space,
                    access,
                } => {
                    if space == crate::ir::AddressSpace::Handle {
                        return err(
                            format!(
                                "cannot take the address of '{}': textures and samplers are not in memory",
                                self.type_name(store)
                            ),
                            span,
                        );
                    }
                    if let Some(f) = &self.f {
                        if let Expression::AccessIndex { base, .. }
                        | Expression::Access { base, .. } = f.func.expressions[ptr]
                        {
                            let bt = f.func.expression_type(base);
                            if let TypeInner::Pointer { base: b, .. } = self.module.inner(bt) {
                                if matches!(self.module.inner(*b), TypeInner::Vector { .. }) {
                                    return err(
                                        "cannot take the address of a vector component",
                                        span,
                                    );
                                }
                            }
                        }
                    }
                    let ty = self.module.intern(TypeInner::Pointer {
                        base: store,
                        space,
                        access,
                    });
                    Ok(Val::Runtime { expr: ptr, ty })
                }
                _ => err(
                    "cannot take the address of an expression that is not a reference",
                    ospan,
                ),
            },
            UnaryOp::Deref => {
                let v = self.expr(operand, limit)?;
                if let Val::Runtime { expr, ty } = v {
                    if let TypeInner::Pointer {
                        base,
                        space,
                        access,
                    } = *self.module.inner(ty)
                    {
                        return Ok(Val::Ref {
                            ptr: expr,
                            store: base,
                            space,
                            access,
                        });
                    }
                }
                let ty = self.val_ty(&v);
                err(
                    format!(
                        "cannot dereference expression of type '{}'",
                        self.type_name(ty)
                    ),
                    ospan,
                )
            }
            UnaryOp::Negate | UnaryOp::Not | UnaryOp::BitNot => {
                let v = self.value(operand, limit)?;
                let ty = self.val_ty(&v);
                if matches!(self.module.inner(ty), TypeInner::SubgroupMatrix { .. }) {
                    return self.matrix_unary(op, v, span);
                }
                if self.coop_vec_of(ty).is_some() {
                    return self.coop_vec_unary(op, v, span);
                }
                let scalar = match self.module.inner(ty) {
                    TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => Some(*s),
                    _ => None,
                };
                let (ir_op, ok, sym) = match op {
                    UnaryOp::Negate => (
                        UnaryOperator::Negate,
                        scalar.is_some_and(|s| s.is_float() || s.is_signed_integer()),
                        "-",
                    ),
                    UnaryOp::Not => (UnaryOperator::LogicalNot, scalar == Some(Scalar::Bool), "!"),
                    _ => (
                        UnaryOperator::BitwiseNot,
                        scalar.is_some_and(|s| s.is_integer()),
                        "~",
                    ),
                };
                if !ok {
                    return err(
                        format!(
                            "no matching overload for operator {sym} ({})",
                            self.type_name(ty)
                        ),
                        span,
                    );
                }
                if let (UnaryOperator::Negate, Val::Const(Value::Scalar(l))) = (ir_op, &v) {
                    // Fast path for negative literals. The negation of the
                    // most negative integer is itself (WGSL spec, "Unary
                    // arithmetic expressions").
                    let r = match *l {
                        Literal::AbstractInt(x) => Some(Literal::AbstractInt(x.wrapping_neg())),
                        Literal::I32(x) => Some(Literal::I32(x.wrapping_neg())),
                        Literal::AbstractFloat(x) => Some(Literal::AbstractFloat(-x)),
                        Literal::F32(x) => Some(Literal::F32(-x)),
                        Literal::F16(x) => Some(Literal::F16(-x)),
                        _ => None,
                    };
                    if let Some(l) = r {
                        return Ok(Val::Const(Value::Scalar(l)));
                    }
                }
                match v {
                    Val::Const(c) => {
                        let r = const_eval::eval_unary(ir_op, &c).map_err(|e| e.message);
                        self.const_result(r, ty, span).map(Val::Const)
                    }
                    other => {
                        let stage = Self::stage_of(&other);
                        let e = self.lift(other, stage, ospan)?;
                        self.add_at(stage, Expression::Unary { op: ir_op, expr: e }, ty, span)
                    }
                }
            }
        }
    }

    /// The element type of an indexable type, with its fixed bound.
    pub(crate) fn element_of(&mut self, ty: Handle<Type>) -> Option<(Handle<Type>, Option<u32>)> {
        match *self.module.inner(ty) {
            TypeInner::Vector { size, scalar } => Some((
                self.module.intern(TypeInner::Scalar(scalar)),
                Some(size.get()),
            )),
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => Some((
                self.module.intern(TypeInner::Vector { size: rows, scalar }),
                Some(columns.get()),
            )),
            TypeInner::Array { base, size, .. } => Some((
                base,
                match size {
                    ArraySize::Constant(n) => Some(n),
                    _ => None,
                },
            )),
            TypeInner::CoopVector { scalar, size } => {
                Some((self.module.intern(TypeInner::Scalar(scalar)), Some(size)))
            }
            TypeInner::BindingArray { base, size } => Some((base, size)),
            _ => None,
        }
    }

    pub(super) fn index(&mut self, base: Val, index: ExprId, span: Span, limit: Stage) -> Res<Val> {
        let ispan = self.span(index);
        let iv = self.value(index, limit)?;
        let ity = self.val_ty(&iv);
        match self.module.inner(ity) {
            TypeInner::Scalar(Scalar::I32 | Scalar::U32 | Scalar::AbstractInt) => {}
            _ => {
                return err(
                    format!(
                        "index must be of type 'i32' or 'u32', found '{}'",
                        self.type_name(ity)
                    ),
                    ispan,
                )
            }
        }
        let const_index = match &iv {
            Val::Const(Value::Scalar(l)) => match *l {
                Literal::I32(x) => Some(x as i64),
                Literal::U32(x) => Some(x as i64),
                Literal::AbstractInt(x) => Some(x),
                _ => None,
            },
            _ => None,
        };
        // Pointer values index like references (pointer_composite_access).
        let base = self.ptr_as_ref(base);
        let bty = self.val_ty(&base);
        if matches!(self.module.inner(bty), TypeInner::SubgroupMatrix { .. }) {
            return err("subgroup matrices cannot be indexed", span);
        }
        // Components of a cooperative vector are read-only: index the value.
        let base = match base {
            Val::Ref { .. } if self.coop_vec_of(bty).is_some() => self.load(base, span)?,
            other => other,
        };
        let Some((elem, bound)) = self.element_of(bty) else {
            return err(
                format!(
                    "cannot index into a value of type '{}'",
                    self.type_name(bty)
                ),
                span,
            );
        };
        if let Some(i) = const_index {
            if i < 0 {
                return err(format!("index {i} is out of bounds"), ispan);
            }
            if let Some(n) = bound {
                if i >= n as i64 {
                    return err(
                        format!(
                            "index {i} is out of bounds for '{}' (valid indices are 0 to {})",
                            self.type_name(bty),
                            n - 1
                        ),
                        ispan,
                    );
                }
            }
        }
        match base {
            Val::Ref {
                ptr, space, access, ..
            } => {
                let pty = self.module.intern(TypeInner::Pointer {
                    base: elem,
                    space,
                    access,
                });
                let e = match const_index {
                    Some(i) => Expression::AccessIndex {
                        base: ptr,
                        index: i as u32,
                    },
                    None => {
                        let index = self.lift(iv, Stage::Runtime, ispan)?;
                        Expression::Access { base: ptr, index }
                    }
                };
                let ptr = self.fs(span)?.add(e, pty, span);
                Ok(Val::Ref {
                    ptr,
                    store: elem,
                    space,
                    access,
                })
            }
            Val::Const(c) if const_index.is_some() => {
                match const_eval::index(&self.module, &c, const_index.unwrap_or(0)) {
                    Ok(v) => Ok(Val::Const(v)),
                    Err(e) => err(e.message, span),
                }
            }
            _ if const_index.is_none()
                && matches!(self.module.inner(bty), TypeInner::BindingArray { .. }) =>
            {
                err(
                    format!(
                        "a '{}' value (a function parameter) can only be indexed by a const-expression; index the module-scope variable, or pass the texture itself",
                        self.type_name(bty)
                    ),
                    ispan,
                )
            }
            other => {
                let stage = Self::stage_of(&other).max(Self::stage_of(&iv));
                let elem = concretize_ty(&mut self.module, elem);
                let b = self.lift(other, stage, span)?;
                let e = match const_index {
                    Some(i) => Expression::AccessIndex {
                        base: b,
                        index: i as u32,
                    },
                    None => {
                        let index = self.lift(iv, stage, ispan)?;
                        Expression::Access { base: b, index }
                    }
                };
                self.add_at(stage, e, elem, span)
            }
        }
    }

    /// Turns a pointer value into the reference it points to.
    pub(super) fn ptr_as_ref(&mut self, v: Val) -> Val {
        if let Val::Runtime { expr, ty } = v {
            if let TypeInner::Pointer {
                base,
                space,
                access,
            } = *self.module.inner(ty)
            {
                return Val::Ref {
                    ptr: expr,
                    store: base,
                    space,
                    access,
                };
            }
        }
        v
    }

    pub(super) fn member(&mut self, base: Val, m: &ast::Ident<'a>, span: Span) -> Res<Val> {
        let base = self.ptr_as_ref(base);
        let bty = self.val_ty(&base);
        // Structs first, without cloning the member list.
        if let TypeInner::Struct { members, .. } = self.module.inner(bty) {
            let found = members
                .iter()
                .position(|x| x.name == m.name)
                .map(|i| (i, members[i].ty));
            let Some((i, mty)) = found else {
                let names: Vec<&str> = members.iter().map(|x| x.name.as_str()).collect();
                return Err(Box::new(
                    crate::diagnostic::Diagnostic::error(
                        format!(
                            "struct '{}' has no member named '{}'",
                            self.type_name(bty),
                            m.name
                        ),
                        m.span,
                    )
                    .with_closest(m.name, names),
                ));
            };
            return self.access_index(base, i as u32, mty, span);
        }
        match self.module.inner(bty).clone() {
            TypeInner::Struct { members, .. } => {
                let Some(i) = members.iter().position(|x| x.name == m.name) else {
                    return Err(Box::new(
                        crate::diagnostic::Diagnostic::error(
                            format!(
                                "struct '{}' has no member named '{}'",
                                self.type_name(bty),
                                m.name
                            ),
                            m.span,
                        )
                        .with_closest(m.name, members.iter().map(|x| x.name.as_str())),
                    ));
                };
                let mty = members[i].ty;
                self.access_index(base, i as u32, mty, span)
            }
            TypeInner::Vector { size, scalar } => {
                let pattern = swizzle(m.name, size)
                    .map_err(|msg| Box::new(crate::diagnostic::Diagnostic::error(msg, m.span)))?;
                if pattern.len() == 1 {
                    let ety = self.module.intern(TypeInner::Scalar(scalar));
                    return self.access_index(base, pattern[0] as u32, ety, span);
                }
                let n = pattern.len() as u32;
                let Some(rsize) = VectorSize::from_count(n) else {
                    return err(format!("invalid vector swizzle '{}'", m.name), m.span);
                };
                let v = self.load(base, span)?;
                if let Val::Const(Value::Vector(c)) = &v {
                    let comps = pattern.iter().map(|&i| c[i as usize]).collect();
                    return Ok(Val::Const(Value::Vector(comps)));
                }
                let stage = Self::stage_of(&v);
                let vec = self.lift(v, stage, span)?;
                let rty = self.module.intern(TypeInner::Vector {
                    size: rsize,
                    scalar: abstract_conv::concrete_scalar(scalar),
                });
                let mut p = [0u8; 4];
                p[..pattern.len()].copy_from_slice(&pattern);
                self.add_at(
                    stage,
                    Expression::Swizzle {
                        size: rsize,
                        vector: vec,
                        pattern: p,
                    },
                    rty,
                    span,
                )
            }
            _ => err(
                format!(
                    "cannot access member '{}' of a value of type '{}'",
                    m.name,
                    self.type_name(bty)
                ),
                m.span,
            ),
        }
    }

    pub(super) fn access_index(
        &mut self,
        base: Val,
        i: u32,
        ety: Handle<Type>,
        span: Span,
    ) -> Res<Val> {
        match base {
            Val::Ref {
                ptr, space, access, ..
            } => {
                let pty = self.module.intern(TypeInner::Pointer {
                    base: ety,
                    space,
                    access,
                });
                let ptr = self.fs(span)?.add(
                    Expression::AccessIndex {
                        base: ptr,
                        index: i,
                    },
                    pty,
                    span,
                );
                Ok(Val::Ref {
                    ptr,
                    store: ety,
                    space,
                    access,
                })
            }
            Val::Const(c) => match const_eval::index(&self.module, &c, i64::from(i)) {
                Ok(v) => Ok(Val::Const(v)),
                Err(e) => err(e.message, span),
            },
            other => {
                let stage = Self::stage_of(&other);
                let b = self.lift(other, stage, span)?;
                let ety = concretize_ty(&mut self.module, ety);
                self.add_at(
                    stage,
                    Expression::AccessIndex { base: b, index: i },
                    ety,
                    span,
                )
            }
        }
    }
}

/// Parses a swizzle name into component indices.
pub(super) fn swizzle(name: &str, size: VectorSize) -> Result<smallvec::SmallVec<[u8; 4]>, String> {
    if name.is_empty() || name.len() > 4 {
        return Err(format!("invalid vector swizzle '{name}'"));
    }
    let xyzw = name.bytes().all(|c| b"xyzw".contains(&c));
    let rgba = name.bytes().all(|c| b"rgba".contains(&c));
    if !xyzw && !rgba {
        return Err(format!("invalid vector swizzle '{name}'"));
    }
    let set: &[u8] = if xyzw { b"xyzw" } else { b"rgba" };
    let mut out = smallvec::SmallVec::new();
    for c in name.bytes() {
        let i = set.iter().position(|&s| s == c).unwrap_or(0) as u8;
        if i as u32 >= size.get() {
            return Err(format!(
                "invalid vector swizzle '{name}': component '{}' is out of range for 'vec{}'",
                c as char,
                size.get()
            ));
        }
        out.push(i);
    }
    Ok(out)
}

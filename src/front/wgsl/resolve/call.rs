//! Calls: user functions, builtin functions (through the builtin table's
//! overload matcher), and dispatch of value constructors.

use super::super::ast::{self, ExprId};
use super::scope::Local;
use super::{err, GlobalItem, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::builtins::{self, BuiltinOp, TemplateArg};
use crate::const_eval::{self, Value};
use crate::diagnostic::Diagnostic;
use crate::ir::{Expression, Extensions, Literal, MatrixLayout, Statement, Type, TypeInner};
use crate::span::Span;
use smallvec::SmallVec;

/// The name of the extension(s) a builtin needs, quoted, for messages
/// (subgroup matrices: the standard name, then Chromium's).
fn extension_name(ext: Extensions) -> &'static str {
    if ext.contains(Extensions::SUBGROUP_MATRIX) {
        "'subgroup_matrix' (or Chromium's 'chromium_experimental_subgroup_matrix')"
    } else if ext.contains(Extensions::WGPU_COOPERATIVE_MATRIX) {
        "'wgpu_cooperative_matrix'"
    } else if ext.contains(Extensions::TESSERA_SUBGROUP_MATRIX) {
        "'tessera_experimental_subgroup_matrix'"
    } else if ext.contains(Extensions::SUBGROUPS) {
        "'subgroups'"
    } else if ext.contains(Extensions::F16) {
        "'f16'"
    } else if ext.contains(Extensions::CLIP_DISTANCES) {
        "'clip_distances'"
    } else if ext.contains(Extensions::DUAL_SOURCE_BLENDING) {
        "'dual_source_blending'"
    } else if ext.contains(Extensions::TESSERA_COOPERATIVE_VECTOR) {
        "'tessera_experimental_cooperative_vector'"
    } else if ext.contains(Extensions::PRIMITIVE_INDEX) {
        "'primitive_index'"
    } else if ext.contains(Extensions::ATOMIC_VEC2U_MIN_MAX) {
        "'atomic_vec2u_min_max'"
    } else if ext.contains(Extensions::INPUT_ATTACHMENTS) {
        "'chromium_internal_input_attachments'"
    } else if ext.contains(Extensions::RESOURCE_TABLE) {
        "'chromium_experimental_resource_table'"
    } else {
        "(the extension that declares it)"
    }
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// A call in expression position (must produce a value).
    pub(crate) fn call(
        &mut self,
        callee: &ast::TemplatedIdent<'a>,
        args: &'t [ExprId],
        span: Span,
        limit: Stage,
    ) -> Res<Val> {
        match self.call_inner(callee, args, span, limit, false)? {
            Some(v) => Ok(v),
            None => err(
                format!("function '{}' does not return a value", callee.ident.name),
                span,
            ),
        }
    }

    /// Whether evaluating `e` may call a user-defined function, the only
    /// way an expression can write memory that an assignment's left-hand
    /// side names (builtins with side effects write atomics or textures,
    /// never a constructible store type). A conservative syntactic check.
    pub(crate) fn may_call_user_function(&self, e: ExprId) -> bool {
        let mut stack = vec![e];
        while let Some(id) = stack.pop() {
            match self.ast(id) {
                ast::Expr::Call { callee, args } => {
                    let name = callee.ident.name;
                    let local = self.f.as_ref().is_some_and(|f| f.lookup(name).is_some());
                    let user_fn = !local
                        && self.names.get(name).is_some_and(|&i| {
                            matches!(self.items[i], Some(GlobalItem::Fn(_)) | None)
                        });
                    if user_fn {
                        return true;
                    }
                    stack.extend_from_slice(self.list(args));
                }
                ast::Expr::Paren(x) | ast::Expr::Unary { expr: x, .. } => stack.push(x),
                ast::Expr::Member { base, .. } => stack.push(base),
                ast::Expr::Binary { left, right, .. } => stack.extend([left, right]),
                ast::Expr::Index { base, index } => stack.extend([base, index]),
                ast::Expr::Literal(_) | ast::Expr::Ident(_) => {}
            }
        }
        false
    }

    /// Resolves a call; `None` when it returns nothing. `is_stmt` is true
    /// for call statements (where `@must_use` results are an error).
    pub(crate) fn call_inner(
        &mut self,
        callee: &ast::TemplatedIdent<'a>,
        args: &'t [ExprId],
        span: Span,
        limit: Stage,
        is_stmt: bool,
    ) -> Res<Option<Val>> {
        let name = callee.ident.name;
        if let Some(f) = &self.f {
            match f.lookup(name) {
                Some(Local::Poisoned) => {
                    return Err(super::recover::follow_on(name, callee.ident.span))
                }
                Some(_) => return err(format!("'{name}' is not a function"), callee.ident.span),
                None => {}
            }
        }
        if let Some(&i) = self.names.get(name) {
            match self.items[i].clone() {
                Some(GlobalItem::Fn(h)) => {
                    return self.user_call(h, callee, args, span, limit, is_stmt)
                }
                Some(GlobalItem::Type(ty)) => {
                    if !callee.template_args.is_empty() {
                        return err(
                            format!("type '{name}' does not take template arguments"),
                            callee.span,
                        );
                    }
                    return self.construct_stmt_check(ty, args, span, limit, is_stmt, name);
                }
                Some(GlobalItem::Poisoned) | None => {
                    return Err(super::recover::follow_on(name, callee.ident.span))
                }
                _ => return err(format!("'{name}' is not a function"), callee.ident.span),
            }
        }
        if super::types::is_predeclared_type(name) {
            return self.constructor_call(callee, args, span, limit, is_stmt);
        }
        if let Some(def) = builtins::lookup(name) {
            return self.builtin_call(def, callee, args, span, limit, is_stmt);
        }
        let names = self.callable_names();
        Err(Box::new(
            Diagnostic::error(format!("unresolved function '{name}'"), callee.ident.span)
                .with_closest(name, names.iter().map(String::as_str)),
        ))
    }

    fn construct_stmt_check(
        &mut self,
        ty: Handle<Type>,
        args: &'t [ExprId],
        span: Span,
        limit: Stage,
        is_stmt: bool,
        name: &str,
    ) -> Res<Option<Val>> {
        if is_stmt {
            return err(
                format!("value constructor '{name}' cannot be used as a statement"),
                span,
            );
        }
        self.construct(Some(ty), None, args, span, limit).map(Some)
    }

    fn constructor_call(
        &mut self,
        callee: &ast::TemplatedIdent<'a>,
        args: &'t [ExprId],
        span: Span,
        limit: Stage,
        is_stmt: bool,
    ) -> Res<Option<Val>> {
        let name = callee.ident.name;
        if is_stmt {
            return err(
                format!("value constructor '{name}' cannot be used as a statement"),
                span,
            );
        }
        // Generators without template arguments infer their type.
        let inferred = callee.template_args.is_empty()
            && matches!(name, "vec2" | "vec3" | "vec4" | "array")
            || (callee.template_args.is_empty()
                && name.len() == 6
                && name.starts_with("mat")
                && name.as_bytes()[4] == b'x');
        if inferred {
            return self
                .construct(None, Some(name), args, span, limit)
                .map(Some);
        }
        let ty = self.templated_type(callee)?;
        self.construct(Some(ty), None, args, span, limit).map(Some)
    }

    fn user_call(
        &mut self,
        h: Handle<crate::ir::Function>,
        callee: &ast::TemplatedIdent<'a>,
        args: &'t [ExprId],
        span: Span,
        limit: Stage,
        is_stmt: bool,
    ) -> Res<Option<Val>> {
        let name = callee.ident.name;
        if !callee.template_args.is_empty() {
            return err(
                format!("function '{name}' does not take template arguments"),
                callee.span,
            );
        }
        if limit < Stage::Runtime {
            return err(
                format!("user-defined function '{name}' cannot be called in a const- or override-expression"),
                span,
            );
        }
        let Some(info) = self.ir_function_info.get(&h).cloned() else {
            return Err(super::recover::follow_on(name, callee.ident.span));
        };
        if info.entry {
            return err(
                format!("entry point '{name}' cannot be called"),
                callee.ident.span,
            );
        }
        if args.len() != info.params.len() {
            return err(
                format!(
                    "function '{name}' expects {} argument{}, found {}",
                    info.params.len(),
                    if info.params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
                span,
            );
        }
        let mut arguments = Vec::with_capacity(args.len());
        let argument_spans: SmallVec<[Span; 8]> = args.iter().map(|&a| self.span(a)).collect();
        for (&a, &pty) in args.iter().zip(&info.params) {
            let aspan = self.span(a);
            let v = self.value(a, Stage::Runtime)?;
            let found = self.val_ty(&v);
            if let Some(v) = self.buffer_pointer_argument(&v, found, pty, aspan)? {
                arguments.push(v);
                continue;
            }
            let v = self.convert_to(v, pty, aspan).map_err(|_| {
                let message = format!(
                    "type mismatch in argument of '{name}': expected '{}', found '{}'",
                    self.type_name(pty),
                    self.type_name(found)
                );
                Box::new(Diagnostic::error(message, aspan))
            })?;
            arguments.push(self.lift(v, Stage::Runtime, aspan)?);
        }
        if is_stmt && info.must_use {
            return err(
                format!("ignoring return value of function '{name}' annotated with @must_use"),
                span,
            );
        }
        let fs = self.fs(span)?;
        fs.func.call_argument_spans.insert(span, &argument_spans);
        match info.result {
            Some(ty) => {
                let result =
                    fs.add_with_result(Expression::CallResult(h), ty, span, |r| Statement::Call {
                        function: h,
                        arguments,
                        result: Some(r),
                    })?;
                Ok(Some(Val::Runtime { expr: result, ty }))
            }
            None => {
                fs.push(
                    Statement::Call {
                        function: h,
                        arguments,
                        result: None,
                    },
                    span,
                );
                Ok(None)
            }
        }
    }

    fn builtin_call(
        &mut self,
        def: &'static builtins::BuiltinDef,
        callee: &ast::TemplatedIdent<'a>,
        args: &'t [ExprId],
        span: Span,
        limit: Stage,
        is_stmt: bool,
    ) -> Res<Option<Val>> {
        let name = def.name;
        if !self.module.extensions.contains(def.extension) {
            return err(
                format!(
                    "'{name}' requires enabling extension {}",
                    extension_name(def.extension - self.module.extensions)
                ),
                callee.ident.span,
            );
        }
        let mut targs = Vec::with_capacity(callee.template_args.len());
        for &t in self.list(callee.template_args) {
            let layout = match &self.ast(t) {
                ast::Expr::Ident(ti)
                    if ti.template_args.is_empty() && !self.names.contains_key(ti.ident.name) =>
                {
                    match ti.ident.name {
                        "row_major" => Some(MatrixLayout::RowMajor),
                        "col_major" => Some(MatrixLayout::ColumnMajor),
                        _ => None,
                    }
                }
                _ => None,
            };
            targs.push(match layout {
                Some(l) => TemplateArg::Layout(l),
                None => TemplateArg::Type(self.builtin_template_type(t)?),
            });
        }
        let arg_limit = if def.const_evaluable {
            limit
        } else {
            Stage::Runtime
        };
        if !def.const_evaluable && limit < Stage::Runtime {
            return err(
                format!("builtin '{name}' cannot be used in a const- or override-expression"),
                span,
            );
        }
        // Builtins take at most a few arguments: these lists stay on the
        // stack (a heap allocation each was most of the resolver's).
        let mut vals: SmallVec<[Val; 4]> = SmallVec::with_capacity(args.len());
        let mut tys: SmallVec<[Handle<Type>; 4]> = SmallVec::with_capacity(args.len());
        let mut bools: SmallVec<[Option<bool>; 4]> = SmallVec::with_capacity(args.len());
        for &a in args {
            let v = self.value(a, arg_limit)?;
            tys.push(self.val_ty(&v));
            bools.push(match &v {
                Val::Const(Value::Scalar(Literal::Bool(b))) => Some(*b),
                _ => None,
            });
            vals.push(v);
        }
        if matches!(def.op, BuiltinOp::Math(_))
            && self
                .module
                .extensions
                .contains(Extensions::TESSERA_SUBGROUP_MATRIX)
            && tys
                .iter()
                .any(|&t| matches!(self.module.inner(t), TypeInner::SubgroupMatrix { .. }))
        {
            let spans: Vec<Span> = args.iter().map(|&a| self.span(a)).collect();
            let vals = vals.into_iter().zip(spans).collect();
            return self.matrix_math(name, vals, args, span).map(Some);
        }
        if matches!(def.op, BuiltinOp::Math(_))
            && tys
                .iter()
                .any(|&t| matches!(self.module.inner(t), TypeInner::CoopVector { .. }))
        {
            let spans: Vec<Span> = args.iter().map(|&a| self.span(a)).collect();
            let vals = vals.into_iter().zip(spans).collect();
            return self.coop_vec_math(name, vals, span).map(Some);
        }
        let resolved = match self.resolve_builtin_cached(def, &targs, tys, bools) {
            Ok(r) => r,
            Err(e) => {
                let at = e
                    .arg_index
                    .and_then(|i| args.get(i))
                    .map_or(span, |&a| self.span(a));
                let mut d = Diagnostic::error(e.message, at);
                for n in e.notes {
                    d = d.with_note(n);
                }
                return Err(Box::new(d));
            }
        };
        let mut conv: SmallVec<[Val; 4]> = SmallVec::with_capacity(vals.len());
        for (i, v) in vals.into_iter().enumerate() {
            let aspan = self.span(args[i]);
            let want = match resolved.params.get(i) {
                Some(&p) => p,
                None => self.val_ty(&v),
            };
            conv.push(self.convert_to(v, want, aspan)?);
        }
        if is_stmt && def.must_use {
            return err(format!("ignoring return value of builtin '{name}'"), span);
        }
        self.check_const_args(def, &conv, args)?;
        if let (BuiltinOp::BufferView(array), Some(view)) = (resolved.op, resolved.result) {
            self.check_buffer_view(view, &conv, args, array)?;
        }
        if let BuiltinOp::Texture(fun) = resolved.op {
            return self.texture_call(fun, &resolved, conv.into_vec(), args, span);
        }
        let result = resolved.result;
        // Constant folding.
        if def.const_evaluable && conv.iter().all(|v| matches!(v, Val::Const(_))) {
            let consts: Vec<Value> = conv
                .iter()
                .filter_map(|v| match v {
                    Val::Const(c) => Some(c.clone()),
                    _ => None,
                })
                .collect();
            let r = match resolved.op {
                BuiltinOp::Math(fun) => const_eval::eval_math(&mut self.module, fun, &consts),
                BuiltinOp::Select if consts.len() == 3 => {
                    const_eval::eval_select(&consts[0], &consts[1], &consts[2])
                }
                BuiltinOp::Bitcast => match (result, consts.first()) {
                    (Some(ty), Some(c)) => const_eval::bitcast(&mut self.module, c, ty),
                    _ => return err(format!("invalid call to '{name}'"), span),
                },
                _ => {
                    return err(
                        format!("builtin '{name}' cannot be constant-evaluated"),
                        span,
                    )
                }
            };
            return match (r, result) {
                (Ok(v), _) => Ok(Some(Val::Const(v))),
                (Err(e), Some(ty)) => self
                    .const_result(Err(e.message), ty, span)
                    .map(|v| Some(Val::Const(v))),
                (Err(e), None) => err(e.message, span),
            };
        }
        let stage = conv
            .iter()
            .map(Self::stage_of)
            .max()
            .unwrap_or(Stage::Runtime)
            .max(if def.const_evaluable {
                Stage::Override
            } else {
                Stage::Runtime
            });
        let mut hs = crate::ir::MathArgs::with_capacity(conv.len());
        for (i, v) in conv.into_iter().enumerate() {
            let aspan = self.span(args[i]);
            hs.push(self.lift(v, stage, aspan)?);
        }
        self.lower_builtin(def, &resolved, hs, args, result, span, stage)
    }

    #[allow(clippy::too_many_arguments)]
    fn lower_builtin(
        &mut self,
        def: &'static builtins::BuiltinDef,
        resolved: &builtins::ResolvedCall,
        hs: crate::ir::MathArgs,
        args: &'t [ExprId],
        result: Option<Handle<Type>>,
        span: Span,
        stage: Stage,
    ) -> Res<Option<Val>> {
        let name = def.name;
        let need_result = |r: Option<Handle<Type>>| match r {
            Some(t) => Ok(t),
            None => err(format!("builtin '{name}' has no result type"), span),
        };
        let arg = |i: usize| match hs.get(i) {
            Some(h) => Ok(*h),
            None => err(format!("missing argument {} of '{name}'", i + 1), span),
        };
        match resolved.op {
            BuiltinOp::Math(fun) => {
                let ty = need_result(result)?;
                let ty = super::abstract_conv::concretize_ty(&mut self.module, ty);
                self.add_at(stage, Expression::Math { fun, args: hs }, ty, span)
                    .map(Some)
            }
            BuiltinOp::Select => {
                let ty = need_result(result)?;
                let ty = super::abstract_conv::concretize_ty(&mut self.module, ty);
                let e = Expression::Select {
                    reject: arg(0)?,
                    accept: arg(1)?,
                    condition: arg(2)?,
                };
                self.add_at(stage, e, ty, span).map(Some)
            }
            BuiltinOp::Bitcast => {
                let ty = need_result(result)?;
                let e = Expression::Bitcast { expr: arg(0)?, ty };
                self.add_at(stage, e, ty, span).map(Some)
            }
            BuiltinOp::ArrayLength => {
                let ty = need_result(result)?;
                self.add_at(stage, Expression::ArrayLength(arg(0)?), ty, span)
                    .map(Some)
            }
            BuiltinOp::ResourceTable(op) => {
                // The resolved result is `T` for both builtins (see
                // `builtins::resource_table::check`).
                let ty = need_result(result)?;
                let vty = match op {
                    crate::ir::ResourceTableOp::Has => self
                        .module
                        .intern(TypeInner::Scalar(crate::ir::Scalar::Bool)),
                    crate::ir::ResourceTableOp::Get => ty,
                };
                let e = Expression::ResourceTable {
                    op,
                    ty,
                    index: arg(0)?,
                };
                self.add_at(stage, e, vty, span).map(Some)
            }
            BuiltinOp::BufferLength | BuiltinOp::BufferView(_) => {
                let ty = need_result(result)?;
                self.buffer_builtin(resolved.op, ty, &hs, span)
                    .map(|expr| Some(Val::Runtime { expr, ty }))
            }
            BuiltinOp::Atomic(fun) => {
                use crate::ir::AtomicFunction as A;
                let pointer = arg(0)?;
                let (value, compare) = match fun {
                    A::Load => (None, None),
                    A::CompareExchangeWeak => (Some(arg(2)?), Some(arg(1)?)),
                    _ => (Some(arg(1)?), None),
                };
                let fs = self.fs(span)?;
                match result {
                    Some(ty) => {
                        let r =
                            fs.add_with_result(Expression::AtomicResult { ty }, ty, span, |r| {
                                Statement::Atomic {
                                    pointer,
                                    fun,
                                    value,
                                    compare,
                                    result: Some(r),
                                }
                            })?;
                        Ok(Some(Val::Runtime { expr: r, ty }))
                    }
                    None => {
                        fs.push(
                            Statement::Atomic {
                                pointer,
                                fun,
                                value,
                                compare,
                                result: None,
                            },
                            span,
                        );
                        Ok(None)
                    }
                }
            }
            BuiltinOp::Barrier(b) => {
                self.fs(span)?.push(Statement::Barrier(b), span);
                Ok(None)
            }
            BuiltinOp::WorkgroupUniformLoad => {
                let ty = need_result(result)?;
                let pointer = arg(0)?;
                let r = self.fs(span)?.add_with_result(
                    Expression::WorkgroupUniformLoadResult { ty },
                    ty,
                    span,
                    |r| Statement::WorkgroupUniformLoad { pointer, result: r },
                )?;
                Ok(Some(Val::Runtime { expr: r, ty }))
            }
            BuiltinOp::Subgroup(op) => {
                let ty = need_result(result)?;
                let r = self.fs(span)?.add_with_result(
                    Expression::SubgroupResult { ty },
                    ty,
                    span,
                    |r| Statement::Subgroup {
                        op,
                        args: hs.to_vec(),
                        result: r,
                    },
                )?;
                Ok(Some(Val::Runtime { expr: r, ty }))
            }
            BuiltinOp::SubgroupMatrixLoad | BuiltinOp::SubgroupMatrixStore => {
                self.matrix_load_store(resolved, &hs, args, result, span)
            }
            BuiltinOp::SubgroupMatrixMultiply | BuiltinOp::SubgroupMatrixMultiplyAccumulate => {
                let ty = need_result(result)?;
                let acc = if resolved.op == BuiltinOp::SubgroupMatrixMultiplyAccumulate {
                    Some(arg(2)?)
                } else {
                    None
                };
                let e = Expression::SubgroupMatrixMultiply {
                    ty,
                    left: arg(0)?,
                    right: arg(1)?,
                    acc,
                };
                self.add_at(Stage::Runtime, e, ty, span).map(Some)
            }
            BuiltinOp::SubgroupMatrixConvert => {
                let ty = need_result(result)?;
                let e = Expression::Convert { expr: arg(0)?, ty };
                self.add_at(Stage::Runtime, e, ty, span).map(Some)
            }
            BuiltinOp::SubgroupMatrixFromInvocations(columns) => {
                let ty = need_result(result)?;
                let e = Expression::SubgroupMatrixFromInvocations {
                    ty,
                    array: arg(0)?,
                    columns,
                };
                self.add_at(Stage::Runtime, e, ty, span).map(Some)
            }
            BuiltinOp::SubgroupMatrixToInvocations(columns) => {
                let ty = need_result(result)?;
                let e = Expression::SubgroupMatrixToInvocations {
                    matrix: arg(0)?,
                    columns,
                };
                self.add_at(Stage::Runtime, e, ty, span).map(Some)
            }
            BuiltinOp::SubgroupMatrixReduce(mode, op) => {
                let ty = need_result(result)?;
                let e = Expression::SubgroupMatrixReduce {
                    matrix: arg(0)?,
                    mode,
                    op,
                    function: None,
                };
                self.add_at(Stage::Runtime, e, ty, span).map(Some)
            }
            BuiltinOp::SubgroupMatrixIndex(columns) => {
                let ty = need_result(result)?;
                let e = Expression::SubgroupMatrixIndex { ty, columns };
                self.add_at(Stage::Runtime, e, ty, span).map(Some)
            }
            BuiltinOp::CoopVecAccumulate { outer, element } => {
                let (a, b, k) = if outer {
                    (arg(0)?, Some(arg(1)?), 2)
                } else {
                    (arg(0)?, None, 1)
                };
                let st = Statement::CoopVecAccumulate {
                    pointer: arg(k)?,
                    offset: arg(k + 1)?,
                    a,
                    b,
                    element,
                };
                self.fs(span)?.push(st, span);
                Ok(None)
            }
            BuiltinOp::CoopVecMatMul(with_bias, element)
            | BuiltinOp::CoopVecMatMulOptimal(with_bias, element) => {
                let ty = need_result(result)?;
                let optimal = matches!(resolved.op, BuiltinOp::CoopVecMatMulOptimal(..));
                let layout = resolved.layout.unwrap_or(crate::ir::MatrixLayout::RowMajor);
                let b = if optimal { 3 } else { 5 };
                let (bias, bias_offset) = if with_bias {
                    (Some(arg(b)?), Some(arg(b + 1)?))
                } else {
                    (None, None)
                };
                let stride = if optimal {
                    // The loop form's layout: row-major with K elements a row
                    // (four packed bytes per u32 component), or, transposed,
                    // the stored K x M matrix with M a row (read column-major).
                    let size = |t: Option<Handle<Type>>| match t.map(|t| self.module.inner(t)) {
                        Some(&TypeInner::CoopVector { size, scalar }) => {
                            Some(if scalar == crate::ir::Scalar::U32 {
                                size * 4
                            } else {
                                size
                            })
                        }
                        _ => None,
                    };
                    let a_row = if layout == crate::ir::MatrixLayout::ColumnMajor {
                        size(Some(ty))
                    } else {
                        size(resolved.params.first().copied())
                    };
                    let Some(a_row) = a_row else {
                        return err(format!("invalid call to '{name}'"), span);
                    };
                    let u32_ty = self
                        .module
                        .intern(TypeInner::Scalar(crate::ir::Scalar::U32));
                    self.fs(span)?.add(
                        Expression::Literal(crate::ir::Literal::U32(a_row)),
                        u32_ty,
                        span,
                    )
                } else {
                    arg(4)?
                };
                let input = arg(0)?;
                let element = match element {
                    Some(e) => e,
                    None => match resolved
                        .params
                        .first()
                        .map(|&t| self.module.inner(t).clone())
                    {
                        Some(TypeInner::CoopVector { scalar, .. }) => scalar,
                        _ => return err(format!("invalid call to '{name}'"), span),
                    },
                };
                let e = Expression::CoopVecMatMul {
                    ty,
                    input,
                    matrix: arg(1)?,
                    offset: arg(2)?,
                    stride,
                    layout,
                    bias,
                    bias_offset,
                    optimal,
                    element,
                };
                self.add_at(Stage::Runtime, e, ty, span).map(Some)
            }
            BuiltinOp::SubgroupMatrixScalar(op) => {
                let ty = need_result(result)?;
                let e = Expression::SubgroupMatrixScalar {
                    op,
                    matrix: arg(0)?,
                    scalar: arg(1)?,
                };
                self.add_at(Stage::Runtime, e, ty, span).map(Some)
            }
            BuiltinOp::Derivative(axis, control) => {
                let ty = need_result(result)?;
                let ty = super::abstract_conv::concretize_ty(&mut self.module, ty);
                let e = Expression::Derivative {
                    axis,
                    control,
                    expr: arg(0)?,
                };
                self.add_at(stage, e, ty, span).map(Some)
            }
            BuiltinOp::Texture(fun) => err(
                format!(
                    "'{}' is lowered by Resolver::texture_call",
                    builtins::table_name(fun)
                ),
                span,
            ),
        }
    }

    /// The inner type of a type handle (convenience for submodules).
    pub(crate) fn inner_of(&self, ty: Handle<Type>) -> &TypeInner {
        self.module.inner(ty)
    }
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// [`builtins::resolve_call`], memoized for calls without template
    /// arguments: overload resolution depends only on the builtin, the
    /// (immutable, interned) argument types and the const bool arguments,
    /// and its only side effect is interning types, which a repeat call
    /// would find already present. Errors are not cached.
    /// The arguments the table marks as const-expressions
    /// ([`crate::builtins::BuiltinDef::const_args`]) are, and the invocation
    /// ids of `subgroupBroadcast` / `quadBroadcast` are in [0, 128) / [0, 4).
    fn check_const_args(
        &self,
        def: &crate::builtins::BuiltinDef,
        conv: &[Val],
        args: &[ExprId],
    ) -> Result<(), Box<Diagnostic>> {
        for &i in def.const_args {
            let (Some(v), Some(&a)) = (conv.get(i), args.get(i)) else {
                continue;
            };
            let Val::Const(c) = v else {
                return err(
                    format!(
                        "argument {} of '{}' must be a const-expression",
                        i + 1,
                        def.name
                    ),
                    self.span(a),
                );
            };
            let limit = match def.op {
                BuiltinOp::Subgroup(crate::ir::SubgroupOp::Broadcast) => 128,
                BuiltinOp::Subgroup(crate::ir::SubgroupOp::QuadBroadcast) => 4,
                _ => continue,
            };
            let id = match *c {
                Value::Scalar(Literal::I32(v)) => i64::from(v),
                Value::Scalar(Literal::U32(v)) => i64::from(v),
                Value::Scalar(Literal::AbstractInt(v)) => v,
                _ => continue,
            };
            if !(0..limit).contains(&id) {
                return err(
                    format!(
                        "the invocation id of '{}' must be in the range [0, {limit}), found {id}",
                        def.name
                    ),
                    self.span(a),
                );
            }
        }
        Ok(())
    }

    fn resolve_builtin_cached(
        &mut self,
        def: &'static builtins::BuiltinDef,
        targs: &[TemplateArg],
        tys: SmallVec<[Handle<Type>; 4]>,
        bools: SmallVec<[Option<bool>; 4]>,
    ) -> Result<builtins::ResolvedCall, builtins::OverloadError> {
        if !targs.is_empty() {
            return builtins::resolve_call(&mut self.module, def, targs, &tys, &bools);
        }
        let key = (def.name, tys, bools);
        if let Some(r) = self.builtin_calls.get(&key) {
            return Ok(r.clone());
        }
        let r = builtins::resolve_call(&mut self.module, def, targs, &key.1, &key.2)?;
        self.builtin_calls.insert(key, r.clone());
        Ok(r)
    }
}

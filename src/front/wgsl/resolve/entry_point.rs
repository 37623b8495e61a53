//! Functions and entry points: signatures, parameter/return bindings,
//! `@builtin` types, `@workgroup_size`, and recording the function in the
//! module (callees before callers, thanks to the declaration order).

use super::super::ast::{self, Attribute};
use super::scope::{FnInfo, Local};
use super::{err, FnState, GlobalItem, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::ir::{
    self, EntryPoint, Expression, Extensions, Literal, Scalar, ShaderStage, Type, TypeInner,
    WorkgroupSizeDim,
};
use smallvec::SmallVec;

impl<'t, 'a> Resolver<'t, 'a> {
    /// Resolves a function declaration.
    pub(super) fn function(&mut self, f: &'t ast::FnDecl<'a>) -> Res<GlobalItem> {
        let mut stage = None;
        let mut wg = None;
        let mut sg = None;
        let mut must_use = false;
        for a in &f.attributes {
            match a.name.name {
                "compute" | "vertex" | "fragment" => {
                    if stage.is_some() {
                        return err(
                            "a function can have only one shader stage attribute",
                            a.span,
                        );
                    }
                    stage = Some(match a.name.name {
                        "compute" => ShaderStage::Compute,
                        "vertex" => ShaderStage::Vertex,
                        _ => ShaderStage::Fragment,
                    });
                }
                "workgroup_size" => wg = Some(a),
                "subgroup_size" => sg = Some(a),
                "must_use" => must_use = true,
                "diagnostic" => self.range_filters(std::slice::from_ref(a), f.span),
                other => {
                    return err(
                        format!("attribute '@{other}' is not valid for a function"),
                        a.name.span,
                    )
                }
            }
        }
        let workgroup_size = match (stage, wg) {
            (Some(ShaderStage::Compute), Some(a)) => Some(self.workgroup_size(a)?),
            (Some(ShaderStage::Compute), None) => {
                return err(
                    "a compute entry point requires a @workgroup_size attribute",
                    f.name.span,
                )
            }
            (_, Some(a)) => {
                return err(
                    "@workgroup_size is only valid on compute entry points",
                    a.span,
                )
            }
            (Some(_), None) => Some([WorkgroupSizeDim::Constant(1); 3]),
            (None, None) => None,
        };
        let subgroup_size = match (stage, sg) {
            (_, None) => None,
            (None | Some(ShaderStage::Vertex | ShaderStage::Fragment), Some(a)) => {
                return err(
                    "@subgroup_size is only valid on compute entry points",
                    a.span,
                )
            }
            (Some(_), Some(a)) => Some(self.subgroup_size(a)?),
        };
        if stage.is_some() && must_use {
            return err("@must_use is not valid on an entry point", f.name.span);
        }
        if must_use && f.result.is_none() {
            return err(
                "@must_use can only be applied to functions that return a value",
                f.name.span,
            );
        }
        let mut func = ir::Function {
            name: f.name.name.to_string(),
            must_use,
            ..Default::default()
        };
        if let Some(p) = f.params.get(super::limits::MAX_FUNCTION_PARAMETERS) {
            return err(
                format!(
                    "function '{}' has {} parameters, more than the limit of {}",
                    f.name.name,
                    f.params.len(),
                    super::limits::MAX_FUNCTION_PARAMETERS
                ),
                p.name.span,
            );
        }
        let mut params: SmallVec<[Handle<Type>; 4]> = SmallVec::with_capacity(f.params.len());
        func.arguments.reserve_exact(f.params.len());
        // A parameter or result type that fails to resolve is reported,
        // and the body is still checked (see `Resolver::body_only`).
        let mut signature_failed = false;
        for p in &f.params {
            let ty = self.resolve_type(p.ty);
            let Some(ty) = self.attempt(ty)? else {
                signature_failed = true;
                continue;
            };
            let tspan = self.span(p.ty);
            let mut io = Vec::new();
            for a in &p.attributes {
                match a.name.name {
                    name if super::io::is_io_attribute(name) => io.push(a),
                    other => {
                        return err(
                            format!("attribute '@{other}' is not valid for a parameter"),
                            a.name.span,
                        )
                    }
                }
            }
            if stage.is_none() {
                if let Some(a) = io.first() {
                    return err(
                        format!(
                            "attribute '@{}' is only valid on entry point parameters",
                            a.name.name
                        ),
                        a.name.span,
                    );
                }
            }
            let binding = self.io_binding(&io, ty, false)?;
            match *self.module.inner(ty) {
                TypeInner::Pointer { base, space, .. } => {
                    if stage.is_some() {
                        return err("entry point parameters cannot be pointers", tspan);
                    }
                    if self.module.contains_subgroup_matrix(base)
                        && matches!(
                            space,
                            ir::AddressSpace::Workgroup
                                | ir::AddressSpace::Storage
                                | ir::AddressSpace::Uniform
                        )
                    {
                        return err(
                            format!(
                                "subgroup matrix types cannot be declared in the '{}' address space",
                                space.wgsl_name()
                            ),
                            tspan,
                        );
                    }
                }
                _ => {
                    let handle_param = stage.is_none() && super::types::is_handle(&self.module, ty);
                    if !(super::types::is_constructible(&self.module, ty)
                        || self.module.contains_subgroup_matrix(ty)
                        || handle_param)
                    {
                        return err(
                            format!(
                                "type '{}' cannot be used as the type of a function parameter",
                                self.type_name(ty)
                            ),
                            tspan,
                        );
                    }
                }
            }
            if stage.is_some() && binding.is_none() && !self.struct_all_bound(ty) {
                return err(
                    format!(
                        "entry point parameter '{}' must have a @builtin or @location attribute, or be a structure whose members all have one",
                        p.name.name
                    ),
                    p.span,
                );
            }
            params.push(ty);
            func.arguments.push(ir::FunctionArgument {
                name: p.name.name.to_string(),
                ty,
                binding,
            });
        }
        let result = match &f.result {
            Some((attrs, t)) => {
                let ty = self.resolve_type(*t);
                let Some(ty) = self.attempt(ty)? else {
                    return self.body_only(f, None, true);
                };
                if stage == Some(ShaderStage::Compute) {
                    return err("compute entry points cannot return a value", self.span(*t));
                }
                let mut io = Vec::new();
                for a in attrs {
                    if stage.is_none() || !super::io::is_io_attribute(a.name.name) {
                        return err(
                            format!(
                                "attribute '@{}' is not valid on a function return type",
                                a.name.name
                            ),
                            a.name.span,
                        );
                    }
                    io.push(a);
                }
                let binding = self.io_binding(&io, ty, false)?;
                if stage.is_some() && binding.is_none() && !self.struct_all_bound(ty) {
                    return err(
                        "the return type of an entry point must have a @builtin or @location attribute, or be a structure whose members all have one",
                        self.span(*t),
                    );
                }
                if !super::types::is_constructible(&self.module, ty)
                    && !self.module.contains_subgroup_matrix(ty)
                {
                    return err(
                        format!(
                            "{} cannot be used as a function return type",
                            self.type_name(ty)
                        ),
                        self.span(*t),
                    );
                }
                func.result = Some(ir::FunctionResult { ty, binding });
                Some(ty)
            }
            None => None,
        };
        if signature_failed {
            return self.body_only(f, result, false);
        }
        // About one IR expression per AST expression of the body, plus the
        // arguments: reserving that saves the first regrowth copies. Capped,
        // as constant folding can make the IR much smaller than the AST (and
        // doubling is cheap per element for large functions anyway).
        let estimate = (f.body_exprs as usize + f.params.len()).min(64);
        func.expressions.reserve(estimate);
        func.expression_types.reserve(estimate);
        let mut fs = FnState::reusing(func, std::mem::take(&mut self.spares));
        fs.result = result;
        for (i, p) in f.params.iter().enumerate() {
            let ty = params[i];
            let expr = fs.add(Expression::FunctionArgument(i as u32), ty, p.name.span);
            if !fs.declare(p.name, Local::Value(Val::Runtime { expr, ty })) {
                return err(
                    format!("redeclaration of parameter '{}'", p.name.name),
                    p.name.span,
                );
            }
        }
        self.statement_attrs(&f.body.attributes, f.body.span, "a function body")?;
        let saved = self.f.replace(fs);
        // The statements are freed once the function is resolved.
        let stmts = std::mem::take(&mut self.body);
        let body = self.stmts(&stmts);
        let fs = std::mem::replace(&mut self.f, saved);
        body?;
        let Some(mut fs) = fs else {
            return err("internal error: lost function state", f.span);
        };
        let block = fs.close();
        self.spares = fs.take_spares();
        if result.is_some() && !fs.had_errors && !super::stmt::block_returns(&block) {
            return err(
                "missing return at end of function",
                crate::span::Span::new(f.body.span.end.saturating_sub(1), f.body.span.end),
            );
        }
        fs.func.body = block;
        // The function lives on through the whole compile: give back the
        // spare capacity its tables and blocks grew (up to half of each).
        fs.func.shrink_to_fit();
        let h = self.module.functions.append(fs.func, f.span);
        self.ir_function_info.insert(
            h,
            FnInfo {
                params,
                result,
                must_use,
                entry: stage.is_some(),
            },
        );
        let workgroup_size_spans = wg.map_or([crate::span::Span::UNDEFINED; 3], |a| {
            [0, 1, 2].map(|i| self.list(a.args).get(i).map_or(a.span, |&e| self.span(e)))
        });
        if let (Some(stage), Some(workgroup_size)) = (stage, workgroup_size) {
            self.module.entry_points.push(EntryPoint {
                name: f.name.name.to_string(),
                stage,
                function: h,
                workgroup_size,
                workgroup_size_spans,
                subgroup_size,
            });
        }
        Ok(GlobalItem::Fn(h))
    }

    fn struct_all_bound(&self, ty: Handle<Type>) -> bool {
        match self.module.inner(ty) {
            TypeInner::Struct { members, .. } => members.iter().all(|m| m.binding.is_some()),
            _ => false,
        }
    }

    fn workgroup_size(&mut self, a: &Attribute<'a>) -> Res<[WorkgroupSizeDim; 3]> {
        if a.args.is_empty() || a.args.len() > 3 {
            return err("@workgroup_size requires 1 to 3 arguments", a.span);
        }
        let mut out = [WorkgroupSizeDim::Constant(1); 3];
        let mut scalar: Option<Scalar> = None;
        for (i, &e) in self.list(a.args).iter().enumerate() {
            let span = self.span(e);
            let v = self.value(e, Stage::Override)?;
            let ty = self.val_ty(&v);
            let s = match self.module.inner(ty) {
                TypeInner::Scalar(s @ (Scalar::I32 | Scalar::U32 | Scalar::AbstractInt)) => *s,
                _ => {
                    return err(
                        "@workgroup_size arguments must be of type 'i32' or 'u32'",
                        span,
                    )
                }
            };
            if !s.is_abstract() {
                if let Some(prev) = scalar {
                    if prev != s {
                        return err(
                            "@workgroup_size arguments must all be of the same type",
                            span,
                        );
                    }
                }
                scalar = Some(s);
            }
            out[i] = match v {
                Val::Const(Value::Scalar(l)) => {
                    let n = match l {
                        Literal::I32(x) => x as i64,
                        Literal::U32(x) => x as i64,
                        Literal::AbstractInt(x) => x,
                        _ => 0,
                    };
                    match u32::try_from(n) {
                        Ok(n) if n > 0 => WorkgroupSizeDim::Constant(n),
                        _ => {
                            return err(
                                format!("@workgroup_size argument must be at least 1, found {n}"),
                                span,
                            )
                        }
                    }
                }
                Val::Override { expr, .. } => WorkgroupSizeDim::Override(expr),
                _ => return err(
                    "@workgroup_size arguments must be const-expressions or override-expressions",
                    span,
                ),
            };
        }
        Ok(out)
    }

    /// `@subgroup_size(n)`: a const- or override-expression of type i32 or
    /// u32; a const value must be a power of two (WGSL spec, "subgroup_size";
    /// the range the device supports is checked at pipeline creation).
    fn subgroup_size(&mut self, a: &Attribute<'a>) -> Res<(WorkgroupSizeDim, crate::span::Span)> {
        if !self
            .module
            .extensions
            .contains(Extensions::SUBGROUP_SIZE_CONTROL)
        {
            return err(
                "@subgroup_size requires enabling extension 'subgroup_size_control'",
                a.name.span,
            );
        }
        let [e] = self.list(a.args)[..] else {
            return err("@subgroup_size requires exactly one argument", a.span);
        };
        let span = self.span(e);
        let v = self.value(e, Stage::Override)?;
        let ty = self.val_ty(&v);
        if !matches!(
            self.module.inner(ty),
            TypeInner::Scalar(Scalar::I32 | Scalar::U32 | Scalar::AbstractInt)
        ) {
            return err(
                format!(
                    "@subgroup_size argument must be of type 'i32' or 'u32', found '{}'",
                    self.type_name(ty)
                ),
                span,
            );
        }
        let dim =
            match v {
                Val::Const(Value::Scalar(l)) => {
                    let n = match l {
                        Literal::I32(x) => x as i64,
                        Literal::U32(x) => x as i64,
                        Literal::AbstractInt(x) => x,
                        _ => 0,
                    };
                    match u32::try_from(n) {
                        Ok(n) if n.is_power_of_two() => WorkgroupSizeDim::Constant(n),
                        _ => {
                            return err(
                                format!("@subgroup_size value {n} must be a power of two"),
                                span,
                            )
                        }
                    }
                }
                Val::Override { expr, .. } => WorkgroupSizeDim::Override(expr),
                _ => return err(
                    "@subgroup_size argument must be a const-expression or an override-expression",
                    span,
                ),
            };
        Ok((dim, span))
    }
}

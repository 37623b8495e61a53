//! Printing function bodies.

use std::fmt::Write as _;

use super::analysis::{self, FnState, LocalDecl};
use super::expr::{layout_name, Scope, TOP};
use super::names::Namer;
use super::{error, Ctx, MAX_DEPTH};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    AtomicFunction, Barrier, Block, CaseSelector, Expression, Function, Literal, Statement,
};
use crate::span::Span;

const INDENT: &str = "  ";

/// Prints one function body.
pub struct BodyWriter<'a, 'm> {
    ctx: &'a Ctx<'m>,
    func: &'a Function,
    state: FnState,
    namer: &'a mut Namer,
    out: String,
}

fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str(INDENT);
    }
}

impl<'a, 'm> BodyWriter<'a, 'm> {
    /// Analyses `func` and prepares to print it. `arg_names` are the
    /// already-chosen parameter names.
    pub fn new(
        ctx: &'a Ctx<'m>,
        func: &'a Function,
        namer: &'a mut Namer,
        arg_names: Vec<String>,
    ) -> Result<Self, Error> {
        let mut state = analysis::analyze(ctx.module, func)?;
        state.arg_names = arg_names;
        state.local_names = func
            .local_variables
            .iter()
            .map(|(_, l)| namer.call(&l.name))
            .collect();
        Ok(BodyWriter {
            ctx,
            func,
            state,
            namer,
            out: String::new(),
        })
    }

    /// Prints the body (the statements between the braces) and returns it.
    pub fn finish(mut self) -> Result<String, Error> {
        for (h, l) in self.func.local_variables.iter() {
            if self.state.local_decl.get(h.index()) == Some(&LocalDecl::Top) {
                let ty = self.ctx.type_string(l.ty)?;
                indent(&mut self.out, 1);
                let _ = writeln!(
                    self.out,
                    "var {}: {};",
                    self.state.local_names[h.index()],
                    ty
                );
            }
        }
        let func = self.func;
        self.write_block(&func.body, 1, None, None)?;
        Ok(self.out)
    }

    fn scope(&self) -> Scope<'_> {
        Scope::Function(self.func, &self.state)
    }

    fn expr_string(
        &self,
        h: Handle<Expression>,
        allowed: super::expr::Forms,
    ) -> Result<String, Error> {
        let mut s = String::new();
        self.ctx.write_expr(self.scope(), h, allowed, &mut s, 0)?;
        Ok(s)
    }

    fn ref_string(&self, h: Handle<Expression>) -> Result<String, Error> {
        let mut s = String::new();
        self.ctx.write_ref(self.scope(), h, &mut s, 0)?;
        Ok(s)
    }

    fn args_string(&self, args: &[Handle<Expression>]) -> Result<String, Error> {
        let mut s = String::new();
        self.ctx.write_args(self.scope(), args, &mut s, 0)?;
        Ok(s)
    }

    /// A fresh name for the `let` binding `h`.
    fn let_name(&mut self, h: Handle<Expression>) -> String {
        match self.func.named_expressions.get(&h) {
            Some(name) => self.namer.call(name),
            None => self.namer.call(&format!("_e{}", h.index())),
        }
    }

    fn line(&mut self, level: usize, text: &str) {
        indent(&mut self.out, level);
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Prints `let name = call;`, `_ = call;` or `call;` for a statement
    /// that defines `result`.
    fn result_stmt(
        &mut self,
        level: usize,
        result: Option<Handle<Expression>>,
        call: String,
        must_use: bool,
    ) {
        match result {
            Some(r) if self.state.inline_result.get(r.index()) == Some(&true) => {
                // Printed at its single use, right after this statement.
                self.state.bind(r, call);
            }
            Some(r) if self.state.is_needed(r, self.func) => {
                let name = self.let_name(r);
                self.line(level, &format!("let {name} = {call};"));
                self.state.bind(r, name);
            }
            _ if must_use => self.line(level, &format!("_ = {call};")),
            _ => self.line(level, &format!("{call};")),
        }
    }

    fn write_block(
        &mut self,
        block: &'a Block,
        level: usize,
        continuing: Option<(&'a Block, Option<Handle<Expression>>)>,
        break_if: Option<Handle<Expression>>,
    ) -> Result<(), Error> {
        if level > MAX_DEPTH as usize {
            return Err(error(
                "statements are nested too deeply to be written",
                block.spans.first().copied().unwrap_or_default(),
            ));
        }
        for (s, span) in block.iter() {
            self.write_stmt(s, span, level)?;
        }
        if let Some((cont, cond)) = continuing {
            if !cont.is_empty() || cond.is_some() {
                self.line(level, "continuing {");
                self.write_block(cont, level + 1, None, cond)?;
                self.line(level, "}");
            }
        }
        if let Some(c) = break_if {
            let cond = self.expr_string(c, TOP)?;
            self.line(level, &format!("break if {cond};"));
        }
        Ok(())
    }

    /// If `block` is `Emit`s that bind nothing followed by one `if`, that
    /// `if` (printed as `else if`).
    fn else_if(&self, block: &'a Block) -> Option<&'a Statement> {
        let (last, rest) = block.statements.split_last()?;
        if !matches!(last, Statement::If { .. }) {
            return None;
        }
        let inline = |h: Handle<Expression>| self.state.inline_result.get(h.index()) == Some(&true);
        let all_inline = rest.iter().all(|s| match *s {
            Statement::Emit(ref range) => range
                .clone()
                .all(|h| !self.state.baked.get(h.index()).copied().unwrap_or(false)),
            // Call-like statements whose result prints inside the condition.
            Statement::Call {
                result: Some(r), ..
            }
            | Statement::Atomic {
                result: Some(r), ..
            }
            | Statement::WorkgroupUniformLoad { result: r, .. }
            | Statement::Intrinsic {
                result: Some(r), ..
            }
            | Statement::Subgroup { result: r, .. } => inline(r),
            _ => false,
        });
        all_inline.then_some(last)
    }

    fn write_if(&mut self, s: &'a Statement, level: usize, prefix: &str) -> Result<(), Error> {
        let Statement::If {
            condition,
            accept,
            reject,
        } = s
        else {
            return Err(Error::without_location("expected an if statement"));
        };
        let cond = self.expr_string(*condition, TOP)?;
        if prefix.is_empty() {
            self.line(level, &format!("if {cond} {{"));
        } else {
            self.line(level, &format!("{prefix}if {cond} {{"));
        }
        self.write_block(accept, level + 1, None, None)?;
        if reject.is_empty() {
            self.line(level, "}");
        } else if let Some(nested) = self.else_if(reject) {
            // The statements before the nested `if` print nothing: they
            // only bind what its condition prints inline.
            for (s, span) in reject.iter().take(reject.len() - 1) {
                self.write_stmt(s, span, level)?;
            }
            self.write_if(nested, level, "} else ")?;
        } else {
            self.line(level, "} else {");
            self.write_block(reject, level + 1, None, None)?;
            self.line(level, "}");
        }
        Ok(())
    }

    fn write_stmt(&mut self, s: &'a Statement, span: Span, level: usize) -> Result<(), Error> {
        match *s {
            Statement::Emit(ref range) => {
                for h in range.clone() {
                    let baked = self.state.baked.get(h.index()).copied().unwrap_or(false);
                    if !baked || self.state.bound_name(h).is_some() {
                        continue;
                    }
                    let mut value = String::new();
                    self.ctx.write_expr_body(self.scope(), h, &mut value, 0)?;
                    let name = self.let_name(h);
                    self.line(level, &format!("let {name} = {value};"));
                    self.state.bind(h, name);
                }
            }
            Statement::Block(ref b) => {
                self.line(level, "{");
                self.write_block(b, level + 1, None, None)?;
                self.line(level, "}");
            }
            Statement::If { .. } => self.write_if(s, level, "")?,
            Statement::Switch {
                selector,
                ref cases,
            } => {
                let sel = self.expr_string(selector, TOP)?;
                self.line(level, &format!("switch {sel} {{"));
                for case in cases {
                    let mut head = String::new();
                    let only_default =
                        case.selectors.len() == 1 && case.selectors[0] == CaseSelector::Default;
                    if !only_default {
                        head.push_str("case ");
                    }
                    for (i, sel) in case.selectors.iter().enumerate() {
                        if i > 0 {
                            head.push_str(", ");
                        }
                        match *sel {
                            CaseSelector::I32(v) => {
                                super::literal::write_literal(&Literal::I32(v), &mut head, span)?
                            }
                            CaseSelector::U32(v) => {
                                super::literal::write_literal(&Literal::U32(v), &mut head, span)?
                            }
                            CaseSelector::Default => head.push_str("default"),
                        }
                    }
                    if case.selectors.is_empty() {
                        return Err(error("a switch case has no selectors", span));
                    }
                    self.line(level + 1, &format!("{head}: {{"));
                    self.write_block(&case.body, level + 2, None, None)?;
                    self.line(level + 1, "}");
                }
                self.line(level, "}");
            }
            Statement::Loop {
                ref body,
                ref continuing,
                break_if,
                ..
            } => {
                self.line(level, "loop {");
                self.write_block(body, level + 1, Some((continuing, break_if)), None)?;
                self.line(level, "}");
            }
            Statement::Break => self.line(level, "break;"),
            Statement::Continue => self.line(level, "continue;"),
            Statement::Return { value: None } => self.line(level, "return;"),
            Statement::Return { value: Some(v) } => {
                let v = self.expr_string(v, TOP)?;
                self.line(level, &format!("return {v};"));
            }
            Statement::Store { pointer, value } => self.write_store(s, pointer, value, level)?,
            Statement::Call {
                function,
                ref arguments,
                result,
            } => {
                let name = self
                    .ctx
                    .names
                    .functions
                    .get(function.index())
                    .ok_or_else(|| error(format!("invalid function handle {function:?}"), span))?;
                let must_use = self
                    .ctx
                    .module
                    .functions
                    .try_get(function)
                    .is_some_and(|f| f.must_use);
                let call = format!("{name}{}", self.args_string(arguments)?);
                self.result_stmt(level, result, call, must_use);
            }
            Statement::Atomic {
                pointer,
                fun,
                value,
                compare,
                result,
            } => {
                let mut args = vec![pointer];
                if fun == AtomicFunction::CompareExchangeWeak {
                    args.push(compare.ok_or_else(|| {
                        error("atomicCompareExchangeWeak needs a comparand", span)
                    })?);
                }
                if fun != AtomicFunction::Load {
                    args.push(value.ok_or_else(|| {
                        error(format!("{} needs a value operand", fun.wgsl_name()), span)
                    })?);
                }
                let call = format!("{}{}", fun.wgsl_name(), self.args_string(&args)?);
                self.result_stmt(level, result, call, false);
            }
            Statement::WorkgroupUniformLoad { pointer, result } => {
                let call = format!("workgroupUniformLoad{}", self.args_string(&[pointer])?);
                self.result_stmt(level, Some(result), call, true);
            }
            Statement::Barrier(flags) => {
                for (flag, name) in [
                    (Barrier::STORAGE, "storageBarrier();"),
                    (Barrier::WORKGROUP, "workgroupBarrier();"),
                    (Barrier::TEXTURE, "textureBarrier();"),
                ] {
                    if flags.contains(flag) {
                        self.line(level, name);
                    }
                }
            }
            Statement::Subgroup {
                op,
                ref args,
                result,
            } => {
                let call = format!("{}{}", op.wgsl_name(), self.args_string(args)?);
                self.result_stmt(level, Some(result), call, true);
            }
            // A target operation (IR dumps of a lowered module only: it is
            // not WGSL).
            Statement::Intrinsic {
                fun,
                ref arguments,
                result,
            } => {
                let call = format!("{}{}", fun.dump_name(), self.args_string(arguments)?);
                self.result_stmt(level, result, call, false);
            }
            Statement::Discard => self.line(level, "discard;"),
            Statement::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => {
                use super::texture::Part::Expr as E;
                let mut parts = vec![E(image), E(coordinate)];
                parts.extend(array_index.map(E));
                parts.push(E(value));
                let mut s = String::new();
                self.ctx
                    .write_texture_call(self.scope(), "textureStore", &parts, &mut s, 0)?;
                s.push(';');
                self.line(level, &s);
            }
            Statement::SubgroupMatrixStore {
                pointer,
                offset,
                value,
                stride,
                layout,
                ..
            } => {
                let args = self.args_string(&[pointer, offset, value, stride])?;
                self.line(
                    level,
                    &format!("subgroupMatrixStore<{}>{args};", layout_name(layout)),
                );
            }
            Statement::CoopVecAccumulate {
                pointer,
                offset,
                a,
                b: Some(b),
                element,
            } => {
                let args = self.args_string(&[a, b, pointer, offset])?;
                self.line(
                    level,
                    &format!(
                        "coopVecOuterProductAccumulate<{}>{args};",
                        element.wgsl_name()
                    ),
                );
            }
            Statement::CoopVecAccumulate {
                pointer,
                offset,
                a,
                b: None,
                ..
            } => {
                let args = self.args_string(&[a, pointer, offset])?;
                self.line(level, &format!("coopVecReduceSumAccumulate{args};"));
            }
        }
        Ok(())
    }

    fn write_store(
        &mut self,
        s: &Statement,
        pointer: Handle<Expression>,
        value: Handle<Expression>,
        level: usize,
    ) -> Result<(), Error> {
        if let Some(&Expression::LocalVariable(l)) = self.func.expressions.try_get(pointer) {
            let at = s as *const Statement as usize;
            let declares = matches!(
                self.state.local_decl.get(l.index()),
                Some(LocalDecl::AtStore(_))
            ) && self.state.decl_stmt.get(l.index()) == Some(&at);
            if declares {
                let (Some(local), Some(name)) = (
                    self.func.local_variables.try_get(l),
                    self.state.local_names.get(l.index()).cloned(),
                ) else {
                    return Err(Error::without_location(format!(
                        "invalid local variable {l:?}"
                    )));
                };
                let is_zero = self.state.bound_name(value).is_none()
                    && matches!(
                        self.func.expressions.try_get(value),
                        Some(Expression::ZeroValue(t)) if *t == local.ty
                    );
                let ty = if super::types::is_predeclared_struct(self.ctx.ty(local.ty)?) {
                    None
                } else {
                    Some(self.ctx.type_string(local.ty)?)
                };
                match ty {
                    Some(ty) if is_zero => self.line(level, &format!("var {name}: {ty};")),
                    Some(ty) => {
                        let v = self.expr_string(value, TOP)?;
                        self.line(level, &format!("var {name}: {ty} = {v};"));
                    }
                    None => {
                        let v = self.expr_string(value, TOP)?;
                        self.line(level, &format!("var {name} = {v};"));
                    }
                }
                return Ok(());
            }
        }
        let target = self.ref_string(pointer)?;
        let v = self.expr_string(value, TOP)?;
        self.line(level, &format!("{target} = {v};"));
        Ok(())
    }
}

//! Printing expressions (module-scope and function-scope).
//!
//! WGSL has no precedence between some operator families (mixing `&` with
//! `+` needs parentheses, shifts and comparisons do not chain), so every
//! operand is printed against the set of expression forms the grammar
//! allows there and parenthesised otherwise. Left-leaning chains of one
//! family (`a + b - c + ...`) are printed iteratively, so a chain of any
//! length uses constant stack.

use super::analysis::FnState;
use super::{error, Ctx, MAX_DEPTH};
use crate::arena::{Arena, Handle};
use crate::diagnostic::Error;
use crate::ir::{
    BinaryOperator, Expression, Function, MatrixLayout, MatrixScalarOp, Type, TypeInner,
    UnaryOperator,
};
use crate::span::Span;

/// The syntactic form of a printed expression, for parenthesisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Identifiers, literals, calls, postfix accesses, parenthesised.
    Primary,
    /// `-e`, `!e`, `~e`, `&r`, and negative literals.
    Unary,
    /// `*`, `/`, `%`.
    Mul,
    /// `+`, `-`.
    Add,
    /// `<<`, `>>`.
    Shift,
    /// Comparisons.
    Rel,
    /// `&`.
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
}

impl Form {
    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// A set of allowed forms.
#[derive(Clone, Copy, Debug)]
pub struct Forms(u16);

impl Forms {
    const fn of(forms: &[Form]) -> Forms {
        let mut bits = 0;
        let mut i = 0;
        while i < forms.len() {
            bits |= forms[i].bit();
            i += 1;
        }
        Forms(bits)
    }
    fn contains(self, f: Form) -> bool {
        self.0 & f.bit() != 0
    }
}

use Form as F;
/// Any form: statement-level positions terminated by `;` or `{`.
pub const TOP: Forms = Forms::of(&[
    F::Primary,
    F::Unary,
    F::Mul,
    F::Add,
    F::Shift,
    F::Rel,
    F::And,
    F::Or,
    F::Xor,
]);
/// Arguments and indices: anything but comparisons, which are
/// parenthesised so `f(a < b, c > d)` cannot read as a template list.
pub const ARG: Forms = Forms::of(&[
    F::Primary,
    F::Unary,
    F::Mul,
    F::Add,
    F::Shift,
    F::And,
    F::Or,
    F::Xor,
]);
/// Template arguments: no comparisons or shifts, whose `<`/`>` tokens
/// would interfere with finding the end of the template list.
pub const TEMPLATE_ARG: Forms = Forms::of(&[F::Primary, F::Unary, F::Mul, F::Add]);
const PRIMARY: Forms = Forms::of(&[F::Primary]);
const UNARY: Forms = Forms::of(&[F::Primary, F::Unary]);

fn binary_form(op: BinaryOperator) -> Form {
    use BinaryOperator as B;
    match op {
        B::Multiply | B::Divide | B::Modulo => F::Mul,
        B::Add | B::Subtract => F::Add,
        B::ShiftLeft | B::ShiftRight => F::Shift,
        B::Equal | B::NotEqual | B::Less | B::LessEqual | B::Greater | B::GreaterEqual => F::Rel,
        B::And => F::And,
        B::InclusiveOr => F::Or,
        B::ExclusiveOr => F::Xor,
    }
}

/// Allowed forms of the (left, right) operands of a binary operator.
fn operand_forms(form: Form) -> (Forms, Forms) {
    match form {
        F::Mul => (Forms::of(&[F::Primary, F::Unary, F::Mul]), UNARY),
        F::Add => (
            Forms::of(&[F::Primary, F::Unary, F::Mul, F::Add]),
            Forms::of(&[F::Primary, F::Unary, F::Mul]),
        ),
        F::Rel => {
            let shift = Forms::of(&[F::Primary, F::Unary, F::Mul, F::Add, F::Shift]);
            (shift, shift)
        }
        F::And => (Forms::of(&[F::Primary, F::Unary, F::And]), UNARY),
        F::Or => (Forms::of(&[F::Primary, F::Unary, F::Or]), UNARY),
        F::Xor => (Forms::of(&[F::Primary, F::Unary, F::Xor]), UNARY),
        F::Shift | F::Primary | F::Unary => (UNARY, UNARY),
    }
}

/// The spelling of a matrix layout template argument.
pub fn layout_name(layout: MatrixLayout) -> &'static str {
    match layout {
        MatrixLayout::RowMajor => "row_major",
        MatrixLayout::ColumnMajor => "col_major",
    }
}

/// Where the expressions being printed live.
#[derive(Clone, Copy)]
pub enum Scope<'a> {
    /// [`crate::ir::Module::global_expressions`].
    Global,
    /// A function body, with its printing state.
    Function(&'a Function, &'a FnState),
}

const SWIZZLE: [char; 4] = ['x', 'y', 'z', 'w'];

impl<'m> Ctx<'m> {
    fn arena<'s>(&'s self, scope: Scope<'s>) -> &'s Arena<Expression> {
        match scope {
            Scope::Global => &self.module.global_expressions,
            Scope::Function(f, _) => &f.expressions,
        }
    }

    fn expr<'s>(
        &'s self,
        scope: Scope<'s>,
        h: Handle<Expression>,
    ) -> Result<&'s Expression, Error> {
        self.arena(scope)
            .try_get(h)
            .ok_or_else(|| Error::without_location(format!("invalid expression handle {h:?}")))
    }

    /// The recorded type of an expression.
    pub fn expr_type(
        &self,
        scope: Scope<'_>,
        h: Handle<Expression>,
    ) -> Result<Handle<Type>, Error> {
        let types = match scope {
            Scope::Global => &self.module.global_expression_types,
            Scope::Function(f, _) => &f.expression_types,
        };
        types.get(h.index()).copied().ok_or_else(|| {
            error(
                format!("expression {h:?} has no recorded type"),
                self.arena(scope).span(h),
            )
        })
    }

    fn is_pointer(&self, scope: Scope<'_>, h: Handle<Expression>) -> bool {
        self.expr_type(scope, h)
            .ok()
            .and_then(|t| self.module.types.try_get(t))
            .is_some_and(|t| t.inner.is_pointer())
    }

    fn bound_name<'s>(&self, scope: Scope<'s>, h: Handle<Expression>) -> Option<&'s str> {
        match scope {
            Scope::Function(_, state) => state.bound_name(h),
            Scope::Global => None,
        }
    }

    /// The form the expression prints as.
    fn form(&self, scope: Scope<'_>, h: Handle<Expression>) -> Form {
        if self.bound_name(scope, h).is_some() {
            return F::Primary;
        }
        match self.arena(scope).try_get(h) {
            Some(Expression::Literal(lit)) if super::literal::is_negative(lit) => F::Unary,
            Some(Expression::Constant(c)) if self.const_is_negative(*c) => F::Unary,
            Some(Expression::Unary { .. }) => F::Unary,
            Some(Expression::Binary { op, .. }) => binary_form(*op),
            Some(Expression::OverrideExpr(g)) => self.form(Scope::Global, *g),
            Some(Expression::LocalVariable(_) | Expression::GlobalVariable(_)) => F::Unary,
            Some(Expression::Access { base, .. } | Expression::AccessIndex { base, .. })
                if self.is_pointer(scope, *base) =>
            {
                F::Unary
            }
            _ => F::Primary,
        }
    }

    /// Writes a module-scope expression.
    pub fn write_global_expr(&self, h: Handle<Expression>, out: &mut String) -> Result<(), Error> {
        self.write_expr(Scope::Global, h, TOP, out, 0)
    }

    /// Writes expression `h` so that it has one of the `allowed` forms,
    /// parenthesising if needed.
    pub fn write_expr(
        &self,
        scope: Scope<'_>,
        h: Handle<Expression>,
        allowed: Forms,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        if depth > MAX_DEPTH {
            return Err(error(
                "expression is nested too deeply to be written",
                self.arena(scope).span(h),
            ));
        }
        let form = self.form(scope, h);
        if allowed.contains(form) {
            self.write_expr_inner(scope, h, out, depth)
        } else {
            out.push('(');
            self.write_expr_inner(scope, h, out, depth)?;
            out.push(')');
            Ok(())
        }
    }

    /// Writes `h` in its own form (no outer parentheses), printing the bound
    /// name if it has one.
    fn write_expr_inner(
        &self,
        scope: Scope<'_>,
        h: Handle<Expression>,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        if let Some(name) = self.bound_name(scope, h) {
            out.push_str(name);
            return Ok(());
        }
        self.write_expr_body(scope, h, out, depth)
    }

    /// Writes the defining text of `h`, ignoring any bound name (used by the
    /// `let` that binds it).
    pub fn write_expr_body(
        &self,
        scope: Scope<'_>,
        h: Handle<Expression>,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        let span = self.arena(scope).span(h);
        let d = depth + 1;
        match *self.expr(scope, h)? {
            Expression::Literal(ref lit) => super::literal::write_literal(lit, out, span)?,
            Expression::Constant(c) => self.write_const(c, out)?,
            Expression::Override(o) => match self.names.overrides.get(o.index()) {
                Some(name) => out.push_str(name),
                None => return Err(error(format!("invalid override handle {o:?}"), span)),
            },
            Expression::OverrideExpr(g) => {
                if matches!(scope, Scope::Global) {
                    return Err(error(
                        "an override-expression reference in a module-scope expression",
                        span,
                    ));
                }
                self.write_expr_inner(Scope::Global, g, out, d)?;
            }
            Expression::ZeroValue(ty) => {
                self.write_type(ty, out)?;
                out.push_str("()");
            }
            Expression::Compose { ty, ref components } => {
                self.write_type(ty, out)?;
                self.write_args(scope, components, out, d)?;
            }
            Expression::Splat { value, .. } => {
                let ty = self.expr_type(scope, h)?;
                self.write_type(ty, out)?;
                self.write_args(scope, &[value], out, d)?;
            }
            Expression::Swizzle {
                size,
                vector,
                pattern,
            } => {
                self.write_expr(scope, vector, PRIMARY, out, d)?;
                out.push('.');
                for &c in &pattern[..size.get() as usize] {
                    match SWIZZLE.get(c as usize) {
                        Some(&ch) => out.push(ch),
                        None => return Err(error("swizzle component out of range", span)),
                    }
                }
            }
            Expression::Access { base, .. } | Expression::AccessIndex { base, .. }
                if self.is_pointer(scope, base) =>
            {
                out.push('&');
                self.write_ref(scope, h, out, d)?;
            }
            Expression::Access { base, index } => {
                self.write_expr(scope, base, PRIMARY, out, d)?;
                out.push('[');
                self.write_expr(scope, index, ARG, out, d)?;
                out.push(']');
            }
            Expression::AccessIndex { base, index } => {
                self.write_expr(scope, base, PRIMARY, out, d)?;
                self.write_member(scope, base, index, out, span)?;
            }
            Expression::FunctionArgument(i) => out.push_str(self.argument_name(scope, i, span)?),
            Expression::GlobalVariable(_) | Expression::LocalVariable(_) => {
                out.push('&');
                self.write_ref(scope, h, out, d)?;
            }
            Expression::Load { pointer } => self.write_ref(scope, pointer, out, d)?,
            Expression::Unary { op, expr } => {
                out.push(match op {
                    UnaryOperator::Negate => '-',
                    UnaryOperator::LogicalNot => '!',
                    UnaryOperator::BitwiseNot => '~',
                });
                self.write_expr(scope, expr, PRIMARY, out, d)?;
            }
            Expression::Binary { .. } => self.write_binary_chain(scope, h, out, d)?,
            Expression::Select {
                condition,
                accept,
                reject,
            } => {
                out.push_str("select");
                self.write_args(scope, &[reject, accept, condition], out, d)?;
            }
            Expression::Math { fun, ref args } => {
                out.push_str(fun.wgsl_name());
                self.write_args(scope, args, out, d)?;
            }
            Expression::Convert { expr, ty } => {
                if matches!(self.module.inner(ty), TypeInner::SubgroupMatrix { .. }) {
                    out.push_str("subgroupMatrixConvert<");
                    self.write_type(ty, out)?;
                    out.push('>');
                } else {
                    self.write_type(ty, out)?;
                }
                self.write_args(scope, &[expr], out, d)?;
            }
            Expression::Bitcast { expr, ty } => {
                out.push_str("bitcast<");
                self.write_type(ty, out)?;
                out.push('>');
                self.write_args(scope, &[expr], out, d)?;
            }
            Expression::ArrayLength(p) => {
                out.push_str("arrayLength");
                self.write_args(scope, &[p], out, d)?;
            }
            Expression::BufferLength(p) => {
                out.push_str("bufferLength");
                self.write_args(scope, &[p], out, d)?;
            }
            Expression::ResourceTable { op, ty, index } => {
                self.write_resource_table(scope, op, ty, index, out, d)?;
            }
            Expression::BufferView {
                pointer,
                offset,
                size,
            } => self.write_buffer_view(scope, h, pointer, offset, size, out, d)?,
            Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkgroupUniformLoadResult { .. }
            | Expression::SubgroupResult { .. }
            | Expression::IntrinsicResult { .. } => {
                return Err(error(
                    "the result of a call is used before the call statement",
                    span,
                ));
            }
            Expression::SubgroupMatrixLoad {
                ty,
                pointer,
                offset,
                stride,
                layout,
                ..
            } => {
                out.push_str("subgroupMatrixLoad<");
                self.write_type(ty, out)?;
                out.push_str(", ");
                out.push_str(layout_name(layout));
                out.push('>');
                self.write_args(scope, &[pointer, offset, stride], out, d)?;
            }
            Expression::CoopVecMatMul { .. } => self.write_coop_vec_mat_mul(scope, h, out, d)?,
            Expression::SubgroupMatrixMultiply {
                ty,
                left,
                right,
                acc,
            } => match acc {
                // The standard-track spelling names the result matrix type.
                _ if self
                    .module
                    .extensions
                    .contains(crate::ir::Extensions::SUBGROUP_MATRIX_STANDARD) =>
                {
                    out.push_str(match acc {
                        Some(_) => "subgroupMatrixMultiplyAccumulate<",
                        None => "subgroupMatrixMultiply<",
                    });
                    self.write_type(ty, out)?;
                    out.push('>');
                    let mut args = vec![left, right];
                    args.extend(acc);
                    self.write_args(scope, &args, out, d)?;
                }
                Some(acc) => {
                    out.push_str("subgroupMatrixMultiplyAccumulate");
                    self.write_args(scope, &[left, right, acc], out, d)?;
                }
                None => {
                    let scalar = match self.ty(ty)?.inner {
                        TypeInner::SubgroupMatrix { scalar, .. } => scalar,
                        _ => {
                            return Err(error(
                                "subgroupMatrixMultiply must produce a subgroup matrix",
                                span,
                            ))
                        }
                    };
                    out.push_str("subgroupMatrixMultiply<");
                    out.push_str(scalar.wgsl_name());
                    out.push('>');
                    self.write_args(scope, &[left, right], out, d)?;
                }
            },
            Expression::SubgroupMatrixScalar { op, matrix, scalar } => {
                out.push_str(match op {
                    MatrixScalarOp::Add => "subgroupMatrixScalarAdd",
                    MatrixScalarOp::Subtract => "subgroupMatrixScalarSubtract",
                    MatrixScalarOp::Multiply => "subgroupMatrixScalarMultiply",
                });
                self.write_args(scope, &[matrix, scalar], out, d)?;
            }
            Expression::Derivative {
                axis,
                control,
                expr,
            } => {
                out.push_str(axis.wgsl_name(control));
                self.write_args(scope, &[expr], out, d)?;
            }
            Expression::ImageSample { .. }
            | Expression::ImageLoad { .. }
            | Expression::ImageQuery { .. } => {
                let (name, parts) = self.texture_call(scope, self.expr(scope, h)?)?;
                self.write_texture_call(scope, name, &parts, out, d)?;
            }
            Expression::SubgroupMatrixFill { ty, value } => {
                self.write_type(ty, out)?;
                self.write_args(scope, &[value], out, d)?;
            }
            Expression::SubgroupMatrixReduce {
                matrix, mode, op, ..
            } => {
                out.push_str(mode.builtin(op));
                self.write_args(scope, &[matrix], out, d)?;
            }
            Expression::SubgroupMatrixIndex { ty, columns } => {
                out.push_str(if columns {
                    "subgroupMatrixColumnIndex<"
                } else {
                    "subgroupMatrixRowIndex<"
                });
                self.write_type(ty, out)?;
                out.push_str(">()");
            }
            Expression::SubgroupMatrixFromInvocations { ty, array, columns } => {
                out.push_str(if columns {
                    "subgroupMatrixFromColumns<"
                } else {
                    "subgroupMatrixFromRows<"
                });
                self.write_type(ty, out)?;
                out.push('>');
                self.write_args(scope, &[array], out, d)?;
            }
            Expression::SubgroupMatrixToInvocations { matrix, columns } => {
                out.push_str(if columns {
                    "subgroupMatrixColumn"
                } else {
                    "subgroupMatrixRow"
                });
                self.write_args(scope, &[matrix], out, d)?;
            }
            Expression::SubgroupMatrixLength(_) => {
                return Err(Error::without_location(
                    "a subgroup matrix's per-invocation length has no WGSL spelling (it exists only after lowering passes)",
                ))
            }
            Expression::SubgroupMatrixPerElement { .. } => {
                return Err(Error::without_location(
                    "a per-element operation on a subgroup matrix has no WGSL spelling (it exists only after lowering passes)",
                ))
            }
        }
        Ok(())
    }

    fn argument_name<'s>(&self, scope: Scope<'s>, i: u32, span: Span) -> Result<&'s str, Error> {
        match scope {
            Scope::Function(_, state) => state
                .arg_names
                .get(i as usize)
                .map(String::as_str)
                .ok_or_else(|| error(format!("invalid function argument index {i}"), span)),
            Scope::Global => Err(error(
                "a function argument in a module-scope expression",
                span,
            )),
        }
    }

    /// Writes `(a, b, c)`.
    /// `bufferView<T>` / `bufferArrayView<T>` (apart from
    /// `write_expr_body`, whose stack frame each nesting level pays).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn write_buffer_view(
        &self,
        scope: Scope<'_>,
        h: Handle<Expression>,
        pointer: Handle<Expression>,
        offset: Handle<Expression>,
        size: Option<Handle<Expression>>,
        out: &mut String,
        d: u32,
    ) -> Result<(), Error> {
        let span = self.arena(scope).span(h);
        let view = match self
            .module
            .types
            .try_get(self.expr_type(scope, h)?)
            .map(|t| &t.inner)
        {
            Some(&TypeInner::Pointer { base, .. }) => base,
            _ => return Err(error("a buffer view that is not a pointer", span)),
        };
        out.push_str(if size.is_some() {
            "bufferArrayView<"
        } else {
            "bufferView<"
        });
        self.write_type(view, out)?;
        out.push('>');
        match size {
            Some(size) => self.write_args(scope, &[pointer, offset, size], out, d)?,
            None => self.write_args(scope, &[pointer, offset], out, d)?,
        }
        Ok(())
    }

    /// The cooperative-vector products (apart from `write_expr_body`, whose
    /// stack frame each nesting level pays).
    #[inline(never)]
    fn write_coop_vec_mat_mul(
        &self,
        scope: Scope<'_>,
        h: Handle<Expression>,
        out: &mut String,
        d: u32,
    ) -> Result<(), Error> {
        let Expression::CoopVecMatMul {
            ty,
            input,
            matrix,
            offset,
            stride,
            layout,
            bias,
            bias_offset,
            optimal,
            element,
        } = self.arena(scope)[h]
        else {
            return Err(error(
                "internal error: not a cooperative-vector product",
                self.arena(scope).span(h),
            ));
        };
        out.push_str(match (bias, optimal) {
            (Some(_), false) => "coopVecMatMulAdd<",
            (None, false) => "coopVecMatMul<",
            (Some(_), true) => "coopVecMatMulAddOptimal<",
            (None, true) => "coopVecMatMulOptimal<",
        });
        self.write_type(ty, out)?;
        if matches!(element, crate::ir::Scalar::I8 | crate::ir::Scalar::U8) {
            out.push_str(", ");
            out.push_str(element.wgsl_name());
        }
        out.push_str(">(");
        for (i, a) in [input, matrix, offset].into_iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_expr(scope, a, ARG, out, d)?;
        }
        if !optimal {
            out.push_str(match layout {
                crate::ir::MatrixLayout::ColumnMajor => ", true, ",
                crate::ir::MatrixLayout::RowMajor => ", false, ",
            });
            self.write_expr(scope, stride, ARG, out, d)?;
        }
        for a in [bias, bias_offset].into_iter().flatten() {
            out.push_str(", ");
            self.write_expr(scope, a, ARG, out, d)?;
        }
        out.push(')');
        Ok(())
    }

    /// `hasResource<T>(i)` / `getResource<T>(i)` (apart from
    /// `write_expr_inner`, whose stack frame each nesting level pays).
    #[inline(never)]
    fn write_resource_table(
        &self,
        scope: Scope<'_>,
        op: crate::ir::ResourceTableOp,
        ty: Handle<crate::ir::Type>,
        index: Handle<Expression>,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        out.push_str(match op {
            crate::ir::ResourceTableOp::Has => "hasResource<",
            crate::ir::ResourceTableOp::Get => "getResource<",
        });
        self.write_type(ty, out)?;
        out.push('>');
        self.write_args(scope, &[index], out, depth)
    }

    pub fn write_args(
        &self,
        scope: Scope<'_>,
        args: &[Handle<Expression>],
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        out.push('(');
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_expr(scope, a, ARG, out, depth)?;
        }
        out.push(')');
        Ok(())
    }

    /// Writes `.member`, `.x` or `[n]` for a constant index into `base`.
    fn write_member(
        &self,
        scope: Scope<'_>,
        base: Handle<Expression>,
        index: u32,
        out: &mut String,
        span: Span,
    ) -> Result<(), Error> {
        let base_ty = self.expr_type(scope, base)?;
        let base_ty = match self.ty(base_ty)?.inner {
            TypeInner::Pointer { base, .. } => base,
            _ => base_ty,
        };
        match self.ty(base_ty)?.inner {
            TypeInner::Struct { .. } => {
                let name = self
                    .names
                    .members
                    .get(base_ty.index())
                    .and_then(|m| m.get(index as usize))
                    .ok_or_else(|| error(format!("struct has no member {index}"), span))?;
                out.push('.');
                out.push_str(name);
            }
            TypeInner::Vector { .. } => match SWIZZLE.get(index as usize) {
                Some(&c) => {
                    out.push('.');
                    out.push(c);
                }
                None => return Err(error(format!("vector index {index} out of range"), span)),
            },
            _ => {
                out.push('[');
                out.push_str(&index.to_string());
                out.push(']');
            }
        }
        Ok(())
    }

    /// Writes a pointer-typed expression as a WGSL reference: `v`,
    /// `v.m[i]`, `(*p)[i]`.
    pub fn write_ref(
        &self,
        scope: Scope<'_>,
        h: Handle<Expression>,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        let span = self.arena(scope).span(h);
        if depth > MAX_DEPTH {
            return Err(error("expression is nested too deeply to be written", span));
        }
        let Scope::Function(_, state) = scope else {
            return Err(error("a reference in a module-scope expression", span));
        };
        match *self.expr(scope, h)? {
            Expression::LocalVariable(l) => match state.local_names.get(l.index()) {
                Some(name) => out.push_str(name),
                None => return Err(error(format!("invalid local variable {l:?}"), span)),
            },
            Expression::GlobalVariable(g) => match self.names.globals.get(g.index()) {
                Some(name) => out.push_str(name),
                None => return Err(error(format!("invalid global variable {g:?}"), span)),
            },
            Expression::FunctionArgument(i) => {
                out.push_str("(*");
                out.push_str(self.argument_name(scope, i, span)?);
                out.push(')');
            }
            Expression::Access { base, index } => {
                self.write_ref(scope, base, out, depth + 1)?;
                out.push('[');
                self.write_expr(scope, index, ARG, out, depth + 1)?;
                out.push(']');
            }
            Expression::AccessIndex { base, index } => {
                self.write_ref(scope, base, out, depth + 1)?;
                self.write_member(scope, base, index, out, span)?;
            }
            // A pointer value: its reference is `(*pointer)`.
            Expression::BufferView { .. } => {
                out.push_str("(*");
                self.write_expr(scope, h, PRIMARY, out, depth + 1)?;
                out.push(')');
            }
            _ => {
                return Err(error(
                    "this pointer expression cannot be written as a WGSL reference",
                    span,
                ))
            }
        }
        Ok(())
    }

    /// Writes a binary expression; the left spine of operators of the same
    /// family is walked iteratively.
    fn write_binary_chain(
        &self,
        scope: Scope<'_>,
        h: Handle<Expression>,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        let Expression::Binary { op, .. } = *self.expr(scope, h)? else {
            return Err(Error::without_location("not a binary expression"));
        };
        let family = binary_form(op);
        let (left_allowed, right_allowed) = operand_forms(family);
        // Collect (op, right) pairs down the left spine while the left
        // operand prints unparenthesised in the same family.
        let mut spine = Vec::new();
        let mut cur = h;
        while let Expression::Binary { op, left, right } = *self.expr(scope, cur)? {
            spine.push((op, right));
            cur = left;
            if self.bound_name(scope, cur).is_some() {
                break;
            }
            match self.arena(scope).try_get(cur) {
                Some(Expression::Binary { op, .. })
                    if binary_form(*op) == family && left_allowed.contains(family) => {}
                _ => break,
            }
        }
        self.write_expr(scope, cur, left_allowed, out, depth)?;
        for &(op, right) in spine.iter().rev() {
            out.push(' ');
            out.push_str(op.symbol());
            out.push(' ');
            self.write_expr(scope, right, right_allowed, out, depth)?;
        }
        Ok(())
    }
}

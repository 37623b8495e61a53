//! `enable tessera_experimental_cooperative_vector;`: construction,
//! element-wise operators and element-wise math builtins on
//! `coop_vec<T, N>` (docs/cooperative-vectors.md). They become the IR's
//! ordinary `Compose`, `ZeroValue`, `Binary`, `Unary` and `Math`
//! expressions with cooperative-vector operands; the `coop-vec` pass or the
//! SPIR-V printer lowers them per target. The products are builtins
//! (`builtins/coop_vector.rs`).

use super::super::ast::{BinaryOp, UnaryOp};
use super::{err, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::ir::{BinaryOperator, Expression, MathFunction, Scalar, Type, TypeInner, UnaryOperator};
use crate::span::Span;

/// The math builtins that apply element-wise to cooperative vectors (all
/// arguments vectors of one type), with their arity.
const MATH: &[(&str, MathFunction, usize)] = &[
    ("max", MathFunction::Max, 2),
    ("min", MathFunction::Min, 2),
    ("clamp", MathFunction::Clamp, 3),
    ("exp", MathFunction::Exp, 1),
    ("tanh", MathFunction::Tanh, 1),
];

impl Resolver<'_, '_> {
    /// The component type and count of a `coop_vec` type.
    pub(super) fn coop_vec_of(&self, ty: Handle<Type>) -> Option<(Scalar, u32)> {
        match *self.inner_of(ty) {
            TypeInner::CoopVector { scalar, size } => Some((scalar, size)),
            _ => None,
        }
    }

    /// `coop_vec<T, N>(...)`: zero, a splat of a `T`, an `array<T, N>`, or
    /// `N` values of `T`.
    pub(super) fn coop_vec_construct(
        &mut self,
        ty: Handle<Type>,
        mut vals: Vec<(Val, Span)>,
        span: Span,
        limit: Stage,
    ) -> Res<Val> {
        let name = self.type_name(ty);
        if limit < Stage::Runtime {
            return err(
                "cooperative vector values are runtime-expressions and cannot be used in a const- or override-expression",
                span,
            );
        }
        let Some((scalar, size)) = self.coop_vec_of(ty) else {
            return err(format!("type '{name}' is not a cooperative vector"), span);
        };
        if vals.is_empty() {
            return self.add_at(Stage::Runtime, Expression::ZeroValue(ty), ty, span);
        }
        if vals.len() == size as usize && size > 1 {
            let scalar_ty = self.module.intern(TypeInner::Scalar(scalar));
            let mut components = Vec::with_capacity(vals.len());
            for (v, vspan) in vals {
                let v = self.convert_to(v, scalar_ty, vspan)?;
                components.push(self.lift(v, Stage::Runtime, vspan)?);
            }
            return self.add_at(
                Stage::Runtime,
                Expression::Compose { ty, components },
                ty,
                span,
            );
        }
        if vals.len() != 1 {
            return err(
                format!(
                    "'{name}' takes no argument, a '{}', an 'array<{}, {size}>' or {size} values, found {} arguments",
                    scalar.wgsl_name(),
                    scalar.wgsl_name(),
                    vals.len()
                ),
                span,
            );
        }
        let (v, vspan) = vals.remove(0);
        let vty = self.val_ty(&v);
        let scalar_ty = self.module.intern(TypeInner::Scalar(scalar));
        let array_ty = self.module.intern(TypeInner::Array {
            base: scalar_ty,
            size: crate::ir::ArraySize::Constant(size),
            stride: scalar.size(),
        });
        let is_array_n = matches!(
            *self.module.inner(vty),
            TypeInner::Array { size: crate::ir::ArraySize::Constant(n), .. } if n == size
        );
        let components = if is_array_n {
            let v = self.convert_to(v, array_ty, vspan)?;
            let a = self.lift(v, Stage::Runtime, vspan)?;
            let mut parts = Vec::with_capacity(size as usize);
            for i in 0..size {
                let e = Expression::AccessIndex { base: a, index: i };
                match self.add_at(Stage::Runtime, e, scalar_ty, vspan)? {
                    Val::Runtime { expr, .. } => parts.push(expr),
                    other => parts.push(self.lift(other, Stage::Runtime, vspan)?),
                }
            }
            parts
        } else {
            let v = self.convert_to(v, scalar_ty, vspan).map_err(|_| {
                Box::new(crate::diagnostic::Diagnostic::error(
                    format!(
                        "'{name}' takes no argument, a '{}', an 'array<{}, {size}>' or {size} values, found '{}'",
                        scalar.wgsl_name(),
                        scalar.wgsl_name(),
                        self.type_name(vty)
                    ),
                    vspan,
                ))
            })?;
            let h = self.lift(v, Stage::Runtime, vspan)?;
            vec![h; size as usize]
        };
        self.add_at(
            Stage::Runtime,
            Expression::Compose { ty, components },
            ty,
            span,
        )
    }

    /// `a op b` where at least one operand is a cooperative vector: two
    /// vectors of one type (`+ - * /`), or a vector and a scalar of its
    /// component type (`v * s`, `s * v`).
    pub(super) fn coop_vec_binary(
        &mut self,
        op: BinaryOp,
        (left, lspan): (Val, Span),
        (right, rspan): (Val, Span),
        span: Span,
    ) -> Res<Val> {
        let lt = self.val_ty(&left);
        let rt = self.val_ty(&right);
        let sym = super::binary::op_symbol(op);
        let ir_op = match op {
            BinaryOp::Add => BinaryOperator::Add,
            BinaryOp::Sub => BinaryOperator::Subtract,
            BinaryOp::Mul => BinaryOperator::Multiply,
            BinaryOp::Div => BinaryOperator::Divide,
            _ => {
                return err(
                    format!("operator {sym} cannot be applied to cooperative vectors"),
                    span,
                )
            }
        };
        let (ty, left, right) = match (self.coop_vec_of(lt), self.coop_vec_of(rt)) {
            (Some(_), Some(_)) if lt == rt => (lt, left, right),
            (Some(_), Some(_)) => {
                return err(
                    format!(
                        "operator {sym} needs two cooperative vectors of one type, found '{}' and '{}'",
                        self.type_name(lt),
                        self.type_name(rt)
                    ),
                    span,
                )
            }
            (Some((s, _)), None) | (None, Some((s, _)))
                if ir_op == BinaryOperator::Multiply && !s.is_float() =>
            {
                return err(
                    format!(
                        "an integer cooperative vector can be multiplied by another only; splat the scalar: '{}'(s)",
                        self.type_name(if self.coop_vec_of(lt).is_some() { lt } else { rt })
                    ),
                    span,
                )
            }
            (Some((s, _)), None) | (None, Some((s, _))) if ir_op == BinaryOperator::Multiply => {
                let scalar_ty = self.module.intern(TypeInner::Scalar(s));
                let (vty, other_t) = if self.coop_vec_of(lt).is_some() {
                    (lt, rt)
                } else {
                    (rt, lt)
                };
                let message = format!(
                    "a cooperative vector '{}' can be multiplied by a '{}' only, found '{}'",
                    self.type_name(vty),
                    s.wgsl_name(),
                    self.type_name(other_t)
                );
                let bad =
                    || Box::new(crate::diagnostic::Diagnostic::error(message.clone(), span));
                if self.coop_vec_of(lt).is_some() {
                    let right = self.convert_to(right, scalar_ty, rspan).map_err(|_| bad())?;
                    (vty, left, right)
                } else {
                    let left = self.convert_to(left, scalar_ty, lspan).map_err(|_| bad())?;
                    (vty, left, right)
                }
            }
            _ => {
                return err(
                    format!(
                        "no matching overload for operator {sym} ({}, {}): a cooperative vector takes another of its type, or a scalar with '*'",
                        self.type_name(lt),
                        self.type_name(rt)
                    ),
                    span,
                )
            }
        };
        if ir_op == BinaryOperator::Divide
            && self.coop_vec_of(ty).is_some_and(|(s, _)| !s.is_float())
        {
            return err(
                format!(
                    "operator / cannot be applied to integer cooperative vectors ('{}'): read the components and divide them",
                    self.type_name(ty)
                ),
                span,
            );
        }
        let l = self.lift(left, Stage::Runtime, lspan)?;
        let r = self.lift(right, Stage::Runtime, rspan)?;
        let e = Expression::Binary {
            op: ir_op,
            left: l,
            right: r,
        };
        self.add_at(Stage::Runtime, e, ty, span)
    }

    /// `-v`.
    pub(super) fn coop_vec_unary(&mut self, op: UnaryOp, v: Val, span: Span) -> Res<Val> {
        let ty = self.val_ty(&v);
        if op != UnaryOp::Negate {
            let sym = if op == UnaryOp::Not { "!" } else { "~" };
            return err(
                format!("operator {sym} cannot be applied to cooperative vectors"),
                span,
            );
        }
        if self.coop_vec_of(ty).is_some_and(|(s, _)| s == Scalar::U32) {
            return err(
                format!(
                    "operator - cannot be applied to '{}' (unsigned components)",
                    self.type_name(ty)
                ),
                span,
            );
        }
        let h = self.lift(v, Stage::Runtime, span)?;
        let e = Expression::Unary {
            op: UnaryOperator::Negate,
            expr: h,
        };
        self.add_at(Stage::Runtime, e, ty, span)
    }

    /// A math builtin with a cooperative-vector argument: `max`, `min`,
    /// `clamp`, `exp`, `tanh`, every argument of one `coop_vec` type.
    pub(super) fn coop_vec_math(
        &mut self,
        name: &str,
        vals: Vec<(Val, Span)>,
        span: Span,
    ) -> Res<Val> {
        let Some(&(_, fun, arity)) = MATH.iter().find(|(n, _, _)| *n == name) else {
            return err(
                format!(
                    "'{name}' cannot be applied to cooperative vectors (element-wise: {})",
                    MATH.iter().map(|m| m.0).collect::<Vec<_>>().join(", ")
                ),
                span,
            );
        };
        if vals.len() != arity {
            return err(
                format!(
                    "'{name}' takes {arity} argument{}, found {}",
                    if arity == 1 { "" } else { "s" },
                    vals.len()
                ),
                span,
            );
        }
        let mut ty = None;
        let mut args = crate::ir::MathArgs::with_capacity(vals.len());
        for (v, vspan) in vals {
            let t = self.val_ty(&v);
            match ty {
                None if self.coop_vec_of(t).is_some() => ty = Some(t),
                Some(first) if first == t => {}
                _ => {
                    return err(
                        format!(
                            "the arguments of '{name}' must be cooperative vectors of one type, found '{}'",
                            self.type_name(t)
                        ),
                        vspan,
                    )
                }
            }
            args.push(self.lift(v, Stage::Runtime, vspan)?);
        }
        let ty = match ty {
            Some(t) => t,
            None => return err(format!("'{name}' has no cooperative vector argument"), span),
        };
        if matches!(fun, MathFunction::Exp | MathFunction::Tanh)
            && self.coop_vec_of(ty).is_some_and(|(s, _)| !s.is_float())
        {
            return err(
                format!(
                    "'{name}' needs float cooperative vectors, found '{}'",
                    self.type_name(ty)
                ),
                span,
            );
        }
        self.add_at(Stage::Runtime, Expression::Math { fun, args }, ty, span)
    }
}

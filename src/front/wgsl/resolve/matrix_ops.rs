//! `enable tessera_experimental_subgroup_matrix;`: element-wise arithmetic,
//! element-wise math builtins and conversions of subgroup matrices
//! (docs/subgroup-matrix-extensions.md). They are the IR's ordinary
//! `Binary`, `Unary`, `Math` and `Convert` expressions with subgroup-matrix
//! operands; passes and backends lower them per target.

use super::super::ast::{BinaryOp, ExprId, UnaryOp};
use super::{err, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::ir::{
    BinaryOperator, Expression, MathFunction, MatrixScalarOp, Scalar, Type, TypeInner,
    UnaryOperator,
};
use crate::span::Span;

/// The math builtins that apply element-wise to matrices of float
/// components; the first five (and `sign`) also to integer components.
const MATH: &[(&str, MathFunction)] = &[
    ("abs", MathFunction::Abs),
    ("min", MathFunction::Min),
    ("max", MathFunction::Max),
    ("clamp", MathFunction::Clamp),
    ("sign", MathFunction::Sign),
    ("exp", MathFunction::Exp),
    ("exp2", MathFunction::Exp2),
    ("log", MathFunction::Log),
    ("log2", MathFunction::Log2),
    ("sqrt", MathFunction::Sqrt),
    ("inverseSqrt", MathFunction::InverseSqrt),
    ("tanh", MathFunction::Tanh),
    ("sin", MathFunction::Sin),
    ("cos", MathFunction::Cos),
    ("floor", MathFunction::Floor),
    ("ceil", MathFunction::Ceil),
    ("round", MathFunction::Round),
    ("trunc", MathFunction::Trunc),
    ("fract", MathFunction::Fract),
    ("saturate", MathFunction::Saturate),
    ("step", MathFunction::Step),
    ("pow", MathFunction::Pow),
    ("fma", MathFunction::Fma),
    ("mix", MathFunction::Mix),
];

/// Whether the experimental element-wise math accepts `fun` on `comp`.
pub(crate) fn elementwise_math(name: &str, comp: Scalar) -> Option<MathFunction> {
    let (i, &(_, fun)) = MATH.iter().enumerate().find(|(_, (n, _))| *n == name)?;
    match comp {
        Scalar::F32 | Scalar::F16 => Some(fun),
        Scalar::I32 | Scalar::U32 if i < 5 && !(comp == Scalar::U32 && i == 0) => Some(fun),
        _ => None,
    }
}

impl Resolver<'_, '_> {
    fn matrix_component(&self, ty: Handle<Type>) -> Option<Scalar> {
        match self.inner_of(ty) {
            TypeInner::SubgroupMatrix { scalar, .. } => Some(*scalar),
            _ => None,
        }
    }

    /// `a op b` where at least one operand is a subgroup matrix: two
    /// matrices of one type element-wise (`+ - * /`), or a matrix and a
    /// scalar (`m + s`, `s + m`, `m - s`, `m * s`, `s * m`) as the scalar
    /// builtins.
    pub(super) fn matrix_elementwise(
        &mut self,
        op: BinaryOp,
        (left, lspan): (Val, Span),
        (right, rspan): (Val, Span),
        span: Span,
    ) -> Res<Val> {
        let lt = self.val_ty(&left);
        let rt = self.val_ty(&right);
        let sym = super::binary::op_symbol(op);
        let (lm, rm) = (self.matrix_component(lt), self.matrix_component(rt));
        let ir_op = match op {
            BinaryOp::Add => BinaryOperator::Add,
            BinaryOp::Sub => BinaryOperator::Subtract,
            BinaryOp::Mul => BinaryOperator::Multiply,
            BinaryOp::Div => BinaryOperator::Divide,
            _ => {
                return err(
                    format!("operator {sym} cannot be applied to subgroup matrices"),
                    span,
                )
            }
        };
        match (lm, rm) {
            (Some(comp), Some(_)) => {
                if lt != rt {
                    return err(
                        format!(
                            "element-wise operator {sym} needs two subgroup matrices of one type, found '{}' and '{}'",
                            self.type_name(lt),
                            self.type_name(rt)
                        ),
                        span,
                    );
                }
                if comp == Scalar::BF16 {
                    return err(
                        format!(
                            "element-wise operator {sym} is not available for matrices of 'bf16' (SPIR-V has no bf16 arithmetic); convert to f32 with subgroupMatrixConvert first"
                        ),
                        span,
                    );
                }
                if matches!(comp, Scalar::I8 | Scalar::U8) {
                    return err(
                        format!(
                            "element-wise operator {sym} is not available for matrices of '{}'; use the subgroupMatrixScalar* builtins, which clamp",
                            comp.wgsl_name()
                        ),
                        span,
                    );
                }
                if ir_op == BinaryOperator::Divide && !comp.is_float() {
                    return err(
                        format!(
                            "element-wise division needs a float component type, found '{}'",
                            comp.wgsl_name()
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
                self.add_at(Stage::Runtime, e, lt, span)
            }
            (Some(comp), None) | (None, Some(comp)) => {
                let matrix_left = lm.is_some();
                let sop = match (ir_op, matrix_left) {
                    (BinaryOperator::Add, _) => MatrixScalarOp::Add,
                    (BinaryOperator::Multiply, _) => MatrixScalarOp::Multiply,
                    (BinaryOperator::Subtract, true) => MatrixScalarOp::Subtract,
                    _ => {
                        return err(
                            format!(
                                "operator {sym} between a subgroup matrix and a scalar is not available; write it with matrices of one type"
                            ),
                            span,
                        )
                    }
                };
                let (m, mt, s, sspan) = if matrix_left {
                    (left, lt, right, rspan)
                } else {
                    (right, rt, left, lspan)
                };
                let want = self.module.intern(TypeInner::Scalar(comp.shader_scalar()));
                let found = self.val_ty(&s);
                let s = self.convert_to(s, want, sspan).map_err(|_| {
                    Box::new(crate::diagnostic::Diagnostic::error(
                        format!(
                            "the scalar operand of {sym} must be '{}' for a matrix of '{}', found '{}'",
                            comp.shader_scalar().wgsl_name(),
                            comp.wgsl_name(),
                            self.type_name(found)
                        ),
                        sspan,
                    ))
                })?;
                let matrix = self.lift(m, Stage::Runtime, span)?;
                let scalar = self.lift(s, Stage::Runtime, sspan)?;
                let e = Expression::SubgroupMatrixScalar {
                    op: sop,
                    matrix,
                    scalar,
                };
                self.add_at(Stage::Runtime, e, mt, span)
            }
            (None, None) => err("expected a subgroup matrix operand", span),
        }
    }

    /// `-m` (experimental enable; float or signed components).
    pub(super) fn matrix_unary(&mut self, op: UnaryOp, v: Val, span: Span) -> Res<Val> {
        let ty = self.val_ty(&v);
        let comp = self.matrix_component(ty).unwrap_or(Scalar::Bool);
        let enabled = self
            .module
            .extensions
            .contains(crate::ir::Extensions::TESSERA_SUBGROUP_MATRIX);
        if !enabled || op != UnaryOp::Negate {
            let sym = match op {
                UnaryOp::Negate => "-",
                UnaryOp::Not => "!",
                _ => "~",
            };
            let hint = if op == UnaryOp::Negate {
                "; element-wise negation needs 'enable tessera_experimental_subgroup_matrix;'"
            } else {
                ""
            };
            return err(
                format!("operator {sym} cannot be applied to subgroup matrices{hint}"),
                span,
            );
        }
        if !(comp.is_float() || comp == Scalar::I32) {
            return err(
                format!(
                    "element-wise negation needs a float or 'i32' component type, found '{}'",
                    comp.wgsl_name()
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

    /// A math builtin with subgroup-matrix arguments: every matrix argument
    /// has one type `M`, the others are converted to `M`'s shader scalar
    /// type; the result is `M`.
    pub(super) fn matrix_math(
        &mut self,
        name: &str,
        vals: Vec<(Val, Span)>,
        arg_ids: &[ExprId],
        span: Span,
    ) -> Res<Val> {
        let _ = arg_ids;
        let mut mty = None;
        for (v, vspan) in &vals {
            let t = self.val_ty(v);
            if self.matrix_component(t).is_some() {
                match mty {
                    None => mty = Some(t),
                    Some(m) if m != t => {
                        return err(
                            format!(
                                "the matrix arguments of '{name}' must have one type, found '{}' and '{}'",
                                self.type_name(m),
                                self.type_name(t)
                            ),
                            *vspan,
                        )
                    }
                    _ => {}
                }
            }
        }
        let Some(mty) = mty else {
            return err(format!("'{name}' has no subgroup matrix argument"), span);
        };
        let comp = self.matrix_component(mty).unwrap_or(Scalar::Bool);
        let Some(fun) = elementwise_math(name, comp) else {
            return err(
                format!(
                    "'{name}' cannot be applied element-wise to '{}'",
                    self.type_name(mty)
                ),
                span,
            );
        };
        let arity = match fun {
            MathFunction::Clamp | MathFunction::Fma | MathFunction::Mix => 3,
            MathFunction::Min | MathFunction::Max | MathFunction::Step | MathFunction::Pow => 2,
            _ => 1,
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
        let scalar_ty = self.module.intern(TypeInner::Scalar(comp.shader_scalar()));
        let mut args = crate::ir::MathArgs::with_capacity(vals.len());
        for (v, vspan) in vals {
            let t = self.val_ty(&v);
            let v = if t == mty {
                v
            } else {
                self.convert_to(v, scalar_ty, vspan).map_err(|_| {
                    Box::new(crate::diagnostic::Diagnostic::error(
                        format!(
                            "the arguments of '{name}' must be '{}' or '{}', found '{}'",
                            self.type_name(mty),
                            comp.shader_scalar().wgsl_name(),
                            self.type_name(t)
                        ),
                        vspan,
                    ))
                })?
            };
            args.push(self.lift(v, Stage::Runtime, vspan)?);
        }
        self.add_at(Stage::Runtime, Expression::Math { fun, args }, mty, span)
    }
}

//! Binary operators: typing for every operator and operand-shape
//! combination (with abstract operands converted by the conversion rank),
//! constant folding, and the short-circuit lowering of `&&` / `||`.

use super::super::ast::{BinaryOp, ExprId};
use super::abstract_conv::unify;
use super::{err, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::const_eval;
use crate::ir::{
    BinaryOperator, Expression, LocalVariable, Scalar, Statement, Type, TypeInner, VectorSize,
};
use crate::span::Span;

/// The shape of an operand type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Scalar(Scalar),
    Vector(VectorSize, Scalar),
    Matrix(VectorSize, VectorSize, Scalar),
    Other,
}

impl Resolver<'_, '_> {
    /// An operator with a subgroup-matrix operand. wgpu's dialect (naga 30)
    /// multiplies a cooperative matrix by a scalar with `*` (either order):
    /// that is `subgroupMatrixScalarMultiply`. Everything else is an error.
    fn matrix_binary(
        &mut self,
        op: BinaryOp,
        (left, lspan): (Val, Span),
        (right, rspan): (Val, Span),
        span: Span,
    ) -> Res<Val> {
        let wgpu = self.module.extensions.wgpu_dialect_only();
        if self
            .module
            .extensions
            .contains(crate::ir::Extensions::TESSERA_SUBGROUP_MATRIX)
        {
            return self.matrix_elementwise(op, (left, lspan), (right, rspan), span);
        }
        let lt = self.val_ty(&left);
        let rt = self.val_ty(&right);
        let matrix_scalar = |r: &Self, t: Handle<Type>| match r.module.inner(t) {
            TypeInner::SubgroupMatrix { scalar, .. } => Some(*scalar),
            _ => None,
        };
        if wgpu && op == BinaryOp::Mul {
            let (m, mt, s, sspan) =
                match (matrix_scalar(self, lt), matrix_scalar(self, rt)) {
                    (Some(_), None) => (left, lt, right, rspan),
                    (None, Some(_)) => (right, rt, left, lspan),
                    _ => return err(
                        "operator * cannot multiply two cooperative matrices; use coopMultiplyAdd",
                        span,
                    ),
                };
            let component = matrix_scalar(self, mt).unwrap_or(Scalar::F32);
            let want = self.module.intern(TypeInner::Scalar(component));
            let found = self.val_ty(&s);
            let s = self.convert_to(s, want, sspan).map_err(|_| {
                Box::new(crate::diagnostic::Diagnostic::error(
                    format!(
                        "a cooperative matrix of '{}' can only be multiplied by a '{}' scalar, found '{}'",
                        component.wgsl_name(),
                        component.wgsl_name(),
                        self.type_name(found)
                    ),
                    sspan,
                ))
            })?;
            let matrix = self.lift(m, Stage::Runtime, span)?;
            let scalar = self.lift(s, Stage::Runtime, sspan)?;
            let e = Expression::SubgroupMatrixScalar {
                op: crate::ir::MatrixScalarOp::Multiply,
                matrix,
                scalar,
            };
            return self.add_at(Stage::Runtime, e, mt, span);
        }
        let hint = if wgpu {
            "element-wise arithmetic between cooperative matrices is not supported yet; scale with 'matrix * scalar' and accumulate with coopMultiplyAdd"
        } else {
            "use the subgroupMatrix* builtins"
        };
        err(
            format!(
                "operator {} cannot be applied to subgroup matrices; {hint}",
                op_symbol(op)
            ),
            span,
        )
    }
}

/// The WGSL spelling of an operator.
pub(crate) fn op_symbol(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Mod => "%",
        BinaryOp::Eq => "==",
        BinaryOp::Ne => "!=",
        BinaryOp::Lt => "<",
        BinaryOp::Le => "<=",
        BinaryOp::Gt => ">",
        BinaryOp::Ge => ">=",
        BinaryOp::And => "&",
        BinaryOp::Or => "|",
        BinaryOp::Xor => "^",
        BinaryOp::LogicalAnd => "&&",
        BinaryOp::LogicalOr => "||",
        BinaryOp::Shl => "<<",
        BinaryOp::Shr => ">>",
    }
}

/// The IR operator of a (non-short-circuit) AST operator.
pub(crate) fn ir_op(op: BinaryOp) -> BinaryOperator {
    match op {
        BinaryOp::Add => BinaryOperator::Add,
        BinaryOp::Sub => BinaryOperator::Subtract,
        BinaryOp::Mul => BinaryOperator::Multiply,
        BinaryOp::Div => BinaryOperator::Divide,
        BinaryOp::Mod => BinaryOperator::Modulo,
        BinaryOp::Eq => BinaryOperator::Equal,
        BinaryOp::Ne => BinaryOperator::NotEqual,
        BinaryOp::Lt => BinaryOperator::Less,
        BinaryOp::Le => BinaryOperator::LessEqual,
        BinaryOp::Gt => BinaryOperator::Greater,
        BinaryOp::Ge => BinaryOperator::GreaterEqual,
        BinaryOp::And | BinaryOp::LogicalAnd => BinaryOperator::And,
        BinaryOp::Or | BinaryOp::LogicalOr => BinaryOperator::InclusiveOr,
        BinaryOp::Xor => BinaryOperator::ExclusiveOr,
        BinaryOp::Shl => BinaryOperator::ShiftLeft,
        BinaryOp::Shr => BinaryOperator::ShiftRight,
    }
}

impl Resolver<'_, '_> {
    fn shape(&self, ty: Handle<Type>) -> Shape {
        match *self.module.inner(ty) {
            TypeInner::Scalar(s) => Shape::Scalar(s),
            TypeInner::Vector { size, scalar } => Shape::Vector(size, scalar),
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => Shape::Matrix(columns, rows, scalar),
            _ => Shape::Other,
        }
    }

    fn shape_ty(&mut self, shape: Shape, s: Scalar) -> Handle<Type> {
        let inner = match shape {
            Shape::Scalar(_) | Shape::Other => TypeInner::Scalar(s),
            Shape::Vector(size, _) => TypeInner::Vector { size, scalar: s },
            Shape::Matrix(columns, rows, _) => TypeInner::Matrix {
                columns,
                rows,
                scalar: s,
            },
        };
        self.module.intern(inner)
    }

    /// Types a binary operator: (left operand type, right operand type,
    /// result type) after conversion, or `None` if no overload matches.
    fn binary_types(
        &mut self,
        op: BinaryOp,
        lt: Handle<Type>,
        rt: Handle<Type>,
    ) -> Option<(Handle<Type>, Handle<Type>, Handle<Type>)> {
        use Shape as S;
        let (ls, rs) = (self.shape(lt), self.shape(rt));
        let scal = |s: Shape| match s {
            S::Scalar(x) | S::Vector(_, x) | S::Matrix(_, _, x) => Some(x),
            S::Other => None,
        };
        let (a, b) = (scal(ls)?, scal(rs)?);
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            if !a.is_integer()
                || !b.is_integer()
                || b.is_signed_integer() && b != Scalar::AbstractInt
            {
                return None;
            }
            let same = match (ls, rs) {
                (S::Scalar(_), S::Scalar(_)) => true,
                (S::Vector(n, _), S::Vector(m, _)) => n == m,
                _ => false,
            };
            if !same {
                return None;
            }
            let rconv = if a.is_abstract() && b.is_abstract() || b == Scalar::U32 {
                rt
            } else {
                self.shape_ty(rs, Scalar::U32)
            };
            return Some((lt, rconv, lt));
        }
        let s = unify(a, b)?;
        // An operand already of the unified scalar keeps its (unnamed,
        // interned) type: no need to intern it again.
        let l2 = if a == s { lt } else { self.shape_ty(ls, s) };
        let r2 = if b == s { rt } else { self.shape_ty(rs, s) };
        let numeric = s != Scalar::Bool;
        match op {
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod => {
                if !numeric {
                    return None;
                }
                match (ls, rs) {
                    (S::Scalar(_), S::Scalar(_)) => Some((l2, r2, l2)),
                    (S::Vector(n, _), S::Vector(m, _)) if n == m => Some((l2, r2, l2)),
                    (S::Vector(..), S::Scalar(_)) => Some((l2, r2, l2)),
                    (S::Scalar(_), S::Vector(..)) => Some((l2, r2, r2)),
                    (S::Matrix(c1, r1, _), S::Matrix(c2, r2_, _))
                        if matches!(op, BinaryOp::Add | BinaryOp::Sub)
                            && c1 == c2
                            && r1 == r2_
                            && s.is_float() =>
                    {
                        Some((l2, r2, l2))
                    }
                    _ if op != BinaryOp::Mul || !s.is_float() => None,
                    (S::Matrix(..), S::Scalar(_)) => Some((l2, r2, l2)),
                    (S::Scalar(_), S::Matrix(..)) => Some((l2, r2, r2)),
                    (S::Matrix(c, r, _), S::Vector(n, _)) if c == n => {
                        let res = self.shape_ty(S::Vector(r, s), s);
                        Some((l2, r2, res))
                    }
                    (S::Vector(n, _), S::Matrix(c, r, _)) if r == n => {
                        let res = self.shape_ty(S::Vector(c, s), s);
                        Some((l2, r2, res))
                    }
                    (S::Matrix(k, r, _), S::Matrix(c, k2, _)) if k == k2 => {
                        let res = self.shape_ty(S::Matrix(c, r, s), s);
                        Some((l2, r2, res))
                    }
                    _ => None,
                }
            }
            BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Le
            | BinaryOp::Gt
            | BinaryOp::Ge => {
                if !numeric && !matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
                    return None;
                }
                let res = match (ls, rs) {
                    (S::Scalar(_), S::Scalar(_)) => {
                        self.module.intern(TypeInner::Scalar(Scalar::Bool))
                    }
                    (S::Vector(n, _), S::Vector(m, _)) if n == m => {
                        self.module.intern(TypeInner::Vector {
                            size: n,
                            scalar: Scalar::Bool,
                        })
                    }
                    _ => return None,
                };
                Some((l2, r2, res))
            }
            BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => {
                let ok = s.is_integer() || (s == Scalar::Bool && op != BinaryOp::Xor);
                if !ok {
                    return None;
                }
                match (ls, rs) {
                    (S::Scalar(_), S::Scalar(_)) => Some((l2, r2, l2)),
                    (S::Vector(n, _), S::Vector(m, _)) if n == m => Some((l2, r2, l2)),
                    _ => None,
                }
            }
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => match (ls, rs) {
                (S::Scalar(Scalar::Bool), S::Scalar(Scalar::Bool)) => Some((l2, r2, l2)),
                _ => None,
            },
            BinaryOp::Shl | BinaryOp::Shr => None,
        }
    }

    /// Resolves `left op right` where `left` is already resolved.
    pub(crate) fn binary(
        &mut self,
        op: BinaryOp,
        left: Val,
        lspan: Span,
        right: ExprId,
        span: Span,
        limit: Stage,
    ) -> Res<Val> {
        let left = self.load(left, lspan)?;
        if let Val::Const(const_eval::Value::Scalar(crate::ir::Literal::Bool(b))) = left {
            // `false && e` / `true || e`: `e` is type-checked but not
            // evaluated (WGSL spec, "const-expressions": short-circuiting
            // operators guard the evaluation of their right-hand side).
            if (op == BinaryOp::LogicalAnd && !b) || (op == BinaryOp::LogicalOr && b) {
                let (rv, stage) = self.unevaluated_operand(right, limit)?;
                let rt = self.val_ty(&rv);
                let lt = self.val_ty(&left);
                if self.binary_types(op, lt, rt).is_none() {
                    return err(
                        format!(
                            "no matching overload for operator {} ({}, {})",
                            op_symbol(op),
                            self.type_name(lt),
                            self.type_name(rt)
                        ),
                        span,
                    );
                }
                // The value is `b` whatever the right side is, but the
                // expression is a const-expression only when the right side
                // is one: `false && z` with a runtime `z` is a runtime
                // expression, and `9u / u32(false && z)` a runtime division
                // (9u), not a shader-creation error.
                return match stage {
                    Stage::Const => Ok(left),
                    _ => {
                        let ty = self.val_ty(&left);
                        self.add_at(
                            stage,
                            Expression::Literal(crate::ir::Literal::Bool(b)),
                            ty,
                            span,
                        )
                    }
                };
            }
        }
        if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr)
            && limit == Stage::Runtime
            && self.f.is_some()
        {
            return self.short_circuit(op, left, right, span, limit);
        }
        let rspan = self.span(right);
        let right = self.value(right, limit)?;
        self.binary_values(op, left, lspan, right, rspan, span)
    }

    /// Applies a binary operator to two resolved values.
    pub(crate) fn binary_values(
        &mut self,
        op: BinaryOp,
        left: Val,
        lspan: Span,
        right: Val,
        rspan: Span,
        span: Span,
    ) -> Res<Val> {
        let lt = self.val_ty(&left);
        let rt = self.val_ty(&right);
        let is_matrix = |r: &Self, t| matches!(r.module.inner(t), TypeInner::SubgroupMatrix { .. });
        if is_matrix(self, lt) || is_matrix(self, rt) {
            return self.matrix_binary(op, (left, lspan), (right, rspan), span);
        }
        if self.coop_vec_of(lt).is_some() || self.coop_vec_of(rt).is_some() {
            return self.coop_vec_binary(op, (left, lspan), (right, rspan), span);
        }
        let Some((lc, rc, res)) = self.binary_types(op, lt, rt) else {
            return err(
                format!(
                    "no matching overload for operator {} ({}, {})",
                    op_symbol(op),
                    self.type_name(lt),
                    self.type_name(rt)
                ),
                span,
            );
        };
        let left = self.convert_to(left, lc, lspan)?;
        let right = self.convert_to(right, rc, rspan)?;
        let irop = ir_op(op);
        if let (Val::Const(a), Val::Const(b)) = (&left, &right) {
            let r = const_eval::eval_binary(&mut self.module, irop, a, b).map_err(|e| e.message);
            return self.const_result(r, res, span).map(Val::Const);
        }
        let stage = Self::stage_of(&left).max(Self::stage_of(&right));
        let res = super::abstract_conv::concretize_ty(&mut self.module, res);
        let l = self.lift(left, stage, lspan)?;
        let r = self.lift(right, stage, rspan)?;
        self.add_at(
            stage,
            Expression::Binary {
                op: irop,
                left: l,
                right: r,
            },
            res,
            span,
        )
    }

    /// Resolves an operand that is type-checked but never evaluated: its
    /// const-evaluation errors are not reported, and whatever it adds to
    /// the function (expressions, statements, temporaries) is discarded.
    fn unevaluated_operand(&mut self, id: ExprId, limit: Stage) -> Res<(Val, Stage)> {
        let mark = self.f.as_mut().map(|f| {
            f.open();
            (
                f.func.expressions.len(),
                f.func.local_variables.len(),
                f.func.named_expressions.len(),
                f.temps,
            )
        });
        self.unevaluated += 1;
        let r = self.value(id, limit);
        self.unevaluated -= 1;
        if let (Some(f), Some((exprs, locals, named, temps))) = (self.f.as_mut(), mark) {
            f.close();
            f.func.expressions.truncate(exprs);
            f.func.expression_types.truncate(exprs);
            f.func.local_variables.truncate(locals);
            f.func.named_expressions.truncate(named);
            f.temps = temps;
            f.emit_start = exprs;
        }
        let v = r?;
        let stage = Self::stage_of(&v);
        // A runtime value refers to discarded expressions: only its type
        // (and stage) remain meaningful.
        Ok(match v {
            Val::Const(c) => (Val::Const(c), stage),
            other => {
                let ty = self.val_ty(&other);
                match crate::const_eval::Value::zero(&self.module, ty) {
                    Some(z) => (Val::Const(z), stage),
                    None => return err("this operand cannot be left unevaluated", self.span(id)),
                }
            }
        })
    }

    /// `a && b` / `a || b` with a runtime left side: the right side is
    /// evaluated only when needed, via a temporary `bool` variable and an
    /// `If`. A const right side needs no control flow.
    fn short_circuit(
        &mut self,
        op: BinaryOp,
        left: Val,
        right: ExprId,
        span: Span,
        limit: Stage,
    ) -> Res<Val> {
        let lspan = span;
        let rspan = self.span(right);
        let bool_ty = self.module.intern(TypeInner::Scalar(Scalar::Bool));
        let lt = self.val_ty(&left);
        if lt != bool_ty {
            return err(
                format!(
                    "no matching overload for operator {} ({}, ...)",
                    op_symbol(op),
                    self.type_name(lt)
                ),
                span,
            );
        }
        let f = self.fs(span)?;
        let before = f.func.expressions.len();
        f.open();
        let rv = self.value(right, limit);
        let rv = match rv {
            Ok(v) => v,
            Err(e) => {
                self.fs(span)?.close();
                return Err(e);
            }
        };
        let added = self.fs(span)?.func.expressions.len() != before;
        if matches!(rv, Val::Const(_)) && !added {
            // Nothing was added: the (empty) block is dropped.
            self.fs(span)?.close();
            return self.binary_values(op, left, lspan, rv, rspan, span);
        }
        let rt = self.val_ty(&rv);
        if rt != bool_ty {
            self.fs(span)?.close();
            return err(
                format!(
                    "no matching overload for operator {} (bool, {})",
                    op_symbol(op),
                    self.type_name(rt)
                ),
                span,
            );
        }
        let r = self.lift(rv, Stage::Runtime, rspan)?;
        let mut block = self.fs(span)?.close();
        let l = self.lift(left, Stage::Runtime, lspan)?;
        let f = self.fs(span)?;
        f.temps += 1;
        let var = f.func.local_variables.append(
            LocalVariable {
                name: format!("_sc{}", f.temps),
                ty: bool_ty,
            },
            span,
        );
        let pty = self.module.intern(TypeInner::Pointer {
            base: bool_ty,
            space: crate::ir::AddressSpace::Function,
            access: crate::ir::Access::ReadWrite,
        });
        let f = self.fs(span)?;
        let ptr = f.add(Expression::LocalVariable(var), pty, span);
        f.push(
            Statement::Store {
                pointer: ptr,
                value: l,
            },
            span,
        );
        block.push(
            Statement::Store {
                pointer: ptr,
                value: r,
            },
            span,
        );
        let (accept, reject) = if op == BinaryOp::LogicalAnd {
            (block, crate::ir::Block::new())
        } else {
            (crate::ir::Block::new(), block)
        };
        f.push(
            Statement::If {
                condition: l,
                accept,
                reject,
            },
            span,
        );
        let expr = f.add(Expression::Load { pointer: ptr }, bool_ty, span);
        Ok(Val::Runtime { expr, ty: bool_ty })
    }
}

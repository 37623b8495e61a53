//! Row space for the `matrix-reduce` pass's scratch lowering: a result
//! matrix's row `i` held by invocation `i` as an `array<S, C>`, or as one
//! value `S` when every element of the row is equal (a row reduction).
//!
//! Without `SPV_NV_cooperative_matrix2` a row reduction needs the rows in
//! the invocations (`subgroupMatrixRow`, a trip through scratch) and its
//! result back as a matrix (`subgroupMatrixFromRows`, a second trip). A
//! softmax written with reductions, `e = exp(s - rowMax(s)); e /
//! rowSum(e)`, makes four such trips. Here, once a matrix has its rows in
//! the invocations, every element-wise operation on it (with other row-space
//! matrices and shader scalars) and every row reduction of the result is
//! computed on the rows, and a matrix is built back (`FromRows`) only where
//! something other than those needs it: the softmax makes two trips, one
//! out and one back, like a hand-written round trip through workgroup
//! memory.
//!
//! [`Rows::value`] gives an expression's row form when it has one;
//! [`Rows::elementwise`] computes one for an element-wise operation whose
//! matrix operands all have one. Forms made inside a block are forgotten
//! when the walk leaves it (they do not dominate what follows). The pass
//! builds each rewritten matrix back at its place; [`unused`] lists those
//! nothing reads any more, which the pass replaces by zero matrices (no
//! scratch trip).

use super::rewrite::Cx;
use crate::arena::Handle;
use crate::ir::{
    visit, ArraySize, Expression, Function, MatrixDim, Scalar, SubgroupMatrixKind, Type, TypeInner,
    UnaryOperator,
};
use crate::span::Span;

type H = Handle<Expression>;

/// A row of a matrix in the invocation that holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Row {
    /// `array<S, C>`: the row's elements.
    Array(H),
    /// Every element of the row is this value.
    Same(H),
}

/// The row forms known at the current point of the walk.
#[derive(Default)]
pub(super) struct Rows {
    /// Expression -> its row form.
    forms: rustc_hash::FxHashMap<H, Row>,
    /// The expressions given a form in each open block.
    scopes: Vec<Vec<H>>,
}

/// The component type and column count of a result matrix with constant
/// dimensions.
pub(super) fn result_shape(cx: &Cx, ty: Handle<Type>) -> Option<(Scalar, u32)> {
    match *cx.module.inner(ty) {
        TypeInner::SubgroupMatrix {
            kind: SubgroupMatrixKind::Result,
            scalar: scalar @ (Scalar::F32 | Scalar::F16 | Scalar::I32 | Scalar::U32),
            columns: MatrixDim::Constant(c),
            rows: MatrixDim::Constant(_),
        } => Some((scalar, c)),
        _ => None,
    }
}

impl Rows {
    /// Forgets everything (a new function).
    pub(super) fn clear(&mut self) {
        self.forms.clear();
        self.scopes.clear();
    }

    /// The walk enters a block.
    pub(super) fn enter(&mut self) {
        self.scopes.push(Vec::new());
    }

    /// The walk leaves a block: its forms go.
    pub(super) fn exit(&mut self) {
        for h in self.scopes.pop().unwrap_or_default() {
            self.forms.remove(&h);
        }
    }

    /// Records `h`'s row form.
    pub(super) fn set(&mut self, h: H, row: Row) {
        self.forms.insert(h, row);
        if let Some(s) = self.scopes.last_mut() {
            s.push(h);
        }
    }

    /// `h`'s row form, if known.
    pub(super) fn value(&self, h: H) -> Option<Row> {
        self.forms.get(&h).copied()
    }

    /// `m`'s rows: its known form, or `subgroupMatrixRow(m)` (added).
    pub(super) fn of(&mut self, cx: &mut Cx, m: H, span: Span) -> Option<Row> {
        if let Some(r) = self.value(m) {
            return Some(r);
        }
        let (scalar, c) = result_shape(cx, cx.ty(m))?;
        let array_ty = row_type(cx, scalar, c);
        let a = cx.add(
            Expression::SubgroupMatrixToInvocations {
                matrix: m,
                columns: false,
            },
            array_ty,
            span,
        );
        self.set(m, Row::Array(a));
        Some(Row::Array(a))
    }

    /// `m` (with rows) converted to the matrix type `to` of the same
    /// shape and a float component, built from the converted rows
    /// (`subgroupMatrixFromRows<to>`); `None` when that does not apply.
    pub(super) fn convert(
        &self,
        cx: &mut Cx,
        m: H,
        to: Handle<Type>,
        span: Span,
    ) -> Option<Expression> {
        let row = self.value(m)?;
        let (from, c) = result_shape(cx, cx.ty(m))?;
        let (scalar, rows, columns) = match *cx.module.inner(to) {
            TypeInner::SubgroupMatrix {
                scalar: s @ (Scalar::F32 | Scalar::F16),
                rows: MatrixDim::Constant(r),
                columns: MatrixDim::Constant(c),
                ..
            } => (s, r, c),
            _ => return None,
        };
        let same_shape = match *cx.module.inner(cx.ty(m)) {
            TypeInner::SubgroupMatrix {
                rows: MatrixDim::Constant(r),
                ..
            } => r == rows && c == columns,
            _ => false,
        };
        if !same_shape || !from.is_float() {
            return None;
        }
        let comp = cx.intern(TypeInner::Scalar(scalar));
        let from_comp = cx.intern(TypeInner::Scalar(from));
        let mut elements = Vec::with_capacity(c as usize);
        for i in 0..c {
            let x = match row {
                Row::Array(a) => cx.add(
                    Expression::AccessIndex { base: a, index: i },
                    from_comp,
                    span,
                ),
                Row::Same(v) => v,
            };
            elements.push(if from == scalar {
                x
            } else {
                cx.add(Expression::Convert { expr: x, ty: comp }, comp, span)
            });
        }
        let array_ty = row_type(cx, scalar, c);
        let array = cx.add(
            Expression::Compose {
                ty: array_ty,
                components: elements,
            },
            array_ty,
            span,
        );
        Some(Expression::SubgroupMatrixFromInvocations {
            ty: to,
            array,
            columns: false,
        })
    }

    /// The row form of the element-wise operation `e` (of matrix type
    /// `ty`), when every matrix operand has one: the operation applied to
    /// each element (shader scalars as they are).
    pub(super) fn elementwise(
        &self,
        cx: &mut Cx,
        e: &Expression,
        ty: Handle<Type>,
        span: Span,
    ) -> Option<Row> {
        let (scalar, c) = result_shape(cx, ty)?;
        let operands: Vec<H> = match e {
            Expression::Binary { left, right, .. } => vec![*left, *right],
            Expression::Unary {
                op: UnaryOperator::Negate,
                expr,
            } => vec![*expr],
            Expression::Math { args, .. } => args.to_vec(),
            _ => return None,
        };
        // Each operand: a row form, or a shader scalar.
        let mut forms = Vec::with_capacity(operands.len());
        for &o in &operands {
            if cx.ty(o) == ty {
                forms.push(Some(self.value(o)?));
            } else if matches!(cx.inner(o), TypeInner::Scalar(_)) {
                forms.push(None);
            } else {
                return None;
            }
        }
        if forms.iter().all(Option::is_none) {
            return None;
        }
        let comp = cx.intern(TypeInner::Scalar(scalar));
        // Element `i` of operand `k`.
        let part = |cx: &mut Cx, k: usize, i: u32| -> H {
            match forms[k] {
                Some(Row::Array(a)) => {
                    cx.add(Expression::AccessIndex { base: a, index: i }, comp, span)
                }
                Some(Row::Same(v)) => v,
                None => operands[k],
            }
        };
        let with = |parts: &[H]| -> Expression {
            match e {
                Expression::Binary { op, .. } => Expression::Binary {
                    op: *op,
                    left: parts[0],
                    right: parts[1],
                },
                Expression::Unary { op, .. } => Expression::Unary {
                    op: *op,
                    expr: parts[0],
                },
                Expression::Math { fun, .. } => Expression::Math {
                    fun: *fun,
                    args: crate::ir::MathArgs::from_slice(parts),
                },
                other => other.clone(),
            }
        };
        if !forms.iter().any(|f| matches!(f, Some(Row::Array(_)))) {
            // Every operand is one value per row: so is the result.
            let parts: Vec<H> = (0..operands.len()).map(|k| part(cx, k, 0)).collect();
            return Some(Row::Same(cx.add(with(&parts), comp, span)));
        }
        let mut elements = Vec::with_capacity(c as usize);
        for i in 0..c {
            let parts: Vec<H> = (0..operands.len()).map(|k| part(cx, k, i)).collect();
            elements.push(cx.add(with(&parts), comp, span));
        }
        let array_ty = row_type(cx, scalar, c);
        Some(Row::Array(cx.add(
            Expression::Compose {
                ty: array_ty,
                components: elements,
            },
            array_ty,
            span,
        )))
    }
}

/// Those of `candidates` that nothing in `f` reads.
pub(super) fn unused(f: &Function, candidates: &[H]) -> Vec<H> {
    let mut used = vec![false; f.expressions.len()];
    for (_, e) in f.expressions.iter() {
        visit::operands(e, |o| used[o.index()] = true);
    }
    visit::walk_statements(&f.body, |st, _| {
        visit::statement_operands(st, |o| used[o.index()] = true);
    });
    candidates
        .iter()
        .copied()
        .filter(|h| !used.get(h.index()).copied().unwrap_or(true))
        .collect()
}

/// `array<S, C>`.
pub(super) fn row_type(cx: &mut Cx, scalar: Scalar, c: u32) -> Handle<Type> {
    let comp = cx.intern(TypeInner::Scalar(scalar));
    cx.intern(TypeInner::Array {
        base: comp,
        size: ArraySize::Constant(c),
        stride: scalar.size(),
    })
}

/// The matrix of type `ty` whose rows are `row` (`subgroupMatrixFromRows`).
pub(super) fn build(cx: &mut Cx, ty: Handle<Type>, row: Row, span: Span) -> Option<Expression> {
    let (scalar, c) = result_shape(cx, ty)?;
    let array = match row {
        Row::Array(a) => a,
        Row::Same(v) => {
            let array_ty = row_type(cx, scalar, c);
            cx.add(
                Expression::Compose {
                    ty: array_ty,
                    components: vec![v; c as usize],
                },
                array_ty,
                span,
            )
        }
    };
    Some(Expression::SubgroupMatrixFromInvocations {
        ty,
        array,
        columns: false,
    })
}

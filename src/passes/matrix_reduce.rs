//! Reductions and element coordinates of subgroup matrices
//! (`tessera_experimental_subgroup_matrix`, docs/subgroup-matrix-extensions.md
//! section 5) for the target.
//!
//! With `SPV_NV_cooperative_matrix2` (`nv2`), a reduction keeps its
//! [`Expression::SubgroupMatrixReduce`], given a generated combining
//! function for `OpCooperativeMatrixReduceNV`:
//!
//! ```text
//! fn tessera_reduce(a: S, b: S) -> S { return a + b; }   // max(a, b), min(a, b)
//! ```
//!
//! and an index matrix becomes an [`Expression::SubgroupMatrixPerElement`]
//! over a zero matrix with `fn(row: u32, column: u32, x: S) -> S { return
//! S(row); }` (or `S(column)`).
//!
//! Elsewhere they are written with the rows/columns-to-invocations
//! operations, which the `matrix-scratch` pass lowers later:
//!
//! ```text
//! subgroupMatrixRowSum(m)    ->  let a = subgroupMatrixRow(m);             // invocation i: row i
//!                                let s = a[0] + a[1] + ... + a[C - 1];
//!                                subgroupMatrixFromRows<M>(array(s, s, ..., s))
//! subgroupMatrixColumnMax(m) ->  the same with subgroupMatrixColumn / FromColumns and max
//! subgroupMatrixSum(m)       ->  subgroupMatrixColumnSum(subgroupMatrixRowSum(m))
//! subgroupMatrixRowIndex<M>()    -> subgroupMatrixFromColumns<M>(array(0, 1, ..., R - 1))
//! subgroupMatrixColumnIndex<M>() -> subgroupMatrixFromRows<M>(array(0, 1, ..., C - 1))
//! ```

use super::matrix_rows::{self, Row, Rows};
use super::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    ArraySize, BinaryOperator, Expression, Function, FunctionArgument, FunctionResult,
    MathFunction, MatrixDim, MatrixReduceMode, MatrixReduceOp, Scalar, Statement, Type, TypeInner,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass; `nv2`: the SPIR-V writer has `SPV_NV_cooperative_matrix2`.
pub fn run(p: &mut Pipeline, nv2: bool) -> Result<(), Error> {
    if !p.module.has_subgroup_matrix_type() {
        return Ok(());
    }
    let mut pass = Reduce {
        nv2,
        rows: Rows::default(),
        built: Vec::new(),
        first_helper: p.module.functions.len(),
        helpers: Vec::new(),
    };
    rewrite::run(p, &mut pass);
    // Matrices built back that nothing reads any more: zero matrices (no
    // scratch trip).
    for (fh, f) in p.module.functions.iter_mut() {
        let candidates: Vec<H> = pass
            .built
            .iter()
            .filter(|(g, _)| *g == fh)
            .map(|&(_, h)| h)
            .collect();
        for h in matrix_rows::unused(f, &candidates) {
            let ty = f.expression_type(h);
            f.expressions[h] = Expression::ZeroValue(ty);
        }
    }
    if !pass.helpers.is_empty() {
        for (_, f) in pass.helpers {
            p.module.functions.append(f, Span::UNDEFINED);
        }
        p.module.restore_callee_order();
    }
    Ok(())
}

/// What a generated helper computes.
#[derive(Clone, Copy, PartialEq)]
enum Helper {
    /// `fn(a: S, b: S) -> S` combining two elements.
    Combine(MatrixReduceOp, Handle<Type>),
    /// `fn(row: u32, column: u32, x: S) -> S(row)` (`true`: `S(column)`).
    Index(bool, Handle<Type>),
}

struct Reduce {
    nv2: bool,
    /// Row forms (the scratch lowering).
    rows: Rows,
    /// Matrices built back from their rows, per function.
    built: Vec<(Handle<Function>, H)>,
    /// The handle the first helper gets.
    first_helper: usize,
    /// The helpers to append after the rewrite, in handle order.
    helpers: Vec<(Helper, Function)>,
}

/// The component type and dimensions of a matrix type with constant
/// dimensions.
fn shape(cx: &Cx, ty: Handle<Type>) -> Option<(Scalar, u32, u32)> {
    match *cx.module.inner(ty) {
        TypeInner::SubgroupMatrix {
            scalar,
            rows: MatrixDim::Constant(r),
            columns: MatrixDim::Constant(c),
            ..
        } => Some((scalar, r, c)),
        _ => None,
    }
}

impl Reduce {
    /// The helper `key`, created on first use.
    fn helper(&mut self, cx: &mut Cx, key: Helper) -> Handle<Function> {
        if let Some(i) = self.helpers.iter().position(|(k, _)| *k == key) {
            return Handle::from_index(self.first_helper + i);
        }
        let span = Span::UNDEFINED;
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        type Params = Vec<(&'static str, Handle<Type>)>;
        let (name, comp, params): (&str, Handle<Type>, Params) = match key {
            Helper::Combine(_, s) => ("tessera_reduce", s, vec![("a", s), ("b", s)]),
            Helper::Index(_, s) => (
                "tessera_index",
                s,
                vec![("row", u32_ty), ("column", u32_ty), ("element", s)],
            ),
        };
        let mut f = Function {
            name: name.into(),
            result: Some(FunctionResult {
                ty: comp,
                binding: None,
            }),
            ..Function::default()
        };
        for (n, ty) in params {
            f.arguments.push(FunctionArgument {
                name: n.into(),
                ty,
                binding: None,
            });
        }
        let mut body = BlockBuilder::new();
        let r = match key {
            Helper::Combine(op, s) => {
                let a = body.expr(&mut f, Expression::FunctionArgument(0), s, span);
                let b = body.expr(&mut f, Expression::FunctionArgument(1), s, span);
                body.expr(&mut f, combine(op, a, b), s, span)
            }
            Helper::Index(columns, s) => {
                let i = body.expr(
                    &mut f,
                    Expression::FunctionArgument(u32::from(columns)),
                    u32_ty,
                    span,
                );
                body.expr(&mut f, Expression::Convert { expr: i, ty: s }, s, span)
            }
        };
        body.stmt(Statement::Return { value: Some(r) }, span);
        f.body = body.finish();
        self.helpers.push((key, f));
        Handle::from_index(self.first_helper + self.helpers.len() - 1)
    }
}

/// `a op b` for two elements.
fn combine(op: MatrixReduceOp, a: H, b: H) -> Expression {
    match op {
        MatrixReduceOp::Sum => Expression::Binary {
            op: BinaryOperator::Add,
            left: a,
            right: b,
        },
        MatrixReduceOp::Max | MatrixReduceOp::Min => Expression::Math {
            fun: if op == MatrixReduceOp::Max {
                MathFunction::Max
            } else {
                MathFunction::Min
            },
            args: crate::ir::MathArgs::from_slice(&[a, b]),
        },
    }
}

/// `subgroupMatrixFromRows<ty>(array(values...))` (`columns`:
/// `FromColumns`), from one value per element of the invocation's row
/// (column); the array is added, the construction returned.
fn from_invocations(
    cx: &mut Cx,
    ty: Handle<Type>,
    values: Vec<H>,
    columns: bool,
    span: Span,
) -> Expression {
    let comp = cx.ty(values[0]);
    let scalar = match *cx.module.inner(comp) {
        TypeInner::Scalar(s) => s,
        _ => Scalar::F32,
    };
    let array_ty = cx.intern(TypeInner::Array {
        base: comp,
        size: ArraySize::Constant(values.len() as u32),
        stride: scalar.size(),
    });
    let array = cx.add(
        Expression::Compose {
            ty: array_ty,
            components: values,
        },
        array_ty,
        span,
    );
    Expression::SubgroupMatrixFromInvocations { ty, array, columns }
}

/// The reduction of `matrix` along its rows (`columns`: columns),
/// broadcast back: the expression (of `matrix`'s type) that gives it, the
/// parts it reads added.
fn reduce_lines(
    cx: &mut Cx,
    matrix: H,
    op: MatrixReduceOp,
    columns: bool,
    span: Span,
) -> Option<Expression> {
    let ty = cx.ty(matrix);
    let (scalar, rows, cols) = shape(cx, ty)?;
    let n = if columns { rows } else { cols };
    let comp = cx.intern(TypeInner::Scalar(scalar));
    let array_ty = cx.intern(TypeInner::Array {
        base: comp,
        size: ArraySize::Constant(n),
        stride: scalar.size(),
    });
    let line = cx.add(
        Expression::SubgroupMatrixToInvocations { matrix, columns },
        array_ty,
        span,
    );
    let mut acc = cx.add(
        Expression::AccessIndex {
            base: line,
            index: 0,
        },
        comp,
        span,
    );
    for i in 1..n {
        let x = cx.add(
            Expression::AccessIndex {
                base: line,
                index: i,
            },
            comp,
            span,
        );
        acc = cx.add(combine(op, acc, x), comp, span);
    }
    Some(from_invocations(
        cx,
        ty,
        vec![acc; n as usize],
        columns,
        span,
    ))
}

impl Reduce {
    /// The scratch lowering's row space (see [`matrix_rows`]): a row
    /// reduction computed on the rows of its matrix, an element-wise
    /// operation on row forms computed on them, both built back as a
    /// matrix at their place; a matrix built from rows keeps them. Whether
    /// `h` was handled.
    fn in_rows(&mut self, cx: &mut Cx, h: H, span: Span) -> bool {
        let ty = cx.ty(h);
        let e = cx.f.expressions[h].clone();
        let row = match e {
            Expression::SubgroupMatrixReduce {
                matrix,
                mode: MatrixReduceMode::Rows,
                op,
                function: None,
            } => {
                let Some(row) = self.rows.of(cx, matrix, span) else {
                    return false;
                };
                Row::Same(fold(cx, row, op, ty, span))
            }
            Expression::SubgroupMatrixFromInvocations {
                array,
                columns: false,
                ..
            } => {
                if matrix_rows::result_shape(cx, ty).is_some() {
                    self.rows.set(h, Row::Array(array));
                }
                return false;
            }
            Expression::Binary { .. } | Expression::Unary { .. } | Expression::Math { .. } => {
                match self.rows.elementwise(cx, &e, ty, span) {
                    Some(row) => row,
                    None => return false,
                }
            }
            // A float conversion of a matrix with rows (to another kind,
            // say the left operand of the next multiply): the rows
            // converted and built as the new matrix, one trip instead of
            // the rows' and the kind change's.
            Expression::Convert { expr, ty: to } => {
                let Some(built) = self.rows.convert(cx, expr, to, span) else {
                    return false;
                };
                cx.f.expressions[h] = built;
                return true;
            }
            _ => return false,
        };
        let Some(built) = matrix_rows::build(cx, ty, row, span) else {
            return false;
        };
        cx.f.expressions[h] = built;
        self.rows.set(h, row);
        self.built.push((cx.handle, h));
        true
    }
}

/// The reduction of one row with `op` (a value), for a matrix of type `ty`.
fn fold(cx: &mut Cx, row: Row, op: MatrixReduceOp, ty: Handle<Type>, span: Span) -> H {
    let (scalar, c) = matrix_rows::result_shape(cx, ty).unwrap_or((Scalar::F32, 1));
    let comp = cx.intern(TypeInner::Scalar(scalar));
    match row {
        Row::Same(v) if op == MatrixReduceOp::Sum => {
            let n = cx.splat_literal(scalar, None, f64::from(c), span);
            cx.add(
                Expression::Binary {
                    op: BinaryOperator::Multiply,
                    left: v,
                    right: n,
                },
                comp,
                span,
            )
        }
        Row::Same(v) => v,
        Row::Array(a) => {
            let mut acc = cx.add(Expression::AccessIndex { base: a, index: 0 }, comp, span);
            for i in 1..c {
                let x = cx.add(Expression::AccessIndex { base: a, index: i }, comp, span);
                acc = cx.add(combine(op, acc, x), comp, span);
            }
            acc
        }
    }
}

impl FunctionPass for Reduce {
    fn wants(&self, _: &crate::ir::Module, f: &Function) -> bool {
        f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::SubgroupMatrixReduce { .. } | Expression::SubgroupMatrixIndex { .. }
            )
        })
    }

    fn begin_function(&mut self, _cx: &mut Cx) {
        self.rows.clear();
    }

    fn enter_block(&mut self, _plain: bool) {
        self.rows.enter();
    }

    fn exit_block(&mut self, _plain: bool) {
        self.rows.exit();
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let span = cx.f.expressions.span(h);
        if !self.nv2 && self.in_rows(cx, h, span) {
            return;
        }
        match cx.f.expressions[h] {
            Expression::SubgroupMatrixReduce {
                matrix,
                mode,
                op,
                function: None,
            } => {
                if self.nv2 {
                    let Some((scalar, _, _)) = shape(cx, cx.ty(matrix)) else {
                        return;
                    };
                    let s = cx.intern(TypeInner::Scalar(scalar));
                    let f = self.helper(cx, Helper::Combine(op, s));
                    cx.f.expressions[h] = Expression::SubgroupMatrixReduce {
                        matrix,
                        mode,
                        op,
                        function: Some(f),
                    };
                    return;
                }
                let reduced = match mode {
                    // Handled by `in_rows`; this is its fallback.
                    MatrixReduceMode::Rows => reduce_lines(cx, matrix, op, false, span),
                    MatrixReduceMode::Columns => reduce_lines(cx, matrix, op, true, span),
                    MatrixReduceMode::All => {
                        // Each row reduced in row space, then the columns
                        // of that matrix.
                        let ty = cx.ty(matrix);
                        self.rows
                            .of(cx, matrix, span)
                            .and_then(|row| {
                                let r = fold(cx, row, op, ty, span);
                                matrix_rows::build(cx, ty, Row::Same(r), span)
                            })
                            .and_then(|rows| {
                                let r = cx.add(rows, ty, span);
                                reduce_lines(cx, r, op, true, span)
                            })
                    }
                };
                if let Some(e) = reduced {
                    cx.f.expressions[h] = e;
                }
            }
            Expression::SubgroupMatrixIndex { ty, columns } => {
                let Some((scalar, rows, cols)) = shape(cx, ty) else {
                    return;
                };
                let s = cx.intern(TypeInner::Scalar(scalar));
                if self.nv2 {
                    let function = self.helper(cx, Helper::Index(columns, s));
                    let zero = cx.add(Expression::ZeroValue(ty), ty, span);
                    cx.f.expressions[h] = Expression::SubgroupMatrixPerElement {
                        matrix: zero,
                        function,
                        arguments: Vec::new(),
                    };
                    return;
                }
                // Row indices: invocation j supplies column j, (0, 1, ...);
                // column indices: invocation i supplies row i, (0, 1, ...).
                let n = if columns { cols } else { rows };
                let values: Vec<H> = (0..n)
                    .map(|i| cx.splat_literal(scalar, None, f64::from(i), span))
                    .collect();
                cx.f.expressions[h] = from_invocations(cx, ty, values, !columns, span);
            }
            _ => {}
        }
    }
}

//! Subgroup matrices as Metal `simdgroup_matrix` operations (the MSL
//! target's lowering): each subgroup-matrix builtin becomes IR around one
//! [`MslIntrinsic`], which the MSL printer writes as one Metal call.
//!
//! Metal's matrix functions write their result through a `thread`
//! reference, so every result is a new function-scope local that the
//! operation writes and a `Load` reads:
//!
//! ```text
//! subgroupMatrixLoad<M>(p, off, col, s)  ->  var m: M; msl_simdgroup_load<k, col>(&m, p, u32(off), u32(s)); m
//! subgroupMatrixStore(p, off, v, col, s) ->  msl_simdgroup_store<k, col>(v, p, u32(off), u32(s))
//! subgroupMatrixMultiply(a, b)           ->  var d: M; msl_simdgroup_multiply(&d, a, b); d
//! subgroupMatrixMultiplyAccumulate(a, b, c) -> var d: M; msl_simdgroup_multiply_accumulate(&d, a, b, c); d
//! ```
//!
//! `k` is the number of components per array element (an `array<vec4<f16>>`
//! holds 4 per element), and `u32(x)` a bitcast of an `i32`.
//!
//! The scalar builtins follow the proposal's MSL mapping, with `I` the
//! identity (the diagonal constructor `M(1)`) and `F(s)` the filled
//! matrix:
//!
//! ```text
//! subgroupMatrixScalarAdd(m, s)      ->  m * I + F(s)
//! subgroupMatrixScalarSubtract(m, s) ->  m * I + F(-s)
//! subgroupMatrixScalarMultiply(m, s) ->  m * diag(s)
//! ```
//!
//! Since `(m I)[r][c] = m[r][c]` and `(m diag(s))[r][c] = m[r][c] s`, these
//! are the element-wise operations for finite values (an infinite or NaN
//! element of `m` also reaches the other elements of its row through the
//! zero products, a known limit of the proposal's mapping).
//!
//! Element-wise arithmetic, negation, math builtins and component
//! conversions (`tessera_experimental_subgroup_matrix`) work on the
//! calling thread's two elements (`thread_elements()`, Metal 2.3) as a
//! `vec2`: every 8x8 `simdgroup_matrix` maps elements to threads the same
//! way, so an element-wise function of element-wise values is exact, and
//! a change of kind alone (left, right, result) is no change: Metal has
//! one type per shape and component, and the printer writes the operand.
//!
//! ```text
//! a + b   ->  var d: M; msl_set_thread_elements(&d, msl_thread_elements(a) + msl_thread_elements(b)); d
//! f(a, s) ->  var d: M; msl_set_thread_elements(&d, f(msl_thread_elements(a), vec2(s))); d
//! ```
//!
//! What Metal cannot express (a shape other than 8x8, integer components,
//! a multiply of mixed component types, an array stride that is not a
//! whole number of components) is left as it is: the printer's
//! capability check reports it with its span before anything is printed.
//!
//! Guarantee: after this pass no subgroup-matrix load, store, multiply,
//! scalar or element-wise operation that Metal can express is left.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::ir::{
    Expression, Function, Intrinsic, Literal, MatrixDim, MatrixLayout, MatrixScalarOp, Module,
    MslIntrinsic, Scalar, Statement, Type, TypeInner, UnaryOperator, VectorSize,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) {
    rewrite::run(p, &mut MslSimdgroup);
}

struct MslSimdgroup;

impl FunctionPass for MslSimdgroup {
    fn wants(&self, module: &Module, f: &Function) -> bool {
        f.expression_types
            .iter()
            .any(|&t| matches!(module.inner(t), TypeInner::SubgroupMatrix { .. }))
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let span = cx.f.expressions.span(h);
        match cx.f.expressions[h] {
            Expression::SubgroupMatrixLoad {
                ty,
                pointer,
                offset,
                stride,
                layout,
                ..
            } => {
                let Some((k, offset, stride)) = access(cx, ty, pointer, offset, stride, span)
                else {
                    return;
                };
                let fun = MslIntrinsic::SimdgroupLoad {
                    k,
                    transpose: layout == MatrixLayout::ColumnMajor,
                };
                let m = cx.local("m", ty, span);
                intrinsic(cx, fun, vec![m, pointer, offset, stride], span);
                cx.f.expressions[h] = Expression::Load { pointer: m };
            }
            Expression::SubgroupMatrixMultiply {
                ty,
                left,
                right,
                acc,
            } => {
                let Some(comp) = component(cx, ty) else {
                    return;
                };
                let ty_of = |cx: &Cx, e: H| cx.ty(e);
                let (lt, rt) = (ty_of(cx, left), ty_of(cx, right));
                if component(cx, lt) != Some(comp) || component(cx, rt) != Some(comp) {
                    return;
                }
                let d = cx.local("d", ty, span);
                let (fun, args) = match acc {
                    None => (MslIntrinsic::SimdgroupMultiply, vec![d, left, right]),
                    Some(c) => (
                        MslIntrinsic::SimdgroupMultiplyAccumulate,
                        vec![d, left, right, c],
                    ),
                };
                intrinsic(cx, fun, args, span);
                cx.f.expressions[h] = Expression::Load { pointer: d };
            }
            Expression::SubgroupMatrixScalar { op, matrix, scalar } => {
                let ty = cx.ty(matrix);
                if component(cx, ty).is_none() {
                    return;
                }
                let d = cx.local("d", ty, span);
                match op {
                    MatrixScalarOp::Add | MatrixScalarOp::Subtract => {
                        let st = cx.ty(scalar);
                        let one = match cx.module.inner(st).scalar() {
                            Some(Scalar::F16) => Literal::F16(half::f16::ONE),
                            _ => Literal::F32(1.0),
                        };
                        let one = cx.add(Expression::Literal(one), st, span);
                        let identity = diagonal(cx, one, ty, span);
                        let value = if op == MatrixScalarOp::Add {
                            scalar
                        } else {
                            cx.add(
                                Expression::Unary {
                                    op: UnaryOperator::Negate,
                                    expr: scalar,
                                },
                                st,
                                span,
                            )
                        };
                        let filled = cx.add(Expression::SubgroupMatrixFill { ty, value }, ty, span);
                        intrinsic(
                            cx,
                            MslIntrinsic::SimdgroupMultiplyAccumulate,
                            vec![d, matrix, identity, filled],
                            span,
                        );
                    }
                    MatrixScalarOp::Multiply => {
                        let diag = diagonal(cx, scalar, ty, span);
                        intrinsic(
                            cx,
                            MslIntrinsic::SimdgroupMultiply,
                            vec![d, matrix, diag],
                            span,
                        );
                    }
                }
                cx.f.expressions[h] = Expression::Load { pointer: d };
            }
            Expression::Binary { .. }
            | Expression::Unary { .. }
            | Expression::Convert { .. }
            | Expression::Math { .. } => elementwise(cx, h, span),
            _ => {}
        }
    }

    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        let Statement::SubgroupMatrixStore {
            pointer,
            offset,
            value,
            stride,
            layout,
            ..
        } = *st
        else {
            return;
        };
        let ty = cx.ty(value);
        let Some((k, offset, stride)) = access(cx, ty, pointer, offset, stride, span) else {
            return;
        };
        *st = Statement::Intrinsic {
            fun: Intrinsic::Msl(MslIntrinsic::SimdgroupStore {
                k,
                transpose: layout == MatrixLayout::ColumnMajor,
            }),
            arguments: vec![value, pointer, offset, stride],
            result: None,
        };
    }
}

/// The component type of a subgroup-matrix type Metal can express: 8x8
/// with f32, f16 or bf16 components.
fn component(cx: &Cx, ty: Handle<Type>) -> Option<Scalar> {
    match *cx.module.inner(ty) {
        TypeInner::SubgroupMatrix {
            scalar,
            columns,
            rows,
            ..
        } if matches!(scalar, Scalar::F32 | Scalar::F16 | Scalar::BF16)
            && [columns, rows]
                .iter()
                .all(|&d| d == MatrixDim::Constant(8) || cx.matrix_dim(d) == Some(8)) =>
        {
            Some(scalar)
        }
        _ => None,
    }
}

/// The components of `comp` per element of the array `pointer` points to
/// (`None` when its stride holds no whole number of them).
fn components_per_element(cx: &Cx, pointer: H, comp: Scalar) -> Option<u32> {
    let TypeInner::Pointer { base, .. } = *cx.inner(pointer) else {
        return None;
    };
    let TypeInner::Array { stride, .. } = *cx.module.inner(base) else {
        return None;
    };
    let size = comp.size();
    (stride != 0 && stride % size == 0).then_some(stride / size)
}

/// A load or store of a matrix of type `ty` through `pointer` that Metal
/// can express: the components per array element and the offset and
/// stride as `u32` (added before the current point).
fn access(
    cx: &mut Cx,
    ty: Handle<Type>,
    pointer: H,
    offset: H,
    stride: H,
    span: Span,
) -> Option<(u32, H, H)> {
    let comp = component(cx, ty)?;
    let k = components_per_element(cx, pointer, comp)?;
    Some((k, as_u32(cx, offset, span), as_u32(cx, stride, span)))
}

/// `x` as a `u32`: bitcast when it is an `i32`.
fn as_u32(cx: &mut Cx, x: H, span: Span) -> H {
    if cx.module.inner(cx.ty(x)).scalar() != Some(Scalar::I32) {
        return x;
    }
    let ty = cx.intern(TypeInner::Scalar(Scalar::U32));
    cx.add(Expression::Bitcast { expr: x, ty }, ty, span)
}

/// Inserts the MSL operation `fun` without a result.
fn intrinsic(cx: &mut Cx, fun: MslIntrinsic, arguments: Vec<H>, span: Span) {
    cx.intrinsic(Intrinsic::Msl(fun), arguments, span);
}

/// Inserts the MSL operation `fun` with a result of type `ty`; returns
/// the result.
fn intrinsic_value(
    cx: &mut Cx,
    fun: MslIntrinsic,
    arguments: Vec<H>,
    ty: Handle<Type>,
    span: Span,
) -> H {
    cx.intrinsic_value(Intrinsic::Msl(fun), arguments, ty, span)
}

/// The diagonal matrix of type `ty` with `s` on the diagonal.
fn diagonal(cx: &mut Cx, s: H, ty: Handle<Type>, span: Span) -> H {
    intrinsic_value(cx, MslIntrinsic::SimdgroupDiagonal, vec![s], ty, span)
}

/// The calling thread's two elements of matrix `m` (components `comp`).
fn thread_elements(cx: &mut Cx, m: H, comp: Scalar, span: Span) -> H {
    let ty = cx.scalar_or_vector(comp, Some(VectorSize::Bi));
    intrinsic_value(cx, MslIntrinsic::ThreadElements, vec![m], ty, span)
}

/// An element-wise operation whose result `h` is a subgroup matrix.
fn elementwise(cx: &mut Cx, h: H, span: Span) {
    let ty = cx.ty(h);
    let Some(comp) = component(cx, ty) else {
        return;
    };
    let matrix_comp = |cx: &Cx, e: H| component(cx, cx.ty(e));
    let value = match cx.f.expressions[h].clone() {
        Expression::Binary { op, left, right } => {
            let (Some(lc), rc) = (matrix_comp(cx, left), matrix_comp(cx, right)) else {
                return;
            };
            let a = thread_elements(cx, left, lc, span);
            let b = match rc {
                Some(rc) => thread_elements(cx, right, rc, span),
                None => cx.widen(right, Some(VectorSize::Bi), span),
            };
            let vty = cx.scalar_or_vector(comp, Some(VectorSize::Bi));
            cx.add(
                Expression::Binary {
                    op,
                    left: a,
                    right: b,
                },
                vty,
                span,
            )
        }
        Expression::Unary { op, expr } => {
            let Some(c) = matrix_comp(cx, expr) else {
                return;
            };
            let a = thread_elements(cx, expr, c, span);
            let vty = cx.scalar_or_vector(comp, Some(VectorSize::Bi));
            cx.add(Expression::Unary { op, expr: a }, vty, span)
        }
        Expression::Convert { expr, .. } => {
            let Some(from) = matrix_comp(cx, expr) else {
                return;
            };
            if from == comp {
                // A change of kind alone: the printer writes the operand.
                return;
            }
            let a = thread_elements(cx, expr, from, span);
            let vty = cx.scalar_or_vector(comp, Some(VectorSize::Bi));
            cx.add(Expression::Convert { expr: a, ty: vty }, vty, span)
        }
        Expression::Math { fun, args } => {
            if !args.iter().any(|&a| matrix_comp(cx, a).is_some()) {
                return;
            }
            let mut lowered = Vec::with_capacity(args.len());
            for &a in args.iter() {
                lowered.push(match matrix_comp(cx, a) {
                    Some(c) => thread_elements(cx, a, c, span),
                    None => cx.widen(a, Some(VectorSize::Bi), span),
                });
            }
            cx.math(fun, &lowered, comp, Some(VectorSize::Bi), span)
        }
        _ => return,
    };
    let d = cx.local("d", ty, span);
    intrinsic(cx, MslIntrinsic::SetThreadElements, vec![d, value], span);
    cx.f.expressions[h] = Expression::Load { pointer: d };
}

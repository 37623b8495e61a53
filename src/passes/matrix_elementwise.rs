//! Element-wise math builtins on subgroup matrices
//! (`tessera_experimental_subgroup_matrix`) become a loop over the elements
//! each invocation holds.
//!
//! `Math { fun, args }` whose type is a subgroup matrix `M` (the matrix
//! arguments have type `M`, the others are shader scalars) becomes
//!
//! ```text
//! var a0: M = arg0; ...              // one copy per matrix argument
//! var out: M;
//! for (var i = 0u; i < length(M); i++) {
//!     out[i] = fun(a0[i], ..., scalar, ...);
//! }
//! ... = out;
//! ```
//!
//! where `length(M)` is [`Expression::SubgroupMatrixLength`] and `x[i]` an
//! `Access` into the function-scope matrix: SPIR-V's
//! `OpCooperativeMatrixLengthKHR` and `OpAccessChain` (an invocation's own
//! elements, whatever the implementation's mapping), Metal's
//! `thread_elements()`. No data moves between invocations, so an
//! element-wise function of element-wise values is exact.

use super::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    Access, AddressSpace, BinaryOperator, Block, Expression, Literal, LocalVariable, Scalar,
    Statement, Type, TypeInner,
};
use crate::pipeline::Pipeline;
use crate::Span;

type H = Handle<Expression>;

/// Runs the pass. With `products` (SPV_NV_cooperative_matrix, which has no
/// element-wise multiply of two matrices) `a * b` between matrices becomes
/// the same loop.
pub fn run(p: &mut Pipeline, products: bool) -> Result<(), Error> {
    rewrite::run(p, &mut Elementwise { products });
    Ok(())
}

struct Elementwise {
    products: bool,
}

/// What one element of the result is computed by.
enum ElementFn {
    Math(crate::ir::MathFunction),
    Multiply,
}

fn local(cx: &mut Cx, name: &str, ty: Handle<Type>, span: Span) -> H {
    let v = cx.f.local_variables.append(
        LocalVariable {
            name: name.into(),
            ty,
        },
        span,
    );
    let pty = cx.intern(TypeInner::Pointer {
        base: ty,
        space: AddressSpace::Function,
        access: Access::ReadWrite,
    });
    cx.add(Expression::LocalVariable(v), pty, span)
}

impl FunctionPass for Elementwise {
    fn wants(&self, module: &crate::ir::Module, _: &crate::ir::Function) -> bool {
        module
            .types
            .iter()
            .any(|(_, t)| matches!(t.inner, TypeInner::SubgroupMatrix { .. }))
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let ty = cx.ty(h);
        let TypeInner::SubgroupMatrix { scalar: comp, .. } = *cx.module.inner(ty) else {
            return;
        };
        let (fun, args) = match cx.f.expressions[h] {
            Expression::Math { fun, ref args } => (ElementFn::Math(fun), args.clone()),
            Expression::Binary {
                op: BinaryOperator::Multiply,
                left,
                right,
            } if self.products && cx.ty(left) == ty && cx.ty(right) == ty => {
                (ElementFn::Multiply, vec![left, right])
            }
            _ => return,
        };
        let span = cx.f.expressions.span(h);
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        let bool_ty = cx.intern(TypeInner::Scalar(Scalar::Bool));
        let comp_ty = cx.intern(TypeInner::Scalar(comp));
        let elem_ptr = cx.intern(TypeInner::Pointer {
            base: comp_ty,
            space: AddressSpace::Function,
            access: Access::ReadWrite,
        });
        // Copies of the matrix arguments, the result and the counter.
        let mut sources: Vec<Result<H, H>> = Vec::with_capacity(args.len());
        for a in args {
            if cx.ty(a) == ty {
                let p = local(cx, "tessera_elements_in", ty, span);
                cx.insert_statement(
                    Statement::Store {
                        pointer: p,
                        value: a,
                    },
                    span,
                );
                sources.push(Ok(p));
            } else {
                sources.push(Err(a));
            }
        }
        let out = local(cx, "tessera_elements_out", ty, span);
        let counter = local(cx, "tessera_element", u32_ty, span);
        let zero = cx.u32(0, span);
        cx.insert_statement(
            Statement::Store {
                pointer: counter,
                value: zero,
            },
            span,
        );
        let len = cx.add(Expression::SubgroupMatrixLength(ty), u32_ty, span);

        let mut body = BlockBuilder::new();
        let i = body.expr(cx.f, Expression::Load { pointer: counter }, u32_ty, span);
        let done = body.expr(
            cx.f,
            Expression::Binary {
                op: BinaryOperator::GreaterEqual,
                left: i,
                right: len,
            },
            bool_ty,
            span,
        );
        let mut brk = Block::new();
        brk.push(Statement::Break, span);
        body.stmt(
            Statement::If {
                condition: done,
                accept: brk,
                reject: Block::new(),
            },
            span,
        );
        let mut elem_args = Vec::with_capacity(sources.len());
        for s in sources {
            elem_args.push(match s {
                Ok(p) => {
                    let e = body.expr(
                        cx.f,
                        Expression::Access { base: p, index: i },
                        elem_ptr,
                        span,
                    );
                    body.expr(cx.f, Expression::Load { pointer: e }, comp_ty, span)
                }
                Err(scalar) => scalar,
            });
        }
        let e = match fun {
            ElementFn::Math(fun) => Expression::Math {
                fun,
                args: elem_args,
            },
            ElementFn::Multiply => Expression::Binary {
                op: BinaryOperator::Multiply,
                left: elem_args[0],
                right: elem_args[1],
            },
        };
        let r = body.expr(cx.f, e, comp_ty, span);
        let dst = body.expr(
            cx.f,
            Expression::Access {
                base: out,
                index: i,
            },
            elem_ptr,
            span,
        );
        body.stmt(
            Statement::Store {
                pointer: dst,
                value: r,
            },
            span,
        );
        let mut cont = BlockBuilder::new();
        let i2 = cont.expr(cx.f, Expression::Load { pointer: counter }, u32_ty, span);
        let one = cont.expr(cx.f, Expression::Literal(Literal::U32(1)), u32_ty, span);
        let next = cont.expr(
            cx.f,
            Expression::Binary {
                op: BinaryOperator::Add,
                left: i2,
                right: one,
            },
            u32_ty,
            span,
        );
        cont.stmt(
            Statement::Store {
                pointer: counter,
                value: next,
            },
            span,
        );
        cx.insert_statement(
            Statement::Loop {
                body: body.finish(),
                continuing: cont.finish(),
                break_if: None,
                unroll: true,
            },
            span,
        );
        cx.f.expressions[h] = Expression::Load { pointer: out };
    }
}

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
//!
//! With `per_element` (the SPIR-V writer's `nv_cooperative_matrix2`
//! option), a builtin with one matrix argument (the others scalars, as in
//! the epilogue `max(acc, 0.0)`) becomes instead
//! [`Expression::SubgroupMatrixPerElement`] with a generated function
//!
//! ```text
//! fn tessera_per_element(row: u32, column: u32, x: C, s0: S0, ...) -> C {
//!     return fun(..., x, ..., s0, ...);    // x where the matrix was
//! }
//! ```
//!
//! (one per builtin, component type, matrix position and argument types),
//! which the writer prints as `OpCooperativeMatrixPerElementOpNV`: the
//! driver applies the function in registers, with no copy and no loop.

use super::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    Access, AddressSpace, BinaryOperator, Block, Expression, Function, FunctionArgument,
    FunctionResult, Literal, Scalar, Statement, Type, TypeInner,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass. With `products` (SPV_NV_cooperative_matrix, which has no
/// element-wise multiply of two matrices) `a * b` between matrices becomes
/// the same loop; with `per_element` (SPV_NV_cooperative_matrix2), a
/// builtin with one matrix argument becomes a per-element operation.
pub fn run(p: &mut Pipeline, products: bool, per_element: bool) -> Result<(), Error> {
    let mut pass = Elementwise {
        products,
        per_element,
        first_helper: p.module.functions.len(),
        helpers: Vec::new(),
    };
    rewrite::run(p, &mut pass);
    if !pass.helpers.is_empty() {
        for (_, f) in pass.helpers {
            p.module.functions.append(f, Span::UNDEFINED);
        }
        p.module.restore_callee_order();
    }
    Ok(())
}

/// What a per-element helper computes: the builtin, the component type,
/// the matrix argument's position and the other arguments' types.
#[derive(PartialEq)]
struct HelperKey {
    fun: crate::ir::MathFunction,
    component: Handle<Type>,
    position: usize,
    scalars: Vec<Handle<Type>>,
}

struct Elementwise {
    products: bool,
    per_element: bool,
    /// The handle the first helper gets (the module's function count
    /// before the pass).
    first_helper: usize,
    /// The helpers to append after the rewrite, in handle order.
    helpers: Vec<(HelperKey, Function)>,
}

impl Elementwise {
    /// The helper function for `key`, created on first use.
    fn helper(&mut self, cx: &mut Cx, key: HelperKey) -> Handle<Function> {
        if let Some(i) = self.helpers.iter().position(|(k, _)| *k == key) {
            return Handle::from_index(self.first_helper + i);
        }
        let span = Span::UNDEFINED;
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        let mut f = Function {
            name: "tessera_per_element".into(),
            result: Some(FunctionResult {
                ty: key.component,
                binding: None,
            }),
            ..Function::default()
        };
        let mut param = |name: &str, ty| {
            f.arguments.push(FunctionArgument {
                name: name.into(),
                ty,
                binding: None,
            })
        };
        param("row", u32_ty);
        param("column", u32_ty);
        param("element", key.component);
        for (i, &ty) in key.scalars.iter().enumerate() {
            param(&format!("arg{i}"), ty);
        }
        let mut body = BlockBuilder::new();
        let mut args = Vec::with_capacity(1 + key.scalars.len());
        for (i, &ty) in key.scalars.iter().enumerate() {
            args.push(body.expr(&mut f, Expression::FunctionArgument(3 + i as u32), ty, span));
        }
        let x = body.expr(&mut f, Expression::FunctionArgument(2), key.component, span);
        args.insert(key.position, x);
        let r = body.expr(
            &mut f,
            Expression::Math {
                fun: key.fun,
                args: args.into(),
            },
            key.component,
            span,
        );
        body.stmt(Statement::Return { value: Some(r) }, span);
        f.body = body.finish();
        self.helpers.push((key, f));
        Handle::from_index(self.first_helper + self.helpers.len() - 1)
    }
}

/// What one element of the result is computed by.
enum ElementFn {
    Math(crate::ir::MathFunction),
    Multiply,
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
            Expression::Math { fun, ref args } => (ElementFn::Math(fun), args.to_vec()),
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
        if let (true, ElementFn::Math(fun)) = (self.per_element, &fun) {
            let mut matrices = args.iter().enumerate().filter(|&(_, &a)| cx.ty(a) == ty);
            if let (Some((position, &matrix)), None) = (matrices.next(), matrices.next()) {
                let scalars: Vec<H> = args.iter().copied().filter(|&a| a != matrix).collect();
                let component = cx.intern(TypeInner::Scalar(comp));
                let key = HelperKey {
                    fun: *fun,
                    component,
                    position,
                    scalars: scalars.iter().map(|&a| cx.ty(a)).collect(),
                };
                let function = self.helper(cx, key);
                cx.f.expressions[h] = Expression::SubgroupMatrixPerElement {
                    matrix,
                    function,
                    arguments: scalars,
                };
                return;
            }
        }
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
                let p = cx.local("tessera_elements_in", ty, span);
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
        let out = cx.local("tessera_elements_out", ty, span);
        let counter = cx.local("tessera_element", u32_ty, span);
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
                args: elem_args.into(),
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

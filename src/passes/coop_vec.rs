//! Cooperative vectors (`enable tessera_experimental_cooperative_vector;`,
//! docs/cooperative-vectors.md) for the target.
//!
//! **Native** (the SPIR-V writer at version 1.6, every product's component
//! types listed in `PipelineOptions::cooperative_vector_configs`): the
//! vectors and their element-wise operations stay, for the printer's
//! `OpTypeCooperativeVectorNV`. Vulkan requires a product's matrix to start
//! at a multiple of 64 bytes, its stride and bias offset to be multiples of
//! 16 bytes, and (for WGSL's buffer rules) the whole matrix and bias must
//! lie inside their arrays; each product becomes
//!
//! ```text
//! var r: coop_vec<R, M>;
//! if aligned && inside { r = coopVecMatMul...(...); } else { r = loop...; }
//! ... = r;
//! ```
//!
//! **Loops** (everything else): `coop_vec<T, N>` becomes `array<T, N>`,
//! an element-wise operation one operation per component, and a product
//!
//! ```text
//! var input: array<T, K> = ...;  var out: array<R, M>;
//! for (var r = 0u; r < M; r++) {
//!     var acc = R(bias[bias_offset + r]);     // or 0
//!     for (var k = 0u; k < K; k++) {
//!         acc += R(matrix[offset + r * stride + k]) * R(input[k]);  // k * stride + r: column-major
//!     }
//!     out[r] = acc;
//! }
//! ```
//!
//! whose buffer reads the `robustness` pass, which runs later, keeps
//! inside the arrays.
//!
//! The training accumulations are lowered first, by
//! [`accumulate`] (`coop_vec_accumulate.rs`).

use super::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::analysis::binding_byte_offset;

#[path = "coop_vec_accumulate.rs"]
mod accumulate;
#[path = "coop_vec_bytes.rs"]
mod bytes;
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    Access, AddressSpace, ArraySize, BinaryOperator, Block, Expression, Literal, MatrixLayout,
    Module, Scalar, Statement, Type, TypeInner,
};
use crate::pipeline::Pipeline;
use crate::span::Span;
use bytes::{input_as_byte, load_byte};

type H = Handle<Expression>;

/// Runs the pass; `native_allowed`: the target can print cooperative
/// vectors (SPIR-V 1.6).
/// `bounds`: WGSL's bounds checks are on (the native instruction is used
/// only when the whole matrix lies inside its array).
pub fn run(p: &mut Pipeline, native_allowed: bool, bounds: bool) -> Result<(), Error> {
    if !p
        .module
        .types
        .iter()
        .any(|(_, t)| matches!(t.inner, TypeInner::CoopVector { .. }))
    {
        return Ok(());
    }
    let native = native_allowed && all_products_native(p);
    if accumulate::any(&p.module) {
        let mut pass = accumulate::Accumulate {
            native_vectors: native,
            training: p.cooperative_vector_training.clone(),
            layouts: p.cooperative_vector_optimal_layouts.clone(),
        };
        rewrite::run(p, &mut pass);
    }
    if native {
        let layouts = p.cooperative_vector_optimal_layouts.clone();
        rewrite::run(p, &mut Guard { bounds, layouts });
    } else {
        rewrite::run(p, &mut Loops);
        to_arrays(&mut p.module);
    }
    Ok(())
}

/// Whether every product's component types are in the device's list and
/// every vector is within the device's component limit (and, for the
/// products in the inference layout, the device's layout bound is known).
fn all_products_native(p: &Pipeline) -> bool {
    let configs = &p.cooperative_vector_configs;
    let max = p.cooperative_vector_max_components.unwrap_or(u32::MAX);
    let inference = |element| {
        crate::configs::OptimalLayoutBound::find(
            &p.cooperative_vector_optimal_layouts,
            crate::configs::OptimalLayout::Inference,
            element,
        )
        .is_some()
    };
    !configs.is_empty()
        && p.module.types.iter().all(|(_, t)| match t.inner {
            TypeInner::CoopVector { size, .. } => size <= max,
            _ => true,
        })
        && p.module.functions.iter().all(|(_, f)| {
            f.expressions.iter().all(|(_, e)| match *e {
                Expression::CoopVecMatMul {
                    optimal: true,
                    element,
                    ..
                } if !inference(element) => false,
                Expression::CoopVecMatMul {
                    ty,
                    input,
                    element,
                    optimal,
                    layout,
                    ..
                } => {
                    let scalar = |t: Handle<Type>| match *p.module.inner(t) {
                        TypeInner::CoopVector { scalar, .. } => scalar,
                        _ => Scalar::Bool,
                    };
                    let (r, t) = (scalar(ty), scalar(f.expression_type(input)));
                    let transposed = optimal && layout == MatrixLayout::ColumnMajor;
                    configs
                        .iter()
                        .any(|c| c.matches(t, element, r) && (c.transpose || !transposed))
                }
                _ => true,
            })
        })
}

/// The component type and count of a cooperative-vector type.
fn coop(m: &Module, ty: Handle<Type>) -> Option<(Scalar, u32)> {
    match *m.inner(ty) {
        TypeInner::CoopVector { scalar, size } => Some((scalar, size)),
        _ => None,
    }
}

/// The operands of a product.
#[derive(Clone, Copy)]
struct Product {
    ty: Handle<Type>,
    input: H,
    matrix: H,
    offset: H,
    stride: H,
    layout: MatrixLayout,
    bias: Option<(H, H)>,
    optimal: bool,
    element: Scalar,
}

impl Product {
    /// An 8-bit integer matrix (bytes in `u32` words, an `i32` bias).
    fn bytes(self) -> bool {
        matches!(self.element, Scalar::I8 | Scalar::U8)
    }

    /// The size in bytes of a matrix element, the matrix elements per
    /// array element, and the size of a bias element.
    fn sizes(self) -> (u32, u32, u32) {
        if self.bytes() {
            (1, 4, 4)
        } else {
            (self.element.size(), 1, self.element.size())
        }
    }
}

impl Product {
    fn of(e: &Expression) -> Option<Product> {
        match *e {
            Expression::CoopVecMatMul {
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
            } => Some(Product {
                ty,
                input,
                matrix,
                offset,
                stride,
                layout,
                bias: bias.zip(bias_offset),
                optimal,
                element,
            }),
            _ => None,
        }
    }
}

fn binary(b: &mut BlockBuilder, cx: &mut Cx, op: BinaryOperator, l: H, r: H, span: Span) -> H {
    let ty = if matches!(
        op,
        BinaryOperator::Less
            | BinaryOperator::LessEqual
            | BinaryOperator::Greater
            | BinaryOperator::GreaterEqual
            | BinaryOperator::Equal
    ) {
        cx.intern(TypeInner::Scalar(Scalar::Bool))
    } else {
        cx.ty(l)
    };
    b.expr(
        cx.f,
        Expression::Binary {
            op,
            left: l,
            right: r,
        },
        ty,
        span,
    )
}

fn lit(b: &mut BlockBuilder, cx: &mut Cx, l: Literal, span: Span) -> H {
    let ty = cx.intern(TypeInner::Scalar(l.scalar()));
    b.expr(cx.f, Expression::Literal(l), ty, span)
}

/// `for (counter = 0; counter < count; counter++) { body(counter) }`,
/// inserted into `outer`.
fn counted_loop(
    outer: &mut BlockBuilder,
    cx: &mut Cx,
    counter: H,
    count: u32,
    span: Span,
    body: impl FnOnce(&mut BlockBuilder, &mut Cx, H),
) {
    let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
    let zero = lit(outer, cx, Literal::U32(0), span);
    outer.stmt(
        Statement::Store {
            pointer: counter,
            value: zero,
        },
        span,
    );
    let mut b = BlockBuilder::new();
    let i = b.expr(cx.f, Expression::Load { pointer: counter }, u32_ty, span);
    let n = lit(&mut b, cx, Literal::U32(count), span);
    let done = binary(&mut b, cx, BinaryOperator::GreaterEqual, i, n, span);
    let mut brk = Block::new();
    brk.push(Statement::Break, span);
    b.stmt(
        Statement::If {
            condition: done,
            accept: brk,
            reject: Block::new(),
        },
        span,
    );
    body(&mut b, cx, i);
    let mut cont = BlockBuilder::new();
    let i2 = cont.expr(cx.f, Expression::Load { pointer: counter }, u32_ty, span);
    let one = lit(&mut cont, cx, Literal::U32(1), span);
    let next = binary(&mut cont, cx, BinaryOperator::Add, i2, one, span);
    cont.stmt(
        Statement::Store {
            pointer: counter,
            value: next,
        },
        span,
    );
    outer.stmt(
        Statement::Loop {
            body: b.finish(),
            continuing: cont.finish(),
            break_if: None,
            unroll: false,
        },
        span,
    );
}

/// `R(x)` when `x` is not of type `r`.
fn widen(b: &mut BlockBuilder, cx: &mut Cx, x: H, r: Handle<Type>, span: Span) -> H {
    if cx.ty(x) == r {
        x
    } else {
        b.expr(cx.f, Expression::Convert { expr: x, ty: r }, r, span)
    }
}

/// `ptr[index]`, loaded.
fn load_element(b: &mut BlockBuilder, cx: &mut Cx, ptr: H, index: H, span: Span) -> H {
    let (base, space, access) = match *cx.inner(ptr) {
        TypeInner::Pointer {
            base,
            space,
            access,
        } => (base, space, access),
        _ => return index,
    };
    let elem = match *cx.module.inner(base) {
        TypeInner::Array { base, .. } => base,
        _ => return index,
    };
    let pty = cx.intern(TypeInner::Pointer {
        base: elem,
        space,
        access,
    });
    let e = b.expr(cx.f, Expression::Access { base: ptr, index }, pty, span);
    b.expr(cx.f, Expression::Load { pointer: e }, elem, span)
}

/// The loop lowering of every cooperative-vector expression (types are
/// changed afterwards by [`to_arrays`]).
struct Loops;

impl FunctionPass for Loops {
    fn wants(&self, _: &Module, f: &crate::ir::Function) -> bool {
        !f.expressions.is_empty()
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let ty = cx.ty(h);
        let span = cx.f.expressions.span(h);
        if let Some(product) = Product::of(&cx.f.expressions[h]) {
            let (out, block) = product_loops_block(cx, product, span);
            if product.optimal {
                // The inference layout of the loop form is row-major with
                // stride K: M * K elements.
                let (m, k) = dims(cx, product);
                let condition = optimal_condition(cx, product, m * k, span);
                let out_ty = pointee(cx, out);
                let reject = store_block(cx, Expression::ZeroValue(out_ty), out_ty, out, span);
                cx.insert_statement(
                    Statement::If {
                        condition,
                        accept: block,
                        reject,
                    },
                    span,
                );
            } else {
                cx.insert_statement(Statement::Block(block), span);
            }
            cx.f.expressions[h] = Expression::Load { pointer: out };
            return;
        }
        let Some((scalar, size)) = coop(cx.module, ty) else {
            return;
        };
        let scalar_ty = cx.intern(TypeInner::Scalar(scalar));
        let e = cx.f.expressions[h].clone();
        if !matches!(
            e,
            Expression::Binary { .. } | Expression::Unary { .. } | Expression::Math { .. }
        ) {
            return;
        }
        // Component `i` of an operand (a scalar operand stays).
        let part = |cx: &mut Cx, x: H, i: u32| -> H {
            if cx.ty(x) == ty {
                cx.add(
                    Expression::AccessIndex { base: x, index: i },
                    scalar_ty,
                    span,
                )
            } else {
                x
            }
        };
        let mut components = Vec::with_capacity(size as usize);
        for i in 0..size {
            let c = match e {
                Expression::Binary { op, left, right } => Expression::Binary {
                    op,
                    left: part(cx, left, i),
                    right: part(cx, right, i),
                },
                Expression::Unary { op, expr } => Expression::Unary {
                    op,
                    expr: part(cx, expr, i),
                },
                Expression::Math { fun, ref args } => Expression::Math {
                    fun,
                    args: args.iter().map(|&a| part(cx, a, i)).collect(),
                },
                _ => return,
            };
            components.push(cx.add(c, scalar_ty, span));
        }
        cx.f.expressions[h] = Expression::Compose { ty, components };
    }
}

/// Every `coop_vec<T, N>` (and pointer to one) becomes `array<T, N>`:
/// the types of expressions, variables, arguments and results.
fn to_arrays(m: &mut Module) {
    let mut map: rustc_hash::FxHashMap<Handle<Type>, Handle<Type>> = Default::default();
    let types: Vec<(Handle<Type>, TypeInner)> =
        m.types.iter().map(|(h, t)| (h, t.inner.clone())).collect();
    for (h, inner) in &types {
        if let TypeInner::CoopVector { scalar, size } = *inner {
            let base = m.intern(TypeInner::Scalar(scalar));
            let a = m.intern(TypeInner::Array {
                base,
                size: ArraySize::Constant(size),
                stride: scalar.size(),
            });
            map.insert(*h, a);
        }
    }
    for (h, inner) in &types {
        if let TypeInner::Pointer {
            base,
            space,
            access,
        } = *inner
        {
            if let Some(&a) = map.get(&base) {
                let p = m.intern(TypeInner::Pointer {
                    base: a,
                    space,
                    access,
                });
                map.insert(*h, p);
            }
        }
    }
    let remap = |t: &mut Handle<Type>| {
        if let Some(&n) = map.get(t) {
            *t = n;
        }
    };
    for (_, g) in m.global_variables.iter_mut() {
        remap(&mut g.ty);
    }
    m.global_expression_types.iter_mut().for_each(remap);
    for (_, f) in m.functions.iter_mut() {
        f.expression_types.iter_mut().for_each(remap);
        for (_, v) in f.local_variables.iter_mut() {
            remap(&mut v.ty);
        }
        for a in &mut f.arguments {
            remap(&mut a.ty);
        }
        if let Some(r) = &mut f.result {
            remap(&mut r.ty);
        }
        for (_, e) in f.expressions.iter_mut() {
            match e {
                Expression::ZeroValue(t) | Expression::Compose { ty: t, .. } => remap(t),
                _ => {}
            }
        }
    }
}

/// The native form: each product runs natively when its operands allow,
/// else as loops (a product in the inference layout gives zero instead).
struct Guard {
    bounds: bool,
    /// The bound on the driver's optimal layouts.
    layouts: Vec<crate::configs::OptimalLayoutBound>,
}

/// A block that evaluates `value` (of type `ty`) and stores it through
/// `pointer`.
fn store_block(cx: &mut Cx, value: Expression, ty: Handle<Type>, pointer: H, span: Span) -> Block {
    let mut b = BlockBuilder::new();
    let v = b.expr(cx.f, value, ty, span);
    b.stmt(Statement::Store { pointer, value: v }, span);
    b.finish()
}

/// `M` and `K` of a product (a `u32` input of an 8-bit product holds four
/// elements per component).
fn dims(cx: &Cx, product: Product) -> (u32, u32) {
    let m = coop(cx.module, product.ty).map_or(0, |c| c.1);
    let k = match coop(cx.module, cx.ty(product.input)) {
        Some((Scalar::U32, n)) if product.bytes() => n * 4,
        Some((_, n)) => n,
        None => 0,
    };
    (m, k)
}

/// The rule of the products in the inference layout, on every device: the
/// matrix's offset a multiple of 64 bytes and the bias offset of 16, the
/// matrix's `region` elements and the bias's `M` inside their arrays
/// (evaluated before the current statement).
fn optimal_condition(cx: &mut Cx, product: Product, region: u32, span: Span) -> H {
    let (m, _) = dims(cx, product);
    let (size, per_word, bias_size) = product.sizes();
    let mut b = BlockBuilder::new();
    let multiple =
        |b: &mut BlockBuilder, cx: &mut Cx, x: H, of: u32| multiple_of(b, cx, x, of, span);
    let inside = |b: &mut BlockBuilder, cx: &mut Cx, ptr: H, offset: H, n: u32, per: u32| {
        let len = elements_len(b, cx, ptr, per, span);
        let c = lit(b, cx, Literal::U32(n), span);
        let fits = binary(b, cx, BinaryOperator::LessEqual, c, len, span);
        let room = binary(b, cx, BinaryOperator::Subtract, len, c, span);
        let within = binary(b, cx, BinaryOperator::LessEqual, offset, room, span);
        binary(b, cx, BinaryOperator::And, fits, within, span)
    };
    let mut cond = multiple(&mut b, cx, product.offset, (64 / size).max(1));
    let t = inside(&mut b, cx, product.matrix, product.offset, region, per_word);
    cond = binary(&mut b, cx, BinaryOperator::And, cond, t, span);
    if let Some((bias, bias_offset)) = product.bias {
        let t = multiple(&mut b, cx, bias_offset, (16 / bias_size).max(1));
        cond = binary(&mut b, cx, BinaryOperator::And, cond, t, span);
        let t = inside(&mut b, cx, bias, bias_offset, m, 1);
        cond = binary(&mut b, cx, BinaryOperator::And, cond, t, span);
    }
    insert_all(cx, b.finish());
    cond
}

impl FunctionPass for Guard {
    fn wants(&self, _: &Module, f: &crate::ir::Function) -> bool {
        f.expressions
            .iter()
            .any(|(_, e)| matches!(e, Expression::CoopVecMatMul { .. }))
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let Some(product) = Product::of(&cx.f.expressions[h]) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let (Some(_), Some(_)) = (
            coop(cx.module, product.ty),
            coop(cx.module, cx.ty(product.input)),
        ) else {
            return;
        };
        let (m, k) = dims(cx, product);
        let result = cx.local("tessera_coop_result", product.ty, span);
        if product.optimal {
            let region = crate::configs::OptimalLayoutBound::find(
                &self.layouts,
                crate::configs::OptimalLayout::Inference,
                product.element,
            )
            .map_or(m * k, |b| {
                // A transposed product's stored matrix is K x M.
                if product.layout == MatrixLayout::ColumnMajor {
                    b.elements(k, m)
                } else {
                    b.elements(m, k)
                }
            });
            let condition = optimal_condition(cx, product, region, span);
            let native = cx.f.expressions[h].clone();
            let accept = store_block(cx, native, product.ty, result, span);
            let reject = store_block(
                cx,
                Expression::ZeroValue(product.ty),
                product.ty,
                result,
                span,
            );
            cx.insert_statement(
                Statement::If {
                    condition,
                    accept,
                    reject,
                },
                span,
            );
            cx.f.expressions[h] = Expression::Load { pointer: result };
            return;
        }
        // The loops, storing the result as a vector.
        let mut reject = BlockBuilder::new();
        let v = loops_as_vector(cx, &mut reject, product, span);
        reject.stmt(
            Statement::Store {
                pointer: result,
                value: v,
            },
            span,
        );
        let st = match native_condition(cx, product, self.bounds, span) {
            Some(condition) => {
                let native = cx.f.expressions[h].clone();
                Statement::If {
                    condition,
                    accept: store_block(cx, native, product.ty, result, span),
                    reject: reject.finish(),
                }
            }
            // The matrix's array does not start at a multiple of 64 bytes
            // of its binding: the loops only.
            None => Statement::Block(reject.finish()),
        };
        cx.insert_statement(st, span);
        cx.f.expressions[h] = Expression::Load { pointer: result };
    }
}

/// The type a pointer expression points to.
fn pointee(cx: &Cx, p: H) -> Handle<Type> {
    match *cx.inner(p) {
        TypeInner::Pointer { base, .. } => base,
        _ => cx.ty(p),
    }
}

/// The loops of `product` appended to `b`, and their result as a
/// `coop_vec<R, M>` value.
fn loops_as_vector(cx: &mut Cx, b: &mut BlockBuilder, product: Product, span: Span) -> H {
    let (out, block) = product_loops_block(cx, product, span);
    b.stmt(Statement::Block(block), span);
    let (r, m) = coop(cx.module, product.ty).unwrap_or((Scalar::F32, 0));
    let r_ty = cx.intern(TypeInner::Scalar(r));
    let loaded = b.expr(
        cx.f,
        Expression::Load { pointer: out },
        pointee(cx, out),
        span,
    );
    let mut parts = Vec::with_capacity(m as usize);
    for i in 0..m {
        parts.push(b.expr(
            cx.f,
            Expression::AccessIndex {
                base: loaded,
                index: i,
            },
            r_ty,
            span,
        ));
    }
    b.expr(
        cx.f,
        Expression::Compose {
            ty: product.ty,
            components: parts,
        },
        product.ty,
        span,
    )
}

/// The loops of a product as a block (variables declared in the function).
fn product_loops_block(cx: &mut Cx, product: Product, span: Span) -> (H, Block) {
    let mut b = BlockBuilder::new();
    let (r, m) = coop(cx.module, product.ty).unwrap_or((Scalar::F32, 1));
    let (t, k) = coop(cx.module, cx.ty(product.input)).unwrap_or((Scalar::F32, 1));
    let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
    let r_ty = cx.intern(TypeInner::Scalar(r));
    let t_ty = cx.intern(TypeInner::Scalar(t));
    let in_ty = cx.intern(TypeInner::Array {
        base: t_ty,
        size: ArraySize::Constant(k),
        stride: t.size(),
    });
    let out_ty = cx.intern(TypeInner::Array {
        base: r_ty,
        size: ArraySize::Constant(m),
        stride: r.size(),
    });
    let input = cx.local("tessera_coop_in", in_ty, span);
    let out = cx.local("tessera_coop_out", out_ty, span);
    let row = cx.local("tessera_coop_row", u32_ty, span);
    let col = cx.local("tessera_coop_k", u32_ty, span);
    let acc = cx.local("tessera_coop_acc", r_ty, span);
    store_components(cx, &mut b, product.input, (input, in_ty), span);
    let (_, logical_k) = dims(cx, product);
    loops_body(
        cx,
        &mut b,
        product,
        (input, out, row, col, acc),
        (r_ty, m, logical_k),
        span,
    );
    (out, b.finish())
}

/// The two counted loops of a product, appended to `outer`.
fn loops_body(
    cx: &mut Cx,
    outer: &mut BlockBuilder,
    product: Product,
    (input, out, row, col, acc): (H, H, H, H, H),
    (r_ty, m, k): (Handle<Type>, u32, u32),
    span: Span,
) {
    counted_loop(outer, cx, row, m, span, |b, cx, rv| {
        let init = match product.bias {
            Some((bias, bias_offset)) => {
                let i = binary(b, cx, BinaryOperator::Add, bias_offset, rv, span);
                let x = load_element(b, cx, bias, i, span);
                widen(b, cx, x, r_ty, span)
            }
            None => b.expr(cx.f, Expression::ZeroValue(r_ty), r_ty, span),
        };
        b.stmt(
            Statement::Store {
                pointer: acc,
                value: init,
            },
            span,
        );
        counted_loop(b, cx, col, k, span, |b, cx, kv| {
            let (major, minor) = match product.layout {
                MatrixLayout::RowMajor => (rv, kv),
                MatrixLayout::ColumnMajor => (kv, rv),
            };
            let scaled = binary(b, cx, BinaryOperator::Multiply, major, product.stride, span);
            let within = binary(b, cx, BinaryOperator::Add, scaled, minor, span);
            let index = binary(b, cx, BinaryOperator::Add, product.offset, within, span);
            let (mv, iv) = if product.bytes() {
                let mv = load_byte(b, cx, product.matrix, index, product.element, span);
                (mv, input_as_byte(b, cx, input, kv, product.element, span))
            } else {
                let mv = load_element(b, cx, product.matrix, index, span);
                (mv, load_element(b, cx, input, kv, span))
            };
            let mv = widen(b, cx, mv, r_ty, span);
            let iv = widen(b, cx, iv, r_ty, span);
            let prod = binary(b, cx, BinaryOperator::Multiply, mv, iv, span);
            let a = b.expr(cx.f, Expression::Load { pointer: acc }, r_ty, span);
            let sum = binary(b, cx, BinaryOperator::Add, a, prod, span);
            b.stmt(
                Statement::Store {
                    pointer: acc,
                    value: sum,
                },
                span,
            );
        });
        let rptr_ty = cx.intern(TypeInner::Pointer {
            base: r_ty,
            space: AddressSpace::Function,
            access: Access::ReadWrite,
        });
        let dst = b.expr(
            cx.f,
            Expression::Access {
                base: out,
                index: rv,
            },
            rptr_ty,
            span,
        );
        let a = b.expr(cx.f, Expression::Load { pointer: acc }, r_ty, span);
        b.stmt(
            Statement::Store {
                pointer: dst,
                value: a,
            },
            span,
        );
    });
}

/// The condition under which the native instruction is used: aligned
/// offsets and strides and, with `bounds`, the whole matrix and bias
/// inside their arrays. `None` when the matrix's array does not start at
/// a multiple of 64 bytes (or the bias's at 16) of its binding.
fn native_condition(cx: &mut Cx, product: Product, bounds: bool, span: Span) -> Option<H> {
    let (m, k) = dims(cx, product);
    let (size, per_word, bias_size) = product.sizes();
    if binding_byte_offset(cx.module, cx.f, product.matrix)? % 64 != 0 {
        return None;
    }
    if let Some((bias, _)) = product.bias {
        if binding_byte_offset(cx.module, cx.f, bias)? % 16 != 0 {
            return None;
        }
    }
    let mut b = BlockBuilder::new();
    let mut terms = Vec::new();
    let multiple =
        |b: &mut BlockBuilder, cx: &mut Cx, x: H, of: u32| multiple_of(b, cx, x, of, span);
    terms.push(multiple(&mut b, cx, product.offset, 64 / size));
    terms.push(multiple(&mut b, cx, product.stride, (16 / size).max(1)));
    if let Some((_, bias_offset)) = product.bias {
        terms.push(multiple(&mut b, cx, bias_offset, (16 / bias_size).max(1)));
    }
    if bounds {
        // offset + (rows - 1) * stride + cols <= len, without overflow:
        // cols <= len, offset <= len - cols,
        // stride <= (len - cols - offset) / (rows - 1).
        let (rows, cols) = match product.layout {
            MatrixLayout::RowMajor => (m, k),
            MatrixLayout::ColumnMajor => (k, m),
        };
        let inside = |b: &mut BlockBuilder, cx: &mut Cx, ptr: H, offset: H, stride: Option<H>| {
            let len = elements_len(b, cx, ptr, per_word, span);
            let c = lit(b, cx, Literal::U32(cols), span);
            let mut out = vec![binary(b, cx, BinaryOperator::LessEqual, c, len, span)];
            let room = binary(b, cx, BinaryOperator::Subtract, len, c, span);
            out.push(binary(b, cx, BinaryOperator::LessEqual, offset, room, span));
            if let (Some(stride), true) = (stride, rows > 1) {
                let rest = binary(b, cx, BinaryOperator::Subtract, room, offset, span);
                let n = lit(b, cx, Literal::U32(rows - 1), span);
                let most = binary(b, cx, BinaryOperator::Divide, rest, n, span);
                out.push(binary(b, cx, BinaryOperator::LessEqual, stride, most, span));
            }
            out
        };
        terms.extend(inside(
            &mut b,
            cx,
            product.matrix,
            product.offset,
            Some(product.stride),
        ));
        if let Some((bias, bias_offset)) = product.bias {
            // `m` consecutive elements: one row of `m` columns.
            let len = array_len(&mut b, cx, bias, span);
            let c = lit(&mut b, cx, Literal::U32(m), span);
            terms.push(binary(&mut b, cx, BinaryOperator::LessEqual, c, len, span));
            let room = binary(&mut b, cx, BinaryOperator::Subtract, len, c, span);
            terms.push(binary(
                &mut b,
                cx,
                BinaryOperator::LessEqual,
                bias_offset,
                room,
                span,
            ));
        }
    }
    let mut cond = terms[0];
    for &t in &terms[1..] {
        cond = binary(&mut b, cx, BinaryOperator::And, cond, t, span);
    }
    insert_all(cx, b.finish());
    Some(cond)
}

/// `x % of == 0` (u32), appended to `b`.
fn multiple_of(b: &mut BlockBuilder, cx: &mut Cx, x: H, of: u32, span: Span) -> H {
    let n = lit(b, cx, Literal::U32(of), span);
    let rem = binary(b, cx, BinaryOperator::Modulo, x, n, span);
    let zero = lit(b, cx, Literal::U32(0), span);
    binary(b, cx, BinaryOperator::Equal, rem, zero, span)
}

/// `vector`'s components stored into the local array `var` of type `ty`
/// (`var = ty(vector[0], ..., vector[n - 1])`), appended to `b`.
fn store_components(
    cx: &mut Cx,
    b: &mut BlockBuilder,
    vector: H,
    (var, ty): (H, Handle<Type>),
    span: Span,
) {
    let (scalar, n) = match *cx.module.inner(ty) {
        TypeInner::Array {
            base,
            size: ArraySize::Constant(n),
            ..
        } => (base, n),
        _ => return,
    };
    let parts = (0..n)
        .map(|i| {
            b.expr(
                cx.f,
                Expression::AccessIndex {
                    base: vector,
                    index: i,
                },
                scalar,
                span,
            )
        })
        .collect();
    let value = b.expr(
        cx.f,
        Expression::Compose {
            ty,
            components: parts,
        },
        ty,
        span,
    );
    b.stmt(
        Statement::Store {
            pointer: var,
            value,
        },
        span,
    );
}

/// Inserts the statements of `block` before the current statement (so the
/// expressions they evaluate are visible after them).
fn insert_all(cx: &mut Cx, block: Block) {
    for (st, span) in block {
        cx.insert_statement(st, span);
    }
}

/// The matrix elements in the array `ptr` points to: its element count
/// times `per` (u32; 8-bit elements are four per `u32`).
fn elements_len(b: &mut BlockBuilder, cx: &mut Cx, ptr: H, per: u32, span: Span) -> H {
    let len = array_len(b, cx, ptr, span);
    if per == 1 {
        return len;
    }
    let n = lit(b, cx, Literal::U32(per), span);
    binary(b, cx, BinaryOperator::Multiply, len, n, span)
}

/// The element count of the array `ptr` points to (u32).
fn array_len(b: &mut BlockBuilder, cx: &mut Cx, ptr: H, span: Span) -> H {
    let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
    let size = match *cx.module.inner(pointee(cx, ptr)) {
        TypeInner::Array { size, .. } => size,
        _ => ArraySize::Constant(0),
    };
    match cx.array_count(size) {
        Some(n) => lit(
            b,
            cx,
            Literal::U32(u32::try_from(n).unwrap_or(u32::MAX)),
            span,
        ),
        None if size == ArraySize::Runtime => {
            b.expr(cx.f, Expression::ArrayLength(ptr), u32_ty, span)
        }
        None => lit(b, cx, Literal::U32(0), span),
    }
}

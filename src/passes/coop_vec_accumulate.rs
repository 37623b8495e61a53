//! The cooperative-vector training accumulations
//! (`coopVecOuterProductAccumulate<T>`, `coopVecReduceSumAccumulate`;
//! docs/cooperative-vectors.md), part of the `coop-vec` pass.
//!
//! Every accumulation is guarded by the rule that holds on every device:
//! the region starts at a multiple of 64 bytes (outer product) or 16 bytes
//! (reduction) and lies inside its array; otherwise nothing happens.
//!
//! ```text
//! if offset % (ALIGN / size(T)) == 0 && REGION <= len && offset <= len - REGION {
//!     native instruction                        // or the loops below
//! }
//! ```
//!
//! **Native** (`OpCooperativeVectorOuterProductAccumulateNV` with the
//! training-optimal layout, `OpCooperativeVectorReduceSumAccumulateNV`):
//! when the vectors are native, the device profile lists `T` in
//! `cooperativeVectorTraining` with a measured optimal-layout bound, the
//! outer product's vectors are f16 (Vulkan's rule) and the profile bounds
//! the training layout of `T` (`cooperativeVectorOptimalLayouts`), and the
//! array starts at a multiple of the alignment inside its binding. The
//! outer product's `REGION` is then that bound for `M x N`.
//!
//! **Loops** (everywhere else): the matrix is row-major with stride `N`
//! (`REGION` = `M * N`; `M` for the reduction), and each element is added
//! with a compare-exchange loop on the `u32` word holding it:
//!
//! ```text
//! loop {
//!     let old = atomicLoad(&dst[w]);
//!     let new = bitcast<u32>(bitcast<f32>(old) + x);   // f32
//!     // f16: the half (e & 1) of the word, added in f16, put back
//!     if atomicCompareExchangeWeak(&dst[w], old, new).exchanged { break; }
//! }
//! ```

use super::rewrite::{BlockBuilder, Cx, FunctionPass};
use super::{array_len, binary, coop, counted_loop, insert_all, lit};
use crate::analysis::binding_byte_offset;
use crate::configs::ComponentType;
use crate::ir::{
    AddressSpace, ArraySize, AtomicFunction, BinaryOperator, Block, Expression, Literal,
    MathFunction, Module, Scalar, Statement, TypeInner, VectorSize,
};
use crate::span::Span;

type H = crate::arena::Handle<Expression>;

/// What decides the native form.
pub(super) struct Accumulate {
    /// The module's vectors are native.
    pub native_vectors: bool,
    /// The device's native accumulation types.
    pub training: Vec<ComponentType>,
    /// The bound on the driver's optimal layouts.
    pub layouts: Vec<crate::configs::OptimalLayoutBound>,
}

/// Whether the module has a training accumulation.
pub(super) fn any(m: &Module) -> bool {
    m.functions
        .iter()
        .any(|(_, f)| crate::ir::visit::any_statement(&f.body, &mut is_accumulate))
}

fn is_accumulate(st: &Statement) -> bool {
    matches!(st, Statement::CoopVecAccumulate { .. })
}

impl FunctionPass for Accumulate {
    fn wants(&self, _: &Module, f: &crate::ir::Function) -> bool {
        crate::ir::visit::any_statement(&f.body, &mut is_accumulate)
    }

    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        let Statement::CoopVecAccumulate {
            pointer,
            offset,
            a,
            b,
            element,
        } = *st
        else {
            return;
        };
        let (Some((s, m)), n) = (
            coop(cx.module, cx.ty(a)),
            b.and_then(|b| coop(cx.module, cx.ty(b))).map(|(_, n)| n),
        ) else {
            return;
        };
        let align: u32 = if b.is_some() { 64 } else { 16 };
        let listed =
            ComponentType::from_scalar(element).is_some_and(|t| self.training.contains(&t));
        // The outer product's training layout needs its measured bound.
        let bound = crate::configs::OptimalLayoutBound::find(
            &self.layouts,
            crate::configs::OptimalLayout::Training,
            element,
        );
        let native = self.native_vectors
            && listed
            && (b.is_none() || (s == Scalar::F16 && bound.is_some()))
            && binding_byte_offset(cx.module, cx.f, pointer).is_some_and(|o| o % align == 0);
        let region = match (n, native, bound) {
            (Some(n), true, Some(bound)) => bound.elements(m, n),
            (Some(n), _, _) => m * n,
            (None, _, _) => m,
        };
        // The guard, evaluated before the statement.
        let mut g = BlockBuilder::new();
        let per_word = 4 / element.size();
        let words = array_len(&mut g, cx, pointer, span);
        let k = lit(&mut g, cx, Literal::U32(per_word), span);
        let len = binary(&mut g, cx, BinaryOperator::Multiply, words, k, span);
        let aligned = super::multiple_of(&mut g, cx, offset, align / element.size(), span);
        let r = lit(&mut g, cx, Literal::U32(region), span);
        let fits = binary(&mut g, cx, BinaryOperator::LessEqual, r, len, span);
        let room = binary(&mut g, cx, BinaryOperator::Subtract, len, r, span);
        let within = binary(&mut g, cx, BinaryOperator::LessEqual, offset, room, span);
        let c1 = binary(&mut g, cx, BinaryOperator::And, aligned, fits, span);
        let condition = binary(&mut g, cx, BinaryOperator::And, c1, within, span);
        insert_all(cx, g.finish());
        let accept = if native {
            let mut block = Block::new();
            block.push(st.clone(), span);
            block
        } else {
            loops(cx, (pointer, offset, a, b), element, (m, n), span)
        };
        // Inserted before the statement, which becomes an empty block: the
        // walk does not visit inserted statements, so the native
        // instruction inside is not guarded again.
        cx.insert_statement(
            Statement::If {
                condition,
                accept,
                reject: Block::new(),
            },
            span,
        );
        *st = Statement::Block(Block::new());
    }
}

/// The vector `v` copied into a local `array<S, len>`.
fn to_local(cx: &mut Cx, b: &mut BlockBuilder, v: H, span: Span) -> H {
    let (s, len) = coop(cx.module, cx.ty(v)).unwrap_or((Scalar::F32, 1));
    let s_ty = cx.intern(TypeInner::Scalar(s));
    let arr = cx.intern(TypeInner::Array {
        base: s_ty,
        size: ArraySize::Constant(len),
        stride: s.size(),
    });
    let var = cx.local("tessera_coop_vec", arr, span);
    super::store_components(cx, b, v, (var, arr), span);
    var
}

/// Component `i` of the local array `var`, converted to `t`.
fn component(cx: &mut Cx, b: &mut BlockBuilder, var: H, i: H, t: Scalar, span: Span) -> H {
    let s = match *cx.module.inner(super::pointee(cx, var)) {
        TypeInner::Array { base, .. } => match *cx.module.inner(base) {
            TypeInner::Scalar(s) => s,
            _ => t,
        },
        _ => t,
    };
    let s_ty = cx.intern(TypeInner::Scalar(s));
    let p_ty = cx.intern(TypeInner::Pointer {
        base: s_ty,
        space: AddressSpace::Function,
        access: crate::ir::Access::ReadWrite,
    });
    let p = b.expr(
        cx.f,
        Expression::Access {
            base: var,
            index: i,
        },
        p_ty,
        span,
    );
    let x = b.expr(cx.f, Expression::Load { pointer: p }, s_ty, span);
    let t_ty = cx.intern(TypeInner::Scalar(t));
    super::widen(b, cx, x, t_ty, span)
}

/// The loop form: one compare-exchange loop per element of the region.
fn loops(
    cx: &mut Cx,
    (pointer, offset, a, b): (H, H, H, Option<H>),
    element: Scalar,
    (m, n): (u32, Option<u32>),
    span: Span,
) -> Block {
    let mut out = BlockBuilder::new();
    let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
    let av = to_local(cx, &mut out, a, span);
    let bv = b.map(|b| to_local(cx, &mut out, b, span));
    let i = cx.local("tessera_coop_i", u32_ty, span);
    let j = n.map(|_| cx.local("tessera_coop_j", u32_ty, span));
    counted_loop(&mut out, cx, i, m, span, |body, cx, iv| {
        let x = component(cx, body, av, iv, element, span);
        match (bv, n, j) {
            (Some(bv), Some(n), Some(j)) => counted_loop(body, cx, j, n, span, |inner, cx, jv| {
                let y = component(cx, inner, bv, jv, element, span);
                let prod = binary(inner, cx, BinaryOperator::Multiply, x, y, span);
                // offset + i * N + j
                let nn = lit(inner, cx, Literal::U32(n), span);
                let row = binary(inner, cx, BinaryOperator::Multiply, iv, nn, span);
                let at = binary(inner, cx, BinaryOperator::Add, row, jv, span);
                let e = binary(inner, cx, BinaryOperator::Add, offset, at, span);
                atomic_add(cx, inner, pointer, e, prod, element, span);
            }),
            _ => {
                let e = binary(body, cx, BinaryOperator::Add, offset, iv, span);
                atomic_add(cx, body, pointer, e, x, element, span);
            }
        }
    });
    out.finish()
}

/// `dst[e] += x` (elements of `element` in `u32` words), atomically, as a
/// compare-exchange loop.
fn atomic_add(
    cx: &mut Cx,
    b: &mut BlockBuilder,
    pointer: H,
    e: H,
    x: H,
    element: Scalar,
    span: Span,
) {
    let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
    let word = if element == Scalar::F16 {
        let one = lit(b, cx, Literal::U32(1), span);
        binary(b, cx, BinaryOperator::ShiftRight, e, one, span)
    } else {
        e
    };
    let mut body = BlockBuilder::new();
    let old = atomic(
        cx,
        &mut body,
        (pointer, word),
        (AtomicFunction::Load, None, None),
        u32_ty,
        span,
    );
    let new = match element {
        Scalar::F16 => {
            // The half (e & 1) of the word, added in f16, put back.
            let one = lit(&mut body, cx, Literal::U32(1), span);
            let odd = binary(&mut body, cx, BinaryOperator::And, e, one, span);
            let sixteen = lit(&mut body, cx, Literal::U32(16), span);
            let shift = binary(&mut body, cx, BinaryOperator::Multiply, odd, sixteen, span);
            let moved = binary(&mut body, cx, BinaryOperator::ShiftRight, old, shift, span);
            let f32_ty = cx.intern(TypeInner::Scalar(Scalar::F32));
            let v2 = cx.intern(TypeInner::Vector {
                size: VectorSize::Bi,
                scalar: Scalar::F32,
            });
            let unpacked = body.expr(
                cx.f,
                Expression::Math {
                    fun: MathFunction::Unpack2x16Float,
                    args: [moved].into_iter().collect(),
                },
                v2,
                span,
            );
            let cur32 = body.expr(
                cx.f,
                Expression::AccessIndex {
                    base: unpacked,
                    index: 0,
                },
                f32_ty,
                span,
            );
            let f16_ty = cx.intern(TypeInner::Scalar(Scalar::F16));
            let cur = body.expr(
                cx.f,
                Expression::Convert {
                    expr: cur32,
                    ty: f16_ty,
                },
                f16_ty,
                span,
            );
            let sum = binary(&mut body, cx, BinaryOperator::Add, cur, x, span);
            let sum32 = body.expr(
                cx.f,
                Expression::Convert {
                    expr: sum,
                    ty: f32_ty,
                },
                f32_ty,
                span,
            );
            let zero = lit(&mut body, cx, Literal::F32(0.0), span);
            let pair = body.expr(
                cx.f,
                Expression::Compose {
                    ty: v2,
                    components: vec![sum32, zero],
                },
                v2,
                span,
            );
            let packed = body.expr(
                cx.f,
                Expression::Math {
                    fun: MathFunction::Pack2x16Float,
                    args: [pair].into_iter().collect(),
                },
                u32_ty,
                span,
            );
            let low = lit(&mut body, cx, Literal::U32(0xffff), span);
            let bits = binary(&mut body, cx, BinaryOperator::And, packed, low, span);
            let placed = binary(&mut body, cx, BinaryOperator::ShiftLeft, bits, shift, span);
            let mask = binary(&mut body, cx, BinaryOperator::ShiftLeft, low, shift, span);
            let keep = body.expr(
                cx.f,
                Expression::Unary {
                    op: crate::ir::UnaryOperator::BitwiseNot,
                    expr: mask,
                },
                u32_ty,
                span,
            );
            let kept = binary(&mut body, cx, BinaryOperator::And, old, keep, span);
            binary(
                &mut body,
                cx,
                BinaryOperator::InclusiveOr,
                kept,
                placed,
                span,
            )
        }
        _ => {
            let f32_ty = cx.intern(TypeInner::Scalar(Scalar::F32));
            let cur = body.expr(
                cx.f,
                Expression::Bitcast {
                    expr: old,
                    ty: f32_ty,
                },
                f32_ty,
                span,
            );
            let sum = binary(&mut body, cx, BinaryOperator::Add, cur, x, span);
            body.expr(
                cx.f,
                Expression::Bitcast {
                    expr: sum,
                    ty: u32_ty,
                },
                u32_ty,
                span,
            )
        }
    };
    let result_ty = crate::builtins::result_types::atomic_compare_exchange(cx.module, Scalar::U32);
    let r = atomic(
        cx,
        &mut body,
        (pointer, word),
        (AtomicFunction::CompareExchangeWeak, Some(new), Some(old)),
        result_ty,
        span,
    );
    let bool_ty = cx.intern(TypeInner::Scalar(Scalar::Bool));
    let exchanged = body.expr(
        cx.f,
        Expression::AccessIndex { base: r, index: 1 },
        bool_ty,
        span,
    );
    let mut brk = Block::new();
    brk.push(Statement::Break, span);
    body.stmt(
        Statement::If {
            condition: exchanged,
            accept: brk,
            reject: Block::new(),
        },
        span,
    );
    b.stmt(
        Statement::Loop {
            body: body.finish(),
            continuing: Block::new(),
            break_if: None,
            unroll: false,
        },
        span,
    );
}

/// `fun` on the atomic `pointer[word]` (with its operand and comparand),
/// appended to `b`; its result, of type `result_ty`.
fn atomic(
    cx: &mut Cx,
    b: &mut BlockBuilder,
    (pointer, word): (H, H),
    (fun, value, compare): (AtomicFunction, Option<H>, Option<H>),
    result_ty: crate::arena::Handle<crate::ir::Type>,
    span: Span,
) -> H {
    let atomic_ty = cx.intern(TypeInner::atomic(Scalar::U32));
    let atomic_ptr = cx.intern(TypeInner::Pointer {
        base: atomic_ty,
        space: AddressSpace::Storage,
        access: crate::ir::Access::ReadWrite,
    });
    let at = b.expr(
        cx.f,
        Expression::Access {
            base: pointer,
            index: word,
        },
        atomic_ptr,
        span,
    );
    let r =
        cx.f.add_expression(Expression::AtomicResult { ty: result_ty }, result_ty, span);
    b.stmt(
        Statement::Atomic {
            pointer: at,
            fun,
            value,
            compare,
            result: Some(r),
        },
        span,
    );
    r
}

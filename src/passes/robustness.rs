//! WGSL's robustness: no access leaves its array, vector or matrix.
//!
//! Indices (`Access`, and constant indices into runtime-sized arrays) are
//! clamped to the last element:
//!
//! ```text
//! a[i]     ->   a[min(u32(i), 15u)]                    // array<T, 16>
//! buf[i]   ->   buf[min(u32(i), arrayLength(&buf) - 1u)]
//! ```
//!
//! Indices that are constants inside a fixed-size array are left alone.
//! An override-sized array whose count is a specialization constant is
//! clamped like a runtime-sized one, to `count - 1` read at run time.
//!
//! Subgroup-matrix loads and stores touch `extent = stride * (major - 1) +
//! minor` array elements from `offset`, where `major` is the number of rows
//! (row-major) or columns (column-major) and `minor` the elements one row or
//! column spans. The stride is first raised to at least `minor` (a constant
//! stride stays a constant). Then:
//! - when the matrix fits in the array at that stride, the offset is
//!   lowered so that it ends inside: `offset = min(offset, length -
//!   extent)` (left alone when constant and already inside);
//! - when it cannot fit at any offset, a load gives the zero matrix and a
//!   store writes nothing. With a fixed-size array and a constant stride
//!   this is decided here; otherwise a uniform `if` guards the access.
//!
//! Guarantee: after this pass, every dynamic index is inside its
//! container, and every subgroup-matrix access stays inside its array
//! (SPIR-V's cooperative-matrix loads are not otherwise bounds-checked:
//! drivers may report `cooperativeMatrixRobustBufferAccess = 0`).

use rustc_hash::FxHashSet;

use super::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    AddressSpace, ArraySize, BinaryOperator as B, Block, Expression, LocalVariable, MathFunction,
    MatrixLayout, Scalar, Statement, Type, TypeInner,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass; with `buffers_by_device`, indices into `storage` and
/// `uniform` buffers (not subgroup-matrix accesses) are left to the
/// device's robust buffer access (Vulkan `robustBufferAccess` or
/// `VK_EXT_pipeline_robustness`), which keeps every access inside the bound
/// range as WGSL requires.
pub fn run_with(p: &mut Pipeline, buffers_by_device: bool) -> Result<(), Error> {
    rewrite::run(
        p,
        &mut Robustness {
            guarded: FxHashSet::default(),
            buffers_by_device,
        },
    );
    Ok(())
}

struct Robustness {
    /// Leave plain buffer indices to the device.
    buffers_by_device: bool,
    /// Offsets of the matrix stores this pass produced (so the store
    /// inside a guard is not rewritten again).
    guarded: FxHashSet<H>,
}

/// How many elements a container holds.
enum Count {
    Fixed(u64),
    Runtime,
    /// An override-sized array whose count (this global expression) is a
    /// specialization constant.
    Spec(H),
}

fn count_of(cx: &Cx, inner: &TypeInner, through_pointer: bool) -> Option<Count> {
    Some(match *inner {
        TypeInner::Vector { size, .. } => Count::Fixed(size.get().into()),
        TypeInner::CoopVector { size, .. } => Count::Fixed(size.into()),
        TypeInner::Matrix { columns, .. } => Count::Fixed(columns.get().into()),
        // A runtime-sized one is the resource table's: its indices are
        // in range by construction (`passes::resource_table`).
        TypeInner::BindingArray { size, .. } => Count::Fixed(size?.into()),
        TypeInner::Array { size, .. } => match (cx.array_count(size), size) {
            (Some(n), _) => Count::Fixed(n),
            (None, ArraySize::Runtime) if through_pointer => Count::Runtime,
            (None, ArraySize::Override(e)) if cx.global_values.get(e.index()) == Some(&None) => {
                Count::Spec(e)
            }
            (None, _) => return None,
        },
        _ => return None,
    })
}

/// `index` as a `u32`.
fn to_u32(cx: &mut Cx, index: H, span: Span) -> H {
    if let Some(c) = cx.const_int(index) {
        return cx.u32(c as u32, span);
    }
    match cx.shape(index) {
        Some((Scalar::U32, None)) => index,
        _ => {
            let u = cx.intern(TypeInner::Scalar(Scalar::U32));
            cx.add(Expression::Convert { expr: index, ty: u }, u, span)
        }
    }
}

/// The element count of an override-sized array given by a
/// specialization constant (global expression `count`), as a `u32`.
fn spec_length(cx: &mut Cx, count: H, span: Span) -> H {
    let ty = cx.module.global_expression_types[count.index()];
    let v = cx.add(Expression::OverrideExpr(count), ty, span);
    if *cx.module.inner(ty) == TypeInner::Scalar(Scalar::U32) {
        return v;
    }
    let u = cx.intern(TypeInner::Scalar(Scalar::U32));
    cx.add(Expression::Convert { expr: v, ty: u }, u, span)
}

/// The element count of the runtime-sized array `pointer` points to.
fn runtime_length(cx: &mut Cx, pointer: H, span: Span) -> H {
    let u = cx.intern(TypeInner::Scalar(Scalar::U32));
    cx.add(Expression::ArrayLength(pointer), u, span)
}

impl Robustness {
    fn index(&mut self, cx: &mut Cx, h: H, base: H, index: Option<H>, const_index: u32) {
        let (container, through_pointer) = match *cx.inner(base) {
            TypeInner::Pointer {
                space: AddressSpace::Storage | AddressSpace::Uniform,
                ..
            } if self.buffers_by_device => return,
            TypeInner::Pointer { base, .. } => (cx.module.inner(base).clone(), true),
            ref other => (other.clone(), false),
        };
        let Some(count) = count_of(cx, &container, through_pointer) else {
            return;
        };
        let span = cx.f.expressions.span(h);
        let known = match index {
            Some(i) => cx.const_int(i),
            None => Some(const_index.into()),
        };
        let new_index = match count {
            Count::Fixed(n) => {
                if known.is_some_and(|c| c >= 0 && (c as u64) < n) {
                    return;
                }
                // An index the value-range analysis proves inside.
                let last = i64::try_from(n).unwrap_or(i64::MAX) - 1;
                if index
                    .and_then(|i| cx.range(i))
                    .is_some_and(|r| r.within(0, last))
                {
                    return;
                }
                let last = n.saturating_sub(1).min(u32::MAX.into()) as u32;
                match (index, known) {
                    (None, _) | (_, Some(_)) => {
                        // A constant past the end (an override-sized array).
                        cx.f.expressions[h] = Expression::AccessIndex { base, index: last };
                        return;
                    }
                    (Some(i), None) => {
                        let i = to_u32(cx, i, span);
                        let last = cx.u32(last, span);
                        cx.math(MathFunction::Min, &[i, last], Scalar::U32, None, span)
                    }
                }
            }
            Count::Runtime | Count::Spec(_) => {
                // A runtime-sized array has at least one element, and so
                // must a specialised one.
                if known == Some(0) {
                    return;
                }
                let i = match index {
                    Some(i) => to_u32(cx, i, span),
                    None => cx.u32(const_index, span),
                };
                let len = match count {
                    Count::Spec(e) => spec_length(cx, e, span),
                    _ => runtime_length(cx, base, span),
                };
                let one = cx.u32(1, span);
                let last = cx.binary(B::Subtract, len, one, Scalar::U32, None, span);
                cx.math(MathFunction::Min, &[i, last], Scalar::U32, None, span)
            }
        };
        cx.f.expressions[h] = Expression::Access {
            base,
            index: new_index,
        };
    }
}

/// What a subgroup-matrix access needs after clamping.
enum MatrixPlan {
    /// Always inside the array: use these offset and stride.
    Inside { offset: H, stride: H },
    /// Inside when `ok` holds (a uniform condition).
    Guarded { ok: H, offset: H, stride: H },
    /// Never fits: loads give zero, stores do nothing.
    Never,
}

#[allow(clippy::too_many_arguments)]
fn plan_matrix(
    cx: &mut Cx,
    matrix_ty: Handle<Type>,
    pointer: H,
    offset: H,
    stride: H,
    layout: MatrixLayout,
    span: Span,
) -> Option<MatrixPlan> {
    let TypeInner::Pointer { base: array, .. } = *cx.inner(pointer) else {
        return None;
    };
    let TypeInner::Array {
        size,
        stride: array_stride,
        ..
    } = *cx.module.inner(array)
    else {
        return None;
    };
    let TypeInner::SubgroupMatrix {
        columns,
        rows,
        scalar,
        ..
    } = *cx.module.inner(matrix_ty)
    else {
        return None;
    };
    let (cols, rows) = (cx.matrix_dim(columns)?, cx.matrix_dim(rows)?);
    let (major, minor) = match layout {
        MatrixLayout::RowMajor => (rows, cols),
        MatrixLayout::ColumnMajor => (cols, rows),
    };
    // Array elements one row (column) spans.
    let minor_elems =
        (u64::from(minor) * u64::from(scalar.size())).div_ceil(u64::from(array_stride.max(1)));
    let minor_elems = minor_elems.max(1);
    let steps = u64::from(major.saturating_sub(1));
    let len = cx.array_count(size);

    // The stride, raised to at least one row (column).
    let (stride, const_stride) = match cx.const_int(stride) {
        Some(c) => {
            let s = (c as u32 as u64).max(minor_elems);
            let h = if s == c as u64 && cx.shape(stride) == Some((Scalar::U32, None)) {
                stride
            } else {
                cx.u32(s.min(u32::MAX.into()) as u32, span)
            };
            (h, Some(s))
        }
        None => {
            let s = to_u32(cx, stride, span);
            let min = cx.u32(minor_elems.min(u32::MAX.into()) as u32, span);
            let s = cx.math(MathFunction::Max, &[s, min], Scalar::U32, None, span);
            (s, None)
        }
    };
    // The offset's range: a constant, or what the range analysis knows.
    let offset_range = cx
        .range(offset)
        .filter(|r| r.lo >= 0)
        .map(|r| (r.lo as u64, r.hi as u64));
    let offset_u = to_u32(cx, offset, span);
    let const_offset = cx.const_int(offset).map(|c| c as u32 as u64);

    match (len, const_stride) {
        (Some(len), Some(s)) => {
            let extent = s * steps + minor_elems;
            if extent > len {
                return Some(MatrixPlan::Never);
            }
            let room = len - extent;
            if const_offset.is_some_and(|o| o <= room)
                || offset_range.is_some_and(|(_, hi)| hi <= room)
            {
                return Some(MatrixPlan::Inside {
                    offset: offset_u,
                    stride,
                });
            }
            let offset = if room == 0 {
                cx.u32(0, span)
            } else {
                let room = cx.u32(room as u32, span);
                cx.math(
                    MathFunction::Min,
                    &[offset_u, room],
                    Scalar::U32,
                    None,
                    span,
                )
            };
            Some(MatrixPlan::Inside { offset, stride })
        }
        (len, const_stride) => {
            // Runtime length or runtime stride: guard with a uniform test
            // that cannot overflow, then clamp the offset.
            let len_h = match (len, size) {
                (Some(n), _) => cx.u32(n.min(u32::MAX.into()) as u32, span),
                (None, ArraySize::Override(e)) => spec_length(cx, e, span),
                (None, _) => runtime_length(cx, pointer, span),
            };
            let u = |cx: &mut Cx, v: u64| cx.u32(v.min(u32::MAX.into()) as u32, span);
            let ok = match const_stride {
                Some(s) => {
                    let extent = s * steps + minor_elems;
                    if extent > u64::from(u32::MAX) {
                        return Some(MatrixPlan::Never);
                    }
                    let e = u(cx, extent);
                    cx.binary(B::GreaterEqual, len_h, e, Scalar::Bool, None, span)
                }
                None => match len {
                    // stride <= (len - minor) / steps, with a constant bound.
                    Some(n) => {
                        if n < minor_elems {
                            return Some(MatrixPlan::Never);
                        }
                        if steps == 0 {
                            return Some(MatrixPlan::Inside {
                                offset: {
                                    let room = u(cx, n - minor_elems);
                                    cx.math(
                                        MathFunction::Min,
                                        &[offset_u, room],
                                        Scalar::U32,
                                        None,
                                        span,
                                    )
                                },
                                stride,
                            });
                        }
                        let max_stride = u(cx, (n - minor_elems) / steps);
                        cx.binary(B::LessEqual, stride, max_stride, Scalar::Bool, None, span)
                    }
                    // len >= minor && stride <= (len - minor) / steps
                    None => {
                        let m = u(cx, minor_elems);
                        let fits_row =
                            cx.binary(B::GreaterEqual, len_h, m, Scalar::Bool, None, span);
                        if steps == 0 {
                            fits_row
                        } else {
                            let big =
                                cx.math(MathFunction::Max, &[len_h, m], Scalar::U32, None, span);
                            let room = cx.binary(B::Subtract, big, m, Scalar::U32, None, span);
                            let st = u(cx, steps);
                            let max_stride =
                                cx.binary(B::Divide, room, st, Scalar::U32, None, span);
                            let stride_ok = cx.binary(
                                B::LessEqual,
                                stride,
                                max_stride,
                                Scalar::Bool,
                                None,
                                span,
                            );
                            cx.binary(B::And, fits_row, stride_ok, Scalar::Bool, None, span)
                        }
                    }
                },
            };
            if const_offset == Some(0) || offset_range.is_some_and(|(_, hi)| hi == 0) {
                return Some(MatrixPlan::Guarded {
                    ok,
                    offset: offset_u,
                    stride,
                });
            }
            // extent = stride * steps + minor (no overflow when ok holds;
            // when it does not, the access is skipped).
            let extent = match const_stride {
                Some(s) => u(cx, s * steps + minor_elems),
                None => {
                    let st = u(cx, steps);
                    let spanned = cx.binary(B::Multiply, stride, st, Scalar::U32, None, span);
                    let m = u(cx, minor_elems);
                    cx.binary(B::Add, spanned, m, Scalar::U32, None, span)
                }
            };
            // len - extent wraps when `ok` is false; the access is skipped
            // then, so the value does not matter.
            let room = cx.binary(B::Subtract, len_h, extent, Scalar::U32, None, span);
            let offset = cx.math(
                MathFunction::Min,
                &[offset_u, room],
                Scalar::U32,
                None,
                span,
            );
            Some(MatrixPlan::Guarded { ok, offset, stride })
        }
    }
}

impl FunctionPass for Robustness {
    /// An index computed from a parameter (the offset a caller passes to
    /// a helper that writes workgroup memory) is proven in bounds by the
    /// ranges the callers pass.
    fn param_ranges(&self) -> bool {
        true
    }

    fn wants(&self, _: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        // Only accesses (and subgroup-matrix loads and stores) change.
        if f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::Access { .. }
                    | Expression::AccessIndex { .. }
                    | Expression::SubgroupMatrixLoad { .. }
            )
        }) {
            return true;
        }
        crate::ir::visit::any_statement(&f.body, &mut |st| {
            matches!(st, Statement::SubgroupMatrixStore { .. })
        })
    }

    fn begin_function(&mut self, cx: &mut Cx) {
        // Loops the unroll pass left as loops still bound their counters.
        // Only runtime indices and subgroup-matrix offsets ask for ranges:
        // a function with neither (constant member and element accesses
        // only) does not look for loops.
        let asks = cx.f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::Access { .. } | Expression::SubgroupMatrixLoad { .. }
            )
        }) || crate::ir::visit::any_statement(&cx.f.body, &mut |st| {
            matches!(st, Statement::SubgroupMatrixStore { .. })
        });
        if asks {
            cx.known = crate::analysis::counted_loops::counter_load_ranges(cx.module, cx.f);
        }
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        match cx.f.expressions[h] {
            Expression::Access { base, index } => self.index(cx, h, base, Some(index), 0),
            Expression::AccessIndex { base, index } => {
                // Only runtime-sized and override-sized arrays can be
                // indexed past their end by a constant.
                let runtime_or_override = match *cx.inner(base) {
                    TypeInner::Pointer { base, .. } => matches!(
                        *cx.module.inner(base),
                        TypeInner::Array {
                            size: ArraySize::Runtime | ArraySize::Override(_),
                            ..
                        }
                    ),
                    TypeInner::Array {
                        size: ArraySize::Override(_),
                        ..
                    } => true,
                    _ => false,
                };
                if runtime_or_override {
                    self.index(cx, h, base, None, index);
                }
            }
            Expression::SubgroupMatrixLoad {
                ty,
                pointer,
                offset,
                stride,
                layout,
                proposal_form,
            } => {
                let span = cx.f.expressions.span(h);
                let Some(plan) = plan_matrix(cx, ty, pointer, offset, stride, layout, span) else {
                    return;
                };
                let load = |offset, stride| Expression::SubgroupMatrixLoad {
                    ty,
                    pointer,
                    offset,
                    stride,
                    layout,
                    proposal_form,
                };
                match plan {
                    MatrixPlan::Inside { offset, stride } => {
                        cx.f.expressions[h] = load(offset, stride);
                    }
                    MatrixPlan::Never => cx.f.expressions[h] = Expression::ZeroValue(ty),
                    MatrixPlan::Guarded { ok, offset, stride } => {
                        // var tmp: M; if ok { tmp = load } else { tmp = M() }; h = tmp
                        let local = cx.f.local_variables.append(
                            LocalVariable {
                                name: "tessera_matrix".into(),
                                ty,
                            },
                            span,
                        );
                        let ptr_ty = cx.intern(TypeInner::Pointer {
                            base: ty,
                            space: AddressSpace::Function,
                            access: crate::ir::Access::ReadWrite,
                        });
                        let var = cx.add(Expression::LocalVariable(local), ptr_ty, span);
                        let mut accept = BlockBuilder::new();
                        let value = accept.expr(cx.f, load(offset, stride), ty, span);
                        accept.stmt(
                            Statement::Store {
                                pointer: var,
                                value,
                            },
                            span,
                        );
                        let mut reject = BlockBuilder::new();
                        let zero = reject.expr(cx.f, Expression::ZeroValue(ty), ty, span);
                        reject.stmt(
                            Statement::Store {
                                pointer: var,
                                value: zero,
                            },
                            span,
                        );
                        cx.insert_statement(
                            Statement::If {
                                condition: ok,
                                accept: accept.finish(),
                                reject: reject.finish(),
                            },
                            span,
                        );
                        cx.f.expressions[h] = Expression::Load { pointer: var };
                    }
                }
            }
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
            proposal_form,
        } = *st
        else {
            return;
        };
        if self.guarded.contains(&offset) {
            return;
        }
        let ty = cx.ty(value);
        let Some(plan) = plan_matrix(cx, ty, pointer, offset, stride, layout, span) else {
            return;
        };
        let store = |offset, stride| Statement::SubgroupMatrixStore {
            pointer,
            offset,
            value,
            stride,
            layout,
            proposal_form,
        };
        match plan {
            MatrixPlan::Inside { offset, stride } => {
                self.guarded.insert(offset);
                *st = store(offset, stride);
            }
            MatrixPlan::Never => *st = Statement::Block(Block::new()),
            MatrixPlan::Guarded { ok, offset, stride } => {
                self.guarded.insert(offset);
                let mut accept = Block::new();
                accept.push(store(offset, stride), span);
                *st = Statement::If {
                    condition: ok,
                    accept,
                    reject: Block::new(),
                };
            }
        }
    }
}

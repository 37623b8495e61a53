//! Lowering of `subgroupMatrixLoad` / `subgroupMatrixStore` (both forms)
//! to [`Expression::SubgroupMatrixLoad`] / [`Statement::SubgroupMatrixStore`]
//! with offset and stride in array-element units, and the constant checks
//! on offsets, strides and array sizes.
//!
//! Proposal form with 8-bit components (`u8`/`i8`) in a `u32`/`i32` array:
//! offsets and strides count components, four per array element, so they
//! are divided by 4. Constant values that are not multiples of 4 are an
//! error. Runtime values are divided with an unsigned division by 4 (an
//! `i32` value is first converted to `u32`): a value that is not a multiple
//! of 4 is rounded down to the element that contains the component.

use super::super::ast::ExprId;
use super::{err, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::builtins::matrix_bounds::{self, Violation};
use crate::builtins::{MatrixLoadStoreForm, ResolvedCall};
use crate::diagnostic::Diagnostic;
use crate::ir::{
    AddressSpace, ArraySize, BinaryOperator, Expression, Extensions, Literal, MatrixDim,
    MatrixLayout, Scalar, Statement, Type, TypeInner,
};
use crate::span::Span;

/// Facts about the operands of a load or store.
struct Operands {
    pointer: Handle<Expression>,
    offset: Handle<Expression>,
    stride: Handle<Expression>,
    value: Option<Handle<Expression>>,
}

impl Resolver<'_, '_> {
    fn literal_of(&self, h: Handle<Expression>) -> Option<i64> {
        let f = self.f.as_ref()?;
        match f.func.expressions.try_get(h)? {
            Expression::Literal(Literal::I32(x)) => Some(*x as i64),
            Expression::Literal(Literal::U32(x)) => Some(*x as i64),
            _ => None,
        }
    }

    fn fn_expr_type(&self, h: Handle<Expression>) -> Option<Handle<Type>> {
        let f = self.f.as_ref()?;
        f.func.expression_types.get(h.index()).copied()
    }

    /// Lowers a subgroup-matrix load or store.
    pub(crate) fn matrix_load_store(
        &mut self,
        resolved: &ResolvedCall,
        hs: &[Handle<Expression>],
        args: &[ExprId],
        result: Option<Handle<Type>>,
        span: Span,
    ) -> Res<Option<Val>> {
        let is_load = result.is_some();
        let form = resolved
            .matrix_form
            .unwrap_or(MatrixLoadStoreForm::Chromium);
        let row_major = resolved.layout == Some(MatrixLayout::RowMajor);
        let what = match (is_load, form, row_major) {
            (true, MatrixLoadStoreForm::Wgpu, false) => "coopLoad",
            (true, MatrixLoadStoreForm::Wgpu, true) => "coopLoadT",
            (false, MatrixLoadStoreForm::Wgpu, false) => "coopStore",
            (false, MatrixLoadStoreForm::Wgpu, true) => "coopStoreT",
            (true, ..) => "subgroupMatrixLoad",
            (false, ..) => "subgroupMatrixStore",
        };
        let get = |i: usize| hs.get(i).copied();
        let aspan = |r: &Self, i: usize| args.get(i).map_or(span, |&a| r.span(a));
        let (mut o, offset_span, stride_span) = if form == MatrixLoadStoreForm::Wgpu {
            let (p, s, v) = if is_load {
                (0, 1, None)
            } else {
                (1, 2, Some(0))
            };
            let (Some(pointer), true) = (get(p), is_load || v.and_then(get).is_some()) else {
                return err(format!("wrong number of arguments to '{what}'"), span);
            };
            let inline = args
                .get(p)
                .is_some_and(|&a| self.is_inline_element_address(a));
            let (pointer, offset) =
                self.split_element_pointer(pointer, aspan(self, p), what, inline)?;
            let stride = match get(s) {
                Some(h) => h,
                None => self.default_coop_stride(result, v.and_then(get), span)?,
            };
            let o = Operands {
                pointer,
                offset,
                stride,
                value: v.and_then(get),
            };
            (o, aspan(self, p), aspan(self, s))
        } else {
            let ops = match (is_load, form) {
                (true, MatrixLoadStoreForm::Proposal) => (get(0), get(1), get(3), None, 1, 3),
                (false, MatrixLoadStoreForm::Proposal) => (get(0), get(1), get(4), get(2), 1, 4),
                (true, _) => (get(0), get(1), get(2), None, 1, 2),
                (false, _) => (get(0), get(1), get(3), get(2), 1, 3),
            };
            let (Some(pointer), Some(offset), Some(stride)) = (ops.0, ops.1, ops.2) else {
                return err(format!("wrong number of arguments to '{what}'"), span);
            };
            let o = Operands {
                pointer,
                offset,
                stride,
                value: ops.3,
            };
            (o, aspan(self, ops.4), aspan(self, ops.5))
        };
        if !is_load && o.value.is_none() {
            return err(format!("wrong number of arguments to '{what}'"), span);
        }
        let Some(layout) = resolved.layout else {
            return err(
                format!("the 'col_major' argument of '{what}' must be a const-expression"),
                span,
            );
        };
        let mty = match result.or_else(|| o.value.and_then(|v| self.fn_expr_type(v))) {
            Some(t) => t,
            None => return err(format!("invalid call to '{what}'"), span),
        };
        let TypeInner::SubgroupMatrix {
            scalar,
            columns,
            rows,
            ..
        } = *self.inner_of(mty)
        else {
            return err(format!("invalid matrix operand of '{what}'"), span);
        };
        let pty = self.fn_expr_type(o.pointer);
        let (arr_ty, elem, space) = match pty.map(|p| self.inner_of(p).clone()) {
            Some(TypeInner::Pointer { base, space, .. }) => match self.inner_of(base).clone() {
                TypeInner::Array { base: e, .. } => (base, e, space),
                _ => {
                    return err(
                        format!("the pointer operand of '{what}' must point to an array"),
                        span,
                    )
                }
            },
            _ => {
                return err(
                    format!("the pointer operand of '{what}' must be a pointer"),
                    span,
                )
            }
        };
        let comp = scalar.size() as i64;
        let elem_layout = crate::ir::layout::layout(&self.module, elem);
        let (elem_size, arr_stride, count) = match *self.inner_of(arr_ty) {
            TypeInner::Array { size, stride, .. } => (
                elem_layout.size as i64,
                stride as i64,
                match size {
                    ArraySize::Constant(n) => Some(n as i64),
                    _ => None,
                },
            ),
            _ => (elem_layout.size as i64, elem_layout.size as i64, None),
        };
        let eight_bit = matches!(scalar, Scalar::I8 | Scalar::U8);
        let facts = AccessFacts {
            what,
            form,
            layout,
            comp,
            dims: match (columns, rows) {
                (MatrixDim::Constant(c), MatrixDim::Constant(r)) => Some((c as i64, r as i64)),
                _ => None,
            },
            elem_size,
            arr_stride,
            count,
            workgroup: space == AddressSpace::Workgroup,
            const_offset: self.literal_of(o.offset),
            const_stride: self.literal_of(o.stride),
            span,
            offset_span,
            stride_span,
        };
        if self
            .module
            .extensions
            .contains(Extensions::SUBGROUP_MATRIX_STANDARD)
        {
            standard_checks(&facts, || self.type_name(mty))?;
        } else {
            chromium_checks(&facts)?;
        }
        if form == MatrixLoadStoreForm::Proposal && eight_bit && elem_size == 4 {
            o.offset = self.div4(o.offset, "offset", what, offset_span)?;
            o.stride = self.div4(o.stride, "stride", what, stride_span)?;
        }
        let fs = self.fs(span)?;
        match (result, o.value) {
            (Some(ty), _) => {
                let e = fs.add(
                    Expression::SubgroupMatrixLoad {
                        ty,
                        pointer: o.pointer,
                        offset: o.offset,
                        stride: o.stride,
                        layout,
                        proposal_form: form == MatrixLoadStoreForm::Proposal,
                    },
                    ty,
                    span,
                );
                Ok(Some(Val::Runtime { expr: e, ty }))
            }
            (None, Some(value)) => {
                fs.push(
                    Statement::SubgroupMatrixStore {
                        pointer: o.pointer,
                        offset: o.offset,
                        value,
                        stride: o.stride,
                        layout,
                        proposal_form: form == MatrixLoadStoreForm::Proposal,
                    },
                    span,
                );
                Ok(None)
            }
            (None, None) => err(format!("invalid call to '{what}'"), span),
        }
    }

    /// Splits wgpu's element pointer `&a[i]` (possibly through a `let`) into
    /// the pointer to the array `a` and the offset `i`.
    fn split_element_pointer(
        &mut self,
        pointer: Handle<Expression>,
        pspan: Span,
        what: &str,
        inline: bool,
    ) -> Res<(Handle<Expression>, Handle<Expression>)> {
        let Some(f) = self.f.as_ref() else {
            return err(format!("'{what}' is only valid in a function"), pspan);
        };
        let parts = match f.func.expressions.try_get(pointer) {
            Some(&Expression::Access { base, index }) => Some((base, Ok(index))),
            Some(&Expression::AccessIndex { base, index }) => Some((base, Err(index))),
            _ => None,
        };
        let is_array_ptr = |r: &Self, h: Handle<Expression>| {
            r.fn_expr_type(h).is_some_and(|t| match r.inner_of(t) {
                TypeInner::Pointer { base, .. } => {
                    matches!(r.inner_of(*base), TypeInner::Array { .. })
                }
                _ => false,
            })
        };
        match parts {
            Some((base, index)) if is_array_ptr(self, base) => {
                if inline {
                    // Only this call uses `&a[i]`: it is never evaluated.
                    self.fs(pspan)?.unemit(pointer);
                }
                let offset = match index {
                    Ok(h) => h,
                    Err(i) => self.lift(
                        Val::Const(crate::const_eval::Value::Scalar(Literal::U32(i))),
                        Stage::Runtime,
                        pspan,
                    )?,
                };
                Ok((base, offset))
            }
            _ => err(
                format!(
                    "the pointer argument of '{what}' must be the address of an array element, such as '&a[i]' (tessera does not accept a pointer parameter or a pointer to a lone value here)"
                ),
                pspan,
            ),
        }
    }

    /// Whether an argument is written `&a[i]` (possibly parenthesised), so
    /// its access expression is fresh and used by nothing else.
    fn is_inline_element_address(&self, mut e: ExprId) -> bool {
        use super::super::ast::{Expr, UnaryOp};
        while let Expr::Paren(inner) = &self.ast(e) {
            e = *inner;
        }
        let Expr::Unary {
            op: UnaryOp::AddressOf,
            expr,
        } = &self.ast(e)
        else {
            return false;
        };
        let mut e = *expr;
        while let Expr::Paren(inner) = &self.ast(e) {
            e = *inner;
        }
        matches!(&self.ast(e), Expr::Index { .. })
    }

    /// wgpu's default stride: the matrix's row count (column-major) or
    /// column count (row-major); the dialect's matrices are square.
    fn default_coop_stride(
        &mut self,
        result: Option<Handle<Type>>,
        value: Option<Handle<Expression>>,
        span: Span,
    ) -> Res<Handle<Expression>> {
        let ty = result.or_else(|| value.and_then(|v| self.fn_expr_type(v)));
        let n = match ty.map(|t| self.inner_of(t).clone()) {
            Some(TypeInner::SubgroupMatrix {
                rows: MatrixDim::Constant(r),
                ..
            }) => r,
            _ => return err("invalid cooperative matrix operand", span),
        };
        self.lift(
            Val::Const(crate::const_eval::Value::Scalar(Literal::U32(n))),
            Stage::Runtime,
            span,
        )
    }

    /// Converts a component count to an element count (divides by 4).
    fn div4(
        &mut self,
        h: Handle<Expression>,
        which: &str,
        what: &str,
        span: Span,
    ) -> Res<Handle<Expression>> {
        let u32_ty = self.module.intern(TypeInner::Scalar(Scalar::U32));
        if let Some(v) = self.literal_of(h) {
            if v % 4 != 0 {
                return err(
                    format!(
                        "the {which} argument of {what} ({v}) must be a multiple of 4 for 8-bit components stored in 32-bit array elements"
                    ),
                    span,
                );
            }
            let ty = self.fn_expr_type(h).unwrap_or(u32_ty);
            let lit = match self.inner_of(ty) {
                TypeInner::Scalar(Scalar::I32) => Literal::I32((v / 4) as i32),
                _ => Literal::U32((v / 4) as u32),
            };
            return self.lift(
                Val::Const(crate::const_eval::Value::Scalar(lit)),
                Stage::Runtime,
                span,
            );
        }
        let ty = self.fn_expr_type(h).unwrap_or(u32_ty);
        let fs = self.fs(span)?;
        let h = if ty == u32_ty {
            h
        } else {
            fs.add(
                Expression::Convert {
                    expr: h,
                    ty: u32_ty,
                },
                u32_ty,
                span,
            )
        };
        let four = fs.add(Expression::Literal(Literal::U32(4)), u32_ty, span);
        Ok(fs.add(
            Expression::Binary {
                op: BinaryOperator::Divide,
                left: h,
                right: four,
            },
            u32_ty,
            span,
        ))
    }
}

/// What the constant checks of a load or store read.
struct AccessFacts {
    what: &'static str,
    form: MatrixLoadStoreForm,
    layout: MatrixLayout,
    /// `SizeOf(C)`.
    comp: i64,
    /// (columns, rows), when constant.
    dims: Option<(i64, i64)>,
    /// Size of the array element.
    elem_size: i64,
    /// `StrideOf(A)`.
    arr_stride: i64,
    /// Element count of a fixed-size array.
    count: Option<i64>,
    /// The pointer is in the `workgroup` address space.
    workgroup: bool,
    const_offset: Option<i64>,
    const_stride: Option<i64>,
    span: Span,
    offset_span: Span,
    stride_span: Span,
}

/// Chromium's checks (`enable chromium_experimental_subgroup_matrix;`),
/// as Tint makes them: offsets and strides in the form's units (array
/// element *size* for the template form), a non-constant stride counted
/// as the minimum byte stride and a non-constant offset as 0.
fn chromium_checks(a: &AccessFacts) -> Res<()> {
    let (what, comp) = (a.what, a.comp);
    if a.form != MatrixLoadStoreForm::Proposal && a.arr_stride < comp {
        return err(
            format!(
                "the stride of the array ({} bytes) must be greater than or equal to the matrix element size ({comp} bytes)",
                a.arr_stride
            ),
            a.span,
        );
    }
    // Bytes per offset/stride unit.
    let unit = match a.form {
        MatrixLoadStoreForm::Proposal => comp,
        MatrixLoadStoreForm::Chromium | MatrixLoadStoreForm::Wgpu => a.elem_size,
    };
    if let Some(s) = a.const_stride {
        if s < 0 {
            return err(
                format!("the stride argument of {what} must be non-negative, found {s}"),
                a.stride_span,
            );
        }
    }
    if let Some(off) = a.const_offset {
        if off < 0 {
            return err(
                format!("the offset argument of {what} must be non-negative, found {off}"),
                a.offset_span,
            );
        }
    }
    if let Some((c, r)) = a.dims {
        let (minor, major) = match a.layout {
            MatrixLayout::RowMajor => (c, r),
            MatrixLayout::ColumnMajor => (r, c),
        };
        let min_stride = minor * comp;
        if let Some(s) = a.const_stride {
            if s * unit < min_stride {
                return err(
                    format!(
                        "the stride argument ({s}, {} bytes) of {what} must be at least the minimum stride ({min_stride} bytes)",
                        s * unit
                    ),
                    a.stride_span,
                );
            }
        }
        if let Some(n) = a.count {
            let stride_bytes = a.const_stride.map_or(min_stride, |s| s * unit);
            let offset_bytes = a.const_offset.map_or(0, |o| o * unit);
            let needed = stride_bytes * (major - 1) + minor * comp + offset_bytes;
            let have = n * a.arr_stride;
            if needed > have {
                return err(
                    format!(
                        "the pointer operand of {what} is too small ({have} bytes) for the matrix access ({needed} bytes)"
                    ),
                    a.span,
                );
            }
        }
    }
    Ok(())
}

/// The proposal's shader-creation checks (`enable subgroup_matrix;`; see
/// [`matrix_bounds`]): units are `StrideOf(A)`; a fixed-size array is
/// checked when the offset or the stride is a const-expression, and a
/// workgroup array must hold `MinStorageSize` bytes when neither is.
/// Override-expression operands are the pipeline step's
/// (`pipeline::matrix_access`).
fn standard_checks(a: &AccessFacts, type_name: impl FnOnce() -> String) -> Res<()> {
    let Some((columns, rows)) = a.dims else {
        return Ok(());
    };
    let access = matrix_bounds::Access {
        layout: a.layout,
        columns: columns.into(),
        rows: rows.into(),
        component: a.comp.into(),
        array_stride: a.arr_stride.into(),
        count: a.count.map(Into::into),
        offset: a.const_offset.map(Into::into),
        stride: a.const_stride.map(Into::into),
    };
    let what = a.what;
    let violation = access.stride().or_else(|| access.overrun()).or_else(|| {
        if a.workgroup && a.const_offset.is_none() && a.const_stride.is_none() {
            access.min_storage()
        } else {
            None
        }
    });
    let (message, span) = match violation {
        None => return Ok(()),
        Some(Violation::Stride {
            stride,
            bytes,
            minimum,
        }) => (
            format!(
                "the stride argument ({stride}, {bytes} bytes) of {what} must be at least the minimum stride ({minimum} bytes)"
            ),
            a.stride_span,
        ),
        Some(Violation::Overrun { have, needed }) => (
            format!(
                "the pointer operand of {what} is too small ({have} bytes) for the matrix access ({needed} bytes)"
            ),
            a.span,
        ),
        Some(Violation::MinStorageSize { have, minimum }) => (
            format!(
                "the workgroup array of {what} ({have} bytes) is smaller than MinStorageSize of '{}' ({rows} x {columns} x {} = {minimum} bytes)",
                type_name(),
                a.comp
            ),
            a.span,
        ),
    };
    Err(Box::new(
        Diagnostic::error(message, span).with_note(matrix_bounds::RULES_NOTE),
    ))
}

//! Subgroup matrices as `SPV_KHR_cooperative_matrix` cooperative matrices,
//! or `SPV_NV_cooperative_matrix` ones with
//! [`CooperativeMatrixExtension::Nv`].
//!
//! Loads and stores take an access chain to `array[offset]` (the array's
//! element type, which may differ from the component type) and pass the
//! stride in array elements. Multiplies are `OpCooperativeMatrixMulAddKHR`
//! (with a null accumulator for plain multiplies). Scalars for 8-bit
//! matrices are clamped to the 8-bit range and narrowed.
//!
//! The NV forms: loads and stores take the stride before a column-major
//! boolean constant (KHR: a layout constant before the stride);
//! `OpCooperativeMatrixMulAddNV` has no signedness operands (the component
//! types' signedness is what tessera's KHR operands say anyway: an operand
//! is signed exactly when its component type is); a scalar multiply is
//! `OpMatrixTimesScalar`, since NV allows no component-wise multiply of two
//! matrices. Add, subtract and fill are the same instructions in both.

use spirv::{CooperativeMatrixOperands as Cmo, Op};

use super::function::FnCtx;
use super::modes::{space_mode, storage_class, Mode};
use super::writer::{err, Writer, R};
use super::CooperativeMatrixExtension;
use crate::arena::Handle;
use crate::ir::{Expression, MatrixLayout, MatrixScalarOp, Scalar, Type, TypeInner};
use crate::span::Span;

impl Writer<'_> {
    /// The component scalar of a matrix type.
    fn matrix_scalar_of(&self, ty: Handle<Type>, span: Span) -> R<Scalar> {
        match self.m.types.try_get(ty).map(|t| &t.inner) {
            Some(TypeInner::SubgroupMatrix { scalar, .. }) => Ok(*scalar),
            _ => Err(err("expected a subgroup matrix type", span)),
        }
    }

    /// Narrows a shader scalar to an 8-bit component (the
    /// matrix-scalar-range pass has clamped it) or rounds an f32 to bf16;
    /// other component types pass through.
    fn narrow(&mut self, cx: &mut FnCtx, v: u32, comp: Scalar) -> u32 {
        let conv = match comp {
            Scalar::I8 => Op::SConvert,
            Scalar::U8 => Op::UConvert,
            Scalar::BF16 => Op::FConvert,
            _ => return v,
        };
        let ct = self.scalar_type(comp);
        self.emit(cx, conv, ct, &[v])
    }

    /// A pointer to `array[offset]`, the stride and the memory operand
    /// (the robustness pass has made the access stay inside the array).
    fn matrix_access(
        &mut self,
        cx: &mut FnCtx,
        pointer: Handle<Expression>,
        offset: Handle<Expression>,
        stride: Handle<Expression>,
        span: Span,
    ) -> R<(u32, u32, Option<u32>)> {
        let (array, space) = match self.inner(cx, pointer)? {
            TypeInner::Pointer { base, space, .. } => (*base, *space),
            _ => return Err(err("subgroup matrix pointer is not a pointer", span)),
        };
        let elem = match self.m.inner(array) {
            TypeInner::Array { base, .. } => *base,
            _ => {
                return Err(err(
                    "subgroup matrix pointer does not point to an array",
                    span,
                ))
            }
        };
        let et = self.type_id(elem, space_mode(space))?;
        let pt = self.pointer_type(storage_class(space), et);
        let p = self.expr(cx, pointer)?;
        let off = self.expr(cx, offset)?;
        let st = self.expr(cx, stride)?;
        let ptr = self.emit(cx, Op::AccessChain, pt, &[p, off]);
        Ok((ptr, st, self.memory_operands(Some(space))))
    }

    /// `subgroupMatrixLoad`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn matrix_load(
        &mut self,
        cx: &mut FnCtx,
        ty: Handle<Type>,
        pointer: Handle<Expression>,
        offset: Handle<Expression>,
        stride: Handle<Expression>,
        layout: MatrixLayout,
        span: Span,
    ) -> R<u32> {
        let t = self.type_id(ty, Mode::Plain)?;
        let (ptr, stride, mem) = self.matrix_access(cx, pointer, offset, stride, span)?;
        let (op, mut words) = if self.nv() {
            let column_major = self.bool_const(layout == MatrixLayout::ColumnMajor);
            (Op::CooperativeMatrixLoadNV, [ptr, stride, column_major, 0])
        } else {
            let layout = self.u32_const(layout_value(layout));
            (Op::CooperativeMatrixLoadKHR, [ptr, layout, stride, 0])
        };
        let words = with_memory_operand(&mut words, mem);
        Ok(self.emit(cx, op, t, words))
    }

    /// Whether matrices are written as `SPV_NV_cooperative_matrix` ones.
    fn nv(&self) -> bool {
        self.opts.cooperative_matrix == CooperativeMatrixExtension::Nv
    }

    /// `subgroupMatrixStore`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn matrix_store(
        &mut self,
        cx: &mut FnCtx,
        pointer: Handle<Expression>,
        offset: Handle<Expression>,
        value: Handle<Expression>,
        stride: Handle<Expression>,
        layout: MatrixLayout,
        span: Span,
    ) -> R<()> {
        let v = self.expr(cx, value)?;
        let (ptr, stride, mem) = self.matrix_access(cx, pointer, offset, stride, span)?;
        let (op, mut words) = if self.nv() {
            let column_major = self.bool_const(layout == MatrixLayout::ColumnMajor);
            (
                Op::CooperativeMatrixStoreNV,
                [ptr, v, stride, column_major, 0],
            )
        } else {
            let layout = self.u32_const(layout_value(layout));
            (Op::CooperativeMatrixStoreKHR, [ptr, v, layout, stride, 0])
        };
        cx.raw(op, with_memory_operand(&mut words, mem));
        Ok(())
    }

    /// `subgroupMatrixMultiply` / `subgroupMatrixMultiplyAccumulate`.
    pub(super) fn matrix_multiply(
        &mut self,
        cx: &mut FnCtx,
        ty: Handle<Type>,
        left: Handle<Expression>,
        right: Handle<Expression>,
        acc: Option<Handle<Expression>>,
    ) -> R<u32> {
        let span = cx.span(left);
        let t = self.type_id(ty, Mode::Plain)?;
        let a = self.expr(cx, left)?;
        let b = self.expr(cx, right)?;
        let c = match acc {
            Some(acc) => self.expr(cx, acc)?,
            None => self.null_const(t),
        };
        if self.nv() {
            // Signedness comes from the component types (the operands the
            // KHR form would carry say the same).
            return Ok(self.emit(cx, Op::CooperativeMatrixMulAddNV, t, &[a, b, c]));
        }
        let in_scalar = self.matrix_scalar_of(cx.ty(left)?, span)?;
        let out_scalar = self.matrix_scalar_of(ty, span)?;
        let mut ops = Cmo::NONE_KHR;
        if in_scalar.is_signed_integer() {
            ops |= Cmo::MATRIX_A_SIGNED_COMPONENTS_KHR | Cmo::MATRIX_B_SIGNED_COMPONENTS_KHR;
        }
        if out_scalar.is_signed_integer() {
            ops |= Cmo::MATRIX_C_SIGNED_COMPONENTS_KHR | Cmo::MATRIX_RESULT_SIGNED_COMPONENTS_KHR;
        }
        Ok(if ops.is_empty() {
            self.emit(cx, Op::CooperativeMatrixMulAddKHR, t, &[a, b, c])
        } else {
            self.emit(
                cx,
                Op::CooperativeMatrixMulAddKHR,
                t,
                &[a, b, c, ops.bits()],
            )
        })
    }

    /// `subgroupMatrixScalarAdd/Subtract/Multiply`.
    pub(super) fn matrix_scalar(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        op: MatrixScalarOp,
        matrix: Handle<Expression>,
        scalar: Handle<Expression>,
    ) -> R<u32> {
        let span = cx.span(h);
        let ty = cx.ty(h)?;
        let comp = self.matrix_scalar_of(ty, span)?;
        let t = self.type_id(ty, Mode::Plain)?;
        let m = self.expr(cx, matrix)?;
        let s = self.expr(cx, scalar)?;
        let s = self.narrow(cx, s, comp);
        if op == MatrixScalarOp::Multiply && self.nv() {
            // NV has no component-wise multiply of two matrices; it allows
            // `OpMatrixTimesScalar` for every component type.
            return Ok(self.emit(cx, Op::MatrixTimesScalar, t, &[m, s]));
        }
        let splat = self.emit(cx, Op::CompositeConstruct, t, &[s]);
        let float = comp.is_float();
        let o = match (op, float) {
            (MatrixScalarOp::Add, true) => Op::FAdd,
            (MatrixScalarOp::Add, false) => Op::IAdd,
            (MatrixScalarOp::Subtract, true) => Op::FSub,
            (MatrixScalarOp::Subtract, false) => Op::ISub,
            (MatrixScalarOp::Multiply, true) => Op::FMul,
            (MatrixScalarOp::Multiply, false) => Op::IMul,
        };
        Ok(self.emit(cx, o, t, &[m, splat]))
    }

    /// The fill constructor `M(v)`.
    pub(super) fn matrix_fill(
        &mut self,
        cx: &mut FnCtx,
        ty: Handle<Type>,
        value: Handle<Expression>,
    ) -> R<u32> {
        let span = cx.span(value);
        let comp = self.matrix_scalar_of(ty, span)?;
        let t = self.type_id(ty, Mode::Plain)?;
        let v = self.expr(cx, value)?;
        let v = self.narrow(cx, v, comp);
        Ok(self.emit(cx, Op::CompositeConstruct, t, &[v]))
    }
}

/// The operand words of a load or store: `words` with the memory operand
/// `mem` in its last (free) slot, or without that slot.
fn with_memory_operand(words: &mut [u32], mem: Option<u32>) -> &[u32] {
    let n = words.len();
    match (mem, words.last_mut()) {
        (Some(m), Some(last)) => {
            *last = m;
            words
        }
        _ => &words[..n.saturating_sub(1)],
    }
}

fn layout_value(layout: MatrixLayout) -> u32 {
    match layout {
        MatrixLayout::RowMajor => spirv::CooperativeMatrixLayout::RowMajorKHR as u32,
        MatrixLayout::ColumnMajor => spirv::CooperativeMatrixLayout::ColumnMajorKHR as u32,
    }
}

impl Writer<'_> {
    /// A `subgroupMatrixConvert` whose kind changes, with
    /// `SPV_NV_cooperative_matrix2` (the matrix-scratch pass leaves exactly
    /// these, result -> left or right): the component conversion in the
    /// source kind, then `OpCooperativeMatrixConvertNV`. `None` for any
    /// other conversion.
    pub(super) fn matrix_use_conversion(
        &mut self,
        cx: &mut FnCtx,
        v: u32,
        from: Handle<Type>,
        to: Handle<Type>,
        span: Span,
    ) -> R<Option<u32>> {
        if !self.opts.nv_cooperative_matrix2 || self.nv() {
            return Ok(None);
        }
        let (
            &TypeInner::SubgroupMatrix {
                kind: fk,
                scalar: fs,
                columns,
                rows,
            },
            &TypeInner::SubgroupMatrix {
                kind: tk,
                scalar: ts,
                ..
            },
        ) = (self.m.inner(from), self.m.inner(to))
        else {
            return Ok(None);
        };
        if fk == tk {
            return Ok(None);
        }
        let mut value = v;
        if fs != ts {
            let mid = self.m.types.get(&Type {
                name: None,
                inner: TypeInner::SubgroupMatrix {
                    kind: fk,
                    scalar: ts,
                    columns,
                    rows,
                },
            });
            let Some(mid) = mid else {
                return Err(err(
                    "internal error: the intermediate matrix type of a conversion is missing",
                    span,
                ));
            };
            let mt = self.type_id(mid, Mode::Plain)?;
            value = self.convert_scalar(cx, v, fs, ts, 1, mt)?;
        }
        self.s
            .cap(spirv::Capability::CooperativeMatrixConversionsNV);
        self.s.extensions.insert("SPV_NV_cooperative_matrix2");
        let t = self.type_id(to, Mode::Plain)?;
        Ok(Some(self.emit(
            cx,
            Op::CooperativeMatrixConvertNV,
            t,
            &[value],
        )))
    }
}

impl Writer<'_> {
    /// `OpCooperativeMatrixPerElementOpNV` (`SPV_NV_cooperative_matrix2`):
    /// `function(row, column, element, arguments...)` on every element.
    pub(super) fn matrix_per_element(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        matrix: Handle<Expression>,
        function: Handle<crate::ir::Function>,
        arguments: &[Handle<Expression>],
    ) -> R<u32> {
        let span = cx.span(h);
        let m = self.expr(cx, matrix)?;
        let t = self.type_id(cx.ty(matrix)?, Mode::Plain)?;
        let f = match self.function_ids.get(function.index()) {
            Some(&id) if id != 0 => id,
            _ => {
                return Err(err(
                    "internal error: the function of a per-element operation is not written",
                    span,
                ))
            }
        };
        let mut operands = Vec::with_capacity(2 + arguments.len());
        operands.push(m);
        operands.push(f);
        for &a in arguments {
            operands.push(self.expr(cx, a)?);
        }
        self.s
            .cap(spirv::Capability::CooperativeMatrixPerElementOperationsNV);
        self.s.extensions.insert("SPV_NV_cooperative_matrix2");
        Ok(self.emit(cx, Op::CooperativeMatrixPerElementOpNV, t, &operands))
    }

    /// `OpCooperativeMatrixReduceNV` (`SPV_NV_cooperative_matrix2`): the
    /// rows, columns or both of `matrix` reduced with `function`, the
    /// result of the same type (each element its line's reduction).
    pub(super) fn matrix_reduce(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        matrix: Handle<Expression>,
        mode: crate::ir::MatrixReduceMode,
        function: Option<Handle<crate::ir::Function>>,
    ) -> R<u32> {
        let span = cx.span(h);
        let f = match function.and_then(|f| self.function_ids.get(f.index())) {
            Some(&id) if id != 0 => id,
            _ => {
                return Err(err(
                    "internal error: a subgroup-matrix reduction without its combining function (the matrix-reduce pass lowers them)",
                    span,
                ))
            }
        };
        let m = self.expr(cx, matrix)?;
        let t = self.type_id(cx.ty(matrix)?, Mode::Plain)?;
        let mask = match mode {
            crate::ir::MatrixReduceMode::Rows => spirv::CooperativeMatrixReduce::ROW,
            crate::ir::MatrixReduceMode::Columns => spirv::CooperativeMatrixReduce::COLUMN,
            crate::ir::MatrixReduceMode::All => {
                spirv::CooperativeMatrixReduce::ROW | spirv::CooperativeMatrixReduce::COLUMN
            }
        };
        self.s.cap(spirv::Capability::CooperativeMatrixReductionsNV);
        self.s.extensions.insert("SPV_NV_cooperative_matrix2");
        Ok(self.emit(cx, Op::CooperativeMatrixReduceNV, t, &[m, mask.bits(), f]))
    }
}

impl Writer<'_> {
    /// `SPV_QCOM_cooperative_matrix_conversion`'s capability and extension,
    /// or an error when the option is off (the matrix-scratch pass lowers
    /// these operations then).
    fn qcom(&mut self, span: crate::span::Span) -> R<()> {
        if !self.opts.qcom_cooperative_matrix_conversion || self.nv() {
            return Err(err(
                "internal error: rows or columns of a subgroup matrix reached the SPIR-V writer without the QCOM conversion option",
                span,
            ));
        }
        self.s
            .cap(spirv::Capability::CooperativeMatrixConversionQCOM);
        self.s
            .extensions
            .insert("SPV_QCOM_cooperative_matrix_conversion");
        Ok(())
    }

    /// `OpCompositeConstructCoopMatQCOM`: invocation `i`'s array is row `i`
    /// (column `i` of a right matrix); the pass left only such shapes.
    pub(super) fn matrix_from_invocations_qcom(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        ty: Handle<Type>,
        array: Handle<Expression>,
    ) -> R<u32> {
        self.qcom(cx.span(h))?;
        let a = self.expr(cx, array)?;
        let t = self.type_id(ty, Mode::Plain)?;
        Ok(self.emit(cx, Op::CompositeConstructCoopMatQCOM, t, &[a]))
    }

    /// `OpCompositeExtractCoopMatQCOM`: invocation `i` receives row `i`
    /// (column `i` of a right matrix).
    pub(super) fn matrix_to_invocations_qcom(
        &mut self,
        cx: &mut FnCtx,
        h: Handle<Expression>,
        matrix: Handle<Expression>,
    ) -> R<u32> {
        self.qcom(cx.span(h))?;
        let m = self.expr(cx, matrix)?;
        let t = self.type_id(cx.ty(h)?, Mode::Plain)?;
        Ok(self.emit(cx, Op::CompositeExtractCoopMatQCOM, t, &[m]))
    }
}

#[cfg(test)]
mod tests {
    use super::with_memory_operand;

    #[test]
    fn memory_operand_fills_or_drops_the_last_slot() {
        let mut words = [1, 2, 3, 0];
        assert_eq!(with_memory_operand(&mut words, Some(9)), [1, 2, 3, 9]);
        let mut words = [1, 2, 3, 4, 0];
        assert_eq!(with_memory_operand(&mut words, None), [1, 2, 3, 4]);
        assert_eq!(with_memory_operand(&mut [], None), [0u32; 0]);
    }
}

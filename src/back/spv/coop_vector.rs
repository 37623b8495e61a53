//! Cooperative-vector products as `SPV_NV_cooperative_vector`'s
//! `OpCooperativeVectorMatrixMulNV` / `OpCooperativeVectorMatrixMulAddNV`
//! (docs/cooperative-vectors.md). The IR counts offsets and strides in
//! array elements; the instructions take bytes, so each is multiplied by
//! the component size. The `coop-vec` pass has made every product whose
//! operands Vulkan's alignment and the buffer bounds forbid take its loop
//! instead; the vectors' element-wise operations are the ordinary
//! instructions on the vector type.

use spirv::{Capability, Op};

use super::function::FnCtx;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{Expression, MatrixLayout, Scalar, TypeInner};

/// `VkComponentTypeKHR` / SPIR-V's cooperative-vector component type of a
/// float scalar.
fn component_type(s: Scalar) -> Option<u32> {
    match s {
        Scalar::F16 => Some(0),
        Scalar::F32 => Some(1),
        _ => None,
    }
}

impl Writer<'_> {
    /// `coopVecMatMul` / `coopVecMatMulAdd`.
    pub(super) fn coop_vec_mat_mul(&mut self, cx: &mut FnCtx, h: Handle<Expression>) -> R<u32> {
        let span = cx.span(h);
        let Expression::CoopVecMatMul {
            ty,
            input,
            matrix,
            offset,
            stride,
            layout,
            bias,
            bias_offset,
        } = cx.f.expressions[h]
        else {
            return Err(err("not a cooperative-vector product", span));
        };
        let (TypeInner::CoopVector { size: m, .. }, TypeInner::CoopVector { scalar, size: k }) =
            (self.m.inner(ty).clone(), self.inner(cx, input)?.clone())
        else {
            return Err(err("a cooperative-vector product of non-vectors", span));
        };
        let Some(interpretation) = component_type(scalar) else {
            return Err(err(
                "a cooperative-vector product of non-float vectors",
                span,
            ));
        };
        self.s.cap(Capability::CooperativeVectorNV);
        self.s.extensions.insert("SPV_NV_cooperative_vector");
        let t = self.type_id(ty, super::modes::Mode::Plain)?;
        let u32_ty = self.scalar_type(Scalar::U32);
        let size = self.u32_const(scalar.size());
        let interp = self.u32_const(interpretation);
        let v = self.expr(cx, input)?;
        let mat = self.expr(cx, matrix)?;
        let off = self.expr(cx, offset)?;
        let off = self.emit(cx, Op::IMul, u32_ty, &[off, size]);
        let str_ = self.expr(cx, stride)?;
        let str_ = self.emit(cx, Op::IMul, u32_ty, &[str_, size]);
        let mut ops = vec![v, interp, mat, off, interp];
        if let (Some(b), Some(bo)) = (bias, bias_offset) {
            let b = self.expr(cx, b)?;
            let bo = self.expr(cx, bo)?;
            let bo = self.emit(cx, Op::IMul, u32_ty, &[bo, size]);
            ops.extend([b, bo, interp]);
        }
        let layout = self.u32_const(match layout {
            MatrixLayout::RowMajor => 0,
            MatrixLayout::ColumnMajor => 1,
        });
        let m = self.u32_const(m);
        let k = self.u32_const(k);
        let transpose = self.bool_const(false);
        ops.extend([m, k, layout, transpose, str_]);
        let op = if bias.is_some() {
            Op::CooperativeVectorMatrixMulAddNV
        } else {
            Op::CooperativeVectorMatrixMulNV
        };
        Ok(self.emit(cx, op, t, &ops))
    }
}

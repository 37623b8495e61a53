//! Cooperative-vector products as `SPV_NV_cooperative_vector`'s
//! `OpCooperativeVectorMatrixMulNV` / `OpCooperativeVectorMatrixMulAddNV`
//! (docs/cooperative-vectors.md). The IR counts offsets and strides in
//! array elements; the instructions take bytes, so each is multiplied by
//! the component size. The `coop-vec` pass has made every product whose
//! operands Vulkan's alignment and the buffer bounds forbid take its loop
//! instead; the vectors' element-wise operations are the ordinary
//! instructions on the vector type.
//!
//! A component of a vector of at most [`EXTRACT_THROUGH_VARIABLE_MAX`]
//! components is read through a Function variable holding the vector
//! (`OpAccessChain` to the component, `OpLoad`), the form glslang gives
//! GLSL's `v[i]`; longer vectors use `OpCompositeExtract` /
//! `OpVectorExtractDynamic`. Measured on the H200 (driver 580.159.04,
//! `tessera-gpu --coopvec`, every element-wise case at 4, 8, 15, 16, 17,
//! 24, 31, 32, 33, 48, 63, 64, 65, 96 and 128 components): the extract
//! instructions read component 0 for every index at 16 components or
//! fewer and are right from 17 on; the variable form is right at every
//! size, but made the 64-wide MLP benchmark 3.4x slower (8.05 ms against
//! 2.36 ms), so it is used only where it is needed. `OpCompositeConstruct`
//! was right at every size.

use spirv::{Capability, Op};

use super::function::FnCtx;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{Expression, MatrixLayout, Scalar, TypeInner};

/// The longest vector whose components are read through a variable (see
/// the module documentation).
pub(super) const EXTRACT_THROUGH_VARIABLE_MAX: u32 = 16;

/// Whether a component of a value of this type is read through a
/// variable.
pub(super) fn extract_through_variable(t: &TypeInner) -> bool {
    matches!(*t, TypeInner::CoopVector { size, .. } if size <= EXTRACT_THROUGH_VARIABLE_MAX)
}

/// `VkComponentTypeKHR` / SPIR-V's cooperative-vector component type of a
/// float or 8-bit integer scalar.
fn component_type(s: Scalar) -> Option<u32> {
    match s {
        Scalar::F16 => Some(0),
        Scalar::F32 => Some(1),
        Scalar::I8 => Some(3),
        Scalar::U8 => Some(7),
        _ => None,
    }
}

impl Writer<'_> {
    /// Component `index` (an id of an integer) of the vector `value` (the
    /// IR expression `base`) of component type `t`, through a Function
    /// variable holding the vector (one per vector and block).
    pub(super) fn coop_vec_component(
        &mut self,
        cx: &mut FnCtx,
        base: Handle<Expression>,
        value: u32,
        t: u32,
        index: u32,
    ) -> u32 {
        let var = match cx.spills.get(&value) {
            Some(&(var, block)) if block == cx.block => var,
            _ => {
                let vt = self.expr_type(cx, base).unwrap_or(t);
                let var = self.temp_var(cx, vt);
                cx.raw(Op::Store, &[var, value]);
                cx.spills.insert(value, (var, cx.block));
                var
            }
        };
        let ptr = self.pointer_type(spirv::StorageClass::Function, t);
        let at = self.emit(cx, Op::AccessChain, ptr, &[var, index]);
        self.emit(cx, Op::Load, t, &[at])
    }

    /// `coopVecOuterProductAccumulate` (`b` set; the training-optimal
    /// layout) / `coopVecReduceSumAccumulate`: the `coop-vec` pass has
    /// guarded them by Vulkan's alignment and the array's bounds. The IR's
    /// offset counts elements of `element`; the instructions take bytes.
    pub(super) fn coop_vec_accumulate(
        &mut self,
        cx: &mut FnCtx,
        (pointer, offset, a, b): (
            Handle<Expression>,
            Handle<Expression>,
            Handle<Expression>,
            Option<Handle<Expression>>,
        ),
        element: Scalar,
        span: crate::span::Span,
    ) -> R<()> {
        let Some(interpretation) = component_type(element) else {
            return Err(err(
                "a cooperative-vector accumulation of a non-float element type",
                span,
            ));
        };
        self.s.cap(Capability::CooperativeVectorNV);
        self.s.cap(Capability::CooperativeVectorTrainingNV);
        self.s.extensions.insert("SPV_NV_cooperative_vector");
        let u32_ty = self.scalar_type(Scalar::U32);
        let size = self.u32_const(element.size());
        let p = self.expr(cx, pointer)?;
        let off = self.expr(cx, offset)?;
        let off = self.emit(cx, Op::IMul, u32_ty, &[off, size]);
        let av = self.expr(cx, a)?;
        match b {
            Some(b) => {
                let bv = self.expr(cx, b)?;
                // TrainingOptimalNV.
                let layout = self.u32_const(3);
                let interp = self.u32_const(interpretation);
                cx.raw(
                    Op::CooperativeVectorOuterProductAccumulateNV,
                    &[p, off, av, bv, layout, interp],
                );
            }
            None => cx.raw(Op::CooperativeVectorReduceSumAccumulateNV, &[p, off, av]),
        }
        Ok(())
    }

    /// `coopVecMatMul` / `coopVecMatMulAdd` (and their inference-layout
    /// forms). For an 8-bit integer matrix, the input is read as the
    /// matrix's type (`SignedInt8NV`/`UnsignedInt8NV`, or the packed
    /// interpretation for a `u32` input, whose `K` is four times its size),
    /// the bias as `SignedInt32NV`, and the operands say that an `i32` input
    /// and the `i32` result are signed.
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
            optimal,
            element,
        } = cx.f.expressions[h]
        else {
            return Err(err("not a cooperative-vector product", span));
        };
        let (TypeInner::CoopVector { size: m, .. }, TypeInner::CoopVector { scalar, size: n }) =
            (self.m.inner(ty).clone(), self.inner(cx, input)?.clone())
        else {
            return Err(err("a cooperative-vector product of non-vectors", span));
        };
        let bytes = matches!(element, Scalar::I8 | Scalar::U8);
        let (input_interp, matrix_interp, bias_interp, bias_size, k) = if bytes {
            let e = component_type(element).unwrap_or(3);
            let input_interp = if scalar == Scalar::U32 {
                // SignedInt8PackedNV / UnsignedInt8PackedNV.
                if element == Scalar::I8 {
                    1_000_491_000
                } else {
                    1_000_491_001
                }
            } else {
                e
            };
            let k = if scalar == Scalar::U32 { n * 4 } else { n };
            // SignedInt32NV.
            (input_interp, e, 5, 4, k)
        } else {
            let Some(interp) = component_type(scalar) else {
                return Err(err(
                    "a cooperative-vector product of an integer vector without an 8-bit matrix",
                    span,
                ));
            };
            (interp, interp, interp, scalar.size(), n)
        };
        self.s.cap(Capability::CooperativeVectorNV);
        self.s.extensions.insert("SPV_NV_cooperative_vector");
        let t = self.type_id(ty, super::modes::Mode::Plain)?;
        let u32_ty = self.scalar_type(Scalar::U32);
        let size = self.u32_const(element.size());
        let input_interp = self.u32_const(input_interp);
        let matrix_interp = self.u32_const(matrix_interp);
        let v = self.expr(cx, input)?;
        let mat = self.expr(cx, matrix)?;
        let off = self.expr(cx, offset)?;
        let off = self.emit(cx, Op::IMul, u32_ty, &[off, size]);
        let str_ = self.expr(cx, stride)?;
        let str_ = self.emit(cx, Op::IMul, u32_ty, &[str_, size]);
        let mut ops = vec![v, input_interp, mat, off, matrix_interp];
        if let (Some(b), Some(bo)) = (bias, bias_offset) {
            let b = self.expr(cx, b)?;
            let bo = self.expr(cx, bo)?;
            let bias_size = self.u32_const(bias_size);
            let bo = self.emit(cx, Op::IMul, u32_ty, &[bo, bias_size]);
            let bias_interp = self.u32_const(bias_interp);
            ops.extend([b, bo, bias_interp]);
        }
        // A transposed matrix in the inference layout (column-major in the
        // IR: its loop form's reading).
        let transposed = optimal && layout == MatrixLayout::ColumnMajor;
        let layout = self.u32_const(match (optimal, layout) {
            // InferencingOptimalNV (its stride operand is ignored).
            (true, _) => 2,
            (false, MatrixLayout::RowMajor) => 0,
            (false, MatrixLayout::ColumnMajor) => 1,
        });
        let m = self.u32_const(m);
        let k = self.u32_const(k);
        let transpose = self.bool_const(transposed);
        ops.extend([m, k, layout, transpose, str_]);
        if bytes {
            // MatrixBSignedComponentsKHR (an i32 input),
            // MatrixResultSignedComponentsKHR (the i32 result).
            let signed_input = if scalar == Scalar::I32 { 0x2 } else { 0 };
            ops.push(signed_input | 0x8);
        }
        let op = if bias.is_some() {
            Op::CooperativeVectorMatrixMulAddNV
        } else {
            Op::CooperativeVectorMatrixMulNV
        };
        Ok(self.emit(cx, op, t, &ops))
    }
}

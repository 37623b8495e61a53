//! Subgroup-matrix types and constructors as Metal `simdgroup_matrix`
//! values (the proposal's MSL column; `capability` has already rejected
//! what Metal cannot express, so every matrix here is 8x8 with f32, f16
//! or bf16 components):
//! - left, right and result types all become `metal::simdgroup_float8x8`,
//!   `metal::simdgroup_half8x8` or (MSL 3.1) `metal::simdgroup_bfloat8x8`;
//! - `M()` and `M(v)` become `metal::make_filled_simdgroup_matrix<T, 8, 8>`;
//!   a bf16 fill value (an `f32`) is converted explicitly, `bfloat(x)`,
//!   as Metal converts to `bfloat` only explicitly.
//!
//! Loads, stores, multiplies and the scalar and element-wise operations
//! are lowered by the `msl-simdgroup` pass (`passes::msl_simdgroup`) to
//! Metal's operations, which `intrinsic` writes.

use super::spelling::{comp_type_name, filled, float_literal};
use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{Module, Scalar, Type, TypeInner};

fn err(message: impl Into<String>) -> Box<Diagnostic> {
    Box::new(Diagnostic::without_location(message))
}

/// The component type of a subgroup-matrix type that Metal can express
/// (f32 or f16).
fn component(module: &Module, ty: Handle<Type>) -> Result<Scalar, Box<Diagnostic>> {
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::SubgroupMatrix { scalar, .. })
            if matches!(scalar, Scalar::F32 | Scalar::F16 | Scalar::BF16) =>
        {
            Ok(*scalar)
        }
        Some(TypeInner::SubgroupMatrix { .. }) => Err(err(format!(
            "Metal cannot express '{}': simdgroup matrices have f32, f16 or bf16 components",
            crate::ir::display::type_name(module, ty)
        ))),
        _ => Err(err("expected a subgroup matrix type")),
    }
}

/// The MSL type of a subgroup-matrix type (all three kinds map to the same
/// Metal type); an error for what Metal cannot express.
pub(super) fn matrix_type_name(
    module: &Module,
    ty: Handle<Type>,
) -> Result<String, Box<Diagnostic>> {
    Ok(comp_type_name(component(module, ty)?).to_string())
}

/// The zero matrix `M()`.
pub(super) fn zero(module: &Module, ty: Handle<Type>) -> Result<String, Box<Diagnostic>> {
    let comp = component(module, ty)?;
    Ok(filled(comp, &float_literal(comp, "0.0")))
}

/// The fill constructor `M(value)`.
pub(super) fn fill(
    module: &Module,
    ty: Handle<Type>,
    value: &str,
) -> Result<String, Box<Diagnostic>> {
    Ok(filled(component(module, ty)?, value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{MatrixDim, SubgroupMatrixKind};

    fn matrix(m: &mut Module, kind: SubgroupMatrixKind, scalar: Scalar) -> Handle<Type> {
        m.intern(TypeInner::SubgroupMatrix {
            kind,
            scalar,
            columns: MatrixDim::Constant(8),
            rows: MatrixDim::Constant(8),
        })
    }

    #[test]
    fn types_and_constructors() {
        let mut m = Module::default();
        let l = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::F32);
        let r = matrix(&mut m, SubgroupMatrixKind::Result, Scalar::F16);
        assert_eq!(
            matrix_type_name(&m, l).unwrap(),
            "metal::simdgroup_float8x8"
        );
        assert_eq!(matrix_type_name(&m, r).unwrap(), "metal::simdgroup_half8x8");
        assert_eq!(
            zero(&m, l).unwrap(),
            "metal::make_filled_simdgroup_matrix<float, 8, 8>(0.0f)"
        );
        assert_eq!(
            fill(&m, r, "v").unwrap(),
            "metal::make_filled_simdgroup_matrix<half, 8, 8>(v)"
        );
        let i = matrix(&mut m, SubgroupMatrixKind::Left, Scalar::I8);
        assert_eq!(
            zero(&m, i).unwrap_err().message,
            "Metal cannot express 'subgroup_matrix_left<i8, 8, 8>': simdgroup matrices have f32, f16 or bf16 components"
        );
        let b = matrix(&mut m, SubgroupMatrixKind::Right, Scalar::BF16);
        assert_eq!(
            matrix_type_name(&m, b).unwrap(),
            "metal::simdgroup_bfloat8x8"
        );
        assert_eq!(
            fill(&m, b, "v").unwrap(),
            "metal::make_filled_simdgroup_matrix<bfloat, 8, 8>(bfloat(v))"
        );
    }
}

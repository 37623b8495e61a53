//! Readable WGSL spellings of IR types, for error messages (the shared
//! implementation lives in [`crate::ir::display`]).

pub use crate::ir::display::type_name;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{
        Access, AddressSpace, ArraySize, MatrixDim, Module, Scalar, SubgroupMatrixKind, TypeInner,
        VectorSize,
    };

    #[test]
    fn spells_types() {
        let mut m = Module::default();
        let u = m.intern(TypeInner::Scalar(Scalar::U32));
        let arr = m.intern(TypeInner::Array {
            base: u,
            size: ArraySize::Runtime,
            stride: 4,
        });
        let p = m.intern(TypeInner::Pointer {
            base: arr,
            space: AddressSpace::Storage,
            access: Access::Read,
        });
        assert_eq!(type_name(&m, p), "ptr<storage, array<u32>, read>");
        let v = m.intern(TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: Scalar::AbstractFloat,
        });
        assert_eq!(type_name(&m, v), "vec3<abstract-float>");
        let sm = m.intern(TypeInner::SubgroupMatrix {
            kind: SubgroupMatrixKind::Left,
            scalar: Scalar::F16,
            columns: MatrixDim::Constant(8),
            rows: MatrixDim::Constant(4),
        });
        assert_eq!(type_name(&m, sm), "subgroup_matrix_left<f16, 8, 4>");
    }
}

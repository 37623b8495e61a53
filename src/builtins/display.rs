//! Readable WGSL spellings of IR types, for error messages.

use crate::arena::Handle;
use crate::ir::{ArraySize, MatrixDim, Module, Type, TypeInner};

/// The WGSL spelling of a type (`vec3<f32>`, `ptr<storage, array<u32>, read>`,
/// `subgroup_matrix_left<f16, 8, 8>`); abstract scalars are spelled
/// `abstract-int` / `abstract-float`, named structs by their name.
pub fn type_name(module: &Module, ty: Handle<Type>) -> String {
    match module.types.try_get(ty) {
        Some(t) => match &t.name {
            Some(name) => name.clone(),
            None => inner_name(module, &t.inner),
        },
        None => "<invalid type>".to_string(),
    }
}

/// The WGSL spelling of a type's shape (see [`type_name`]).
pub fn inner_name(module: &Module, inner: &TypeInner) -> String {
    match *inner {
        TypeInner::Scalar(s) => s.wgsl_name().to_string(),
        TypeInner::Vector { size, scalar } => format!("vec{}<{}>", size.get(), scalar.wgsl_name()),
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => format!(
            "mat{}x{}<{}>",
            columns.get(),
            rows.get(),
            scalar.wgsl_name()
        ),
        TypeInner::Atomic(s) => format!("atomic<{}>", s.wgsl_name()),
        TypeInner::Pointer {
            base,
            space,
            access,
        } => format!(
            "ptr<{}, {}, {}>",
            space.wgsl_name(),
            type_name(module, base),
            access.wgsl_name()
        ),
        TypeInner::Array { base, size, .. } => match size {
            ArraySize::Constant(n) => format!("array<{}, {}>", type_name(module, base), n),
            ArraySize::Override(_) => format!("array<{}, <override>>", type_name(module, base)),
            ArraySize::Runtime => format!("array<{}>", type_name(module, base)),
        },
        TypeInner::Struct { .. } => "struct".to_string(),
        TypeInner::SubgroupMatrix {
            kind,
            scalar,
            columns,
            rows,
        } => format!(
            "{}<{}, {}, {}>",
            kind.wgsl_name(),
            scalar.wgsl_name(),
            dim_name(module, columns),
            dim_name(module, rows)
        ),
    }
}

fn dim_name(module: &Module, dim: MatrixDim) -> String {
    match dim {
        MatrixDim::Constant(n) => n.to_string(),
        MatrixDim::Override(o) => match module.overrides.try_get(o) {
            Some(o) => o.name.clone(),
            None => "<override>".to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Access, AddressSpace, Scalar, SubgroupMatrixKind, VectorSize};

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

//! WGSL spellings of IR types, for diagnostics (one implementation shared
//! by the resolver, the builtin matcher and the validator).

use crate::arena::Handle;
use crate::ir::{AddressSpace, ArraySize, Expression, MatrixDim, Module, Type, TypeInner};

/// The WGSL spelling of a type (`vec3<f32>`, `ptr<storage, array<u32>, read>`,
/// `ptr<function, i32>`, `subgroup_matrix_left<f16, 8, 8>`). Abstract scalars
/// are spelled `abstract-int` / `abstract-float`, named structs by their
/// name, override-sized arrays and matrix dimensions by the override's name.
pub fn type_name(module: &Module, ty: Handle<Type>) -> String {
    match module.types.try_get(ty) {
        Some(Type {
            name: Some(name), ..
        }) => name.clone(),
        Some(t) => inner_name(module, &t.inner),
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
        TypeInner::Atomic { scalar, size: None } => format!("atomic<{}>", scalar.wgsl_name()),
        TypeInner::Atomic {
            scalar,
            size: Some(size),
        } => format!("atomic<vec{}<{}>>", size.get(), scalar.wgsl_name()),
        TypeInner::Image {
            dim,
            arrayed,
            class,
        } => crate::ir::image_type_name(dim, arrayed, class),
        TypeInner::Sampler { comparison: false } => "sampler".to_string(),
        TypeInner::Sampler { comparison: true } => "sampler_comparison".to_string(),
        // WGSL spells the access mode only for storage pointers.
        TypeInner::Pointer {
            base,
            space: AddressSpace::Storage,
            access,
        } => format!(
            "ptr<storage, {}, {}>",
            type_name(module, base),
            access.wgsl_name()
        ),
        TypeInner::Pointer { base, space, .. } => {
            format!("ptr<{}, {}>", space.wgsl_name(), type_name(module, base))
        }
        TypeInner::Array { base, size, .. } => match size {
            ArraySize::Constant(n) => format!("array<{}, {n}>", type_name(module, base)),
            ArraySize::Override(e) => {
                let count = match module.global_expressions.try_get(e) {
                    Some(&Expression::Override(o)) => override_name(module, o),
                    _ => "<override-expression>".to_string(),
                };
                format!("array<{}, {count}>", type_name(module, base))
            }
            ArraySize::Runtime => format!("array<{}>", type_name(module, base)),
        },
        TypeInner::Struct { .. } => "struct".to_string(),
        TypeInner::BindingArray { base, size } => match size {
            Some(n) => format!("binding_array<{}, {n}>", type_name(module, base)),
            None => format!("binding_array<{}>", type_name(module, base)),
        },
        TypeInner::Buffer { size } => match size {
            ArraySize::Constant(n) => format!("buffer<{n}>"),
            ArraySize::Override(e) => {
                let count = match module.global_expressions.try_get(e) {
                    Some(&Expression::Override(o)) => override_name(module, o),
                    _ => "<override-expression>".to_string(),
                };
                format!("buffer<{count}>")
            }
            ArraySize::Runtime => "buffer".to_string(),
        },
        TypeInner::SubgroupMatrix {
            kind,
            scalar,
            columns: MatrixDim::Constant(c),
            rows: MatrixDim::Constant(r),
        } if module.extensions.wgpu_dialect_only() && c == r && matches!(c, 8 | 16) => {
            let role = match kind {
                crate::ir::SubgroupMatrixKind::Left => "A",
                crate::ir::SubgroupMatrixKind::Right => "B",
                crate::ir::SubgroupMatrixKind::Result => "C",
            };
            format!("coop_mat{c}x{c}<{}, {role}>", scalar.wgsl_name())
        }
        TypeInner::CoopVector { scalar, size } => {
            format!("coop_vec<{}, {size}>", scalar.wgsl_name())
        }
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
        MatrixDim::Override(o) => override_name(module, o),
    }
}

fn override_name(module: &Module, o: Handle<crate::ir::Override>) -> String {
    module
        .overrides
        .try_get(o)
        .map_or_else(|| "<override>".to_string(), |o| o.name.clone())
}

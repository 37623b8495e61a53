//! Per-type facts computed in one forward pass over the type arena (types
//! are interned children-first, so a type's parts always have smaller
//! handles), plus a printer of WGSL type names for diagnostics.

use crate::arena::Handle;
use crate::ir::{ArraySize, Module, Scalar, Type, TypeInner};

bitflags::bitflags! {
    /// What a type is made of.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct TypeFlags: u32 {
        /// Host-shareable (may live in storage/uniform buffers).
        const HOST_SHAREABLE = 1 << 0;
        /// Contains an `atomic<T>`.
        const ATOMIC = 1 << 1;
        /// Contains a runtime-sized array.
        const RUNTIME_ARRAY = 1 << 2;
        /// Contains an override-sized array.
        const OVERRIDE_ARRAY = 1 << 3;
        /// Contains (or points to) a subgroup matrix.
        const MATRIX = 1 << 4;
        /// Mentions `f16`.
        const F16 = 1 << 5;
        /// Contains a pointer.
        const POINTER = 1 << 6;
        /// Mentions `i8`/`u8`/`bf16` (matrix-component-only types) outside
        /// of a subgroup matrix.
        const BARE_8BIT = 1 << 7;
        /// Is a texture or sampler (a handle type).
        const HANDLE = 1 << 8;
        /// Contains (or points to) a `coop_vec<T, N>`.
        const COOP_VECTOR = 1 << 9;
        /// Is (or points to) a `buffer` type (language feature
        /// `buffer_view`).
        const BUFFER = 1 << 10;
        /// Is a `binding_array` (language feature `sized_binding_array`).
        const BINDING_ARRAY = 1 << 11;
        /// Contains an `atomic<vec2<u32>>` (`enable atomic_vec2u_min_max;`).
        const ATOMIC_VECTOR = 1 << 12;
    }
}

/// Facts about every type of a module, indexed by type handle.
#[derive(Clone, Debug, Default)]
pub struct TypeFacts {
    flags: Vec<TypeFlags>,
    /// The union of every type's flags.
    any: TypeFlags,
}

impl TypeFacts {
    /// Computes the facts of every type in `module`.
    pub fn new(module: &Module) -> Self {
        let mut flags: Vec<TypeFlags> = Vec::with_capacity(module.types.len());
        for (_, ty) in module.types.iter() {
            let of = |h: Handle<Type>, flags: &Vec<TypeFlags>| -> TypeFlags {
                flags.get(h.index()).copied().unwrap_or_default()
            };
            let scalar_flags = |s: Scalar| -> TypeFlags {
                match s {
                    Scalar::Bool | Scalar::AbstractInt | Scalar::AbstractFloat => {
                        TypeFlags::empty()
                    }
                    Scalar::F16 => TypeFlags::HOST_SHAREABLE | TypeFlags::F16,
                    Scalar::I8 | Scalar::U8 | Scalar::BF16 => TypeFlags::BARE_8BIT,
                    Scalar::I32 | Scalar::U32 | Scalar::F32 => TypeFlags::HOST_SHAREABLE,
                }
            };
            let f = match ty.inner {
                TypeInner::Scalar(s)
                | TypeInner::Vector { scalar: s, .. }
                | TypeInner::Matrix { scalar: s, .. } => scalar_flags(s),
                TypeInner::Atomic { scalar, size } => {
                    let mut f = scalar_flags(scalar) | TypeFlags::ATOMIC;
                    if size.is_some() {
                        f |= TypeFlags::ATOMIC_VECTOR;
                    }
                    f
                }
                TypeInner::Pointer { base, .. } => {
                    // A pointer is never host-shareable; it mentions what it
                    // points to.
                    (of(base, &flags)
                        & (TypeFlags::MATRIX
                            | TypeFlags::COOP_VECTOR
                            | TypeFlags::F16
                            | TypeFlags::BUFFER))
                        | TypeFlags::POINTER
                }
                TypeInner::Array { base, size, .. } => {
                    let mut f = of(base, &flags);
                    match size {
                        ArraySize::Constant(_) => {}
                        ArraySize::Override(_) => f |= TypeFlags::OVERRIDE_ARRAY,
                        ArraySize::Runtime => f |= TypeFlags::RUNTIME_ARRAY,
                    }
                    f
                }
                TypeInner::Struct { ref members, .. } => {
                    let mut f = TypeFlags::HOST_SHAREABLE;
                    for m in members {
                        let mf = of(m.ty, &flags);
                        f = (f | (mf - TypeFlags::HOST_SHAREABLE))
                            & !(TypeFlags::HOST_SHAREABLE - mf);
                    }
                    f
                }
                TypeInner::Image { .. } | TypeInner::Sampler { .. } => TypeFlags::HANDLE,
                TypeInner::BindingArray { .. } => TypeFlags::HANDLE | TypeFlags::BINDING_ARRAY,
                // The store type of a buffer variable: a runtime-sized one
                // lives where runtime-sized arrays may, an override-sized
                // one where override-sized arrays may.
                TypeInner::Buffer { size } => {
                    TypeFlags::HOST_SHAREABLE
                        | TypeFlags::BUFFER
                        | match size {
                            ArraySize::Constant(_) => TypeFlags::empty(),
                            ArraySize::Override(_) => TypeFlags::OVERRIDE_ARRAY,
                            ArraySize::Runtime => TypeFlags::RUNTIME_ARRAY,
                        }
                }
                TypeInner::CoopVector { scalar, .. } => {
                    let mut f = TypeFlags::COOP_VECTOR;
                    if scalar == Scalar::F16 {
                        f |= TypeFlags::F16;
                    }
                    f
                }
                TypeInner::SubgroupMatrix { scalar, .. } => {
                    let mut f = TypeFlags::MATRIX;
                    if scalar == Scalar::F16 {
                        f |= TypeFlags::F16;
                    }
                    f
                }
            };
            flags.push(f);
        }
        let any = flags.iter().fold(TypeFlags::empty(), |a, &f| a | f);
        TypeFacts { flags, any }
    }

    /// Whether some type of the module has one of `flags` (checks that
    /// look for such types skip modules without any).
    pub fn any_type_has(&self, flags: TypeFlags) -> bool {
        self.any.intersects(flags)
    }

    /// The flags of `ty` (empty for a handle out of range).
    pub fn flags(&self, ty: Handle<Type>) -> TypeFlags {
        self.flags.get(ty.index()).copied().unwrap_or_default()
    }

    /// Whether `ty` contains all of `flags`.
    pub fn has(&self, ty: Handle<Type>, flags: TypeFlags) -> bool {
        self.flags(ty).contains(flags)
    }
}

pub use crate::ir::display::type_name;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{
        Access, AddressSpace, MatrixDim, StructMember, SubgroupMatrixKind, VectorSize,
    };

    #[test]
    fn flags_and_names() {
        let mut m = Module::default();
        let b = m.intern(TypeInner::Scalar(Scalar::Bool));
        let f = m.intern(TypeInner::Scalar(Scalar::F32));
        let h = m.intern(TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: Scalar::F16,
        });
        let at = m.intern(TypeInner::atomic(Scalar::U32));
        let rt = m.intern(TypeInner::Array {
            base: at,
            size: ArraySize::Runtime,
            stride: 4,
        });
        let member = |name: &str, ty| StructMember {
            name: name.into(),
            ty,
            binding: None,
            offset: 0,
            size: 4,
            align: 4,
        };
        let s = m.types.insert(
            Type {
                name: Some("S".into()),
                inner: TypeInner::Struct {
                    members: vec![member("a", f), member("b", b)],
                    span: 8,
                },
            },
            crate::span::Span::UNDEFINED,
        );
        let mat = m.intern(TypeInner::SubgroupMatrix {
            kind: SubgroupMatrixKind::Left,
            scalar: Scalar::U8,
            columns: MatrixDim::Constant(16),
            rows: MatrixDim::Constant(8),
        });
        let p = m.intern(TypeInner::Pointer {
            base: mat,
            space: AddressSpace::Function,
            access: Access::ReadWrite,
        });
        let facts = TypeFacts::new(&m);
        assert!(!facts.has(b, TypeFlags::HOST_SHAREABLE));
        assert!(facts.has(f, TypeFlags::HOST_SHAREABLE));
        assert!(facts.has(h, TypeFlags::F16 | TypeFlags::HOST_SHAREABLE));
        assert!(facts.has(
            rt,
            TypeFlags::ATOMIC | TypeFlags::RUNTIME_ARRAY | TypeFlags::HOST_SHAREABLE
        ));
        assert!(!facts.has(s, TypeFlags::HOST_SHAREABLE));
        assert!(facts.has(mat, TypeFlags::MATRIX));
        assert!(!facts.has(mat, TypeFlags::BARE_8BIT));
        assert!(facts.has(p, TypeFlags::MATRIX | TypeFlags::POINTER));
        assert_eq!(type_name(&m, rt), "array<atomic<u32>>");
        assert_eq!(type_name(&m, s), "S");
        assert_eq!(
            type_name(&m, p),
            "ptr<function, subgroup_matrix_left<u8, 16, 8>>"
        );
    }
}

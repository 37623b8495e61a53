//! Memory layout of types: size and alignment per the WGSL spec's
//! "Memory Layout" section (alignment and size of each type; struct member
//! offsets honour `@align` and `@size`).
//!
//! The resolver uses this to fill in struct offsets and array strides when it
//! creates types; the validator reuses it for the host-shareable and uniform
//! layout rules.

use crate::arena::Handle;
use crate::ir::{ArraySize, Module, Scalar, StructMember, Type, TypeInner, VectorSize};

/// Size and alignment of a type, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Size in bytes (for runtime-sized arrays, the size of one element).
    pub size: u32,
    /// Alignment in bytes (a power of two).
    pub align: u32,
}

/// Rounds `value` up to a multiple of `align` (a power of two), saturating.
pub const fn round_up(align: u32, value: u32) -> u32 {
    if align <= 1 {
        return value;
    }
    let mask = align - 1;
    match value.checked_add(mask) {
        Some(v) => v & !mask,
        None => !mask,
    }
}

/// Layout of a scalar.
pub const fn scalar_layout(scalar: Scalar) -> Layout {
    let size = scalar.size();
    Layout { size, align: size }
}

/// Layout of `vecN<scalar>`.
pub const fn vector_layout(size: VectorSize, scalar: Scalar) -> Layout {
    let s = scalar.size();
    match size {
        VectorSize::Bi => Layout {
            size: 2 * s,
            align: 2 * s,
        },
        VectorSize::Tri => Layout {
            size: 3 * s,
            align: 4 * s,
        },
        VectorSize::Quad => Layout {
            size: 4 * s,
            align: 4 * s,
        },
    }
}

/// Layout of a type. Sizes saturate at `u32::MAX` instead of overflowing;
/// the validator reports types whose size does not fit.
pub fn layout(module: &Module, ty: Handle<Type>) -> Layout {
    layout_of_inner(module, &module.types[ty].inner)
}

/// Layout of a type's inner shape.
pub fn layout_of_inner(module: &Module, inner: &TypeInner) -> Layout {
    match *inner {
        TypeInner::Scalar(s)
        | TypeInner::Atomic {
            scalar: s,
            size: None,
        } => scalar_layout(s),
        // `atomic<vec2<u32>>` is laid out as its `vec2<u32>`.
        TypeInner::Atomic {
            scalar,
            size: Some(size),
        } => vector_layout(size, scalar),
        TypeInner::Vector { size, scalar } => vector_layout(size, scalar),
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => {
            let col = vector_layout(rows, scalar);
            Layout {
                size: columns.get().saturating_mul(round_up(col.align, col.size)),
                align: col.align,
            }
        }
        // Opaque handles have no memory layout; a nominal one keeps
        // arithmetic total.
        TypeInner::Pointer { .. }
        | TypeInner::Image { .. }
        | TypeInner::Sampler { .. }
        | TypeInner::BindingArray { .. } => Layout { size: 8, align: 8 },
        TypeInner::Array { base, size, stride } => {
            let elem = layout(module, base);
            let count = match size {
                ArraySize::Constant(n) => n,
                ArraySize::Override(_) | ArraySize::Runtime => 1,
            };
            Layout {
                size: count.saturating_mul(stride),
                align: elem.align,
            }
        }
        // Bytes addressed as 4-byte words (`buffer-view` lowers a buffer to
        // an array of u32).
        TypeInner::Buffer { size } => Layout {
            size: match size {
                ArraySize::Constant(n) => n,
                ArraySize::Override(_) | ArraySize::Runtime => 4,
            },
            align: 4,
        },
        TypeInner::Struct { ref members, span } => Layout {
            size: span,
            align: members.iter().map(|m| m.align).max().unwrap_or(1),
        },
        // Subgroup matrices are not host-shareable; their layout is never
        // observable. Report the component layout so arrays of them get a
        // well-defined (unused) stride.
        TypeInner::SubgroupMatrix { scalar, .. } => scalar_layout(scalar),
        // Not host-shareable either: an array of N components.
        TypeInner::CoopVector { scalar, size } => {
            let l = scalar_layout(scalar);
            Layout {
                size: l.size.saturating_mul(size),
                align: l.align,
            }
        }
    }
}

/// The stride of `array<base, ...>`: roundUp(align(E), size(E)).
pub fn array_stride(module: &Module, base: Handle<Type>) -> u32 {
    let l = layout(module, base);
    round_up(l.align, l.size)
}

/// Explicit member attributes used when laying out a struct.
#[derive(Clone, Copy, Debug, Default)]
pub struct MemberAttrs {
    /// `@align(n)`
    pub align: Option<u32>,
    /// `@size(n)`
    pub size: Option<u32>,
}

/// Lays out struct members in order, filling in `offset`, `size` and
/// `align`, and returns the struct's total size (its `span`).
pub fn layout_struct(module: &Module, members: &mut [StructMember], attrs: &[MemberAttrs]) -> u32 {
    let mut offset = 0u32;
    let mut max_align = 1u32;
    for (i, m) in members.iter_mut().enumerate() {
        let l = layout(module, m.ty);
        let a = attrs.get(i).copied().unwrap_or_default();
        let align = a.align.unwrap_or(l.align).max(1);
        let size = a.size.unwrap_or(l.size);
        offset = round_up(align, offset);
        m.offset = offset;
        m.size = size;
        m.align = align;
        offset = offset.saturating_add(size);
        max_align = max_align.max(align);
    }
    round_up(max_align, offset)
}

/// Whether `ty` has a fixed footprint (no runtime-sized array in it).
pub fn has_fixed_footprint(module: &Module, ty: Handle<Type>) -> bool {
    match module.inner(ty) {
        TypeInner::Array {
            size: ArraySize::Runtime,
            ..
        } => false,
        TypeInner::Struct { members, .. } => members
            .last()
            .is_none_or(|m| has_fixed_footprint(module, m.ty)),
        _ => true,
    }
}

/// ArrayOffset(T): the offset of the runtime-sized array that ends a
/// struct `T`, 0 for other types.
pub fn array_offset(module: &Module, ty: Handle<Type>) -> u32 {
    match module.inner(ty) {
        TypeInner::Struct { members, .. } => members.last().map_or(0, |m| m.offset),
        _ => 0,
    }
}

/// The stride of the runtime-sized array of `ty` (itself, or the last
/// member of a struct), if it has one.
pub fn runtime_stride(module: &Module, ty: Handle<Type>) -> Option<u32> {
    match module.inner(ty) {
        TypeInner::Array {
            size: ArraySize::Runtime,
            stride,
            ..
        } => Some(*stride),
        TypeInner::Struct { members, .. } => runtime_stride(module, members.last()?.ty),
        _ => None,
    }
}

/// MinTypeSize(T): SizeOf(T) for a fixed-footprint type, else
/// ArrayOffset(T) + the runtime array's stride.
pub fn min_type_size(module: &Module, ty: Handle<Type>) -> u32 {
    match runtime_stride(module, ty) {
        Some(stride) => array_offset(module, ty).saturating_add(stride),
        None => layout(module, ty).size,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_and_struct_layout() {
        let mut module = Module::default();
        let f32_ = module.intern(TypeInner::Scalar(Scalar::F32));
        let v3 = module.intern(TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: Scalar::F32,
        });
        assert_eq!(
            layout(&module, v3),
            Layout {
                size: 12,
                align: 16
            }
        );
        assert_eq!(array_stride(&module, v3), 16);
        let mut members = vec![
            StructMember {
                name: "a".into(),
                ty: f32_,
                binding: None,
                offset: 0,
                size: 0,
                align: 0,
            },
            StructMember {
                name: "b".into(),
                ty: v3,
                binding: None,
                offset: 0,
                size: 0,
                align: 0,
            },
            StructMember {
                name: "c".into(),
                ty: f32_,
                binding: None,
                offset: 0,
                size: 0,
                align: 0,
            },
        ];
        let span = layout_struct(&module, &mut members, &[]);
        assert_eq!(members[1].offset, 16);
        assert_eq!(members[2].offset, 28);
        assert_eq!(span, 32);
        let span = layout_struct(
            &module,
            &mut members,
            &[
                MemberAttrs::default(),
                MemberAttrs {
                    align: Some(32),
                    size: Some(20),
                },
            ],
        );
        assert_eq!(members[1].offset, 32);
        assert_eq!(members[2].offset, 52);
        assert_eq!(span, 64);
    }

    #[test]
    fn mat_layout() {
        let module = Module::default();
        let l = layout_of_inner(
            &module,
            &TypeInner::Matrix {
                columns: VectorSize::Quad,
                rows: VectorSize::Tri,
                scalar: Scalar::F32,
            },
        );
        assert_eq!(
            l,
            Layout {
                size: 64,
                align: 16
            }
        );
        let l = layout_of_inner(
            &module,
            &TypeInner::Matrix {
                columns: VectorSize::Bi,
                rows: VectorSize::Bi,
                scalar: Scalar::F16,
            },
        );
        assert_eq!(l, Layout { size: 8, align: 4 });
    }
}

//! How a buffer's store type lies in memory, as the host reads and writes
//! it: [`HostLayout`], in each [`super::BindingReflection`].
//!
//! WGSL fixes the layout of every host-shareable type (the spec's "Memory
//! Layout" section: member offsets, array strides, matrix column strides),
//! so an application that fills a buffer or reads one back needs no other
//! knowledge of the shader. [`HostLayout::scalars`] lists the scalar
//! components in memory order with their byte offsets, padding skipped.
//!
//! A layout is a DAG, as the types are: every member or element of one
//! type shares one [`Arc`], so a structure that holds two copies of the
//! previous one, 24 declarations deep, takes 24 nodes, not 2^24.

use std::collections::HashMap;
use std::sync::Arc;

use crate::arena::Handle;
use crate::ir::layout::{round_up, vector_layout};
use crate::ir::{ArraySize, Module, Scalar, Type, TypeInner};

/// The layout of a host-shareable type.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HostLayout {
    /// A scalar (`u32`, `i32`, `f32`, `f16`), or the value of an
    /// `atomic<T>` when `atomic` is set.
    Scalar {
        /// The scalar type.
        scalar: Scalar,
        /// Whether the type is `atomic<scalar>`.
        atomic: bool,
    },
    /// `vecN<scalar>`: `size` components side by side.
    Vector {
        /// Component count (2, 3 or 4).
        size: u32,
        /// Component type.
        scalar: Scalar,
    },
    /// `matCxR<scalar>`: `columns` column vectors of `rows` components,
    /// `column_stride` bytes apart.
    Matrix {
        /// Column count.
        columns: u32,
        /// Row count (components per column).
        rows: u32,
        /// Component type.
        scalar: Scalar,
        /// Bytes between the starts of consecutive columns.
        column_stride: u32,
    },
    /// `array<E, N>` (`count` is `Some(N)`) or a runtime-sized `array<E>`
    /// (`count` is `None`: as many elements as the binding holds).
    Array {
        /// The element's layout.
        element: Arc<HostLayout>,
        /// Bytes between the starts of consecutive elements.
        stride: u32,
        /// The element count; `None` for a runtime-sized array.
        count: Option<u32>,
    },
    /// A structure.
    Struct {
        /// The structure's name.
        name: String,
        /// Its members in declaration (and memory) order.
        members: Vec<HostMember>,
        /// Its size in bytes (with a runtime-sized last member: the size
        /// with one element of it).
        size: u32,
    },
}

/// A member of a [`HostLayout::Struct`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HostMember {
    /// The member's name.
    pub name: String,
    /// Its byte offset in the structure.
    pub offset: u32,
    /// Its layout.
    pub layout: Arc<HostLayout>,
}

/// One scalar component of a buffer, as [`HostLayout::scalars`] lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HostScalar {
    /// A WGSL-like path from the variable: `[3].pos.y`, `.m[1][0]`
    /// (empty for a scalar variable).
    pub path: String,
    /// The byte offset from the start of the binding.
    pub offset: u64,
    /// The scalar type.
    pub scalar: Scalar,
    /// Whether it is the value of an atomic.
    pub atomic: bool,
}

impl HostLayout {
    /// The layout of `ty` in `module`; `None` for a type that is not
    /// host-shareable (bool, pointers, textures, override-sized arrays,
    /// subgroup matrices).
    pub fn of(module: &Module, ty: Handle<Type>) -> Option<HostLayout> {
        let shared = Self::shared(module, ty, &mut HashMap::new())?;
        Some(Arc::unwrap_or_clone(shared))
    }

    /// [`HostLayout::of`], each type's layout built once and shared.
    fn shared(
        module: &Module,
        ty: Handle<Type>,
        done: &mut HashMap<Handle<Type>, Option<Arc<HostLayout>>>,
    ) -> Option<Arc<HostLayout>> {
        if let Some(known) = done.get(&ty) {
            return known.clone();
        }
        let layout = Self::build(module, ty, done).map(Arc::new);
        done.insert(ty, layout.clone());
        layout
    }

    fn build(
        module: &Module,
        ty: Handle<Type>,
        done: &mut HashMap<Handle<Type>, Option<Arc<HostLayout>>>,
    ) -> Option<HostLayout> {
        let host_scalar = |s: Scalar| {
            matches!(s, Scalar::U32 | Scalar::I32 | Scalar::F32 | Scalar::F16).then_some(s)
        };
        Some(match module.types.try_get(ty)?.inner {
            TypeInner::Scalar(s) => HostLayout::Scalar {
                scalar: host_scalar(s)?,
                atomic: false,
            },
            TypeInner::Atomic {
                scalar: s,
                size: None,
            } => HostLayout::Scalar {
                scalar: host_scalar(s)?,
                atomic: true,
            },
            // `atomic<vec2<u32>>`: the host reads and writes its `vec2<u32>`.
            TypeInner::Atomic {
                scalar,
                size: Some(size),
            } => HostLayout::Vector {
                size: size.get(),
                scalar: host_scalar(scalar)?,
            },
            TypeInner::Vector { size, scalar } => HostLayout::Vector {
                size: size.get(),
                scalar: host_scalar(scalar)?,
            },
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let col = vector_layout(rows, scalar);
                HostLayout::Matrix {
                    columns: columns.get(),
                    rows: rows.get(),
                    scalar: host_scalar(scalar)?,
                    column_stride: round_up(col.align, col.size),
                }
            }
            TypeInner::Array { base, size, stride } => HostLayout::Array {
                element: Self::shared(module, base, done)?,
                stride,
                count: match size {
                    ArraySize::Constant(n) => Some(n),
                    ArraySize::Runtime => None,
                    ArraySize::Override(_) => return None,
                },
            },
            TypeInner::Struct { ref members, span } => HostLayout::Struct {
                name: module.types.try_get(ty)?.name.clone().unwrap_or_default(),
                members: members
                    .iter()
                    .map(|m| {
                        Some(HostMember {
                            name: m.name.clone(),
                            offset: m.offset,
                            layout: Self::shared(module, m.ty, done)?,
                        })
                    })
                    .collect::<Option<Vec<_>>>()?,
                size: span,
            },
            // Bytes, read and written as u32 words (a buffer's views are
            // the shader's business).
            TypeInner::Buffer { size } => match size {
                ArraySize::Constant(n) => Self::words(n / 4),
                ArraySize::Runtime => HostLayout::Array {
                    element: Arc::new(HostLayout::Scalar {
                        scalar: Scalar::U32,
                        atomic: false,
                    }),
                    stride: 4,
                    count: None,
                },
                ArraySize::Override(_) => return None,
            },
            TypeInner::Pointer { .. }
            | TypeInner::BindingArray { .. }
            | TypeInner::Image { .. }
            | TypeInner::Sampler { .. }
            | TypeInner::SubgroupMatrix { .. }
            | TypeInner::CoopVector { .. } => return None,
        })
    }

    /// An array of `count` plain `u32` words (for buffers tessera adds
    /// itself, such as an external texture's parameters).
    pub fn words(count: u32) -> HostLayout {
        HostLayout::Array {
            element: Arc::new(HostLayout::Scalar {
                scalar: Scalar::U32,
                atomic: false,
            }),
            stride: 4,
            count: Some(count),
        }
    }

    /// The size in bytes, counting a runtime-sized array as one element.
    pub fn size(&self) -> u64 {
        match self {
            HostLayout::Scalar { scalar, .. } => u64::from(scalar.size()),
            HostLayout::Vector { size, scalar } => u64::from(size * scalar.size()),
            HostLayout::Matrix {
                columns,
                column_stride,
                ..
            } => u64::from(*columns) * u64::from(*column_stride),
            HostLayout::Array { stride, count, .. } => {
                u64::from(*stride) * u64::from(count.unwrap_or(1))
            }
            HostLayout::Struct { size, .. } => u64::from(*size),
        }
    }

    /// Whether the type ends in a runtime-sized array (its size then
    /// depends on the binding).
    pub fn is_runtime_sized(&self) -> bool {
        match self {
            HostLayout::Array { count: None, .. } => true,
            HostLayout::Struct { members, .. } => {
                members.last().is_some_and(|m| m.layout.is_runtime_sized())
            }
            _ => false,
        }
    }

    /// Every scalar component of a binding of `bytes` bytes with this
    /// layout, in memory order, padding skipped. A runtime-sized array
    /// holds as many whole elements as fit in `bytes`; components that
    /// would end past `bytes` are left out.
    pub fn scalars(&self, bytes: u64) -> Vec<HostScalar> {
        let mut out = Vec::new();
        let mut path = String::new();
        self.walk(0, bytes, &mut path, &mut out);
        out
    }

    fn walk(&self, base: u64, bytes: u64, path: &mut String, out: &mut Vec<HostScalar>) {
        let len = path.len();
        let mut push = |offset: u64, scalar: Scalar, atomic: bool, path: &str| {
            if offset + u64::from(scalar.size()) <= bytes {
                out.push(HostScalar {
                    path: path.to_string(),
                    offset,
                    scalar,
                    atomic,
                });
            }
        };
        match self {
            HostLayout::Scalar { scalar, atomic } => push(base, *scalar, *atomic, path),
            HostLayout::Vector { size, scalar } => {
                for i in 0..*size {
                    path.push('.');
                    path.push(b"xyzw"[i as usize] as char);
                    push(base + u64::from(i * scalar.size()), *scalar, false, path);
                    path.truncate(len);
                }
            }
            HostLayout::Matrix {
                columns,
                rows,
                scalar,
                column_stride,
            } => {
                for c in 0..*columns {
                    for r in 0..*rows {
                        use std::fmt::Write;
                        let _ = write!(path, "[{c}][{r}]");
                        let offset = base
                            + u64::from(c) * u64::from(*column_stride)
                            + u64::from(r * scalar.size());
                        push(offset, *scalar, false, path);
                        path.truncate(len);
                    }
                }
            }
            HostLayout::Array {
                element,
                stride,
                count,
            } => {
                let stride = u64::from((*stride).max(1));
                let n = match count {
                    Some(n) => u64::from(*n),
                    None => bytes.saturating_sub(base) / stride,
                };
                for i in 0..n {
                    let at = base + i * stride;
                    if at >= bytes {
                        break;
                    }
                    use std::fmt::Write;
                    let _ = write!(path, "[{i}]");
                    element.walk(at, bytes, path, out);
                    path.truncate(len);
                }
            }
            HostLayout::Struct { members, .. } => {
                for m in members {
                    path.push('.');
                    path.push_str(&m.name);
                    m.layout.walk(base + u64::from(m.offset), bytes, path, out);
                    path.truncate(len);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout_of(src: &str) -> HostLayout {
        let parsed = crate::front::wgsl::parse_str(src).expect("parses");
        let m = &parsed.module;
        let (_, var) = m
            .global_variables
            .iter()
            .find(|(_, v)| v.name == "b")
            .expect("variable b");
        HostLayout::of(m, var.ty).expect("host-shareable")
    }

    fn offsets(l: &HostLayout, bytes: u64) -> Vec<(String, u64)> {
        l.scalars(bytes)
            .into_iter()
            .map(|s| (s.path, s.offset))
            .collect()
    }

    #[test]
    fn struct_padding_is_skipped() {
        let l = layout_of(
            "struct S { a: vec3<f32>, b: f32, c: vec2<u32>, m: mat3x3<f32> }
             @group(0) @binding(0) var<storage> b: S;",
        );
        let o = offsets(&l, l.size());
        assert_eq!(l.size(), 80);
        assert_eq!(
            o[..5].iter().map(|x| x.1).collect::<Vec<_>>(),
            [0, 4, 8, 12, 16]
        );
        assert_eq!(o[3].0, ".b");
        assert_eq!(o[5], (".c.y".to_string(), 20));
        assert_eq!(o[6], (".m[0][0]".to_string(), 32));
        // The third column starts 32 bytes after the first: each vec3 column
        // takes 16 bytes, the 4 after its z component being padding.
        assert_eq!(o[12], (".m[2][0]".to_string(), 64));
        assert_eq!(o.len(), 3 + 1 + 2 + 9);
    }

    #[test]
    fn runtime_arrays_take_the_binding_size() {
        let l = layout_of(
            "struct S { n: u32, v: array<atomic<i32>> }
             @group(0) @binding(0) var<storage, read_write> b: S;",
        );
        assert!(l.is_runtime_sized());
        assert_eq!(l.size(), 8);
        let s = l.scalars(20);
        assert_eq!(s.len(), 5);
        assert_eq!(s[4].path, ".v[3]");
        assert!(s[4].atomic && !s[0].atomic);
        assert_eq!(s[4].scalar, Scalar::I32);
    }

    #[test]
    fn shared_types_share_one_layout() {
        // S3 holds 8 copies of S0, each built once.
        let l = layout_of(
            "struct S0 { v: vec3<f32> }
             struct S1 { x: S0, y: S0 }
             struct S2 { x: S1, y: S1 }
             struct S3 { x: S2, y: S2 }
             @group(0) @binding(0) var<storage> b: S3;",
        );
        let HostLayout::Struct { members, size, .. } = &l else {
            panic!("{l:?}")
        };
        assert_eq!(*size, 128);
        assert!(Arc::ptr_eq(&members[0].layout, &members[1].layout));
        let o = offsets(&l, l.size());
        assert_eq!(o.len(), 8 * 3);
        assert_eq!(o[23], (".y.y.y.v.z".to_string(), 120));
    }

    #[test]
    fn arrays_of_vec3_keep_their_stride() {
        let l = layout_of("@group(0) @binding(0) var<storage> b: array<vec3<u32>, 2>;");
        let o = offsets(&l, 32);
        assert_eq!(
            o.iter().map(|x| x.1).collect::<Vec<_>>(),
            [0, 4, 8, 16, 20, 24]
        );
        assert_eq!(o[4].0, "[1].y");
    }
}

//! IR types. Types are interned in [`crate::ir::Module::types`], so two
//! types are equal exactly when their handles are equal.

use crate::arena::Handle;
use crate::ir::{Expression, Override};

/// A scalar kind with its width.
///
/// `AbstractInt` and `AbstractFloat` exist only while the resolver converts
/// abstract numerics; they never appear in the type of a declaration or of a
/// runtime expression in a validated module. `I8` and `U8` exist only as
/// subgroup-matrix component types, and so does `BF16`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scalar {
    /// `bool`
    Bool,
    /// `i32`
    I32,
    /// `u32`
    U32,
    /// `f32`
    F32,
    /// `f16` (needs `enable f16`)
    F16,
    /// The type of unsuffixed integer literals.
    AbstractInt,
    /// The type of unsuffixed float literals.
    AbstractFloat,
    /// 8-bit signed integer: subgroup-matrix components only.
    I8,
    /// 8-bit unsigned integer: subgroup-matrix components only.
    U8,
    /// bfloat16: subgroup-matrix components only
    /// (`enable tessera_experimental_bf16;`); its shader scalar type is f32.
    BF16,
}

impl Scalar {
    /// Every scalar, in declaration order.
    pub const ALL: [Scalar; 10] = [
        Scalar::Bool,
        Scalar::I32,
        Scalar::U32,
        Scalar::F32,
        Scalar::F16,
        Scalar::AbstractInt,
        Scalar::AbstractFloat,
        Scalar::I8,
        Scalar::U8,
        Scalar::BF16,
    ];

    /// Size in bytes of a value of this scalar in memory (abstract types: 8).
    pub const fn size(self) -> u32 {
        match self {
            Scalar::Bool | Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::F16 | Scalar::BF16 => 2,
            Scalar::I8 | Scalar::U8 => 1,
            Scalar::AbstractInt | Scalar::AbstractFloat => 8,
        }
    }

    /// Whether this is an integer scalar (including abstract and 8-bit).
    pub const fn is_integer(self) -> bool {
        matches!(
            self,
            Scalar::I32 | Scalar::U32 | Scalar::AbstractInt | Scalar::I8 | Scalar::U8
        )
    }

    /// Whether this is a floating-point scalar (including abstract).
    pub const fn is_float(self) -> bool {
        matches!(
            self,
            Scalar::F32 | Scalar::F16 | Scalar::AbstractFloat | Scalar::BF16
        )
    }

    /// Whether this is a signed integer (including abstract int).
    pub const fn is_signed_integer(self) -> bool {
        matches!(self, Scalar::I32 | Scalar::AbstractInt | Scalar::I8)
    }

    /// Whether this is an abstract numeric type.
    pub const fn is_abstract(self) -> bool {
        matches!(self, Scalar::AbstractInt | Scalar::AbstractFloat)
    }

    /// The WGSL spelling.
    pub const fn wgsl_name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I32 => "i32",
            Scalar::U32 => "u32",
            Scalar::F32 => "f32",
            Scalar::F16 => "f16",
            Scalar::AbstractInt => "abstract-int",
            Scalar::AbstractFloat => "abstract-float",
            Scalar::I8 => "i8",
            Scalar::U8 => "u8",
            Scalar::BF16 => "bf16",
        }
    }

    /// For a subgroup-matrix component type, the shader scalar type used for
    /// scalar operands and memory (`u8` -> `u32`, `i8` -> `i32`).
    pub const fn shader_scalar(self) -> Scalar {
        match self {
            Scalar::I8 => Scalar::I32,
            Scalar::U8 => Scalar::U32,
            Scalar::BF16 => Scalar::F32,
            other => other,
        }
    }
}

/// Number of components of a vector, or of columns/rows of a matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum VectorSize {
    /// 2 components
    Bi = 2,
    /// 3 components
    Tri = 3,
    /// 4 components
    Quad = 4,
}

impl VectorSize {
    /// The number as a `u32`.
    pub const fn get(self) -> u32 {
        self as u32
    }

    /// From a count, if it is 2, 3 or 4.
    pub const fn from_count(n: u32) -> Option<Self> {
        match n {
            2 => Some(VectorSize::Bi),
            3 => Some(VectorSize::Tri),
            4 => Some(VectorSize::Quad),
            _ => None,
        }
    }
}

/// Address spaces of variables and pointers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AddressSpace {
    /// `function`
    Function,
    /// `private`
    Private,
    /// `workgroup`
    Workgroup,
    /// `uniform`
    Uniform,
    /// `storage`
    Storage,
    /// Textures and samplers (`handle`).
    Handle,
    /// `immediate`: immediate data (the `immediate_address_space` language
    /// feature), set by the API per dispatch; read-only, at most one
    /// variable per entry point.
    Immediate,
    /// `pixel_local` (`enable chromium_experimental_pixel_local;`, as
    /// Tint accepts it): per-pixel storage that persists between the
    /// fragment shaders of a render pass; fragment stage only, one
    /// variable per entry point, a structure of `i32`, `u32` and `f32`
    /// members. Neither backend lowers it (Tint's neither).
    PixelLocal,
}

impl AddressSpace {
    /// The WGSL spelling.
    pub const fn wgsl_name(self) -> &'static str {
        match self {
            AddressSpace::Function => "function",
            AddressSpace::Private => "private",
            AddressSpace::Workgroup => "workgroup",
            AddressSpace::Uniform => "uniform",
            AddressSpace::Storage => "storage",
            AddressSpace::Handle => "handle",
            AddressSpace::Immediate => "immediate",
            AddressSpace::PixelLocal => "pixel_local",
        }
    }
}

/// Access mode of a storage variable or pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Access {
    /// `read`
    Read,
    /// `write`
    Write,
    /// `read_write`
    ReadWrite,
}

impl Access {
    /// Whether reads are allowed.
    pub const fn can_read(self) -> bool {
        matches!(self, Access::Read | Access::ReadWrite)
    }
    /// Whether writes are allowed.
    pub const fn can_write(self) -> bool {
        matches!(self, Access::Write | Access::ReadWrite)
    }
    /// The WGSL spelling.
    pub const fn wgsl_name(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::ReadWrite => "read_write",
        }
    }
}

/// The element count of an array type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArraySize {
    /// A count known at shader-creation time (always >= 1).
    Constant(u32),
    /// A count given by an override-expression, evaluated at pipeline
    /// creation. The handle points into [`crate::ir::Module::global_expressions`];
    /// the resolver makes every mention of the same override identifier share
    /// one expression handle, so the WGSL type-identity rule for
    /// override-sized arrays is handle equality.
    Override(Handle<Expression>),
    /// A runtime-sized array (`array<T>`).
    Runtime,
}

/// One dimension (rows or columns) of a subgroup matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixDim {
    /// A const-expression value (>= 1).
    Constant(u32),
    /// The value of an override declaration, known at pipeline creation.
    Override(Handle<Override>),
}

/// Which operand of a multiply a subgroup matrix is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SubgroupMatrixKind {
    /// `subgroup_matrix_left`: M rows x K columns.
    Left,
    /// `subgroup_matrix_right`: K rows x N columns.
    Right,
    /// `subgroup_matrix_result`: M rows x N columns.
    Result,
}

impl SubgroupMatrixKind {
    /// The WGSL type-generator name.
    pub const fn wgsl_name(self) -> &'static str {
        match self {
            SubgroupMatrixKind::Left => "subgroup_matrix_left",
            SubgroupMatrixKind::Right => "subgroup_matrix_right",
            SubgroupMatrixKind::Result => "subgroup_matrix_result",
        }
    }
}

/// A member of a structure type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructMember {
    /// Member name.
    pub name: String,
    /// Member type.
    pub ty: Handle<Type>,
    /// Entry-point IO binding, if any.
    pub binding: Option<crate::ir::Binding>,
    /// Byte offset in the structure (honours `@align`/`@size`).
    pub offset: u32,
    /// Byte size reserved for the member (`@size`, or the type's size).
    pub size: u32,
    /// Alignment of the member (`@align`, or the type's alignment).
    pub align: u32,
}

/// The shape of a type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeInner {
    /// A scalar.
    Scalar(Scalar),
    /// `vecN<T>`.
    Vector {
        /// Component count.
        size: VectorSize,
        /// Component type.
        scalar: Scalar,
    },
    /// `matCxR<T>`, T is f32, f16 or abstract float.
    Matrix {
        /// Column count.
        columns: VectorSize,
        /// Row count.
        rows: VectorSize,
        /// Component type.
        scalar: Scalar,
    },
    /// `atomic<T>`: T is i32 or u32 (`size` is `None`), or, with
    /// `enable atomic_vec2u_min_max;`, `vec2<u32>` (`size` is
    /// `Some(VectorSize::Bi)`), which only `atomicStoreMax` and
    /// `atomicStoreMin` operate on, as one 64-bit unsigned integer whose low
    /// word is `.x`.
    Atomic {
        /// Component type.
        scalar: Scalar,
        /// `None` for a scalar atomic, the vector size for `atomic<vec2<u32>>`.
        size: Option<VectorSize>,
    },
    /// `ptr<AS, T, AM>`. Also the type of reference expressions (variables,
    /// and access chains into them): the IR does not distinguish references
    /// from pointers.
    Pointer {
        /// Store type.
        base: Handle<Type>,
        /// Address space.
        space: AddressSpace,
        /// Access mode.
        access: Access,
    },
    /// `array<E, N>` or `array<E>`.
    Array {
        /// Element type.
        base: Handle<Type>,
        /// Element count.
        size: ArraySize,
        /// Byte distance between elements: roundUp(align(E), size(E)).
        stride: u32,
    },
    /// A structure.
    Struct {
        /// Members, in declaration order.
        members: Vec<StructMember>,
        /// Size in bytes of the whole struct (a multiple of its alignment).
        span: u32,
    },
    /// A texture (`texture_*`) or texel buffer (`texel_buffer<F, A>`): a
    /// variable of it lives in [`AddressSpace::Handle`].
    Image {
        /// Dimensionality.
        dim: crate::ir::ImageDimension,
        /// `_array` textures.
        arrayed: bool,
        /// What it holds and how it is accessed.
        class: crate::ir::ImageClass,
    },
    /// `sampler` or `sampler_comparison`.
    Sampler {
        /// `sampler_comparison`.
        comparison: bool,
    },
    /// `subgroup_matrix_left/right/result<T, C, R>`.
    SubgroupMatrix {
        /// Left, right or result.
        kind: SubgroupMatrixKind,
        /// Component type (f32, f16, u32, i32, u8, i8, bf16).
        scalar: Scalar,
        /// Column count (second template argument).
        columns: MatrixDim,
        /// Row count (third template argument).
        rows: MatrixDim,
    },
    /// `coop_vec<T, N>` (`enable tessera_experimental_cooperative_vector;`):
    /// a vector of `size` components, 1 to [`COOP_VEC_MAX`], owned by one
    /// invocation (docs/cooperative-vectors.md).
    CoopVector {
        /// Component type (f32 or f16).
        scalar: Scalar,
        /// Component count.
        size: u32,
    },
    /// `binding_array<T, N>` (language feature `sized_binding_array`): N
    /// sampled textures of type T bound at one binding; a variable of it
    /// lives in [`AddressSpace::Handle`]. Runtime-sized (`binding_array<T>`)
    /// only as the `resource-table` pass declares the resource table.
    BindingArray {
        /// The texture (or sampler) type.
        base: Handle<Type>,
        /// Element count (at least 1); `None`: runtime-sized.
        size: Option<u32>,
    },
    /// `buffer<N>` or `buffer` (language feature `buffer_view`): N bytes of
    /// memory (`size` counts bytes) whose contents are read and written
    /// only through views (`bufferView`, `bufferArrayView`); the store type
    /// of a storage, uniform or workgroup variable. Not constructible, and
    /// no expression has it as its value type.
    Buffer {
        /// Byte count, or [`ArraySize::Runtime`] for `buffer`.
        size: ArraySize,
    },
}

/// The largest component count of a `coop_vec<T, N>`.
pub const COOP_VEC_MAX: u32 = 1024;

/// A type, optionally named (structs are named).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Type {
    /// The declared name (structs) or `None`.
    pub name: Option<String>,
    /// The shape.
    pub inner: TypeInner,
}

impl TypeInner {
    /// What a pointer points to.
    pub fn pointee(&self) -> Option<Handle<Type>> {
        match *self {
            TypeInner::Pointer { base, .. } => Some(base),
            _ => None,
        }
    }

    /// The shape of what a pointer points to.
    pub fn pointee_inner<'m>(&self, module: &'m crate::ir::Module) -> Option<&'m TypeInner> {
        Some(&module.types.try_get(self.pointee()?)?.inner)
    }

    /// The scalar of a scalar, vector, matrix, atomic or subgroup matrix.
    pub fn scalar(&self) -> Option<Scalar> {
        match *self {
            TypeInner::Scalar(s) => Some(s),
            TypeInner::Vector { scalar, .. }
            | TypeInner::Atomic { scalar, .. }
            | TypeInner::Matrix { scalar, .. }
            | TypeInner::SubgroupMatrix { scalar, .. }
            | TypeInner::CoopVector { scalar, .. } => Some(scalar),
            _ => None,
        }
    }

    /// `atomic<T>` of a scalar `T` (i32 or u32).
    pub const fn atomic(scalar: Scalar) -> TypeInner {
        TypeInner::Atomic { scalar, size: None }
    }

    /// Whether this is `atomic<vec2<u32>>` (`enable atomic_vec2u_min_max;`).
    pub fn is_atomic_vector(&self) -> bool {
        matches!(self, TypeInner::Atomic { size: Some(_), .. })
    }

    /// Whether this is a pointer.
    pub fn is_pointer(&self) -> bool {
        matches!(self, TypeInner::Pointer { .. })
    }

    /// Whether this is a texture, a sampler or a binding array of
    /// textures (a handle type).
    pub fn is_handle(&self) -> bool {
        matches!(
            self,
            TypeInner::Image { .. } | TypeInner::Sampler { .. } | TypeInner::BindingArray { .. }
        )
    }
}

//! The flavours of an IR type in SPIR-V ([`Mode`]: plain, or laid out for
//! a buffer), the types of function-local variables ([`LocalType`]) and
//! the storage classes of address spaces: plain data the writer's tables
//! are keyed by.

use crate::ir::Scalar;

/// Which flavour of an IR type to emit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Mode {
    /// No layout decorations.
    Plain,
    /// Explicit layout (buffer contents).
    Explicit,
    /// A struct store type of a buffer root: explicit layout plus `Block`.
    Block,
    /// A non-struct store type of a buffer root, wrapped in a `Block` struct.
    Wrapper,
    /// Uniform-buffer contents with std140-style decomposition: a matrix
    /// whose column stride is not a multiple of 16 becomes consecutive
    /// column members of its enclosing struct, or a struct of columns where
    /// it is an array element or a buffer root. Types without such a matrix
    /// use `Explicit` instead.
    Std140,
    /// `Block` flavour of `Std140`.
    Std140Block,
    /// `Wrapper` flavour of `Std140`.
    Std140Wrapper,
}

impl Mode {
    /// The flavour of members and elements of a type in this flavour.
    pub(super) fn member(self) -> Mode {
        match self {
            Mode::Plain => Mode::Plain,
            Mode::Explicit | Mode::Block | Mode::Wrapper => Mode::Explicit,
            Mode::Std140 | Mode::Std140Block | Mode::Std140Wrapper => Mode::Std140,
        }
    }

    /// Whether this is a `Std140` flavour.
    pub(super) fn is_std140(self) -> bool {
        matches!(self, Mode::Std140 | Mode::Std140Block | Mode::Std140Wrapper)
    }

    /// The non-decomposed flavour with the same role.
    pub(super) fn without_std140(self) -> Mode {
        match self {
            Mode::Std140 => Mode::Explicit,
            Mode::Std140Block => Mode::Block,
            Mode::Std140Wrapper => Mode::Wrapper,
            other => other,
        }
    }
}

/// The number of [`Mode`] variants.
pub(super) const MODES: usize = 7;

/// The index of a scalar in the per-scalar caches.
pub(super) fn scalar_slot(scalar: Scalar) -> usize {
    match scalar {
        Scalar::Bool => 0,
        Scalar::I32 | Scalar::AbstractInt => 1,
        Scalar::U32 => 2,
        Scalar::F32 | Scalar::AbstractFloat => 3,
        Scalar::F16 => 4,
        Scalar::I8 => 5,
        Scalar::U8 => 6,
        Scalar::BF16 => 7,
    }
}

/// Structural keys of SPIR-V types that are not IR types.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum LocalType {
    Void,
    Bool,
    Int(u32, bool),
    Float(u32),
    /// `OpTypeFloat 16 BFloat16KHR`.
    BFloat16,
    Vector(u32, u32),
    Matrix(u32, u32),
    Pointer(u32, u32),
    Function(Vec<u32>),
    Array(u32, u32, u32),
    RuntimeArray(u32, u32),
    /// `OpTypeCooperativeMatrixKHR`: component, scope, rows, columns, use.
    CoopMatrix([u32; 5]),
    /// `OpTypeCooperativeMatrixNV`: component, scope, rows, columns (no
    /// use, so left, right and result matrices of one shape share it).
    CoopMatrixNv([u32; 4]),
    /// `OpTypeCooperativeVectorNV`: component, component count.
    CoopVectorNv([u32; 2]),
    /// `OpTypeImage`: sampled type, dim, depth, arrayed, MS, sampled,
    /// format.
    Image([u32; 7]),
    /// `OpTypeSampler`.
    Sampler,
    /// `OpTypeSampledImage` of an image type.
    SampledImage(u32),
}

/// The SPIR-V storage class of an address space.
pub(super) fn storage_class(space: crate::ir::AddressSpace) -> spirv::StorageClass {
    use crate::ir::AddressSpace as A;
    match space {
        A::Function => spirv::StorageClass::Function,
        // `pixel_local` never gets here: the pass list rejects it.
        A::Private | A::PixelLocal => spirv::StorageClass::Private,
        A::Workgroup => spirv::StorageClass::Workgroup,
        A::Uniform => spirv::StorageClass::Uniform,
        A::Storage => spirv::StorageClass::StorageBuffer,
        A::Handle => spirv::StorageClass::UniformConstant,
        A::Immediate => spirv::StorageClass::PushConstant,
    }
}

/// Whether the layout of `space` is explicit.
pub(super) fn space_mode(space: crate::ir::AddressSpace) -> Mode {
    use crate::ir::AddressSpace as A;
    match space {
        A::Storage | A::Immediate => Mode::Explicit,
        A::Uniform => Mode::Std140,
        _ => Mode::Plain,
    }
}

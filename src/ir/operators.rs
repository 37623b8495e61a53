//! Operators and builtin-function enumerations of the IR.

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOperator {
    /// `-e`
    Negate,
    /// `!e`
    LogicalNot,
    /// `~e`
    BitwiseNot,
}

/// Binary operators. Operands follow WGSL's rules: arithmetic operators may
/// mix a scalar with a vector (the scalar is splat), and `*` covers the
/// matrix products. `&&` and `||` do not appear: the resolver lowers them to
/// control flow (so they short-circuit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOperator {
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<`
    Less,
    /// `<=`
    LessEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterEqual,
    /// `&` (also non-short-circuit logical and on bools)
    And,
    /// `|` (also non-short-circuit logical or on bools)
    InclusiveOr,
    /// `^`
    ExclusiveOr,
    /// `<<`
    ShiftLeft,
    /// `>>`
    ShiftRight,
}

/// Pure builtin functions: numeric, bit, packing, and `all`/`any`.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathFunction {
    Abs,
    Acos,
    Acosh,
    Asin,
    Asinh,
    Atan,
    Atanh,
    Atan2,
    Ceil,
    Clamp,
    Cos,
    Cosh,
    CountLeadingZeros,
    CountOneBits,
    CountTrailingZeros,
    Cross,
    Degrees,
    Determinant,
    Distance,
    Dot,
    Dot4I8Packed,
    Dot4U8Packed,
    Exp,
    Exp2,
    ExtractBits,
    FaceForward,
    FirstLeadingBit,
    FirstTrailingBit,
    Floor,
    Fma,
    Fract,
    Frexp,
    InsertBits,
    InverseSqrt,
    Ldexp,
    Length,
    Log,
    Log2,
    Max,
    Min,
    Mix,
    Modf,
    Normalize,
    Pow,
    QuantizeToF16,
    Radians,
    Reflect,
    Refract,
    ReverseBits,
    Round,
    Saturate,
    Sign,
    Sin,
    Sinh,
    Smoothstep,
    Sqrt,
    Step,
    Tan,
    Tanh,
    Transpose,
    Trunc,
    All,
    Any,
    Pack4x8Snorm,
    Pack4x8Unorm,
    Pack4xI8,
    Pack4xU8,
    Pack4xI8Clamp,
    Pack4xU8Clamp,
    Pack2x16Snorm,
    Pack2x16Unorm,
    Pack2x16Float,
    Unpack4x8Snorm,
    Unpack4x8Unorm,
    Unpack4xI8,
    Unpack4xU8,
    Unpack2x16Snorm,
    Unpack2x16Unorm,
    Unpack2x16Float,
}

impl MathFunction {
    /// The WGSL name of the builtin.
    pub const fn wgsl_name(self) -> &'static str {
        use MathFunction as M;
        match self {
            M::Abs => "abs",
            M::Acos => "acos",
            M::Acosh => "acosh",
            M::Asin => "asin",
            M::Asinh => "asinh",
            M::Atan => "atan",
            M::Atanh => "atanh",
            M::Atan2 => "atan2",
            M::Ceil => "ceil",
            M::Clamp => "clamp",
            M::Cos => "cos",
            M::Cosh => "cosh",
            M::CountLeadingZeros => "countLeadingZeros",
            M::CountOneBits => "countOneBits",
            M::CountTrailingZeros => "countTrailingZeros",
            M::Cross => "cross",
            M::Degrees => "degrees",
            M::Determinant => "determinant",
            M::Distance => "distance",
            M::Dot => "dot",
            M::Dot4I8Packed => "dot4I8Packed",
            M::Dot4U8Packed => "dot4U8Packed",
            M::Exp => "exp",
            M::Exp2 => "exp2",
            M::ExtractBits => "extractBits",
            M::FaceForward => "faceForward",
            M::FirstLeadingBit => "firstLeadingBit",
            M::FirstTrailingBit => "firstTrailingBit",
            M::Floor => "floor",
            M::Fma => "fma",
            M::Fract => "fract",
            M::Frexp => "frexp",
            M::InsertBits => "insertBits",
            M::InverseSqrt => "inverseSqrt",
            M::Ldexp => "ldexp",
            M::Length => "length",
            M::Log => "log",
            M::Log2 => "log2",
            M::Max => "max",
            M::Min => "min",
            M::Mix => "mix",
            M::Modf => "modf",
            M::Normalize => "normalize",
            M::Pow => "pow",
            M::QuantizeToF16 => "quantizeToF16",
            M::Radians => "radians",
            M::Reflect => "reflect",
            M::Refract => "refract",
            M::ReverseBits => "reverseBits",
            M::Round => "round",
            M::Saturate => "saturate",
            M::Sign => "sign",
            M::Sin => "sin",
            M::Sinh => "sinh",
            M::Smoothstep => "smoothstep",
            M::Sqrt => "sqrt",
            M::Step => "step",
            M::Tan => "tan",
            M::Tanh => "tanh",
            M::Transpose => "transpose",
            M::Trunc => "trunc",
            M::All => "all",
            M::Any => "any",
            M::Pack4x8Snorm => "pack4x8snorm",
            M::Pack4x8Unorm => "pack4x8unorm",
            M::Pack4xI8 => "pack4xI8",
            M::Pack4xU8 => "pack4xU8",
            M::Pack4xI8Clamp => "pack4xI8Clamp",
            M::Pack4xU8Clamp => "pack4xU8Clamp",
            M::Pack2x16Snorm => "pack2x16snorm",
            M::Pack2x16Unorm => "pack2x16unorm",
            M::Pack2x16Float => "pack2x16float",
            M::Unpack4x8Snorm => "unpack4x8snorm",
            M::Unpack4x8Unorm => "unpack4x8unorm",
            M::Unpack4xI8 => "unpack4xI8",
            M::Unpack4xU8 => "unpack4xU8",
            M::Unpack2x16Snorm => "unpack2x16snorm",
            M::Unpack2x16Unorm => "unpack2x16unorm",
            M::Unpack2x16Float => "unpack2x16float",
        }
    }
}

/// Atomic read-modify-write operations.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicFunction {
    Load,
    Store,
    Add,
    Subtract,
    Max,
    Min,
    And,
    InclusiveOr,
    ExclusiveOr,
    Exchange,
    /// `atomicCompareExchangeWeak`: the statement's `compare` is set and the
    /// result is a `__atomic_compare_exchange_result` struct.
    CompareExchangeWeak,
    /// `atomicStoreMax` (`enable atomic_vec2u_min_max;`): on an
    /// `atomic<vec2<u32>>`, stores the larger of it and the `vec2<u32>`
    /// value, both read as the 64-bit unsigned integer `y * 2^32 + x`; no
    /// result.
    StoreMax,
    /// `atomicStoreMin` (`enable atomic_vec2u_min_max;`): as `StoreMax`,
    /// with the smaller value.
    StoreMin,
}

impl AtomicFunction {
    /// Whether the operation has no result (`atomicStore`,
    /// `atomicStoreMax`, `atomicStoreMin`).
    pub const fn is_store(self) -> bool {
        matches!(
            self,
            AtomicFunction::Store | AtomicFunction::StoreMax | AtomicFunction::StoreMin
        )
    }

    /// Whether the operation is one of `atomic<vec2<u32>>`'s
    /// (`atomicStoreMax`, `atomicStoreMin`).
    pub const fn is_vector(self) -> bool {
        matches!(self, AtomicFunction::StoreMax | AtomicFunction::StoreMin)
    }
}

bitflags::bitflags! {
    /// Which memory a barrier orders.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Barrier: u32 {
        /// `storageBarrier()`
        const STORAGE = 1 << 0;
        /// `workgroupBarrier()`
        const WORKGROUP = 1 << 1;
        /// `textureBarrier()`
        const TEXTURE = 1 << 2;
        /// A barrier among the invocations of a subgroup for workgroup
        /// memory (passes only: subgroup-matrix kind conversions)
        const SUBGROUP = 1 << 3;
    }
}

/// Subgroup and quad builtins (`enable subgroups`).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubgroupOp {
    Add,
    ExclusiveAdd,
    InclusiveAdd,
    Mul,
    ExclusiveMul,
    InclusiveMul,
    And,
    Or,
    Xor,
    Min,
    Max,
    All,
    Any,
    Ballot,
    Elect,
    Broadcast,
    BroadcastFirst,
    Shuffle,
    ShuffleDown,
    ShuffleUp,
    ShuffleXor,
    QuadBroadcast,
    QuadSwapX,
    QuadSwapY,
    QuadSwapDiagonal,
}

/// Majorness of a subgroup-matrix load or store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixLayout {
    /// `row_major` (or `col_major = false`)
    RowMajor,
    /// `col_major` (or `col_major = true`)
    ColumnMajor,
}

/// Scalar operations on subgroup matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixScalarOp {
    /// `subgroupMatrixScalarAdd`
    Add,
    /// `subgroupMatrixScalarSubtract`
    Subtract,
    /// `subgroupMatrixScalarMultiply`
    Multiply,
}

/// What a subgroup-matrix reduction reduces over
/// (`tessera_experimental_subgroup_matrix`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixReduceMode {
    /// Each row (`subgroupMatrixRow*`).
    Rows,
    /// Each column (`subgroupMatrixColumn*`).
    Columns,
    /// The whole matrix (`subgroupMatrixSum/Max/Min`).
    All,
}

/// How a subgroup-matrix reduction combines elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixReduceOp {
    /// `+`.
    Sum,
    /// `max`.
    Max,
    /// `min`.
    Min,
}

impl MatrixReduceOp {
    /// The WGSL spelling's suffix (`Sum`, `Max`, `Min`).
    pub const fn suffix(self) -> &'static str {
        match self {
            MatrixReduceOp::Sum => "Sum",
            MatrixReduceOp::Max => "Max",
            MatrixReduceOp::Min => "Min",
        }
    }
}

impl MatrixReduceMode {
    /// The WGSL builtin of this mode and `op`.
    pub const fn builtin(self, op: MatrixReduceOp) -> &'static str {
        use MatrixReduceMode as M;
        use MatrixReduceOp as O;
        match (self, op) {
            (M::Rows, O::Sum) => "subgroupMatrixRowSum",
            (M::Rows, O::Max) => "subgroupMatrixRowMax",
            (M::Rows, O::Min) => "subgroupMatrixRowMin",
            (M::Columns, O::Sum) => "subgroupMatrixColumnSum",
            (M::Columns, O::Max) => "subgroupMatrixColumnMax",
            (M::Columns, O::Min) => "subgroupMatrixColumnMin",
            (M::All, O::Sum) => "subgroupMatrixSum",
            (M::All, O::Max) => "subgroupMatrixMax",
            (M::All, O::Min) => "subgroupMatrixMin",
        }
    }
}

//! WGSL names of the IR's builtin enums and operators (one table each,
//! used by diagnostics, const-evaluation messages and the printers).

use super::{AtomicFunction, Barrier, BinaryOperator, BuiltIn, SubgroupOp};

impl BuiltIn {
    /// The WGSL name of the built-in value (`@builtin(...)`).
    pub const fn wgsl_name(self) -> &'static str {
        match self {
            BuiltIn::Position { .. } => "position",
            BuiltIn::VertexIndex => "vertex_index",
            BuiltIn::InstanceIndex => "instance_index",
            BuiltIn::FrontFacing => "front_facing",
            BuiltIn::FragDepth { .. } => "frag_depth",
            BuiltIn::SampleIndex => "sample_index",
            BuiltIn::SampleMask => "sample_mask",
            BuiltIn::ClipDistances => "clip_distances",
            BuiltIn::PrimitiveIndex => "primitive_index",
            BuiltIn::BarycentricCoord => "barycentric_coord",
            BuiltIn::LocalInvocationId => "local_invocation_id",
            BuiltIn::LocalInvocationIndex => "local_invocation_index",
            BuiltIn::GlobalInvocationId => "global_invocation_id",
            BuiltIn::WorkgroupId => "workgroup_id",
            BuiltIn::NumWorkgroups => "num_workgroups",
            BuiltIn::SubgroupInvocationId => "subgroup_invocation_id",
            BuiltIn::SubgroupSize => "subgroup_size",
            BuiltIn::SubgroupId => "subgroup_id",
            BuiltIn::NumSubgroups => "num_subgroups",
        }
    }
}

impl AtomicFunction {
    /// The WGSL name of the atomic builtin function.
    pub const fn wgsl_name(self) -> &'static str {
        use AtomicFunction as A;
        match self {
            A::Load => "atomicLoad",
            A::Store => "atomicStore",
            A::Add => "atomicAdd",
            A::Subtract => "atomicSub",
            A::Max => "atomicMax",
            A::Min => "atomicMin",
            A::And => "atomicAnd",
            A::InclusiveOr => "atomicOr",
            A::ExclusiveOr => "atomicXor",
            A::Exchange => "atomicExchange",
            A::CompareExchangeWeak => "atomicCompareExchangeWeak",
            A::StoreMax => "atomicStoreMax",
            A::StoreMin => "atomicStoreMin",
        }
    }
}

impl SubgroupOp {
    /// The WGSL name of the subgroup or quad builtin function.
    pub const fn wgsl_name(self) -> &'static str {
        use SubgroupOp as S;
        match self {
            S::Add => "subgroupAdd",
            S::ExclusiveAdd => "subgroupExclusiveAdd",
            S::InclusiveAdd => "subgroupInclusiveAdd",
            S::Mul => "subgroupMul",
            S::ExclusiveMul => "subgroupExclusiveMul",
            S::InclusiveMul => "subgroupInclusiveMul",
            S::And => "subgroupAnd",
            S::Or => "subgroupOr",
            S::Xor => "subgroupXor",
            S::Min => "subgroupMin",
            S::Max => "subgroupMax",
            S::All => "subgroupAll",
            S::Any => "subgroupAny",
            S::Ballot => "subgroupBallot",
            S::Elect => "subgroupElect",
            S::Broadcast => "subgroupBroadcast",
            S::BroadcastFirst => "subgroupBroadcastFirst",
            S::Shuffle => "subgroupShuffle",
            S::ShuffleDown => "subgroupShuffleDown",
            S::ShuffleUp => "subgroupShuffleUp",
            S::ShuffleXor => "subgroupShuffleXor",
            S::QuadBroadcast => "quadBroadcast",
            S::QuadSwapX => "quadSwapX",
            S::QuadSwapY => "quadSwapY",
            S::QuadSwapDiagonal => "quadSwapDiagonal",
        }
    }
}

impl Barrier {
    /// The WGSL name of the barrier builtin (the first of workgroup,
    /// storage, texture that the flags contain).
    pub const fn wgsl_name(self) -> &'static str {
        if self.contains(Barrier::WORKGROUP) {
            "workgroupBarrier"
        } else if self.contains(Barrier::STORAGE) {
            "storageBarrier"
        } else {
            "textureBarrier"
        }
    }
}

impl BinaryOperator {
    /// The operator's symbol, as WGSL (and MSL) spell it.
    pub const fn symbol(self) -> &'static str {
        use BinaryOperator as B;
        match self {
            B::Add => "+",
            B::Subtract => "-",
            B::Multiply => "*",
            B::Divide => "/",
            B::Modulo => "%",
            B::Equal => "==",
            B::NotEqual => "!=",
            B::Less => "<",
            B::LessEqual => "<=",
            B::Greater => ">",
            B::GreaterEqual => ">=",
            B::And => "&",
            B::InclusiveOr => "|",
            B::ExclusiveOr => "^",
            B::ShiftLeft => "<<",
            B::ShiftRight => ">>",
        }
    }
}

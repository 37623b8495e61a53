//! Names and uniformity facts of the builtins the analysis handles: which
//! built-in values are uniform in which scope (WGSL spec: `workgroup_id`,
//! `num_workgroups`, `subgroup_size`, `num_subgroups`; `subgroup_id` at
//! subgroup scope), which subgroup results are uniform at subgroup scope,
//! and the WGSL names messages use.

use super::graph::{BOTH, WORKGROUP};
use crate::ir::{AtomicFunction, Barrier, BuiltIn, SubgroupOp};

/// The scopes in which a built-in value is non-uniform (WGSL spec: only
/// `workgroup_id`, `num_workgroups`, `subgroup_size` and `num_subgroups`
/// are uniform, and `subgroup_id` at subgroup scope).
pub(crate) fn builtin_non_uniform(b: BuiltIn) -> u8 {
    match b {
        BuiltIn::WorkgroupId
        | BuiltIn::NumWorkgroups
        | BuiltIn::SubgroupSize
        | BuiltIn::NumSubgroups => 0,
        BuiltIn::SubgroupId => WORKGROUP,
        _ => BOTH,
    }
}

/// The WGSL name of a built-in value.
pub(crate) fn builtin_name(b: BuiltIn) -> &'static str {
    match b {
        BuiltIn::Position => "position",
        BuiltIn::VertexIndex => "vertex_index",
        BuiltIn::InstanceIndex => "instance_index",
        BuiltIn::FrontFacing => "front_facing",
        BuiltIn::FragDepth => "frag_depth",
        BuiltIn::SampleIndex => "sample_index",
        BuiltIn::SampleMask => "sample_mask",
        BuiltIn::ClipDistances => "clip_distances",
        BuiltIn::PrimitiveIndex => "primitive_index",
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

pub(crate) fn atomic_name(fun: AtomicFunction) -> &'static str {
    use AtomicFunction as A;
    match fun {
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
    }
}

pub(crate) fn subgroup_name(op: SubgroupOp) -> &'static str {
    use SubgroupOp as S;
    match op {
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

/// Whether a subgroup builtin's result is uniform at subgroup scope (the
/// spec's list of reductions and broadcasts with `NoRestriction`).
pub(crate) fn subgroup_result_uniform(op: SubgroupOp) -> bool {
    use SubgroupOp as S;
    matches!(
        op,
        S::Add
            | S::All
            | S::And
            | S::Any
            | S::Ballot
            | S::Broadcast
            | S::BroadcastFirst
            | S::Max
            | S::Min
            | S::Mul
            | S::Or
            | S::Xor
    )
}

pub(crate) fn barrier_name(b: Barrier) -> &'static str {
    if b.contains(Barrier::WORKGROUP) {
        "workgroupBarrier"
    } else if b.contains(Barrier::STORAGE) {
        "storageBarrier"
    } else {
        "textureBarrier"
    }
}

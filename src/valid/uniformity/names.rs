//! Names and uniformity facts of the builtins the analysis handles: which
//! built-in values are uniform in which scope (WGSL spec: `workgroup_id`,
//! `num_workgroups`, `subgroup_size`, `num_subgroups`; `subgroup_id` at
//! subgroup scope) and which subgroup results are uniform at subgroup
//! scope.

use super::graph::{BOTH, WORKGROUP};
use crate::ir::{BuiltIn, SubgroupOp};

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

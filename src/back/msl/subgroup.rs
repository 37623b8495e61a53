//! Subgroup and quad builtins as Metal SIMD-group and quad-group functions.
//!
//! A WGSL subgroup is a Metal SIMD-group. Lane arguments (`id`, `mask`,
//! `delta`) are converted to `ushort`, the parameter type of Metal's
//! shuffle and broadcast functions. `subgroupBallot` is lowered by the
//! `msl-builtins` pass (`passes::msl_builtins`) before printing. Metal
//! has these functions from MSL 2.1 (`capability` checks the version). The quad swaps are `quad_shuffle_xor` with
//! masks 1 (x), 2 (y) and 3 (diagonal), matching WGSL's quad numbering
//! (x = bit 0, y = bit 1 of the quad lane).

use crate::diagnostic::Diagnostic;
use crate::ir::SubgroupOp;

/// The number of arguments of a subgroup builtin.
pub(super) fn arity(op: SubgroupOp) -> usize {
    use SubgroupOp as S;
    match op {
        S::Elect => 0,
        S::Broadcast
        | S::Shuffle
        | S::ShuffleDown
        | S::ShuffleUp
        | S::ShuffleXor
        | S::QuadBroadcast => 2,
        _ => 1,
    }
}

/// The MSL expression for a subgroup builtin; `args` are the MSL
/// expressions of the WGSL arguments, each used once.
pub(super) fn subgroup_call(op: SubgroupOp, args: &[String]) -> Result<String, Box<Diagnostic>> {
    use SubgroupOp as S;
    let n = arity(op);
    if args.len() != n {
        return Err(Box::new(Diagnostic::without_location(format!(
            "cannot write a subgroup builtin in MSL: expected {n} arguments, got {}",
            args.len()
        ))));
    }
    let unary = |f: &str| format!("metal::{f}({})", args[0]);
    let lane = |f: &str| format!("metal::{f}({}, ushort({}))", args[0], args[1]);
    let quad = |mask: u32| format!("metal::quad_shuffle_xor({}, ushort({mask}))", args[0]);
    Ok(match op {
        S::Add => unary("simd_sum"),
        S::ExclusiveAdd => unary("simd_prefix_exclusive_sum"),
        S::InclusiveAdd => unary("simd_prefix_inclusive_sum"),
        S::Mul => unary("simd_product"),
        S::ExclusiveMul => unary("simd_prefix_exclusive_product"),
        S::InclusiveMul => unary("simd_prefix_inclusive_product"),
        S::And => unary("simd_and"),
        S::Or => unary("simd_or"),
        S::Xor => unary("simd_xor"),
        S::Min => unary("simd_min"),
        S::Max => unary("simd_max"),
        S::All => unary("simd_all"),
        S::Any => unary("simd_any"),
        S::Ballot => return Err(Box::new(Diagnostic::without_location(
            "internal error: subgroupBallot is not lowered (the msl-builtins pass must run first)",
        ))),
        S::Elect => "metal::simd_is_first()".to_string(),
        S::Broadcast => lane("simd_broadcast"),
        S::BroadcastFirst => unary("simd_broadcast_first"),
        S::Shuffle => lane("simd_shuffle"),
        S::ShuffleDown => lane("simd_shuffle_down"),
        S::ShuffleUp => lane("simd_shuffle_up"),
        S::ShuffleXor => lane("simd_shuffle_xor"),
        S::QuadBroadcast => lane("quad_broadcast"),
        S::QuadSwapX => quad(1),
        S::QuadSwapY => quad(2),
        S::QuadSwapDiagonal => quad(3),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use SubgroupOp as S;

    fn call(op: SubgroupOp) -> String {
        let args: Vec<String> = ["x", "i"][..arity(op)]
            .iter()
            .map(|s| s.to_string())
            .collect();
        subgroup_call(op, &args).unwrap()
    }

    #[test]
    fn mapping() {
        let cases = [
            (S::Add, "metal::simd_sum(x)"),
            (S::ExclusiveAdd, "metal::simd_prefix_exclusive_sum(x)"),
            (S::InclusiveAdd, "metal::simd_prefix_inclusive_sum(x)"),
            (S::Mul, "metal::simd_product(x)"),
            (S::ExclusiveMul, "metal::simd_prefix_exclusive_product(x)"),
            (S::InclusiveMul, "metal::simd_prefix_inclusive_product(x)"),
            (S::And, "metal::simd_and(x)"),
            (S::Or, "metal::simd_or(x)"),
            (S::Xor, "metal::simd_xor(x)"),
            (S::Min, "metal::simd_min(x)"),
            (S::Max, "metal::simd_max(x)"),
            (S::All, "metal::simd_all(x)"),
            (S::Any, "metal::simd_any(x)"),
            (S::Elect, "metal::simd_is_first()"),
            (S::Broadcast, "metal::simd_broadcast(x, ushort(i))"),
            (S::BroadcastFirst, "metal::simd_broadcast_first(x)"),
            (S::Shuffle, "metal::simd_shuffle(x, ushort(i))"),
            (S::ShuffleDown, "metal::simd_shuffle_down(x, ushort(i))"),
            (S::ShuffleUp, "metal::simd_shuffle_up(x, ushort(i))"),
            (S::ShuffleXor, "metal::simd_shuffle_xor(x, ushort(i))"),
            (S::QuadBroadcast, "metal::quad_broadcast(x, ushort(i))"),
            (S::QuadSwapX, "metal::quad_shuffle_xor(x, ushort(1))"),
            (S::QuadSwapY, "metal::quad_shuffle_xor(x, ushort(2))"),
            (S::QuadSwapDiagonal, "metal::quad_shuffle_xor(x, ushort(3))"),
        ];
        for (op, want) in cases {
            assert_eq!(call(op), want, "{op:?}");
        }
    }

    #[test]
    fn wrong_arity_is_an_error() {
        let e = subgroup_call(S::Shuffle, &["x".into()]).unwrap_err();
        assert_eq!(
            e.message,
            "cannot write a subgroup builtin in MSL: expected 2 arguments, got 1"
        );
    }
}

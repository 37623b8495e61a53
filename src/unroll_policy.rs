//! Which counted loops the `unroll` pass unrolls: an option of both
//! targets' writer options, kept apart from the pass so that the printers'
//! options do not import the passes.

/// Which counted loops the pass unrolls; the others get the `unroll`
/// hint (SPIR-V's `Unroll` loop control) so the target's compiler may.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnrollPolicy {
    /// Loops over subgroup matrices within a budget of unrolled work and
    /// other loops within a smaller one (the default).
    #[default]
    All,
    /// Only loops over subgroup matrices; other counted loops are hinted.
    Matrices,
    /// None; every counted loop small enough to unroll (`HINT_BUDGET`) is
    /// hinted.
    Hint,
    /// None, and no hints.
    Off,
}

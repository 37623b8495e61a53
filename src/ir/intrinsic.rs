//! Target operations: what a target's lowering leaves in the IR for its
//! printer to spell one-to-one ([`crate::ir::Statement::Intrinsic`]).
//!
//! WGSL's builtins are target-neutral IR nodes. Where a target spells an
//! operation in a shape WGSL has no node for (an out-parameter, a member
//! function, a reinterpreted pointer), the target's lowering passes turn
//! the builtin into IR around one of these operations: locals for the
//! out-parameters, ordinary IR for the arithmetic, and the operation
//! itself. The printer then decides nothing: each operation is one call
//! in the target's language, with its arguments in order.
//!
//! An argument that is a pointer to a local is an out-parameter that the
//! target takes by reference; the printer writes the local itself.

/// A target operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    /// An operation of the Metal Shading Language.
    Msl(MslIntrinsic),
}

impl Intrinsic {
    /// The operation's name in IR dumps (`msl_simdgroup_load`).
    pub fn name(self) -> &'static str {
        match self {
            Intrinsic::Msl(m) => m.name(),
        }
    }

    /// The operation as IR dumps print it: its name, then its immediate
    /// operands, if any, as template arguments
    /// (`msl_simdgroup_load<2, true>`).
    pub fn dump_name(self) -> String {
        match self {
            Intrinsic::Msl(
                MslIntrinsic::SimdgroupLoad { k, transpose }
                | MslIntrinsic::SimdgroupStore { k, transpose },
            ) => format!("{}<{k}, {transpose}>", self.name()),
            _ => self.name().to_string(),
        }
    }
}

/// An operation of the Metal Shading Language, by its MSL spelling.
/// Arguments are listed as `(name: type)`; `M` is an 8x8
/// `simdgroup_matrix` type, `T` its component type, `S` a scalar or vector
/// float type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MslIntrinsic {
    /// `metal::simdgroup_load(m, base + ulong(offset) * k,
    /// ulong(stride) * k, ulong2(0, 0), transpose)`, with `base` the
    /// array's element 0 as a pointer to `T`: `(m: ptr<function, M>,
    /// array: ptr<storage or workgroup, array<E>>, offset: u32, stride:
    /// u32)`. `offset` and `stride` count array elements, each `k`
    /// components.
    SimdgroupLoad {
        /// Components of `T` per array element.
        k: u32,
        /// Column-major.
        transpose: bool,
    },
    /// `metal::simdgroup_store(value, base + ulong(offset) * k,
    /// ulong(stride) * k, ulong2(0, 0), transpose)`: `(value: M, array,
    /// offset: u32, stride: u32)`, as [`MslIntrinsic::SimdgroupLoad`].
    SimdgroupStore {
        /// Components of `T` per array element.
        k: u32,
        /// Column-major.
        transpose: bool,
    },
    /// `metal::simdgroup_multiply(d, a, b)`: `(d: ptr<function, M>, a: M,
    /// b: M)`.
    SimdgroupMultiply,
    /// `metal::simdgroup_multiply_accumulate(d, a, b, c)`: `(d:
    /// ptr<function, M>, a: M, b: M, c: M)`.
    SimdgroupMultiplyAccumulate,
    /// The diagonal constructor `M(s)`: `s` on the diagonal, zero
    /// elsewhere: `(s: T) -> M` (the result's type names `M`).
    SimdgroupDiagonal,
    /// `m.thread_elements()`, the calling thread's two elements: `(m: M)
    /// -> vec2<T>`.
    ThreadElements,
    /// `m.thread_elements() = v`: `(m: ptr<function, M>, v: vec2<T>)`.
    SetThreadElements,
    /// `metal::modf(x, whole)`, the fractional part: `(x: S, whole:
    /// ptr<function, S>) -> S`.
    Modf,
    /// `metal::frexp(x, exponent)`, the fraction: `(x: S, exponent:
    /// ptr<function, i32 or vecN<i32>>) -> S`.
    Frexp,
    /// `metal::atomic_compare_exchange_weak_explicit(p, &expected, value,
    /// memory_order_relaxed, memory_order_relaxed)`: `(p: ptr<storage or
    /// workgroup, atomic<I>>, expected: ptr<function, I>, value: I) ->
    /// bool`; `expected` is a pointer in Metal too, and receives the old
    /// value.
    AtomicCompareExchangeWeak,
    /// `metal::simd_ballot(predicate)` as its 64 bits, low word first:
    /// `(predicate: bool) -> vec2<u32>`.
    SimdBallot,
    /// `metal::simd_active_threads_mask()` as its 64 bits, low word first:
    /// `() -> vec2<u32>`.
    SimdActiveThreadsMask,
}

impl MslIntrinsic {
    /// The operation's name in IR dumps.
    pub fn name(self) -> &'static str {
        match self {
            MslIntrinsic::SimdgroupLoad { .. } => "msl_simdgroup_load",
            MslIntrinsic::SimdgroupStore { .. } => "msl_simdgroup_store",
            MslIntrinsic::SimdgroupMultiply => "msl_simdgroup_multiply",
            MslIntrinsic::SimdgroupMultiplyAccumulate => "msl_simdgroup_multiply_accumulate",
            MslIntrinsic::SimdgroupDiagonal => "msl_simdgroup_diagonal",
            MslIntrinsic::ThreadElements => "msl_thread_elements",
            MslIntrinsic::SetThreadElements => "msl_set_thread_elements",
            MslIntrinsic::Modf => "msl_modf",
            MslIntrinsic::Frexp => "msl_frexp",
            MslIntrinsic::AtomicCompareExchangeWeak => "msl_atomic_compare_exchange_weak",
            MslIntrinsic::SimdBallot => "msl_simd_ballot",
            MslIntrinsic::SimdActiveThreadsMask => "msl_simd_active_threads_mask",
        }
    }

    /// The number of arguments.
    pub fn arity(self) -> usize {
        match self {
            MslIntrinsic::SimdgroupLoad { .. } | MslIntrinsic::SimdgroupStore { .. } => 4,
            MslIntrinsic::SimdgroupMultiply => 3,
            MslIntrinsic::SimdgroupMultiplyAccumulate => 4,
            MslIntrinsic::SimdgroupDiagonal
            | MslIntrinsic::ThreadElements
            | MslIntrinsic::SimdBallot => 1,
            MslIntrinsic::SetThreadElements | MslIntrinsic::Modf | MslIntrinsic::Frexp => 2,
            MslIntrinsic::AtomicCompareExchangeWeak => 3,
            MslIntrinsic::SimdActiveThreadsMask => 0,
        }
    }

    /// Whether the operation has a result.
    pub fn has_result(self) -> bool {
        matches!(
            self,
            MslIntrinsic::SimdgroupDiagonal
                | MslIntrinsic::ThreadElements
                | MslIntrinsic::Modf
                | MslIntrinsic::Frexp
                | MslIntrinsic::AtomicCompareExchangeWeak
                | MslIntrinsic::SimdBallot
                | MslIntrinsic::SimdActiveThreadsMask
        )
    }

    /// Whether the operation is a subgroup (SIMD-group) operation, which
    /// every invocation of the subgroup must reach together.
    pub fn is_subgroup(self) -> bool {
        matches!(
            self,
            MslIntrinsic::SimdgroupLoad { .. }
                | MslIntrinsic::SimdgroupStore { .. }
                | MslIntrinsic::SimdgroupMultiply
                | MslIntrinsic::SimdgroupMultiplyAccumulate
                | MslIntrinsic::SimdBallot
                | MslIntrinsic::SimdActiveThreadsMask
        )
    }
}

//! Subgroup-matrix reductions and element coordinates
//! (`enable tessera_experimental_subgroup_matrix;`,
//! docs/subgroup-matrix-extensions.md section 5): `subgroupMatrixRowSum`,
//! `RowMax`, `RowMin`, `ColumnSum`, `ColumnMax`, `ColumnMin`, `Sum`,
//! `Max`, `Min` of a result matrix, and `subgroupMatrixRowIndex<T>()` /
//! `subgroupMatrixColumnIndex<T>()`.
//!
//! - [`cases`]: conformance kernels for every matrix shape the device
//!   lists, their inputs (chosen so every float sum is exact) and their f64
//!   references;
//! - [`run`]: runs them on the GPU, for tessera's portable lowering
//!   (workgroup scratch; the KHR path) and, where the device enables
//!   `VK_NV_cooperative_matrix2` with reductions, its native lowering
//!   (`OpCooperativeMatrixReduceNV`; `.../nv2`);
//! - [`softmax`] and [`bench`](mod@bench): the attention-step benchmark, softmax of
//!   `S = Q * K^T` in registers with the reductions against today's
//!   workgroup round trip.

pub mod bench;
pub mod cases;
pub mod run;
pub mod softmax;

pub use bench::ReductionResult;
pub use cases::{all_cases, ReductionCase};

/// The SPIR-V opcode of `OpCooperativeMatrixReduceNV`.
pub const OP_REDUCE_NV: u32 = 5366;
/// The SPIR-V opcode of `OpCooperativeMatrixPerElementOpNV`.
pub const OP_PER_ELEMENT_NV: u32 = 5369;

/// The opcodes of the instructions of a SPIR-V module, in order.
pub fn opcodes(words: &[u32]) -> Vec<u32> {
    let (mut i, mut ops) = (5, Vec::new());
    while i < words.len() && words[i] >> 16 != 0 {
        ops.push(words[i] & 0xFFFF);
        i += (words[i] >> 16) as usize;
    }
    ops
}

/// How many of `words`' instructions are `opcode`.
pub fn count(words: &[u32], opcode: u32) -> usize {
    opcodes(words).into_iter().filter(|&o| o == opcode).count()
}

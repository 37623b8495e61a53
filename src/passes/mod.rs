//! IR-to-IR optimisation passes run by the pipeline step on its module copy.
//!
//! - [`unroll`]: fully unrolls small counted loops over subgroup matrices,
//!   so arrays of matrices are indexed by constants only.

mod remap;
pub mod unroll;

#[cfg(test)]
mod tests;

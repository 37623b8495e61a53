//! IR-to-IR optimisation passes run by the pipeline step on its module copy.
//!
//! - [`unroll`]: fully unrolls small counted loops over subgroup matrices,
//!   so arrays of matrices are indexed by constants only;
//! - [`sroa`]: then splits those arrays into one variable per element;
//! - [`dse`]: then drops zero-initialising stores that are overwritten.

pub mod dse;
mod remap;
pub mod sroa;
pub mod unroll;

#[cfg(test)]
mod tests;

//! Backends: SPIR-V, MSL and WGSL.

pub mod msl;
pub mod spv;
pub mod wgsl;

pub use crate::passes::unroll::UnrollPolicy;
pub use crate::passes::{Pass, PassFn};

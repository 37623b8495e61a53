//! Backends: SPIR-V, MSL and WGSL.

pub mod msl;
pub mod spv;
pub mod wgsl;

//! Backends: SPIR-V and WGSL (MSL to come).

pub mod msl;
pub mod spv;
pub mod wgsl;

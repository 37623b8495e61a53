//! Backends: SPIR-V and WGSL (MSL to come).

pub mod spv;
pub mod wgsl;

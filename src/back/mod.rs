//! Backends: the SPIR-V, MSL and WGSL printers. They print the module that
//! [`crate::lower`] leaves, one IR construct at a time.

pub mod msl;
pub mod spv;
pub mod wgsl;

pub use crate::unroll_policy::UnrollPolicy;

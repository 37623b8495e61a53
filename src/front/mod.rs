//! Front ends.

pub mod wgsl;

//! The Metal Shading Language backend (placeholder module root on the
//! `mslbuiltins` branch; the `msl` branch owns the real one).

#![allow(dead_code)]

mod atomics;
mod builtins;
pub mod capability;
mod math;
mod matrix;
mod polyfill;
mod subgroup;
mod types;

//! tessera-gpu: runs tessera's SPIR-V on a Vulkan device with
//! `VK_KHR_cooperative_matrix` (or `VK_NV_cooperative_matrix`, with the
//! kernels compiled for `SPV_NV_cooperative_matrix`) — a hardware
//! conformance suite for subgroup matrices and an f16 matmul benchmark —
//! and, with `VK_NV_cooperative_vector`, the cooperative-vector suite
//! ([`coopvec`]). See `gpu/README.md`.
//!
//! Everything except [`vk`] is plain CPU code (kernel generation, CPU
//! references, report formatting) and is unit-tested without a GPU.

#![warn(missing_docs)]

pub mod cases;
pub mod cases_ext;
pub mod cases_wgpu;
pub mod chain;
pub mod compile;
pub mod coopvec;
pub mod data;
pub mod dump;
pub mod fused;
pub mod matmul;
pub mod realworld;
pub mod reduction;
pub mod reference;
pub mod render;
pub mod report;
pub mod robust;
pub mod saturate;
pub mod suite;
pub mod tiled;
pub mod vk;

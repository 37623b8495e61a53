//! The Vulkan side of the runner (ash; the loader is opened at run time):
//! opening a device ([`device`]) and one compute dispatch ([`compute`])
//! over buffers with guard bytes, textures and samplers ([`image`]), in
//! host-visible memory (`memory`).

pub mod compute;
pub mod device;
pub mod image;
mod memory;

pub use compute::{
    Binding, Dispatched, GuardViolation, PipelineFlags, Resource, TableEntry, GUARD_BYTES,
};
pub use device::{Device, DeviceChoice, DeviceInfo};
pub use image::{Sampler, Texture};

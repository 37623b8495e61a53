//! The Vulkan side of the runner (ash; the loader is opened at run time):
//! opening a device ([`device`]) and one compute dispatch over buffers
//! with guard bytes ([`compute`]).

pub mod compute;
pub mod device;

pub use compute::{BufferBinding, Dispatched, GuardViolation, PipelineFlags, GUARD_BYTES};
pub use device::{Device, DeviceChoice, DeviceInfo};

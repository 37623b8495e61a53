//! What the table tests share: the device, and reading back `vec4<f32>`s.

use tessera_runner::vulkan::{Device, DeviceChoice};

/// The first Vulkan device (lavapipe on a machine without a GPU); the
/// tests fail without one, as the execution suite does.
pub fn device() -> Device {
    Device::open(&DeviceChoice::First, false)
        .unwrap_or_else(|e| panic!("no Vulkan device (install lavapipe): {e}"))
}

/// `bytes` as `vec4<f32>`s (little-endian, tightly packed).
pub fn vec4s(bytes: &[u8]) -> Vec<[f32; 4]> {
    bytes
        .chunks_exact(16)
        .map(|v| {
            let mut out = [0f32; 4];
            for (o, c) in out.iter_mut().zip(v.chunks_exact(4)) {
                *o = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            }
            out
        })
        .collect()
}

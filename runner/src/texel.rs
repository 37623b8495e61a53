//! Texel formats: the Vulkan format of each WGSL texel format (and of the
//! formats the runner picks for sampled and depth textures), its size, and
//! how its channels read back.
//!
//! Channels read back as what is stored: float formats as floats,
//! integer formats as integers, and normalized formats as their stored
//! integers (`rgba8unorm` 0..=255, `rgba8snorm` -128..=127), which are
//! exact where the normalized float would need a tolerance. Packed
//! formats (`rgb10a2*`, `rg11b10ufloat`) read back as their 32-bit word.

use ash::vk;
use tessera::ir::{ImageClass, Scalar, TexelFormat};

use crate::values::Value;

/// How one channel is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Unsigned integer (or unorm) of this many bytes.
    Unsigned(u8),
    /// Signed integer (or snorm) of this many bytes.
    Signed(u8),
    /// `f16`.
    Half,
    /// `f32`.
    Float,
    /// The whole texel is one packed 32-bit word.
    Packed,
}

/// A texture format as the runner creates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// The Vulkan format.
    pub vk: vk::Format,
    /// Channel count as stored (packed formats: 1 word).
    pub channels: u32,
    /// How each channel is stored.
    pub channel: Channel,
}

impl Format {
    /// Bytes per texel.
    pub fn texel_bytes(self) -> u32 {
        let size = match self.channel {
            Channel::Unsigned(n) | Channel::Signed(n) => u32::from(n),
            Channel::Half => 2,
            Channel::Float | Channel::Packed => 4,
        };
        size * self.channels
    }

    /// The format of a storage texture of WGSL format `f`.
    pub fn storage(f: TexelFormat) -> Format {
        use Channel::*;
        use TexelFormat as T;
        let (vk, channels, channel) = match f {
            T::R8Unorm => (vk::Format::R8_UNORM, 1, Unsigned(1)),
            T::R8Snorm => (vk::Format::R8_SNORM, 1, Signed(1)),
            T::R8Uint => (vk::Format::R8_UINT, 1, Unsigned(1)),
            T::R8Sint => (vk::Format::R8_SINT, 1, Signed(1)),
            T::R16Unorm => (vk::Format::R16_UNORM, 1, Unsigned(2)),
            T::R16Snorm => (vk::Format::R16_SNORM, 1, Signed(2)),
            T::R16Uint => (vk::Format::R16_UINT, 1, Unsigned(2)),
            T::R16Sint => (vk::Format::R16_SINT, 1, Signed(2)),
            T::R16Float => (vk::Format::R16_SFLOAT, 1, Half),
            T::Rg8Unorm => (vk::Format::R8G8_UNORM, 2, Unsigned(1)),
            T::Rg8Snorm => (vk::Format::R8G8_SNORM, 2, Signed(1)),
            T::Rg8Uint => (vk::Format::R8G8_UINT, 2, Unsigned(1)),
            T::Rg8Sint => (vk::Format::R8G8_SINT, 2, Signed(1)),
            T::R32Uint => (vk::Format::R32_UINT, 1, Unsigned(4)),
            T::R32Sint => (vk::Format::R32_SINT, 1, Signed(4)),
            T::R32Float => (vk::Format::R32_SFLOAT, 1, Float),
            T::Rg16Unorm => (vk::Format::R16G16_UNORM, 2, Unsigned(2)),
            T::Rg16Snorm => (vk::Format::R16G16_SNORM, 2, Signed(2)),
            T::Rg16Uint => (vk::Format::R16G16_UINT, 2, Unsigned(2)),
            T::Rg16Sint => (vk::Format::R16G16_SINT, 2, Signed(2)),
            T::Rg16Float => (vk::Format::R16G16_SFLOAT, 2, Half),
            T::Rgba8Unorm => (vk::Format::R8G8B8A8_UNORM, 4, Unsigned(1)),
            T::Rgba8Snorm => (vk::Format::R8G8B8A8_SNORM, 4, Signed(1)),
            T::Rgba8Uint => (vk::Format::R8G8B8A8_UINT, 4, Unsigned(1)),
            T::Rgba8Sint => (vk::Format::R8G8B8A8_SINT, 4, Signed(1)),
            T::Bgra8Unorm => (vk::Format::B8G8R8A8_UNORM, 4, Unsigned(1)),
            T::Rgb10a2Uint => (vk::Format::A2B10G10R10_UINT_PACK32, 1, Packed),
            T::Rgb10a2Unorm => (vk::Format::A2B10G10R10_UNORM_PACK32, 1, Packed),
            T::Rg11b10Ufloat => (vk::Format::B10G11R11_UFLOAT_PACK32, 1, Packed),
            T::Rg32Uint => (vk::Format::R32G32_UINT, 2, Unsigned(4)),
            T::Rg32Sint => (vk::Format::R32G32_SINT, 2, Signed(4)),
            T::Rg32Float => (vk::Format::R32G32_SFLOAT, 2, Float),
            T::Rgba16Unorm => (vk::Format::R16G16B16A16_UNORM, 4, Unsigned(2)),
            T::Rgba16Snorm => (vk::Format::R16G16B16A16_SNORM, 4, Signed(2)),
            T::Rgba16Uint => (vk::Format::R16G16B16A16_UINT, 4, Unsigned(2)),
            T::Rgba16Sint => (vk::Format::R16G16B16A16_SINT, 4, Signed(2)),
            T::Rgba16Float => (vk::Format::R16G16B16A16_SFLOAT, 4, Half),
            T::Rgba32Uint => (vk::Format::R32G32B32A32_UINT, 4, Unsigned(4)),
            T::Rgba32Sint => (vk::Format::R32G32B32A32_SINT, 4, Signed(4)),
            T::Rgba32Float => (vk::Format::R32G32B32A32_SFLOAT, 4, Float),
        };
        Format {
            vk,
            channels,
            channel,
        }
    }

    /// The format the runner creates for a texture of class `class`:
    /// storage textures their own; sampled ones four 32-bit channels of
    /// their sampled type (`rgba32float`, `rgba32sint`, `rgba32uint`: exact
    /// values, and filterable where the device allows); depth ones
    /// `depth32float`.
    pub fn for_class(class: ImageClass) -> Format {
        match class {
            ImageClass::Storage { format, .. } => Format::storage(format),
            ImageClass::Sampled { kind, .. } | ImageClass::InputAttachment { kind } => {
                Format::storage(match kind {
                    Scalar::I32 => TexelFormat::Rgba32Sint,
                    Scalar::U32 => TexelFormat::Rgba32Uint,
                    _ => TexelFormat::Rgba32Float,
                })
            }
            ImageClass::Depth { .. } | ImageClass::External => Format {
                vk: vk::Format::D32_SFLOAT,
                channels: 1,
                channel: Channel::Float,
            },
        }
    }

    /// The channel values of `bytes` (whole texels, tightly packed).
    pub fn decode(self, bytes: &[u8]) -> Vec<Value> {
        let size = match self.channel {
            Channel::Unsigned(n) | Channel::Signed(n) => n as usize,
            Channel::Half => 2,
            Channel::Float | Channel::Packed => 4,
        };
        bytes
            .chunks_exact(size)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..size].copy_from_slice(c);
                let raw = u32::from_le_bytes(w);
                match self.channel {
                    Channel::Unsigned(_) | Channel::Packed => Value::U32(raw),
                    Channel::Signed(n) => {
                        let shift = 32 - 8 * u32::from(n);
                        Value::I32(((raw << shift) as i32) >> shift)
                    }
                    Channel::Half => Value::F16(half::f16::from_bits(raw as u16)),
                    Channel::Float => Value::F32(f32::from_bits(raw)),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_decoding() {
        let f = Format::storage(TexelFormat::Rgba8Snorm);
        assert_eq!(f.texel_bytes(), 4);
        assert_eq!(
            f.decode(&[0x80, 0x7f, 0xff, 0]),
            [-128, 127, -1, 0].map(Value::I32)
        );
        let f = Format::storage(TexelFormat::Rg16Float);
        assert_eq!(
            f.decode(&[0x00, 0x3c, 0x00, 0xc0]),
            [
                Value::F16(half::f16::from_f32(1.0)),
                Value::F16(half::f16::from_f32(-2.0))
            ]
        );
        assert_eq!(Format::storage(TexelFormat::Rgb10a2Unorm).texel_bytes(), 4);
        let sampled = Format::for_class(ImageClass::Sampled {
            kind: Scalar::F32,
            multisampled: false,
        });
        assert_eq!(sampled.vk, vk::Format::R32G32B32A32_SFLOAT);
        assert_eq!(sampled.texel_bytes(), 16);
    }
}

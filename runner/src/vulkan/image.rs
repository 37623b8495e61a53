//! Textures and samplers of a dispatch: images created with their
//! contents uploaded through a staging buffer, views of the WGSL
//! dimensionality, samplers, and storage textures copied back after the
//! dispatch. The copies are recorded into the dispatch's one command
//! buffer.

use ash::vk;

use super::device::Device;
use super::memory::{vk_err, Allocation};
use crate::texel::Format;
use crate::RunError;

/// A texture bound for the dispatch.
#[derive(Clone, Debug)]
pub struct Texture {
    /// A storage texture (read back after the dispatch); else sampled.
    pub storage: bool,
    /// Its format.
    pub format: Format,
    /// The view's type (`TYPE_2D_ARRAY` for `texture_2d_array`, ...).
    pub view: vk::ImageViewType,
    /// Width, height, and depth (3D) or array layers (arrays; six per cube).
    pub size: [u32; 3],
    /// Mip levels.
    pub levels: u32,
    /// The texels of every level, level 0 first, each level x fastest,
    /// then y, then z or layer; tightly packed.
    pub data: Vec<u8>,
}

/// A sampler bound for the dispatch.
#[derive(Clone, Copy, Debug)]
pub struct Sampler {
    /// Linear filtering (else nearest), for magnification, minification and
    /// between mip levels.
    pub linear: bool,
    /// The address mode of every coordinate.
    pub address: vk::SamplerAddressMode,
    /// A comparison sampler's operation.
    pub compare: Option<vk::CompareOp>,
}

impl Texture {
    /// The extent of `level`.
    pub fn extent(&self, level: u32) -> vk::Extent3D {
        let shrink = |v: u32| (v >> level).max(1);
        let three_d = self.view == vk::ImageViewType::TYPE_3D;
        vk::Extent3D {
            width: shrink(self.size[0]),
            height: if self.view == vk::ImageViewType::TYPE_1D {
                1
            } else {
                shrink(self.size[1])
            },
            depth: if three_d { shrink(self.size[2]) } else { 1 },
        }
    }

    /// Array layers of the image.
    pub fn layers(&self) -> u32 {
        match self.view {
            vk::ImageViewType::TYPE_2D_ARRAY
            | vk::ImageViewType::CUBE
            | vk::ImageViewType::CUBE_ARRAY
            | vk::ImageViewType::TYPE_1D_ARRAY => self.size[2].max(1),
            _ => 1,
        }
    }

    /// Bytes of every level together.
    pub fn bytes(&self) -> u64 {
        (0..self.levels)
            .map(|l| {
                let e = self.extent(l);
                u64::from(e.width)
                    * u64::from(e.height)
                    * u64::from(e.depth)
                    * u64::from(self.layers())
                    * u64::from(self.format.texel_bytes())
            })
            .sum()
    }

    fn aspect(&self) -> vk::ImageAspectFlags {
        if self.format.vk == vk::Format::D32_SFLOAT {
            vk::ImageAspectFlags::DEPTH
        } else {
            vk::ImageAspectFlags::COLOR
        }
    }

    fn copies(&self) -> Vec<vk::BufferImageCopy> {
        let mut offset = 0u64;
        (0..self.levels)
            .map(|level| {
                let extent = self.extent(level);
                let copy = vk::BufferImageCopy::default()
                    .buffer_offset(offset)
                    .image_subresource(
                        vk::ImageSubresourceLayers::default()
                            .aspect_mask(self.aspect())
                            .mip_level(level)
                            .base_array_layer(0)
                            .layer_count(self.layers()),
                    )
                    .image_extent(extent);
                offset += u64::from(extent.width)
                    * u64::from(extent.height)
                    * u64::from(extent.depth)
                    * u64::from(self.layers())
                    * u64::from(self.format.texel_bytes());
                copy
            })
            .collect()
    }
}

/// A created texture: its image, memory, view, and the staging buffer its
/// contents travel through.
pub(crate) struct Image {
    pub(crate) image: vk::Image,
    pub(crate) memory: vk::DeviceMemory,
    pub(crate) view: vk::ImageView,
    pub(crate) staging: Allocation,
}

impl Device {
    /// Creates `t`'s image and view, fills its staging buffer; the copy is
    /// recorded later ([`Device::record_upload`]).
    pub(crate) unsafe fn create_texture(
        &self,
        images: &mut Vec<Image>,
        t: &Texture,
    ) -> Result<usize, RunError> {
        let d = &self.device;
        if t.data.len() as u64 != t.bytes() {
            return Err(RunError::usage(format!(
                "the texture's contents are {} bytes; {} levels of {}x{}x{} texels of {} bytes need {}",
                t.data.len(),
                t.levels,
                t.size[0],
                t.size[1],
                t.size[2],
                t.format.texel_bytes(),
                t.bytes()
            )));
        }
        let props = self
            .instance
            .get_physical_device_format_properties(self.physical, t.format.vk);
        let want = if t.storage {
            vk::FormatFeatureFlags::STORAGE_IMAGE
        } else {
            vk::FormatFeatureFlags::SAMPLED_IMAGE
        };
        if !props.optimal_tiling_features.contains(want) {
            return Err(RunError::device(format!(
                "the device cannot use {:?} as a {} image",
                t.format.vk,
                if t.storage { "storage" } else { "sampled" }
            )));
        }
        let image_type = match t.view {
            vk::ImageViewType::TYPE_1D | vk::ImageViewType::TYPE_1D_ARRAY => vk::ImageType::TYPE_1D,
            vk::ImageViewType::TYPE_3D => vk::ImageType::TYPE_3D,
            _ => vk::ImageType::TYPE_2D,
        };
        let mut usage = vk::ImageUsageFlags::TRANSFER_DST | vk::ImageUsageFlags::TRANSFER_SRC;
        usage |= if t.storage {
            vk::ImageUsageFlags::STORAGE
        } else {
            vk::ImageUsageFlags::SAMPLED
        };
        let cube = matches!(
            t.view,
            vk::ImageViewType::CUBE | vk::ImageViewType::CUBE_ARRAY
        );
        let image = d
            .create_image(
                &vk::ImageCreateInfo::default()
                    .flags(if cube {
                        vk::ImageCreateFlags::CUBE_COMPATIBLE
                    } else {
                        vk::ImageCreateFlags::empty()
                    })
                    .image_type(image_type)
                    .format(t.format.vk)
                    .extent(t.extent(0))
                    .mip_levels(t.levels)
                    .array_layers(t.layers())
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .tiling(vk::ImageTiling::OPTIMAL)
                    .usage(usage)
                    .initial_layout(vk::ImageLayout::UNDEFINED),
                None,
            )
            .map_err(vk_err("vkCreateImage"))?;
        let req = d.get_image_memory_requirements(image);
        let Some(ty) = self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty())
        else {
            d.destroy_image(image, None);
            return Err(RunError::device("no memory type for an image"));
        };
        let memory = match d.allocate_memory(
            &vk::MemoryAllocateInfo::default()
                .allocation_size(req.size)
                .memory_type_index(ty),
            None,
        ) {
            Ok(m) => m,
            Err(e) => {
                d.destroy_image(image, None);
                return Err(RunError::device(format!("vkAllocateMemory failed: {e:?}")));
            }
        };
        let staging = match self.allocate(t.bytes().max(4)) {
            Ok(s) => s,
            Err(e) => {
                d.destroy_image(image, None);
                d.free_memory(memory, None);
                return Err(e);
            }
        };
        images.push(Image {
            image,
            memory,
            view: vk::ImageView::null(),
            staging,
        });
        let slot = images.len() - 1;
        d.bind_image_memory(image, memory, 0)
            .map_err(vk_err("vkBindImageMemory"))?;
        std::ptr::copy_nonoverlapping(t.data.as_ptr(), images[slot].staging.mapped, t.data.len());
        images[slot].view = d
            .create_image_view(
                &vk::ImageViewCreateInfo::default()
                    .image(image)
                    .view_type(t.view)
                    .format(t.format.vk)
                    .subresource_range(
                        vk::ImageSubresourceRange::default()
                            .aspect_mask(t.aspect())
                            .level_count(t.levels)
                            .layer_count(t.layers()),
                    ),
                None,
            )
            .map_err(vk_err("vkCreateImageView"))?;
        Ok(slot)
    }

    /// Creates a sampler.
    pub(crate) unsafe fn create_sampler(
        &self,
        samplers: &mut Vec<vk::Sampler>,
        s: &Sampler,
    ) -> Result<vk::Sampler, RunError> {
        let filter = if s.linear {
            vk::Filter::LINEAR
        } else {
            vk::Filter::NEAREST
        };
        let mut info = vk::SamplerCreateInfo::default()
            .mag_filter(filter)
            .min_filter(filter)
            .mipmap_mode(if s.linear {
                vk::SamplerMipmapMode::LINEAR
            } else {
                vk::SamplerMipmapMode::NEAREST
            })
            .address_mode_u(s.address)
            .address_mode_v(s.address)
            .address_mode_w(s.address)
            .max_lod(vk::LOD_CLAMP_NONE);
        if let Some(op) = s.compare {
            info = info.compare_enable(true).compare_op(op);
        }
        let sampler = self
            .device
            .create_sampler(&info, None)
            .map_err(vk_err("vkCreateSampler"))?;
        samplers.push(sampler);
        Ok(sampler)
    }

    fn barrier(
        image: vk::Image,
        t: &Texture,
        from: vk::ImageLayout,
        to: vk::ImageLayout,
    ) -> vk::ImageMemoryBarrier<'static> {
        vk::ImageMemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::MEMORY_WRITE)
            .dst_access_mask(vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE)
            .old_layout(from)
            .new_layout(to)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(image)
            .subresource_range(
                vk::ImageSubresourceRange::default()
                    .aspect_mask(t.aspect())
                    .level_count(t.levels)
                    .layer_count(t.layers()),
            )
    }

    /// The layout a texture has during the dispatch.
    pub(crate) fn shader_layout(t: &Texture) -> vk::ImageLayout {
        if t.storage {
            vk::ImageLayout::GENERAL
        } else {
            vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL
        }
    }

    /// Records the upload of `t` and its move to its shader layout.
    pub(crate) unsafe fn record_upload(&self, cmd: vk::CommandBuffer, img: &Image, t: &Texture) {
        let d = &self.device;
        let all = vk::PipelineStageFlags::ALL_COMMANDS;
        let to_dst = [Self::barrier(
            img.image,
            t,
            vk::ImageLayout::UNDEFINED,
            vk::ImageLayout::TRANSFER_DST_OPTIMAL,
        )];
        d.cmd_pipeline_barrier(
            cmd,
            all,
            all,
            vk::DependencyFlags::empty(),
            &[],
            &[],
            &to_dst,
        );
        d.cmd_copy_buffer_to_image(
            cmd,
            img.staging.buffer,
            img.image,
            vk::ImageLayout::TRANSFER_DST_OPTIMAL,
            &t.copies(),
        );
        let to_shader = [Self::barrier(
            img.image,
            t,
            vk::ImageLayout::TRANSFER_DST_OPTIMAL,
            Self::shader_layout(t),
        )];
        d.cmd_pipeline_barrier(
            cmd,
            all,
            all,
            vk::DependencyFlags::empty(),
            &[],
            &[],
            &to_shader,
        );
    }

    /// Records the copy of a storage texture back into its staging buffer.
    pub(crate) unsafe fn record_download(&self, cmd: vk::CommandBuffer, img: &Image, t: &Texture) {
        let d = &self.device;
        let all = vk::PipelineStageFlags::ALL_COMMANDS;
        let to_src = [Self::barrier(
            img.image,
            t,
            Self::shader_layout(t),
            vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
        )];
        d.cmd_pipeline_barrier(
            cmd,
            all,
            all,
            vk::DependencyFlags::empty(),
            &[],
            &[],
            &to_src,
        );
        d.cmd_copy_image_to_buffer(
            cmd,
            img.image,
            vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
            img.staging.buffer,
            &t.copies(),
        );
    }
}

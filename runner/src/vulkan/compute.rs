//! One compute dispatch: buffers with guard bytes around each binding,
//! textures and samplers (module [`super::image`]), resource tables
//! (arrays of combined image-samplers), descriptor sets by group, the
//! pipeline, the dispatch, and the buffers and storage textures read back.
//!
//! Every buffer binding lies in the middle of its own allocation, with
//! [`GUARD_BYTES`] of a known pattern before and after it. After the
//! dispatch the guards are compared with the pattern: a write outside a
//! binding (a missing bounds check) shows up as a [`GuardViolation`]
//! instead of as silent memory corruption.

use ash::vk;

use super::device::Device;
use super::image::{Image, Sampler, Texture};
use super::memory::{vk_err, Allocation};
use crate::texel::Format;
use crate::RunError;

/// Bytes of guard pattern before and after each binding (a multiple of
/// every offset alignment Vulkan allows, which is at most 256).
pub const GUARD_BYTES: u64 = 256;

/// The byte the guard at offset `i` of a guard region holds.
fn guard_byte(i: u64) -> u8 {
    (i.wrapping_mul(151).wrapping_add(0x5a) & 0xff) as u8
}

/// A resource bound for the dispatch at `@group(group) @binding(binding)`.
#[derive(Clone, Debug)]
pub struct Binding {
    /// `@group`: the descriptor set.
    pub group: u32,
    /// `@binding`.
    pub binding: u32,
    /// What is bound.
    pub resource: Resource,
}

/// What a [`Binding`] binds.
#[derive(Clone, Debug)]
pub enum Resource {
    /// A uniform or storage buffer; `data`'s length is the binding's size.
    Buffer {
        /// A uniform buffer (else a storage buffer).
        uniform: bool,
        /// The contents before the dispatch.
        data: Vec<u8>,
        /// The descriptor's range also covers the guard bytes after the
        /// contents. For a buffer whose type has a fixed size the shader
        /// cannot tell, and a driver that clamps accesses to the range
        /// (lavapipe does) then still lets a missing bounds check write the
        /// guard; a runtime-sized array's length is the range, so it must
        /// stay exact.
        guard_in_range: bool,
    },
    /// A sampled or storage texture.
    Texture(Texture),
    /// A `binding_array` of sampled textures: one descriptor per element.
    Textures(Vec<Texture>),
    /// A sampler.
    Sampler(Sampler),
    /// A resource table (bindless): one binding of
    /// `COMBINED_IMAGE_SAMPLER` descriptors, one per entry, in order.
    ///
    /// The shader may declare several variables at the binding, one per
    /// type it reads the table as (an array of 2D float images, an array
    /// of 3D unsigned images, an array of samplers, ...): Vulkan lets
    /// `OpTypeImage` (sampled) and `OpTypeSampler` variables read a
    /// combined image-sampler descriptor. Each entry's texture is uploaded
    /// like a [`Resource::Texture`]'s and must be a sampled one. Where an
    /// entry lacks a texture or a sampler, a placeholder fills that half
    /// of its descriptor: a 1x1 2D `rgba8unorm` image of zeros, or a
    /// nearest, clamp-to-edge sampler (each created once per dispatch).
    /// A table must have at least one entry.
    Table(Vec<TableEntry>),
}

/// One element of a [`Resource::Table`]: a texture, a sampler, or both.
/// The half that is `None` is bound to a placeholder (see
/// [`Resource::Table`]), which the shader is not meant to read.
#[derive(Clone, Debug, Default)]
pub struct TableEntry {
    /// The element's sampled texture.
    pub texture: Option<Texture>,
    /// The element's sampler.
    pub sampler: Option<Sampler>,
}

/// The image bound where a table entry has no texture: 1x1, 2D,
/// `rgba8unorm`, zeros.
fn placeholder_texture() -> Texture {
    Texture {
        storage: false,
        format: Format::storage(tessera::ir::TexelFormat::Rgba8Unorm),
        view: vk::ImageViewType::TYPE_2D,
        size: [1, 1, 1],
        levels: 1,
        data: vec![0; 4],
    }
}

/// The sampler bound where a table entry has none: nearest, clamp to
/// edge, no comparison.
const PLACEHOLDER_SAMPLER: Sampler = Sampler {
    linear: false,
    address: vk::SamplerAddressMode::CLAMP_TO_EDGE,
    compare: None,
};

impl Resource {
    fn descriptor(&self) -> vk::DescriptorType {
        match self {
            Resource::Buffer { uniform: true, .. } => vk::DescriptorType::UNIFORM_BUFFER,
            Resource::Buffer { .. } => vk::DescriptorType::STORAGE_BUFFER,
            Resource::Texture(t) if t.storage => vk::DescriptorType::STORAGE_IMAGE,
            Resource::Texture(_) | Resource::Textures(_) => vk::DescriptorType::SAMPLED_IMAGE,
            Resource::Sampler(_) => vk::DescriptorType::SAMPLER,
            Resource::Table(_) => vk::DescriptorType::COMBINED_IMAGE_SAMPLER,
        }
    }

    /// How many descriptors the binding holds.
    fn count(&self) -> u32 {
        match self {
            Resource::Textures(ts) => ts.len() as u32,
            Resource::Table(es) => es.len() as u32,
            Resource::Buffer { .. } | Resource::Texture(_) | Resource::Sampler(_) => 1,
        }
    }
}

/// A write outside a binding, seen in its guard bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardViolation {
    /// `@group` of the binding.
    pub group: u32,
    /// `@binding` of the binding.
    pub binding: u32,
    /// Offset of the first changed byte relative to the binding's start
    /// (negative: before it).
    pub first: i64,
    /// How many guard bytes changed.
    pub changed: u64,
}

/// How the compute pipeline is created.
#[derive(Clone, Copy, Debug, Default)]
pub struct PipelineFlags {
    /// Require full subgroups (subgroup matrices need them).
    pub full_subgroups: bool,
    /// The subgroup size the pipeline must use (`@subgroup_size`).
    pub required_subgroup_size: Option<u32>,
}

/// What a dispatch leaves: every binding's contents after it, in the order
/// given, and the guard violations.
#[derive(Clone, Debug)]
pub struct Dispatched {
    /// Per binding, its bytes after the dispatch: a buffer's contents, a
    /// texture's texels (every level; sampled textures as given), nothing
    /// for a sampler or a resource table.
    pub contents: Vec<Vec<u8>>,
    /// Writes outside a binding.
    pub violations: Vec<GuardViolation>,
}

/// The objects of one dispatch, destroyed together (null handles are
/// skipped by Vulkan's destroy calls).
#[derive(Default)]
pub(crate) struct Objects {
    /// Per binding that is a buffer, in binding order.
    allocations: Vec<Allocation>,
    pub(crate) images: Vec<Image>,
    pub(crate) samplers: Vec<vk::Sampler>,
    module: vk::ShaderModule,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    layout: vk::PipelineLayout,
    pool: vk::DescriptorPool,
    pipeline: vk::Pipeline,
    fence: vk::Fence,
    command: vk::CommandBuffer,
}

impl Device {
    /// Runs `entry` of the SPIR-V module `words` once over `groups`
    /// workgroups with `bindings` bound, and reads every binding back.
    pub fn dispatch(
        &self,
        words: &[u32],
        entry: &str,
        bindings: &[Binding],
        groups: [u32; 3],
        flags: PipelineFlags,
    ) -> Result<Dispatched, RunError> {
        if self.hung.get() {
            return Err(RunError::device(
                "an earlier dispatch on this device never finished",
            ));
        }
        let mut objects = Objects::default();
        // SAFETY: every object is created on this device, used only until
        // the fence is waited for, and destroyed in `destroy`.
        let r = unsafe { self.dispatch_with(&mut objects, words, entry, bindings, groups, flags) };
        unsafe { self.destroy(objects) };
        r
    }

    unsafe fn destroy(&self, o: Objects) {
        if self.hung.get() {
            return;
        }
        let d = &self.device;
        let _ = d.device_wait_idle();
        if o.command != vk::CommandBuffer::null() {
            d.free_command_buffers(self.pool, &[o.command]);
        }
        d.destroy_fence(o.fence, None);
        d.destroy_pipeline(o.pipeline, None);
        d.destroy_descriptor_pool(o.pool, None);
        d.destroy_pipeline_layout(o.layout, None);
        for l in o.set_layouts {
            d.destroy_descriptor_set_layout(l, None);
        }
        d.destroy_shader_module(o.module, None);
        for s in o.samplers {
            d.destroy_sampler(s, None);
        }
        let staging = o.images.iter().map(|i| &i.staging);
        for a in o.allocations.iter().chain(staging) {
            d.destroy_buffer(a.buffer, None);
            d.free_memory(a.memory, None);
        }
        for i in &o.images {
            d.destroy_image_view(i.view, None);
            d.destroy_image(i.image, None);
            d.free_memory(i.memory, None);
        }
    }

    unsafe fn dispatch_with(
        &self,
        o: &mut Objects,
        words: &[u32],
        entry: &str,
        bindings: &[Binding],
        groups: [u32; 3],
        flags: PipelineFlags,
    ) -> Result<Dispatched, RunError> {
        let d = &self.device;
        // Per binding: its buffer allocation, image or sampler.
        enum Made {
            Buffer(usize),
            Image(usize),
            /// A binding array's images: `o.images[first..first + count]`.
            Images(usize),
            Sampler(vk::Sampler),
            /// A resource table's entries: the index in `o.images` of each
            /// one's image and its sampler (placeholders where it has none).
            Table(Vec<(usize, vk::Sampler)>),
        }
        // The placeholders of table entries without a texture or a
        // sampler, made once if any entry needs them.
        let tables = || {
            bindings.iter().filter_map(|b| match &b.resource {
                Resource::Table(es) => Some(es),
                _ => None,
            })
        };
        let placeholder = placeholder_texture();
        let placeholder_image = if tables().flatten().any(|e| e.texture.is_none()) {
            Some(self.create_texture(&mut o.images, &placeholder)?)
        } else {
            None
        };
        let placeholder_sampler = if tables().flatten().any(|e| e.sampler.is_none()) {
            self.create_sampler(&mut o.samplers, &PLACEHOLDER_SAMPLER)?
        } else {
            vk::Sampler::null()
        };
        let mut made = Vec::with_capacity(bindings.len());
        for b in bindings {
            made.push(match &b.resource {
                Resource::Buffer { data, .. } => {
                    if data.is_empty() {
                        return Err(RunError::usage(format!(
                            "binding {}:{} is empty: a buffer binding needs at least one byte",
                            b.group, b.binding
                        )));
                    }
                    // Guard, contents, guard.
                    let size = GUARD_BYTES + data.len() as u64 + GUARD_BYTES;
                    let a = self.allocate(size)?;
                    let bytes = std::slice::from_raw_parts_mut(a.mapped, size as usize);
                    let g = GUARD_BYTES as usize;
                    for (i, byte) in bytes[..g].iter_mut().enumerate() {
                        *byte = guard_byte(i as u64);
                    }
                    bytes[g..g + data.len()].copy_from_slice(data);
                    for (i, byte) in bytes[g + data.len()..].iter_mut().enumerate() {
                        *byte = guard_byte(i as u64 + GUARD_BYTES);
                    }
                    o.allocations.push(a);
                    Made::Buffer(o.allocations.len() - 1)
                }
                Resource::Texture(t) => Made::Image(self.create_texture(&mut o.images, t)?),
                Resource::Textures(ts) => {
                    let first = o.images.len();
                    for t in ts {
                        self.create_texture(&mut o.images, t)?;
                    }
                    Made::Images(first)
                }
                Resource::Sampler(s) => Made::Sampler(self.create_sampler(&mut o.samplers, s)?),
                Resource::Table(es) => {
                    if es.is_empty() {
                        return Err(RunError::usage(format!(
                            "binding {}:{} is an empty resource table: a table needs at least one entry",
                            b.group, b.binding
                        )));
                    }
                    let mut entries = Vec::with_capacity(es.len());
                    for (k, e) in es.iter().enumerate() {
                        let image = match (&e.texture, placeholder_image) {
                            (Some(t), _) if t.storage => {
                                return Err(RunError::usage(format!(
                                    "binding {}:{}, table entry {k}: a resource table holds sampled textures, not storage ones",
                                    b.group, b.binding
                                )))
                            }
                            (Some(t), _) => self.create_texture(&mut o.images, t)?,
                            (None, Some(p)) => p,
                            (None, None) => unreachable!("the placeholder image exists"),
                        };
                        let sampler = match &e.sampler {
                            Some(s) => self.create_sampler(&mut o.samplers, s)?,
                            None => placeholder_sampler,
                        };
                        entries.push((image, sampler));
                    }
                    Made::Table(entries)
                }
            });
        }

        o.module = d
            .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None)
            .map_err(vk_err("vkCreateShaderModule"))?;

        // One set layout per group up to the highest used (empty between).
        let sets = bindings.iter().map(|b| b.group + 1).max().unwrap_or(0);
        for set in 0..sets {
            let layout_bindings: Vec<_> = bindings
                .iter()
                .filter(|b| b.group == set)
                .map(|b| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(b.binding)
                        .descriptor_type(b.resource.descriptor())
                        .descriptor_count(b.resource.count())
                        .stage_flags(vk::ShaderStageFlags::COMPUTE)
                })
                .collect();
            let l = d
                .create_descriptor_set_layout(
                    &vk::DescriptorSetLayoutCreateInfo::default().bindings(&layout_bindings),
                    None,
                )
                .map_err(vk_err("vkCreateDescriptorSetLayout"))?;
            o.set_layouts.push(l);
        }
        o.layout = d
            .create_pipeline_layout(
                &vk::PipelineLayoutCreateInfo::default().set_layouts(&o.set_layouts),
                None,
            )
            .map_err(vk_err("vkCreatePipelineLayout"))?;

        let mut descriptor_sets = Vec::new();
        if sets > 0 {
            let mut counts: Vec<(vk::DescriptorType, u32)> = Vec::new();
            for b in bindings {
                let ty = b.resource.descriptor();
                match counts.iter_mut().find(|(t, _)| *t == ty) {
                    Some((_, n)) => *n += b.resource.count(),
                    None => counts.push((ty, b.resource.count())),
                }
            }
            let sizes: Vec<_> = counts
                .iter()
                .map(|&(ty, n)| vk::DescriptorPoolSize::default().ty(ty).descriptor_count(n))
                .collect();
            o.pool = d
                .create_descriptor_pool(
                    &vk::DescriptorPoolCreateInfo::default()
                        .max_sets(sets)
                        .pool_sizes(&sizes),
                    None,
                )
                .map_err(vk_err("vkCreateDescriptorPool"))?;
            descriptor_sets = d
                .allocate_descriptor_sets(
                    &vk::DescriptorSetAllocateInfo::default()
                        .descriptor_pool(o.pool)
                        .set_layouts(&o.set_layouts),
                )
                .map_err(vk_err("vkAllocateDescriptorSets"))?;
            let buffer_infos: Vec<[vk::DescriptorBufferInfo; 1]> = bindings
                .iter()
                .zip(&made)
                .map(|(b, m)| match (m, &b.resource) {
                    (
                        Made::Buffer(i),
                        Resource::Buffer {
                            data,
                            guard_in_range,
                            ..
                        },
                    ) => [vk::DescriptorBufferInfo::default()
                        .buffer(o.allocations[*i].buffer)
                        .offset(GUARD_BYTES)
                        .range(data.len() as u64 + if *guard_in_range { GUARD_BYTES } else { 0 })],
                    _ => [vk::DescriptorBufferInfo::default()],
                })
                .collect();
            let image_infos: Vec<Vec<vk::DescriptorImageInfo>> = bindings
                .iter()
                .zip(&made)
                .map(|(b, m)| match (m, &b.resource) {
                    (Made::Image(i), Resource::Texture(t)) => {
                        vec![vk::DescriptorImageInfo::default()
                            .image_view(o.images[*i].view)
                            .image_layout(Device::shader_layout(t))]
                    }
                    (Made::Images(first), Resource::Textures(ts)) => ts
                        .iter()
                        .enumerate()
                        .map(|(k, t)| {
                            vk::DescriptorImageInfo::default()
                                .image_view(o.images[first + k].view)
                                .image_layout(Device::shader_layout(t))
                        })
                        .collect(),
                    (Made::Sampler(s), _) => vec![vk::DescriptorImageInfo::default().sampler(*s)],
                    (Made::Table(entries), _) => entries
                        .iter()
                        .map(|&(i, s)| {
                            vk::DescriptorImageInfo::default()
                                .image_view(o.images[i].view)
                                .image_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)
                                .sampler(s)
                        })
                        .collect(),
                    _ => vec![vk::DescriptorImageInfo::default()],
                })
                .collect();
            let writes: Vec<_> = bindings
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let w = vk::WriteDescriptorSet::default()
                        .dst_set(descriptor_sets[b.group as usize])
                        .dst_binding(b.binding)
                        .descriptor_type(b.resource.descriptor());
                    match b.resource {
                        Resource::Buffer { .. } => w.buffer_info(&buffer_infos[i]),
                        _ => w.image_info(&image_infos[i]),
                    }
                })
                .collect();
            d.update_descriptor_sets(&writes, &[]);
        }

        let name = std::ffi::CString::new(entry)
            .map_err(|_| RunError::usage("an entry point name contains a NUL byte"))?;
        let mut stage_flags = vk::PipelineShaderStageCreateFlags::empty();
        if self.info.subgroup_size_control {
            stage_flags |= vk::PipelineShaderStageCreateFlags::ALLOW_VARYING_SUBGROUP_SIZE;
            if flags.full_subgroups {
                stage_flags |= vk::PipelineShaderStageCreateFlags::REQUIRE_FULL_SUBGROUPS;
            }
        }
        let mut required = vk::PipelineShaderStageRequiredSubgroupSizeCreateInfo::default()
            .required_subgroup_size(flags.required_subgroup_size.unwrap_or(0));
        let mut stage = vk::PipelineShaderStageCreateInfo::default()
            .flags(stage_flags)
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(o.module)
            .name(&name);
        if let Some(size) = flags.required_subgroup_size {
            if !self.info.subgroup_size_control {
                return Err(RunError::device(format!(
                    "the shader asks for subgroup size {size}, but the device lacks subgroupSizeControl"
                )));
            }
            stage = stage
                .flags(
                    stage_flags & !vk::PipelineShaderStageCreateFlags::ALLOW_VARYING_SUBGROUP_SIZE,
                )
                .push_next(&mut required);
        }
        let info = vk::ComputePipelineCreateInfo::default()
            .stage(stage)
            .layout(o.layout);
        o.pipeline = d
            .create_compute_pipelines(vk::PipelineCache::null(), &[info], None)
            .map_err(|(_, e)| {
                RunError::device(format!("vkCreateComputePipelines failed: {e:?}"))
            })?[0];

        o.command = d
            .allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default()
                    .command_pool(self.pool)
                    .command_buffer_count(1),
            )
            .map_err(vk_err("vkAllocateCommandBuffers"))?[0];
        o.fence = d
            .create_fence(&vk::FenceCreateInfo::default(), None)
            .map_err(vk_err("vkCreateFence"))?;
        let cmd = o.command;
        d.begin_command_buffer(
            cmd,
            &vk::CommandBufferBeginInfo::default()
                .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
        )
        .map_err(vk_err("vkBeginCommandBuffer"))?;
        let textures = || {
            bindings
                .iter()
                .zip(&made)
                .flat_map(|(b, m)| match (m, &b.resource) {
                    (Made::Image(i), Resource::Texture(t)) => vec![(*i, t)],
                    (Made::Images(first), Resource::Textures(ts)) => {
                        ts.iter().enumerate().map(|(k, t)| (first + k, t)).collect()
                    }
                    (Made::Table(entries), Resource::Table(es)) => entries
                        .iter()
                        .zip(es)
                        .filter_map(|(&(i, _), e)| Some((i, e.texture.as_ref()?)))
                        .collect(),
                    _ => Vec::new(),
                })
        };
        if let Some(i) = placeholder_image {
            self.record_upload(cmd, &o.images[i], &placeholder);
        }
        for (i, t) in textures() {
            self.record_upload(cmd, &o.images[i], t);
        }
        d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, o.pipeline);
        if !descriptor_sets.is_empty() {
            d.cmd_bind_descriptor_sets(
                cmd,
                vk::PipelineBindPoint::COMPUTE,
                o.layout,
                0,
                &descriptor_sets,
                &[],
            );
        }
        d.cmd_dispatch(cmd, groups[0], groups[1], groups[2]);
        for (i, t) in textures().filter(|(_, t)| t.storage) {
            self.record_download(cmd, &o.images[i], t);
        }
        let to_host = [vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::SHADER_WRITE | vk::AccessFlags::TRANSFER_WRITE)
            .dst_access_mask(vk::AccessFlags::HOST_READ)];
        d.cmd_pipeline_barrier(
            cmd,
            vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::TRANSFER,
            vk::PipelineStageFlags::HOST,
            vk::DependencyFlags::empty(),
            &to_host,
            &[],
            &[],
        );
        d.end_command_buffer(cmd)
            .map_err(vk_err("vkEndCommandBuffer"))?;
        let commands = [cmd];
        d.queue_submit(
            self.queue,
            &[vk::SubmitInfo::default().command_buffers(&commands)],
            o.fence,
        )
        .map_err(vk_err("vkQueueSubmit"))?;
        // A shader that never ends (a miscompiled loop) is an error, not a
        // hang of the caller.
        let timeout = u64::try_from(self.timeout.as_nanos()).unwrap_or(u64::MAX);
        match d.wait_for_fences(&[o.fence], true, timeout) {
            Ok(()) => {}
            Err(vk::Result::TIMEOUT) => {
                self.hung.set(true);
                return Err(RunError::Hung(self.timeout));
            }
            Err(e) => return Err(RunError::device(format!("vkWaitForFences failed: {e:?}"))),
        }

        let mut out = Dispatched {
            contents: Vec::with_capacity(bindings.len()),
            violations: Vec::new(),
        };
        for (b, m) in bindings.iter().zip(&made) {
            match (m, &b.resource) {
                (Made::Buffer(i), Resource::Buffer { data, .. }) => {
                    let a = &o.allocations[*i];
                    let bytes = std::slice::from_raw_parts(a.mapped, a.size as usize);
                    let g = GUARD_BYTES as usize;
                    let n = data.len();
                    out.contents.push(bytes[g..g + n].to_vec());
                    if let Some(v) = guard_check(b, &bytes[..g], &bytes[g + n..], n) {
                        out.violations.push(v);
                    }
                }
                (Made::Image(i), Resource::Texture(t)) if t.storage => {
                    let s = &o.images[*i].staging;
                    let n = t.bytes() as usize;
                    out.contents
                        .push(std::slice::from_raw_parts(s.mapped, n).to_vec());
                }
                (_, Resource::Texture(t)) => out.contents.push(t.data.clone()),
                (_, Resource::Textures(ts)) => out
                    .contents
                    .push(ts.iter().flat_map(|t| t.data.clone()).collect()),
                (_, Resource::Buffer { .. } | Resource::Sampler(_) | Resource::Table(_)) => {
                    out.contents.push(Vec::new())
                }
            }
        }
        Ok(out)
    }
}

/// The guard violation of a buffer binding of `n` bytes, if its guards
/// before and after changed.
fn guard_check(b: &Binding, before: &[u8], after: &[u8], n: usize) -> Option<GuardViolation> {
    let g = before.len();
    let mut first = None;
    let mut changed = 0u64;
    for (i, &byte) in before.iter().enumerate() {
        if byte != guard_byte(i as u64) {
            first.get_or_insert(i as i64 - g as i64);
            changed += 1;
        }
    }
    for (i, &byte) in after.iter().enumerate() {
        if byte != guard_byte(i as u64 + GUARD_BYTES) {
            first.get_or_insert((n + i) as i64);
            changed += 1;
        }
    }
    first.map(|first| GuardViolation {
        group: b.group,
        binding: b.binding,
        first,
        changed,
    })
}

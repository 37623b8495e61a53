//! One compute dispatch: buffers with guard bytes around each binding,
//! descriptor sets by group, the pipeline, the dispatch, and the buffers
//! read back.
//!
//! Every buffer binding lies in the middle of its own allocation, with
//! [`GUARD_BYTES`] of a known pattern before and after it. After the
//! dispatch the guards are compared with the pattern: a write outside a
//! binding (a missing bounds check) shows up as a [`GuardViolation`]
//! instead of as silent memory corruption.

use ash::vk;

use super::device::Device;
use crate::RunError;

/// Bytes of guard pattern before and after each binding (a multiple of
/// every offset alignment Vulkan allows, which is at most 256).
pub const GUARD_BYTES: u64 = 256;

/// The byte the guard at offset `i` of a guard region holds.
fn guard_byte(i: u64) -> u8 {
    (i.wrapping_mul(151).wrapping_add(0x5a) & 0xff) as u8
}

/// A buffer bound for the dispatch.
#[derive(Clone, Debug)]
pub struct BufferBinding {
    /// `@group`: the descriptor set.
    pub group: u32,
    /// `@binding`.
    pub binding: u32,
    /// A uniform buffer (else a storage buffer).
    pub uniform: bool,
    /// The binding's contents before the dispatch; its length is the
    /// binding's size.
    pub data: Vec<u8>,
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
    /// Per binding, its bytes after the dispatch.
    pub buffers: Vec<Vec<u8>>,
    /// Writes outside a binding.
    pub violations: Vec<GuardViolation>,
}

struct Allocation {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    mapped: *mut u8,
    size: u64,
}

/// The objects of one dispatch, destroyed together (null handles are
/// skipped by Vulkan's destroy calls).
#[derive(Default)]
struct Objects {
    allocations: Vec<Allocation>,
    module: vk::ShaderModule,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    layout: vk::PipelineLayout,
    pool: vk::DescriptorPool,
    pipeline: vk::Pipeline,
    fence: vk::Fence,
    command: vk::CommandBuffer,
}

fn vk_err(what: &'static str) -> impl FnOnce(vk::Result) -> RunError {
    move |e| RunError::device(format!("{what} failed: {e:?}"))
}

impl Device {
    /// Runs `entry` of the SPIR-V module `words` once over `groups`
    /// workgroups with `bindings` bound, and reads every binding back.
    pub fn dispatch(
        &self,
        words: &[u32],
        entry: &str,
        bindings: &[BufferBinding],
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
        for a in o.allocations {
            d.destroy_buffer(a.buffer, None);
            d.free_memory(a.memory, None);
        }
    }

    fn memory_type(&self, bits: u32, flags: vk::MemoryPropertyFlags) -> Option<u32> {
        (0..self.memory.memory_type_count).find(|&i| {
            bits & (1 << i) != 0
                && self.memory.memory_types[i as usize]
                    .property_flags
                    .contains(flags)
        })
    }

    /// A host-visible, coherent, mapped buffer of `size` bytes.
    unsafe fn allocate(&self, size: u64) -> Result<Allocation, RunError> {
        let d = &self.device;
        let buffer = d
            .create_buffer(
                &vk::BufferCreateInfo::default().size(size).usage(
                    vk::BufferUsageFlags::STORAGE_BUFFER | vk::BufferUsageFlags::UNIFORM_BUFFER,
                ),
                None,
            )
            .map_err(vk_err("vkCreateBuffer"))?;
        let req = d.get_buffer_memory_requirements(buffer);
        let flags = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let Some(ty) = self.memory_type(req.memory_type_bits, flags) else {
            d.destroy_buffer(buffer, None);
            return Err(RunError::device("no host-visible coherent memory type"));
        };
        let memory = match d.allocate_memory(
            &vk::MemoryAllocateInfo::default()
                .allocation_size(req.size)
                .memory_type_index(ty),
            None,
        ) {
            Ok(m) => m,
            Err(e) => {
                d.destroy_buffer(buffer, None);
                return Err(RunError::device(format!(
                    "vkAllocateMemory({size} bytes) failed: {e:?}"
                )));
            }
        };
        let a = Allocation {
            buffer,
            memory,
            mapped: std::ptr::null_mut(),
            size,
        };
        let mapped = d
            .bind_buffer_memory(buffer, memory, 0)
            .and_then(|()| d.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()));
        match mapped {
            Ok(p) => Ok(Allocation {
                mapped: p.cast(),
                ..a
            }),
            Err(e) => {
                d.destroy_buffer(a.buffer, None);
                d.free_memory(a.memory, None);
                Err(RunError::device(format!(
                    "binding or mapping buffer memory failed: {e:?}"
                )))
            }
        }
    }

    unsafe fn dispatch_with(
        &self,
        o: &mut Objects,
        words: &[u32],
        entry: &str,
        bindings: &[BufferBinding],
        groups: [u32; 3],
        flags: PipelineFlags,
    ) -> Result<Dispatched, RunError> {
        let d = &self.device;
        // Buffers: guard, contents, guard.
        for b in bindings {
            if b.data.is_empty() {
                return Err(RunError::usage(format!(
                    "binding {}:{} is empty: a buffer binding needs at least one byte",
                    b.group, b.binding
                )));
            }
            let size = GUARD_BYTES + b.data.len() as u64 + GUARD_BYTES;
            let a = self.allocate(size)?;
            let bytes = std::slice::from_raw_parts_mut(a.mapped, size as usize);
            let g = GUARD_BYTES as usize;
            for (i, byte) in bytes[..g].iter_mut().enumerate() {
                *byte = guard_byte(i as u64);
            }
            bytes[g..g + b.data.len()].copy_from_slice(&b.data);
            for (i, byte) in bytes[g + b.data.len()..].iter_mut().enumerate() {
                *byte = guard_byte(i as u64 + GUARD_BYTES);
            }
            o.allocations.push(a);
        }

        o.module = d
            .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None)
            .map_err(vk_err("vkCreateShaderModule"))?;

        // One set layout per group up to the highest used (empty between).
        let sets = bindings.iter().map(|b| b.group + 1).max().unwrap_or(0);
        let descriptor = |b: &BufferBinding| {
            if b.uniform {
                vk::DescriptorType::UNIFORM_BUFFER
            } else {
                vk::DescriptorType::STORAGE_BUFFER
            }
        };
        for set in 0..sets {
            let layout_bindings: Vec<_> = bindings
                .iter()
                .filter(|b| b.group == set)
                .map(|b| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(b.binding)
                        .descriptor_type(descriptor(b))
                        .descriptor_count(1)
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
            let count = |uniform: bool| bindings.iter().filter(|b| b.uniform == uniform).count();
            let mut sizes = Vec::new();
            for (ty, n) in [
                (vk::DescriptorType::STORAGE_BUFFER, count(false)),
                (vk::DescriptorType::UNIFORM_BUFFER, count(true)),
            ] {
                if n > 0 {
                    sizes.push(
                        vk::DescriptorPoolSize::default()
                            .ty(ty)
                            .descriptor_count(n as u32),
                    );
                }
            }
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
            let infos: Vec<[vk::DescriptorBufferInfo; 1]> = bindings
                .iter()
                .zip(&o.allocations)
                .map(|(b, a)| {
                    [vk::DescriptorBufferInfo::default()
                        .buffer(a.buffer)
                        .offset(GUARD_BYTES)
                        .range(b.data.len() as u64)]
                })
                .collect();
            let writes: Vec<_> = bindings
                .iter()
                .zip(&infos)
                .map(|(b, info)| {
                    vk::WriteDescriptorSet::default()
                        .dst_set(descriptor_sets[b.group as usize])
                        .dst_binding(b.binding)
                        .descriptor_type(descriptor(b))
                        .buffer_info(info)
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
        d.begin_command_buffer(
            o.command,
            &vk::CommandBufferBeginInfo::default()
                .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
        )
        .map_err(vk_err("vkBeginCommandBuffer"))?;
        d.cmd_bind_pipeline(o.command, vk::PipelineBindPoint::COMPUTE, o.pipeline);
        if !descriptor_sets.is_empty() {
            d.cmd_bind_descriptor_sets(
                o.command,
                vk::PipelineBindPoint::COMPUTE,
                o.layout,
                0,
                &descriptor_sets,
                &[],
            );
        }
        d.cmd_dispatch(o.command, groups[0], groups[1], groups[2]);
        let to_host = [vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::SHADER_WRITE)
            .dst_access_mask(vk::AccessFlags::HOST_READ)];
        d.cmd_pipeline_barrier(
            o.command,
            vk::PipelineStageFlags::COMPUTE_SHADER,
            vk::PipelineStageFlags::HOST,
            vk::DependencyFlags::empty(),
            &to_host,
            &[],
            &[],
        );
        d.end_command_buffer(o.command)
            .map_err(vk_err("vkEndCommandBuffer"))?;
        let commands = [o.command];
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
            buffers: Vec::with_capacity(bindings.len()),
            violations: Vec::new(),
        };
        for (b, a) in bindings.iter().zip(&o.allocations) {
            let bytes = std::slice::from_raw_parts(a.mapped, a.size as usize);
            let g = GUARD_BYTES as usize;
            let n = b.data.len();
            out.buffers.push(bytes[g..g + n].to_vec());
            let mut first = None;
            let mut changed = 0u64;
            for (i, &byte) in bytes[..g].iter().enumerate() {
                if byte != guard_byte(i as u64) {
                    first.get_or_insert(i as i64 - g as i64);
                    changed += 1;
                }
            }
            for (i, &byte) in bytes[g + n..].iter().enumerate() {
                if byte != guard_byte(i as u64 + GUARD_BYTES) {
                    first.get_or_insert((n + i) as i64);
                    changed += 1;
                }
            }
            if let Some(first) = first {
                out.violations.push(GuardViolation {
                    group: b.group,
                    binding: b.binding,
                    first,
                    changed,
                });
            }
        }
        Ok(out)
    }
}

//! A minimal Vulkan compute context (ash, loader opened at run time):
//! device selection with `VK_KHR_cooperative_matrix` or
//! `VK_NV_cooperative_matrix` (module `device`), buffers, compute pipelines
//! with full subgroups, dispatches and timestamp timing; optionally
//! `VK_NV_cooperative_vector` (module `coopvec_ffi`).

pub mod coopvec_convert;
pub mod coopvec_ffi;
mod device;
pub mod profile;

use std::ffi::CStr;

use ash::vk;
use tessera::back::spv::CooperativeMatrixExtension;
use tessera::configs::{
    SubgroupMatrixConfig, VulkanCooperativeMatrixProperties, VulkanCooperativeMatrixPropertiesNv,
};

pub use device::{component_type, extension_name, nv_properties, scope, OpenOptions};

/// Why no usable device could be opened.
#[derive(Debug)]
pub enum InitError {
    /// No loader, no device, or no device with the cooperative-matrix
    /// extension asked for.
    NoDevice(String),
    /// A Vulkan call failed after a device was found.
    Vk(String),
}

impl std::fmt::Display for InitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InitError::NoDevice(s) | InitError::Vk(s) => f.write_str(s),
        }
    }
}

/// A Vulkan error with context, as a string.
pub type VkResult<T> = Result<T, String>;

fn ctx(what: &str) -> impl FnOnce(vk::Result) -> String + '_ {
    move |e| format!("{what} failed: {e:?}")
}

/// What the runner reports about the device.
#[derive(Clone, Debug)]
pub struct DeviceInfo {
    /// `deviceName`.
    pub name: String,
    /// Driver name and info (`VkPhysicalDeviceDriverProperties`).
    pub driver: String,
    /// Vulkan API version as `major.minor.patch`.
    pub api_version: String,
    /// Which cooperative-matrix extension the device was opened with (and
    /// the kernels are compiled for).
    pub cooperative_matrix: CooperativeMatrixExtension,
    /// Every cooperative-matrix property the device lists (with NV: those
    /// whose types and scope tessera knows, in KHR form).
    pub properties: Vec<VulkanCooperativeMatrixProperties>,
    /// With NV: every `VkCooperativeMatrixPropertiesNV`, raw; empty with
    /// KHR.
    pub nv_properties: Vec<VulkanCooperativeMatrixPropertiesNv>,
    /// The configs `tessera::configs::from_vulkan` (KHR) or
    /// `from_vulkan_nv` (NV) keeps (shader-f16 on).
    pub configs: Vec<SubgroupMatrixConfig>,
    /// `minSubgroupSize`.
    pub min_subgroup_size: u32,
    /// `maxSubgroupSize`.
    pub max_subgroup_size: u32,
    /// Nanoseconds per timestamp tick.
    pub timestamp_period: f32,
    /// `maxComputeSharedMemorySize`.
    pub max_shared_memory: u32,
    /// `maxComputeWorkGroupInvocations`.
    pub max_invocations: u32,
    /// `maxComputeWorkGroupSize`.
    pub max_workgroup_size: [u32; 3],
    /// With [`OpenOptions::cooperative_vector`] on a device that has them:
    /// every `VkCooperativeVectorPropertiesNV` row, described
    /// ([`coopvec_ffi::PropertiesNV::describe`]).
    pub cooperative_vector_rows: Vec<String>,
    /// The configurations tessera derives from those rows, as the device
    /// profile lists them (`tessera::device::vulkan::cooperative_vector_configs`).
    pub cooperative_vector_configs: Vec<tessera::configs::CooperativeVectorConfig>,
    /// `cooperativeVectorSupportedStages` (raw flags).
    pub cooperative_vector_stages: u32,
    /// `maxCooperativeVectorComponents`.
    pub max_cooperative_vector_components: u32,
    /// `cooperativeVectorTraining` (the feature; enabled with the
    /// extension where the device has it, [`Gpu::cooperative_vector_training`]).
    pub cooperative_vector_training: bool,
    /// `cooperativeVectorTrainingFloat16Accumulation`.
    pub cooperative_vector_training_float16_accumulation: bool,
    /// `cooperativeVectorTrainingFloat32Accumulation`.
    pub cooperative_vector_training_float32_accumulation: bool,
}

/// A buffer with its memory; `mapped` is set for host-visible buffers.
pub struct Buffer {
    /// The buffer.
    pub buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    /// Size in bytes.
    pub size: u64,
    mapped: Option<*mut u8>,
}

/// A compute pipeline with its descriptor set.
pub struct Kernel {
    pipeline: vk::Pipeline,
    layout: vk::PipelineLayout,
    set_layout: vk::DescriptorSetLayout,
    pool: vk::DescriptorPool,
    set: vk::DescriptorSet,
    module: vk::ShaderModule,
    /// Wall time of `vkCreateComputePipelines` (milliseconds).
    pub pipeline_ms: f64,
    /// The driver's statistics of the compiled pipeline (name, value), from
    /// `VK_KHR_pipeline_executable_properties` (e.g. register count).
    pub stats: Vec<(String, String)>,
}

/// How a buffer is bound: which descriptor type, and which bytes of it.
#[derive(Clone, Copy)]
pub struct Binding<'a> {
    /// The buffer.
    pub buffer: &'a Buffer,
    /// A uniform buffer (otherwise a storage buffer).
    pub uniform: bool,
    /// First byte bound (a multiple of the device's offset alignment).
    pub offset: u64,
    /// Bytes bound (`None`: to the end).
    pub range: Option<u64>,
}

impl<'a> Binding<'a> {
    /// The whole buffer as a storage buffer.
    pub fn storage(buffer: &'a Buffer) -> Self {
        Binding {
            buffer,
            uniform: false,
            offset: 0,
            range: None,
        }
    }

    /// The whole buffer as a uniform buffer.
    pub fn uniform(buffer: &'a Buffer) -> Self {
        Binding {
            uniform: true,
            ..Binding::storage(buffer)
        }
    }

    fn descriptor_type(&self) -> vk::DescriptorType {
        if self.uniform {
            vk::DescriptorType::UNIFORM_BUFFER
        } else {
            vk::DescriptorType::STORAGE_BUFFER
        }
    }
}

/// The opened device.
pub struct Gpu {
    _entry: ash::Entry,
    instance: ash::Instance,
    device: ash::Device,
    queue: vk::Queue,
    cmd_pool: vk::CommandPool,
    query_pool: vk::QueryPool,
    memory: vk::PhysicalDeviceMemoryProperties,
    /// `VK_KHR_pipeline_executable_properties`, when the device has it.
    executables: Option<ash::khr::pipeline_executable_properties::Device>,
    /// Whether `VK_EXT_pipeline_robustness` is enabled (pipelines may ask
    /// for robust buffer access one by one).
    pub pipeline_robustness: bool,
    /// Whether `VK_KHR_cooperative_matrix` is enabled: always with KHR;
    /// with NV where the device also has it (glslang's reference kernels
    /// use the KHR form and run only then).
    pub khr_enabled: bool,
    /// Whether `VK_NV_cooperative_matrix2` is enabled with its
    /// `cooperativeMatrixConversions` feature (KHR devices only).
    pub nv_cooperative_matrix2: bool,
    /// Whether `VK_NV_cooperative_matrix2`'s `cooperativeMatrixReductions`
    /// feature is enabled too (`OpCooperativeMatrixReduceNV`, what the
    /// subgroup-matrix reductions compile to with `nv_cooperative_matrix2`).
    pub nv_cooperative_matrix2_reductions: bool,
    /// Whether `VK_NV_cooperative_vector` is enabled with its
    /// `cooperativeVector` feature ([`OpenOptions::cooperative_vector`]).
    pub cooperative_vector: bool,
    /// When cooperative vectors were asked for and are not enabled: why.
    pub cooperative_vector_note: String,
    /// Whether the `cooperativeVectorTraining` feature is enabled too.
    pub cooperative_vector_training: bool,
    /// Device facts.
    pub info: DeviceInfo,
}

fn cstr(bytes: &[std::ffi::c_char]) -> String {
    let b: Vec<u8> = bytes
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&b).into_owned()
}

/// The name of the first `OpEntryPoint` of a SPIR-V module.
pub fn entry_point_name(words: &[u32]) -> Option<String> {
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        let op = words[i] & 0xFFFF;
        if count == 0 || i + count > words.len() {
            return None;
        }
        if op == 15 && count > 3 {
            let bytes: Vec<u8> = words[i + 3..i + count]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .take_while(|&b| b != 0)
                .collect();
            return String::from_utf8(bytes).ok();
        }
        i += count;
    }
    None
}

impl Gpu {
    /// `vkConvertCooperativeVectorMatrixNV` of this device (with
    /// `VK_NV_cooperative_vector` enabled, [`Gpu::cooperative_vector`]).
    pub fn converter(&self) -> VkResult<coopvec_convert::Converter<'_>> {
        if !self.cooperative_vector {
            return Err("VK_NV_cooperative_vector is not enabled".into());
        }
        // SAFETY: the device was created from this instance.
        unsafe { coopvec_convert::Converter::load(&self.instance, &self.device) }
    }

    fn memory_type(&self, bits: u32, flags: vk::MemoryPropertyFlags) -> VkResult<u32> {
        (0..self.memory.memory_type_count)
            .find(|&i| {
                bits & (1 << i) != 0
                    && self.memory.memory_types[i as usize]
                        .property_flags
                        .contains(flags)
            })
            .ok_or_else(|| format!("no memory type with {flags:?}"))
    }

    /// Creates a storage buffer of `size` bytes: host-visible (mapped) or
    /// device-local.
    pub fn buffer(&self, size: u64, host_visible: bool) -> VkResult<Buffer> {
        // SAFETY: plain object creation on a live device.
        unsafe {
            let buffer = self
                .device
                .create_buffer(
                    &vk::BufferCreateInfo::default().size(size).usage(
                        vk::BufferUsageFlags::STORAGE_BUFFER
                            | vk::BufferUsageFlags::UNIFORM_BUFFER
                            | vk::BufferUsageFlags::TRANSFER_SRC
                            | vk::BufferUsageFlags::TRANSFER_DST,
                    ),
                    None,
                )
                .map_err(ctx("vkCreateBuffer"))?;
            let req = self.device.get_buffer_memory_requirements(buffer);
            let flags = if host_visible {
                vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT
            } else {
                vk::MemoryPropertyFlags::DEVICE_LOCAL
            };
            let ty = match self.memory_type(req.memory_type_bits, flags) {
                Ok(t) => t,
                Err(e) => {
                    self.device.destroy_buffer(buffer, None);
                    return Err(e);
                }
            };
            let memory = match self.device.allocate_memory(
                &vk::MemoryAllocateInfo::default()
                    .allocation_size(req.size)
                    .memory_type_index(ty),
                None,
            ) {
                Ok(m) => m,
                Err(e) => {
                    self.device.destroy_buffer(buffer, None);
                    return Err(format!("vkAllocateMemory({size} bytes) failed: {e:?}"));
                }
            };
            let mut b = Buffer {
                buffer,
                memory,
                size,
                mapped: None,
            };
            if let Err(e) = self.device.bind_buffer_memory(buffer, memory, 0) {
                self.free(&b);
                return Err(format!("vkBindBufferMemory failed: {e:?}"));
            }
            if host_visible {
                match self
                    .device
                    .map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())
                {
                    Ok(p) => b.mapped = Some(p.cast()),
                    Err(e) => {
                        self.free(&b);
                        return Err(format!("vkMapMemory failed: {e:?}"));
                    }
                }
            }
            Ok(b)
        }
    }

    /// Destroys a buffer.
    pub fn free(&self, b: &Buffer) {
        // SAFETY: the buffer belongs to this device and is idle (every
        // submission waits for completion).
        unsafe {
            self.device.destroy_buffer(b.buffer, None);
            self.device.free_memory(b.memory, None);
        }
    }

    /// Writes `data` at the start of `b` (through a staging buffer when `b`
    /// is device-local).
    pub fn upload(&self, b: &Buffer, data: &[u8]) -> VkResult<()> {
        if data.len() as u64 > b.size {
            return Err(format!(
                "upload of {} bytes into a {}-byte buffer",
                data.len(),
                b.size
            ));
        }
        if let Some(p) = b.mapped {
            // SAFETY: the mapping covers `b.size` bytes.
            unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), p, data.len()) };
            return Ok(());
        }
        let staging = self.buffer(data.len() as u64, true)?;
        let r = self.upload(&staging, data).and_then(|()| {
            self.submit(|d, cmd| unsafe {
                d.cmd_copy_buffer(
                    cmd,
                    staging.buffer,
                    b.buffer,
                    &[vk::BufferCopy::default().size(data.len() as u64)],
                );
            })
        });
        self.free(&staging);
        r
    }

    /// Reads the whole of `b`.
    pub fn download(&self, b: &Buffer) -> VkResult<Vec<u8>> {
        if let Some(p) = b.mapped {
            let mut out = vec![0u8; b.size as usize];
            // SAFETY: the mapping covers `b.size` bytes; the device is idle.
            unsafe { std::ptr::copy_nonoverlapping(p, out.as_mut_ptr(), out.len()) };
            return Ok(out);
        }
        let staging = self.buffer(b.size, true)?;
        let r = self
            .submit(|d, cmd| unsafe {
                d.cmd_copy_buffer(
                    cmd,
                    b.buffer,
                    staging.buffer,
                    &[vk::BufferCopy::default().size(b.size)],
                );
            })
            .and_then(|()| self.download(&staging));
        self.free(&staging);
        r
    }

    /// Records commands with `record`, submits them and waits.
    pub fn submit(&self, record: impl FnOnce(&ash::Device, vk::CommandBuffer)) -> VkResult<()> {
        // SAFETY: single-threaded use of the pool and queue; we wait for the
        // fence before freeing anything.
        unsafe {
            let cmd = self
                .device
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default()
                        .command_pool(self.cmd_pool)
                        .command_buffer_count(1),
                )
                .map_err(ctx("vkAllocateCommandBuffers"))?[0];
            let fence = match self
                .device
                .create_fence(&vk::FenceCreateInfo::default(), None)
            {
                Ok(f) => f,
                Err(e) => {
                    self.device.free_command_buffers(self.cmd_pool, &[cmd]);
                    return Err(format!("vkCreateFence failed: {e:?}"));
                }
            };
            let r = (|| -> VkResult<()> {
                self.device
                    .begin_command_buffer(
                        cmd,
                        &vk::CommandBufferBeginInfo::default()
                            .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
                    )
                    .map_err(ctx("vkBeginCommandBuffer"))?;
                // Order this submission after earlier ones (uploads, previous
                // dispatches), and make its writes visible to the host.
                let all = vk::PipelineStageFlags::ALL_COMMANDS;
                let before = [vk::MemoryBarrier::default()
                    .src_access_mask(vk::AccessFlags::MEMORY_WRITE)
                    .dst_access_mask(vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE)];
                self.device.cmd_pipeline_barrier(
                    cmd,
                    all,
                    all,
                    vk::DependencyFlags::empty(),
                    &before,
                    &[],
                    &[],
                );
                record(&self.device, cmd);
                let after = [vk::MemoryBarrier::default()
                    .src_access_mask(vk::AccessFlags::MEMORY_WRITE)
                    .dst_access_mask(vk::AccessFlags::HOST_READ)];
                self.device.cmd_pipeline_barrier(
                    cmd,
                    all,
                    vk::PipelineStageFlags::HOST,
                    vk::DependencyFlags::empty(),
                    &after,
                    &[],
                    &[],
                );
                self.device
                    .end_command_buffer(cmd)
                    .map_err(ctx("vkEndCommandBuffer"))?;
                let cmds = [cmd];
                self.device
                    .queue_submit(
                        self.queue,
                        &[vk::SubmitInfo::default().command_buffers(&cmds)],
                        fence,
                    )
                    .map_err(ctx("vkQueueSubmit"))?;
                self.device
                    .wait_for_fences(&[fence], true, 120_000_000_000)
                    .map_err(ctx("vkWaitForFences"))
            })();
            self.device.destroy_fence(fence, None);
            self.device.free_command_buffers(self.cmd_pool, &[cmd]);
            r
        }
    }

    /// Creates a compute pipeline from SPIR-V with `buffers` bound at
    /// bindings 0.. of set 0 and `spec` as specialization constants
    /// (constant id = index). Full subgroups are required and the subgroup
    /// size may vary, as the subgroup-matrix proposal asks.
    pub fn kernel(&self, words: &[u32], buffers: &[&Buffer], spec: &[u32]) -> VkResult<Kernel> {
        let bindings: Vec<Binding> = buffers.iter().map(|b| Binding::storage(b)).collect();
        self.kernel_with(words, &bindings, spec)
    }

    /// [`Gpu::kernel`] with each binding's descriptor type and byte range
    /// given.
    pub fn kernel_with(
        &self,
        words: &[u32],
        buffers: &[Binding],
        spec: &[u32],
    ) -> VkResult<Kernel> {
        self.kernel_robust(words, buffers, spec, false)
    }

    /// [`Gpu::kernel_with`]; with `robust_buffers` the pipeline asks for
    /// robust access to storage and uniform buffers
    /// (`VK_EXT_pipeline_robustness`), an error when the device lacks it.
    pub fn kernel_robust(
        &self,
        words: &[u32],
        buffers: &[Binding],
        spec: &[u32],
        robust_buffers: bool,
    ) -> VkResult<Kernel> {
        if robust_buffers && !self.pipeline_robustness {
            return Err("the device lacks VK_EXT_pipeline_robustness".into());
        }
        let name = entry_point_name(words).ok_or("the SPIR-V module has no entry point")?;
        let name = std::ffi::CString::new(name).map_err(|e| e.to_string())?;
        // SAFETY: object creation on a live device; partial failures
        // destroy what was created (via `destroy_kernel` on the partial kernel).
        unsafe {
            let d = &self.device;
            let mut k = Kernel {
                pipeline: vk::Pipeline::null(),
                layout: vk::PipelineLayout::null(),
                set_layout: vk::DescriptorSetLayout::null(),
                pool: vk::DescriptorPool::null(),
                set: vk::DescriptorSet::null(),
                module: vk::ShaderModule::null(),
                pipeline_ms: 0.0,
                stats: Vec::new(),
            };
            let r = (|| -> VkResult<()> {
                k.module = d
                    .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None)
                    .map_err(ctx("vkCreateShaderModule"))?;
                let bindings: Vec<_> = buffers
                    .iter()
                    .enumerate()
                    .map(|(i, b)| {
                        vk::DescriptorSetLayoutBinding::default()
                            .binding(i as u32)
                            .descriptor_type(b.descriptor_type())
                            .descriptor_count(1)
                            .stage_flags(vk::ShaderStageFlags::COMPUTE)
                    })
                    .collect();
                k.set_layout = d
                    .create_descriptor_set_layout(
                        &vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings),
                        None,
                    )
                    .map_err(ctx("vkCreateDescriptorSetLayout"))?;
                let layouts = [k.set_layout];
                k.layout = d
                    .create_pipeline_layout(
                        &vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts),
                        None,
                    )
                    .map_err(ctx("vkCreatePipelineLayout"))?;
                let sizes = [
                    vk::DescriptorPoolSize::default()
                        .ty(vk::DescriptorType::STORAGE_BUFFER)
                        .descriptor_count(buffers.len().max(1) as u32),
                    vk::DescriptorPoolSize::default()
                        .ty(vk::DescriptorType::UNIFORM_BUFFER)
                        .descriptor_count(buffers.len().max(1) as u32),
                ];
                k.pool = d
                    .create_descriptor_pool(
                        &vk::DescriptorPoolCreateInfo::default()
                            .max_sets(1)
                            .pool_sizes(&sizes),
                        None,
                    )
                    .map_err(ctx("vkCreateDescriptorPool"))?;
                k.set = d
                    .allocate_descriptor_sets(
                        &vk::DescriptorSetAllocateInfo::default()
                            .descriptor_pool(k.pool)
                            .set_layouts(&layouts),
                    )
                    .map_err(ctx("vkAllocateDescriptorSets"))?[0];
                let infos: Vec<[vk::DescriptorBufferInfo; 1]> = buffers
                    .iter()
                    .map(|b| {
                        [vk::DescriptorBufferInfo::default()
                            .buffer(b.buffer.buffer)
                            .offset(b.offset)
                            .range(b.range.unwrap_or(vk::WHOLE_SIZE))]
                    })
                    .collect();
                let writes: Vec<_> = infos
                    .iter()
                    .enumerate()
                    .map(|(i, info)| {
                        vk::WriteDescriptorSet::default()
                            .dst_set(k.set)
                            .dst_binding(i as u32)
                            .descriptor_type(buffers[i].descriptor_type())
                            .buffer_info(info)
                    })
                    .collect();
                d.update_descriptor_sets(&writes, &[]);
                let entries: Vec<_> = (0..spec.len() as u32)
                    .map(|i| vk::SpecializationMapEntry {
                        constant_id: i,
                        offset: 4 * i,
                        size: 4,
                    })
                    .collect();
                let spec_bytes: Vec<u8> = spec.iter().flat_map(|v| v.to_le_bytes()).collect();
                let spec_info = vk::SpecializationInfo::default()
                    .map_entries(&entries)
                    .data(&spec_bytes);
                let stage = vk::PipelineShaderStageCreateInfo::default()
                    .flags(
                        vk::PipelineShaderStageCreateFlags::REQUIRE_FULL_SUBGROUPS
                            | vk::PipelineShaderStageCreateFlags::ALLOW_VARYING_SUBGROUP_SIZE,
                    )
                    .stage(vk::ShaderStageFlags::COMPUTE)
                    .module(k.module)
                    .name(&name)
                    .specialization_info(&spec_info);
                let flags = if self.executables.is_some() {
                    vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR
                } else {
                    vk::PipelineCreateFlags::empty()
                };
                let mut robustness = vk::PipelineRobustnessCreateInfoEXT::default()
                    .storage_buffers(vk::PipelineRobustnessBufferBehaviorEXT::ROBUST_BUFFER_ACCESS)
                    .uniform_buffers(vk::PipelineRobustnessBufferBehaviorEXT::ROBUST_BUFFER_ACCESS);
                let mut info = vk::ComputePipelineCreateInfo::default()
                    .flags(flags)
                    .stage(stage)
                    .layout(k.layout);
                if robust_buffers {
                    info = info.push_next(&mut robustness);
                }
                let start = std::time::Instant::now();
                k.pipeline = d
                    .create_compute_pipelines(vk::PipelineCache::null(), &[info], None)
                    .map_err(|(_, e)| format!("vkCreateComputePipelines failed: {e:?}"))?[0];
                k.pipeline_ms = start.elapsed().as_secs_f64() * 1e3;
                k.stats = self.statistics(k.pipeline);
                Ok(())
            })();
            match r {
                Ok(()) => Ok(k),
                Err(e) => {
                    self.destroy_kernel(&k);
                    Err(e)
                }
            }
        }
    }

    /// The driver's statistics of every executable of `pipeline`.
    fn statistics(&self, pipeline: vk::Pipeline) -> Vec<(String, String)> {
        let Some(x) = &self.executables else {
            return Vec::new();
        };
        let mut out = Vec::new();
        // SAFETY: the pipeline was created with CAPTURE_STATISTICS_KHR on
        // this device; the queries only read its compiled form.
        unsafe {
            let info = vk::PipelineInfoKHR::default().pipeline(pipeline);
            let Ok(executables) = x.get_pipeline_executable_properties(&info) else {
                return out;
            };
            for i in 0..executables.len() as u32 {
                let ei = vk::PipelineExecutableInfoKHR::default()
                    .pipeline(pipeline)
                    .executable_index(i);
                let Ok(stats) = x.get_pipeline_executable_statistics(&ei) else {
                    continue;
                };
                for s in stats {
                    let name = s
                        .name_as_c_str()
                        .map(|c| c.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let value = match s.format {
                        vk::PipelineExecutableStatisticFormatKHR::BOOL32 => s.value.b32.to_string(),
                        vk::PipelineExecutableStatisticFormatKHR::INT64 => s.value.i64.to_string(),
                        vk::PipelineExecutableStatisticFormatKHR::UINT64 => s.value.u64.to_string(),
                        vk::PipelineExecutableStatisticFormatKHR::FLOAT64 => {
                            s.value.f64.to_string()
                        }
                        _ => "?".into(),
                    };
                    out.push((name, value));
                }
            }
        }
        out
    }

    /// Destroys a kernel.
    pub fn destroy_kernel(&self, k: &Kernel) {
        // SAFETY: the kernel's objects belong to this device and are idle;
        // destroying null handles is a no-op.
        unsafe {
            let d = &self.device;
            d.destroy_pipeline(k.pipeline, None);
            d.destroy_pipeline_layout(k.layout, None);
            d.destroy_descriptor_pool(k.pool, None);
            d.destroy_descriptor_set_layout(k.set_layout, None);
            d.destroy_shader_module(k.module, None);
        }
    }

    /// Dispatches `k` once and waits; returns the GPU time in nanoseconds.
    pub fn dispatch(&self, k: &Kernel, groups: [u32; 3]) -> VkResult<f64> {
        self.dispatch_batch(k, groups, 1)
    }

    /// Records `batch` dispatches of `k` in one command buffer, each
    /// ordered after the previous one by a compute-to-compute memory
    /// barrier (as the dependent dispatches of an inference graph are),
    /// submits them and waits; returns the GPU time of the whole batch in
    /// nanoseconds. Short kernels timed one submission at a time measure
    /// the GPU ramping its clocks down between submissions; a batch keeps
    /// it busy.
    pub fn dispatch_batch(&self, k: &Kernel, groups: [u32; 3], batch: usize) -> VkResult<f64> {
        let pool = self.query_pool;
        self.submit(|d, cmd| unsafe {
            d.cmd_reset_query_pool(cmd, pool, 0, 2);
            d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, k.pipeline);
            d.cmd_bind_descriptor_sets(
                cmd,
                vk::PipelineBindPoint::COMPUTE,
                k.layout,
                0,
                &[k.set],
                &[],
            );
            d.cmd_write_timestamp(cmd, vk::PipelineStageFlags::TOP_OF_PIPE, pool, 0);
            for i in 0..batch.max(1) {
                if i > 0 {
                    let barrier = [vk::MemoryBarrier::default()
                        .src_access_mask(vk::AccessFlags::SHADER_WRITE)
                        .dst_access_mask(
                            vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
                        )];
                    d.cmd_pipeline_barrier(
                        cmd,
                        vk::PipelineStageFlags::COMPUTE_SHADER,
                        vk::PipelineStageFlags::COMPUTE_SHADER,
                        vk::DependencyFlags::empty(),
                        &barrier,
                        &[],
                        &[],
                    );
                }
                d.cmd_dispatch(cmd, groups[0], groups[1], groups[2]);
            }
            d.cmd_write_timestamp(cmd, vk::PipelineStageFlags::BOTTOM_OF_PIPE, pool, 1);
        })?;
        let mut ticks = [0u64; 2];
        // SAFETY: both queries were written by the completed submission.
        unsafe {
            self.device
                .get_query_pool_results(
                    pool,
                    0,
                    &mut ticks,
                    vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT,
                )
                .map_err(ctx("vkGetQueryPoolResults"))?;
        }
        Ok(ticks[1].wrapping_sub(ticks[0]) as f64 * self.info.timestamp_period as f64)
    }

    /// At least `warmup` untimed dispatches and at least half a second of
    /// GPU time (so clocks have ramped up even for short kernels), then the
    /// times of `iters` dispatches (ns).
    pub fn time(
        &self,
        k: &Kernel,
        groups: [u32; 3],
        warmup: usize,
        iters: usize,
    ) -> VkResult<Vec<f64>> {
        self.time_batched(k, groups, 1, warmup, 0.5e9, iters)
    }

    /// [`Gpu::time`] with at least `warm_ns` nanoseconds of warm-up GPU
    /// time instead of half a second, and every timed (and warm-up)
    /// submission a batch of `batch` dependent dispatches
    /// ([`Gpu::dispatch_batch`]); returns the time per dispatch of each
    /// timed batch (ns).
    pub fn time_batched(
        &self,
        k: &Kernel,
        groups: [u32; 3],
        batch: usize,
        warmup: usize,
        warm_ns: f64,
        iters: usize,
    ) -> VkResult<Vec<f64>> {
        let batch = batch.max(1);
        let min_warmup_ns = warm_ns;
        let mut warm_ns = 0.0;
        let mut n = 0;
        while n < warmup || (warm_ns < min_warmup_ns && n < 10_000) {
            warm_ns += self.dispatch_batch(k, groups, batch)?;
            n += 1;
        }
        (0..iters)
            .map(|_| Ok(self.dispatch_batch(k, groups, batch)? / batch as f64))
            .collect()
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        // SAFETY: all work was waited for; children are destroyed before
        // the device and instance.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_query_pool(self.query_pool, None);
            self.device.destroy_command_pool(self.cmd_pool, None);
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// The median of `v` (NaN when empty).
pub fn median(v: &[f64]) -> f64 {
    let mut s: Vec<f64> = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    match s.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => s[n / 2],
        n => (s[n / 2 - 1] + s[n / 2]) / 2.0,
    }
}

/// The name of a C string constant, for messages.
pub fn name(c: &CStr) -> String {
    c.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn finds_entry_point_name() {
        // Header + OpEntryPoint GLCompute %1 "main" (+ no interface).
        let name = u32::from_le_bytes(*b"main");
        let words = [
            0x0723_0203,
            0x0001_0300,
            0,
            2,
            0,
            (5 << 16) | 15,
            5,
            1,
            name,
            0,
        ];
        assert_eq!(entry_point_name(&words).as_deref(), Some("main"));
        assert_eq!(entry_point_name(&words[..5]), None);
        assert_eq!(entry_point_name(&[0, 0, 0, 0, 0, 0]), None);
    }
}

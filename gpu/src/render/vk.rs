//! A minimal off-screen Vulkan renderer for the render smoke suite: one
//! device with a graphics queue, images and buffers, descriptor sets, a
//! graphics pipeline with dynamic rendering (Vulkan 1.3), one draw, and
//! read-back; render passes with input attachments are in `subpass`.
//! Nothing here is fast; everything is checked.

use std::ffi::CString;

use ash::vk;

mod subpass;

pub use subpass::{InputPass, Stage};

/// Errors as text with the failing call.
pub type VkResult<T> = Result<T, String>;

/// A descriptor pool of `sizes` and the one set of `layouts` allocated
/// from it (the pool is destroyed again when the allocation fails).
///
/// # Safety
/// `dev` is a live device and `layouts` were created on it.
unsafe fn one_set(
    dev: &ash::Device,
    sizes: &[vk::DescriptorPoolSize],
    layouts: &[vk::DescriptorSetLayout],
) -> VkResult<(vk::DescriptorPool, vk::DescriptorSet)> {
    let pool = dev
        .create_descriptor_pool(
            &vk::DescriptorPoolCreateInfo::default()
                .max_sets(1)
                .pool_sizes(sizes),
            None,
        )
        .map_err(ctx("vkCreateDescriptorPool"))?;
    match dev.allocate_descriptor_sets(
        &vk::DescriptorSetAllocateInfo::default()
            .descriptor_pool(pool)
            .set_layouts(layouts),
    ) {
        Ok(sets) => Ok((pool, sets[0])),
        Err(e) => {
            dev.destroy_descriptor_pool(pool, None);
            Err(ctx("vkAllocateDescriptorSets")(e))
        }
    }
}

fn ctx(call: &'static str) -> impl Fn(vk::Result) -> String {
    move |e| format!("{call} failed: {e:?}")
}

/// The opened device.
pub struct Renderer {
    _entry: ash::Entry,
    instance: ash::Instance,
    device: ash::Device,
    queue: vk::Queue,
    pool: vk::CommandPool,
    memory: vk::PhysicalDeviceMemoryProperties,
    /// The device's name.
    pub name: String,
    /// The driver's name and version.
    pub driver: String,
    /// `maxBoundDescriptorSets`: a pipeline layout has at most this many
    /// descriptor sets.
    pub max_descriptor_sets: u32,
}

/// An image with its memory and view.
pub struct Image {
    image: vk::Image,
    memory: vk::DeviceMemory,
    view: vk::ImageView,
    /// Its format.
    pub format: vk::Format,
    /// Width and height.
    pub extent: (u32, u32),
    aspect: vk::ImageAspectFlags,
    samples: vk::SampleCountFlags,
}

/// A host-visible buffer.
pub struct Buffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    size: u64,
}

/// What a binding of the pipeline's set 0 holds.
pub enum Resource<'a> {
    /// A sampled texture.
    Sampled(&'a Image),
    /// A sampler (filter for both minification and magnification).
    Sampler(vk::Filter),
    /// A storage texture (layout GENERAL).
    Storage(&'a Image),
    /// A storage buffer.
    Buffer(&'a Buffer),
}

/// One draw.
pub struct Draw<'a> {
    /// SPIR-V with both entry points.
    pub spirv: &'a [u32],
    /// Entry-point names.
    pub vertex: &'a str,
    /// Entry-point names.
    pub fragment: &'a str,
    /// Vertices to draw (no vertex buffers: positions come from
    /// `vertex_index`).
    pub vertices: u32,
    /// Colour attachment (cleared to `clear`), if any.
    pub color: Option<&'a Image>,
    /// Multisample resolve target of `color`, if any.
    pub resolve: Option<&'a Image>,
    /// Depth attachment (cleared to 1, test ALWAYS, writes on), if any.
    pub depth: Option<&'a Image>,
    /// Clear colour.
    pub clear: [f32; 4],
    /// Bindings of group 0, in binding order.
    pub resources: &'a [Resource<'a>],
}

impl Renderer {
    /// Opens the first device with a graphics queue and Vulkan 1.3.
    pub fn new() -> VkResult<Renderer> {
        // SAFETY: loading the system loader; handles are destroyed in Drop.
        unsafe {
            let entry = ash::Entry::load().map_err(|e| format!("no Vulkan loader: {e}"))?;
            let app = vk::ApplicationInfo::default()
                .application_name(c"tessera-render")
                .api_version(vk::API_VERSION_1_3);
            let instance = entry
                .create_instance(
                    &vk::InstanceCreateInfo::default().application_info(&app),
                    None,
                )
                .map_err(ctx("vkCreateInstance"))?;
            let mut found = None;
            for pd in instance
                .enumerate_physical_devices()
                .map_err(ctx("vkEnumeratePhysicalDevices"))?
            {
                let props = instance.get_physical_device_properties(pd);
                if props.api_version < vk::API_VERSION_1_3 {
                    continue;
                }
                let families = instance.get_physical_device_queue_family_properties(pd);
                if let Some(q) = families
                    .iter()
                    .position(|f| f.queue_flags.contains(vk::QueueFlags::GRAPHICS))
                {
                    found = Some((pd, q as u32));
                    break;
                }
            }
            let Some((pd, family)) = found else {
                instance.destroy_instance(None);
                return Err("no Vulkan 1.3 device with a graphics queue".into());
            };
            let mut p12 = vk::PhysicalDeviceVulkan12Properties::default();
            let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut p12);
            instance.get_physical_device_properties2(pd, &mut p2);
            let cstr = |b: &[std::ffi::c_char]| {
                let v: Vec<u8> = b
                    .iter()
                    .take_while(|&&c| c != 0)
                    .map(|&c| c as u8)
                    .collect();
                String::from_utf8_lossy(&v).into_owned()
            };
            let name = cstr(&p2.properties.device_name);
            let max_descriptor_sets = p2.properties.limits.max_bound_descriptor_sets;
            let driver = format!("{} {}", cstr(&p12.driver_name), cstr(&p12.driver_info));
            let base = vk::PhysicalDeviceFeatures::default()
                .sample_rate_shading(true)
                .fragment_stores_and_atomics(true)
                .vertex_pipeline_stores_and_atomics(true)
                .shader_clip_distance(true)
                .independent_blend(true);
            let mut f13 = vk::PhysicalDeviceVulkan13Features::default()
                .dynamic_rendering(true)
                .shader_demote_to_helper_invocation(true);
            // Where the device has it: tessera's SPIR-V for uniform buffers
            // that use uniform_buffer_standard_layout.
            let standard_layout = {
                let mut s12 = vk::PhysicalDeviceVulkan12Features::default();
                let mut s2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut s12);
                instance.get_physical_device_features2(pd, &mut s2);
                s12.uniform_buffer_standard_layout != 0
            };
            let mut f12 = vk::PhysicalDeviceVulkan12Features::default()
                .uniform_buffer_standard_layout(standard_layout);
            let priorities = [1.0f32];
            let queues = [vk::DeviceQueueCreateInfo::default()
                .queue_family_index(family)
                .queue_priorities(&priorities)];
            let info = vk::DeviceCreateInfo::default()
                .queue_create_infos(&queues)
                .enabled_features(&base)
                .push_next(&mut f12)
                .push_next(&mut f13);
            let device = match instance.create_device(pd, &info, None) {
                Ok(d) => d,
                Err(e) => {
                    instance.destroy_instance(None);
                    return Err(format!("vkCreateDevice failed: {e:?}"));
                }
            };
            let queue = device.get_device_queue(family, 0);
            let pool = device
                .create_command_pool(
                    &vk::CommandPoolCreateInfo::default().queue_family_index(family),
                    None,
                )
                .map_err(ctx("vkCreateCommandPool"))?;
            let memory = instance.get_physical_device_memory_properties(pd);
            Ok(Renderer {
                _entry: entry,
                instance,
                device,
                queue,
                pool,
                memory,
                name,
                driver,
                max_descriptor_sets,
            })
        }
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

    /// A host-visible buffer of `size` bytes.
    pub fn buffer(&self, size: u64) -> VkResult<Buffer> {
        // SAFETY: object creation on a live device.
        unsafe {
            let buffer = self
                .device
                .create_buffer(
                    &vk::BufferCreateInfo::default().size(size).usage(
                        vk::BufferUsageFlags::STORAGE_BUFFER
                            | vk::BufferUsageFlags::TRANSFER_SRC
                            | vk::BufferUsageFlags::TRANSFER_DST,
                    ),
                    None,
                )
                .map_err(ctx("vkCreateBuffer"))?;
            let req = self.device.get_buffer_memory_requirements(buffer);
            let ty = self.memory_type(
                req.memory_type_bits,
                vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT,
            )?;
            let memory = self
                .device
                .allocate_memory(
                    &vk::MemoryAllocateInfo::default()
                        .allocation_size(req.size)
                        .memory_type_index(ty),
                    None,
                )
                .map_err(ctx("vkAllocateMemory"))?;
            self.device
                .bind_buffer_memory(buffer, memory, 0)
                .map_err(ctx("vkBindBufferMemory"))?;
            let b = Buffer {
                buffer,
                memory,
                size,
            };
            self.write(&b, &vec![0u8; size as usize])?;
            Ok(b)
        }
    }

    /// Writes bytes at the start of a buffer.
    pub fn write(&self, b: &Buffer, data: &[u8]) -> VkResult<()> {
        // SAFETY: the memory is host-visible and at least `size` bytes.
        unsafe {
            let p = self
                .device
                .map_memory(b.memory, 0, b.size, vk::MemoryMapFlags::empty())
                .map_err(ctx("vkMapMemory"))? as *mut u8;
            std::ptr::copy_nonoverlapping(data.as_ptr(), p, data.len().min(b.size as usize));
            self.device.unmap_memory(b.memory);
        }
        Ok(())
    }

    /// Reads a whole buffer.
    pub fn read(&self, b: &Buffer) -> VkResult<Vec<u8>> {
        // SAFETY: as in `write`.
        unsafe {
            let p = self
                .device
                .map_memory(b.memory, 0, b.size, vk::MemoryMapFlags::empty())
                .map_err(ctx("vkMapMemory"))? as *const u8;
            let v = std::slice::from_raw_parts(p, b.size as usize).to_vec();
            self.device.unmap_memory(b.memory);
            Ok(v)
        }
    }

    /// A 2D image usable as attachment, sampled, storage and transfer
    /// source/destination as its format allows.
    pub fn image(
        &self,
        format: vk::Format,
        extent: (u32, u32),
        samples: vk::SampleCountFlags,
        usage: vk::ImageUsageFlags,
    ) -> VkResult<Image> {
        let aspect = if format == vk::Format::D32_SFLOAT {
            vk::ImageAspectFlags::DEPTH
        } else {
            vk::ImageAspectFlags::COLOR
        };
        // SAFETY: object creation on a live device.
        unsafe {
            let image = self
                .device
                .create_image(
                    &vk::ImageCreateInfo::default()
                        .image_type(vk::ImageType::TYPE_2D)
                        .format(format)
                        .extent(vk::Extent3D {
                            width: extent.0,
                            height: extent.1,
                            depth: 1,
                        })
                        .mip_levels(1)
                        .array_layers(1)
                        .samples(samples)
                        .tiling(vk::ImageTiling::OPTIMAL)
                        .usage(usage | vk::ImageUsageFlags::TRANSFER_SRC)
                        .initial_layout(vk::ImageLayout::UNDEFINED),
                    None,
                )
                .map_err(ctx("vkCreateImage"))?;
            let req = self.device.get_image_memory_requirements(image);
            let ty =
                self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::DEVICE_LOCAL)?;
            let memory = self
                .device
                .allocate_memory(
                    &vk::MemoryAllocateInfo::default()
                        .allocation_size(req.size)
                        .memory_type_index(ty),
                    None,
                )
                .map_err(ctx("vkAllocateMemory"))?;
            self.device
                .bind_image_memory(image, memory, 0)
                .map_err(ctx("vkBindImageMemory"))?;
            let view = self
                .device
                .create_image_view(
                    &vk::ImageViewCreateInfo::default()
                        .image(image)
                        .view_type(vk::ImageViewType::TYPE_2D)
                        .format(format)
                        .subresource_range(range(aspect)),
                    None,
                )
                .map_err(ctx("vkCreateImageView"))?;
            let img = Image {
                image,
                memory,
                view,
                format,
                extent,
                aspect,
                samples,
            };
            Ok(img)
        }
    }

    /// Records, submits and waits for one command buffer.
    fn submit(&self, record: impl FnOnce(vk::CommandBuffer)) -> VkResult<()> {
        // SAFETY: one primary command buffer, waited for before return.
        unsafe {
            let cb = self
                .device
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default()
                        .command_pool(self.pool)
                        .level(vk::CommandBufferLevel::PRIMARY)
                        .command_buffer_count(1),
                )
                .map_err(ctx("vkAllocateCommandBuffers"))?[0];
            self.device
                .begin_command_buffer(
                    cb,
                    &vk::CommandBufferBeginInfo::default()
                        .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
                )
                .map_err(ctx("vkBeginCommandBuffer"))?;
            record(cb);
            self.device
                .end_command_buffer(cb)
                .map_err(ctx("vkEndCommandBuffer"))?;
            let cbs = [cb];
            self.device
                .queue_submit(
                    self.queue,
                    &[vk::SubmitInfo::default().command_buffers(&cbs)],
                    vk::Fence::null(),
                )
                .map_err(ctx("vkQueueSubmit"))?;
            let r = self
                .device
                .queue_wait_idle(self.queue)
                .map_err(ctx("vkQueueWaitIdle"));
            self.device.free_command_buffers(self.pool, &cbs);
            r
        }
    }

    fn barrier(
        &self,
        cb: vk::CommandBuffer,
        img: &Image,
        from: vk::ImageLayout,
        to: vk::ImageLayout,
    ) {
        let b = vk::ImageMemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::MEMORY_WRITE)
            .dst_access_mask(vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE)
            .old_layout(from)
            .new_layout(to)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(img.image)
            .subresource_range(range(img.aspect));
        // SAFETY: recording into a command buffer in the recording state.
        unsafe {
            self.device.cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[b],
            );
        }
    }

    /// Fills a single-sample image with `texels` (tightly packed rows) and
    /// leaves it in `layout`.
    pub fn upload(&self, img: &Image, texels: &[u8], layout: vk::ImageLayout) -> VkResult<()> {
        let staging = self.buffer(texels.len() as u64)?;
        self.write(&staging, texels)?;
        let r = self.submit(|cb| {
            self.barrier(
                cb,
                img,
                vk::ImageLayout::UNDEFINED,
                vk::ImageLayout::TRANSFER_DST_OPTIMAL,
            );
            // SAFETY: recording; the region lies inside both objects.
            unsafe {
                self.device.cmd_copy_buffer_to_image(
                    cb,
                    staging.buffer,
                    img.image,
                    vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                    &[copy_region(img)],
                );
            }
            self.barrier(cb, img, vk::ImageLayout::TRANSFER_DST_OPTIMAL, layout);
        });
        self.free_buffer(staging);
        r
    }

    /// Puts an image in `layout` with undefined contents (storage textures
    /// are then cleared by `clear_storage`).
    pub fn clear_storage(&self, img: &Image) -> VkResult<()> {
        self.submit(|cb| {
            self.barrier(
                cb,
                img,
                vk::ImageLayout::UNDEFINED,
                vk::ImageLayout::GENERAL,
            );
            // SAFETY: recording; the image is in GENERAL.
            unsafe {
                self.device.cmd_clear_color_image(
                    cb,
                    img.image,
                    vk::ImageLayout::GENERAL,
                    &vk::ClearColorValue { uint32: [0; 4] },
                    &[range(img.aspect)],
                );
            }
            self.barrier(cb, img, vk::ImageLayout::GENERAL, vk::ImageLayout::GENERAL);
        })
    }

    /// Reads a single-sample image in `layout` back as bytes.
    pub fn download(
        &self,
        img: &Image,
        layout: vk::ImageLayout,
        texel_bytes: u32,
    ) -> VkResult<Vec<u8>> {
        let bytes = u64::from(img.extent.0 * img.extent.1 * texel_bytes);
        let staging = self.buffer(bytes)?;
        let r = self.submit(|cb| {
            self.barrier(cb, img, layout, vk::ImageLayout::TRANSFER_SRC_OPTIMAL);
            // SAFETY: recording; the region lies inside both objects.
            unsafe {
                self.device.cmd_copy_image_to_buffer(
                    cb,
                    img.image,
                    vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                    staging.buffer,
                    &[copy_region(img)],
                );
            }
            self.barrier(cb, img, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, layout);
        });
        let out = r.and_then(|()| self.read(&staging));
        self.free_buffer(staging);
        out
    }

    /// Builds the pipeline, draws once and waits. Attachments end in
    /// `COLOR_ATTACHMENT_OPTIMAL` / `DEPTH_STENCIL_ATTACHMENT_OPTIMAL`.
    pub fn draw(&self, d: &Draw) -> VkResult<()> {
        // SAFETY: every object created here is destroyed before return;
        // the draw is waited for.
        unsafe {
            let dev = &self.device;
            let module = dev
                .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(d.spirv), None)
                .map_err(ctx("vkCreateShaderModule"))?;
            let mut samplers = Vec::new();
            let mut layout_bindings = Vec::new();
            for (i, r) in d.resources.iter().enumerate() {
                let ty = match r {
                    Resource::Sampled(_) => vk::DescriptorType::SAMPLED_IMAGE,
                    Resource::Sampler(filter) => {
                        let s = dev
                            .create_sampler(
                                &vk::SamplerCreateInfo::default()
                                    .mag_filter(*filter)
                                    .min_filter(*filter)
                                    .address_mode_u(vk::SamplerAddressMode::CLAMP_TO_EDGE)
                                    .address_mode_v(vk::SamplerAddressMode::CLAMP_TO_EDGE)
                                    .address_mode_w(vk::SamplerAddressMode::CLAMP_TO_EDGE)
                                    .max_lod(0.0),
                                None,
                            )
                            .map_err(ctx("vkCreateSampler"))?;
                        samplers.push(s);
                        vk::DescriptorType::SAMPLER
                    }
                    Resource::Storage(_) => vk::DescriptorType::STORAGE_IMAGE,
                    Resource::Buffer(_) => vk::DescriptorType::STORAGE_BUFFER,
                };
                layout_bindings.push(
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(i as u32)
                        .descriptor_type(ty)
                        .descriptor_count(1)
                        .stage_flags(vk::ShaderStageFlags::ALL_GRAPHICS),
                );
            }
            let set_layout = dev
                .create_descriptor_set_layout(
                    &vk::DescriptorSetLayoutCreateInfo::default().bindings(&layout_bindings),
                    None,
                )
                .map_err(ctx("vkCreateDescriptorSetLayout"))?;
            let set_layouts = [set_layout];
            let pipeline_layout = dev
                .create_pipeline_layout(
                    &vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts),
                    None,
                )
                .map_err(ctx("vkCreatePipelineLayout"))?;
            let sizes = [
                vk::DescriptorPoolSize {
                    ty: vk::DescriptorType::SAMPLED_IMAGE,
                    descriptor_count: 8,
                },
                vk::DescriptorPoolSize {
                    ty: vk::DescriptorType::SAMPLER,
                    descriptor_count: 8,
                },
                vk::DescriptorPoolSize {
                    ty: vk::DescriptorType::STORAGE_IMAGE,
                    descriptor_count: 8,
                },
                vk::DescriptorPoolSize {
                    ty: vk::DescriptorType::STORAGE_BUFFER,
                    descriptor_count: 8,
                },
            ];
            let (dpool, set) = one_set(dev, &sizes, &set_layouts)?;
            let mut image_infos = Vec::new();
            let mut buffer_infos = Vec::new();
            let mut sampler_iter = samplers.iter();
            for r in d.resources {
                match r {
                    Resource::Sampled(img) => image_infos.push(
                        vk::DescriptorImageInfo::default()
                            .image_view(img.view)
                            .image_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL),
                    ),
                    Resource::Sampler(_) => image_infos.push(
                        vk::DescriptorImageInfo::default()
                            .sampler(*sampler_iter.next().expect("one sampler per binding")),
                    ),
                    Resource::Storage(img) => image_infos.push(
                        vk::DescriptorImageInfo::default()
                            .image_view(img.view)
                            .image_layout(vk::ImageLayout::GENERAL),
                    ),
                    Resource::Buffer(b) => buffer_infos.push(
                        vk::DescriptorBufferInfo::default()
                            .buffer(b.buffer)
                            .range(vk::WHOLE_SIZE),
                    ),
                }
            }
            let (mut ii, mut bi) = (0, 0);
            let writes: Vec<vk::WriteDescriptorSet> = d
                .resources
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let w = vk::WriteDescriptorSet::default()
                        .dst_set(set)
                        .dst_binding(i as u32)
                        .descriptor_type(layout_bindings[i].descriptor_type);
                    if let Resource::Buffer(_) = r {
                        bi += 1;
                        w.buffer_info(std::slice::from_ref(&buffer_infos[bi - 1]))
                    } else {
                        ii += 1;
                        w.image_info(std::slice::from_ref(&image_infos[ii - 1]))
                    }
                })
                .collect();
            dev.update_descriptor_sets(&writes, &[]);

            let vname = CString::new(d.vertex).map_err(|e| e.to_string())?;
            let fname = CString::new(d.fragment).map_err(|e| e.to_string())?;
            let stages = vertex_fragment(module, &vname, &fname);
            let (w, h) = d
                .color
                .or(d.depth)
                .map(|i| i.extent)
                .ok_or("a draw needs an attachment")?;
            let samples = d
                .color
                .or(d.depth)
                .map_or(vk::SampleCountFlags::TYPE_1, |i| i.samples);
            let (viewports, scissors) = whole_target(w, h);
            let vi = vk::PipelineVertexInputStateCreateInfo::default();
            let ia = vk::PipelineInputAssemblyStateCreateInfo::default()
                .topology(vk::PrimitiveTopology::TRIANGLE_LIST);
            let vp = vk::PipelineViewportStateCreateInfo::default()
                .viewports(&viewports)
                .scissors(&scissors);
            let rs = rasterization();
            let ms =
                vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(samples);
            let ds = vk::PipelineDepthStencilStateCreateInfo::default()
                .depth_test_enable(d.depth.is_some())
                .depth_write_enable(d.depth.is_some())
                .depth_compare_op(vk::CompareOp::ALWAYS);
            let blend = [vk::PipelineColorBlendAttachmentState::default()
                .color_write_mask(vk::ColorComponentFlags::RGBA)];
            let cb_state = vk::PipelineColorBlendStateCreateInfo::default()
                .attachments(if d.color.is_some() { &blend } else { &[] });
            let color_formats: Vec<vk::Format> = d.color.iter().map(|c| c.format).collect();
            let mut rendering = vk::PipelineRenderingCreateInfo::default()
                .color_attachment_formats(&color_formats)
                .depth_attachment_format(d.depth.map_or(vk::Format::UNDEFINED, |i| i.format));
            let info = vk::GraphicsPipelineCreateInfo::default()
                .stages(&stages)
                .vertex_input_state(&vi)
                .input_assembly_state(&ia)
                .viewport_state(&vp)
                .rasterization_state(&rs)
                .multisample_state(&ms)
                .depth_stencil_state(&ds)
                .color_blend_state(&cb_state)
                .layout(pipeline_layout)
                .push_next(&mut rendering);
            let pipeline = dev
                .create_graphics_pipelines(vk::PipelineCache::null(), &[info], None)
                .map_err(|(_, e)| format!("vkCreateGraphicsPipelines failed: {e:?}"))?[0];

            let result = self.submit(|cb| {
                let mut color_att = Vec::new();
                if let Some(c) = d.color {
                    self.barrier(
                        cb,
                        c,
                        vk::ImageLayout::UNDEFINED,
                        vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL,
                    );
                    let mut a = vk::RenderingAttachmentInfo::default()
                        .image_view(c.view)
                        .image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
                        .load_op(vk::AttachmentLoadOp::CLEAR)
                        .store_op(vk::AttachmentStoreOp::STORE)
                        .clear_value(vk::ClearValue {
                            color: vk::ClearColorValue { float32: d.clear },
                        });
                    if let Some(r) = d.resolve {
                        self.barrier(
                            cb,
                            r,
                            vk::ImageLayout::UNDEFINED,
                            vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL,
                        );
                        a = a
                            .resolve_mode(vk::ResolveModeFlags::AVERAGE)
                            .resolve_image_view(r.view)
                            .resolve_image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL);
                    }
                    color_att.push(a);
                }
                let depth_att = d.depth.map(|z| {
                    self.barrier(
                        cb,
                        z,
                        vk::ImageLayout::UNDEFINED,
                        vk::ImageLayout::DEPTH_ATTACHMENT_OPTIMAL,
                    );
                    vk::RenderingAttachmentInfo::default()
                        .image_view(z.view)
                        .image_layout(vk::ImageLayout::DEPTH_ATTACHMENT_OPTIMAL)
                        .load_op(vk::AttachmentLoadOp::CLEAR)
                        .store_op(vk::AttachmentStoreOp::STORE)
                        .clear_value(vk::ClearValue {
                            depth_stencil: vk::ClearDepthStencilValue {
                                depth: 1.0,
                                stencil: 0,
                            },
                        })
                });
                let mut ri = vk::RenderingInfo::default()
                    .render_area(scissors[0])
                    .layer_count(1)
                    .color_attachments(&color_att);
                if let Some(z) = depth_att.as_ref() {
                    ri = ri.depth_attachment(z);
                }
                dev.cmd_begin_rendering(cb, &ri);
                dev.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                dev.cmd_bind_descriptor_sets(
                    cb,
                    vk::PipelineBindPoint::GRAPHICS,
                    pipeline_layout,
                    0,
                    &[set],
                    &[],
                );
                dev.cmd_draw(cb, d.vertices, 1, 0, 0);
                dev.cmd_end_rendering(cb);
            });
            dev.destroy_pipeline(pipeline, None);
            dev.destroy_descriptor_pool(dpool, None);
            dev.destroy_pipeline_layout(pipeline_layout, None);
            dev.destroy_descriptor_set_layout(set_layout, None);
            for s in samplers {
                dev.destroy_sampler(s, None);
            }
            dev.destroy_shader_module(module, None);
            result
        }
    }

    /// Frees a buffer.
    pub fn free_buffer(&self, b: Buffer) {
        // SAFETY: the queue is idle after every submit.
        unsafe {
            self.device.destroy_buffer(b.buffer, None);
            self.device.free_memory(b.memory, None);
        }
    }

    /// Frees an image.
    pub fn free_image(&self, i: Image) {
        // SAFETY: the queue is idle after every submit.
        unsafe {
            self.device.destroy_image_view(i.view, None);
            self.device.destroy_image(i.image, None);
            self.device.free_memory(i.memory, None);
        }
    }
}

impl Drop for Renderer {
    fn drop(&mut self) {
        // SAFETY: every other object is destroyed by now.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_command_pool(self.pool, None);
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// The vertex and fragment stages of `module`, entry points `vertex` and
/// `fragment`.
fn vertex_fragment<'a>(
    module: vk::ShaderModule,
    vertex: &'a std::ffi::CStr,
    fragment: &'a std::ffi::CStr,
) -> [vk::PipelineShaderStageCreateInfo<'a>; 2] {
    [
        vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::VERTEX)
            .module(module)
            .name(vertex),
        vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::FRAGMENT)
            .module(module)
            .name(fragment),
    ]
}

/// The viewport and scissor covering a `w` x `h` target.
fn whole_target(w: u32, h: u32) -> ([vk::Viewport; 1], [vk::Rect2D; 1]) {
    (
        [vk::Viewport {
            x: 0.0,
            y: 0.0,
            width: w as f32,
            height: h as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }],
        [vk::Rect2D {
            offset: vk::Offset2D { x: 0, y: 0 },
            extent: vk::Extent2D {
                width: w,
                height: h,
            },
        }],
    )
}

/// Filled triangles, no culling, clockwise front faces.
fn rasterization() -> vk::PipelineRasterizationStateCreateInfo<'static> {
    vk::PipelineRasterizationStateCreateInfo::default()
        .polygon_mode(vk::PolygonMode::FILL)
        .cull_mode(vk::CullModeFlags::NONE)
        .front_face(vk::FrontFace::CLOCKWISE)
        .line_width(1.0)
}

fn range(aspect: vk::ImageAspectFlags) -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: aspect,
        base_mip_level: 0,
        level_count: 1,
        base_array_layer: 0,
        layer_count: 1,
    }
}

fn copy_region(img: &Image) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: 0,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: img.aspect,
            mip_level: 0,
            base_array_layer: 0,
            layer_count: 1,
        },
        image_offset: vk::Offset3D { x: 0, y: 0, z: 0 },
        image_extent: vk::Extent3D {
            width: img.extent.0,
            height: img.extent.1,
            depth: 1,
        },
    }
}

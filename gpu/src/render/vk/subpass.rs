//! A render pass of two subpasses for input attachments (the standard
//! Vulkan pattern behind WGSL's framebuffer fetch and `input_attachment`):
//! subpass 0 draws into colour attachments `A0..An`; subpass 1 reads them
//! as input attachments `0..n` (in `SHADER_READ_ONLY_OPTIMAL`) and writes
//! colour attachment `B`. A dependency (colour-attachment output to
//! fragment shader, by region) orders the two. No
//! `rasterizationOrderColorAttachmentAccess` is needed: no subpass reads
//! an attachment it writes.

use std::ffi::CString;

use ash::vk;

use super::{ctx, one_set, Image, Renderer, VkResult};

/// One pipeline: its module and entry points.
#[derive(Clone, Copy)]
pub struct Stage<'a> {
    /// SPIR-V with both entry points.
    pub spirv: &'a [u32],
    /// Vertex entry point (positions from `vertex_index`).
    pub vertex: &'a str,
    /// Fragment entry point.
    pub fragment: &'a str,
}

/// A two-subpass draw.
pub struct InputPass<'a> {
    /// Subpass 0: writes `inputs[i]` at `@location(i)`; no resources.
    pub first: Stage<'a>,
    /// Subpass 1: reads the input attachments, writes `output` at
    /// `@location(0)`.
    pub second: Stage<'a>,
    /// Colour attachments of subpass 0, and input attachments `0..n` of
    /// subpass 1 (`InputAttachmentIndex` i is `inputs[i]`). They need the
    /// `INPUT_ATTACHMENT` usage; they end in `SHADER_READ_ONLY_OPTIMAL`.
    pub inputs: &'a [&'a Image],
    /// Colour attachment of subpass 1; ends in `COLOR_ATTACHMENT_OPTIMAL`.
    pub output: &'a Image,
    /// The descriptor set of subpass 1's input attachments (sets below it
    /// are empty in the pipeline layout).
    pub set: u32,
    /// `(binding, input attachment index)` of each input-attachment
    /// descriptor of `set`: the binding holds `inputs[index]`.
    pub bindings: &'a [(u32, u32)],
    /// Clear colour of every attachment.
    pub clear: [f32; 4],
}

impl Renderer {
    /// Records the render pass, draws three vertices in each subpass and
    /// waits.
    pub fn draw_input_pass(&self, p: &InputPass) -> VkResult<()> {
        if p.set >= self.max_descriptor_sets {
            return Err(format!(
                "descriptor set {} needs {} sets; the device binds at most {}",
                p.set,
                p.set + 1,
                self.max_descriptor_sets
            ));
        }
        if let Some(&(b, i)) = p.bindings.iter().find(|b| b.1 as usize >= p.inputs.len()) {
            return Err(format!("binding {b}: no input attachment {i}"));
        }
        let mut objects = Objects::default();
        let result = self.record_input_pass(p, &mut objects);
        // SAFETY: the queue is idle (or nothing was submitted); every handle
        // in `objects` was created on this device and is destroyed once.
        unsafe {
            let dev = &self.device;
            for &pl in &objects.pipelines {
                dev.destroy_pipeline(pl, None);
            }
            for &l in &objects.pipeline_layouts {
                dev.destroy_pipeline_layout(l, None);
            }
            for &l in &objects.set_layouts {
                dev.destroy_descriptor_set_layout(l, None);
            }
            if objects.pool != vk::DescriptorPool::null() {
                dev.destroy_descriptor_pool(objects.pool, None);
            }
            if objects.framebuffer != vk::Framebuffer::null() {
                dev.destroy_framebuffer(objects.framebuffer, None);
            }
            if objects.render_pass != vk::RenderPass::null() {
                dev.destroy_render_pass(objects.render_pass, None);
            }
            for &m in &objects.modules {
                dev.destroy_shader_module(m, None);
            }
        }
        result
    }

    fn record_input_pass(&self, p: &InputPass, o: &mut Objects) -> VkResult<()> {
        let dev = &self.device;
        let n = p.inputs.len() as u32;
        let (w, h) = p.output.extent;
        // SAFETY: object creation on a live device; everything created is
        // pushed into `o` and destroyed by the caller; the submission is
        // waited for.
        unsafe {
            // Attachments 0..n: the inputs; attachment n: the output.
            let mut attachments: Vec<vk::AttachmentDescription> = p
                .inputs
                .iter()
                .map(|img| attachment(img.format, vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL))
                .collect();
            attachments.push(attachment(
                p.output.format,
                vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL,
            ));
            let reference = |a: u32, layout| vk::AttachmentReference {
                attachment: a,
                layout,
            };
            let first_colors: Vec<_> = (0..n)
                .map(|a| reference(a, vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL))
                .collect();
            let second_inputs: Vec<_> = (0..n)
                .map(|a| reference(a, vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL))
                .collect();
            let second_colors = [reference(n, vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
            let subpasses = [
                vk::SubpassDescription::default()
                    .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
                    .color_attachments(&first_colors),
                vk::SubpassDescription::default()
                    .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
                    .input_attachments(&second_inputs)
                    .color_attachments(&second_colors),
            ];
            let dependencies = [vk::SubpassDependency {
                src_subpass: 0,
                dst_subpass: 1,
                src_stage_mask: vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT,
                dst_stage_mask: vk::PipelineStageFlags::FRAGMENT_SHADER,
                src_access_mask: vk::AccessFlags::COLOR_ATTACHMENT_WRITE,
                dst_access_mask: vk::AccessFlags::INPUT_ATTACHMENT_READ,
                dependency_flags: vk::DependencyFlags::BY_REGION,
            }];
            o.render_pass = dev
                .create_render_pass(
                    &vk::RenderPassCreateInfo::default()
                        .attachments(&attachments)
                        .subpasses(&subpasses)
                        .dependencies(&dependencies),
                    None,
                )
                .map_err(ctx("vkCreateRenderPass"))?;
            let views: Vec<vk::ImageView> = p
                .inputs
                .iter()
                .map(|i| i.view)
                .chain([p.output.view])
                .collect();
            o.framebuffer = dev
                .create_framebuffer(
                    &vk::FramebufferCreateInfo::default()
                        .render_pass(o.render_pass)
                        .attachments(&views)
                        .width(w)
                        .height(h)
                        .layers(1),
                    None,
                )
                .map_err(ctx("vkCreateFramebuffer"))?;

            // Subpass 1's set layouts: empty ones below `set`.
            let empty = dev
                .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default(), None)
                .map_err(ctx("vkCreateDescriptorSetLayout"))?;
            o.set_layouts.push(empty);
            let bindings: Vec<_> = p
                .bindings
                .iter()
                .map(|&(b, _)| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(b)
                        .descriptor_type(vk::DescriptorType::INPUT_ATTACHMENT)
                        .descriptor_count(1)
                        .stage_flags(vk::ShaderStageFlags::FRAGMENT)
                })
                .collect();
            let input_layout = dev
                .create_descriptor_set_layout(
                    &vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings),
                    None,
                )
                .map_err(ctx("vkCreateDescriptorSetLayout"))?;
            o.set_layouts.push(input_layout);
            let mut layouts = vec![empty; p.set as usize];
            layouts.push(input_layout);
            for set_layouts in [&[][..], &layouts[..]] {
                let l = dev
                    .create_pipeline_layout(
                        &vk::PipelineLayoutCreateInfo::default().set_layouts(set_layouts),
                        None,
                    )
                    .map_err(ctx("vkCreatePipelineLayout"))?;
                o.pipeline_layouts.push(l);
            }

            let sizes = [vk::DescriptorPoolSize {
                ty: vk::DescriptorType::INPUT_ATTACHMENT,
                descriptor_count: p.bindings.len().max(1) as u32,
            }];
            let (pool, set) = one_set(dev, &sizes, &[input_layout])?;
            o.pool = pool;
            let infos: Vec<[vk::DescriptorImageInfo; 1]> = p
                .bindings
                .iter()
                .map(|&(_, i)| {
                    [vk::DescriptorImageInfo::default()
                        .image_view(p.inputs[i as usize].view)
                        .image_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)]
                })
                .collect();
            let writes: Vec<_> = p
                .bindings
                .iter()
                .zip(&infos)
                .map(|(&(b, _), info)| {
                    vk::WriteDescriptorSet::default()
                        .dst_set(set)
                        .dst_binding(b)
                        .descriptor_type(vk::DescriptorType::INPUT_ATTACHMENT)
                        .image_info(info)
                })
                .collect();
            dev.update_descriptor_sets(&writes, &[]);

            for (subpass, stage, colors) in [(0u32, &p.first, n), (1, &p.second, 1)] {
                let module = dev
                    .create_shader_module(
                        &vk::ShaderModuleCreateInfo::default().code(stage.spirv),
                        None,
                    )
                    .map_err(ctx("vkCreateShaderModule"))?;
                o.modules.push(module);
                let pipeline = self.pipeline(
                    module,
                    stage,
                    (w, h),
                    colors,
                    o.pipeline_layouts[subpass as usize],
                    o.render_pass,
                    subpass,
                )?;
                o.pipelines.push(pipeline);
            }

            let clears: Vec<vk::ClearValue> = (0..=n)
                .map(|_| vk::ClearValue {
                    color: vk::ClearColorValue { float32: p.clear },
                })
                .collect();
            self.submit(|cb| {
                dev.cmd_begin_render_pass(
                    cb,
                    &vk::RenderPassBeginInfo::default()
                        .render_pass(o.render_pass)
                        .framebuffer(o.framebuffer)
                        .render_area(vk::Rect2D {
                            offset: vk::Offset2D { x: 0, y: 0 },
                            extent: vk::Extent2D {
                                width: w,
                                height: h,
                            },
                        })
                        .clear_values(&clears),
                    vk::SubpassContents::INLINE,
                );
                dev.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, o.pipelines[0]);
                dev.cmd_draw(cb, 3, 1, 0, 0);
                dev.cmd_next_subpass(cb, vk::SubpassContents::INLINE);
                dev.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, o.pipelines[1]);
                dev.cmd_bind_descriptor_sets(
                    cb,
                    vk::PipelineBindPoint::GRAPHICS,
                    o.pipeline_layouts[1],
                    p.set,
                    &[set],
                    &[],
                );
                dev.cmd_draw(cb, 3, 1, 0, 0);
                dev.cmd_end_render_pass(cb);
            })
        }
    }

    /// A pipeline for `subpass` of `render_pass` with `colors` colour
    /// attachments (no blending, no depth, one sample).
    #[allow(clippy::too_many_arguments)]
    fn pipeline(
        &self,
        module: vk::ShaderModule,
        stage: &Stage,
        (w, h): (u32, u32),
        colors: u32,
        layout: vk::PipelineLayout,
        render_pass: vk::RenderPass,
        subpass: u32,
    ) -> VkResult<vk::Pipeline> {
        let vname = CString::new(stage.vertex).map_err(|e| e.to_string())?;
        let fname = CString::new(stage.fragment).map_err(|e| e.to_string())?;
        let stages = super::vertex_fragment(module, &vname, &fname);
        let (viewports, scissors) = super::whole_target(w, h);
        let vi = vk::PipelineVertexInputStateCreateInfo::default();
        let ia = vk::PipelineInputAssemblyStateCreateInfo::default()
            .topology(vk::PrimitiveTopology::TRIANGLE_LIST);
        let vp = vk::PipelineViewportStateCreateInfo::default()
            .viewports(&viewports)
            .scissors(&scissors);
        let rs = super::rasterization();
        let ms = vk::PipelineMultisampleStateCreateInfo::default()
            .rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let blend = vec![
            vk::PipelineColorBlendAttachmentState::default()
                .color_write_mask(vk::ColorComponentFlags::RGBA);
            colors as usize
        ];
        let cb_state = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend);
        let info = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .vertex_input_state(&vi)
            .input_assembly_state(&ia)
            .viewport_state(&vp)
            .rasterization_state(&rs)
            .multisample_state(&ms)
            .color_blend_state(&cb_state)
            .layout(layout)
            .render_pass(render_pass)
            .subpass(subpass);
        // SAFETY: every referenced object is alive; the caller destroys the
        // pipeline.
        unsafe {
            self.device
                .create_graphics_pipelines(vk::PipelineCache::null(), &[info], None)
                .map(|p| p[0])
                .map_err(|(_, e)| format!("vkCreateGraphicsPipelines failed: {e:?}"))
        }
    }
}

/// Everything [`Renderer::draw_input_pass`] creates, destroyed at its end.
#[derive(Default)]
struct Objects {
    modules: Vec<vk::ShaderModule>,
    render_pass: vk::RenderPass,
    framebuffer: vk::Framebuffer,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    pipeline_layouts: Vec<vk::PipelineLayout>,
    pool: vk::DescriptorPool,
    pipelines: Vec<vk::Pipeline>,
}

/// A single-sample colour attachment cleared at the start of the pass,
/// stored at its end, left in `final_layout`.
fn attachment(format: vk::Format, final_layout: vk::ImageLayout) -> vk::AttachmentDescription {
    vk::AttachmentDescription {
        flags: vk::AttachmentDescriptionFlags::empty(),
        format,
        samples: vk::SampleCountFlags::TYPE_1,
        load_op: vk::AttachmentLoadOp::CLEAR,
        store_op: vk::AttachmentStoreOp::STORE,
        stencil_load_op: vk::AttachmentLoadOp::DONT_CARE,
        stencil_store_op: vk::AttachmentStoreOp::DONT_CARE,
        initial_layout: vk::ImageLayout::UNDEFINED,
        final_layout,
    }
}

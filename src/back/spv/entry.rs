//! Entry points: input/output variables for the stage interface,
//! `OpEntryPoint` with its interface list, execution modes, and the
//! zero-initialisation of workgroup memory that WGSL requires.

use spirv::{
    BuiltIn as SpvBuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass,
};

use super::builder::{inst, inst_str};
use super::function::EntryIo;
use super::modes::Mode;
use super::writer::{err, Writer, R};
use crate::arena::Handle;
use crate::ir::{
    Binding, BuiltIn, DepthCondition, EntryPoint, Function, Interpolation, Sampling, Scalar,
    ShaderStage, Type, TypeInner, WorkgroupSizeDim,
};

impl Writer<'_> {
    /// Creates an input or output variable for a binding.
    fn io_var(
        &mut self,
        ty: Handle<Type>,
        binding: Binding,
        stage: ShaderStage,
        input: bool,
    ) -> R<u32> {
        let class = if input {
            StorageClass::Input
        } else {
            StorageClass::Output
        };
        if let (Binding::BuiltIn(b), true) = (binding, input) {
            if let Some(&var) = self.builtin_inputs.get(&(b, ty)) {
                return Ok(var);
            }
        }
        if let Binding::Color(n) = binding {
            return Err(err(
                format!("internal error: @color({n}) reached the SPIR-V writer (the framebuffer-fetch pass turns it into an input attachment)"),
                crate::span::Span::UNDEFINED,
            ));
        }
        let t = self.type_id(ty, Mode::Plain)?;
        if self.m.inner(ty).scalar() == Some(Scalar::F16) {
            self.s.cap(Capability::StorageInputOutput16);
            self.s.extensions.insert("SPV_KHR_16bit_storage");
        }
        // SPIR-V's SampleMask is an array of one 32-bit integer.
        let t = if binding == Binding::BuiltIn(BuiltIn::SampleMask) {
            let one = self.u32_const(1);
            self.local_type(super::modes::LocalType::Array(t, one, 0))
        } else {
            t
        };
        let ptr = self.pointer_type(class, t);
        let id = self.s.id();
        inst(&mut self.s.globals, Op::Variable, &[ptr, id, class as u32]);
        match binding {
            Binding::Location {
                location,
                interpolation,
                sampling,
                blend_src,
            } => {
                inst(
                    &mut self.s.annotations,
                    Op::Decorate,
                    &[id, Decoration::Location as u32, location],
                );
                if let Some(index) = blend_src {
                    inst(
                        &mut self.s.annotations,
                        Op::Decorate,
                        &[id, Decoration::Index as u32, index],
                    );
                }
                // Interpolation decorations belong on vertex outputs and
                // fragment inputs only (Vulkan forbids them elsewhere).
                let interpolated = matches!(
                    (stage, input),
                    (ShaderStage::Vertex, false) | (ShaderStage::Fragment, true)
                );
                let integer = self.m.inner(ty).scalar().is_some_and(|s| s.is_integer());
                if interpolated {
                    let mut decorations = Vec::new();
                    match interpolation {
                        _ if integer => decorations.push(Decoration::Flat),
                        Some(Interpolation::Flat) => decorations.push(Decoration::Flat),
                        Some(Interpolation::Linear) => decorations.push(Decoration::NoPerspective),
                        Some(Interpolation::Perspective) | None => {}
                    }
                    if interpolation != Some(Interpolation::Flat) && !integer {
                        match sampling {
                            Some(Sampling::Centroid) => decorations.push(Decoration::Centroid),
                            Some(Sampling::Sample) => {
                                self.s.cap(Capability::SampleRateShading);
                                decorations.push(Decoration::Sample);
                            }
                            _ => {}
                        }
                    }
                    for d in decorations {
                        inst(&mut self.s.annotations, Op::Decorate, &[id, d as u32]);
                    }
                }
            }
            Binding::Color(_) => {}
            Binding::BuiltIn(b) => {
                let spv = match b {
                    BuiltIn::Position { .. } if stage == ShaderStage::Fragment => {
                        SpvBuiltIn::FragCoord
                    }
                    BuiltIn::Position { .. } => SpvBuiltIn::Position,
                    BuiltIn::VertexIndex => SpvBuiltIn::VertexIndex,
                    BuiltIn::InstanceIndex => SpvBuiltIn::InstanceIndex,
                    BuiltIn::FrontFacing => SpvBuiltIn::FrontFacing,
                    BuiltIn::FragDepth { .. } => SpvBuiltIn::FragDepth,
                    BuiltIn::SampleIndex => {
                        self.s.cap(Capability::SampleRateShading);
                        SpvBuiltIn::SampleId
                    }
                    BuiltIn::ClipDistances => {
                        self.s.cap(Capability::ClipDistance);
                        SpvBuiltIn::ClipDistance
                    }
                    BuiltIn::PrimitiveIndex => {
                        self.s.cap(Capability::Geometry);
                        SpvBuiltIn::PrimitiveId
                    }
                    BuiltIn::BarycentricCoord => {
                        self.s.cap(Capability::FragmentBarycentricKHR);
                        self.s
                            .extensions
                            .insert("SPV_KHR_fragment_shader_barycentric");
                        SpvBuiltIn::BaryCoordKHR
                    }
                    BuiltIn::SampleMask => SpvBuiltIn::SampleMask,
                    BuiltIn::LocalInvocationId => SpvBuiltIn::LocalInvocationId,
                    BuiltIn::LocalInvocationIndex => SpvBuiltIn::LocalInvocationIndex,
                    BuiltIn::GlobalInvocationId => SpvBuiltIn::GlobalInvocationId,
                    BuiltIn::WorkgroupId => SpvBuiltIn::WorkgroupId,
                    BuiltIn::NumWorkgroups => SpvBuiltIn::NumWorkgroups,
                    BuiltIn::SubgroupInvocationId => {
                        self.s.cap(Capability::GroupNonUniform);
                        SpvBuiltIn::SubgroupLocalInvocationId
                    }
                    BuiltIn::SubgroupSize => {
                        self.s.cap(Capability::GroupNonUniform);
                        SpvBuiltIn::SubgroupSize
                    }
                    BuiltIn::SubgroupId => {
                        self.s.cap(Capability::GroupNonUniform);
                        SpvBuiltIn::SubgroupId
                    }
                    BuiltIn::NumSubgroups => {
                        self.s.cap(Capability::GroupNonUniform);
                        SpvBuiltIn::NumSubgroups
                    }
                };
                if input
                    && stage == ShaderStage::Fragment
                    && matches!(
                        b,
                        BuiltIn::SampleIndex
                            | BuiltIn::PrimitiveIndex
                            | BuiltIn::SubgroupSize
                            | BuiltIn::SubgroupInvocationId
                    )
                {
                    inst(
                        &mut self.s.annotations,
                        Op::Decorate,
                        &[id, Decoration::Flat as u32],
                    );
                }
                inst(
                    &mut self.s.annotations,
                    Op::Decorate,
                    &[id, Decoration::BuiltIn as u32, spv as u32],
                );
                if b == (BuiltIn::Position { invariant: true }) && !input {
                    inst(
                        &mut self.s.annotations,
                        Op::Decorate,
                        &[id, Decoration::Invariant as u32],
                    );
                }
                if input {
                    self.builtin_inputs.insert((b, ty), id);
                }
            }
        }
        Ok(id)
    }

    /// The pointer through which an IO variable is read or written:
    /// the variable itself, or element 0 of the SampleMask array (the access
    /// chain goes to the entry block).
    fn io_pointer(
        &mut self,
        var: u32,
        ty: Handle<Type>,
        binding: Binding,
        input: bool,
        prologue: &mut Vec<u32>,
    ) -> R<u32> {
        if binding != Binding::BuiltIn(BuiltIn::SampleMask) {
            return Ok(var);
        }
        let class = if input {
            StorageClass::Input
        } else {
            StorageClass::Output
        };
        let t = self.type_id(ty, Mode::Plain)?;
        let pt = self.pointer_type(class, t);
        let zero = self.u32_const(0);
        let id = self.s.id();
        inst(prologue, Op::AccessChain, &[pt, id, var, zero]);
        Ok(id)
    }

    /// Writes an entry point: its function, interface and modes.
    pub(super) fn write_entry_point(
        &mut self,
        ep: &EntryPoint,
        f: &Function,
        globals: &[usize],
    ) -> R<()> {
        let span = self.m.functions.span(ep.function);
        let mut io = EntryIo::default();
        let mut interface = Vec::new();
        let mut depth_output = None;
        for arg in &f.arguments {
            let t = self.type_id(arg.ty, Mode::Plain)?;
            if let Some(b) = arg.binding {
                let var = self.io_var(arg.ty, b, ep.stage, true)?;
                interface.push(var);
                let p = self.io_pointer(var, arg.ty, b, true, &mut io.prologue)?;
                let id = self.s.id();
                inst(&mut io.prologue, Op::Load, &[t, id, p]);
                io.args.push(id);
                continue;
            }
            let members = match self.m.inner(arg.ty) {
                TypeInner::Struct { members, .. } => members.clone(),
                _ => return Err(err("entry-point parameter has no binding", span)),
            };
            let mut parts = Vec::with_capacity(members.len());
            for mem in &members {
                let Some(b) = mem.binding else {
                    return Err(err("entry-point parameter member has no binding", span));
                };
                let var = self.io_var(mem.ty, b, ep.stage, true)?;
                interface.push(var);
                let p = self.io_pointer(var, mem.ty, b, true, &mut io.prologue)?;
                let mt = self.type_id(mem.ty, Mode::Plain)?;
                let id = self.s.id();
                inst(&mut io.prologue, Op::Load, &[mt, id, p]);
                parts.push(id);
            }
            let id = self.s.id();
            let mut ops = vec![t, id];
            ops.extend_from_slice(&parts);
            inst(&mut io.prologue, Op::CompositeConstruct, &ops);
            io.args.push(id);
        }
        if let Some(result) = &f.result {
            match result.binding {
                Some(b) => {
                    if let Binding::BuiltIn(BuiltIn::FragDepth { condition }) = b {
                        depth_output = Some(condition);
                    }
                    let var = self.io_var(result.ty, b, ep.stage, false)?;
                    interface.push(var);
                    let p = self.io_pointer(var, result.ty, b, false, &mut io.prologue)?;
                    io.outputs.push((p, None));
                }
                None => {
                    let members = match self.m.inner(result.ty) {
                        TypeInner::Struct { members, .. } => members.clone(),
                        _ => return Err(err("entry-point result has no binding", span)),
                    };
                    for (i, mem) in members.iter().enumerate() {
                        let Some(b) = mem.binding else {
                            return Err(err("entry-point result member has no binding", span));
                        };
                        if let Binding::BuiltIn(BuiltIn::FragDepth { condition }) = b {
                            depth_output = Some(condition);
                        }
                        let var = self.io_var(mem.ty, b, ep.stage, false)?;
                        interface.push(var);
                        let p = self.io_pointer(var, mem.ty, b, false, &mut io.prologue)?;
                        io.outputs.push((p, Some(i as u32)));
                    }
                }
            }
        }
        self.entry_globals = globals.to_vec();
        self.extra_interface.clear();
        self.write_function(ep.function, f, Some(io))?;
        interface.append(&mut self.extra_interface);
        let mut seen = rustc_hash::FxHashSet::default();
        interface.retain(|v| seen.insert(*v));
        if self.opts.version >= (1, 4) {
            for &g in globals {
                interface.push(self.global_var(Handle::from_index(g))?);
            }
        }
        let fn_id = self.function_ids[ep.function.index()];
        let model = match ep.stage {
            ShaderStage::Vertex => ExecutionModel::Vertex,
            ShaderStage::Fragment => ExecutionModel::Fragment,
            ShaderStage::Compute => ExecutionModel::GLCompute,
        };
        inst_str(
            &mut self.s.entry_points,
            Op::EntryPoint,
            &[model as u32, fn_id],
            &ep.name,
            &interface,
        );
        match ep.stage {
            ShaderStage::Compute if self.specialised_size(&ep.workgroup_size) => {
                self.specialised_local_size(fn_id, ep)?;
            }
            ShaderStage::Compute => {
                let mut size = [1u32; 3];
                for (s, dim) in size.iter_mut().zip(ep.workgroup_size) {
                    *s = match dim {
                        WorkgroupSizeDim::Constant(n) => n,
                        WorkgroupSizeDim::Override(e) => self.override_u32(e)?,
                    };
                }
                let modes = &mut self.s.execution_modes;
                inst(
                    modes,
                    Op::ExecutionMode,
                    &[
                        fn_id,
                        ExecutionMode::LocalSize as u32,
                        size[0],
                        size[1],
                        size[2],
                    ],
                );
            }
            ShaderStage::Fragment => {
                let modes = &mut self.s.execution_modes;
                inst(
                    modes,
                    Op::ExecutionMode,
                    &[fn_id, ExecutionMode::OriginUpperLeft as u32],
                );
                if let Some(condition) = depth_output {
                    inst(
                        modes,
                        Op::ExecutionMode,
                        &[fn_id, ExecutionMode::DepthReplacing as u32],
                    );
                    let mode = match condition {
                        DepthCondition::Any => None,
                        DepthCondition::Less => Some(ExecutionMode::DepthLess),
                        DepthCondition::Greater => Some(ExecutionMode::DepthGreater),
                    };
                    if let Some(mode) = mode {
                        inst(modes, Op::ExecutionMode, &[fn_id, mode as u32]);
                    }
                }
            }
            ShaderStage::Vertex => {}
        }
        Ok(())
    }
}

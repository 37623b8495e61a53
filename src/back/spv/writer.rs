//! The module-level writer: state shared by every function, reachability
//! from the selected entry points, global variables, and the driver.

use rustc_hash::{FxHashMap, FxHashSet};
use spirv::{Capability, Decoration, Op};

use super::builder::{inst, inst_str, Sections};
use super::modes::{storage_class, LocalType, Mode};
use super::Options;
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::PipelineModule;
use crate::ir::{AddressSpace, ConstValue, GlobalVariable, Module, Type, TypeInner};
use crate::span::Span;
use crate::valid::ModuleInfo;

/// Result type of the writer.
pub(super) type R<T> = Result<T, Error>;

/// An error diagnostic.
pub(super) fn err(message: impl Into<String>, span: Span) -> Error {
    Diagnostic::error(message, span).into()
}

/// Module-level writer state.
pub(super) struct Writer<'a> {
    pub m: &'a Module,
    pub p: &'a PipelineModule<'a>,
    /// Facts about the lowered module (reachability, globals used).
    pub info: &'a ModuleInfo,
    pub opts: &'a Options,
    pub s: Sections,
    /// Whether the module uses the Vulkan memory model (subgroup matrices).
    pub vulkan_mm: bool,
    pub local_types: FxHashMap<LocalType, u32>,
    pub ir_types: FxHashMap<(Handle<Type>, Mode), u32>,
    /// Direct-indexed cache of `ir_types` by type index and requested mode.
    pub type_ids: Vec<[u32; super::modes::MODES]>,
    /// Scalar type ids by scalar slot (0: not emitted yet).
    pub scalar_ids: [u32; 8],
    /// Vector type ids by scalar slot and size - 2.
    pub vector_ids: [[u32; 3]; 8],
    /// Ids of the `u32` constants 0 to 63 (0: not emitted yet).
    pub small_u32_consts: [u32; 64],
    pub scalar_consts: FxHashMap<(u32, u32), u32>,
    pub splat_consts: FxHashMap<(u32, u32, u32), u32>,
    pub null_consts: FxHashMap<u32, u32>,
    pub ir_consts: FxHashMap<Handle<ConstValue>, u32>,
    /// Variable id per global (0: not emitted yet).
    pub global_ids: Vec<u32>,
    /// Function id per function (0: not reachable).
    pub function_ids: Vec<u32>,
    /// Globals used by the entry point being written.
    pub entry_globals: Vec<usize>,
    /// Interface variables created while writing the entry point's body.
    pub extra_interface: Vec<u32>,
    /// Built-in input variables, shared by all entry points.
    pub builtin_inputs: FxHashMap<(crate::ir::BuiltIn, Handle<Type>), u32>,
    /// Whether a type needs std140 decomposition in uniform buffers.
    pub std140_cache: FxHashMap<Handle<Type>, bool>,
    /// First SPIR-V member index of each IR member of `Std140` structs.
    pub std140_members: FxHashMap<Handle<Type>, Vec<u32>>,
    /// Specialization-constant instructions by global expression.
    pub spec_consts: FxHashMap<Handle<crate::ir::Expression>, u32>,
    /// `OpSpecConstantOp`/`OpSpecConstantComposite` instructions by
    /// opcode (`u32::MAX` for a composite), type and operands.
    pub spec_insts: FxHashMap<Vec<u32>, u32>,
    /// The `WorkgroupSize` built-in constant (before SPIR-V 1.6), once
    /// emitted.
    pub workgroup_size_builtin: Option<u32>,
    /// Debug-information state (`Options::debug_info`).
    pub debug: Option<super::debug_info::DebugInfo>,
}

impl<'a> Writer<'a> {
    pub(super) fn new(p: &'a PipelineModule<'a>, info: &'a ModuleInfo, opts: &'a Options) -> Self {
        let m = &p.module;
        Writer {
            m,
            p,
            info,
            opts,
            s: Sections::default(),
            vulkan_mm: false,
            local_types: FxHashMap::with_capacity_and_hasher(64, Default::default()),
            ir_types: FxHashMap::with_capacity_and_hasher(m.types.len() * 2, Default::default()),
            type_ids: vec![[0; super::modes::MODES]; m.types.len()],
            scalar_ids: [0; 8],
            vector_ids: [[0; 3]; 8],
            small_u32_consts: [0; 64],
            scalar_consts: FxHashMap::with_capacity_and_hasher(64, Default::default()),
            splat_consts: FxHashMap::default(),
            null_consts: FxHashMap::default(),
            ir_consts: FxHashMap::with_capacity_and_hasher(m.constants.len(), Default::default()),
            global_ids: vec![0; m.global_variables.len()],
            function_ids: vec![0; m.functions.len()],
            entry_globals: Vec::new(),
            extra_interface: Vec::new(),
            builtin_inputs: FxHashMap::default(),
            std140_cache: FxHashMap::default(),
            std140_members: FxHashMap::default(),
            spec_consts: FxHashMap::default(),
            spec_insts: FxHashMap::default(),
            workgroup_size_builtin: None,
            debug: None,
        }
    }

    /// `void`.
    pub(super) fn void_type(&mut self) -> u32 {
        self.local_type(LocalType::Void)
    }

    /// The variable id of a global, emitting it on first use.
    pub(super) fn global_var(&mut self, h: Handle<GlobalVariable>) -> R<u32> {
        let Some(&existing) = self.global_ids.get(h.index()) else {
            return Err(Error::without_location("invalid global variable handle"));
        };
        if existing != 0 {
            return Ok(existing);
        }
        let m = self.m;
        let g = &m.global_variables[h];
        let span = m.global_variables.span(h);
        let (mode, class) = match g.space {
            AddressSpace::Storage | AddressSpace::Uniform | AddressSpace::Immediate => {
                let is_struct = matches!(m.inner(g.ty), TypeInner::Struct { .. });
                let std140 = g.space == AddressSpace::Uniform && self.needs_std140(g.ty);
                (
                    match (is_struct, std140) {
                        (true, false) => Mode::Block,
                        (false, false) => Mode::Wrapper,
                        (true, true) => Mode::Std140Block,
                        (false, true) => Mode::Std140Wrapper,
                    },
                    storage_class(g.space),
                )
            }
            AddressSpace::Private
            | AddressSpace::Workgroup
            | AddressSpace::Function
            | AddressSpace::PixelLocal => (Mode::Plain, storage_class(g.space)),
            AddressSpace::Handle => {
                if !matches!(
                    m.inner(g.ty),
                    TypeInner::Image { .. }
                        | TypeInner::Sampler { .. }
                        | TypeInner::BindingArray { .. }
                ) {
                    return Err(err(
                        "a variable in the 'handle' address space must be a texture or sampler",
                        span,
                    ));
                }
                (Mode::Plain, storage_class(g.space))
            }
        };
        if g.space == AddressSpace::Storage && self.contains_16bit(g.ty, 0) {
            self.s.cap(Capability::StorageBuffer16BitAccess);
            self.s.extensions.insert("SPV_KHR_16bit_storage");
        }
        if g.space == AddressSpace::Immediate && self.contains_16bit(g.ty, 0) {
            self.s.cap(Capability::StoragePushConstant16);
            self.s.extensions.insert("SPV_KHR_16bit_storage");
        }
        if g.space == AddressSpace::Uniform && self.contains_16bit(g.ty, 0) {
            self.s.cap(Capability::UniformAndStorageBuffer16BitAccess);
            self.s.cap(Capability::StorageBuffer16BitAccess);
            self.s.extensions.insert("SPV_KHR_16bit_storage");
        }
        let ty = self.type_id(g.ty, mode)?;
        let ptr = self.pointer_type(class, ty);
        let init = match (g.space, g.init) {
            (AddressSpace::Private, Some(e)) => {
                if self.p.global_values.get(e.index()).is_none() {
                    return Err(err(
                        "initialiser of a private variable has no value in the pipeline",
                        span,
                    ));
                }
                // A constant, or a specialization-constant instruction.
                Some(self.global_value(e)?)
            }
            (AddressSpace::Private, None) => Some(self.null_const(ty)),
            _ => None,
        };
        let id = self.s.id();
        match init {
            Some(i) => inst(
                &mut self.s.globals,
                Op::Variable,
                &[ptr, id, class as u32, i],
            ),
            None => inst(&mut self.s.globals, Op::Variable, &[ptr, id, class as u32]),
        }
        if !g.name.is_empty() {
            inst_str(&mut self.s.names, Op::Name, &[id], &g.name, &[]);
        }
        if let Some(b) = g.binding {
            let a = &mut self.s.annotations;
            inst(
                a,
                Op::Decorate,
                &[id, Decoration::DescriptorSet as u32, b.group],
            );
            inst(
                a,
                Op::Decorate,
                &[id, Decoration::Binding as u32, b.binding],
            );
        }
        if let Some(index) = g.input_attachment_index {
            inst(
                &mut self.s.annotations,
                Op::Decorate,
                &[id, Decoration::InputAttachmentIndex as u32, index],
            );
        }
        if g.space == AddressSpace::Handle {
            self.storage_image_access(id, m.inner(g.ty));
        }
        if g.space == AddressSpace::Storage && !g.access.can_write() {
            inst(
                &mut self.s.annotations,
                Op::Decorate,
                &[id, Decoration::NonWritable as u32],
            );
        }
        if g.space == AddressSpace::Storage && !g.access.can_read() {
            inst(
                &mut self.s.annotations,
                Op::Decorate,
                &[id, Decoration::NonReadable as u32],
            );
        }
        self.global_ids[h.index()] = id;
        Ok(id)
    }

    /// Before SPIR-V 1.6 a workgroup size given by specialization constants
    /// is the module's `WorkgroupSize` built-in, which applies to every
    /// entry point: all chosen compute entry points must then have the
    /// same size.
    fn check_workgroup_size_builtin(&self, per_entry: &[(usize, Vec<bool>)]) -> R<()> {
        if self.opts.version >= (1, 6) {
            return Ok(());
        }
        let computes: Vec<&crate::ir::EntryPoint> = per_entry
            .iter()
            .map(|(i, _)| &self.m.entry_points[*i])
            .filter(|ep| ep.stage == crate::ir::ShaderStage::Compute)
            .collect();
        let Some(special) = computes
            .iter()
            .find(|ep| self.specialised_size(&ep.workgroup_size))
        else {
            return Ok(());
        };
        let key = |ep: &crate::ir::EntryPoint| {
            ep.workgroup_size.map(|d| match d {
                crate::ir::WorkgroupSizeDim::Override(e) if !self.is_spec(e) => {
                    self.override_value_u32(e).ok_or(e)
                }
                crate::ir::WorkgroupSizeDim::Override(e) => Err(e),
                crate::ir::WorkgroupSizeDim::Constant(n) => Ok(n),
            })
        };
        for ep in &computes {
            if key(ep) != key(special) {
                let span = self.m.functions.span(ep.function);
                return Err(Diagnostic::error(
                    format!(
                        "entry points '{}' and '{}' have different workgroup sizes and the size of '{}' is given by specialization constants: before SPIR-V 1.6 that size is the module's WorkgroupSize built-in, which applies to every entry point",
                        special.name, ep.name, special.name
                    ),
                    span,
                )
                .with_label(
                    self.m.functions.span(special.function),
                    "entry point with a specialised workgroup size",
                )
                .with_note("target SPIR-V 1.6 (LocalSizeId), or choose one entry point")
                .into());
            }
        }
        Ok(())
    }

    fn contains_16bit(&self, ty: Handle<Type>, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match &self.m.types[ty].inner {
            TypeInner::Array { base, .. } => self.contains_16bit(*base, depth + 1),
            TypeInner::Struct { members, .. } => members
                .iter()
                .any(|mem| self.contains_16bit(mem.ty, depth + 1)),
            other => other.scalar() == Some(crate::ir::Scalar::F16),
        }
    }

    /// Runs the writer over the selected entry points.
    pub(super) fn run(mut self) -> R<Vec<u32>> {
        let m = self.m;
        if self.opts.debug_info {
            self.debug = Some(super::debug_info::DebugInfo::begin(&mut self.s, self.opts));
        }
        self.s.cap(Capability::Shader);
        let info = self.info;
        let mut any_reachable = vec![false; m.functions.len()];
        let mut per_entry: Vec<(usize, Vec<bool>)> = Vec::new();
        let mut seen_eps = FxHashSet::default();
        for &ep_index in self.p.entry_points {
            let Some(epi) = info.entry_points.get(ep_index) else {
                return Err(Error::without_location("entry point index out of range"));
            };
            if !seen_eps.insert(ep_index) {
                continue;
            }
            let mut reach = vec![false; m.functions.len()];
            for &f in &epi.functions {
                if let Some(r) = reach.get_mut(f) {
                    *r = true;
                }
            }
            for (a, r) in any_reachable.iter_mut().zip(&reach) {
                *a |= *r;
            }
            per_entry.push((ep_index, reach));
        }
        // SPIR-V needs an `OpEntryPoint` unless it declares `Linkage`, which
        // Vulkan does not accept: a module without one is an error.
        if per_entry.is_empty() {
            return Err(Error::without_location(
                "the module has no entry point to write",
            ));
        }
        self.check_workgroup_size_builtin(&per_entry)?;
        // The memory model is chosen up front: atomics and barriers depend on it.
        // SPV_NV_cooperative_vector needs it too.
        self.vulkan_mm = per_entry
            .iter()
            .any(|(ep, _)| info.entry_points[*ep].uses_subgroup_matrix)
            || m.types
                .iter()
                .any(|(_, t)| matches!(t.inner, crate::ir::TypeInner::CoopVector { .. }));
        if self.vulkan_mm {
            self.s.cap(Capability::VulkanMemoryModel);
            if self.opts.version < (1, 5) {
                self.s.extensions.insert("SPV_KHR_vulkan_memory_model");
            }
        }
        for (i, r) in any_reachable.iter().enumerate() {
            if *r {
                self.function_ids[i] = self.s.id();
            }
        }
        let entry_functions: FxHashSet<usize> = per_entry
            .iter()
            .map(|(ep, _)| m.entry_points[*ep].function.index())
            .collect();
        for (h, f) in m.functions.iter() {
            if any_reachable[h.index()] && !entry_functions.contains(&h.index()) {
                self.write_function(h, f, None)?;
            }
        }
        for (ep_index, _) in &per_entry {
            let ep = &m.entry_points[*ep_index];
            let globals = &info.entry_points[*ep_index].globals;
            let f = &m.functions[ep.function];
            self.write_entry_point(ep, f, globals)?;
        }
        let version = self.opts.version;
        Ok(self.s.finish(version, self.vulkan_mm))
    }
}

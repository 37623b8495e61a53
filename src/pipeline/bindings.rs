//! Reflection of the buffer bindings an entry point uses, with their
//! minimum binding sizes.
//!
//! WebGPU's minimum binding size of a buffer variable is the size of its
//! store type with a runtime-sized array counted as one element
//! (`layout::layout` computes exactly that). The subgroup-matrix proposal
//! adds `MinStorageSize`: a storage buffer that a `subgroupMatrixLoad` or
//! `subgroupMatrixStore` reaches must hold `M * N * SizeOf(C)` bytes from
//! the start of the array the pointer operand points to, i.e. that many
//! bytes plus the array's offset in the variable (a member of a
//! structure, an element of an outer array: a dynamic index counts as
//! element 0). An embedding WebGPU implementation validates bind groups
//! against the larger of the two.
//!
//! Accesses through pointer parameters are followed through calls:
//! functions are summarised callees first (the IR's function order), each
//! with the bytes its pointer parameters must reach, and each call site
//! maps its callee's requirements onto the caller's roots (a module-scope
//! variable or the caller's own pointer parameter). The requirements of an
//! entry point are those of every function it reaches.

use rustc_hash::FxHashMap;

use crate::arena::Handle;
use crate::ir::{
    visit, Access, AddressSpace, Expression, Function, GlobalVariable, Module, Statement, TypeInner,
};
use crate::valid::EntryPointInfo;

use super::checks::Known;
use super::matrix_access::{matrix_shape, sites};

/// A uniform or storage buffer an entry point uses.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BindingReflection {
    /// `@group`.
    pub group: u32,
    /// `@binding`.
    pub binding: u32,
    /// The variable's name.
    pub name: String,
    /// The WGSL spelling of the store type (`array<u32>`, a struct's
    /// name, ...).
    pub type_name: String,
    /// `Uniform` or `Storage`.
    pub space: AddressSpace,
    /// The access mode (`Read` for uniform buffers).
    pub access: Access,
    /// The smallest buffer binding size the bind group may use, in bytes:
    /// the larger of WebGPU's minimum binding size of the store type and
    /// [`BindingReflection::subgroup_matrix_min_size`].
    pub min_binding_size: u64,
    /// For a storage buffer that subgroup-matrix loads or stores reach:
    /// the largest `MinStorageSize` among them, plus the offset of the
    /// accessed array in the variable (the proposal's requirement on the
    /// binding size). `None` when no load or store reaches the buffer.
    pub subgroup_matrix_min_size: Option<u64>,
    /// How the store type lies in memory: what a host writes into the
    /// buffer and reads back (every scalar with its offset:
    /// [`super::HostLayout::scalars`]).
    pub layout: super::HostLayout,
    /// For a uniform buffer: its layout is valid only with the language
    /// feature `uniform_buffer_standard_layout` (it breaks the stricter
    /// `uniform` rules: an array stride or a struct alignment that is not
    /// a multiple of 16, ...). Its SPIR-V then needs the Vulkan device
    /// feature `uniformBufferStandardLayout` (core in Vulkan 1.2,
    /// `VK_KHR_uniform_buffer_standard_layout` on Vulkan 1.1) enabled when
    /// the device is created; Metal needs nothing. `false` for storage
    /// buffers.
    pub uniform_standard_layout: bool,
}

/// What kind of texture or sampler a resource is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HandleKind {
    /// A sampled texture (`texture_2d<f32>`, `texture_multisampled_2d<i32>`, ...).
    SampledTexture,
    /// A depth texture (`texture_depth_2d`, ...).
    DepthTexture,
    /// A storage texture (`texture_storage_2d<rgba8unorm, write>`, ...).
    StorageTexture,
    /// `texture_external` (lowered to two planes and a parameters buffer:
    /// see [`super::EntryPointReflection::external_textures`]).
    ExternalTexture,
    /// `input_attachment<T>` (`chromium_internal_input_attachments`; see
    /// [`ResourceReflection::input_attachment_index`]).
    InputAttachment,
    /// `sampler`.
    Sampler,
    /// `sampler_comparison`.
    ComparisonSampler,
}

/// A texture or sampler an entry point uses.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResourceReflection {
    /// `@group`.
    pub group: u32,
    /// `@binding`.
    pub binding: u32,
    /// The variable's name.
    pub name: String,
    /// The WGSL spelling of the type (`texture_2d<f32>`, `sampler`, ...).
    pub type_name: String,
    /// Texture or sampler, and which.
    pub kind: HandleKind,
    /// The access mode of a storage texture (`None` for the others).
    pub access: Option<Access>,
    /// For a texture: its dimensionality, whether it is arrayed, and its
    /// class (sampled type, depth, or storage format), which tell an
    /// application the image and view to create. `None` for samplers.
    pub image: Option<(crate::ir::ImageDimension, bool, crate::ir::ImageClass)>,
    /// How many textures the binding holds: N for a `binding_array<T, N>`
    /// (whose `image` is T's), 1 otherwise.
    pub count: u32,
    /// `@input_attachment_index` of an input attachment (`None` for the
    /// others).
    pub input_attachment_index: Option<u32>,
}

/// The textures and samplers of one entry point, sorted by group and
/// binding.
pub(crate) fn entry_resources(module: &Module, epi: &EntryPointInfo) -> Vec<ResourceReflection> {
    use crate::ir::ImageClass;
    let mut out: Vec<ResourceReflection> = epi
        .globals
        .iter()
        .filter_map(|&g| {
            let var = module.global_variables.try_get(Handle::from_index(g))?;
            let binding = var.binding?;
            let (ty, count) = match module.types.try_get(var.ty)?.inner {
                TypeInner::BindingArray { base, size } => (base, size.unwrap_or(0)),
                _ => (var.ty, 1),
            };
            let image = match module.types.try_get(ty)?.inner {
                TypeInner::Image {
                    dim,
                    arrayed,
                    class,
                } => Some((dim, arrayed, class)),
                _ => None,
            };
            let (kind, access) = match module.types.try_get(ty)?.inner {
                TypeInner::Sampler { comparison: false } => (HandleKind::Sampler, None),
                TypeInner::Sampler { comparison: true } => (HandleKind::ComparisonSampler, None),
                TypeInner::Image { class, .. } => match class {
                    ImageClass::Sampled { .. } => (HandleKind::SampledTexture, None),
                    ImageClass::Depth { .. } => (HandleKind::DepthTexture, None),
                    ImageClass::Storage { access, .. } => {
                        (HandleKind::StorageTexture, Some(access))
                    }
                    ImageClass::External => (HandleKind::ExternalTexture, None),
                    ImageClass::InputAttachment { .. } => (HandleKind::InputAttachment, None),
                },
                _ => return None,
            };
            Some(ResourceReflection {
                group: binding.group,
                binding: binding.binding,
                name: var.name.clone(),
                type_name: crate::ir::display::type_name(module, var.ty),
                kind,
                access,
                image,
                count,
                input_attachment_index: var.input_attachment_index,
            })
        })
        .collect();
    out.sort_by_key(|r| (r.group, r.binding));
    out
}

/// Where a pointer expression points: a module-scope variable or a
/// pointer parameter, and the constant byte offset into it.
#[derive(Clone, Copy, Debug)]
enum Root {
    Global(Handle<GlobalVariable>),
    Param(u32),
}

/// What a function requires of the memory its loads and stores reach.
#[derive(Clone, Debug, Default)]
pub(crate) struct Summary {
    /// Per parameter: bytes from the start of the pointee that must exist
    /// (0: none required).
    params: Vec<u64>,
    /// Per storage variable accessed by this function's own loads and
    /// stores or through its own calls' pointer arguments: the bytes
    /// required from its start.
    globals: FxHashMap<Handle<GlobalVariable>, u64>,
}

/// Follows a pointer expression to its root, adding the constant byte
/// offsets of struct members and constant array indices (a dynamic index
/// counts as 0).
fn root(module: &Module, func: &Function, mut e: Handle<Expression>) -> Option<(Root, u64)> {
    let mut offset = 0u64;
    // Each step moves to the base of an access; the bound keeps IR built by
    // other means (with a cycle) from looping.
    for _ in 0..=func.expressions.len() {
        match *func.expressions.try_get(e)? {
            Expression::GlobalVariable(g) => return Some((Root::Global(g), offset)),
            Expression::FunctionArgument(i) => return Some((Root::Param(i), offset)),
            Expression::Access { base, .. } => e = base,
            Expression::AccessIndex { base, index } => {
                let pointee = match func
                    .expression_types
                    .get(base.index())
                    .and_then(|&t| module.types.try_get(t))
                    .map(|t| &t.inner)
                {
                    Some(TypeInner::Pointer { base, .. }) => *base,
                    _ => return None,
                };
                let step = match module.types.try_get(pointee).map(|t| &t.inner) {
                    Some(TypeInner::Struct { members, .. }) => {
                        u64::from(members.get(index as usize)?.offset)
                    }
                    Some(TypeInner::Array { stride, .. }) => {
                        u64::from(index).saturating_mul(u64::from(*stride))
                    }
                    _ => 0,
                };
                offset = offset.saturating_add(step);
                e = base;
            }
            _ => return None,
        }
    }
    None
}

/// Summarises every function, callees first.
pub(crate) fn summarize(module: &Module, known: &Known) -> Vec<Summary> {
    let mut out: Vec<Summary> = Vec::with_capacity(module.functions.len());
    for (_, func) in module.functions.iter() {
        let mut s = Summary {
            params: vec![0; func.arguments.len()],
            globals: FxHashMap::default(),
        };
        let require = |s: &mut Summary, r: Option<(Root, u64)>, bytes: u64| {
            let Some((root, offset)) = r else {
                return;
            };
            let need = offset.saturating_add(bytes);
            match root {
                Root::Global(g) => {
                    let storage = module
                        .global_variables
                        .try_get(g)
                        .is_some_and(|v| v.space == AddressSpace::Storage);
                    if storage {
                        let slot = s.globals.entry(g).or_insert(0);
                        *slot = (*slot).max(need);
                    }
                }
                Root::Param(i) => {
                    if let Some(slot) = s.params.get_mut(i as usize) {
                        *slot = (*slot).max(need);
                    }
                }
            }
        };
        for site in sites(func) {
            let Some((rows, columns, component)) = matrix_shape(module, site.matrix, known) else {
                continue;
            };
            let bytes =
                u64::try_from(rows.saturating_mul(columns).saturating_mul(component)).unwrap_or(0);
            require(&mut s, root(module, func, site.pointer), bytes);
        }
        visit::walk_statements(&func.body, |st, _| {
            let Statement::Call {
                function,
                arguments,
                ..
            } = st
            else {
                return;
            };
            // Callees come first; anything else (IR built by other means)
            // contributes nothing.
            let Some(callee) = out.get(function.index()) else {
                return;
            };
            for (&arg, &need) in arguments.iter().zip(&callee.params) {
                if need > 0 {
                    require(&mut s, root(module, func, arg), need);
                }
            }
        });
        out.push(s);
    }
    out
}

/// The buffer bindings of one entry point, sorted by group and binding.
/// `standard_layout`: per type, whether it needs
/// `uniform_buffer_standard_layout` in a uniform buffer
/// (`valid::layout_rules::uniform_standard_layout_types`).
pub(crate) fn entry_bindings(
    module: &Module,
    epi: &EntryPointInfo,
    summaries: &[Summary],
    standard_layout: &[bool],
) -> Vec<BindingReflection> {
    let mut matrix: FxHashMap<Handle<GlobalVariable>, u64> = FxHashMap::default();
    for &f in &epi.functions {
        let Some(s) = summaries.get(f) else {
            continue;
        };
        for (&g, &need) in &s.globals {
            let slot = matrix.entry(g).or_insert(0);
            *slot = (*slot).max(need);
        }
    }
    let mut out: Vec<BindingReflection> = epi
        .globals
        .iter()
        .filter_map(|&g| {
            let h = Handle::from_index(g);
            let var = module.global_variables.try_get(h)?;
            let binding = var.binding?;
            if !matches!(var.space, AddressSpace::Uniform | AddressSpace::Storage) {
                return None;
            }
            let webgpu = u64::from(crate::ir::layout::layout(module, var.ty).size);
            // Uniform and storage buffers hold host-shareable types only (the
            // validator's rule); the fallback keeps IR built by other means
            // reportable.
            let layout = super::HostLayout::of(module, var.ty)
                .unwrap_or_else(|| super::HostLayout::words((webgpu / 4) as u32));
            let subgroup_matrix_min_size = matrix.get(&h).copied();
            let uniform_standard_layout = var.space == AddressSpace::Uniform
                && standard_layout.get(var.ty.index()).copied() == Some(true);
            Some(BindingReflection {
                group: binding.group,
                binding: binding.binding,
                name: var.name.clone(),
                type_name: crate::ir::display::type_name(module, var.ty),
                space: var.space,
                access: var.access,
                min_binding_size: webgpu.max(subgroup_matrix_min_size.unwrap_or(0)),
                subgroup_matrix_min_size,
                layout,
                uniform_standard_layout,
            })
        })
        .collect();
    out.sort_by_key(|b| (b.group, b.binding));
    out
}

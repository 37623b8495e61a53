//! [`PipelineOptions`]: what the embedder gives the pipeline step (the
//! entry point, override values, the device's limits and configurations,
//! and the binding points of what the passes add).

use std::collections::BTreeMap;

use crate::configs::SubgroupMatrixConfig;

use crate::ir::ResourceBinding;

/// Options for creating a pipeline from a module.
#[derive(Clone, Debug)]
pub struct PipelineOptions {
    /// The entry point to keep; `None` keeps all of them.
    pub entry_point: Option<String>,
    /// Override values by name or by numeric `@id` (as a decimal string),
    /// as in WebGPU's `GPUProgrammableStage.constants`: an override with an
    /// `@id` is keyed by the id, any other by its name.
    pub overrides: BTreeMap<String, f64>,
    /// The device's subgroup-matrix configurations; `None` skips the
    /// config checks.
    pub subgroup_matrix_configs: Option<Vec<SubgroupMatrixConfig>>,
    /// The component types of the cooperative-vector products the device
    /// runs natively (`VK_NV_cooperative_vector`; the SPIR-V writer at
    /// version 1.6 uses them); empty: every product becomes a loop.
    pub cooperative_vector_configs: Vec<crate::configs::CooperativeVectorConfig>,
    /// The most components a native cooperative vector may have; `None`:
    /// no limit known.
    pub cooperative_vector_max_components: Option<u32>,
    /// The accumulation types of the cooperative-vector training
    /// operations the device runs natively (the outer product also needs
    /// its layout bound in `cooperative_vector_optimal_layouts`); empty:
    /// they become loops of atomic compare-exchanges.
    pub cooperative_vector_training: Vec<crate::configs::ComponentType>,
    /// Bounds on the size of the driver's optimal matrix layouts (device
    /// profile `cooperativeVectorOptimalLayouts`): a native operation in an
    /// optimal layout needs the bound of its layout and element type.
    pub cooperative_vector_optimal_layouts: Vec<crate::configs::OptimalLayoutBound>,
    /// The device's maximum subgroup size; `None` skips the workgroup-size
    /// check.
    pub max_subgroup_size: Option<u32>,
    /// The device's minimum subgroup size (WebGPU's `subgroupMinSize`);
    /// with the maximum it bounds `subgroup_id` and friends for the passes
    /// that prove accesses in bounds. `None`: 4, the smallest WebGPU allows.
    pub min_subgroup_size: Option<u32>,
    /// `maxComputeWorkgroupSizeX/Y/Z` (default 256, 256, 64).
    pub max_workgroup_size: [u32; 3],
    /// `maxComputeInvocationsPerWorkgroup` (default 256).
    pub max_invocations: u32,
    /// `maxComputeWorkgroupStorageSize` in bytes (default 16384).
    pub max_workgroup_storage_size: u32,
    /// `maxImmediateSize` in bytes (default 64): the largest immediate data
    /// variable an entry point may use.
    pub max_immediate_size: u32,
    /// Keep the overrides that [`PipelineOptions::overrides`] gives no
    /// value as SPIR-V specialization constants (see [`spec`](super::spec)) instead of
    /// requiring a value (or using the default): the module is compiled
    /// once and specialised when the Vulkan pipeline is created. An
    /// override given a value is specialised by the pipeline step as
    /// without this option (it is no specialization constant). The
    /// SPIR-V writer only: the MSL writer rejects a pipeline with
    /// specialization constants.
    pub spec_constants: bool,
    /// Where the `external-texture` pass binds the parts of each
    /// `texture_external` variable, keyed by the variable's own
    /// `@group`/`@binding` (which plane 0, a `texture_2d<f32>`, keeps):
    /// plane 1 (`texture_2d<f32>`) and a uniform buffer of
    /// [`super::external_textures::EXTERNAL_TEXTURE_PARAMS_SIZE`] bytes of
    /// parameters, laid out as Dawn's `ExternalTextureParams` (numPlanes,
    /// doYuvToRgbConversionOnly, yuvToRgbConversionMatrix, gamma decode
    /// and encode parameters, gamutConversionMatrix, sample and load
    /// transforms, plane rectangles, apparentSize, plane1CoordFactor; see
    /// `docs/design-notes.md`, "External textures").
    ///
    /// An external texture without an entry gets the next two binding
    /// numbers of its group after the highest the module (or this map)
    /// uses, plane 1 first, in declaration order;
    /// [`super::EntryPointReflection::external_textures`] reports what was
    /// chosen. A given binding point that collides with another resource
    /// of an entry point using the texture is a pipeline-creation error.
    pub external_textures: BTreeMap<crate::ir::ResourceBinding, ExternalTextureBindings>,
    /// The descriptor set of the input attachments the SPIR-V output reads
    /// `@color(N)` fragment inputs from (`chromium_experimental_framebuffer_fetch`;
    /// binding `N`, input attachment index `N`). Default
    /// [`DEFAULT_FRAMEBUFFER_FETCH_GROUP`]; see [`super::framebuffer_fetch`].
    pub framebuffer_fetch_group: u32,
    /// How the embedder binds the resource table of
    /// `chromium_experimental_resource_table` (see [`super::resource_table`]).
    pub resource_table: super::resource_table::ResourceTableOptions,
}

impl Default for PipelineOptions {
    fn default() -> Self {
        PipelineOptions {
            entry_point: None,
            overrides: BTreeMap::new(),
            subgroup_matrix_configs: None,
            cooperative_vector_configs: Vec::new(),
            cooperative_vector_max_components: None,
            cooperative_vector_training: Vec::new(),
            cooperative_vector_optimal_layouts: Vec::new(),
            max_subgroup_size: None,
            min_subgroup_size: None,
            max_workgroup_size: crate::device::WEBGPU_MAX_WORKGROUP_SIZE,
            max_invocations: crate::device::WEBGPU_MAX_INVOCATIONS,
            max_workgroup_storage_size: crate::device::WEBGPU_MAX_WORKGROUP_STORAGE_SIZE,
            max_immediate_size: crate::device::WEBGPU_MAX_IMMEDIATE_SIZE,
            spec_constants: false,
            external_textures: BTreeMap::new(),
            framebuffer_fetch_group: DEFAULT_FRAMEBUFFER_FETCH_GROUP,
            resource_table: Default::default(),
        }
    }
}

/// Where plane 1 and the parameters buffer of one external texture are
/// bound (plane 0 keeps the external texture's own binding point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExternalTextureBindings {
    /// Plane 1 (`texture_2d<f32>`: the chroma plane of a two-plane YUV
    /// texture; bind any texture when there is one plane).
    pub plane1: ResourceBinding,
    /// The uniform buffer of
    /// [`EXTERNAL_TEXTURE_PARAMS_SIZE`](super::external_textures::EXTERNAL_TEXTURE_PARAMS_SIZE) bytes holding
    /// the parameters (Dawn's `ExternalTextureParams` layout).
    pub params: ResourceBinding,
}

/// The descriptor set of the framebuffer-fetch input attachments unless
/// [`PipelineOptions::framebuffer_fetch_group`] says otherwise (the set
/// Tint's command-line driver uses; see [`super::framebuffer_fetch`]).
pub const DEFAULT_FRAMEBUFFER_FETCH_GROUP: u32 = 66;

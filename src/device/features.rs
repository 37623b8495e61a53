//! The WebGPU features of a device profile ([`Features`]) and the WGSL
//! `enable` each gates ([`FEATURES`]).

bitflags::bitflags! {
    /// The WebGPU features a device has that decide which WGSL `enable`
    /// directives a module may use. [`Features::default`] is
    /// [`Features::all`] (no check), what tessera did before device
    /// profiles.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
    pub struct Features: u32 {
        /// `shader-f16`: `enable f16;`
        const SHADER_F16 = 1 << 0;
        /// `subgroups`: `enable subgroups;`
        const SUBGROUPS = 1 << 1;
        /// `subgroup-size-control`: `enable subgroup_size_control;`
        const SUBGROUP_SIZE_CONTROL = 1 << 2;
        /// `clip-distances`: `enable clip_distances;`
        const CLIP_DISTANCES = 1 << 3;
        /// `dual-source-blending`: `enable dual_source_blending;`
        const DUAL_SOURCE_BLENDING = 1 << 4;
        /// `primitive-index`: `enable primitive_index;`
        const PRIMITIVE_INDEX = 1 << 5;
        /// `chromium-experimental-barycentric-coord`:
        /// `enable chromium_experimental_barycentric_coord;` (on Vulkan,
        /// `fragmentShaderBarycentric` of
        /// `VK_KHR_fragment_shader_barycentric`)
        const CHROMIUM_EXPERIMENTAL_BARYCENTRIC_COORD = 1 << 11;
        /// `atomic-vec2u-min-max` (Dawn's): `enable atomic_vec2u_min_max;`
        /// (on Vulkan, `shaderInt64` and `shaderBufferInt64Atomics`; on
        /// Metal, MSL 2.4 and 64-bit atomic min/max: Apple9, or Apple8 with
        /// Mac2)
        const ATOMIC_VEC2U_MIN_MAX = 1 << 12;
        /// `framebuffer-fetch` (Dawn's feature):
        /// `enable chromium_experimental_framebuffer_fetch;` (on Vulkan,
        /// `rasterizationOrderColorAttachmentAccess` of
        /// `VK_EXT_rasterization_order_attachment_access`)
        const FRAMEBUFFER_FETCH = 1 << 13;
        /// `chromium-experimental-sampling-resource-table` (Dawn's feature):
        /// `enable chromium_experimental_resource_table;` (on Vulkan,
        /// descriptor indexing: `runtimeDescriptorArray`,
        /// `descriptorBindingPartiallyBound`,
        /// `descriptorBindingVariableDescriptorCount` and
        /// `descriptorBindingSampledImageUpdateAfterBind`)
        const RESOURCE_TABLE = 1 << 14;
        /// `pixel-local-storage-coherent` (Dawn's feature; its
        /// `pixel-local-storage-non-coherent` allows the same enable):
        /// `enable chromium_experimental_pixel_local;`. No Vulkan device
        /// has it: neither tessera's backends nor Tint's SPIR-V and MSL
        /// writers lower `pixel_local`.
        const PIXEL_LOCAL_STORAGE = 1 << 15;
        /// `subgroup-matrix` (the proposal's name): `enable subgroup_matrix;`
        const SUBGROUP_MATRIX = 1 << 6;
        /// `chromium-experimental-subgroup-matrix` (Dawn):
        /// `enable chromium_experimental_subgroup_matrix;`
        const CHROMIUM_EXPERIMENTAL_SUBGROUP_MATRIX = 1 << 7;
        /// `wgpu-cooperative-matrix` (wgpu's `EXPERIMENTAL_COOPERATIVE_MATRIX`):
        /// `enable wgpu_cooperative_matrix;`
        const WGPU_COOPERATIVE_MATRIX = 1 << 8;
        /// `tessera-experimental-subgroup-matrix`:
        /// `enable tessera_experimental_subgroup_matrix;` (conversions,
        /// element-wise operations; docs/subgroup-matrix-extensions.md)
        const TESSERA_EXPERIMENTAL_SUBGROUP_MATRIX = 1 << 9;
        /// `tessera-experimental-bf16`: `enable tessera_experimental_bf16;`
        /// (bf16 matrix components: on Vulkan, `VK_KHR_shader_bfloat16`
        /// with `shaderBFloat16CooperativeMatrix`)
        const TESSERA_EXPERIMENTAL_BF16 = 1 << 10;
    }
}

impl Default for Features {
    /// Every feature: no enable is rejected.
    fn default() -> Self {
        Features::all()
    }
}

/// Each feature with its WebGPU name and the WGSL enable it gates, in
/// declaration order.
pub const FEATURES: &[(Features, &str, &str)] = &[
    (Features::SHADER_F16, "shader-f16", "f16"),
    (Features::SUBGROUPS, "subgroups", "subgroups"),
    (
        Features::SUBGROUP_SIZE_CONTROL,
        "subgroup-size-control",
        "subgroup_size_control",
    ),
    (Features::CLIP_DISTANCES, "clip-distances", "clip_distances"),
    (
        Features::DUAL_SOURCE_BLENDING,
        "dual-source-blending",
        "dual_source_blending",
    ),
    (
        Features::PRIMITIVE_INDEX,
        "primitive-index",
        "primitive_index",
    ),
    (
        Features::CHROMIUM_EXPERIMENTAL_BARYCENTRIC_COORD,
        "chromium-experimental-barycentric-coord",
        "chromium_experimental_barycentric_coord",
    ),
    (
        Features::ATOMIC_VEC2U_MIN_MAX,
        "atomic-vec2u-min-max",
        "atomic_vec2u_min_max",
    ),
    (
        Features::FRAMEBUFFER_FETCH,
        "framebuffer-fetch",
        "chromium_experimental_framebuffer_fetch",
    ),
    (
        Features::RESOURCE_TABLE,
        "chromium-experimental-sampling-resource-table",
        "chromium_experimental_resource_table",
    ),
    (
        Features::PIXEL_LOCAL_STORAGE,
        "pixel-local-storage-coherent",
        "chromium_experimental_pixel_local",
    ),
    (
        Features::SUBGROUP_MATRIX,
        "subgroup-matrix",
        "subgroup_matrix",
    ),
    (
        Features::CHROMIUM_EXPERIMENTAL_SUBGROUP_MATRIX,
        "chromium-experimental-subgroup-matrix",
        "chromium_experimental_subgroup_matrix",
    ),
    (
        Features::WGPU_COOPERATIVE_MATRIX,
        "wgpu-cooperative-matrix",
        "wgpu_cooperative_matrix",
    ),
    (
        Features::TESSERA_EXPERIMENTAL_SUBGROUP_MATRIX,
        "tessera-experimental-subgroup-matrix",
        "tessera_experimental_subgroup_matrix",
    ),
    (
        Features::TESSERA_EXPERIMENTAL_BF16,
        "tessera-experimental-bf16",
        "tessera_experimental_bf16",
    ),
];

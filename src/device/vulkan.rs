//! A [`DeviceProfile`] from what a Vulkan device reports, without
//! depending on Vulkan: [`VulkanDeviceFacts`] is a plain-Rust record an
//! embedder (or `tessera-gpu --write-profile`) fills from its own
//! bindings, and [`profile_from_vulkan`] applies the rules below, which
//! follow what a WebGPU implementation on Vulkan needs before it exposes a
//! feature.
//!
//! | feature | needs |
//! | --- | --- |
//! | `shader-f16` | `shaderFloat16`, `storageBuffer16BitAccess`, `uniformAndStorageBuffer16BitAccess` |
//! | `subgroups` | subgroup operations basic, vote, arithmetic, ballot, shuffle, shuffle-relative and quad in the compute and fragment stages |
//! | `subgroup-size-control` | `subgroups`, `subgroupSizeControl`, `computeFullSubgroups` |
//! | `clip-distances` | `shaderClipDistance` |
//! | `dual-source-blending` | `dualSrcBlend` |
//! | `primitive-index` | `geometryShader` (SPIR-V's `PrimitiveId` in a fragment shader) |
//! | `chromium-experimental-barycentric-coord` | `fragmentShaderBarycentric` (`VK_KHR_fragment_shader_barycentric`) |
//! | `atomic-vec2u-min-max` | `shaderBufferInt64Atomics` (Dawn's rule) and `shaderInt64` (the SPIR-V's `Int64` capability) |
//! | `chromium-experimental-sampling-resource-table` | `runtimeDescriptorArray`, `descriptorBindingPartiallyBound`, `descriptorBindingVariableDescriptorCount`, `descriptorBindingSampledImageUpdateAfterBind` (Dawn's rule also asks for update-after-bind of the other descriptor types and limits of 66,536 descriptors) |
//! | `framebuffer-fetch` | `rasterizationOrderColorAttachmentAccess` (`VK_EXT_rasterization_order_attachment_access`: coherent input-attachment reads of the colour attachments; Dawn also enables it on GPUs whose tiled rasterization is coherent without it) |
//! | the subgroup-matrix features | `subgroups`, `cooperativeMatrix`, `vulkanMemoryModel`, `subgroupSizeControl`, `computeFullSubgroups`, and at least one configuration (the proposal's "API" section) |
//! | `tessera-experimental-bf16` | the subgroup-matrix features and `shaderBFloat16Type` with `shaderBFloat16CooperativeMatrix` (`VK_KHR_shader_bfloat16`) |
//!
//! | WGSL language feature | needs |
//! | --- | --- |
//! | `uniform_buffer_standard_layout` | `uniformBufferStandardLayout` (Vulkan 1.2, or `VK_KHR_uniform_buffer_standard_layout`), which the device must then be created with |
//!
//! The profile's `robustness` copies `robustBufferAccess2` and
//! `cooperativeMatrixRobustBufferAccess` (a pipeline that leaves buffer
//! bounds to the device must be created with them enabled).
//!
//! The configurations are [`crate::configs::from_vulkan_with`] of the
//! cooperative-matrix properties (f16 entries only with `shader-f16`,
//! bf16 ones only with `tessera-experimental-bf16`).

use super::{DeviceProfile, Features, LanguageFeatures, Limits};
use crate::configs::VulkanCooperativeMatrixProperties;

/// `VkSubgroupFeatureFlagBits` tessera's subgroup builtins need: BASIC,
/// VOTE, ARITHMETIC, BALLOT, SHUFFLE, SHUFFLE_RELATIVE, QUAD.
pub const REQUIRED_SUBGROUP_OPERATIONS: u32 = 0x1 | 0x2 | 0x4 | 0x8 | 0x10 | 0x20 | 0x80;

/// `VkShaderStageFlagBits` in which subgroup operations are needed:
/// FRAGMENT and COMPUTE.
pub const REQUIRED_SUBGROUP_STAGES: u32 = 0x10 | 0x20;

/// What a Vulkan device reports, as far as a profile needs it. Field
/// names follow the Vulkan structures they come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VulkanDeviceFacts {
    /// `VkPhysicalDeviceProperties::deviceName`.
    pub device_name: String,
    /// `VkPhysicalDeviceFeatures::shaderClipDistance`.
    pub shader_clip_distance: bool,
    /// `VkPhysicalDeviceFeatures::dualSrcBlend`.
    pub dual_src_blend: bool,
    /// `VkPhysicalDeviceFeatures::geometryShader`.
    pub geometry_shader: bool,
    /// `VkPhysicalDeviceFragmentShaderBarycentricFeaturesKHR::fragmentShaderBarycentric`
    /// (`VK_KHR_fragment_shader_barycentric`; false without the extension).
    pub fragment_shader_barycentric: bool,
    /// `VkPhysicalDeviceFeatures::shaderInt64`.
    pub shader_int64: bool,
    /// `VkPhysicalDeviceVulkan12Features::shaderBufferInt64Atomics` (or
    /// `VkPhysicalDeviceShaderAtomicInt64Features` of
    /// `VK_KHR_shader_atomic_int64`).
    pub shader_buffer_int64_atomics: bool,
    /// `VkPhysicalDeviceRasterizationOrderAttachmentAccessFeaturesEXT::rasterizationOrderColorAttachmentAccess`
    /// (`VK_EXT_rasterization_order_attachment_access`; false without the
    /// extension).
    pub rasterization_order_color_attachment_access: bool,
    /// `VkPhysicalDeviceVulkan12Features::runtimeDescriptorArray`.
    pub runtime_descriptor_array: bool,
    /// `VkPhysicalDeviceVulkan12Features::descriptorBindingPartiallyBound`.
    pub descriptor_binding_partially_bound: bool,
    /// `VkPhysicalDeviceVulkan12Features::descriptorBindingVariableDescriptorCount`.
    pub descriptor_binding_variable_descriptor_count: bool,
    /// `VkPhysicalDeviceVulkan12Features::descriptorBindingSampledImageUpdateAfterBind`.
    pub descriptor_binding_sampled_image_update_after_bind: bool,
    /// `VkPhysicalDeviceVulkan11Features::storageBuffer16BitAccess`.
    pub storage_buffer_16bit_access: bool,
    /// `VkPhysicalDeviceVulkan11Features::uniformAndStorageBuffer16BitAccess`.
    pub uniform_and_storage_buffer_16bit_access: bool,
    /// `VkPhysicalDeviceVulkan12Features::shaderFloat16`.
    pub shader_float16: bool,
    /// `VkPhysicalDeviceVulkan12Features::vulkanMemoryModel`.
    pub vulkan_memory_model: bool,
    /// `VkPhysicalDeviceVulkan12Features::uniformBufferStandardLayout` (or
    /// `VkPhysicalDeviceUniformBufferStandardLayoutFeatures` of
    /// `VK_KHR_uniform_buffer_standard_layout` on Vulkan 1.1).
    pub uniform_buffer_standard_layout: bool,
    /// `VkPhysicalDeviceVulkan13Features::subgroupSizeControl`.
    pub subgroup_size_control: bool,
    /// `VkPhysicalDeviceVulkan13Features::computeFullSubgroups`.
    pub compute_full_subgroups: bool,
    /// `VkPhysicalDeviceVulkan11Properties::subgroupSupportedOperations`
    /// (raw `VkSubgroupFeatureFlags`).
    pub subgroup_supported_operations: u32,
    /// `VkPhysicalDeviceVulkan11Properties::subgroupSupportedStages` (raw
    /// `VkShaderStageFlags`).
    pub subgroup_supported_stages: u32,
    /// `VkPhysicalDeviceCooperativeMatrixFeaturesKHR::cooperativeMatrix`
    /// (or the NV feature, for a device with only `VK_NV_cooperative_matrix`).
    pub cooperative_matrix: bool,
    /// `VkPhysicalDeviceRobustness2FeaturesEXT::robustBufferAccess2`
    /// (`VK_EXT_robustness2`; false without the extension).
    pub robust_buffer_access2: bool,
    /// `VkPhysicalDeviceCooperativeMatrixFeaturesKHR::cooperativeMatrixRobustBufferAccess`.
    pub cooperative_matrix_robust_buffer_access: bool,
    /// `VkPhysicalDeviceShaderBfloat16FeaturesKHR`: `shaderBFloat16Type`
    /// and `shaderBFloat16CooperativeMatrix` both.
    pub bfloat16_cooperative_matrix: bool,
    /// The cooperative-matrix properties
    /// (`vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR`, or the NV
    /// ones through `VulkanCooperativeMatrixPropertiesNv::to_khr`).
    pub cooperative_matrix_properties: Vec<VulkanCooperativeMatrixProperties>,
    /// `VkPhysicalDeviceLimits::maxComputeWorkGroupSize`.
    pub max_compute_work_group_size: [u32; 3],
    /// `VkPhysicalDeviceLimits::maxComputeWorkGroupInvocations`.
    pub max_compute_work_group_invocations: u32,
    /// `VkPhysicalDeviceLimits::maxComputeSharedMemorySize`.
    pub max_compute_shared_memory_size: u32,
    /// `VkPhysicalDeviceLimits::maxPushConstantsSize` (WebGPU's immediate
    /// data is push constants on Vulkan).
    pub max_push_constants_size: u32,
    /// `VkPhysicalDeviceVulkan13Properties::minSubgroupSize`.
    pub min_subgroup_size: u32,
    /// `VkPhysicalDeviceVulkan13Properties::maxSubgroupSize`.
    pub max_subgroup_size: u32,
    /// `VkPhysicalDeviceCooperativeVectorFeaturesNV::cooperativeVector`
    /// (false without `VK_NV_cooperative_vector`).
    pub cooperative_vector: bool,
    /// What `vkGetPhysicalDeviceCooperativeVectorPropertiesNV` lists.
    pub cooperative_vector_properties: Vec<VulkanCooperativeVectorProperties>,
    /// `VkPhysicalDeviceCooperativeVectorPropertiesNV::maxCooperativeVectorComponents`
    /// (0: not known).
    pub max_cooperative_vector_components: u32,
    /// `VkPhysicalDeviceCooperativeVectorFeaturesNV::cooperativeVectorTraining`.
    pub cooperative_vector_training: bool,
    /// `VkPhysicalDeviceCooperativeVectorPropertiesNV::cooperativeVectorTrainingFloat16Accumulation`.
    pub cooperative_vector_training_float16_accumulation: bool,
    /// `VkPhysicalDeviceCooperativeVectorPropertiesNV::cooperativeVectorTrainingFloat32Accumulation`.
    pub cooperative_vector_training_float32_accumulation: bool,
    /// Bounds on the size of the driver's inferencing- and training-optimal
    /// layouts, per layout and element type: not a Vulkan property, but
    /// what the device runner measured with
    /// `vkConvertCooperativeVectorMatrixNV`'s size queries. Empty: not
    /// measured (no native operation in an optimal layout).
    pub cooperative_vector_optimal_layouts: Vec<crate::configs::OptimalLayoutBound>,
}

/// A plain-Rust mirror of `VkCooperativeVectorPropertiesNV`: the component
/// types as `VkComponentTypeKHR` values (0 float16, 1 float32, ...).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VulkanCooperativeVectorProperties {
    /// `inputType`.
    pub input_type: u32,
    /// `inputInterpretation`.
    pub input_interpretation: u32,
    /// `matrixInterpretation`.
    pub matrix_interpretation: u32,
    /// `biasInterpretation`.
    pub bias_interpretation: u32,
    /// `resultType`.
    pub result_type: u32,
    /// `transpose`.
    pub transpose: bool,
}

/// The cooperative-vector configurations of a device, in the driver's
/// order, without duplicates: each listed combination whose input, its
/// interpretation, the matrix and the bias are one float type (f16 or f32,
/// `VK_COMPONENT_TYPE_FLOAT16/32_KHR`) with an f16 or f32 result, and each
/// 8-bit integer one tessera spells (an `i8`/`u8` matrix, an `i32` bias and
/// result, and an `i32` or `f32` input read as the matrix's type, or a
/// `u32` input of four packed bytes of it). Needs the feature, the Vulkan
/// memory model and, for f16, the shader-f16 feature.
pub fn cooperative_vector_configs(
    facts: &VulkanDeviceFacts,
    f16: bool,
) -> Vec<crate::configs::CooperativeVectorConfig> {
    use crate::configs::ComponentType;
    let float = |v: u32| match v {
        0 if f16 => Some(ComponentType::F16),
        1 => Some(ComponentType::F32),
        _ => None,
    };
    let mut out = Vec::new();
    if !facts.cooperative_vector || !facts.vulkan_memory_model {
        return out;
    }
    // VkComponentTypeKHR: SINT8 3, SINT32 5, UINT8 7, UINT32 9, FLOAT32 1;
    // SINT8_PACKED_NV 1000491000, UINT8_PACKED_NV 1000491001.
    let byte = |v: u32| match v {
        3 => Some(ComponentType::I8),
        7 => Some(ComponentType::U8),
        _ => None,
    };
    let packed = |v: u32| match v {
        1_000_491_000 => Some(ComponentType::I8),
        1_000_491_001 => Some(ComponentType::U8),
        _ => None,
    };
    for p in &facts.cooperative_vector_properties {
        let same = p.input_interpretation == p.input_type
            && p.matrix_interpretation == p.input_type
            && p.bias_interpretation == p.input_type;
        let c = if let (true, Some(input), Some(result)) =
            (same, float(p.input_type), float(p.result_type))
        {
            Some(crate::configs::CooperativeVectorConfig {
                input,
                matrix: input,
                result,
                transpose: p.transpose,
            })
        } else if p.bias_interpretation == 5 && p.result_type == 5 {
            let matrix = byte(p.matrix_interpretation);
            let input = match p.input_type {
                5 if byte(p.input_interpretation) == matrix => Some(ComponentType::I32),
                1 if byte(p.input_interpretation) == matrix => Some(ComponentType::F32),
                9 if packed(p.input_interpretation) == matrix => Some(ComponentType::U32),
                _ => None,
            };
            input
                .zip(matrix)
                .map(|(input, matrix)| crate::configs::CooperativeVectorConfig {
                    input,
                    matrix,
                    result: ComponentType::I32,
                    transpose: p.transpose,
                })
        } else {
            None
        };
        // One configuration per combination, transposing if any of its
        // rows does.
        if let Some(c) = c {
            let same = |o: &crate::configs::CooperativeVectorConfig| {
                (o.input, o.matrix, o.result) == (c.input, c.matrix, c.result)
            };
            match out.iter_mut().find(|o| same(o)) {
                Some(o) => o.transpose |= c.transpose,
                None => out.push(c),
            }
        }
    }
    out
}

/// The accumulation types of the native cooperative-vector training
/// operations: f16 and/or f32 as the device's accumulation properties say,
/// when it has the training feature and the Vulkan memory model (f16 also
/// needs the shader-f16 feature). The outer product also needs a measured
/// bound on the training layout.
pub fn cooperative_vector_training(
    facts: &VulkanDeviceFacts,
    f16: bool,
) -> Vec<crate::configs::ComponentType> {
    use crate::configs::ComponentType;
    let mut out = Vec::new();
    if !facts.cooperative_vector || !facts.cooperative_vector_training || !facts.vulkan_memory_model
    {
        return out;
    }
    if f16 && facts.cooperative_vector_training_float16_accumulation {
        out.push(ComponentType::F16);
    }
    if facts.cooperative_vector_training_float32_accumulation {
        out.push(ComponentType::F32);
    }
    out
}

/// The profile of a Vulkan device (see the module documentation for the
/// rules). The name is the device name with ` (Vulkan)`.
pub fn profile_from_vulkan(facts: &VulkanDeviceFacts) -> DeviceProfile {
    let mut features = Features::empty();
    let f16 = facts.shader_float16
        && facts.storage_buffer_16bit_access
        && facts.uniform_and_storage_buffer_16bit_access;
    features.set(Features::SHADER_F16, f16);
    let subgroups = facts.subgroup_supported_operations & REQUIRED_SUBGROUP_OPERATIONS
        == REQUIRED_SUBGROUP_OPERATIONS
        && facts.subgroup_supported_stages & REQUIRED_SUBGROUP_STAGES == REQUIRED_SUBGROUP_STAGES;
    features.set(Features::SUBGROUPS, subgroups);
    let size_control = subgroups && facts.subgroup_size_control && facts.compute_full_subgroups;
    features.set(Features::SUBGROUP_SIZE_CONTROL, size_control);
    features.set(Features::CLIP_DISTANCES, facts.shader_clip_distance);
    features.set(Features::DUAL_SOURCE_BLENDING, facts.dual_src_blend);
    features.set(Features::PRIMITIVE_INDEX, facts.geometry_shader);
    features.set(
        Features::CHROMIUM_EXPERIMENTAL_BARYCENTRIC_COORD,
        facts.fragment_shader_barycentric,
    );
    features.set(
        Features::ATOMIC_VEC2U_MIN_MAX,
        facts.shader_int64 && facts.shader_buffer_int64_atomics,
    );
    features.set(
        Features::FRAMEBUFFER_FETCH,
        facts.rasterization_order_color_attachment_access,
    );
    features.set(
        Features::RESOURCE_TABLE,
        facts.runtime_descriptor_array
            && facts.descriptor_binding_partially_bound
            && facts.descriptor_binding_variable_descriptor_count
            && facts.descriptor_binding_sampled_image_update_after_bind,
    );

    let bf16_possible = facts.bfloat16_cooperative_matrix;
    let configs =
        crate::configs::from_vulkan_with(&facts.cooperative_matrix_properties, f16, bf16_possible);
    let matrices = size_control
        && facts.cooperative_matrix
        && facts.vulkan_memory_model
        && !configs.is_empty();
    let matrix_features = Features::SUBGROUP_MATRIX
        | Features::CHROMIUM_EXPERIMENTAL_SUBGROUP_MATRIX
        | Features::WGPU_COOPERATIVE_MATRIX
        | Features::TESSERA_EXPERIMENTAL_SUBGROUP_MATRIX;
    features.set(matrix_features, matrices);
    let bf16 = matrices
        && bf16_possible
        && configs.iter().any(|c| {
            c.component_type == crate::configs::ComponentType::BF16
                || c.result_component_type == crate::configs::ComponentType::BF16
        });
    features.set(Features::TESSERA_EXPERIMENTAL_BF16, bf16);

    let mut language_features = LanguageFeatures::empty();
    language_features.set(
        LanguageFeatures::UNIFORM_BUFFER_STANDARD_LAYOUT,
        facts.uniform_buffer_standard_layout,
    );
    // Descriptor arrays of sampled images are core Vulkan.
    language_features |= LanguageFeatures::SIZED_BINDING_ARRAY;

    let subgroup_sizes = |v: u32| (subgroups && v > 0).then_some(v);
    DeviceProfile {
        name: format!("{} (Vulkan)", facts.device_name),
        features,
        language_features,
        limits: Limits {
            max_compute_workgroup_size_x: Some(facts.max_compute_work_group_size[0]),
            max_compute_workgroup_size_y: Some(facts.max_compute_work_group_size[1]),
            max_compute_workgroup_size_z: Some(facts.max_compute_work_group_size[2]),
            max_compute_invocations_per_workgroup: Some(facts.max_compute_work_group_invocations),
            max_compute_workgroup_storage_size: Some(facts.max_compute_shared_memory_size),
            max_immediate_size: Some(facts.max_push_constants_size),
            subgroup_min_size: subgroup_sizes(facts.min_subgroup_size),
            subgroup_max_size: subgroup_sizes(facts.max_subgroup_size),
        },
        subgroup_matrix_configs: Some(if matrices { configs } else { Vec::new() }),
        cooperative_vector_configs: cooperative_vector_configs(facts, f16),
        cooperative_vector_max_components: (facts.max_cooperative_vector_components > 0)
            .then_some(facts.max_cooperative_vector_components),
        cooperative_vector_training: cooperative_vector_training(facts, f16),
        cooperative_vector_optimal_layouts: facts.cooperative_vector_optimal_layouts.clone(),
        robustness: super::Robustness {
            robust_buffer_access2: facts.robust_buffer_access2,
            cooperative_matrix_robust_buffer_access: facts.cooperative_matrix_robust_buffer_access,
        },
    }
}

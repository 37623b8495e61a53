//! Opening the device: the first one with the cooperative-matrix extension
//! the run asks for (`VK_KHR_cooperative_matrix`, or
//! `VK_NV_cooperative_matrix` with `--cooperative-matrix nv`), its
//! cooperative-matrix properties turned into tessera's configs, and the
//! features and extensions the kernels need. With
//! [`OpenOptions::cooperative_vector`], `VK_NV_cooperative_vector` is
//! enabled too where the device has it (the cooperative-vector suite,
//! which also runs on devices without cooperative matrices when
//! [`OpenOptions::require_cooperative_matrix`] is off).

use std::ffi::CStr;

use ash::vk;
use tessera::back::spv::CooperativeMatrixExtension;
use tessera::configs::{
    VulkanComponentType, VulkanCooperativeMatrixProperties, VulkanCooperativeMatrixPropertiesNv,
    VulkanScope,
};

use super::coopvec_ffi;
use super::{cstr, ctx, DeviceInfo, Gpu, InitError, VkResult};

/// How [`Gpu::open_with`] picks and opens the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenOptions {
    /// The cooperative-matrix extension to enable (and compile for).
    pub cooperative_matrix: CooperativeMatrixExtension,
    /// Only a device with that extension and its `cooperativeMatrix`
    /// feature will do ([`Gpu::new`]); off, any Vulkan 1.3 device with a
    /// compute queue is taken (preferring one with cooperative vectors when
    /// they are asked for, then one with cooperative matrices) and the
    /// extension is enabled only where the device has it.
    pub require_cooperative_matrix: bool,
    /// Enable `VK_NV_cooperative_vector` with its `cooperativeVector`
    /// feature where the device lists both ([`Gpu::cooperative_vector`]
    /// says whether it was).
    pub cooperative_vector: bool,
}

impl OpenOptions {
    /// What [`Gpu::new`] asks for: the cooperative-matrix extension `ext`,
    /// required; no cooperative vectors.
    pub fn matrices(ext: CooperativeMatrixExtension) -> Self {
        OpenOptions {
            cooperative_matrix: ext,
            require_cooperative_matrix: true,
            cooperative_vector: false,
        }
    }

    /// What the cooperative-vector suite asks for: `VK_NV_cooperative_vector`
    /// where the device has it, KHR cooperative matrices where it has them,
    /// any Vulkan 1.3 device otherwise.
    pub fn vectors() -> Self {
        OpenOptions {
            cooperative_matrix: CooperativeMatrixExtension::Khr,
            require_cooperative_matrix: false,
            cooperative_vector: true,
        }
    }
}

/// `VK_NV_cooperative_matrix2` (not in ash 0.38).
const NV2_NAME: &std::ffi::CStr = c"VK_NV_cooperative_matrix2";

/// `VkPhysicalDeviceCooperativeMatrix2FeaturesNV` (not in ash 0.38):
/// `VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_2_FEATURES_NV` is
/// 1000593000; the members follow the Vulkan specification's order.
#[repr(C)]
struct Nv2Features {
    s_type: vk::StructureType,
    p_next: *mut std::ffi::c_void,
    workgroup_scope: vk::Bool32,
    flexible_dimensions: vk::Bool32,
    reductions: vk::Bool32,
    conversions: vk::Bool32,
    per_element_operations: vk::Bool32,
    tensor_addressing: vk::Bool32,
    block_loads: vk::Bool32,
}

impl Nv2Features {
    /// A structure asking for (or receiving) the features; `conversions`
    /// and `per_element_operations` (what tessera's
    /// `nv_cooperative_matrix2` output uses) set when enabling, and
    /// `reductions` (`OpCooperativeMatrixReduceNV`) where `reductions`.
    fn conversions(reductions: bool) -> Self {
        Nv2Features {
            s_type: vk::StructureType::from_raw(1_000_593_000),
            p_next: std::ptr::null_mut(),
            workgroup_scope: 0,
            flexible_dimensions: 0,
            reductions: vk::Bool32::from(reductions),
            conversions: 1,
            per_element_operations: 1,
            tensor_addressing: 0,
            block_loads: 0,
        }
    }
}

/// `VK_KHR_shader_bfloat16` (not in ash 0.38).
pub(super) const BF16_NAME: &std::ffi::CStr = c"VK_KHR_shader_bfloat16";

/// `VkPhysicalDeviceShaderBfloat16FeaturesKHR` (not in ash 0.38): sType
/// 1000141000 (`VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR`).
#[repr(C)]
struct Bf16Features {
    s_type: vk::StructureType,
    p_next: *mut std::ffi::c_void,
    shader_bfloat16_type: vk::Bool32,
    shader_bfloat16_dot_product: vk::Bool32,
    shader_bfloat16_cooperative_matrix: vk::Bool32,
}

impl Bf16Features {
    /// The type and cooperative matrices of it (the features tessera's
    /// bf16 output declares).
    fn matrices() -> Self {
        Bf16Features {
            s_type: vk::StructureType::from_raw(1_000_141_000),
            p_next: std::ptr::null_mut(),
            shader_bfloat16_type: 1,
            shader_bfloat16_dot_product: 0,
            shader_bfloat16_cooperative_matrix: 1,
        }
    }
}

/// Whether the device supports bf16 and bf16 cooperative matrices.
pub(super) unsafe fn bf16_matrices(instance: &ash::Instance, pd: vk::PhysicalDevice) -> bool {
    let mut f = Bf16Features::matrices();
    f.shader_bfloat16_type = 0;
    f.shader_bfloat16_cooperative_matrix = 0;
    let mut f2 = vk::PhysicalDeviceFeatures2 {
        p_next: (&mut f as *mut Bf16Features).cast(),
        ..Default::default()
    };
    instance.get_physical_device_features2(pd, &mut f2);
    f.shader_bfloat16_type != 0 && f.shader_bfloat16_cooperative_matrix != 0
}

/// Whether the device supports `cooperativeMatrixConversions` and
/// `cooperativeMatrixPerElementOperations`, and whether it supports
/// `cooperativeMatrixReductions`.
unsafe fn nv2_conversions(instance: &ash::Instance, pd: vk::PhysicalDevice) -> (bool, bool) {
    let mut f = Nv2Features::conversions(false);
    f.conversions = 0;
    f.per_element_operations = 0;
    let mut f2 = vk::PhysicalDeviceFeatures2 {
        p_next: (&mut f as *mut Nv2Features).cast(),
        ..Default::default()
    };
    instance.get_physical_device_features2(pd, &mut f2);
    (
        f.conversions != 0 && f.per_element_operations != 0,
        f.reductions != 0,
    )
}

/// Converts a Vulkan component type; unknown values map to `None`.
pub fn component_type(t: vk::ComponentTypeKHR) -> Option<VulkanComponentType> {
    VulkanComponentType::from_raw(t.as_raw() as u32)
}

/// Converts a Vulkan scope; unknown values map to `None`.
pub fn scope(s: vk::ScopeKHR) -> Option<VulkanScope> {
    VulkanScope::from_raw(s.as_raw() as u32)
}

/// The Vulkan extension that goes with a SPIR-V cooperative-matrix
/// extension.
pub fn extension_name(ext: CooperativeMatrixExtension) -> &'static CStr {
    match ext {
        CooperativeMatrixExtension::Khr => ash::khr::cooperative_matrix::NAME,
        CooperativeMatrixExtension::Nv => ash::nv::cooperative_matrix::NAME,
    }
}

/// `VkCooperativeMatrixPropertiesNV` as tessera's mirror (raw values).
pub fn nv_properties(p: &vk::CooperativeMatrixPropertiesNV) -> VulkanCooperativeMatrixPropertiesNv {
    VulkanCooperativeMatrixPropertiesNv {
        m_size: p.m_size,
        n_size: p.n_size,
        k_size: p.k_size,
        a_type: p.a_type.as_raw() as u32,
        b_type: p.b_type.as_raw() as u32,
        c_type: p.c_type.as_raw() as u32,
        d_type: p.d_type.as_raw() as u32,
        scope: p.scope.as_raw() as u32,
    }
}

/// Whether the device lists the extension `name`.
pub(super) unsafe fn has_extension(
    instance: &ash::Instance,
    pd: vk::PhysicalDevice,
    name: &CStr,
) -> bool {
    instance
        .enumerate_device_extension_properties(pd)
        .map(|all| {
            all.iter()
                .any(|e| e.extension_name_as_c_str().ok() == Some(name))
        })
        .unwrap_or(false)
}

/// The device's cooperative-matrix properties and the configs tessera
/// builds from them (`from_vulkan`, or `from_vulkan_nv` for NV).
pub(super) struct Properties {
    pub(super) khr: Vec<VulkanCooperativeMatrixProperties>,
    nv: Vec<VulkanCooperativeMatrixPropertiesNv>,
    configs: Vec<tessera::configs::SubgroupMatrixConfig>,
}

pub(super) unsafe fn query_properties(
    entry: &ash::Entry,
    instance: &ash::Instance,
    pd: vk::PhysicalDevice,
    ext: CooperativeMatrixExtension,
    bf16: bool,
) -> VkResult<Properties> {
    match ext {
        CooperativeMatrixExtension::Khr => {
            let cm = ash::khr::cooperative_matrix::Instance::new(entry, instance);
            let raw = cm
                .get_physical_device_cooperative_matrix_properties(pd)
                .map_err(ctx("vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR"))?;
            let khr: Vec<VulkanCooperativeMatrixProperties> = raw
                .iter()
                .filter_map(|p| {
                    Some(VulkanCooperativeMatrixProperties {
                        m_size: p.m_size,
                        n_size: p.n_size,
                        k_size: p.k_size,
                        a_type: component_type(p.a_type)?,
                        b_type: component_type(p.b_type)?,
                        c_type: component_type(p.c_type)?,
                        result_type: component_type(p.result_type)?,
                        saturating_accumulation: p.saturating_accumulation != 0,
                        scope: scope(p.scope)?,
                    })
                })
                .collect();
            let configs = tessera::configs::from_vulkan_with(&khr, true, bf16);
            Ok(Properties {
                khr,
                nv: Vec::new(),
                configs,
            })
        }
        CooperativeMatrixExtension::Nv => {
            // ash has no wrapper for this query: the usual two calls.
            let cm = ash::nv::cooperative_matrix::Instance::new(entry, instance);
            let get = cm.fp().get_physical_device_cooperative_matrix_properties_nv;
            let what = "vkGetPhysicalDeviceCooperativeMatrixPropertiesNV";
            let mut count = 0u32;
            get(pd, &mut count, std::ptr::null_mut())
                .result()
                .map_err(ctx(what))?;
            let mut raw = vec![vk::CooperativeMatrixPropertiesNV::default(); count as usize];
            let r = get(pd, &mut count, raw.as_mut_ptr());
            // INCOMPLETE: fewer entries than the first call said; keep
            // those written.
            if r != vk::Result::SUCCESS && r != vk::Result::INCOMPLETE {
                return Err(format!("{what} failed: {r:?}"));
            }
            raw.truncate(count as usize);
            let nv: Vec<VulkanCooperativeMatrixPropertiesNv> =
                raw.iter().map(nv_properties).collect();
            let khr = nv.iter().filter_map(|p| p.to_khr()).collect();
            let configs = tessera::configs::from_vulkan_nv(&nv, true);
            Ok(Properties { khr, nv, configs })
        }
    }
}

/// What the device says about cooperative vectors, for [`Gpu::open_with`].
struct Vectors {
    /// Whether the extension and its `cooperativeVector` feature are there
    /// and were asked for.
    supported: bool,
    /// Why not, when they were asked for and are not there.
    note: String,
    /// Every property row, described.
    rows: Vec<String>,
    /// The configurations the library derives from those rows (as in the
    /// device profile: needs the memory model; f16 ones need shaderFloat16).
    configs: Vec<tessera::configs::CooperativeVectorConfig>,
    /// `cooperativeVectorSupportedStages`.
    stages: u32,
    /// `maxCooperativeVectorComponents`.
    max_components: u32,
    /// `cooperativeVectorTraining` (the feature).
    training: bool,
    /// `cooperativeVectorTrainingFloat16Accumulation`.
    training_f16: bool,
    /// `cooperativeVectorTrainingFloat32Accumulation`.
    training_f32: bool,
}

impl Vectors {
    unsafe fn query(
        entry: &ash::Entry,
        instance: &ash::Instance,
        pd: vk::PhysicalDevice,
        asked: bool,
    ) -> Vectors {
        let mut v = Vectors {
            supported: false,
            note: String::new(),
            rows: Vec::new(),
            configs: Vec::new(),
            stages: 0,
            max_components: 0,
            training: false,
            training_f16: false,
            training_f32: false,
        };
        if !asked {
            return v;
        }
        if !has_extension(instance, pd, coopvec_ffi::NAME) {
            v.note = "the device does not list VK_NV_cooperative_vector".into();
            return v;
        }
        if !coopvec_ffi::feature(instance, pd) {
            v.note =
                "the device lists VK_NV_cooperative_vector but not its cooperativeVector feature"
                    .into();
            return v;
        }
        let p = coopvec_ffi::device_properties(instance, pd);
        v.stages = p.cooperative_vector_supported_stages.as_raw();
        v.max_components = p.max_cooperative_vector_components;
        v.training = coopvec_ffi::features(instance, pd).cooperative_vector_training != 0;
        v.training_f16 = p.cooperative_vector_training_float16_accumulation != 0;
        v.training_f32 = p.cooperative_vector_training_float32_accumulation != 0;
        match coopvec_ffi::properties(entry, instance, pd) {
            Ok(rows) => {
                let mut f12 = vk::PhysicalDeviceVulkan12Features::default();
                let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut f12);
                instance.get_physical_device_features2(pd, &mut f2);
                let facts = tessera::device::vulkan::VulkanDeviceFacts {
                    cooperative_vector: true,
                    vulkan_memory_model: f12.vulkan_memory_model != 0,
                    cooperative_vector_properties: rows.iter().map(coopvec_ffi::mirror).collect(),
                    ..Default::default()
                };
                v.configs = tessera::device::vulkan::cooperative_vector_configs(
                    &facts,
                    f12.shader_float16 != 0,
                );
                v.rows = rows
                    .iter()
                    .map(coopvec_ffi::PropertiesNV::describe)
                    .collect();
                v.supported = true;
            }
            Err(e) => v.note = e,
        }
        v
    }
}

impl Gpu {
    /// Opens the first device with the Vulkan extension of `ext`
    /// (`VK_KHR_cooperative_matrix` or `VK_NV_cooperative_matrix`).
    pub fn new(ext: CooperativeMatrixExtension) -> Result<Gpu, InitError> {
        Self::open_with(OpenOptions::matrices(ext))
    }

    /// Opens a device as `options` say (see [`OpenOptions`]).
    pub fn open_with(options: OpenOptions) -> Result<Gpu, InitError> {
        // SAFETY: loading the system Vulkan loader; every handle created
        // below is destroyed in `Drop`.
        unsafe { Self::open(options) }
    }

    unsafe fn open(options: OpenOptions) -> Result<Gpu, InitError> {
        let ext = options.cooperative_matrix;
        let nodev = |s: String| InitError::NoDevice(s);
        let entry = ash::Entry::load().map_err(|e| nodev(format!("no Vulkan loader: {e}")))?;
        let app = vk::ApplicationInfo::default()
            .application_name(c"tessera-gpu")
            .api_version(vk::API_VERSION_1_3);
        let instance = entry
            .create_instance(
                &vk::InstanceCreateInfo::default().application_info(&app),
                None,
            )
            .map_err(|e| nodev(format!("vkCreateInstance failed: {e:?}")))?;
        let found = match Self::pick(&instance, options) {
            Ok(Some(p)) => p,
            Ok(None) => {
                instance.destroy_instance(None);
                return Err(nodev(if options.require_cooperative_matrix {
                    format!("no device lists {}", super::name(extension_name(ext)))
                } else {
                    "no Vulkan 1.3 device with a compute queue and timestamps".to_string()
                }));
            }
            Err(e) => {
                instance.destroy_instance(None);
                return Err(nodev(e));
            }
        };
        match Self::with_device(entry.clone(), instance.clone(), found, options) {
            Ok(g) => Ok(g),
            Err(e) => {
                instance.destroy_instance(None);
                Err(e)
            }
        }
    }

    unsafe fn pick(
        instance: &ash::Instance,
        options: OpenOptions,
    ) -> VkResult<Option<(vk::PhysicalDevice, u32)>> {
        let devices = instance
            .enumerate_physical_devices()
            .map_err(ctx("vkEnumeratePhysicalDevices"))?;
        let ext = extension_name(options.cooperative_matrix);
        // (preference, device, queue family): the lowest preference wins,
        // the first device among equals.
        let mut best: Option<(u8, vk::PhysicalDevice, u32)> = None;
        for pd in devices {
            let has = has_extension(instance, pd, ext);
            let props = instance.get_physical_device_properties(pd);
            if (options.require_cooperative_matrix && !has)
                || props.api_version < vk::API_VERSION_1_3
            {
                continue;
            }
            let families = instance.get_physical_device_queue_family_properties(pd);
            let Some(q) = families.iter().position(|f| {
                f.queue_flags.contains(vk::QueueFlags::COMPUTE) && f.timestamp_valid_bits > 0
            }) else {
                continue;
            };
            let vectors =
                options.cooperative_vector && has_extension(instance, pd, coopvec_ffi::NAME);
            let preference = match (vectors, has) {
                (true, _) => 0,
                (false, true) => 1,
                (false, false) => 2,
            };
            if best.is_none_or(|(p, _, _)| preference < p) {
                best = Some((preference, pd, q as u32));
            }
        }
        Ok(best.map(|(_, pd, q)| (pd, q)))
    }

    unsafe fn with_device(
        entry: ash::Entry,
        instance: ash::Instance,
        (pd, family): (vk::PhysicalDevice, u32),
        options: OpenOptions,
    ) -> Result<Gpu, InitError> {
        let err = InitError::Vk;
        let ext = options.cooperative_matrix;
        // With NV, VK_KHR_cooperative_matrix is enabled too where the
        // device has it: glslang's reference kernels use the KHR form.
        let lists_khr = has_extension(&instance, pd, ash::khr::cooperative_matrix::NAME);
        let lists_nv = has_extension(&instance, pd, ash::nv::cooperative_matrix::NAME);
        let (khr_feature, nv_feature) = {
            let mut fkhr = vk::PhysicalDeviceCooperativeMatrixFeaturesKHR::default();
            let mut fnv = vk::PhysicalDeviceCooperativeMatrixFeaturesNV::default();
            let mut f2 = vk::PhysicalDeviceFeatures2::default();
            if lists_khr {
                f2 = f2.push_next(&mut fkhr);
            }
            if lists_nv {
                f2 = f2.push_next(&mut fnv);
            }
            instance.get_physical_device_features2(pd, &mut f2);
            (
                lists_khr && fkhr.cooperative_matrix != 0,
                lists_nv && fnv.cooperative_matrix != 0,
            )
        };
        let (required, feature) = match ext {
            CooperativeMatrixExtension::Nv => ("VK_NV_cooperative_matrix", nv_feature),
            CooperativeMatrixExtension::Khr => ("VK_KHR_cooperative_matrix", khr_feature),
        };
        if !feature && options.require_cooperative_matrix {
            return Err(InitError::NoDevice(format!(
                "the device lists {required} but not its cooperativeMatrix feature"
            )));
        }
        // Without the feature (allowed when not required), no cooperative
        // matrices at all: no configs, no extension.
        let nv = feature && ext == CooperativeMatrixExtension::Nv;
        let bf16 = feature
            && !nv
            && has_extension(&instance, pd, BF16_NAME)
            && bf16_matrices(&instance, pd);
        let props = if feature {
            query_properties(&entry, &instance, pd, ext, bf16).map_err(err)?
        } else {
            Properties {
                khr: Vec::new(),
                nv: Vec::new(),
                configs: Vec::new(),
            }
        };
        let vectors = Vectors::query(&entry, &instance, pd, options.cooperative_vector);

        let mut p12 = vk::PhysicalDeviceVulkan12Properties::default();
        let mut p13 = vk::PhysicalDeviceVulkan13Properties::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default()
            .push_next(&mut p12)
            .push_next(&mut p13);
        instance.get_physical_device_properties2(pd, &mut p2);
        let limits = p2.properties.limits;
        let v = p2.properties.api_version;
        let info = DeviceInfo {
            name: cstr(&p2.properties.device_name),
            driver: format!("{} {}", cstr(&p12.driver_name), cstr(&p12.driver_info)),
            api_version: format!(
                "{}.{}.{}",
                vk::api_version_major(v),
                vk::api_version_minor(v),
                vk::api_version_patch(v)
            ),
            cooperative_matrix: ext,
            properties: props.khr,
            nv_properties: props.nv,
            configs: props.configs,
            min_subgroup_size: p13.min_subgroup_size,
            max_subgroup_size: p13.max_subgroup_size,
            timestamp_period: limits.timestamp_period,
            max_shared_memory: limits.max_compute_shared_memory_size,
            max_invocations: limits.max_compute_work_group_invocations,
            max_workgroup_size: limits.max_compute_work_group_size,
            cooperative_vector_rows: vectors.rows.clone(),
            cooperative_vector_configs: vectors.configs.clone(),
            cooperative_vector_stages: vectors.stages,
            max_cooperative_vector_components: vectors.max_components,
            cooperative_vector_training: vectors.training,
            cooperative_vector_training_float16_accumulation: vectors.training_f16,
            cooperative_vector_training_float32_accumulation: vectors.training_f32,
        };

        // Supported features, then enable the ones we need that exist.
        let (s10, s11, s12, s13) = {
            let mut f11 = vk::PhysicalDeviceVulkan11Features::default();
            let mut f12 = vk::PhysicalDeviceVulkan12Features::default();
            let mut f13 = vk::PhysicalDeviceVulkan13Features::default();
            let mut f2 = vk::PhysicalDeviceFeatures2::default()
                .push_next(&mut f11)
                .push_next(&mut f12)
                .push_next(&mut f13);
            instance.get_physical_device_features2(pd, &mut f2);
            let base = f2.features;
            (
                base,
                (
                    f11.storage_buffer16_bit_access,
                    f11.uniform_and_storage_buffer16_bit_access,
                ),
                (
                    f12.shader_float16,
                    f12.shader_int8,
                    f12.storage_buffer8_bit_access,
                    f12.uniform_and_storage_buffer8_bit_access,
                    f12.vulkan_memory_model,
                    f12.vulkan_memory_model_device_scope,
                    f12.uniform_buffer_standard_layout,
                ),
                (f13.subgroup_size_control, f13.compute_full_subgroups),
            )
        };
        let base = vk::PhysicalDeviceFeatures::default()
            .shader_int16(s10.shader_int16 != 0)
            .shader_int64(s10.shader_int64 != 0);
        let priorities = [1.0f32];
        let queues = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(family)
            .queue_priorities(&priorities)];
        let has_executables = has_extension(
            &instance,
            pd,
            ash::khr::pipeline_executable_properties::NAME,
        );
        let has_robustness = has_extension(&instance, pd, ash::ext::pipeline_robustness::NAME) && {
            let mut f = vk::PhysicalDevicePipelineRobustnessFeaturesEXT::default();
            let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut f);
            instance.get_physical_device_features2(pd, &mut f2);
            f.pipeline_robustness != 0
        };
        // NV first with KHR beside it; if the driver refuses both at once,
        // NV alone (glslang's reference kernels are then not run). With KHR,
        // VK_NV_cooperative_matrix2's conversions where the device has them
        // (then once more without, should the driver refuse them).
        let khr = feature && !nv;
        let (nv2, nv2_reductions) = if khr && has_extension(&instance, pd, NV2_NAME) {
            nv2_conversions(&instance, pd)
        } else {
            (false, false)
        };
        let plans: Vec<(bool, bool)> = if nv && khr_feature {
            vec![(true, false), (false, false)]
        } else if nv2 {
            vec![(true, true), (true, false)]
        } else {
            vec![(khr, false)]
        };
        // With cooperative vectors, every attempt first with them, then
        // (should the driver refuse them) every attempt without.
        let with_vectors: &[bool] = if vectors.supported {
            &[true, false]
        } else {
            &[false]
        };
        let attempts: Vec<(bool, bool, bool)> = with_vectors
            .iter()
            .flat_map(|&cv| plans.iter().map(move |&(k, n2)| (k, n2, cv)))
            .collect();
        let mut last_error = String::new();
        let mut vector_error = None;
        for (with_khr, with_nv2, with_cv) in attempts {
            // Every structure of the chain is made afresh for each attempt.
            let mut e11 = vk::PhysicalDeviceVulkan11Features::default()
                .storage_buffer16_bit_access(s11.0 != 0)
                .uniform_and_storage_buffer16_bit_access(s11.1 != 0);
            let mut e12 = vk::PhysicalDeviceVulkan12Features::default()
                .shader_float16(s12.0 != 0)
                .shader_int8(s12.1 != 0)
                .storage_buffer8_bit_access(s12.2 != 0)
                .uniform_and_storage_buffer8_bit_access(s12.3 != 0)
                .vulkan_memory_model(s12.4 != 0)
                .vulkan_memory_model_device_scope(s12.5 != 0)
                // tessera's SPIR-V for uniform buffers that need the WGSL
                // language feature uniform_buffer_standard_layout.
                .uniform_buffer_standard_layout(s12.6 != 0);
            let mut e13 = vk::PhysicalDeviceVulkan13Features::default()
                .subgroup_size_control(s13.0 != 0)
                .compute_full_subgroups(s13.1 != 0);
            let mut ekhr =
                vk::PhysicalDeviceCooperativeMatrixFeaturesKHR::default().cooperative_matrix(true);
            let mut env =
                vk::PhysicalDeviceCooperativeMatrixFeaturesNV::default().cooperative_matrix(true);
            let mut e2 = vk::PhysicalDeviceFeatures2::default()
                .features(base)
                .push_next(&mut e11)
                .push_next(&mut e12)
                .push_next(&mut e13);
            let mut exts = Vec::new();
            if with_khr {
                exts.push(ash::khr::cooperative_matrix::NAME.as_ptr());
                e2 = e2.push_next(&mut ekhr);
            }
            if nv {
                exts.push(ash::nv::cooperative_matrix::NAME.as_ptr());
                e2 = e2.push_next(&mut env);
            }
            let mut epr = vk::PhysicalDevicePipelineRobustnessFeaturesEXT::default()
                .pipeline_robustness(true);
            if has_robustness {
                exts.push(ash::ext::pipeline_robustness::NAME.as_ptr());
            }
            let mut epe = vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR::default()
                .pipeline_executable_info(true);
            if has_executables {
                exts.push(ash::khr::pipeline_executable_properties::NAME.as_ptr());
            }
            let mut ebf16 = Bf16Features::matrices();
            if bf16 {
                exts.push(BF16_NAME.as_ptr());
                ebf16.p_next = e2.p_next;
                e2.p_next = (&mut ebf16 as *mut Bf16Features).cast();
            }
            let mut env2 = Nv2Features::conversions(nv2_reductions);
            if with_nv2 {
                exts.push(NV2_NAME.as_ptr());
                env2.p_next = e2.p_next;
                e2.p_next = (&mut env2 as *mut Nv2Features).cast();
            }
            // cooperativeVector, and cooperativeVectorTraining where the
            // device has it (the outer-product and reduce-sum operations).
            let mut ecv = coopvec_ffi::FeaturesNV {
                cooperative_vector: 1,
                cooperative_vector_training: vk::Bool32::from(vectors.training),
                ..Default::default()
            };
            if with_cv {
                exts.push(coopvec_ffi::NAME.as_ptr());
                ecv.p_next = e2.p_next;
                e2.p_next = (&mut ecv as *mut coopvec_ffi::FeaturesNV).cast();
            }
            let mut dci = vk::DeviceCreateInfo::default()
                .queue_create_infos(&queues)
                .enabled_extension_names(&exts)
                .push_next(&mut e2);
            if has_executables {
                dci = dci.push_next(&mut epe);
            }
            if has_robustness {
                dci = dci.push_next(&mut epr);
            }
            let device = match instance.create_device(pd, &dci, None) {
                Ok(d) => d,
                Err(e) => {
                    last_error = format!("vkCreateDevice failed: {e:?}");
                    if with_cv {
                        vector_error.get_or_insert_with(|| {
                            format!("vkCreateDevice with VK_NV_cooperative_vector failed: {e:?}")
                        });
                    }
                    continue;
                }
            };
            let note = if with_cv {
                String::new()
            } else {
                vector_error.unwrap_or_else(|| vectors.note.clone())
            };
            let mut gpu = Self::finish(
                entry,
                instance,
                device,
                family,
                pd,
                info,
                (has_executables, has_robustness, with_khr, with_nv2),
            )?;
            gpu.cooperative_vector = with_cv;
            gpu.cooperative_vector_training = with_cv && vectors.training;
            gpu.nv_cooperative_matrix2_reductions = with_nv2 && nv2_reductions;
            gpu.cooperative_vector_note = note;
            return Ok(gpu);
        }
        Err(err(last_error))
    }

    /// The queue, command pool and query pool of a created device.
    unsafe fn finish(
        entry: ash::Entry,
        instance: ash::Instance,
        device: ash::Device,
        family: u32,
        pd: vk::PhysicalDevice,
        info: DeviceInfo,
        (has_executables, has_robustness, khr_enabled, nv_cooperative_matrix2): (
            bool,
            bool,
            bool,
            bool,
        ),
    ) -> Result<Gpu, InitError> {
        let err = InitError::Vk;
        let queue = device.get_device_queue(family, 0);
        let cmd_pool = match device.create_command_pool(
            &vk::CommandPoolCreateInfo::default()
                .queue_family_index(family)
                .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
            None,
        ) {
            Ok(p) => p,
            Err(e) => {
                device.destroy_device(None);
                return Err(err(format!("vkCreateCommandPool failed: {e:?}")));
            }
        };
        let query_pool = match device.create_query_pool(
            &vk::QueryPoolCreateInfo::default()
                .query_type(vk::QueryType::TIMESTAMP)
                .query_count(2),
            None,
        ) {
            Ok(p) => p,
            Err(e) => {
                device.destroy_command_pool(cmd_pool, None);
                device.destroy_device(None);
                return Err(err(format!("vkCreateQueryPool failed: {e:?}")));
            }
        };
        let memory = instance.get_physical_device_memory_properties(pd);
        let executables = has_executables
            .then(|| ash::khr::pipeline_executable_properties::Device::new(&instance, &device));
        Ok(Gpu {
            executables,
            pipeline_robustness: has_robustness,
            khr_enabled,
            nv_cooperative_matrix2,
            nv_cooperative_matrix2_reductions: false,
            cooperative_vector: false,
            cooperative_vector_note: String::new(),
            cooperative_vector_training: false,
            _entry: entry,
            instance,
            device,
            queue,
            cmd_pool,
            query_pool,
            memory,
            info,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_vulkan_enums() {
        assert_eq!(
            component_type(vk::ComponentTypeKHR::FLOAT16),
            Some(VulkanComponentType::Float16)
        );
        assert_eq!(
            component_type(vk::ComponentTypeKHR::UINT8),
            Some(VulkanComponentType::Uint8)
        );
        assert_eq!(
            component_type(vk::ComponentTypeKHR::from_raw(1000141000)),
            Some(VulkanComponentType::Bfloat16)
        );
        assert_eq!(component_type(vk::ComponentTypeKHR::from_raw(77)), None);
        assert_eq!(scope(vk::ScopeKHR::SUBGROUP), Some(VulkanScope::Subgroup));
        assert_eq!(scope(vk::ScopeKHR::from_raw(-1)), None);
    }

    #[test]
    fn converts_nv_properties() {
        let raw = vk::CooperativeMatrixPropertiesNV {
            m_size: 16,
            n_size: 8,
            k_size: 16,
            a_type: vk::ComponentTypeNV::FLOAT16,
            b_type: vk::ComponentTypeNV::FLOAT16,
            c_type: vk::ComponentTypeNV::FLOAT32,
            d_type: vk::ComponentTypeNV::FLOAT32,
            scope: vk::ScopeNV::SUBGROUP,
            ..Default::default()
        };
        let p = nv_properties(&raw);
        assert_eq!((p.a_type, p.c_type, p.d_type, p.scope), (0, 1, 1, 3));
        let configs = tessera::configs::from_vulkan_nv(&[p], true);
        assert_eq!(configs.len(), 1);
        assert_eq!(configs[0].to_string(), "f16:f32:16x8x16");
        let int8 = vk::CooperativeMatrixPropertiesNV {
            a_type: vk::ComponentTypeNV::SINT8,
            b_type: vk::ComponentTypeNV::SINT8,
            c_type: vk::ComponentTypeNV::SINT32,
            d_type: vk::ComponentTypeNV::SINT32,
            k_size: 32,
            ..raw
        };
        let configs = tessera::configs::from_vulkan_nv(&[nv_properties(&int8)], false);
        assert_eq!(configs[0].to_string(), "i8:i32:16x8x32");
    }

    #[test]
    fn extension_names() {
        assert_eq!(
            extension_name(CooperativeMatrixExtension::Khr),
            c"VK_KHR_cooperative_matrix"
        );
        assert_eq!(
            extension_name(CooperativeMatrixExtension::Nv),
            c"VK_NV_cooperative_matrix"
        );
    }
}

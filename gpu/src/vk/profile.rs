//! `tessera-gpu --write-profile FILE.json`: a tessera device profile
//! (`tessera::device::DeviceProfile`) from what the Vulkan device reports.
//!
//! [`query`] asks the driver (no logical device is created); [`facts`]
//! turns the Vulkan structures into `tessera::device::vulkan::VulkanDeviceFacts`
//! and is plain code, tested with made-up structures; the library's
//! `profile_from_vulkan` applies the feature rules.
//!
//! Where the device lists `VK_NV_cooperative_vector` with its
//! `cooperativeVector` feature, the facts carry the rows of
//! `vkGetPhysicalDeviceCooperativeVectorPropertiesNV` (each printed on
//! standard error, so the run log shows what the driver lists), from which
//! the library writes the profile's `cooperativeVectorConfigs` ("T:R").
//! With the `cooperativeVectorTraining` feature too, a small logical device
//! is created with the extension to measure the driver's optimal matrix
//! layouts ([`super::coopvec_convert::probe`]): its bounds, one per layout
//! and element type, become `cooperativeVectorOptimalLayouts`, and with
//! the training accumulation properties the library writes
//! `cooperativeVectorTraining`.

use ash::vk;
use tessera::back::spv::CooperativeMatrixExtension;
use tessera::configs::VulkanCooperativeMatrixProperties;
use tessera::device::vulkan::{
    profile_from_vulkan, VulkanCooperativeVectorProperties, VulkanDeviceFacts,
};
use tessera::device::DeviceProfile;

use super::{cstr, VkResult};

/// What [`query`] reads from the driver, as Vulkan's own structures (their
/// `pNext` pointers are not followed).
#[derive(Clone, Default)]
pub struct Queried<'a> {
    /// `VkPhysicalDeviceProperties` (name, limits).
    pub properties: vk::PhysicalDeviceProperties,
    /// Subgroup operations and stages.
    pub p11: vk::PhysicalDeviceVulkan11Properties<'a>,
    /// Subgroup sizes.
    pub p13: vk::PhysicalDeviceVulkan13Properties<'a>,
    /// Core features (clip distances, dual-source blending, geometry shaders).
    pub f10: vk::PhysicalDeviceFeatures,
    /// 16-bit storage.
    pub f11: vk::PhysicalDeviceVulkan11Features<'a>,
    /// `shaderFloat16`, the memory model.
    pub f12: vk::PhysicalDeviceVulkan12Features<'a>,
    /// Subgroup size control, full subgroups.
    pub f13: vk::PhysicalDeviceVulkan13Features<'a>,
    /// The cooperative-matrix feature (KHR, or NV for an NV-only driver).
    pub cooperative_matrix: bool,
    /// `shaderBFloat16Type` and `shaderBFloat16CooperativeMatrix`.
    pub bfloat16_cooperative_matrix: bool,
    /// `robustBufferAccess2` (`VK_EXT_robustness2`).
    pub robust_buffer_access2: bool,
    /// `fragmentShaderBarycentric` (`VK_KHR_fragment_shader_barycentric`).
    pub fragment_shader_barycentric: bool,
    /// `rasterizationOrderColorAttachmentAccess`
    /// (`VK_EXT_rasterization_order_attachment_access`).
    pub rasterization_order_color_attachment_access: bool,
    /// `cooperativeMatrixRobustBufferAccess` (KHR).
    pub cooperative_matrix_robust_buffer_access: bool,
    /// The cooperative-matrix properties, in KHR form.
    pub cooperative_matrix_properties: Vec<VulkanCooperativeMatrixProperties>,
    /// `cooperativeVector` (`VK_NV_cooperative_vector`).
    pub cooperative_vector: bool,
    /// The rows of `vkGetPhysicalDeviceCooperativeVectorPropertiesNV`
    /// (empty without the feature).
    pub cooperative_vector_properties: Vec<VulkanCooperativeVectorProperties>,
    /// `maxCooperativeVectorComponents` (0 without the feature).
    pub max_cooperative_vector_components: u32,
    /// `cooperativeVectorTraining` (the feature).
    pub cooperative_vector_training: bool,
    /// `cooperativeVectorTrainingFloat16Accumulation`.
    pub cooperative_vector_training_float16_accumulation: bool,
    /// `cooperativeVectorTrainingFloat32Accumulation`.
    pub cooperative_vector_training_float32_accumulation: bool,
    /// The measured bounds on the optimal layouts, per layout and element
    /// type (empty: not measured).
    pub cooperative_vector_optimal_layouts: Vec<tessera::configs::OptimalLayoutBound>,
}

/// The facts tessera's profile rules read, from the queried structures.
pub fn facts(q: &Queried<'_>) -> VulkanDeviceFacts {
    let on = |b: vk::Bool32| b != 0;
    let limits = &q.properties.limits;
    VulkanDeviceFacts {
        device_name: cstr(&q.properties.device_name),
        shader_clip_distance: on(q.f10.shader_clip_distance),
        dual_src_blend: on(q.f10.dual_src_blend),
        geometry_shader: on(q.f10.geometry_shader),
        fragment_shader_barycentric: q.fragment_shader_barycentric,
        shader_int64: on(q.f10.shader_int64),
        shader_buffer_int64_atomics: on(q.f12.shader_buffer_int64_atomics),
        rasterization_order_color_attachment_access: q.rasterization_order_color_attachment_access,
        runtime_descriptor_array: on(q.f12.runtime_descriptor_array),
        descriptor_binding_partially_bound: on(q.f12.descriptor_binding_partially_bound),
        descriptor_binding_variable_descriptor_count: on(q
            .f12
            .descriptor_binding_variable_descriptor_count),
        descriptor_binding_sampled_image_update_after_bind: on(q
            .f12
            .descriptor_binding_sampled_image_update_after_bind),
        storage_buffer_16bit_access: on(q.f11.storage_buffer16_bit_access),
        uniform_and_storage_buffer_16bit_access: on(q.f11.uniform_and_storage_buffer16_bit_access),
        shader_float16: on(q.f12.shader_float16),
        vulkan_memory_model: on(q.f12.vulkan_memory_model),
        uniform_buffer_standard_layout: on(q.f12.uniform_buffer_standard_layout),
        subgroup_size_control: on(q.f13.subgroup_size_control),
        compute_full_subgroups: on(q.f13.compute_full_subgroups),
        subgroup_supported_operations: q.p11.subgroup_supported_operations.as_raw(),
        subgroup_supported_stages: q.p11.subgroup_supported_stages.as_raw(),
        cooperative_matrix: q.cooperative_matrix,
        bfloat16_cooperative_matrix: q.bfloat16_cooperative_matrix,
        robust_buffer_access2: q.robust_buffer_access2,
        cooperative_matrix_robust_buffer_access: q.cooperative_matrix_robust_buffer_access,
        cooperative_matrix_properties: q.cooperative_matrix_properties.clone(),
        max_compute_work_group_size: limits.max_compute_work_group_size,
        max_compute_work_group_invocations: limits.max_compute_work_group_invocations,
        max_compute_shared_memory_size: limits.max_compute_shared_memory_size,
        max_push_constants_size: limits.max_push_constants_size,
        min_subgroup_size: q.p13.min_subgroup_size,
        max_subgroup_size: q.p13.max_subgroup_size,
        cooperative_vector: q.cooperative_vector,
        cooperative_vector_properties: q.cooperative_vector_properties.clone(),
        max_cooperative_vector_components: q.max_cooperative_vector_components,
        cooperative_vector_training: q.cooperative_vector && q.cooperative_vector_training,
        cooperative_vector_training_float16_accumulation: q
            .cooperative_vector_training_float16_accumulation,
        cooperative_vector_training_float32_accumulation: q
            .cooperative_vector_training_float32_accumulation,
        cooperative_vector_optimal_layouts: q.cooperative_vector_optimal_layouts.clone(),
    }
}

/// The profile of the first Vulkan device (API 1.3 or later) that lists
/// `VK_KHR_cooperative_matrix` or `VK_NV_cooperative_matrix`, else of the
/// first device at all.
pub fn query() -> Result<DeviceProfile, String> {
    query_device().map(|q| profile_from_vulkan(&facts(&q)))
}

/// The queried structures of the device [`query`] describes.
fn query_device() -> Result<Queried<'static>, String> {
    // SAFETY: the loader is opened and the instance destroyed before
    // returning; only physical-device queries are made.
    unsafe {
        let entry = ash::Entry::load().map_err(|e| format!("no Vulkan loader: {e}"))?;
        let app = vk::ApplicationInfo::default()
            .application_name(c"tessera-gpu")
            .api_version(vk::API_VERSION_1_3);
        let instance = entry
            .create_instance(
                &vk::InstanceCreateInfo::default().application_info(&app),
                None,
            )
            .map_err(|e| format!("vkCreateInstance failed: {e:?}"))?;
        let result = query_instance(&entry, &instance);
        instance.destroy_instance(None);
        result
    }
}

/// `--write-profile FILE.json`: queries the device and writes its profile
/// to `path` (`-`: standard output). The profile's name, or the exit
/// status and message: `no_device` without a Vulkan device, 2 when the
/// file cannot be written.
pub fn write(path: &std::path::Path, no_device: u8) -> Result<String, (u8, String)> {
    let profile = query().map_err(|why| {
        (
            no_device,
            format!("no Vulkan device to write a profile of ({why})"),
        )
    })?;
    let json = profile.to_json();
    let written = if path == std::path::Path::new("-") {
        use std::io::Write;
        std::io::stdout().write_all(json.as_bytes())
    } else {
        std::fs::write(path, &json)
    };
    written
        .map(|()| profile.name)
        .map_err(|e| (2, format!("cannot write {}: {e}", path.display())))
}

unsafe fn query_instance(
    entry: &ash::Entry,
    instance: &ash::Instance,
) -> Result<Queried<'static>, String> {
    let devices = instance
        .enumerate_physical_devices()
        .map_err(|e| format!("vkEnumeratePhysicalDevices failed: {e:?}"))?;
    let recent: Vec<vk::PhysicalDevice> = devices
        .iter()
        .copied()
        .filter(|&pd| {
            instance.get_physical_device_properties(pd).api_version >= vk::API_VERSION_1_3
        })
        .collect();
    let lists = |pd, name| super::device::has_extension(instance, pd, name);
    let khr = ash::khr::cooperative_matrix::NAME;
    let nv = ash::nv::cooperative_matrix::NAME;
    let pd = recent
        .iter()
        .copied()
        .find(|&pd| lists(pd, khr) || lists(pd, nv))
        .or_else(|| recent.first().copied())
        .ok_or("no Vulkan device with API 1.3 or later")?;
    read(entry, instance, pd)
}

unsafe fn read(
    entry: &ash::Entry,
    instance: &ash::Instance,
    pd: vk::PhysicalDevice,
) -> VkResult<Queried<'static>> {
    let lists = |name| super::device::has_extension(instance, pd, name);
    let lists_khr = lists(ash::khr::cooperative_matrix::NAME);
    let lists_nv = lists(ash::nv::cooperative_matrix::NAME);

    let mut p11 = vk::PhysicalDeviceVulkan11Properties::default();
    let mut p13 = vk::PhysicalDeviceVulkan13Properties::default();
    let mut p2 = vk::PhysicalDeviceProperties2::default()
        .push_next(&mut p11)
        .push_next(&mut p13);
    instance.get_physical_device_properties2(pd, &mut p2);
    let properties = p2.properties;

    let mut f11 = vk::PhysicalDeviceVulkan11Features::default();
    let mut f12 = vk::PhysicalDeviceVulkan12Features::default();
    let mut f13 = vk::PhysicalDeviceVulkan13Features::default();
    let mut fkhr = vk::PhysicalDeviceCooperativeMatrixFeaturesKHR::default();
    let mut fnv = vk::PhysicalDeviceCooperativeMatrixFeaturesNV::default();
    let lists_robustness2 = lists(ash::ext::robustness2::NAME);
    let mut frb2 = vk::PhysicalDeviceRobustness2FeaturesEXT::default();
    let lists_barycentric = lists(ash::khr::fragment_shader_barycentric::NAME);
    let mut fbary = vk::PhysicalDeviceFragmentShaderBarycentricFeaturesKHR::default();
    let lists_raster_order = lists(ash::ext::rasterization_order_attachment_access::NAME);
    let mut fro = vk::PhysicalDeviceRasterizationOrderAttachmentAccessFeaturesEXT::default();
    let mut f2 = vk::PhysicalDeviceFeatures2::default()
        .push_next(&mut f11)
        .push_next(&mut f12)
        .push_next(&mut f13);
    if lists_khr {
        f2 = f2.push_next(&mut fkhr);
    }
    if lists_nv {
        f2 = f2.push_next(&mut fnv);
    }
    if lists_robustness2 {
        f2 = f2.push_next(&mut frb2);
    }
    if lists_barycentric {
        f2 = f2.push_next(&mut fbary);
    }
    if lists_raster_order {
        f2 = f2.push_next(&mut fro);
    }
    instance.get_physical_device_features2(pd, &mut f2);
    let f10 = f2.features;
    let khr_feature = lists_khr && fkhr.cooperative_matrix != 0;
    let nv_feature = lists_nv && fnv.cooperative_matrix != 0;
    let bf16 = lists(super::device::BF16_NAME) && super::device::bf16_matrices(instance, pd);

    let cooperative_matrix_properties = if khr_feature {
        super::device::query_properties(entry, instance, pd, CooperativeMatrixExtension::Khr, bf16)?
            .khr
    } else if nv_feature {
        super::device::query_properties(entry, instance, pd, CooperativeMatrixExtension::Nv, false)?
            .khr
    } else {
        Vec::new()
    };
    let lists_vectors = lists(super::coopvec_ffi::NAME);
    let cooperative_vector = lists_vectors && super::coopvec_ffi::feature(instance, pd);
    let mut max_cooperative_vector_components = 0;
    let mut training = (false, false, false, Vec::new());
    let cooperative_vector_properties = if cooperative_vector {
        let rows = super::coopvec_ffi::properties(entry, instance, pd)?;
        let dp = super::coopvec_ffi::device_properties(instance, pd);
        max_cooperative_vector_components = dp.max_cooperative_vector_components;
        let feature = super::coopvec_ffi::features(instance, pd).cooperative_vector_training != 0;
        training = (
            feature,
            dp.cooperative_vector_training_float16_accumulation != 0,
            dp.cooperative_vector_training_float32_accumulation != 0,
            Vec::new(),
        );
        eprintln!(
            "VK_NV_cooperative_vector: cooperativeVectorTraining={feature} Float16Accumulation={} Float32Accumulation={}",
            training.1, training.2
        );
        if feature {
            match probe_layouts(instance, pd) {
                Ok(p) => {
                    let bounds: Vec<String> = p.bounds.iter().map(|b| b.to_string()).collect();
                    eprintln!(
                        "optimal-layout probe: {} sizes, bounds {bounds:?}{}",
                        p.sizes.len(),
                        if p.errors.is_empty() {
                            String::new()
                        } else {
                            format!("; errors: {}", p.errors.join("; "))
                        }
                    );
                    training.3 = p.bounds;
                }
                Err(e) => eprintln!("optimal-layout probe failed: {e}"),
            }
        }
        eprintln!(
            "VK_NV_cooperative_vector: cooperativeVectorSupportedStages={:?} maxCooperativeVectorComponents={}; {} vkGetPhysicalDeviceCooperativeVectorPropertiesNV rows:",
            dp.cooperative_vector_supported_stages,
            dp.max_cooperative_vector_components,
            rows.len()
        );
        for (i, row) in rows.iter().enumerate() {
            eprintln!("  [{i}] {}", row.describe());
        }
        rows.iter().map(super::coopvec_ffi::mirror).collect()
    } else {
        if lists_vectors {
            eprintln!("VK_NV_cooperative_vector is listed without its cooperativeVector feature");
        }
        Vec::new()
    };
    // Copies without the pNext chains (which point at the locals above).
    let unchained = Queried {
        properties,
        p11: vk::PhysicalDeviceVulkan11Properties {
            p_next: std::ptr::null_mut(),
            ..p11
        },
        p13: vk::PhysicalDeviceVulkan13Properties {
            p_next: std::ptr::null_mut(),
            ..p13
        },
        f10,
        f11: vk::PhysicalDeviceVulkan11Features {
            p_next: std::ptr::null_mut(),
            ..f11
        },
        f12: vk::PhysicalDeviceVulkan12Features {
            p_next: std::ptr::null_mut(),
            ..f12
        },
        f13: vk::PhysicalDeviceVulkan13Features {
            p_next: std::ptr::null_mut(),
            ..f13
        },
        cooperative_matrix: khr_feature || nv_feature,
        bfloat16_cooperative_matrix: bf16,
        robust_buffer_access2: lists_robustness2 && frb2.robust_buffer_access2 != 0,
        fragment_shader_barycentric: lists_barycentric && fbary.fragment_shader_barycentric != 0,
        rasterization_order_color_attachment_access: lists_raster_order
            && fro.rasterization_order_color_attachment_access != 0,
        cooperative_matrix_robust_buffer_access: khr_feature
            && fkhr.cooperative_matrix_robust_buffer_access != 0,
        cooperative_matrix_properties,
        cooperative_vector,
        cooperative_vector_properties,
        max_cooperative_vector_components,
        cooperative_vector_training: training.0,
        cooperative_vector_training_float16_accumulation: training.1,
        cooperative_vector_training_float32_accumulation: training.2,
        cooperative_vector_optimal_layouts: training.3,
    };
    Ok(unchained)
}

/// The optimal-layout probe on a logical device created for it (one queue
/// of family 0, `VK_NV_cooperative_vector` with both features), destroyed
/// afterwards.
unsafe fn probe_layouts(
    instance: &ash::Instance,
    pd: vk::PhysicalDevice,
) -> VkResult<super::coopvec_convert::Probe> {
    let priorities = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default()
        .queue_family_index(0)
        .queue_priorities(&priorities)];
    let exts = [super::coopvec_ffi::NAME.as_ptr()];
    let mut features = super::coopvec_ffi::FeaturesNV {
        cooperative_vector: 1,
        cooperative_vector_training: 1,
        ..Default::default()
    };
    let mut f2 = vk::PhysicalDeviceFeatures2 {
        p_next: (&mut features as *mut super::coopvec_ffi::FeaturesNV).cast(),
        ..Default::default()
    };
    let info = vk::DeviceCreateInfo::default()
        .queue_create_infos(&queues)
        .enabled_extension_names(&exts)
        .push_next(&mut f2);
    let device = instance
        .create_device(pd, &info, None)
        .map_err(|e| format!("vkCreateDevice with VK_NV_cooperative_vector failed: {e:?}"))?;
    let probe = super::coopvec_convert::Converter::load(instance, &device)
        .map(|c| super::coopvec_convert::probe(&c));
    device.destroy_device(None);
    probe
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera::configs::{VulkanComponentType as V, VulkanScope};
    use tessera::device::Features;

    /// An H100 as the driver describes it (driver 580), made up from the
    /// values `results-h100-conformance-khr.json` records and NVIDIA's
    /// published Vulkan limits.
    fn h100() -> Queried<'static> {
        let mut properties = vk::PhysicalDeviceProperties::default();
        for (dst, src) in properties
            .device_name
            .iter_mut()
            .zip(b"NVIDIA H100 80GB HBM3")
        {
            *dst = *src as std::ffi::c_char;
        }
        properties.limits.max_compute_work_group_size = [1024, 1024, 64];
        properties.limits.max_compute_work_group_invocations = 1024;
        properties.limits.max_compute_shared_memory_size = 49152;
        properties.limits.max_push_constants_size = 256;
        let prop = |a, c, m, n, k| VulkanCooperativeMatrixProperties {
            m_size: m,
            n_size: n,
            k_size: k,
            a_type: a,
            b_type: a,
            c_type: c,
            result_type: c,
            saturating_accumulation: false,
            scope: VulkanScope::Subgroup,
        };
        Queried {
            properties,
            p11: vk::PhysicalDeviceVulkan11Properties {
                subgroup_supported_operations: vk::SubgroupFeatureFlags::from_raw(0xff),
                subgroup_supported_stages: vk::ShaderStageFlags::ALL,
                ..Default::default()
            },
            p13: vk::PhysicalDeviceVulkan13Properties {
                min_subgroup_size: 32,
                max_subgroup_size: 32,
                ..Default::default()
            },
            f10: vk::PhysicalDeviceFeatures {
                shader_clip_distance: 1,
                dual_src_blend: 1,
                geometry_shader: 1,
                ..Default::default()
            },
            f11: vk::PhysicalDeviceVulkan11Features {
                storage_buffer16_bit_access: 1,
                uniform_and_storage_buffer16_bit_access: 1,
                ..Default::default()
            },
            f12: vk::PhysicalDeviceVulkan12Features {
                shader_float16: 1,
                vulkan_memory_model: 1,
                uniform_buffer_standard_layout: 1,
                ..Default::default()
            },
            f13: vk::PhysicalDeviceVulkan13Features {
                subgroup_size_control: 1,
                compute_full_subgroups: 1,
                ..Default::default()
            },
            cooperative_matrix: true,
            bfloat16_cooperative_matrix: true,
            // Not recorded when the H100 profile was written.
            robust_buffer_access2: false,
            fragment_shader_barycentric: false,
            rasterization_order_color_attachment_access: false,
            cooperative_matrix_robust_buffer_access: false,
            cooperative_matrix_properties: vec![
                prop(V::Float16, V::Float16, 16, 16, 16),
                prop(V::Float16, V::Float16, 16, 8, 16),
                prop(V::Float16, V::Float16, 16, 8, 8),
                prop(V::Float16, V::Float32, 16, 16, 16),
                prop(V::Float16, V::Float32, 16, 8, 16),
                prop(V::Float16, V::Float32, 16, 8, 8),
                prop(V::Uint8, V::Uint32, 16, 16, 32),
                prop(V::Sint8, V::Sint32, 16, 16, 32),
                prop(V::Uint8, V::Uint32, 16, 8, 32),
                prop(V::Sint8, V::Sint32, 16, 8, 32),
                prop(V::Bfloat16, V::Float32, 16, 16, 16),
            ],
            cooperative_vector: false,
            cooperative_vector_properties: Vec::new(),
            max_cooperative_vector_components: 0,
            cooperative_vector_training: false,
            cooperative_vector_training_float16_accumulation: false,
            cooperative_vector_training_float32_accumulation: false,
            cooperative_vector_optimal_layouts: Vec::new(),
        }
    }

    #[test]
    fn cooperative_vector_configs_join_the_profile() {
        use super::super::coopvec_ffi::{mirror, PropertiesNV};
        use vk::ComponentTypeKHR as C;
        let row = |t: C, r: C| PropertiesNV {
            input_type: t,
            input_interpretation: t,
            matrix_interpretation: t,
            bias_interpretation: t,
            result_type: r,
            ..Default::default()
        };
        let rows = [
            row(C::FLOAT16, C::FLOAT16),
            row(C::FLOAT16, C::FLOAT32),
            row(C::SINT8, C::SINT32),
        ];
        let q = Queried {
            cooperative_vector: true,
            cooperative_vector_properties: rows.iter().map(mirror).collect(),
            ..h100()
        };
        let json = profile_from_vulkan(&facts(&q)).to_json();
        let shipped = include_str!("../../../profiles/h100-vulkan.json");
        let member = ",\n  \"cooperativeVectorConfigs\": [\n    \"f16:f16\",\n    \"f16:f32\"\n  ]";
        // After the other members (the H100 profile has no `robustness`);
        // every other member as without them.
        let at = shipped.rfind("\n}").expect("closing brace");
        assert_eq!(
            json,
            format!("{}{member}{}", &shipped[..at], &shipped[at..])
        );
        let back = DeviceProfile::from_json(&json).expect("parses");
        assert_eq!(back.cooperative_vector_configs.len(), 2);
        // Without the feature: no member.
        let off = Queried {
            cooperative_vector: false,
            ..q
        };
        assert_eq!(profile_from_vulkan(&facts(&off)).to_json(), shipped);
    }

    #[test]
    fn training_facts_reach_the_profile() {
        use super::super::coopvec_ffi::{mirror, PropertiesNV};
        let q = Queried {
            cooperative_vector: true,
            cooperative_vector_properties: vec![mirror(&PropertiesNV::default())],
            cooperative_vector_training: true,
            cooperative_vector_training_float16_accumulation: true,
            cooperative_vector_training_float32_accumulation: true,
            cooperative_vector_optimal_layouts: ["inference:f16:8x16", "training:f16:8x8x2"]
                .iter()
                .filter_map(|s| s.parse().ok())
                .collect(),
            ..h100()
        };
        let f = facts(&q);
        assert!(f.cooperative_vector_training);
        let json = profile_from_vulkan(&f).to_json();
        assert!(
            json.contains("\"cooperativeVectorTraining\": [\"f16\", \"f32\"]")
                && json.contains("\"cooperativeVectorOptimalLayouts\": [\"inference:f16:8x16\", \"training:f16:8x8x2\"]"),
            "{json}"
        );
        // Without a measured bound: the training types, no bounds.
        let unmeasured = Queried {
            cooperative_vector_optimal_layouts: Vec::new(),
            ..q.clone()
        };
        let json = profile_from_vulkan(&facts(&unmeasured)).to_json();
        assert!(json.contains("cooperativeVectorTraining") && !json.contains("OptimalLayouts"));
        // The feature without the extension's main feature: nothing.
        let off = Queried {
            cooperative_vector: false,
            ..q
        };
        assert!(!facts(&off).cooperative_vector_training);
    }

    #[test]
    fn robustness_features_reach_the_profile() {
        let q = Queried {
            robust_buffer_access2: true,
            ..h100()
        };
        let r = profile_from_vulkan(&facts(&q)).robustness;
        assert!(r.robust_buffer_access2 && !r.cooperative_matrix_robust_buffer_access);
        // The H200's profile, written by --write-profile on the device.
        let shipped = include_str!("../../../profiles/h200-vulkan.json");
        assert!(shipped.contains("\"robustBufferAccess2\": true"));
    }

    #[test]
    fn h100_facts_give_the_shipped_profile() {
        let profile = profile_from_vulkan(&facts(&h100()));
        let shipped = include_str!("../../../profiles/h100-vulkan.json");
        assert_eq!(profile.to_json(), shipped);
    }

    #[test]
    fn missing_features() {
        // A device without geometry shaders, 16-bit storage or cooperative
        // matrices.
        let mut q = h100();
        q.f10.geometry_shader = 0;
        q.f11.uniform_and_storage_buffer16_bit_access = 0;
        q.cooperative_matrix = false;
        let p = profile_from_vulkan(&facts(&q));
        assert_eq!(
            p.features,
            Features::SUBGROUPS
                | Features::SUBGROUP_SIZE_CONTROL
                | Features::CLIP_DISTANCES
                | Features::DUAL_SOURCE_BLENDING
        );
        assert_eq!(p.subgroup_matrix_configs, Some(Vec::new()));
        assert_eq!(p.limits.max_immediate_size, Some(256));
        assert_eq!(p.name, "NVIDIA H100 80GB HBM3 (Vulkan)");
        // Subgroup operations only in compute shaders: no subgroups.
        let mut q = h100();
        q.p11.subgroup_supported_stages = vk::ShaderStageFlags::COMPUTE;
        let p = profile_from_vulkan(&facts(&q));
        assert!(!p.features.contains(Features::SUBGROUPS));
        assert_eq!(p.limits.subgroup_min_size, None);
    }
}

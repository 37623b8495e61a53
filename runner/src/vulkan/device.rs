//! Opening a Vulkan device: the loader, the instance, the choice of the
//! physical device, what it reports (for tessera's device profile), and a
//! logical device with every feature the device has that tessera's SPIR-V
//! may need, robustness excepted.
//!
//! Robust buffer and image access stay off: WGSL's robustness is the
//! compiler's job here, and a driver that clamped accesses would hide a
//! missing check.

use std::ffi::CStr;

use ash::vk;
use tessera::configs::{VulkanComponentType, VulkanCooperativeMatrixProperties, VulkanScope};
use tessera::device::vulkan::VulkanDeviceFacts;

use crate::RunError;

/// Which physical device to open (`--device`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceChoice {
    /// The first GPU, else the first device of any type (lavapipe).
    First,
    /// The device at this index of the loader's list.
    Index(usize),
    /// The first device whose name contains this text (any case).
    Name(String),
}

impl DeviceChoice {
    /// `INDEX` or `NAME`, as `--device` takes it.
    pub fn parse(text: &str) -> DeviceChoice {
        match text.trim().parse::<usize>() {
            Ok(i) => DeviceChoice::Index(i),
            Err(_) => DeviceChoice::Name(text.trim().to_string()),
        }
    }
}

/// What the runner knows about the opened device.
#[derive(Clone, Debug)]
pub struct DeviceInfo {
    /// `deviceName`.
    pub name: String,
    /// The driver's name and version text.
    pub driver: String,
    /// Vulkan API version as `major.minor.patch`.
    pub api_version: String,
    /// The raw API version.
    pub api: u32,
    /// What tessera's device profile is made of.
    pub facts: VulkanDeviceFacts,
    /// `maxComputeWorkGroupCount`.
    pub max_workgroup_count: [u32; 3],
    /// `minStorageBufferOffsetAlignment`.
    pub storage_offset_alignment: u64,
    /// `minUniformBufferOffsetAlignment`.
    pub uniform_offset_alignment: u64,
    /// `VK_KHR_cooperative_matrix` is enabled.
    pub khr_cooperative_matrix: bool,
    /// `VK_NV_cooperative_matrix` is enabled.
    pub nv_cooperative_matrix: bool,
    /// `VK_NV_cooperative_matrix2` is enabled (conversions and per-element
    /// operations).
    pub nv_cooperative_matrix2: bool,
    /// `uniformBufferStandardLayout` is enabled.
    pub uniform_buffer_standard_layout: bool,
    /// `subgroupSizeControl` and `computeFullSubgroups` are enabled.
    pub subgroup_size_control: bool,
    /// `runtimeDescriptorArray` is enabled: a shader may declare a
    /// descriptor array without a size (a runtime-sized resource table,
    /// [`crate::vulkan::Resource::Table`]); without it, tables are read
    /// through fixed-size arrays.
    pub runtime_descriptor_array: bool,
    /// `shaderSampledImageArrayNonUniformIndexing` is enabled: sampled
    /// image and combined image-sampler arrays (binding arrays, resource
    /// tables) may be indexed with a non-uniform index decorated
    /// `NonUniform`.
    pub sampled_image_array_non_uniform_indexing: bool,
}

/// An opened logical device with its queue and command pool.
pub struct Device {
    pub(crate) _entry: ash::Entry,
    pub(crate) instance: ash::Instance,
    pub(crate) physical: vk::PhysicalDevice,
    pub(crate) device: ash::Device,
    pub(crate) queue: vk::Queue,
    pub(crate) pool: vk::CommandPool,
    pub(crate) memory: vk::PhysicalDeviceMemoryProperties,
    /// What the device reports.
    pub info: DeviceInfo,
    /// How long a dispatch may take before it counts as hung.
    pub timeout: std::time::Duration,
    /// A dispatch did not finish: the device is left as it is (a CPU
    /// driver's threads may still run the shader) and nothing more is
    /// submitted or destroyed.
    pub(crate) hung: std::cell::Cell<bool>,
}

impl Drop for Device {
    fn drop(&mut self) {
        if self.hung.get() {
            // Waiting would never end; the objects are left to the process's
            // exit.
            return;
        }
        // SAFETY: every submission was waited for; children go before the
        // device, the device before the instance.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_command_pool(self.pool, None);
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// `VK_KHR_shader_bfloat16` (not in ash 0.38).
const BF16_NAME: &CStr = c"VK_KHR_shader_bfloat16";
/// `VK_NV_cooperative_matrix2` (not in ash 0.38).
const NV2_NAME: &CStr = c"VK_NV_cooperative_matrix2";

/// `VkPhysicalDeviceShaderBfloat16FeaturesKHR` (sType 1000141000).
#[repr(C)]
struct Bf16Features {
    s_type: vk::StructureType,
    p_next: *mut std::ffi::c_void,
    ty: vk::Bool32,
    dot_product: vk::Bool32,
    cooperative_matrix: vk::Bool32,
}

/// `VkPhysicalDeviceCooperativeMatrix2FeaturesNV` (sType 1000593000).
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

fn cstr(bytes: &[std::ffi::c_char]) -> String {
    let b: Vec<u8> = bytes
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&b).into_owned()
}

fn version(v: u32) -> String {
    format!(
        "{}.{}.{}",
        vk::api_version_major(v),
        vk::api_version_minor(v),
        vk::api_version_patch(v)
    )
}

/// Whether `pd` lists the device extension `name`.
unsafe fn lists(instance: &ash::Instance, pd: vk::PhysicalDevice, name: &CStr) -> bool {
    instance
        .enumerate_device_extension_properties(pd)
        .map(|all| {
            all.iter()
                .any(|e| e.extension_name_as_c_str().ok() == Some(name))
        })
        .unwrap_or(false)
}

/// The names and types of the devices the loader lists, in its order.
pub fn list() -> Result<Vec<String>, RunError> {
    // SAFETY: the instance is destroyed before returning; only physical
    // device properties are read.
    unsafe {
        let (entry, instance) = open_instance()?;
        let _ = &entry;
        let r = instance
            .enumerate_physical_devices()
            .map(|devices| {
                devices
                    .iter()
                    .enumerate()
                    .map(|(i, &pd)| {
                        let p = instance.get_physical_device_properties(pd);
                        format!(
                            "{i}: {} ({:?}, Vulkan {})",
                            cstr(&p.device_name),
                            p.device_type,
                            version(p.api_version)
                        )
                    })
                    .collect()
            })
            .map_err(|e| RunError::device(format!("vkEnumeratePhysicalDevices failed: {e:?}")));
        instance.destroy_instance(None);
        r
    }
}

unsafe fn open_instance() -> Result<(ash::Entry, ash::Instance), RunError> {
    let entry = ash::Entry::load().map_err(|e| {
        RunError::device(format!(
            "no Vulkan loader ({e}); install one (Debian: libvulkan1) and a driver (a GPU's, or Mesa's CPU driver lavapipe: mesa-vulkan-drivers)"
        ))
    })?;
    // Ask for the newest API the loader knows, up to 1.3.
    let loader = entry
        .try_enumerate_instance_version()
        .ok()
        .flatten()
        .unwrap_or(vk::API_VERSION_1_0);
    if loader < vk::API_VERSION_1_2 {
        return Err(RunError::device(format!(
            "the Vulkan loader is version {}; `tessera run` needs Vulkan 1.2 or later",
            version(loader)
        )));
    }
    let app = vk::ApplicationInfo::default()
        .application_name(c"tessera run")
        .api_version(loader.min(vk::API_VERSION_1_3));
    let instance = entry
        .create_instance(
            &vk::InstanceCreateInfo::default().application_info(&app),
            None,
        )
        .map_err(|e| RunError::device(format!("vkCreateInstance failed: {e:?}")))?;
    Ok((entry, instance))
}

impl Device {
    /// Opens the device `choice` names, with every feature tessera's
    /// output may use that the device has; `nv_matrices` opens it with
    /// `VK_NV_cooperative_matrix` (for `--spirv-cooperative-matrix nv`).
    pub fn open(choice: &DeviceChoice, nv_matrices: bool) -> Result<Device, RunError> {
        // SAFETY: everything created is destroyed on failure or in Drop.
        unsafe {
            let (entry, instance) = open_instance()?;
            match Self::open_in(entry.clone(), instance.clone(), choice, nv_matrices) {
                Ok(d) => Ok(d),
                Err(e) => {
                    instance.destroy_instance(None);
                    Err(e)
                }
            }
        }
    }

    unsafe fn open_in(
        entry: ash::Entry,
        instance: ash::Instance,
        choice: &DeviceChoice,
        nv_matrices: bool,
    ) -> Result<Device, RunError> {
        let devices = instance
            .enumerate_physical_devices()
            .map_err(|e| RunError::device(format!("vkEnumeratePhysicalDevices failed: {e:?}")))?;
        if devices.is_empty() {
            return Err(RunError::device(
                "no Vulkan device found (for a machine without a GPU, install Mesa's CPU driver lavapipe: mesa-vulkan-drivers)",
            ));
        }
        let props: Vec<vk::PhysicalDeviceProperties> = devices
            .iter()
            .map(|&pd| instance.get_physical_device_properties(pd))
            .collect();
        let names = || {
            props
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{i}: {}", cstr(&p.device_name)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let index = match choice {
            DeviceChoice::First => props
                .iter()
                .position(|p| p.device_type != vk::PhysicalDeviceType::CPU)
                .unwrap_or(0),
            DeviceChoice::Index(i) if *i < devices.len() => *i,
            DeviceChoice::Index(i) => {
                return Err(RunError::device(format!(
                    "no Vulkan device {i} (devices: {})",
                    names()
                )))
            }
            DeviceChoice::Name(n) => {
                let lower = n.to_lowercase();
                props
                    .iter()
                    .position(|p| cstr(&p.device_name).to_lowercase().contains(&lower))
                    .ok_or_else(|| {
                        RunError::device(format!(
                            "no Vulkan device named like `{n}` (devices: {})",
                            names()
                        ))
                    })?
            }
        };
        let pd = devices[index];
        let p = props[index];
        if p.api_version < vk::API_VERSION_1_2 {
            return Err(RunError::device(format!(
                "{} supports Vulkan {}; `tessera run` needs 1.2 or later",
                cstr(&p.device_name),
                version(p.api_version)
            )));
        }
        let family = instance
            .get_physical_device_queue_family_properties(pd)
            .iter()
            .position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
            .ok_or_else(|| {
                RunError::device(format!("{} has no compute queue", cstr(&p.device_name)))
            })? as u32;
        Self::create(entry, instance, pd, family, nv_matrices)
    }

    unsafe fn create(
        entry: ash::Entry,
        instance: ash::Instance,
        pd: vk::PhysicalDevice,
        family: u32,
        nv_matrices: bool,
    ) -> Result<Device, RunError> {
        let api = instance.get_physical_device_properties(pd).api_version;
        let v13 = api >= vk::API_VERSION_1_3;
        let has_khr = lists(&instance, pd, ash::khr::cooperative_matrix::NAME);
        let has_nv = nv_matrices && lists(&instance, pd, ash::nv::cooperative_matrix::NAME);
        let has_bf16 = has_khr && lists(&instance, pd, BF16_NAME);
        let has_nv2 = has_khr && lists(&instance, pd, NV2_NAME);

        // What the device supports.
        let mut f11 = vk::PhysicalDeviceVulkan11Features::default();
        let mut f12 = vk::PhysicalDeviceVulkan12Features::default();
        let mut f13 = vk::PhysicalDeviceVulkan13Features::default();
        let mut fkhr = vk::PhysicalDeviceCooperativeMatrixFeaturesKHR::default();
        let mut fnv = vk::PhysicalDeviceCooperativeMatrixFeaturesNV::default();
        let mut fbf16 = Bf16Features {
            s_type: vk::StructureType::from_raw(1_000_141_000),
            p_next: std::ptr::null_mut(),
            ty: 0,
            dot_product: 0,
            cooperative_matrix: 0,
        };
        let mut fnv2 = Nv2Features {
            s_type: vk::StructureType::from_raw(1_000_593_000),
            p_next: std::ptr::null_mut(),
            workgroup_scope: 0,
            flexible_dimensions: 0,
            reductions: 0,
            conversions: 0,
            per_element_operations: 0,
            tensor_addressing: 0,
            block_loads: 0,
        };
        {
            let mut f2 = vk::PhysicalDeviceFeatures2::default()
                .push_next(&mut f11)
                .push_next(&mut f12);
            if v13 {
                f2 = f2.push_next(&mut f13);
            }
            if has_khr {
                f2 = f2.push_next(&mut fkhr);
            }
            if has_nv {
                f2 = f2.push_next(&mut fnv);
            }
            if has_bf16 {
                fbf16.p_next = f2.p_next;
                f2.p_next = (&mut fbf16 as *mut Bf16Features).cast();
            }
            if has_nv2 {
                fnv2.p_next = f2.p_next;
                f2.p_next = (&mut fnv2 as *mut Nv2Features).cast();
            }
            instance.get_physical_device_features2(pd, &mut f2);
            let mut base = f2.features;
            // Robustness is the compiler's job: a driver that clamps would
            // hide a missing check.
            base.robust_buffer_access = 0;
            f11.protected_memory = 0;
            f13.robust_image_access = 0;
            f11.p_next = std::ptr::null_mut();
            f12.p_next = std::ptr::null_mut();
            f13.p_next = std::ptr::null_mut();
            fkhr.p_next = std::ptr::null_mut();
            fnv.p_next = std::ptr::null_mut();
            fbf16.p_next = std::ptr::null_mut();
            fnv2.p_next = std::ptr::null_mut();
            let khr = has_khr && fkhr.cooperative_matrix != 0;
            let nv = has_nv && fnv.cooperative_matrix != 0;
            let bf16 = khr && has_bf16 && fbf16.ty != 0 && fbf16.cooperative_matrix != 0;
            let nv2 = khr && has_nv2 && fnv2.conversions != 0 && fnv2.per_element_operations != 0;
            if nv_matrices && !nv {
                return Err(RunError::device(
                    "the device lacks VK_NV_cooperative_matrix (asked for by --spirv-cooperative-matrix nv)",
                ));
            }
            let info = Self::describe(
                &entry,
                &instance,
                pd,
                (&base, &f11, &f12, &f13),
                khr,
                nv,
                bf16,
                nv2,
            )?;

            let mut exts: Vec<*const std::ffi::c_char> = Vec::new();
            let mut e2 = vk::PhysicalDeviceFeatures2::default()
                .features(base)
                .push_next(&mut f11)
                .push_next(&mut f12);
            if v13 {
                e2 = e2.push_next(&mut f13);
            }
            if khr {
                exts.push(ash::khr::cooperative_matrix::NAME.as_ptr());
                e2 = e2.push_next(&mut fkhr);
            }
            if nv {
                exts.push(ash::nv::cooperative_matrix::NAME.as_ptr());
                e2 = e2.push_next(&mut fnv);
            }
            if bf16 {
                exts.push(BF16_NAME.as_ptr());
                fbf16.dot_product = 0;
                fbf16.p_next = e2.p_next;
                e2.p_next = (&mut fbf16 as *mut Bf16Features).cast();
            }
            if nv2 {
                // Only what tessera's output uses.
                fnv2.workgroup_scope = 0;
                fnv2.flexible_dimensions = 0;
                fnv2.reductions = 0;
                fnv2.tensor_addressing = 0;
                fnv2.block_loads = 0;
                exts.push(NV2_NAME.as_ptr());
                fnv2.p_next = e2.p_next;
                e2.p_next = (&mut fnv2 as *mut Nv2Features).cast();
            }
            let priorities = [1.0f32];
            let queues = [vk::DeviceQueueCreateInfo::default()
                .queue_family_index(family)
                .queue_priorities(&priorities)];
            let dci = vk::DeviceCreateInfo::default()
                .queue_create_infos(&queues)
                .enabled_extension_names(&exts)
                .push_next(&mut e2);
            let device = instance
                .create_device(pd, &dci, None)
                .map_err(|e| RunError::device(format!("vkCreateDevice failed: {e:?}")))?;
            let queue = device.get_device_queue(family, 0);
            let pool = match device.create_command_pool(
                &vk::CommandPoolCreateInfo::default()
                    .queue_family_index(family)
                    .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
                None,
            ) {
                Ok(p) => p,
                Err(e) => {
                    device.destroy_device(None);
                    return Err(RunError::device(format!(
                        "vkCreateCommandPool failed: {e:?}"
                    )));
                }
            };
            let memory = instance.get_physical_device_memory_properties(pd);
            Ok(Device {
                _entry: entry,
                instance,
                physical: pd,
                device,
                queue,
                pool,
                memory,
                info,
                timeout: std::time::Duration::from_secs(60),
                hung: std::cell::Cell::new(false),
            })
        }
    }

    /// The device's facts for tessera's profile rules, and the runner's
    /// own.
    #[allow(clippy::too_many_arguments)]
    unsafe fn describe(
        entry: &ash::Entry,
        instance: &ash::Instance,
        pd: vk::PhysicalDevice,
        (f10, f11, f12, f13): (
            &vk::PhysicalDeviceFeatures,
            &vk::PhysicalDeviceVulkan11Features,
            &vk::PhysicalDeviceVulkan12Features,
            &vk::PhysicalDeviceVulkan13Features,
        ),
        khr: bool,
        nv: bool,
        bf16: bool,
        nv2: bool,
    ) -> Result<DeviceInfo, RunError> {
        let api = instance.get_physical_device_properties(pd).api_version;
        let mut p11 = vk::PhysicalDeviceVulkan11Properties::default();
        let mut p12 = vk::PhysicalDeviceVulkan12Properties::default();
        let mut p13 = vk::PhysicalDeviceVulkan13Properties::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default()
            .push_next(&mut p11)
            .push_next(&mut p12);
        if api >= vk::API_VERSION_1_3 {
            p2 = p2.push_next(&mut p13);
        }
        instance.get_physical_device_properties2(pd, &mut p2);
        let props = p2.properties;
        let limits = props.limits;
        let on = |b: vk::Bool32| b != 0;
        let mut properties = Vec::new();
        if khr {
            let cm = ash::khr::cooperative_matrix::Instance::new(entry, instance);
            let raw = cm
                .get_physical_device_cooperative_matrix_properties(pd)
                .map_err(|e| {
                    RunError::device(format!(
                        "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR failed: {e:?}"
                    ))
                })?;
            properties = raw
                .iter()
                .filter_map(|p| {
                    let ct =
                        |t: vk::ComponentTypeKHR| VulkanComponentType::from_raw(t.as_raw() as u32);
                    Some(VulkanCooperativeMatrixProperties {
                        m_size: p.m_size,
                        n_size: p.n_size,
                        k_size: p.k_size,
                        a_type: ct(p.a_type)?,
                        b_type: ct(p.b_type)?,
                        c_type: ct(p.c_type)?,
                        result_type: ct(p.result_type)?,
                        saturating_accumulation: p.saturating_accumulation != 0,
                        scope: VulkanScope::from_raw(p.scope.as_raw() as u32)?,
                    })
                })
                .collect();
        }
        let (min_sg, max_sg) = if api >= vk::API_VERSION_1_3 {
            (p13.min_subgroup_size, p13.max_subgroup_size)
        } else {
            (p11.subgroup_size, p11.subgroup_size)
        };
        let facts = VulkanDeviceFacts {
            device_name: cstr(&props.device_name),
            shader_clip_distance: on(f10.shader_clip_distance),
            dual_src_blend: on(f10.dual_src_blend),
            geometry_shader: on(f10.geometry_shader),
            // The runner has no fragment stage.
            fragment_shader_barycentric: false,
            // Both are enabled on the device when it has them (every
            // supported core feature is), so `atomic_vec2u_min_max` is in
            // the runner's profile exactly when the device can run it.
            shader_int64: on(f10.shader_int64),
            shader_buffer_int64_atomics: on(f12.shader_buffer_int64_atomics),
            rasterization_order_color_attachment_access: false,
            runtime_descriptor_array: on(f12.runtime_descriptor_array),
            descriptor_binding_partially_bound: on(f12.descriptor_binding_partially_bound),
            descriptor_binding_variable_descriptor_count: on(
                f12.descriptor_binding_variable_descriptor_count
            ),
            descriptor_binding_sampled_image_update_after_bind: on(
                f12.descriptor_binding_sampled_image_update_after_bind
            ),
            storage_buffer_16bit_access: on(f11.storage_buffer16_bit_access),
            uniform_and_storage_buffer_16bit_access: on(f11.uniform_and_storage_buffer16_bit_access),
            shader_float16: on(f12.shader_float16),
            vulkan_memory_model: on(f12.vulkan_memory_model),
            uniform_buffer_standard_layout: on(f12.uniform_buffer_standard_layout),
            subgroup_size_control: on(f13.subgroup_size_control),
            compute_full_subgroups: on(f13.compute_full_subgroups),
            subgroup_supported_operations: p11.subgroup_supported_operations.as_raw(),
            subgroup_supported_stages: p11.subgroup_supported_stages.as_raw(),
            cooperative_matrix: khr || nv,
            bfloat16_cooperative_matrix: bf16,
            // The runner creates no pipeline with robust buffer access, so
            // its profile promises none.
            robust_buffer_access2: false,
            cooperative_matrix_robust_buffer_access: false,
            cooperative_matrix_properties: properties,
            max_compute_work_group_size: limits.max_compute_work_group_size,
            max_compute_work_group_invocations: limits.max_compute_work_group_invocations,
            max_compute_shared_memory_size: limits.max_compute_shared_memory_size,
            max_push_constants_size: limits.max_push_constants_size,
            min_subgroup_size: min_sg,
            max_subgroup_size: max_sg,
            // The runner does not open cooperative vectors.
            cooperative_vector: false,
            cooperative_vector_properties: Vec::new(),
            max_cooperative_vector_components: 0,
            cooperative_vector_training: false,
            cooperative_vector_training_float16_accumulation: false,
            cooperative_vector_training_float32_accumulation: false,
            cooperative_vector_optimal_layouts: Vec::new(),
        };
        let driver = format!("{} {}", cstr(&p12.driver_name), cstr(&p12.driver_info));
        Ok(DeviceInfo {
            name: cstr(&props.device_name),
            driver,
            api_version: version(api),
            api,
            facts,
            max_workgroup_count: limits.max_compute_work_group_count,
            storage_offset_alignment: limits.min_storage_buffer_offset_alignment,
            uniform_offset_alignment: limits.min_uniform_buffer_offset_alignment,
            khr_cooperative_matrix: khr,
            nv_cooperative_matrix: nv,
            nv_cooperative_matrix2: nv2,
            uniform_buffer_standard_layout: on(f12.uniform_buffer_standard_layout),
            subgroup_size_control: on(f13.subgroup_size_control) && on(f13.compute_full_subgroups),
            // Both are enabled when the device has them (every supported
            // Vulkan 1.2 feature is).
            runtime_descriptor_array: on(f12.runtime_descriptor_array),
            sampled_image_array_non_uniform_indexing: on(
                f12.shader_sampled_image_array_non_uniform_indexing
            ),
        })
    }

    /// The highest SPIR-V version the device accepts (1.5 on Vulkan 1.2,
    /// 1.6 on 1.3).
    pub fn max_spirv(&self) -> (u8, u8) {
        if self.info.api >= vk::API_VERSION_1_3 {
            (1, 6)
        } else {
            (1, 5)
        }
    }
}

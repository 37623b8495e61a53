//! `VK_NV_cooperative_vector`, declared by hand: ash 0.38 (Vulkan headers
//! 1.3.281) predates it. The structures follow `vulkan_core.h` (extension
//! spec version 4) member for member:
//!
//! ```text
//! VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_FEATURES_NV   = 1000491000
//! VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_PROPERTIES_NV = 1000491001
//! VK_STRUCTURE_TYPE_COOPERATIVE_VECTOR_PROPERTIES_NV                 = 1000491002
//! ```
//!
//! and `vkGetPhysicalDeviceCooperativeVectorPropertiesNV` is loaded with
//! `vkGetInstanceProcAddr` (the matrix conversions are in
//! [`super::coopvec_convert`]). Its rows become tessera's
//! `VulkanCooperativeVectorProperties` ([`mirror`]), from which the
//! library derives the device profile's `cooperativeVectorConfigs`
//! ("T:R"); that path is tested here without a GPU.

use std::ffi::{c_void, CStr};

use ash::vk;
use tessera::device::vulkan::VulkanCooperativeVectorProperties;

/// `VK_NV_COOPERATIVE_VECTOR_EXTENSION_NAME`.
pub const NAME: &CStr = c"VK_NV_cooperative_vector";

/// `VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_FEATURES_NV`.
pub const STRUCTURE_TYPE_FEATURES: i32 = 1_000_491_000;
/// `VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_PROPERTIES_NV`.
pub const STRUCTURE_TYPE_DEVICE_PROPERTIES: i32 = 1_000_491_001;
/// `VK_STRUCTURE_TYPE_COOPERATIVE_VECTOR_PROPERTIES_NV`.
pub const STRUCTURE_TYPE_PROPERTIES: i32 = 1_000_491_002;

/// `VkPhysicalDeviceCooperativeVectorFeaturesNV`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct FeaturesNV {
    /// `sType`.
    pub s_type: vk::StructureType,
    /// `pNext`.
    pub p_next: *mut c_void,
    /// `cooperativeVector`.
    pub cooperative_vector: vk::Bool32,
    /// `cooperativeVectorTraining`.
    pub cooperative_vector_training: vk::Bool32,
}

impl Default for FeaturesNV {
    fn default() -> Self {
        FeaturesNV {
            s_type: vk::StructureType::from_raw(STRUCTURE_TYPE_FEATURES),
            p_next: std::ptr::null_mut(),
            cooperative_vector: 0,
            cooperative_vector_training: 0,
        }
    }
}

/// `VkPhysicalDeviceCooperativeVectorPropertiesNV`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DevicePropertiesNV {
    /// `sType`.
    pub s_type: vk::StructureType,
    /// `pNext`.
    pub p_next: *mut c_void,
    /// `cooperativeVectorSupportedStages`.
    pub cooperative_vector_supported_stages: vk::ShaderStageFlags,
    /// `cooperativeVectorTrainingFloat16Accumulation`.
    pub cooperative_vector_training_float16_accumulation: vk::Bool32,
    /// `cooperativeVectorTrainingFloat32Accumulation`.
    pub cooperative_vector_training_float32_accumulation: vk::Bool32,
    /// `maxCooperativeVectorComponents`.
    pub max_cooperative_vector_components: u32,
}

impl Default for DevicePropertiesNV {
    fn default() -> Self {
        DevicePropertiesNV {
            s_type: vk::StructureType::from_raw(STRUCTURE_TYPE_DEVICE_PROPERTIES),
            p_next: std::ptr::null_mut(),
            cooperative_vector_supported_stages: vk::ShaderStageFlags::empty(),
            cooperative_vector_training_float16_accumulation: 0,
            cooperative_vector_training_float32_accumulation: 0,
            max_cooperative_vector_components: 0,
        }
    }
}

/// `VkCooperativeVectorPropertiesNV`: one combination of types the
/// device's matrix-vector products support.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PropertiesNV {
    /// `sType`.
    pub s_type: vk::StructureType,
    /// `pNext`.
    pub p_next: *mut c_void,
    /// `inputType`: the component type of the input vector.
    pub input_type: vk::ComponentTypeKHR,
    /// `inputInterpretation`.
    pub input_interpretation: vk::ComponentTypeKHR,
    /// `matrixInterpretation`.
    pub matrix_interpretation: vk::ComponentTypeKHR,
    /// `biasInterpretation`.
    pub bias_interpretation: vk::ComponentTypeKHR,
    /// `resultType`.
    pub result_type: vk::ComponentTypeKHR,
    /// `transpose`.
    pub transpose: vk::Bool32,
}

impl Default for PropertiesNV {
    fn default() -> Self {
        PropertiesNV {
            s_type: vk::StructureType::from_raw(STRUCTURE_TYPE_PROPERTIES),
            p_next: std::ptr::null_mut(),
            input_type: vk::ComponentTypeKHR::FLOAT16,
            input_interpretation: vk::ComponentTypeKHR::FLOAT16,
            matrix_interpretation: vk::ComponentTypeKHR::FLOAT16,
            bias_interpretation: vk::ComponentTypeKHR::FLOAT16,
            result_type: vk::ComponentTypeKHR::FLOAT16,
            transpose: 0,
        }
    }
}

impl PropertiesNV {
    /// The row as `input/inputInterp/matrixInterp/biasInterp -> result
    /// transpose=B`, with component types by name where known (raw values
    /// otherwise), for logs and results.
    pub fn describe(&self) -> String {
        format!(
            "input={} inputInterpretation={} matrixInterpretation={} biasInterpretation={} result={} transpose={}",
            component_name(self.input_type),
            component_name(self.input_interpretation),
            component_name(self.matrix_interpretation),
            component_name(self.bias_interpretation),
            component_name(self.result_type),
            self.transpose
        )
    }
}

/// A `VkComponentTypeKHR` by its Vulkan name (without the prefix), the raw
/// value for unknown ones.
pub fn component_name(t: vk::ComponentTypeKHR) -> String {
    let known = match t.as_raw() {
        0 => "FLOAT16",
        1 => "FLOAT32",
        2 => "FLOAT64",
        3 => "SINT8",
        4 => "SINT16",
        5 => "SINT32",
        6 => "SINT64",
        7 => "UINT8",
        8 => "UINT16",
        9 => "UINT32",
        10 => "UINT64",
        1_000_141_000 => "BFLOAT16",
        1_000_491_000 => "SINT8_PACKED_NV",
        1_000_491_001 => "UINT8_PACKED_NV",
        1_000_491_002 => "FLOAT_E4M3_NV",
        1_000_491_003 => "FLOAT_E5M2_NV",
        _ => return t.as_raw().to_string(),
    };
    known.to_string()
}

/// The row as tessera's plain-Rust mirror (raw `VkComponentTypeKHR`
/// values), which `tessera::device::vulkan::cooperative_vector_configs`
/// turns into the profile's `cooperativeVectorConfigs`.
pub fn mirror(p: &PropertiesNV) -> VulkanCooperativeVectorProperties {
    VulkanCooperativeVectorProperties {
        input_type: p.input_type.as_raw() as u32,
        input_interpretation: p.input_interpretation.as_raw() as u32,
        matrix_interpretation: p.matrix_interpretation.as_raw() as u32,
        bias_interpretation: p.bias_interpretation.as_raw() as u32,
        result_type: p.result_type.as_raw() as u32,
        transpose: p.transpose != 0,
    }
}

/// `PFN_vkGetPhysicalDeviceCooperativeVectorPropertiesNV`.
type GetProperties =
    unsafe extern "system" fn(vk::PhysicalDevice, *mut u32, *mut PropertiesNV) -> vk::Result;

/// Whether the device reports the `cooperativeVector` feature (the caller
/// has checked that it lists the extension).
///
/// # Safety
/// `pd` is a physical device of `instance`.
pub unsafe fn feature(instance: &ash::Instance, pd: vk::PhysicalDevice) -> bool {
    features(instance, pd).cooperative_vector != 0
}

/// `VkPhysicalDeviceCooperativeVectorFeaturesNV` of the device
/// (`cooperativeVector`, `cooperativeVectorTraining`; the caller has
/// checked that it lists the extension).
///
/// # Safety
/// `pd` is a physical device of `instance`.
pub unsafe fn features(instance: &ash::Instance, pd: vk::PhysicalDevice) -> FeaturesNV {
    let mut f = FeaturesNV::default();
    let mut f2 = vk::PhysicalDeviceFeatures2 {
        p_next: (&mut f as *mut FeaturesNV).cast(),
        ..Default::default()
    };
    instance.get_physical_device_features2(pd, &mut f2);
    f.p_next = std::ptr::null_mut();
    f
}

/// `VkPhysicalDeviceCooperativeVectorPropertiesNV` of the device (the
/// caller has checked that it lists the extension).
///
/// # Safety
/// `pd` is a physical device of `instance`.
pub unsafe fn device_properties(
    instance: &ash::Instance,
    pd: vk::PhysicalDevice,
) -> DevicePropertiesNV {
    let mut p = DevicePropertiesNV::default();
    let mut p2 = vk::PhysicalDeviceProperties2 {
        p_next: (&mut p as *mut DevicePropertiesNV).cast(),
        ..Default::default()
    };
    instance.get_physical_device_properties2(pd, &mut p2);
    p.p_next = std::ptr::null_mut();
    p
}

/// Every `VkCooperativeVectorPropertiesNV` the device lists, through
/// `vkGetPhysicalDeviceCooperativeVectorPropertiesNV` (the usual two
/// calls).
///
/// # Safety
/// `pd` is a physical device of `instance`, which `entry` created.
pub unsafe fn properties(
    entry: &ash::Entry,
    instance: &ash::Instance,
    pd: vk::PhysicalDevice,
) -> Result<Vec<PropertiesNV>, String> {
    const WHAT: &str = "vkGetPhysicalDeviceCooperativeVectorPropertiesNV";
    let raw = entry.get_instance_proc_addr(
        instance.handle(),
        c"vkGetPhysicalDeviceCooperativeVectorPropertiesNV".as_ptr(),
    );
    let Some(raw) = raw else {
        return Err(format!("{WHAT} is not exported by the loader"));
    };
    // SAFETY: the loader returned this entry point for that name, whose C
    // signature is `GetProperties`.
    let get: GetProperties = std::mem::transmute::<unsafe extern "system" fn(), GetProperties>(raw);
    let mut count = 0u32;
    let r = get(pd, &mut count, std::ptr::null_mut());
    if r != vk::Result::SUCCESS {
        return Err(format!("{WHAT} failed: {r:?}"));
    }
    let mut rows = vec![PropertiesNV::default(); count as usize];
    let r = get(pd, &mut count, rows.as_mut_ptr());
    // INCOMPLETE: fewer rows than the first call said; keep those written.
    if r != vk::Result::SUCCESS && r != vk::Result::INCOMPLETE {
        return Err(format!("{WHAT} failed: {r:?}"));
    }
    rows.truncate(count as usize);
    for row in &mut rows {
        row.p_next = std::ptr::null_mut();
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vk::ComponentTypeKHR as C;

    fn row(i: C, ii: C, m: C, b: C, r: C) -> PropertiesNV {
        PropertiesNV {
            input_type: i,
            input_interpretation: ii,
            matrix_interpretation: m,
            bias_interpretation: b,
            result_type: r,
            ..Default::default()
        }
    }

    #[test]
    fn layouts_match_the_c_structures() {
        // sType (4) + padding (4) + pNext (8) + members.
        assert_eq!(std::mem::size_of::<FeaturesNV>(), 24);
        assert_eq!(std::mem::size_of::<DevicePropertiesNV>(), 32);
        assert_eq!(std::mem::size_of::<PropertiesNV>(), 40);
        assert_eq!(std::mem::offset_of!(PropertiesNV, input_type), 16);
        assert_eq!(std::mem::offset_of!(PropertiesNV, transpose), 36);
        assert_eq!(
            std::mem::offset_of!(DevicePropertiesNV, max_cooperative_vector_components),
            28
        );
        assert_eq!(
            std::mem::offset_of!(FeaturesNV, cooperative_vector_training),
            20
        );
        assert_eq!(
            std::mem::offset_of!(
                DevicePropertiesNV,
                cooperative_vector_training_float16_accumulation
            ),
            20
        );
        assert_eq!(
            std::mem::offset_of!(
                DevicePropertiesNV,
                cooperative_vector_training_float32_accumulation
            ),
            24
        );
        assert_eq!(C::FLOAT16.as_raw(), 0);
        assert_eq!(C::FLOAT32.as_raw(), 1);
    }

    /// The profile's configurations of a list of rows, as the library
    /// derives them from the mirrors (feature, memory model and f16 on).
    fn configs(rows: &[PropertiesNV]) -> Vec<String> {
        let facts = tessera::device::vulkan::VulkanDeviceFacts {
            cooperative_vector: true,
            vulkan_memory_model: true,
            cooperative_vector_properties: rows.iter().map(mirror).collect(),
            ..Default::default()
        };
        tessera::device::vulkan::cooperative_vector_configs(&facts, true)
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    #[test]
    fn configs_keep_float_rows_of_one_type_and_spelled_int8_rows_in_driver_order() {
        let e4m3 = C::from_raw(1_000_491_002);
        let packed = C::from_raw(1_000_491_000);
        let rows = [
            row(C::FLOAT16, C::FLOAT16, C::FLOAT16, C::FLOAT16, C::FLOAT16),
            // Interpretations differ from the input type: not a config.
            row(C::FLOAT16, e4m3, e4m3, C::FLOAT16, C::FLOAT16),
            row(C::FLOAT32, C::FLOAT16, C::FLOAT16, C::FLOAT16, C::FLOAT16),
            row(C::UINT32, packed, C::SINT8, C::SINT32, C::SINT32),
            row(C::SINT8, C::SINT8, C::SINT8, C::SINT32, C::SINT32),
            row(C::FLOAT16, C::FLOAT16, C::FLOAT16, C::FLOAT16, C::FLOAT32),
            // The same combination again (e.g. with transpose): once.
            PropertiesNV {
                transpose: 1,
                ..row(C::FLOAT16, C::FLOAT16, C::FLOAT16, C::FLOAT16, C::FLOAT16)
            },
            row(C::FLOAT32, C::FLOAT32, C::FLOAT32, C::FLOAT32, C::FLOAT32),
            row(C::FLOAT32, C::FLOAT32, C::FLOAT32, C::FLOAT32, C::SINT32),
        ];
        // The packed-i8 row is an 8-bit product tessera spells; an i8
        // input type is not (WGSL has none).
        assert_eq!(
            configs(&rows),
            ["f16:f16+transpose", "u32/i8:i32", "f16:f32", "f32:f32"]
        );
        assert!(configs(&rows[1..3]).is_empty());
        assert!(configs(&rows[4..5]).is_empty());
        assert!(configs(&[]).is_empty());
        let m = mirror(&rows[3]);
        assert_eq!((m.input_type, m.input_interpretation), (9, 1_000_491_000));
        assert_eq!((m.matrix_interpretation, m.result_type), (3, 5));
        assert!(mirror(&rows[6]).transpose && !m.transpose);
    }

    #[test]
    fn describes_rows() {
        let r = row(
            C::FLOAT16,
            C::from_raw(1_000_491_003),
            C::FLOAT16,
            C::FLOAT16,
            C::from_raw(77),
        );
        assert_eq!(
            r.describe(),
            "input=FLOAT16 inputInterpretation=FLOAT_E5M2_NV matrixInterpretation=FLOAT16 biasInterpretation=FLOAT16 result=77 transpose=0"
        );
    }
}

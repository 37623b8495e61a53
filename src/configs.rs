//! Subgroup-matrix configurations supported by a device, and their
//! construction from Vulkan cooperative-matrix properties or Metal's fixed
//! table, exactly as the proposal's "Properties" section says.
//!
//! Nothing here depends on Vulkan: [`VulkanCooperativeMatrixProperties`] is a
//! plain-Rust mirror of `VkCooperativeMatrixPropertiesKHR` that an embedder
//! fills from its own bindings, and [`VulkanCooperativeMatrixPropertiesNv`]
//! one of `VkCooperativeMatrixPropertiesNV` (for drivers that only expose
//! `VK_NV_cooperative_matrix`; see [`from_vulkan_nv`]).

use std::fmt;
use std::str::FromStr;

use crate::ir::Scalar;

/// A component type of a subgroup matrix (`GPUSubgroupMatrixComponentType`).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ComponentType {
    F32,
    F16,
    U32,
    I32,
    U8,
    I8,
    /// bfloat16 (`enable tessera_experimental_bf16;`).
    BF16,
}

impl ComponentType {
    /// Every component type, in declaration order.
    pub const ALL: [ComponentType; 7] = [
        ComponentType::F32,
        ComponentType::F16,
        ComponentType::U32,
        ComponentType::I32,
        ComponentType::U8,
        ComponentType::I8,
        ComponentType::BF16,
    ];

    /// The component type of a matrix with IR scalar `scalar`, if it is one
    /// of the six matrix component types.
    pub const fn from_scalar(scalar: Scalar) -> Option<ComponentType> {
        match scalar {
            Scalar::F32 => Some(ComponentType::F32),
            Scalar::F16 => Some(ComponentType::F16),
            Scalar::U32 => Some(ComponentType::U32),
            Scalar::I32 => Some(ComponentType::I32),
            Scalar::U8 => Some(ComponentType::U8),
            Scalar::I8 => Some(ComponentType::I8),
            Scalar::BF16 => Some(ComponentType::BF16),
            Scalar::Bool | Scalar::AbstractInt | Scalar::AbstractFloat => None,
        }
    }

    /// The IR scalar of this component type.
    pub const fn to_scalar(self) -> Scalar {
        match self {
            ComponentType::F32 => Scalar::F32,
            ComponentType::F16 => Scalar::F16,
            ComponentType::U32 => Scalar::U32,
            ComponentType::I32 => Scalar::I32,
            ComponentType::U8 => Scalar::U8,
            ComponentType::I8 => Scalar::I8,
            ComponentType::BF16 => Scalar::BF16,
        }
    }

    /// The WGSL spelling (`f32`, `u8`, ...).
    pub const fn name(self) -> &'static str {
        self.to_scalar().wgsl_name()
    }
}

impl fmt::Display for ComponentType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ComponentType {
    type Err = ConfigParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ComponentType::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                ConfigParseError(format!(
                    "unknown subgroup matrix component type '{s}' (expected one of f32, f16, u32, i32, u8, i8, bf16)"
                ))
            })
    }
}

/// One supported configuration (`GPUSubgroupMatrixConfig`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SubgroupMatrixConfig {
    /// Component type of the left and right operands.
    pub component_type: ComponentType,
    /// Component type of the result and accumulator.
    pub result_component_type: ComponentType,
    /// Rows of left and result.
    pub m: u32,
    /// Columns of right and result.
    pub n: u32,
    /// Columns of left, rows of right.
    pub k: u32,
}

impl fmt::Display for SubgroupMatrixConfig {
    /// Writes the CLI spelling `COMPONENT:RESULT:MxNxK`, e.g. `f16:f32:16x16x16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}x{}x{}",
            self.component_type, self.result_component_type, self.m, self.n, self.k
        )
    }
}

/// Why a `COMPONENT:RESULT:MxNxK` string could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConfigParseError(pub String);

impl FromStr for SubgroupMatrixConfig {
    type Err = ConfigParseError;

    /// Parses `COMPONENT:RESULT:MxNxK` (e.g. `f16:f32:16x16x16`), the syntax
    /// of the CLI flag `--subgroup-matrix-config`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = s.trim().split(':').collect();
        let [component, result, dims] = parts[..] else {
            return Err(ConfigParseError(format!(
                "invalid subgroup matrix config '{s}': expected COMPONENT:RESULT:MxNxK, e.g. f16:f32:16x16x16"
            )));
        };
        let component_type: ComponentType = component.trim().parse()?;
        let result_component_type: ComponentType = result.trim().parse()?;
        let dims: Vec<&str> = dims.trim().split(['x', 'X']).collect();
        let [m, n, k] = dims[..] else {
            return Err(ConfigParseError(format!(
                "invalid subgroup matrix dimensions '{}' in '{s}': expected MxNxK, e.g. 16x16x16",
                parts[2]
            )));
        };
        let dim = |name: &str, text: &str| -> Result<u32, ConfigParseError> {
            match text.trim().parse::<u32>() {
                Ok(v) if v > 0 => Ok(v),
                _ => Err(ConfigParseError(format!(
                    "invalid subgroup matrix dimension {name} '{text}' in '{s}': expected a positive integer"
                ))),
            }
        };
        Ok(SubgroupMatrixConfig {
            component_type,
            result_component_type,
            m: dim("M", m)?,
            n: dim("N", n)?,
            k: dim("K", k)?,
        })
    }
}

/// Mirror of `VkComponentTypeKHR`, with Vulkan's numeric values. Only six of
/// these map to a [`ComponentType`]; [`from_vulkan`] drops the others.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum VulkanComponentType {
    Float16 = 0,
    Float32 = 1,
    Float64 = 2,
    Sint8 = 3,
    Sint16 = 4,
    Sint32 = 5,
    Sint64 = 6,
    Uint8 = 7,
    Uint16 = 8,
    Uint32 = 9,
    Uint64 = 10,
    /// `VK_COMPONENT_TYPE_BFLOAT16_KHR`
    Bfloat16 = 1000141000,
    /// `VK_COMPONENT_TYPE_SINT8_PACKED_NV`
    Sint8PackedNv = 1000491000,
    /// `VK_COMPONENT_TYPE_UINT8_PACKED_NV`
    Uint8PackedNv = 1000491001,
    /// `VK_COMPONENT_TYPE_FLOAT8_E4M3_EXT` (also `FLOAT_E4M3_NV`)
    Float8E4m3 = 1000491002,
    /// `VK_COMPONENT_TYPE_FLOAT8_E5M2_EXT` (also `FLOAT_E5M2_NV`)
    Float8E5m2 = 1000491003,
}

impl VulkanComponentType {
    /// The component type with Vulkan's numeric value `raw` (of
    /// `VkComponentTypeKHR`, or of `VkComponentTypeNV`, which numbers its
    /// types the same way); `None` for values this mirror does not know.
    pub const fn from_raw(raw: u32) -> Option<VulkanComponentType> {
        use VulkanComponentType as V;
        Some(match raw {
            0 => V::Float16,
            1 => V::Float32,
            2 => V::Float64,
            3 => V::Sint8,
            4 => V::Sint16,
            5 => V::Sint32,
            6 => V::Sint64,
            7 => V::Uint8,
            8 => V::Uint16,
            9 => V::Uint32,
            10 => V::Uint64,
            1000141000 => V::Bfloat16,
            1000491000 => V::Sint8PackedNv,
            1000491001 => V::Uint8PackedNv,
            1000491002 => V::Float8E4m3,
            1000491003 => V::Float8E5m2,
            _ => return None,
        })
    }

    /// The matching WebGPU component type, if the proposal allows it.
    pub const fn to_component_type(self) -> Option<ComponentType> {
        match self {
            VulkanComponentType::Float32 => Some(ComponentType::F32),
            VulkanComponentType::Float16 => Some(ComponentType::F16),
            VulkanComponentType::Sint32 => Some(ComponentType::I32),
            VulkanComponentType::Uint32 => Some(ComponentType::U32),
            VulkanComponentType::Sint8 => Some(ComponentType::I8),
            VulkanComponentType::Uint8 => Some(ComponentType::U8),
            VulkanComponentType::Bfloat16 => Some(ComponentType::BF16),
            _ => None,
        }
    }
}

/// Mirror of `VkScopeKHR`, with Vulkan's numeric values.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum VulkanScope {
    Device = 1,
    Workgroup = 2,
    Subgroup = 3,
    QueueFamily = 5,
}

impl VulkanScope {
    /// The scope with Vulkan's numeric value `raw` (of `VkScopeKHR`, or of
    /// `VkScopeNV`, which numbers its scopes the same way); `None` for
    /// other values.
    pub const fn from_raw(raw: u32) -> Option<VulkanScope> {
        Some(match raw {
            1 => VulkanScope::Device,
            2 => VulkanScope::Workgroup,
            3 => VulkanScope::Subgroup,
            5 => VulkanScope::QueueFamily,
            _ => return None,
        })
    }
}

/// Mirror of `VkCooperativeMatrixPropertiesKHR` (without `sType`/`pNext`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VulkanCooperativeMatrixProperties {
    /// `MSize`
    pub m_size: u32,
    /// `NSize`
    pub n_size: u32,
    /// `KSize`
    pub k_size: u32,
    /// `AType`
    pub a_type: VulkanComponentType,
    /// `BType`
    pub b_type: VulkanComponentType,
    /// `CType`
    pub c_type: VulkanComponentType,
    /// `ResultType`
    pub result_type: VulkanComponentType,
    /// `saturatingAccumulation`
    pub saturating_accumulation: bool,
    /// `scope`
    pub scope: VulkanScope,
}

/// Builds the device's configs from Vulkan's cooperative-matrix properties,
/// keeping exactly the entries the proposal allows: A type equals B type,
/// C type equals result type, all four are one of the six component types,
/// no saturating accumulation, subgroup scope; entries involving f16 are
/// dropped unless `shader_f16` is requested. Duplicates are removed; order
/// is preserved.
pub fn from_vulkan(
    props: &[VulkanCooperativeMatrixProperties],
    shader_f16: bool,
) -> Vec<SubgroupMatrixConfig> {
    from_vulkan_with(props, shader_f16, false)
}

/// [`from_vulkan`], keeping the entries with bfloat16 components when
/// `bf16` is requested (`enable tessera_experimental_bf16;`, a device with
/// `VK_KHR_shader_bfloat16`'s `shaderBFloat16CooperativeMatrix`).
pub fn from_vulkan_with(
    props: &[VulkanCooperativeMatrixProperties],
    shader_f16: bool,
    bf16: bool,
) -> Vec<SubgroupMatrixConfig> {
    let mut out: Vec<SubgroupMatrixConfig> = Vec::new();
    for p in props {
        if p.a_type != p.b_type
            || p.c_type != p.result_type
            || p.saturating_accumulation
            || p.scope != VulkanScope::Subgroup
            || p.m_size == 0
            || p.n_size == 0
            || p.k_size == 0
        {
            continue;
        }
        let (Some(component_type), Some(result_component_type)) = (
            p.a_type.to_component_type(),
            p.result_type.to_component_type(),
        ) else {
            continue;
        };
        if !bf16
            && (component_type == ComponentType::BF16
                || result_component_type == ComponentType::BF16)
        {
            continue;
        }
        if !shader_f16
            && (component_type == ComponentType::F16 || result_component_type == ComponentType::F16)
        {
            continue;
        }
        let config = SubgroupMatrixConfig {
            component_type,
            result_component_type,
            m: p.m_size,
            n: p.n_size,
            k: p.k_size,
        };
        if !out.contains(&config) {
            out.push(config);
        }
    }
    out
}

/// Mirror of `VkCooperativeMatrixPropertiesNV` (without `sType`/`pNext`),
/// with the raw numeric values of `VkComponentTypeNV` and `VkScopeNV` as the
/// driver returns them (they share their numbering with
/// `VkComponentTypeKHR`/`VkScopeKHR`, see [`VulkanComponentType::from_raw`]).
///
/// `VK_NV_cooperative_matrix` has no saturating accumulation and calls the
/// result type `DType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VulkanCooperativeMatrixPropertiesNv {
    /// `MSize`
    pub m_size: u32,
    /// `NSize`
    pub n_size: u32,
    /// `KSize`
    pub k_size: u32,
    /// `AType` (a `VkComponentTypeNV` value)
    pub a_type: u32,
    /// `BType` (a `VkComponentTypeNV` value)
    pub b_type: u32,
    /// `CType` (a `VkComponentTypeNV` value)
    pub c_type: u32,
    /// `DType` (a `VkComponentTypeNV` value)
    pub d_type: u32,
    /// `scope` (a `VkScopeNV` value)
    pub scope: u32,
}

impl VulkanCooperativeMatrixPropertiesNv {
    /// The same entry as KHR properties (`DType` as `ResultType`, no
    /// saturating accumulation); `None` when a component type or the scope
    /// is a value [`VulkanComponentType`]/[`VulkanScope`] does not know.
    pub const fn to_khr(&self) -> Option<VulkanCooperativeMatrixProperties> {
        let (Some(a_type), Some(b_type), Some(c_type), Some(result_type), Some(scope)) = (
            VulkanComponentType::from_raw(self.a_type),
            VulkanComponentType::from_raw(self.b_type),
            VulkanComponentType::from_raw(self.c_type),
            VulkanComponentType::from_raw(self.d_type),
            VulkanScope::from_raw(self.scope),
        ) else {
            return None;
        };
        Some(VulkanCooperativeMatrixProperties {
            m_size: self.m_size,
            n_size: self.n_size,
            k_size: self.k_size,
            a_type,
            b_type,
            c_type,
            result_type,
            saturating_accumulation: false,
            scope,
        })
    }
}

/// Builds the device's configs from `VK_NV_cooperative_matrix`'s
/// properties (`vkGetPhysicalDeviceCooperativeMatrixPropertiesNV`), with
/// the rules of [`from_vulkan`]: A type equals B type, C type equals D
/// type, all four are one of the six component types, subgroup scope;
/// f16 entries only with `shader_f16`. Entries with component types or
/// scopes this mirror does not know are dropped. Duplicates are removed;
/// order is preserved.
///
/// Shaders for these configs must be written with
/// [`crate::back::spv::CooperativeMatrixExtension::Nv`].
pub fn from_vulkan_nv(
    props: &[VulkanCooperativeMatrixPropertiesNv],
    shader_f16: bool,
) -> Vec<SubgroupMatrixConfig> {
    let khr: Vec<VulkanCooperativeMatrixProperties> =
        props.iter().filter_map(|p| p.to_khr()).collect();
    from_vulkan(&khr, shader_f16)
}

/// Metal's fixed configs: 8x8x8 f32 -> f32, and 8x8x8 f16 -> f16 when
/// `shader_f16` is requested.
pub fn metal(shader_f16: bool) -> Vec<SubgroupMatrixConfig> {
    let mut out = vec![SubgroupMatrixConfig {
        component_type: ComponentType::F32,
        result_component_type: ComponentType::F32,
        m: 8,
        n: 8,
        k: 8,
    }];
    if shader_f16 {
        out.push(SubgroupMatrixConfig {
            component_type: ComponentType::F16,
            result_component_type: ComponentType::F16,
            m: 8,
            n: 8,
            k: 8,
        });
    }
    out
}

/// Kind of a [`WgpuScalar`] (mirror of `naga::ScalarKind`; the kinds a
/// cooperative matrix can have).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WgpuScalarKind {
    Sint,
    Uint,
    Float,
    /// Any other kind (bool, abstract): never a component type.
    Other,
}

/// Mirror of `naga::Scalar`: a kind and a width in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WgpuScalar {
    /// The kind.
    pub kind: WgpuScalarKind,
    /// Width in bytes.
    pub width: u8,
}

impl WgpuScalar {
    /// The matching component type, if any.
    pub const fn to_component_type(self) -> Option<ComponentType> {
        match (self.kind, self.width) {
            (WgpuScalarKind::Float, 4) => Some(ComponentType::F32),
            (WgpuScalarKind::Float, 2) => Some(ComponentType::F16),
            (WgpuScalarKind::Sint, 4) => Some(ComponentType::I32),
            (WgpuScalarKind::Uint, 4) => Some(ComponentType::U32),
            (WgpuScalarKind::Sint, 1) => Some(ComponentType::I8),
            (WgpuScalarKind::Uint, 1) => Some(ComponentType::U8),
            _ => None,
        }
    }
}

/// Mirror of wgpu's `CooperativeMatrixProperties` (what
/// `Adapter::cooperative_matrix_properties()` returns), with the
/// `naga::CooperativeSize` fields as numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WgpuCooperativeMatrixProperties {
    /// `m_size`: rows of A and C.
    pub m_size: u32,
    /// `n_size`: columns of B and C.
    pub n_size: u32,
    /// `k_size`: columns of A, rows of B.
    pub k_size: u32,
    /// `ab_type`: component type of A and B.
    pub ab_type: WgpuScalar,
    /// `cr_type`: component type of C and the result.
    pub cr_type: WgpuScalar,
    /// `saturating_accumulation`
    pub saturating_accumulation: bool,
}

/// Builds the configs from wgpu's cooperative-matrix properties with the
/// rules of [`from_vulkan`]: saturating entries and component types outside
/// the six are dropped, f16 entries only with `shader_f16`, duplicates
/// removed, order kept.
pub fn from_wgpu(
    props: &[WgpuCooperativeMatrixProperties],
    shader_f16: bool,
) -> Vec<SubgroupMatrixConfig> {
    let mut out: Vec<SubgroupMatrixConfig> = Vec::new();
    for p in props {
        if p.saturating_accumulation || p.m_size == 0 || p.n_size == 0 || p.k_size == 0 {
            continue;
        }
        let (Some(component_type), Some(result_component_type)) =
            (p.ab_type.to_component_type(), p.cr_type.to_component_type())
        else {
            continue;
        };
        if !shader_f16
            && (component_type == ComponentType::F16 || result_component_type == ComponentType::F16)
        {
            continue;
        }
        let config = SubgroupMatrixConfig {
            component_type,
            result_component_type,
            m: p.m_size,
            n: p.n_size,
            k: p.k_size,
        };
        if !out.contains(&config) {
            out.push(config);
        }
    }
    out
}

mod coop_vector;
pub use coop_vector::{CooperativeVectorConfig, OptimalLayout, OptimalLayoutBound};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wgpu_properties() {
        let f = |kind, width| WgpuScalar { kind, width };
        let p = |m, ab, cr, sat| WgpuCooperativeMatrixProperties {
            m_size: m,
            n_size: m,
            k_size: m,
            ab_type: ab,
            cr_type: cr,
            saturating_accumulation: sat,
        };
        let f16 = f(WgpuScalarKind::Float, 2);
        let f32_ = f(WgpuScalarKind::Float, 4);
        let props = [
            p(16, f16, f32_, false),
            p(16, f16, f16, false),
            p(16, f16, f32_, false),
            p(8, f32_, f32_, false),
            p(8, f32_, f32_, true),
            p(16, f(WgpuScalarKind::Float, 8), f32_, false),
            p(
                16,
                f(WgpuScalarKind::Sint, 1),
                f(WgpuScalarKind::Sint, 4),
                false,
            ),
        ];
        let text = |v: Vec<SubgroupMatrixConfig>| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            text(from_wgpu(&props, true)),
            "f16:f32:16x16x16 f16:f16:16x16x16 f32:f32:8x8x8 i8:i32:16x16x16"
        );
        assert_eq!(
            text(from_wgpu(&props, false)),
            "f32:f32:8x8x8 i8:i32:16x16x16"
        );
    }

    fn vk(
        a: VulkanComponentType,
        c: VulkanComponentType,
        mnk: (u32, u32, u32),
    ) -> VulkanCooperativeMatrixProperties {
        VulkanCooperativeMatrixProperties {
            m_size: mnk.0,
            n_size: mnk.1,
            k_size: mnk.2,
            a_type: a,
            b_type: a,
            c_type: c,
            result_type: c,
            saturating_accumulation: false,
            scope: VulkanScope::Subgroup,
        }
    }

    #[test]
    fn vulkan_filter() {
        use VulkanComponentType as V;
        let mut props = vec![
            vk(V::Float16, V::Float32, (16, 16, 16)),
            vk(V::Float16, V::Float16, (16, 8, 8)),
            vk(V::Uint8, V::Uint32, (16, 16, 32)),
            vk(V::Float64, V::Float64, (8, 8, 4)),
            vk(V::Bfloat16, V::Float32, (16, 16, 16)),
            vk(V::Sint16, V::Sint32, (16, 16, 16)),
            vk(V::Float8E4m3, V::Float32, (16, 16, 32)),
        ];
        let mut mixed = vk(V::Sint8, V::Sint32, (16, 16, 32));
        mixed.b_type = V::Uint8;
        props.push(mixed);
        let mut sat = vk(V::Sint8, V::Sint32, (16, 16, 32));
        sat.saturating_accumulation = true;
        props.push(sat);
        let mut scope = vk(V::Float32, V::Float32, (16, 16, 8));
        scope.scope = VulkanScope::Workgroup;
        props.push(scope);
        let mut c_ne_r = vk(V::Float16, V::Float16, (16, 16, 16));
        c_ne_r.c_type = V::Float32;
        props.push(c_ne_r);

        let with_f16 = from_vulkan(&props, true);
        let names: Vec<String> = with_f16.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            names,
            ["f16:f32:16x16x16", "f16:f16:16x8x8", "u8:u32:16x16x32"]
        );
        let without = from_vulkan(&props, false);
        let names: Vec<String> = without.iter().map(|c| c.to_string()).collect();
        assert_eq!(names, ["u8:u32:16x16x32"]);
        assert_eq!(VulkanComponentType::Bfloat16 as u32, 1000141000);
        assert_eq!(VulkanScope::Subgroup as u32, 3);
    }

    fn nv(a: u32, d: u32, mnk: (u32, u32, u32)) -> VulkanCooperativeMatrixPropertiesNv {
        VulkanCooperativeMatrixPropertiesNv {
            m_size: mnk.0,
            n_size: mnk.1,
            k_size: mnk.2,
            a_type: a,
            b_type: a,
            c_type: d,
            d_type: d,
            scope: 3,
        }
    }

    #[test]
    fn vulkan_nv_filter() {
        // VkComponentTypeNV values: FLOAT16 0, FLOAT32 1, FLOAT64 2,
        // SINT8 3, SINT16 4, SINT32 5, UINT8 7, UINT32 9.
        let mut props = vec![
            nv(0, 0, (16, 16, 16)),
            nv(0, 1, (16, 8, 8)),
            nv(3, 5, (16, 16, 32)),
            nv(7, 9, (8, 8, 32)),
            nv(2, 2, (8, 8, 4)),
            nv(4, 5, (16, 16, 16)),
            // An unknown component type and an unknown scope.
            nv(77, 1, (16, 16, 16)),
        ];
        let mut unknown_scope = nv(1, 1, (16, 16, 8));
        unknown_scope.scope = 4;
        props.push(unknown_scope);
        let mut workgroup = nv(1, 1, (16, 16, 8));
        workgroup.scope = 2;
        props.push(workgroup);
        let mut mixed = nv(3, 5, (16, 16, 32));
        mixed.b_type = 7;
        props.push(mixed);
        let mut c_ne_d = nv(0, 0, (16, 16, 16));
        c_ne_d.c_type = 1;
        props.push(c_ne_d);
        let mut zero = nv(1, 1, (16, 0, 8));
        zero.scope = 3;
        props.push(zero);
        // A duplicate of the first entry.
        props.push(nv(0, 0, (16, 16, 16)));

        let names: Vec<String> = from_vulkan_nv(&props, true)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            names,
            [
                "f16:f16:16x16x16",
                "f16:f32:16x8x8",
                "i8:i32:16x16x32",
                "u8:u32:8x8x32"
            ]
        );
        let names: Vec<String> = from_vulkan_nv(&props, false)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(names, ["i8:i32:16x16x32", "u8:u32:8x8x32"]);
        assert!(from_vulkan_nv(&[], true).is_empty());
    }

    #[test]
    fn vulkan_nv_to_khr() {
        let p = nv(0, 1, (16, 8, 16)).to_khr().expect("known values");
        assert_eq!(p.a_type, VulkanComponentType::Float16);
        assert_eq!(p.b_type, VulkanComponentType::Float16);
        assert_eq!(p.c_type, VulkanComponentType::Float32);
        assert_eq!(p.result_type, VulkanComponentType::Float32);
        assert_eq!((p.m_size, p.n_size, p.k_size), (16, 8, 16));
        assert_eq!(p.scope, VulkanScope::Subgroup);
        assert!(!p.saturating_accumulation);
        assert_eq!(nv(0, 11, (8, 8, 8)).to_khr(), None);
        let mut bad_scope = nv(0, 0, (8, 8, 8));
        bad_scope.scope = 0;
        assert_eq!(bad_scope.to_khr(), None);
    }

    #[test]
    fn raw_values_round_trip() {
        use VulkanComponentType as V;
        for t in [
            V::Float16,
            V::Float32,
            V::Float64,
            V::Sint8,
            V::Sint16,
            V::Sint32,
            V::Sint64,
            V::Uint8,
            V::Uint16,
            V::Uint32,
            V::Uint64,
            V::Bfloat16,
            V::Sint8PackedNv,
            V::Uint8PackedNv,
            V::Float8E4m3,
            V::Float8E5m2,
        ] {
            assert_eq!(V::from_raw(t as u32), Some(t));
        }
        assert_eq!(V::from_raw(11), None);
        for s in [
            VulkanScope::Device,
            VulkanScope::Workgroup,
            VulkanScope::Subgroup,
            VulkanScope::QueueFamily,
        ] {
            assert_eq!(VulkanScope::from_raw(s as u32), Some(s));
        }
        assert_eq!(VulkanScope::from_raw(4), None);
    }

    #[test]
    fn metal_table() {
        assert_eq!(metal(false).len(), 1);
        let m = metal(true);
        assert_eq!(m[1].to_string(), "f16:f16:8x8x8");
        assert_eq!(m[0].to_string(), "f32:f32:8x8x8");
    }

    #[test]
    fn parse_and_display() {
        let c: SubgroupMatrixConfig = "f16:f32:16x8x32".parse().unwrap();
        assert_eq!(
            c,
            SubgroupMatrixConfig {
                component_type: ComponentType::F16,
                result_component_type: ComponentType::F32,
                m: 16,
                n: 8,
                k: 32
            }
        );
        assert_eq!(c.to_string(), "f16:f32:16x8x32");
        let err = |s: &str| s.parse::<SubgroupMatrixConfig>().unwrap_err().0;
        assert_eq!(
            err("f16:16x16x16"),
            "invalid subgroup matrix config 'f16:16x16x16': expected COMPONENT:RESULT:MxNxK, e.g. f16:f32:16x16x16"
        );
        assert_eq!(
            err("f64:f32:8x8x8"),
            "unknown subgroup matrix component type 'f64' (expected one of f32, f16, u32, i32, u8, i8, bf16)"
        );
        assert_eq!(
            err("f32:f32:8x8"),
            "invalid subgroup matrix dimensions '8x8' in 'f32:f32:8x8': expected MxNxK, e.g. 16x16x16"
        );
        assert_eq!(
            err("f32:f32:8x0x8"),
            "invalid subgroup matrix dimension N '0' in 'f32:f32:8x0x8': expected a positive integer"
        );
    }

    #[test]
    fn scalar_round_trip() {
        for c in ComponentType::ALL {
            assert_eq!(ComponentType::from_scalar(c.to_scalar()), Some(c));
        }
        assert_eq!(ComponentType::from_scalar(Scalar::Bool), None);
        assert_eq!(ComponentType::U8.name(), "u8");
    }
}

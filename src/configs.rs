//! Subgroup-matrix configurations supported by a device, and their
//! construction from Vulkan cooperative-matrix properties or Metal's fixed
//! table, exactly as the proposal's "Properties" section says.
//! STATUS: API contract; implemented by the subgroup-matrix work item.

/// A component type of a subgroup matrix (`GPUSubgroupMatrixComponentType`).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ComponentType {
    F32,
    F16,
    U32,
    I32,
    U8,
    I8,
}

/// One supported configuration (`GPUSubgroupMatrixConfig`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

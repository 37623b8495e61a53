//! Compiling the suite's WGSL with tessera for a device.

use std::collections::BTreeMap;

use tessera::back::spv::CooperativeMatrixExtension;
use tessera::configs::{
    ComponentType, CooperativeVectorConfig, OptimalLayoutBound, SubgroupMatrixConfig,
};
use tessera::pipeline::PipelineOptions;
use tessera::CompileOptions;

/// Device facts the compiler needs.
#[derive(Clone, Debug)]
pub struct Target {
    /// The device's subgroup-matrix configs.
    pub configs: Vec<SubgroupMatrixConfig>,
    /// `maxSubgroupSize`.
    pub max_subgroup_size: u32,
    /// `minSubgroupSize`.
    pub min_subgroup_size: u32,
    /// `maxComputeSharedMemorySize`.
    pub max_shared_memory: u32,
    /// `maxComputeWorkGroupInvocations`.
    pub max_invocations: u32,
    /// `maxComputeWorkGroupSize`.
    pub max_workgroup_size: [u32; 3],
    /// SPIR-V version (1, 3) or (1, 6).
    pub spirv_version: (u8, u8),
    /// Whether tessera inserts bounds checks (its default).
    pub bounds_checks: bool,
    /// Which counted loops tessera unrolls.
    pub unroll: tessera::back::UnrollPolicy,
    /// Leave plain buffer indices to the device's robust buffer access (the
    /// pipeline must then be created with it).
    pub buffers_robust_by_device: bool,
    /// The SPIR-V extension of the subgroup matrices: KHR (the default) or
    /// NV (`--cooperative-matrix nv`, for `VK_NV_cooperative_matrix`).
    pub cooperative_matrix: CooperativeMatrixExtension,
    /// Compile for `VK_NV_cooperative_matrix2`'s conversions
    /// (`spv::Options::nv_cooperative_matrix2`).
    pub nv_cooperative_matrix2: bool,
    /// The cooperative-vector products to compile natively
    /// (`PipelineOptions::cooperative_vector_configs`, SPIR-V 1.6); empty:
    /// every cooperative-vector operation becomes loops.
    pub cooperative_vector_configs: Vec<CooperativeVectorConfig>,
    /// The accumulation types of the native cooperative-vector training
    /// operations (`PipelineOptions::cooperative_vector_training`); empty:
    /// they become loops of atomic compare-exchanges.
    pub cooperative_vector_training: Vec<ComponentType>,
    /// The measured bounds on the driver's optimal matrix layouts, per
    /// layout and element type
    /// (`PipelineOptions::cooperative_vector_optimal_layouts`); empty: no
    /// native operation in an optimal layout.
    pub cooperative_vector_optimal_layouts: Vec<OptimalLayoutBound>,
}

impl Target {
    /// The H100 as described to us (used by tests and `--dump-kernels`).
    pub fn h100() -> Target {
        let configs = [
            "f16:f16:16x16x16",
            "f16:f32:16x16x16",
            "f16:f16:16x8x16",
            "f16:f32:16x8x16",
            "f16:f16:16x8x8",
            "f16:f32:16x8x8",
            "u8:u32:16x16x32",
            "u8:u32:16x8x32",
            "i8:i32:16x16x32",
            "i8:i32:16x8x32",
        ]
        .iter()
        .filter_map(|s| s.parse().ok())
        .collect();
        Target {
            configs,
            max_subgroup_size: 32,
            min_subgroup_size: 32,
            max_shared_memory: 49152,
            max_invocations: 1024,
            max_workgroup_size: [1024, 1024, 64],
            spirv_version: (1, 3),
            bounds_checks: true,
            unroll: Default::default(),
            buffers_robust_by_device: false,
            cooperative_matrix: CooperativeMatrixExtension::Khr,
            nv_cooperative_matrix2: false,
            cooperative_vector_configs: Vec::new(),
            cooperative_vector_training: Vec::new(),
            cooperative_vector_optimal_layouts: Vec::new(),
        }
    }

    /// tessera's options for this target.
    pub fn options(&self) -> CompileOptions {
        CompileOptions {
            pipeline: PipelineOptions {
                entry_point: Some("main".to_string()),
                overrides: BTreeMap::new(),
                subgroup_matrix_configs: Some(self.configs.clone()),
                cooperative_vector_configs: self.cooperative_vector_configs.clone(),
                cooperative_vector_training: self.cooperative_vector_training.clone(),
                cooperative_vector_optimal_layouts: self.cooperative_vector_optimal_layouts.clone(),
                max_subgroup_size: Some(self.max_subgroup_size),
                min_subgroup_size: Some(self.min_subgroup_size),
                max_workgroup_size: self.max_workgroup_size,
                max_invocations: self.max_invocations,
                max_workgroup_storage_size: self.max_shared_memory,
                ..PipelineOptions::default()
            },
            spv: tessera::back::spv::Options {
                version: self.spirv_version,
                bounds_checks: self.bounds_checks,
                unroll: self.unroll,
                buffers_robust_by_device: self.buffers_robust_by_device,
                cooperative_matrix: self.cooperative_matrix,
                nv_cooperative_matrix2: self.nv_cooperative_matrix2,
                ..Default::default()
            },
            ..CompileOptions::default()
        }
    }

    /// Compiles `source`, rendering errors as text.
    pub fn compile(&self, source: &str) -> Result<Vec<u32>, String> {
        tessera::compile_to_spirv(source, &self.options())
            .map(|o| o.words)
            .map_err(|e| e.to_string())
    }
}

/// Compiles `source` with naga 30 (SPIR-V 1.3, naga's default options):
/// the reference implementation of wgpu's cooperative-matrix dialect, for
/// the differential check.
pub fn compile_naga(source: &str) -> Result<Vec<u32>, String> {
    let module =
        naga::front::wgsl::parse_str(source).map_err(|e| first_line(&e.emit_to_string(source)))?;
    let caps =
        naga::valid::Capabilities::COOPERATIVE_MATRIX | naga::valid::Capabilities::SHADER_FLOAT16;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), caps)
        .validate(&module)
        .map_err(|e| first_line(&e.emit_to_string(source)))?;
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        ..Default::default()
    };
    naga::back::spv::write_vec(&module, &info, &options, None).map_err(|e| e.to_string())
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naga_compiles_the_wgpu_cases() {
        let t = Target::h100();
        let mut n = 0;
        for c in &t.configs {
            for case in crate::cases_wgpu::cases_for(c) {
                match compile_naga(&case.wgsl) {
                    Ok(words) => assert!(!words.is_empty()),
                    // naga 30 has no fill constructor for cooperative matrices.
                    Err(e) => assert!(case.name.ends_with("/wgpu/fill"), "{}: {e}", case.name),
                }
                n += 1;
            }
        }
        assert_eq!(n, 28);
    }

    #[test]
    fn h100_target_options() {
        let t = Target::h100();
        assert_eq!(t.configs.len(), 10);
        let o = t.options();
        assert_eq!(o.pipeline.max_subgroup_size, Some(32));
        assert_eq!(o.pipeline.max_workgroup_storage_size, 49152);
        assert_eq!(o.spv.version, (1, 3));
        assert_eq!(o.pipeline.entry_point.as_deref(), Some("main"));
        assert_eq!(o.spv.cooperative_matrix, CooperativeMatrixExtension::Khr);
        let nv = Target {
            cooperative_matrix: CooperativeMatrixExtension::Nv,
            ..t
        };
        assert_eq!(
            nv.options().spv.cooperative_matrix,
            CooperativeMatrixExtension::Nv
        );
    }
}

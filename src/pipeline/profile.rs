//! A device profile's limits and subgroup-matrix configurations as
//! pipeline options.

use super::PipelineOptions;
use crate::device::DeviceProfile;

impl PipelineOptions {
    /// Writes `profile`'s limits and subgroup-matrix configurations into
    /// these options; what the profile does not give is left as it is.
    pub fn apply_profile(&mut self, profile: &DeviceProfile) {
        let options = self;
        let l = &profile.limits;
        let dims = [
            l.max_compute_workgroup_size_x,
            l.max_compute_workgroup_size_y,
            l.max_compute_workgroup_size_z,
        ];
        for (slot, v) in options.max_workgroup_size.iter_mut().zip(dims) {
            if let Some(v) = v {
                *slot = v;
            }
        }
        if let Some(v) = l.max_compute_invocations_per_workgroup {
            options.max_invocations = v;
        }
        if let Some(v) = l.max_compute_workgroup_storage_size {
            options.max_workgroup_storage_size = v;
        }
        if let Some(v) = l.max_immediate_size {
            options.max_immediate_size = v;
        }
        if l.subgroup_min_size.is_some() {
            options.min_subgroup_size = l.subgroup_min_size;
        }
        if l.subgroup_max_size.is_some() {
            options.max_subgroup_size = l.subgroup_max_size;
        }
        if let Some(configs) = &profile.subgroup_matrix_configs {
            options.subgroup_matrix_configs = Some(configs.clone());
        }
        options
            .cooperative_vector_configs
            .clone_from(&profile.cooperative_vector_configs);
        options.cooperative_vector_max_components = profile.cooperative_vector_max_components;
        options
            .cooperative_vector_training
            .clone_from(&profile.cooperative_vector_training);
        options
            .cooperative_vector_optimal_layouts
            .clone_from(&profile.cooperative_vector_optimal_layouts);
    }
}

//! The whole conformance suite for one subgroup-matrix configuration: the
//! core cases ([`crate::cases`]), the cases of WebGPU's proposal
//! ([`crate::cases_wgpu`]) and those of tessera's extensions
//! ([`crate::cases_ext`]).

use tessera::configs::SubgroupMatrixConfig;

use crate::cases::{core_cases_for, Case};

/// Every case for one config.
pub fn cases_for(c: &SubgroupMatrixConfig) -> Vec<Case> {
    let mut out = core_cases_for(c);
    out.extend(crate::cases_wgpu::cases_for(c));
    out.extend(crate::cases_ext::cases_for(c));
    out
}

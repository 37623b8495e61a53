//! The pipeline step: select entry points, apply override values, evaluate
//! override-expressions, and run the pipeline-creation checks (device
//! subgroup-matrix configs, subgroup size). Errors here are
//! *pipeline-creation* errors, reported separately from shader-module errors
//! so an embedding WebGPU implementation can surface each at the right call.
//! STATUS: API contract; implemented by the validator work item.

use std::collections::BTreeMap;

use crate::arena::Handle;
use crate::configs::SubgroupMatrixConfig;
use crate::diagnostic::Error;
use crate::ir::{ConstValue, Expression, Module};
use crate::valid::ModuleInfo;

/// Options for creating a pipeline from a module.
#[derive(Clone, Debug, Default)]
pub struct PipelineOptions {
    /// The entry point to keep; `None` keeps all of them.
    pub entry_point: Option<String>,
    /// Override values by name or by numeric `@id` (as a decimal string),
    /// as in WebGPU's `GPUProgrammableStage.constants`.
    pub overrides: BTreeMap<String, f64>,
    /// The device's subgroup-matrix configurations; `None` skips the
    /// config checks.
    pub subgroup_matrix_configs: Option<Vec<SubgroupMatrixConfig>>,
    /// The device's maximum subgroup size; `None` skips the workgroup-size
    /// check.
    pub max_subgroup_size: Option<u32>,
}

/// A module ready for a backend: overrides evaluated, entry points chosen.
#[derive(Clone, Debug)]
pub struct Pipeline {
    /// The module (a copy, with the override values interned as constants).
    pub module: Module,
    /// The chosen entry points (indices into `module.entry_points`).
    pub entry_points: Vec<usize>,
    /// The value of every global expression, parallel to
    /// `module.global_expressions`.
    pub global_values: Vec<Handle<ConstValue>>,
    /// The value of every override declaration, parallel to
    /// `module.overrides` (used e.g. for `MatrixDim::Override`).
    pub override_values: Vec<Handle<ConstValue>>,
}

/// Runs the pipeline step.
pub fn process(
    module: &Module,
    info: &ModuleInfo,
    options: &PipelineOptions,
) -> Result<Pipeline, Error> {
    let _ = info;
    let entry_points = match &options.entry_point {
        Some(name) => module
            .entry_points
            .iter()
            .position(|ep| &ep.name == name)
            .into_iter()
            .collect(),
        None => (0..module.entry_points.len()).collect(),
    };
    let mut module = module.clone();
    // Stub: an override's value is its initialiser when that is a literal or
    // a constant; anything else gets the zero value of its type.
    let mut override_values = Vec::with_capacity(module.overrides.len());
    let overrides: Vec<_> = module.overrides.iter().map(|(_, o)| (o.init, o.ty)).collect();
    for (init, ty) in overrides {
        let value = match init.map(|e| module.global_expressions[e].clone()) {
            Some(Expression::Constant(c)) => c,
            Some(Expression::Literal(lit)) => module.intern_constant(ConstValue::Scalar(lit)),
            _ => module.intern_constant(ConstValue::Zero(ty)),
        };
        override_values.push(value);
    }
    Ok(Pipeline {
        module,
        entry_points,
        global_values: Vec::new(),
        override_values,
    })
}

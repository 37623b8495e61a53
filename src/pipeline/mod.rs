//! The pipeline step: select entry points, apply override values, evaluate
//! override-expressions, and run the pipeline-creation checks (device
//! subgroup-matrix configs, subgroup size, workgroup limits). Errors here
//! are *pipeline-creation* errors, reported separately from shader-module
//! errors so an embedding WebGPU implementation can surface each at the
//! right call.
//!
//! Only what the chosen entry points need can fail: an override without a
//! value, or an override-expression that fails to evaluate, is an error
//! only when a chosen entry point (or the module's types) depends on it.

pub mod checks;
pub mod eval;
pub mod overrides;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use crate::arena::Handle;
use crate::configs::{ComponentType, SubgroupMatrixConfig};
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    ArraySize, ConstValue, Expression, Module, SubgroupMatrixKind, TypeInner, WorkgroupSizeDim,
};
use crate::valid::ModuleInfo;

/// Options for creating a pipeline from a module.
#[derive(Clone, Debug)]
pub struct PipelineOptions {
    /// The entry point to keep; `None` keeps all of them.
    pub entry_point: Option<String>,
    /// Override values by name or by numeric `@id` (as a decimal string),
    /// as in WebGPU's `GPUProgrammableStage.constants`: an override with an
    /// `@id` is keyed by the id, any other by its name.
    pub overrides: BTreeMap<String, f64>,
    /// The device's subgroup-matrix configurations; `None` skips the
    /// config checks.
    pub subgroup_matrix_configs: Option<Vec<SubgroupMatrixConfig>>,
    /// The device's maximum subgroup size; `None` skips the workgroup-size
    /// check.
    pub max_subgroup_size: Option<u32>,
    /// The device's minimum subgroup size (WebGPU's `subgroupMinSize`);
    /// with the maximum it bounds `subgroup_id` and friends for the passes
    /// that prove accesses in bounds. `None`: 4, the smallest WebGPU allows.
    pub min_subgroup_size: Option<u32>,
    /// `maxComputeWorkgroupSizeX/Y/Z` (default 256, 256, 64).
    pub max_workgroup_size: [u32; 3],
    /// `maxComputeInvocationsPerWorkgroup` (default 256).
    pub max_invocations: u32,
    /// `maxComputeWorkgroupStorageSize` in bytes (default 16384).
    pub max_workgroup_storage_size: u32,
    /// `maxImmediateSize` in bytes (default 64): the largest immediate data
    /// variable an entry point may use.
    pub max_immediate_size: u32,
}

impl Default for PipelineOptions {
    fn default() -> Self {
        PipelineOptions {
            entry_point: None,
            overrides: BTreeMap::new(),
            subgroup_matrix_configs: None,
            max_subgroup_size: None,
            min_subgroup_size: None,
            max_workgroup_size: [256, 256, 64],
            max_invocations: 256,
            max_workgroup_storage_size: 16384,
            max_immediate_size: 64,
        }
    }
}

/// A subgroup-matrix type used by an entry point, with its dimensions
/// resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatrixTypeInfo {
    /// Left, right or result.
    pub kind: SubgroupMatrixKind,
    /// Component type.
    pub component: ComponentType,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub columns: u32,
}

/// A subgroup-matrix multiply used by an entry point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatrixMultiplyInfo {
    /// Rows of left and result.
    pub m: u32,
    /// Columns of right and result.
    pub n: u32,
    /// Columns of left, rows of right.
    pub k: u32,
    /// Component type of the operands.
    pub component: ComponentType,
    /// Component type of the result.
    pub result: ComponentType,
}

/// What a chosen entry point uses, for the embedder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryPointReflection {
    /// The entry point's name.
    pub name: String,
    /// Workgroup size after overrides (`[1, 1, 1]` for render stages).
    pub workgroup_size: [u32; 3],
    /// Every subgroup-matrix type used (deduplicated, first-use order).
    pub matrix_types: Vec<MatrixTypeInfo>,
    /// Every subgroup-matrix multiply shape used (deduplicated).
    pub multiplies: Vec<MatrixMultiplyInfo>,
    /// `@subgroup_size` after overrides: the subgroup size the pipeline
    /// must be created with (Vulkan's required subgroup size).
    pub subgroup_size: Option<u32>,
}

/// Reflection of the chosen entry points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reflection {
    /// Parallel to [`Pipeline::entry_points`].
    pub entry_points: Vec<EntryPointReflection>,
}

/// A module ready for a backend: overrides evaluated, entry points chosen.
#[derive(Clone, Debug, Default)]
pub struct Pipeline {
    /// The module (a copy, with the override values interned as constants).
    pub module: Module,
    /// The chosen entry points (indices into `module.entry_points`).
    pub entry_points: Vec<usize>,
    /// The value of every global expression, parallel to
    /// `module.global_expressions`. Expressions the chosen entry points do
    /// not need and that could not be evaluated hold their type's zero value.
    pub global_values: Vec<Handle<ConstValue>>,
    /// The value of every override declaration, parallel to
    /// `module.overrides` (used e.g. for `MatrixDim::Override`).
    pub override_values: Vec<Handle<ConstValue>>,
    /// Subgroup-matrix types and multiplies of each chosen entry point.
    pub reflection: Reflection,
    /// The device's smallest and largest subgroup size (from the options;
    /// WebGPU's bounds 4 and 128 when not given).
    pub subgroup_sizes: [u32; 2],
}

fn select_entry_points(module: &Module, options: &PipelineOptions) -> Result<Vec<usize>, Error> {
    match &options.entry_point {
        None => Ok((0..module.entry_points.len()).collect()),
        Some(name) => match module.entry_points.iter().position(|ep| &ep.name == name) {
            Some(i) => Ok(vec![i]),
            None => {
                let names: Vec<&str> = module
                    .entry_points
                    .iter()
                    .map(|e| e.name.as_str())
                    .collect();
                let note = if names.is_empty() {
                    "the module has no entry points".to_string()
                } else {
                    format!("available entry points: {}", names.join(", "))
                };
                Err(Error::single(
                    Diagnostic::without_location(format!("unknown entry point '{name}'"))
                        .with_note(note)
                        .with_closest(name, names.iter().copied()),
                ))
            }
        },
    }
}

/// Marks what the chosen entry points need.
fn roots(module: &Module, info: &ModuleInfo, chosen: &[usize]) -> (Vec<bool>, Vec<bool>) {
    let mut needed = vec![false; module.global_expressions.len()];
    let mut override_needed = vec![false; module.overrides.len()];
    let mut scanned = vec![false; module.functions.len()];
    let mark = |e: Handle<Expression>, needed: &mut Vec<bool>| {
        if let Some(n) = needed.get_mut(e.index()) {
            *n = true;
        }
    };
    for &i in chosen {
        let (Some(ep), Some(epi)) = (module.entry_points.get(i), info.entry_points.get(i)) else {
            continue;
        };
        let subgroup = ep.subgroup_size.map(|(d, _)| d);
        for d in ep.workgroup_size.into_iter().chain(subgroup) {
            if let WorkgroupSizeDim::Override(e) = d {
                mark(e, &mut needed);
            }
        }
        for &f in &epi.functions {
            // Each function is scanned once, however many entry points reach it.
            if scanned
                .get_mut(f)
                .is_none_or(|s| std::mem::replace(s, true))
            {
                continue;
            }
            let Some(func) = module.functions.try_get(Handle::from_index(f)) else {
                continue;
            };
            for (_, expr) in func.expressions.iter() {
                if let Expression::OverrideExpr(e) = expr {
                    mark(*e, &mut needed);
                }
            }
        }
        for &g in &epi.globals {
            let Some(var) = module.global_variables.try_get(Handle::from_index(g)) else {
                continue;
            };
            if let Some(init) = var.init {
                mark(init, &mut needed);
            }
            // Override-sized arrays appear only as a workgroup variable's type.
            if let Some(TypeInner::Array {
                size: ArraySize::Override(e),
                ..
            }) = module.types.try_get(var.ty).map(|t| &t.inner)
            {
                mark(*e, &mut needed);
            }
        }
        for &(ty, _) in &epi.matrix_types {
            eval::mark_matrix_dims(module, ty, &mut override_needed);
        }
    }
    eval::propagate_needed(module, &mut needed, &mut override_needed);
    (needed, override_needed)
}

/// Runs the pipeline step.
pub fn process(
    module: &Module,
    info: &ModuleInfo,
    options: &PipelineOptions,
) -> Result<Pipeline, Error> {
    let chosen = select_entry_points(module, options)?;
    let mut diags = Vec::new();
    let mut out = module.clone();

    let user = overrides::user_values(module, &options.overrides, &mut diags);
    let (needed, override_needed) = roots(module, info, &chosen);
    let evaluated = eval::evaluate(
        &mut out,
        &user.values,
        &user.rejected,
        &needed,
        &override_needed,
        &mut diags,
    );
    let known = checks::Known {
        values: &evaluated.values,
        overrides: &evaluated.overrides,
    };
    checks::check_array_sizes(module, &known, &needed, &mut diags);

    let mut reflection = Reflection::default();
    for &i in &chosen {
        let (Some(ep), Some(epi)) = (module.entry_points.get(i), info.entry_points.get(i)) else {
            continue;
        };
        let compute = ep.stage == crate::ir::ShaderStage::Compute;
        if compute {
            checks::check_workgroup(module, ep, epi, &known, options, &mut diags);
        }
        checks::check_immediate_size(module, ep, epi, options, &mut diags);
        let size = if compute {
            checks::workgroup_size(ep, &known).map(|n| u32::try_from(n).unwrap_or(0))
        } else {
            [1, 1, 1]
        };
        let subgroup_size = if compute {
            checks::check_subgroup_size(module, ep, size[0], &known, options, &mut diags)
        } else {
            None
        };
        let mut r = EntryPointReflection {
            name: ep.name.clone(),
            workgroup_size: size,
            subgroup_size,
            ..Default::default()
        };
        for &(ty, span) in &epi.matrix_types {
            let Some(m) = checks::matrix_info(module, ty, span, &known, &mut diags) else {
                continue;
            };
            if let Some(configs) = &options.subgroup_matrix_configs {
                checks::check_matrix_type(module, ty, span, &m, configs, &mut diags);
            }
            if !r.matrix_types.contains(&m) {
                r.matrix_types.push(m);
            }
        }
        for mm in &epi.multiplies {
            let Some(mi) = checks::multiply_info(module, mm, &known, &mut diags) else {
                continue;
            };
            if let Some(configs) = &options.subgroup_matrix_configs {
                checks::check_multiply(module, mm, &mi, configs, &mut diags);
            }
            if !r.multiplies.contains(&mi) {
                r.multiplies.push(mi);
            }
        }
        // With `@subgroup_size`, the workgroup size must be a multiple of
        // that size (checked above), not of the device's maximum.
        if let (Some(s), true, true, None) = (
            options.max_subgroup_size,
            epi.uses_subgroup_matrix,
            compute,
            ep.subgroup_size,
        ) {
            if s > 0 && size[0] % s != 0 {
                diags.push(
                    Diagnostic::error(
                        format!(
                            "workgroup size x dimension {} of entry point '{}' must be a multiple of the maximum subgroup size {s}, because it uses subgroup matrices",
                            size[0], ep.name
                        ),
                        checks::workgroup_dim_span(module, ep, 0),
                    )
                    .with_note(format!("use @workgroup_size({}) or another multiple of {s}", s.max(size[0].next_multiple_of(s)))),
                );
            }
        }
        reflection.entry_points.push(r);
    }

    if diags.iter().any(Diagnostic::is_error) {
        return Err(Error { diagnostics: diags });
    }

    // Intern every value.
    let mut global_values = Vec::with_capacity(evaluated.values.len());
    for (i, v) in evaluated.values.iter().enumerate() {
        let h = match v {
            Some(v) => v.to_const(&mut out),
            None => {
                let ty = out
                    .global_expression_types
                    .get(i)
                    .copied()
                    .unwrap_or_else(|| out.intern(TypeInner::Scalar(crate::ir::Scalar::U32)));
                out.intern_constant(ConstValue::Zero(ty))
            }
        };
        global_values.push(h);
    }
    let mut override_values = Vec::with_capacity(out.overrides.len());
    for i in 0..out.overrides.len() {
        let h = match evaluated.overrides.get(i).cloned().flatten() {
            Some(v) => v.to_const(&mut out),
            None => {
                let ty = out.overrides[Handle::from_index(i)].ty;
                out.intern_constant(ConstValue::Zero(ty))
            }
        };
        override_values.push(h);
    }
    let max_sg = options.max_subgroup_size.unwrap_or(128).max(1);
    let min_sg = options.min_subgroup_size.unwrap_or(4).clamp(1, max_sg);
    Ok(Pipeline {
        module: out,
        entry_points: chosen,
        global_values,
        override_values,
        reflection,
        subgroup_sizes: [min_sg, max_sg],
    })
}

//! The validator: checks the IR against WGSL's rules that are not checked
//! while resolving (memory layout of host-shareable types, address spaces,
//! entry-point interfaces, stage restrictions) and computes [`ModuleInfo`]
//! for the pipeline step and the backends.
//!
//! Every check appends to one list of diagnostics, so independent errors
//! are reported together. The work is linear in the size of the module
//! (per entry point for reachability); no check recurses on user-controlled
//! depth.
//!
//! Modules: `type_facts` (per-type flags, type names), `layout_rules`
//! (address-space layout constraints, sizes), `address_space` (which types
//! may live where), `call_graph` (per-function facts, reachability),
//! `interface` (entry-point IO), `stages` (stage restrictions),
//! `alias` (aliasing of pointer arguments at calls),
//! [`uniformity`] (uniformity analysis and its diagnostic filtering),
//! `capabilities` (`enable` and `requires` directives against the
//! target's features and language features).

pub(crate) mod address_space;
pub(crate) mod alias;
pub(crate) mod buffer_rules;
pub(crate) mod call_graph;
pub(crate) mod capabilities;
pub(crate) mod interface;
pub(crate) mod layout_rules;
pub(crate) mod report;
pub(crate) mod stages;
pub(crate) mod type_facts;
// Public only for the project's benchmarks and tests: not part of the API.
#[doc(hidden)]
pub mod uniformity;

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod wgsl_tests;

use std::collections::HashMap;

use crate::arena::Handle;
use crate::device::{Features, LanguageFeatures};
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{Extensions, GlobalVariable, Module, ResourceBinding, Type};
use crate::span::Span;

pub use call_graph::FunctionFacts;
pub use type_facts::TypeFacts;

/// Facts about a module that later stages read instead of re-deriving.
/// [`validate`] computes them for the resolved module (the pipeline step
/// reads them); each backend computes them again with [`analyze`] after
/// its last pass, and its printer reads only those.
#[derive(Clone, Debug, Default)]
pub struct ModuleInfo {
    /// Per-function facts (callees, globals used directly, matrix use),
    /// parallel to `Module::functions`.
    pub functions: Vec<FunctionFacts>,
    /// Per-entry-point facts, parallel to `Module::entry_points`.
    pub entry_points: Vec<EntryPointInfo>,
    /// Warnings and infos (e.g. uniformity findings at warning severity).
    pub warnings: Vec<Diagnostic>,
}

/// A `subgroupMatrixMultiply(Accumulate)` call, by its operand types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatrixMultiply {
    /// Type of the left operand.
    pub left: Handle<Type>,
    /// Type of the right operand.
    pub right: Handle<Type>,
    /// Result type.
    pub result: Handle<Type>,
    /// The call's span.
    pub span: Span,
}

/// Facts about one entry point.
#[derive(Clone, Debug, Default)]
pub struct EntryPointInfo {
    /// Functions reachable from the entry point (itself included), by index
    /// into `Module::functions`.
    pub functions: Vec<usize>,
    /// Global variables statically used, by index.
    pub globals: Vec<usize>,
    /// Whether any subgroup-matrix type or builtin is statically used.
    pub uses_subgroup_matrix: bool,
    /// Every subgroup-matrix type mentioned by a reachable function, with
    /// the span of one mention, in first-seen order.
    pub matrix_types: Vec<(Handle<Type>, Span)>,
    /// Every subgroup-matrix multiply in a reachable function.
    pub multiplies: Vec<MatrixMultiply>,
    /// Whether a reachable function holds a `discard`.
    pub discards: bool,
}

/// Validates a module for a device with every feature
/// ([`validate_with_features`] with [`Features::all`]).
pub fn validate(module: &Module) -> Result<ModuleInfo, Error> {
    validate_with_features(module, Features::all())
}

/// Validates a module for a device with `features` and every language
/// feature ([`validate_with_language_features`] with
/// [`LanguageFeatures::all`]): an `enable` whose WebGPU feature is missing
/// is an error at the extension's name (`capabilities`), as WebGPU's
/// `createShaderModule` reports it.
pub fn validate_with_features(module: &Module, features: Features) -> Result<ModuleInfo, Error> {
    validate_with_language_features(module, features, LanguageFeatures::all())
}

/// Validates a module for a target with `features` and the WGSL language
/// features `language`: a `requires` of an unsupported language feature
/// is an error at its name, and without
/// `uniform_buffer_standard_layout` uniform buffers have the stricter
/// `uniform` layout rules (`layout_rules`).
pub fn validate_with_language_features(
    module: &Module,
    features: Features,
    language: LanguageFeatures,
) -> Result<ModuleInfo, Error> {
    let mut diags = Vec::new();
    capabilities::check_enables(module, features, &mut diags);
    capabilities::check_requires(module, language, &mut diags);
    let facts = TypeFacts::new(module);

    address_space::check_types(module, &facts, &mut diags);
    layout_rules::check_type_sizes(module, &mut diags);
    address_space::check_globals(module, &facts, language, &mut diags);
    address_space::check_locals(module, &facts, &mut diags);
    address_space::check_type_uses(module, &facts, &mut diags);
    buffer_rules::check_buffer_types(module, &facts, &mut diags);
    capabilities::check_binding_arrays(module, &facts, language, &mut diags);
    for (_, f) in module.functions.iter() {
        buffer_rules::check_buffer_values(module, &facts, f, &mut diags);
    }

    let function_facts = all_function_facts(module, &facts);
    call_graph::check_calls(module, &function_facts, &mut diags);
    alias::check_aliasing(module, &function_facts, &mut diags);

    let mut entry_points = Vec::with_capacity(module.entry_points.len());
    // What the entry points reach (functions and variables, summed over
    // the entry points) is bounded linearly in the module's size: many
    // entry points that each reach everything would be quadratic.
    let reach_budget = entry_point_reach_budget(module);
    let mut reached = 0usize;
    let mut reach = call_graph::Reachable::new(&function_facts);
    for ep in &module.entry_points {
        interface::check_entry_point(module, ep, &mut diags);
        reach.walk(&function_facts, ep.function.index());
        stages::check_stage(module, ep, &function_facts, &reach, &mut diags);
        let info = entry_point_info(&function_facts, &reach.functions);
        reached = reached
            .saturating_add(reach.functions.len())
            .saturating_add(info.globals.len());
        if reached > reach_budget {
            diags.push(Diagnostic::error(
                format!(
                    "the entry points up to '{}' reach more than {reach_budget} functions and variables in all (counted once per entry point): the module is too large to compile",
                    ep.name
                ),
                module.functions.span(ep.function),
            ));
            break;
        }
        check_binding_collisions(module, &ep.name, &info.globals, &mut diags);
        address_space::check_immediates(module, ep, &info.globals, &mut diags);
        check_private_bytes(module, &ep.name, &info.globals, &mut diags);
        entry_points.push(info);
    }

    if !module
        .extensions
        .contains(Extensions::DISABLE_UNIFORMITY_ANALYSIS)
    {
        let uniformity = uniformity::analyze_with(module, &facts, &function_facts);
        diags.extend(uniformity.errors);
        diags.extend(uniformity.warnings);
    }

    if diags.iter().any(Diagnostic::is_error) {
        return Err(Error { diagnostics: diags });
    }
    Ok(ModuleInfo {
        functions: function_facts,
        entry_points,
        warnings: diags,
    })
}

/// How many (entry point, function or variable) pairs the entry points of
/// `module` may reach in all: 16 per unit of [`Module::size`], at least
/// 2^20.
fn entry_point_reach_budget(module: &Module) -> usize {
    module.size().saturating_mul(16).max(1 << 20)
}

/// Computes the [`ModuleInfo`] of a module that is already valid (e.g.
/// after a backend's passes), without checking it again.
pub fn analyze(module: &Module) -> ModuleInfo {
    let facts = TypeFacts::new(module);
    let function_facts = all_function_facts(module, &facts);
    let mut reach = call_graph::Reachable::new(&function_facts);
    let entry_points = module
        .entry_points
        .iter()
        .map(|ep| {
            reach.walk(&function_facts, ep.function.index());
            entry_point_info(&function_facts, &reach.functions)
        })
        .collect();
    ModuleInfo {
        functions: function_facts,
        entry_points,
        warnings: Vec::new(),
    }
}

pub(crate) fn all_function_facts(module: &Module, facts: &TypeFacts) -> Vec<FunctionFacts> {
    let mut globals = call_graph::GlobalsSeen::new(module);
    module
        .functions
        .iter()
        .map(|(h, f)| {
            let span = module.functions.span(h);
            call_graph::function_facts(module, facts, f, span, &mut globals)
        })
        .collect()
}

fn entry_point_info(all: &[FunctionFacts], functions: &[usize]) -> EntryPointInfo {
    let mut globals = Vec::new();
    let mut matrix_types: indexmap::IndexMap<Handle<Type>, Span> = indexmap::IndexMap::new();
    let mut multiplies = Vec::new();
    let mut uses = false;
    let mut discards = false;
    for &f in functions {
        let Some(facts) = all.get(f) else { continue };
        globals.extend(facts.globals.iter().map(|(g, _)| g.index()));
        uses |= facts.matrix_use.is_some();
        discards |= facts.stage_uses.iter().any(|u| u.name == "discard");
        for &(t, span) in &facts.matrix_types {
            matrix_types.entry(t).or_insert(span);
        }
        multiplies.extend(
            facts
                .multiplies
                .iter()
                .map(|&([left, right, result], span)| MatrixMultiply {
                    left,
                    right,
                    result,
                    span,
                }),
        );
    }
    globals.sort_unstable();
    globals.dedup();
    EntryPointInfo {
        functions: functions.to_vec(),
        globals,
        uses_subgroup_matrix: uses,
        matrix_types: matrix_types.into_iter().collect(),
        multiplies,
        discards,
    }
}

/// Combined byte size of the private variables one entry point uses (the
/// spec's "Limits" guarantee 8192; Tint's corpus has 131068-byte private
/// arrays, so tessera allows more before refusing the shader).
pub const MAX_PRIVATE_VARIABLE_BYTES: u64 = 1 << 20;

fn check_private_bytes(
    module: &Module,
    ep_name: &str,
    globals: &[usize],
    diags: &mut Vec<Diagnostic>,
) {
    let mut total: u64 = 0;
    for &g in globals {
        let h = Handle::from_index(g);
        let Some(var) = module.global_variables.try_get(h) else {
            continue;
        };
        if var.space != crate::ir::AddressSpace::Private {
            continue;
        }
        total = total.saturating_add(u64::from(crate::ir::layout::layout(module, var.ty).size));
        if total > MAX_PRIVATE_VARIABLE_BYTES {
            diags.push(Diagnostic::error(
                format!(
                    "the private variables used by entry point '{ep_name}' take more than {MAX_PRIVATE_VARIABLE_BYTES} bytes (the limit)"
                ),
                module.global_variables.span(h),
            ));
            return;
        }
    }
}

fn check_binding_collisions(
    module: &Module,
    ep_name: &str,
    globals: &[usize],
    diags: &mut Vec<Diagnostic>,
) {
    // Bindings are numbers the shader chooses: a keyed hash keeps them from
    // being made to collide.
    let mut seen: HashMap<ResourceBinding, Handle<GlobalVariable>> = HashMap::default();
    for &g in globals {
        let h = Handle::from_index(g);
        let Some(var) = module.global_variables.try_get(h) else {
            continue;
        };
        let Some(binding) = var.binding else { continue };
        match seen.get(&binding) {
            Some(&first) => {
                let first_name = module
                    .global_variables
                    .try_get(first)
                    .map_or("", |v| v.name.as_str());
                diags.push(
                    Diagnostic::error(
                        format!(
                            "@group({}) @binding({}) is used by both '{}' and '{}' in entry point '{ep_name}'",
                            binding.group, binding.binding, first_name, var.name
                        ),
                        module.global_variables.span(h),
                    )
                    .with_label(module.global_variables.span(first), "first bound here"),
                );
            }
            None => {
                seen.insert(binding, h);
            }
        }
    }
}

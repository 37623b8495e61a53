//! The pipeline step: select entry points, apply override values, evaluate
//! override-expressions, and run the pipeline-creation checks (device
//! subgroup-matrix configs, subgroup size, workgroup limits, indices that
//! override values put out of range). Errors here
//! are *pipeline-creation* errors, reported separately from shader-module
//! errors so an embedding WebGPU implementation can surface each at the
//! right call.
//!
//! Only what the chosen entry points need can fail: an override without a
//! value, or an override-expression that fails to evaluate, is an error
//! only when a chosen entry point (or the module's types) depends on it.
//!
//! With [`PipelineOptions::spec_constants`], the overrides given no value
//! stay symbolic and become SPIR-V specialization constants (module
//! [`spec`]).

mod bindings;
pub(crate) mod checks;
pub(crate) mod eval;
pub mod external_textures;
pub mod framebuffer_fetch;
mod host_layout;
mod index_bounds;
mod matrix_access;
mod options;
pub(crate) mod overrides;
mod profile;
mod prune;
pub mod resource_table;
pub mod spec;

#[cfg(test)]
mod tests;

use crate::arena::Handle;
use crate::configs::ComponentType;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    ArraySize, ConstValue, Expression, Module, SubgroupMatrixKind, TypeInner, WorkgroupSizeDim,
};
use crate::valid::ModuleInfo;

pub use bindings::{BindingReflection, HandleKind, ResourceReflection};
pub use external_textures::{ExternalTextureBindings, ExternalTextureReflection};
pub use framebuffer_fetch::{FramebufferFetchReflection, DEFAULT_FRAMEBUFFER_FETCH_GROUP};
pub use host_layout::{HostLayout, HostMember, HostScalar};
pub use resource_table::{
    ResourceTableOptions, ResourceTableReflection, ResourceType, DEFAULT_ORDER,
};

pub use options::PipelineOptions;

/// A subgroup-matrix type used by an entry point, with its dimensions
/// resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// A value fixed only when the pipeline is specialised (with
/// [`PipelineOptions::spec_constants`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SpecValue {
    /// The value of the specialization constant with this `SpecId`.
    SpecId(u32),
    /// An override-expression of specialization constants (a derived
    /// override or an operation on overrides): the application computes it
    /// from the values it specialises with, as the WGSL source says.
    Expression,
}

/// An override emitted as a SPIR-V specialization constant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpecConstantInfo {
    /// The override's name.
    pub name: String,
    /// Its `@id`, if declared.
    pub id: Option<u16>,
    /// The `SpecId` decoration: the `@id`, or the id tessera assigned.
    pub spec_id: u32,
    /// Its type (`bool`, `i32`, `u32`, `f32` or `f16`).
    pub scalar: crate::ir::Scalar,
    /// The default written in the `OpSpecConstant` (the zero value of the
    /// type when the override declares none).
    pub default: crate::ir::Literal,
    /// Whether the override declares a default; when it does not, the
    /// application must supply a value when it creates the pipeline.
    pub has_default: bool,
}

/// What a chosen entry point uses, for the embedder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EntryPointReflection {
    /// The entry point's name.
    pub name: String,
    /// Its stage.
    pub stage: crate::ir::ShaderStage,
    /// Workgroup size after overrides (`[1, 1, 1]` for render stages); 0
    /// for a dimension given by specialization constants (see
    /// [`EntryPointReflection::workgroup_size_spec`]).
    pub workgroup_size: [u32; 3],
    /// Per workgroup-size dimension, how specialization constants give it
    /// (`None`: the value is in `workgroup_size`).
    pub workgroup_size_spec: [Option<SpecValue>; 3],
    /// How specialization constants give `@subgroup_size` (then
    /// `subgroup_size` is `None`).
    pub subgroup_size_spec: Option<SpecValue>,
    /// The `SpecId`s of the specialization constants the entry point may
    /// read (sorted).
    pub spec_ids: Vec<u32>,
    /// Every subgroup-matrix type used (deduplicated, first-use order).
    pub matrix_types: Vec<MatrixTypeInfo>,
    /// Every subgroup-matrix multiply shape used (deduplicated).
    pub multiplies: Vec<MatrixMultiplyInfo>,
    /// `@subgroup_size` after overrides: the subgroup size the pipeline
    /// must be created with (Vulkan's required subgroup size).
    pub subgroup_size: Option<u32>,
    /// Bytes of workgroup memory the SPIR-V backend adds for subgroup-matrix
    /// kind conversions (`subgroupMatrixConvert` from result to left, ...),
    /// on top of the shader's own workgroup variables (0 when none).
    pub matrix_scratch_bytes: u32,
    /// The uniform and storage buffers the entry point uses, by group and
    /// binding, with their minimum binding sizes (including the
    /// subgroup-matrix proposal's `MinStorageSize`), and the parameters
    /// buffer (`NAME_params`) of each `texture_external` it uses.
    pub bindings: Vec<BindingReflection>,
    /// The `texture_external` variables the entry point uses, with the
    /// binding points of their planes and parameters buffer (which also
    /// appears in [`EntryPointReflection::bindings`]).
    pub external_textures: Vec<ExternalTextureReflection>,
    /// The textures and samplers the entry point uses, by group and
    /// binding (a `texture_external` appears once, at plane 0's binding).
    pub resources: Vec<ResourceReflection>,
    /// The input attachments the SPIR-V output reads the `@color` inputs
    /// from (none for MSL, which reads `[[color(N)]]`), by colour index.
    pub framebuffer_fetch: Vec<FramebufferFetchReflection>,
    /// The resource table (`chromium_experimental_resource_table`), when
    /// the entry point uses `hasResource` or `getResource`: the binding
    /// points of its metadata buffer and table (which
    /// [`EntryPointReflection::bindings`] does not list).
    pub resource_table: Option<ResourceTableReflection>,
}

/// An override of the module and the value the pipeline gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OverrideReflection {
    /// The override's name.
    pub name: String,
    /// Its `@id`, if declared.
    pub id: Option<u16>,
    /// Its type.
    pub scalar: crate::ir::Scalar,
    /// Whether a chosen entry point (or a type it uses) depends on it.
    pub used: bool,
    /// The value the pipeline step used (given, or the default): `None`
    /// for a specialization constant, and for an unused override without
    /// a value.
    pub value: Option<crate::ir::Literal>,
    /// Its `SpecId` when it is a specialization constant (see
    /// [`Reflection::spec_constants`]).
    pub spec_id: Option<u32>,
}

/// Reflection of the chosen entry points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reflection {
    /// Parallel to [`Pipeline::entry_points`].
    pub entry_points: Vec<EntryPointReflection>,
    /// The specialization constants the chosen entry points may read, in
    /// declaration order (empty without
    /// [`PipelineOptions::spec_constants`]).
    pub spec_constants: Vec<SpecConstantInfo>,
    /// Every override of the module, in declaration order.
    pub overrides: Vec<OverrideReflection>,
}

impl EntryPointReflection {
    /// Whether a uniform buffer of the entry point needs the language
    /// feature `uniform_buffer_standard_layout`
    /// ([`BindingReflection::uniform_standard_layout`]): its SPIR-V then
    /// needs the Vulkan device feature `uniformBufferStandardLayout`.
    pub fn needs_uniform_buffer_standard_layout(&self) -> bool {
        self.bindings.iter().any(|b| b.uniform_standard_layout)
    }
}

impl Reflection {
    /// Whether any chosen entry point needs `uniform_buffer_standard_layout`
    /// ([`EntryPointReflection::needs_uniform_buffer_standard_layout`]).
    pub fn needs_uniform_buffer_standard_layout(&self) -> bool {
        self.entry_points
            .iter()
            .any(EntryPointReflection::needs_uniform_buffer_standard_layout)
    }
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
    /// not need and that could not be evaluated hold their type's zero
    /// value. `None`: the expression reads a specialization constant
    /// ([`PipelineOptions::spec_constants`]); its value is unknown until
    /// the pipeline is specialised, and nothing may assume one.
    pub global_values: Vec<Option<Handle<ConstValue>>>,
    /// The value of every override declaration, parallel to
    /// `module.overrides` (used e.g. for `MatrixDim::Override`); `None`
    /// for a specialization constant or an override derived from one.
    pub override_values: Vec<Option<Handle<ConstValue>>>,
    /// Per override, parallel to `module.overrides`: its specialization
    /// constant, when it is one (empty without
    /// [`PipelineOptions::spec_constants`]).
    pub spec_constants: Vec<Option<spec::SpecConstant>>,
    /// Subgroup-matrix types and multiplies of each chosen entry point.
    pub reflection: Reflection,
    /// The device's smallest and largest subgroup size (from the options;
    /// WebGPU's bounds 4 and 128 when not given).
    pub subgroup_sizes: [u32; 2],
    /// The binding points of each `texture_external` variable's planes and
    /// parameters, for the `external-texture` pass (empty for a module
    /// without external textures; the pass assigns defaults to any
    /// variable not listed).
    pub external_textures: external_textures::Assignments,
    /// [`PipelineOptions::framebuffer_fetch_group`], for the
    /// `framebuffer-fetch` pass.
    pub framebuffer_fetch_group: u32,
    /// [`PipelineOptions::resource_table`], for the `resource-table` pass.
    pub resource_table: ResourceTableOptions,
    /// The device's native cooperative-vector products (from the options),
    /// for the `coop-vec` pass.
    pub cooperative_vector_configs: Vec<crate::configs::CooperativeVectorConfig>,
    /// The most components a native cooperative vector may have; `None`:
    /// no limit known.
    pub cooperative_vector_max_components: Option<u32>,
    /// The native training operations' accumulation types (from the
    /// options).
    pub cooperative_vector_training: Vec<crate::configs::ComponentType>,
    /// The bounds on the driver's optimal layouts (from the options).
    pub cooperative_vector_optimal_layouts: Vec<crate::configs::OptimalLayoutBound>,
}

impl Pipeline {
    /// The printers' view of this pipeline: its module, chosen entry
    /// points, values and specialization constants.
    pub fn printed(&self) -> crate::ir::PipelineModule<'_> {
        crate::ir::PipelineModule {
            module: &self.module,
            entry_points: &self.entry_points,
            global_values: &self.global_values,
            override_values: &self.override_values,
            spec_constants: &self.spec_constants,
        }
    }
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
            // Each function is scanned once, however many entry points reach
            // it, and only if it uses override-expressions at all.
            if scanned
                .get_mut(f)
                .is_none_or(|s| std::mem::replace(s, true))
                || info
                    .functions
                    .get(f)
                    .is_some_and(|facts| !facts.override_exprs)
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

/// What the pipeline step knows about specialization constants.
struct SpecState {
    /// Per override: no value, so symbolic (empty without the option).
    symbolic_override: Vec<bool>,
    /// Per global expression: reads a symbolic override.
    symbolic: Vec<bool>,
    /// Per override: its specialization constant.
    constants: Vec<Option<spec::SpecConstant>>,
    /// Per global expression: how it is written.
    forms: Vec<spec::Form>,
}

impl SpecState {
    fn none(module: &Module) -> Self {
        SpecState {
            symbolic_override: Vec::new(),
            symbolic: Vec::new(),
            constants: Vec::new(),
            forms: vec![spec::Form::Const; module.global_expressions.len()],
        }
    }

    fn is_symbolic(&self, e: Handle<Expression>) -> bool {
        self.symbolic.get(e.index()).copied().unwrap_or(false)
    }

    /// How a symbolic size or dimension is given, for reflection.
    fn value(&self, module: &Module, e: Handle<Expression>) -> SpecValue {
        match module.global_expressions.try_get(e) {
            Some(&Expression::Override(o)) => {
                match self.constants.get(o.index()).copied().flatten() {
                    Some(c) => SpecValue::SpecId(c.spec_id),
                    None => SpecValue::Expression,
                }
            }
            _ => SpecValue::Expression,
        }
    }
}

/// With [`PipelineOptions::spec_constants`]: which overrides stay
/// symbolic (no value given and none rejected).
fn symbolic_overrides(module: &Module, user: &overrides::UserValues) -> Vec<bool> {
    (0..module.overrides.len())
        .map(|i| user.values.get(i).copied().flatten().is_none() && !user.rejected[i])
        .collect()
}

/// Symbolic sizes (array counts, workgroup sizes) must be specialization
/// constant instructions: reports those SPIR-V cannot express.
fn check_spec_size(
    module: &Module,
    st: &SpecState,
    e: Handle<Expression>,
    what: &str,
    span: crate::span::Span,
    diags: &mut Vec<Diagnostic>,
) {
    if st.forms.get(e.index()).copied() == Some(spec::Form::Runtime) {
        diags.push(
            Diagnostic::error(
                format!(
                    "{what} depends on specialization constants through an operation SPIR-V specialization constants cannot express"
                ),
                span,
            )
            .with_note("specialization-constant operations are integer and boolean arithmetic, comparisons, bit operations, select, conversions between i32, u32 and bool, and composites (no floating-point arithmetic, builtin functions or dynamic indices)")
            .with_note(format!(
                "give the overrides it reads a value (pipeline constants{}), or compile without specialization constants",
                override_keys(module, e)
            )),
        );
    }
}

/// `: "key", ...` of the symbolic overrides an expression reads, for notes.
fn override_keys(module: &Module, e: Handle<Expression>) -> String {
    let mut needed = vec![false; module.global_expressions.len()];
    let mut override_needed = vec![false; module.overrides.len()];
    if let Some(n) = needed.get_mut(e.index()) {
        *n = true;
    }
    eval::propagate_needed(module, &mut needed, &mut override_needed);
    let keys: Vec<String> = module
        .overrides
        .iter()
        .filter(|(h, _)| override_needed[h.index()])
        .map(|(_, o)| format!("\"{}\"", overrides::override_key(o)))
        .collect();
    if keys.is_empty() {
        String::new()
    } else {
        format!(": {}", keys.join(", "))
    }
}

/// The `SpecId`s of the specialization constants one entry point may read.
fn entry_spec_ids(module: &Module, info: &ModuleInfo, i: usize, st: &SpecState) -> Vec<u32> {
    let (_, override_needed) = roots(module, info, &[i]);
    let mut ids: Vec<u32> = override_needed
        .iter()
        .enumerate()
        .filter(|(_, n)| **n)
        .filter_map(|(o, _)| st.constants.get(o).copied().flatten().map(|c| c.spec_id))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Runs the pipeline step on a copy of `module` (see [`process_owned`],
/// which takes the module and copies nothing).
pub fn process(
    module: &Module,
    info: &ModuleInfo,
    options: &PipelineOptions,
) -> Result<Pipeline, Error> {
    process_owned(module.clone(), info, options)
}

/// Runs the pipeline step, taking `source` (validated into `info`): its
/// functions move into the pipeline's module rather than being copied,
/// which saves a copy of the largest part of the IR in time and memory.
pub fn process_owned(
    source: Module,
    info: &ModuleInfo,
    options: &PipelineOptions,
) -> Result<Pipeline, Error> {
    let module = &source;
    let chosen = select_entry_points(module, options)?;
    let mut diags = Vec::new();
    // Everything but the functions, which the step reads from `source` and
    // moves over at the end (nothing before then changes them).
    let mut out = Module {
        extensions: module.extensions,
        enables: module.enables.clone(),
        requires: module.requires.clone(),
        types: module.types.clone(),
        constants: module.constants.clone(),
        overrides: module.overrides.clone(),
        global_variables: module.global_variables.clone(),
        global_expressions: module.global_expressions.clone(),
        global_expression_types: module.global_expression_types.clone(),
        functions: Default::default(),
        entry_points: module.entry_points.clone(),
        diagnostic_filters: module.diagnostic_filters.clone(),
    };

    let user = overrides::user_values(module, &options.overrides, &mut diags);
    let (needed, override_needed) = roots(module, info, &chosen);
    let mut st = SpecState::none(module);
    if options.spec_constants {
        st.symbolic_override = symbolic_overrides(module, &user);
        st.symbolic = spec::symbolic_expressions(module, &st.symbolic_override);
    }
    let evaluated = eval::evaluate(
        &mut out,
        &user.values,
        &user.rejected,
        &st.symbolic_override,
        &needed,
        &override_needed,
        &mut diags,
    );
    if options.spec_constants {
        st.constants = spec::constants(
            module,
            &st.symbolic_override,
            &st.symbolic,
            &evaluated.values,
        );
        st.forms = spec::forms(module, &st.symbolic, &st.constants);
    }
    let known = checks::Known {
        values: &evaluated.values,
        overrides: &evaluated.overrides,
    };
    checks::check_array_sizes(module, &known, &needed, &mut diags);
    if options.spec_constants {
        let mut seen = std::collections::HashSet::new();
        for (h, t) in module.types.iter() {
            if let TypeInner::Array {
                size: ArraySize::Override(e),
                ..
            } = t.inner
            {
                if needed.get(e.index()).copied().unwrap_or(false) && seen.insert(e) {
                    let what = format!(
                        "the element count of '{}'",
                        crate::valid::type_facts::type_name(module, h)
                    );
                    let span = module.global_expressions.span(e);
                    check_spec_size(module, &st, e, &what, span, &mut diags);
                }
            }
        }
    }

    // Only subgroup-matrix loads and stores raise a minimum binding size:
    // without a matrix type there is nothing to summarise.
    let summaries = if module.has_subgroup_matrix_type() {
        bindings::summarize(module, &known)
    } else {
        Vec::new()
    };
    // Which types need uniform_buffer_standard_layout in a uniform buffer
    // (one pass over the types, only when there is a uniform buffer).
    let standard_layout = if module
        .global_variables
        .iter()
        .any(|(_, g)| g.space == crate::ir::AddressSpace::Uniform)
    {
        crate::valid::layout_rules::uniform_standard_layout_types(module)
    } else {
        Vec::new()
    };
    // Each function once, however many chosen entry points reach it.
    let mut reached: Vec<usize> = chosen
        .iter()
        .filter_map(|&i| info.entry_points.get(i))
        .flat_map(|epi| epi.functions.iter().copied())
        .collect();
    reached.sort_unstable();
    reached.dedup();
    matrix_access::check_standard(module, &reached, &known, &mut diags);
    index_bounds::check(module, info, &reached, &known, &mut diags);
    let externals = external_textures::assign(
        module,
        Some(info),
        &chosen,
        &options.external_textures,
        &mut diags,
    );
    let mut reflection = Reflection::default();
    for &i in &chosen {
        let (Some(ep), Some(epi)) = (module.entry_points.get(i), info.entry_points.get(i)) else {
            continue;
        };
        let compute = ep.stage == crate::ir::ShaderStage::Compute;
        // Dimensions given by specialization constants.
        let mut size_spec = [None; 3];
        if compute {
            for (d, dim) in ep.workgroup_size.iter().enumerate() {
                if let WorkgroupSizeDim::Override(e) = *dim {
                    if st.is_symbolic(e) {
                        size_spec[d] = Some(st.value(module, e));
                        let what = format!(
                            "workgroup size {} dimension of entry point '{}'",
                            ["x", "y", "z"][d],
                            ep.name
                        );
                        let span = checks::workgroup_dim_span(module, ep, d);
                        check_spec_size(module, &st, e, &what, span, &mut diags);
                    }
                }
            }
            // Limits are checked with 1 for specialised dimensions (a lower
            // bound: the application must keep the specialised size within
            // the limits).
            checks::check_workgroup(module, ep, epi, &known, options, &mut diags);
        }
        checks::check_immediate_size(module, ep, epi, options, &mut diags);
        let mut size = if compute {
            checks::workgroup_size(ep, &known).map(|n| u32::try_from(n).unwrap_or(0))
        } else {
            [1, 1, 1]
        };
        for (s, spec) in size.iter_mut().zip(&size_spec) {
            if spec.is_some() {
                *s = 0;
            }
        }
        let subgroup_size_spec = match ep.subgroup_size {
            Some((WorkgroupSizeDim::Override(e), _)) if compute && st.is_symbolic(e) => {
                Some(st.value(module, e))
            }
            _ => None,
        };
        // With a specialised x dimension, the check that it is a multiple
        // of `@subgroup_size` is the application's (see SpecValue).
        let subgroup_size = if compute && subgroup_size_spec.is_none() {
            let x = if size_spec[0].is_some() {
                None
            } else {
                Some(size[0])
            };
            checks::check_subgroup_size(module, ep, x, &known, options, &mut diags)
        } else {
            None
        };
        let mut r = EntryPointReflection {
            name: ep.name.clone(),
            stage: ep.stage,
            workgroup_size: size,
            workgroup_size_spec: size_spec,
            subgroup_size_spec,
            subgroup_size,
            ..Default::default()
        };
        if options.spec_constants {
            r.spec_ids = entry_spec_ids(module, info, i, &st);
        }
        r.bindings = bindings::entry_bindings(module, epi, &summaries, &standard_layout);
        r.resources = bindings::entry_resources(module, epi);
        r.external_textures = external_textures::entry_reflection(&externals, &epi.globals);
        r.bindings.extend(
            r.external_textures
                .iter()
                .map(external_textures::params_binding),
        );
        r.framebuffer_fetch =
            framebuffer_fetch::entry_reflection(module, ep, &r, options, &mut diags);
        r.resource_table =
            resource_table::entry_reflection(module, epi, &r, &options.resource_table, &mut diags);
        r.bindings.sort_by_key(|b| (b.group, b.binding));
        for &(ty, span) in &epi.matrix_types {
            if options.spec_constants {
                check_matrix_dims_known(module, ty, span, &st, &mut diags);
            }
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
        if epi.uses_subgroup_matrix {
            checks::check_invocation_lines(module, epi, options, &mut diags);
        }
        if module
            .extensions
            .contains(crate::ir::Extensions::TESSERA_COOPERATIVE_VECTOR)
        {
            checks::check_device_layouts(module, epi, &mut diags);
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
        // that size (checked above), not of the device's maximum. A
        // specialised x dimension is the application's to choose so.
        if let (Some(s), true, true, None, None) = (
            options.max_subgroup_size,
            epi.uses_subgroup_matrix,
            compute,
            ep.subgroup_size,
            size_spec[0],
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
    if options.spec_constants {
        for (h, o) in module.overrides.iter() {
            let Some(c) = st.constants.get(h.index()).copied().flatten() else {
                continue;
            };
            if !override_needed.get(h.index()).copied().unwrap_or(false) {
                continue;
            }
            reflection.spec_constants.push(SpecConstantInfo {
                name: o.name.clone(),
                id: o.id,
                spec_id: c.spec_id,
                scalar: c.default.scalar(),
                default: c.default,
                has_default: c.has_default,
            });
        }
    }

    if diags.iter().any(Diagnostic::is_error) {
        return Err(Error { diagnostics: diags });
    }
    for (h, o) in module.overrides.iter() {
        let i = h.index();
        let used = override_needed.get(i).copied().unwrap_or(false);
        // Only a used override is emitted as a specialization constant.
        let spec_id = st
            .constants
            .get(i)
            .copied()
            .flatten()
            .filter(|_| used)
            .map(|c| c.spec_id);
        let symbolic = st.symbolic_override.get(i).copied().unwrap_or(false);
        let value = match evaluated.overrides.get(i) {
            Some(Some(crate::const_eval::Value::Scalar(l))) if !symbolic => Some(*l),
            _ => None,
        };
        let scalar = match module.types.try_get(o.ty).map(|t| &t.inner) {
            Some(TypeInner::Scalar(s)) => *s,
            _ => value.map_or(crate::ir::Scalar::U32, |l| l.scalar()),
        };
        reflection.overrides.push(OverrideReflection {
            name: o.name.clone(),
            id: o.id,
            scalar,
            used,
            value,
            spec_id,
        });
    }

    // Intern every value.
    let mut global_values = Vec::with_capacity(evaluated.values.len());
    for (i, v) in evaluated.values.iter().enumerate() {
        if st.is_symbolic(Handle::from_index(i)) {
            global_values.push(None);
            continue;
        }
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
        global_values.push(Some(h));
    }
    let mut override_values = Vec::with_capacity(out.overrides.len());
    for i in 0..out.overrides.len() {
        if st.symbolic_override.get(i).copied().unwrap_or(false) {
            override_values.push(None);
            continue;
        }
        let h = match evaluated.overrides.get(i).cloned().flatten() {
            Some(v) => v.to_const(&mut out),
            None => {
                let ty = out.overrides[Handle::from_index(i)].ty;
                out.intern_constant(ConstValue::Zero(ty))
            }
        };
        override_values.push(Some(h));
    }
    out.functions = source.functions;
    let chosen = prune::keep_chosen(&mut out, &chosen, &reached);
    let max_sg = options.max_subgroup_size.unwrap_or(128).max(1);
    let min_sg = options.min_subgroup_size.unwrap_or(4).clamp(1, max_sg);
    Ok(Pipeline {
        module: out,
        entry_points: chosen,
        global_values,
        override_values,
        spec_constants: st.constants,
        reflection,
        subgroup_sizes: [min_sg, max_sg],
        external_textures: externals,
        framebuffer_fetch_group: options.framebuffer_fetch_group,
        resource_table: options.resource_table.clone(),
        cooperative_vector_configs: options.cooperative_vector_configs.clone(),
        cooperative_vector_max_components: options.cooperative_vector_max_components,
        cooperative_vector_training: options.cooperative_vector_training.clone(),
        cooperative_vector_optimal_layouts: options.cooperative_vector_optimal_layouts.clone(),
    })
}

/// Subgroup-matrix dimensions must be known when the module is compiled
/// (the device's configurations, the shapes of multiplies and the
/// robustness of loads and stores depend on them): with specialization
/// constants, an override used as one must be given a value.
fn check_matrix_dims_known(
    module: &Module,
    ty: Handle<crate::ir::Type>,
    span: crate::span::Span,
    st: &SpecState,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(TypeInner::SubgroupMatrix { columns, rows, .. }) =
        module.types.try_get(ty).map(|t| &t.inner)
    else {
        return;
    };
    for d in [columns, rows] {
        if let crate::ir::MatrixDim::Override(o) = *d {
            if !st
                .symbolic_override
                .get(o.index())
                .copied()
                .unwrap_or(false)
            {
                continue;
            }
            let Some(decl) = module.overrides.try_get(o) else {
                continue;
            };
            let msg = format!(
                "override '{}' is a dimension of '{}', which must be known when the module is compiled: it cannot be a specialization constant",
                decl.name,
                crate::valid::type_facts::type_name(module, ty)
            );
            if diags.iter().any(|d| d.message == msg) {
                continue;
            }
            diags.push(
                Diagnostic::error(msg, span)
                    .with_label(module.overrides.span(o), "override declared here")
                    .with_note(format!(
                        "give it a value (pipeline constant \"{}\")",
                        overrides::override_key(decl)
                    )),
            );
        }
    }
}

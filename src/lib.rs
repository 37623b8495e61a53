//! # tessera
//!
//! A WGSL compiler with first-class support for subgroup matrices
//! (`enable chromium_experimental_subgroup_matrix;`, `subgroup_matrix`,
//! wgpu's `wgpu_cooperative_matrix`), writing SPIR-V
//! (`SPV_KHR_cooperative_matrix`, or `SPV_NV_cooperative_matrix` with
//! [`back::spv::CooperativeMatrixExtension::Nv`]), Metal Shading Language
//! (`simdgroup_matrix`) and WGSL.
//!
//! ## In one call
//!
//! [`compile_to_spirv`] and [`compile_to_msl`] run every stage below:
//!
//! ```
//! let source = r#"
//!     @group(0) @binding(0) var<storage, read_write> data: array<u32>;
//!     @compute @workgroup_size(64)
//!     fn main(@builtin(global_invocation_id) id: vec3<u32>) {
//!         data[id.x] = data[id.x] * 2u;
//!     }
//! "#;
//! let out = tessera::compile_to_spirv(source, &tessera::CompileOptions::default())
//!     .expect("valid shader");
//! assert_eq!(out.words[0], 0x0723_0203); // SPIR-V magic number
//! assert_eq!(out.reflection.entry_points[0].workgroup_size, [64, 1, 1]);
//! ```
//!
//! ## Stage by stage
//!
//! The stages are the same for every backend, and every writer takes the
//! same input, a [`pipeline::Pipeline`]:
//!
//! 1. **Parse**: [`front::wgsl::parse_str`] lexes, parses and resolves the
//!    source to an [`ir::Module`] (errors: a shader-module creation error).
//! 2. **Validate**: [`valid::validate`] (or
//!    [`valid::validate_with_language_features`] with the device's
//!    [`device::Features`] and the target's [`device::LanguageFeatures`])
//!    checks the module, including the uniformity analysis, and gives a
//!    [`valid::ModuleInfo`].
//! 3. **Pipeline**: [`pipeline::process`] picks an entry point, gives the
//!    overrides their values and checks the device limits and
//!    subgroup-matrix configurations ([`pipeline::PipelineOptions`]; a
//!    [`device::DeviceProfile`] fills them from a device). Errors here are
//!    pipeline-creation errors.
//! 4. **Write**: [`lower::spv::write`], [`lower::msl::write`] (or
//!    [`lower::msl::write_translation`] for the entry-point names and
//!    argument indices), or [`back::wgsl::write`] for the module. Each
//!    writer runs its backend's ordered IR-to-IR passes (WGSL's robustness
//!    and polyfills; `tessera --list-passes`) on a copy, then prints.
//!
//! ```
//! use tessera::{back, front, lower, pipeline, valid};
//!
//! let source = "
//!     override scale: f32 = 2.0;
//!     @group(0) @binding(0) var<storage, read_write> v: array<f32, 64>;
//!     @compute @workgroup_size(64)
//!     fn main(@builtin(local_invocation_index) i: u32) { v[i] *= scale; }
//! ";
//! let parsed = front::wgsl::parse_str(source)?;
//! let info = valid::validate(&parsed.module)?;
//! let mut options = pipeline::PipelineOptions::default();
//! options.overrides.insert("scale".into(), 3.0);
//! let pipeline = pipeline::process(&parsed.module, &info, &options)?;
//!
//! let spirv: Vec<u32> = lower::spv::write(&pipeline, &back::spv::Options::default())?;
//! let msl: String = lower::msl::write(&pipeline, &back::msl::Options::default())?;
//! let wgsl: String = back::wgsl::write(&pipeline.module)?;
//! assert_eq!(spirv[0], 0x0723_0203);
//! assert!(msl.contains("kernel void main_("));
//! assert!(wgsl.contains("fn main("));
//! # Ok::<(), tessera::Error>(())
//! ```
//!
//! ## Devices
//!
//! A WebGPU implementation compiles for the device it runs on: the enabled
//! features decide which `enable` directives a module may use, the limits
//! and subgroup-matrix configurations which pipelines it may create.
//!
//! ```
//! use tessera::device::DeviceProfile;
//!
//! let metal = DeviceProfile::builtin("metal").expect("built in");
//! let options = tessera::CompileOptions::for_device(&metal);
//! // Metal's simdgroup matrices are 8x8: a 16x16 one is a pipeline error.
//! let source = "
//!     enable chromium_experimental_subgroup_matrix;
//!     @group(0) @binding(0) var<storage, read_write> s: array<f32>;
//!     @compute @workgroup_size(32) fn main() {
//!         let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 16, 16>, row_major>(&s, 0u, 16u);
//!         subgroupMatrixStore<row_major>(&s, 256u, m, 16u);
//!     }
//! ";
//! let err = tessera::compile_to_spirv(source, &options).unwrap_err();
//! assert!(matches!(err, tessera::CompileError::Pipeline(_)));
//! ```
//!
//! ## Diagnostics
//!
//! Errors carry spans; render them without depending on
//! `codespan-reporting` yourself:
//!
//! ```
//! let source = "fn f() -> u32 { return 1.5; }";
//! let err = tessera::compile_to_spirv(source, &Default::default()).unwrap_err();
//! let text = err.render_to_string("shader.wgsl", source);
//! assert!(text.contains("shader.wgsl:1:24"), "{text}");
//! // Or, in a command-line tool: err.emit_to_stderr("shader.wgsl", source);
//! ```
//!
//! Overrides get their values in the pipeline step; with
//! [`pipeline::PipelineOptions::spec_constants`] the ones given no value
//! become SPIR-V specialization constants instead (see [`pipeline::spec`]),
//! with their `SpecId`s in [`pipeline::Reflection::spec_constants`].

#![warn(missing_docs)]

pub(crate) mod analysis;
pub mod arena;
pub mod back;
pub(crate) mod builtins;
pub mod configs;
pub(crate) mod const_eval;
pub mod device;
pub mod diagnostic;
pub mod front;
pub mod ir;
pub mod lower;
pub(crate) mod passes;
pub mod pipeline;
mod reflection_json;
mod span;
mod suggest;
mod unroll_policy;
pub mod valid;
/// Embedding in wgpu 30 (cargo feature `wgpu`).
#[cfg(feature = "wgpu")]
#[path = "wgpu_support.rs"]
pub mod wgpu;
mod wgsl_words;

/// The diagnostics renderer tessera uses ([`Error::render_to_string`] and
/// [`Error::emit_to_stderr`] cover the common cases; [`diagnostic::emit`]
/// writes to any `WriteColor`).
pub use codespan_reporting;
pub use diagnostic::{Diagnostic, Error, Severity};
pub use span::Span;

/// Which step of compilation failed. WebGPU reports shader-module errors at
/// `createShaderModule` and pipeline errors at `create*Pipeline`; an
/// embedder can map these variants to the right call.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// Parsing, resolving or validating the module failed.
    #[error("shader-module creation error: {0}")]
    ShaderModule(Error),
    /// Pipeline creation failed (override values, device configs, subgroup size).
    #[error("pipeline creation error: {0}")]
    Pipeline(Error),
    /// The backend could not express the module.
    #[error("code generation error: {0}")]
    Backend(Error),
}

impl CompileError {
    /// The underlying diagnostics.
    pub fn error(&self) -> &Error {
        match self {
            CompileError::ShaderModule(e)
            | CompileError::Pipeline(e)
            | CompileError::Backend(e) => e,
        }
    }

    /// The diagnostics rendered against `source` as plain text
    /// ([`Error::render_to_string`]).
    pub fn render_to_string(&self, path: &str, source: &str) -> String {
        self.error().render_to_string(path, source)
    }

    /// The diagnostics written to standard error ([`Error::emit_to_stderr`]).
    pub fn emit_to_stderr(&self, path: &str, source: &str) {
        self.error().emit_to_stderr(path, source)
    }
}

/// Options for [`compile_to_spirv`].
#[derive(Clone, Debug, Default)]
pub struct CompileOptions {
    /// The device's features: an `enable` whose feature is missing is a
    /// shader-module error (default: every feature).
    pub features: device::Features,
    /// The target's WGSL language features (default: every one). With
    /// `uniform_buffer_standard_layout`, uniform buffers have the storage
    /// layout rules, and a module that uses them needs the Vulkan device
    /// feature `uniformBufferStandardLayout`
    /// ([`pipeline::BindingReflection::uniform_standard_layout`]).
    pub language_features: device::LanguageFeatures,
    /// Pipeline-step options (entry point, overrides, device configs).
    pub pipeline: pipeline::PipelineOptions,
    /// SPIR-V writer options.
    pub spv: back::spv::Options,
}

/// The output of [`compile_to_spirv`].
#[derive(Clone, Debug)]
pub struct SpirvOutput {
    /// The SPIR-V module.
    pub words: Vec<u32>,
    /// Workgroup sizes, subgroup-matrix use and buffer bindings (with
    /// their minimum binding sizes) of the chosen entry points.
    pub reflection: pipeline::Reflection,
    /// Warnings produced along the way.
    pub warnings: Vec<Diagnostic>,
}

impl CompileOptions {
    /// Options for the device `profile`: its features, language features,
    /// limits and subgroup-matrix configurations
    /// ([`pipeline::PipelineOptions::apply_profile`]), other options at their defaults.
    pub fn for_device(profile: &device::DeviceProfile) -> CompileOptions {
        let mut options = CompileOptions {
            features: profile.features,
            language_features: profile.language_features,
            ..CompileOptions::default()
        };
        options.pipeline.apply_profile(profile);
        options
    }
}

impl SpirvOutput {
    /// The reflection as JSON ([`pipeline::Reflection::to_json`]).
    pub fn reflection_json(&self) -> String {
        self.reflection.to_json()
    }
}

/// Compiles WGSL source to SPIR-V: parse, validate, pipeline step, write.
pub fn compile_to_spirv(
    source: &str,
    options: &CompileOptions,
) -> Result<SpirvOutput, CompileError> {
    let parsed = front::wgsl::parse_str(source).map_err(CompileError::ShaderModule)?;
    let info = valid::validate_with_language_features(
        &parsed.module,
        options.features,
        options.language_features,
    )
    .map_err(CompileError::ShaderModule)?;
    if ir::verify::enabled(options.spv.verify_ir) {
        ir::verify::verify_after(&parsed.module, "front-end")
            .map_err(CompileError::ShaderModule)?;
    }
    let mut pipeline = pipeline::process_owned(parsed.module, &info, &options.pipeline)
        .map_err(CompileError::Pipeline)?;
    let lowered = lower::spv::lower(&mut pipeline, &options.spv, &mut |_, _| {})
        .map_err(CompileError::Backend)?;
    // Debug information needs the source text: this one, unless given.
    let spv = if options.spv.debug_info && options.spv.debug_source.is_none() {
        std::borrow::Cow::Owned(back::spv::Options {
            debug_source: Some(back::spv::DebugSource {
                file_name: "shader.wgsl".into(),
                text: source.into(),
            }),
            ..options.spv.clone()
        })
    } else {
        std::borrow::Cow::Borrowed(&options.spv)
    };
    let words =
        back::spv::print(&pipeline.printed(), &lowered, &spv).map_err(CompileError::Backend)?;
    let mut warnings = parsed.warnings;
    warnings.extend(info.warnings);
    Ok(SpirvOutput {
        words,
        reflection: pipeline.reflection,
        warnings,
    })
}

/// Options for [`compile_to_msl`].
#[derive(Clone, Debug, Default)]
pub struct MslCompileOptions {
    /// The device's features: an `enable` whose feature is missing is a
    /// shader-module error (default: every feature).
    pub features: device::Features,
    /// The target's WGSL language features (default: every one; Metal
    /// supports `uniform_buffer_standard_layout`).
    pub language_features: device::LanguageFeatures,
    /// Pipeline-step options (entry point, overrides, device configs).
    pub pipeline: pipeline::PipelineOptions,
    /// MSL writer options.
    pub msl: back::msl::Options,
}

/// The output of [`compile_to_msl`].
#[derive(Clone, Debug)]
pub struct MslOutput {
    /// The MSL source.
    pub source: String,
    /// `(WGSL entry-point name, MSL kernel name)` per chosen entry point.
    pub entry_points: Vec<(String, String)>,
    /// The `[[buffer(n)]]`, `[[texture(n)]]` and `[[sampler(n)]]` index of
    /// each resource of each entry point.
    pub resources: Vec<back::msl::ResourceIndex>,
    /// Workgroup sizes and subgroup-matrix use of the chosen entry points
    /// (MSL cannot state `@workgroup_size`: dispatch with these sizes).
    pub reflection: pipeline::Reflection,
    /// Warnings produced along the way.
    pub warnings: Vec<Diagnostic>,
}

impl MslCompileOptions {
    /// Options for the device `profile` (see [`CompileOptions::for_device`]).
    pub fn for_device(profile: &device::DeviceProfile) -> MslCompileOptions {
        let mut options = MslCompileOptions {
            features: profile.features,
            language_features: profile.language_features,
            ..MslCompileOptions::default()
        };
        options.pipeline.apply_profile(profile);
        options
    }
}

impl MslOutput {
    /// The reflection as JSON, with each entry point's MSL name and
    /// argument-table indices ([`pipeline::Reflection::to_json_msl`]).
    pub fn reflection_json(&self) -> String {
        self.reflection
            .to_json_msl(&self.entry_points, &self.resources)
    }
}

/// Compiles WGSL source to Metal Shading Language: parse, validate,
/// pipeline step, write.
pub fn compile_to_msl(
    source: &str,
    options: &MslCompileOptions,
) -> Result<MslOutput, CompileError> {
    let parsed = front::wgsl::parse_str(source).map_err(CompileError::ShaderModule)?;
    let info = valid::validate_with_language_features(
        &parsed.module,
        options.features,
        options.language_features,
    )
    .map_err(CompileError::ShaderModule)?;
    if ir::verify::enabled(options.msl.verify_ir) {
        ir::verify::verify_after(&parsed.module, "front-end")
            .map_err(CompileError::ShaderModule)?;
    }
    let mut pipeline = pipeline::process_owned(parsed.module, &info, &options.pipeline)
        .map_err(CompileError::Pipeline)?;
    let lowered = lower::msl::lower(&mut pipeline, &options.msl, &mut |_, _| {})
        .map_err(CompileError::Backend)?;
    let out = back::msl::print(&pipeline.printed(), &lowered, &options.msl)
        .map_err(CompileError::Backend)?;
    let mut warnings = parsed.warnings;
    warnings.extend(info.warnings);
    Ok(MslOutput {
        source: out.source,
        entry_points: out.entry_points,
        resources: out.resources,
        reflection: pipeline.reflection,
        warnings,
    })
}

//! # tessera
//!
//! A WGSL compiler with first-class support for subgroup matrices
//! (`enable chromium_experimental_subgroup_matrix;`), writing SPIR-V
//! (`SPV_KHR_cooperative_matrix`, or `SPV_NV_cooperative_matrix` with
//! [`back::spv::CooperativeMatrixExtension::Nv`]), Metal Shading Language (compute kernels
//! with `simdgroup_matrix`) and WGSL.
//!
//! The pipeline is: [`front::wgsl::parse_str`] (lexer, parser, resolver) to
//! an [`ir::Module`], [`valid::validate`] to a [`valid::ModuleInfo`],
//! [`pipeline::process`] (entry point, override values, device checks) to a
//! [`pipeline::Pipeline`], then a backend such as [`back::spv::write`]: its
//! ordered IR-to-IR passes ([`passes`]; `back::spv::lower`) and its
//! printer (`back::spv::print`).
//! [`compile_to_spirv`] and [`compile_to_msl`] run them all.
//!
//! Overrides get their values in the pipeline step; with
//! [`pipeline::PipelineOptions::spec_constants`] the ones given no value
//! become SPIR-V specialization constants instead (see [`pipeline::spec`]),
//! with their `SpecId`s in [`pipeline::Reflection::spec_constants`].
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
//! ```

#![warn(missing_docs)]

pub mod arena;
pub mod back;
pub mod builtins;
pub mod configs;
pub mod const_eval;
pub mod diagnostic;
pub mod front;
pub mod ir;
pub mod layout;
pub mod passes;
pub mod pipeline;
mod span;
mod suggest;
pub mod valid;
/// Embedding in wgpu 30 (cargo feature `wgpu`).
#[cfg(feature = "wgpu")]
#[path = "wgpu_support.rs"]
pub mod wgpu;

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
}

/// Options for [`compile_to_spirv`].
#[derive(Clone, Debug, Default)]
pub struct CompileOptions {
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
    let info = valid::validate(&parsed.module).map_err(CompileError::ShaderModule)?;
    let mut pipeline = pipeline::process(&parsed.module, &info, &options.pipeline)
        .map_err(CompileError::Pipeline)?;
    let lowered = back::spv::lower(&mut pipeline, &options.spv, &mut |_, _| {})
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
    let words = back::spv::print(&pipeline, &lowered, &spv).map_err(CompileError::Backend)?;
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
    let info = valid::validate(&parsed.module).map_err(CompileError::ShaderModule)?;
    let mut pipeline = pipeline::process(&parsed.module, &info, &options.pipeline)
        .map_err(CompileError::Pipeline)?;
    let lowered = back::msl::lower(&mut pipeline, &options.msl, &mut |_, _| {})
        .map_err(CompileError::Backend)?;
    let out = back::msl::print(&pipeline, &lowered, &options.msl).map_err(CompileError::Backend)?;
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

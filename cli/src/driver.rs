//! The compilation driver: reads the input, runs the stages, writes the
//! output, and classifies failures into exit codes.

use std::io::Read;

use tessera::ir::TypeInner;
use tessera::pipeline::PipelineOptions;
use tessera::{Diagnostic, Error};

use crate::args::{Args, Format, Limit};
use crate::{output, report};

/// Why the driver failed.
#[derive(Debug)]
pub enum Failure {
    /// A usage error (exit 2): bad arguments, unreadable input.
    Usage(String),
    /// A compile error whose diagnostics were already printed (exit 1).
    Compile,
    /// A compile-stage failure described by a message (exit 1).
    Message(String),
}

impl Failure {
    /// The process exit code.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Compile | Failure::Message(_) => 1,
        }
    }

    /// Prints the failure's message, if it has one not yet printed.
    pub fn report(&self) {
        match self {
            Failure::Usage(m) | Failure::Message(m) => report::line("error", m),
            Failure::Compile => {}
        }
    }
}

/// Reads the input file (or standard input for `-`): (display name, text).
fn read_input(input: &str) -> Result<(String, String), Failure> {
    if input == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Usage(format!("cannot read standard input: {e}")))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Failure::Usage("standard input is not valid UTF-8".into()))?;
        Ok(("<stdin>".into(), text))
    } else {
        let bytes = std::fs::read(input)
            .map_err(|e| Failure::Usage(format!("cannot read `{input}`: {e}")))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Failure::Usage(format!("`{input}` is not valid UTF-8")))?;
        Ok((input.to_string(), text))
    }
}

/// The output format: `--format`, else the output extension, else spvasm.
fn output_format(args: &Args) -> Result<Format, Failure> {
    if let Some(format) = args.format {
        return Ok(format);
    }
    match &args.output {
        None => Ok(Format::Spvasm),
        Some(path) => Format::from_extension(path).ok_or_else(|| {
            Failure::Usage(format!(
                "cannot infer the output format from `{}`: use --format spv|spvasm|wgsl|msl",
                path.display()
            ))
        }),
    }
}

/// The MSL writer options from the command line (`--msl-*`,
/// `--no-bounds-checks`); a binding given twice is a usage error.
fn msl_options(args: &Args) -> Result<tessera::back::msl::Options, Failure> {
    let defaults = tessera::back::msl::Options::default();
    let mut options = tessera::back::msl::Options {
        lang_version: args.msl_version.unwrap_or(defaults.lang_version),
        sizes_buffer: args.msl_sizes_buffer,
        bounds_checks: !args.no_bounds_checks,
        unroll: args.unroll.policy(),
        ..defaults
    };
    for &(binding, index) in &args.msl_binding {
        if let Some(previous) = options.binding_map.insert(binding, index) {
            if previous != index {
                return Err(Failure::Usage(format!(
                    "--msl-binding {}:{} is given twice (buffer {previous} and {index})",
                    binding.group, binding.binding
                )));
            }
        }
    }
    Ok(options)
}

/// Prints the diagnostics of a failed stage and turns it into a failure.
fn stage_failed(error: Error, warnings: &[Diagnostic], name: &str, source: &str) -> Failure {
    report::emit(warnings, name, source);
    report::emit(&error.diagnostics, name, source);
    Failure::Compile
}

/// Whether the module uses subgroup-matrix types anywhere.
fn uses_subgroup_matrices(module: &tessera::ir::Module, info: &tessera::valid::ModuleInfo) -> bool {
    info.entry_points.iter().any(|ep| ep.uses_subgroup_matrix)
        || module
            .types
            .iter()
            .any(|(_, ty)| matches!(ty.inner, TypeInner::SubgroupMatrix { .. }))
}

/// The SPIR-V writer options from the command line.
fn spv_options(args: &Args) -> tessera::back::spv::Options {
    // Other fields keep their defaults (the options grow over time).
    #[allow(clippy::needless_update)]
    tessera::back::spv::Options {
        version: args.spirv_version.pair(),
        bounds_checks: !args.no_bounds_checks,
        unroll: args.unroll.policy(),
        cooperative_matrix: args
            .spirv_cooperative_matrix
            .map(|c| c.extension())
            .unwrap_or_default(),
        nv_cooperative_matrix2: args.spirv_nv_cooperative_matrix2,
        ..tessera::back::spv::Options::default()
    }
}

/// The names and summaries of the passes `format` runs.
fn pass_list(args: &Args, format: Format) -> Result<Vec<(&'static str, &'static str)>, Failure> {
    let list = match format {
        Format::Spv | Format::Spvasm => tessera::back::spv::passes(&spv_options(args)),
        Format::Msl => tessera::back::msl::passes(&msl_options(args)?),
        Format::Wgsl => Vec::new(),
    };
    Ok(list.iter().map(|p| (p.name, p.summary)).collect())
}

/// `--list-passes`: one line per pass.
fn list_passes(args: &Args, format: Format) -> Result<(), Failure> {
    let list = pass_list(args, format)?;
    let mut text = String::new();
    if list.is_empty() {
        text.push_str("WGSL output prints the module as written: no passes run\n");
    }
    let width = list.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (name, summary) in list {
        text.push_str(&format!("{name:width$}  {summary}\n"));
    }
    output::write(None, text.as_bytes()).map_err(Failure::Message)
}

/// Checks the `--print-ir-after` names against the pass list.
fn check_print_after(args: &Args, format: Format) -> Result<(), Failure> {
    if args.print_ir_after.is_empty() {
        return Ok(());
    }
    let list = pass_list(args, format)?;
    if list.is_empty() {
        return Err(Failure::Usage(
            "--print-ir-after needs SPIR-V or MSL output: WGSL output runs no passes".into(),
        ));
    }
    for want in &args.print_ir_after {
        if want != "all" && !list.iter().any(|(n, _)| n == want) {
            let names: Vec<&str> = list.iter().map(|(n, _)| *n).collect();
            return Err(Failure::Usage(format!(
                "--print-ir-after: no pass named `{want}` (passes: {}, or `all`)",
                names.join(", ")
            )));
        }
    }
    Ok(())
}

/// The observer of `--print-ir-after`: prints the module as WGSL on
/// standard error after the chosen passes.
fn print_after(args: &Args) -> impl FnMut(&str, &tessera::pipeline::Pipeline) + '_ {
    move |name, pipeline| {
        if !args.print_ir_after.iter().any(|w| w == "all" || w == name) {
            return;
        }
        match tessera::back::wgsl::write(&pipeline.module) {
            Ok(text) => eprint!("// IR after {name}\n{text}\n"),
            Err(e) => eprintln!("// IR after {name}: cannot print as WGSL: {e}"),
        }
    }
}

/// Runs the whole command.
pub fn run(args: &Args) -> Result<(), Failure> {
    let format = output_format(args)?;
    if args.list_passes {
        return list_passes(args, format);
    }
    check_print_after(args, format)?;
    let Some(input) = args.input.as_deref() else {
        return Err(Failure::Usage("no input file given".into()));
    };
    let msl_options = msl_options(args)?;
    if format != Format::Msl
        && (args.msl_version.is_some()
            || !args.msl_binding.is_empty()
            || args.msl_sizes_buffer.is_some())
    {
        report::line(
            "warning",
            "--msl-version, --msl-binding and --msl-sizes-buffer only apply to MSL output (--format msl or -o FILE.metal)",
        );
    }
    if args.spec_constants && !matches!(format, Format::Spv | Format::Spvasm) {
        return Err(Failure::Usage(
            "--spec-constants only applies to SPIR-V output (--format spv or spvasm): give MSL and WGSL output override values with --override".into(),
        ));
    }
    if args.spirv_cooperative_matrix.is_some() && !matches!(format, Format::Spv | Format::Spvasm) {
        return Err(Failure::Usage(
            "--spirv-cooperative-matrix only applies to SPIR-V output (--format spv or spvasm)"
                .into(),
        ));
    }
    if args.spirv_nv_cooperative_matrix2
        && (!matches!(format, Format::Spv | Format::Spvasm)
            || args.spirv_cooperative_matrix.is_some_and(|c| {
                c.extension() == tessera::back::spv::CooperativeMatrixExtension::Nv
            }))
    {
        return Err(Failure::Usage(
            "--spirv-nv-cooperative-matrix2 only applies to SPIR-V output with KHR cooperative matrices (SPV_NV_cooperative_matrix2 extends SPV_KHR_cooperative_matrix)".into(),
        ));
    }
    if format == Format::Spv
        && args.output.is_none()
        && !args.validate_only
        && output::stdout_is_terminal()
    {
        return Err(Failure::Usage(
            "refusing to write binary SPIR-V to a terminal: use -o FILE or redirect standard output"
                .into(),
        ));
    }
    let (name, source) = read_input(input)?;

    let parsed = tessera::front::wgsl::parse_str(&source)
        .map_err(|e| stage_failed(e, &[], &name, &source))?;
    let mut warnings = parsed.warnings;
    let module = parsed.module;
    let info = tessera::valid::validate(&module)
        .map_err(|e| stage_failed(e, &warnings, &name, &source))?;
    warnings.extend(info.warnings.iter().cloned());

    let configs = if args.subgroup_matrix_config.is_empty() {
        None
    } else {
        Some(args.subgroup_matrix_config.clone())
    };
    // Other fields keep their defaults (the options grow over time).
    #[allow(clippy::needless_update)]
    let mut options = PipelineOptions {
        entry_point: args.entry_point.clone(),
        overrides: args.overrides.iter().cloned().collect(),
        subgroup_matrix_configs: configs,
        max_subgroup_size: args.max_subgroup_size,
        min_subgroup_size: args.min_subgroup_size,
        spec_constants: args.spec_constants,
        external_textures: args.external_texture.iter().copied().collect(),
        ..PipelineOptions::default()
    };
    // A command-line compile targets no particular device: device limits
    // are checked only when given (WebGPU's defaults with `webgpu`).
    let webgpu = PipelineOptions::default();
    options.max_workgroup_storage_size = match args.max_workgroup_storage_size {
        Some(Limit::WebGpu) => webgpu.max_workgroup_storage_size,
        Some(Limit::Value(n)) => n,
        None => u32::MAX,
    };
    (options.max_invocations, options.max_workgroup_size) = match args.max_workgroup_invocations {
        Some(Limit::WebGpu) => (webgpu.max_invocations, webgpu.max_workgroup_size),
        Some(Limit::Value(n)) => (n, [n; 3]),
        None => (u32::MAX, [u32::MAX; 3]),
    };
    let pipeline = tessera::pipeline::process(&module, &info, &options)
        .map_err(|e| stage_failed(e, &warnings, &name, &source))?;
    if options.subgroup_matrix_configs.is_none() && uses_subgroup_matrices(&module, &info) {
        report::line(
            "note",
            "no --subgroup-matrix-config given: subgroup-matrix pipeline checks skipped",
        );
    }
    for (_, r) in &pipeline.external_textures {
        if r.defaulted && matches!(format, Format::Spv | Format::Spvasm | Format::Msl) {
            let at = |b: tessera::ir::ResourceBinding| format!("{}:{}", b.group, b.binding);
            report::line(
                "note",
                &format!(
                    "external texture '{}' at {}: plane 1 at {}, parameters at {} (set them with --external-texture {}={},{})",
                    r.name,
                    at(r.plane0),
                    at(r.bindings.plane1),
                    at(r.bindings.params),
                    at(r.plane0),
                    at(r.bindings.plane1),
                    at(r.bindings.params)
                ),
            );
        }
    }
    if args.validate_only {
        report::emit(&warnings, &name, &source);
        return Ok(());
    }

    let bytes = match format {
        Format::Spv | Format::Spvasm => {
            let spv_options = spv_options(args);
            let mut pipeline = pipeline;
            let fail = |e| stage_failed(e, &warnings, &name, &source);
            let info =
                tessera::back::spv::lower(&mut pipeline, &spv_options, &mut print_after(args))
                    .map_err(fail)?;
            let words = tessera::back::spv::print(&pipeline, &info, &spv_options)
                .map_err(|e| stage_failed(e, &warnings, &name, &source))?;
            if format == Format::Spv {
                output::spv_bytes(&words)
            } else {
                output::spvasm(&words)
                    .map_err(Failure::Message)?
                    .into_bytes()
            }
        }
        // The WGSL writer prints the module as written (overrides stay
        // declarations): WGSL has no notion of a specialised pipeline.
        Format::Wgsl => tessera::back::wgsl::write(&module)
            .map_err(|e| stage_failed(e, &warnings, &name, &source))?
            .into_bytes(),
        Format::Msl => {
            let mut pipeline = pipeline;
            let fail = |e| stage_failed(e, &warnings, &name, &source);
            let info =
                tessera::back::msl::lower(&mut pipeline, &msl_options, &mut print_after(args))
                    .map_err(fail)?;
            tessera::back::msl::print(&pipeline, &info, &msl_options)
                .map_err(|e| stage_failed(e, &warnings, &name, &source))?
                .source
                .into_bytes()
        }
    };
    report::emit(&warnings, &name, &source);
    output::write(args.output.as_deref(), &bytes).map_err(Failure::Message)
}

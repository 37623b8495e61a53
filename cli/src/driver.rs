//! The compilation driver: reads the input, runs the stages, writes the
//! output, and classifies failures into exit codes.

use std::io::Read;

use tessera::device::{DeviceProfile, Features, LanguageFeatures};
use tessera::ir::TypeInner;
use tessera::pipeline::PipelineOptions;
use tessera::{Diagnostic, Error};

use crate::applies;
use crate::args::{Args, BufferBounds, Format, Limit, SpirvVersion, Unroll};
use crate::output::{self, Target, WriteError};
use crate::report::Reporter;

/// The process exit codes (documented in `--help` and `docs/guide/command-line.md`).
pub mod exit {
    /// Success (warnings may have been printed), or standard output closed
    /// by its reader.
    pub const SUCCESS: u8 = 0;
    /// A compile error: shader module, pipeline creation, code generation.
    pub const COMPILE: u8 = 1;
    /// A usage error: flags, output format.
    pub const USAGE: u8 = 2;
    /// An I/O error: the input cannot be read, the output cannot be written.
    pub const IO: u8 = 3;
}

/// Why the driver failed.
#[derive(Debug)]
pub enum Failure {
    /// A usage error (exit 2): bad or contradictory arguments.
    Usage(String),
    /// A compile error whose diagnostics were already printed (exit 1).
    Compile,
    /// A compile-stage failure described by a message (exit 1).
    Message(String),
    /// An I/O error (exit 3): unreadable input, unwritable output.
    Io(String),
}

impl Failure {
    /// The process exit code.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage(_) => exit::USAGE,
            Failure::Compile | Failure::Message(_) => exit::COMPILE,
            Failure::Io(_) => exit::IO,
        }
    }

    /// Prints the failure's message, if it has one not yet printed.
    pub fn report(&self, reporter: &Reporter) {
        match self {
            Failure::Usage(m) | Failure::Message(m) | Failure::Io(m) => reporter.error(m),
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
            .map_err(|e| Failure::Io(format!("cannot read standard input: {e}")))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Failure::Io("standard input is not valid UTF-8".into()))?;
        Ok(("<stdin>".into(), text))
    } else {
        let bytes =
            std::fs::read(input).map_err(|e| Failure::Io(format!("cannot read `{input}`: {e}")))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Failure::Io(format!("`{input}` is not valid UTF-8")))?;
        Ok((input.to_string(), text))
    }
}

/// The `--device-profile` value: a built-in profile by name, or a JSON
/// file (a value with a path separator or ending in `.json`). A file that
/// cannot be read is an I/O error; a profile that is not valid, or an
/// unknown name, a usage error.
fn device_profile(value: &str) -> Result<DeviceProfile, Failure> {
    let is_path = value.contains('/')
        || value.contains(std::path::MAIN_SEPARATOR)
        || value.to_ascii_lowercase().ends_with(".json");
    if !is_path {
        return DeviceProfile::builtin(value).ok_or_else(|| {
            Failure::Usage(format!(
                "--device-profile: no built-in device profile named `{value}` (built-in: {}; a file needs a `/` or the `.json` extension, e.g. ./{value}.json)",
                tessera::device::BUILTIN_PROFILES.join(", ")
            ))
        });
    }
    let bytes = std::fs::read(value)
        .map_err(|e| Failure::Io(format!("cannot read device profile `{value}`: {e}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::Io(format!("device profile `{value}` is not valid UTF-8")))?;
    DeviceProfile::from_json(&text)
        .map_err(|e| Failure::Usage(format!("device profile `{value}`: {e}")))
}

/// Whether `--buffer-bounds device` leaves buffer indices to the device:
/// only for SPIR-V output, not with `--no-bounds-checks`, and only when
/// the device profile guarantees `robustBufferAccess2`.
fn buffer_bounds(
    args: &Args,
    format: Format,
    profile: Option<&DeviceProfile>,
) -> Result<bool, Failure> {
    if args.buffer_bounds != Some(BufferBounds::Device) {
        return Ok(false);
    }
    if args.no_bounds_checks {
        return Err(Failure::Usage(
            "--buffer-bounds device and --no-bounds-checks conflict: the first leaves buffer bounds to the device, the second checks no bounds at all".into(),
        ));
    }
    if !matches!(format, Format::Spv | Format::Spvasm) {
        return Err(Failure::Usage(
            "--buffer-bounds device is for SPIR-V output (Vulkan's robustBufferAccess2); Metal and WGSL output have no such device guarantee".into(),
        ));
    }
    match profile {
        Some(p) if p.robustness.robust_buffer_access2 => Ok(true),
        Some(p) => Err(Failure::Usage(format!(
            "--buffer-bounds device: device profile '{}' does not guarantee robustBufferAccess2 (its `robustness` member), so out-of-range buffer accesses would not behave as WGSL requires",
            p.name
        ))),
        None => Err(Failure::Usage(
            "--buffer-bounds device needs a --device-profile whose `robustness` guarantees robustBufferAccess2 (e.g. h200-vulkan)".into(),
        )),
    }
}

/// Writes the output; standard output closed by its reader is no failure.
fn write_output(target: &Target, bytes: &[u8]) -> Result<(), Failure> {
    match output::write(target, bytes) {
        Ok(()) | Err(WriteError::ClosedPipe) => Ok(()),
        Err(WriteError::Failed(message)) => Err(Failure::Io(message)),
    }
}

/// Where the output goes: `-o`, else the second positional argument,
/// else standard output (clap rejects both).
fn output_target(args: &Args) -> Target {
    Target::new(args.output.as_deref().or(args.output_positional.as_deref()))
}

/// The output format: `--format`, else the output extension, else spvasm
/// for standard output and for a device without extension (`-o
/// /dev/null` checks that a shader compiles, as with other compilers).
fn output_format(args: &Args, target: &Target) -> Result<Format, Failure> {
    if let Some(format) = args.format {
        return Ok(format);
    }
    match target.file() {
        None => Ok(Format::Spvasm),
        Some(path) if path.extension().is_none() && is_device(path) => Ok(Format::Spvasm),
        Some(path) => Format::from_extension(path).ok_or_else(|| {
            Failure::Usage(format!(
                "cannot infer the output format from `{}`: use --format spv|spvasm|wgsl|msl",
                path.display()
            ))
        }),
    }
}

/// Whether `path` names an existing file that is not a regular file or a
/// directory (a character device such as `/dev/null`, a pipe).
fn is_device(path: &std::path::Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// The MSL writer options from the command line (`--msl-*`,
/// `--no-bounds-checks`); a binding given twice is a usage error.
fn msl_options(args: &Args) -> Result<tessera::back::msl::Options, Failure> {
    let defaults = tessera::back::msl::Options::default();
    let mut options = tessera::back::msl::Options {
        lang_version: args.msl_version.unwrap_or(defaults.lang_version),
        sizes_buffer: args.msl_sizes_buffer,
        bounds_checks: !args.no_bounds_checks,
        unroll: args.unroll.unwrap_or(Unroll::All).policy(),
        optimize: !args.no_optimize,
        verify_ir: args.verify_ir,
        ..defaults
    };
    applies::repeated_keys(
        "--msl-binding",
        "buffer ",
        &args.msl_binding,
        |b| format!("{}:{}", b.group, b.binding),
        |index| index.to_string(),
    )
    .map_err(Failure::Usage)?;
    options.binding_map.extend(args.msl_binding.iter().copied());
    Ok(options)
}

/// Prints the diagnostics of a failed stage and turns it into a failure.
fn stage_failed(
    reporter: &Reporter,
    error: Error,
    warnings: &[Diagnostic],
    name: &str,
    source: &str,
) -> Failure {
    reporter.emit(warnings, name, source);
    reporter.emit(&error.diagnostics, name, source);
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
    // `-g`'s source is added by `run`, once the input is read.
    // Other fields keep their defaults (the options grow over time).
    #[allow(clippy::needless_update)]
    tessera::back::spv::Options {
        version: args.spirv_version.unwrap_or(SpirvVersion::V1_3).pair(),
        bounds_checks: !args.no_bounds_checks,
        unroll: args.unroll.unwrap_or(Unroll::All).policy(),
        optimize: !args.no_optimize,
        verify_ir: args.verify_ir,
        cooperative_matrix: args
            .spirv_cooperative_matrix
            .map(|c| c.extension())
            .unwrap_or_default(),
        nv_cooperative_matrix2: args.spirv_nv_cooperative_matrix2,
        debug_info: args.debug_info,
        qcom_cooperative_matrix_conversion: args.spirv_qcom_cooperative_matrix_conversion,
        ..tessera::back::spv::Options::default()
    }
}

/// The names and summaries of the passes `format` runs.
fn pass_list(args: &Args, format: Format) -> Result<Vec<(&'static str, &'static str)>, Failure> {
    let list = match format {
        Format::Spv | Format::Spvasm => tessera::lower::spv::passes(&spv_options(args)),
        Format::Msl => tessera::lower::msl::passes(&msl_options(args)?),
        Format::Wgsl => Vec::new(),
    };
    Ok(list.iter().map(|p| (p.name, p.summary)).collect())
}

/// `--list-passes`: one line per pass.
fn list_passes(args: &Args, format: Format, target: &Target) -> Result<(), Failure> {
    let list = pass_list(args, format)?;
    let mut text = String::new();
    if list.is_empty() {
        text.push_str("WGSL output prints the module as written: no passes run\n");
    }
    let width = list.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (name, summary) in list {
        text.push_str(&format!("{name:width$}  {summary}\n"));
    }
    write_output(target, text.as_bytes())
}

/// Checks the `--print-ir-after` names against the pass list (WGSL
/// output runs no passes: there the flag is ignored with a warning).
fn check_print_after(args: &Args, format: Format) -> Result<(), Failure> {
    let list = pass_list(args, format)?;
    if args.print_ir_after.is_empty() || list.is_empty() {
        return Ok(());
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
fn print_after<'a>(
    args: &'a Args,
    reporter: &'a Reporter,
) -> impl FnMut(&str, &tessera::pipeline::Pipeline) + 'a {
    move |name, pipeline| {
        if !args.print_ir_after.iter().any(|w| w == "all" || w == name) {
            return;
        }
        match tessera::back::wgsl::write(&pipeline.module) {
            Ok(text) => reporter.text(&format!("// IR after {name}\n{text}\n")),
            Err(e) => reporter.text(&format!("// IR after {name}: cannot print as WGSL: {e}\n")),
        }
    }
}

/// Runs the whole command, reporting through `reporter`.
pub fn run(args: &Args, reporter: &Reporter) -> Result<(), Failure> {
    let target = output_target(args);
    let format = output_format(args, &target)?;
    if args.list_passes {
        return list_passes(args, format, &target);
    }
    applies::conflicts(args, format, &target).map_err(Failure::Usage)?;
    check_print_after(args, format)?;
    let Some(input) = args.input.as_deref() else {
        return Err(Failure::Usage("no input file given".into()));
    };
    let msl_options = msl_options(args)?;
    applies::repeated_keys(
        "--override",
        "",
        &args.overrides,
        |name| name.clone(),
        |value| value.to_string(),
    )
    .map_err(Failure::Usage)?;
    let at = |b: &tessera::ir::ResourceBinding| format!("{}:{}", b.group, b.binding);
    applies::repeated_keys("--external-texture", "", &args.external_texture, at, |e| {
        format!("{},{}", at(&e.plane1), at(&e.params))
    })
    .map_err(Failure::Usage)?;
    applies::warn(args, format, &target, reporter);
    if format == Format::Spv
        && target == Target::Stdout
        && !args.validate_only
        && output::stdout_is_terminal()
    {
        return Err(Failure::Usage(
            "refusing to write binary SPIR-V to a terminal: use -o FILE or redirect standard output"
                .into(),
        ));
    }
    let profile = args
        .device_profile
        .as_deref()
        .map(device_profile)
        .transpose()?;
    let buffers_by_device = buffer_bounds(args, format, profile.as_ref())?;
    let (name, source) = read_input(input)?;
    let failed = |e, warnings: &[Diagnostic]| stage_failed(reporter, e, warnings, &name, &source);

    let parsed = tessera::front::wgsl::parse_str(&source).map_err(|e| failed(e, &[]))?;
    let mut warnings = parsed.warnings;
    let module = parsed.module;
    let features = profile.as_ref().map_or(Features::all(), |p| p.features);
    let language = profile
        .as_ref()
        .map_or(LanguageFeatures::all(), |p| p.language_features);
    let info = tessera::valid::validate_with_language_features(&module, features, language)
        .map_err(|e| failed(e, &warnings))?;
    warnings.extend(info.warnings.iter().cloned());
    if tessera::ir::verify::enabled(args.verify_ir) {
        tessera::ir::verify::verify_after(&module, "front-end")
            .map_err(|e| failed(e, &warnings))?;
    }

    // Flags that do not apply to the format were warned about: leave them
    // out (WGSL output keeps every entry point; only SPIR-V has
    // specialization constants; the external-texture lowering is the
    // backends').
    let spirv = matches!(format, Format::Spv | Format::Spvasm);
    let wgsl = format == Format::Wgsl;
    // Other fields keep their defaults (the options grow over time).
    #[allow(clippy::needless_update)]
    let mut options = PipelineOptions {
        entry_point: args.entry_point.clone().filter(|_| !wgsl),
        overrides: args.overrides.iter().cloned().collect(),
        spec_constants: args.spec_constants && spirv,
        framebuffer_fetch_group: args
            .framebuffer_fetch_group
            .unwrap_or(tessera::pipeline::DEFAULT_FRAMEBUFFER_FETCH_GROUP),
        resource_table: args.resource_table.clone().unwrap_or_default(),
        external_textures: if wgsl {
            Default::default()
        } else {
            args.external_texture.iter().copied().collect()
        },
        ..PipelineOptions::default()
    };
    // A command-line compile targets no particular device: device limits
    // are checked only when a device profile or a flag gives them
    // (WebGPU's defaults with `webgpu`); a flag replaces the profile's
    // value.
    options.max_workgroup_storage_size = u32::MAX;
    (options.max_invocations, options.max_workgroup_size) = (u32::MAX, [u32::MAX; 3]);
    if let Some(profile) = &profile {
        options.apply_profile(profile);
    }
    if !args.subgroup_matrix_config.is_empty() {
        options.subgroup_matrix_configs = Some(args.subgroup_matrix_config.clone());
    }
    if args.max_subgroup_size.is_some() {
        options.max_subgroup_size = args.max_subgroup_size;
    }
    if args.min_subgroup_size.is_some() {
        options.min_subgroup_size = args.min_subgroup_size;
    }
    let webgpu = PipelineOptions::default();
    match args.max_workgroup_storage_size {
        Some(Limit::WebGpu) => {
            options.max_workgroup_storage_size = webgpu.max_workgroup_storage_size
        }
        Some(Limit::Value(n)) => options.max_workgroup_storage_size = n,
        None => {}
    }
    match args.max_workgroup_invocations {
        Some(Limit::WebGpu) => {
            (options.max_invocations, options.max_workgroup_size) =
                (webgpu.max_invocations, webgpu.max_workgroup_size)
        }
        Some(Limit::Value(n)) => {
            (options.max_invocations, options.max_workgroup_size) = (n, [n; 3])
        }
        None => {}
    }
    let pipeline =
        tessera::pipeline::process(&module, &info, &options).map_err(|e| failed(e, &warnings))?;
    if options.subgroup_matrix_configs.is_none() && uses_subgroup_matrices(&module, &info) {
        match &profile {
            Some(p) => reporter.note(&format!(
                "device profile '{}' lists no subgroupMatrixConfigs and no --subgroup-matrix-config was given: subgroup-matrix pipeline checks skipped",
                p.name
            )),
            None => reporter
                .note("no --subgroup-matrix-config given: subgroup-matrix pipeline checks skipped"),
        }
    }
    for (_, r) in &pipeline.external_textures {
        if r.defaulted && !wgsl {
            let at = |b: tessera::ir::ResourceBinding| format!("{}:{}", b.group, b.binding);
            reporter.note(&format!(
                "external texture '{}' at {}: plane 1 at {}, parameters at {} (set them with --external-texture {}={},{})",
                r.name,
                at(r.plane0),
                at(r.bindings.plane1),
                at(r.bindings.params),
                at(r.plane0),
                at(r.bindings.plane1),
                at(r.bindings.params)
            ));
        }
    }
    if args.validate_only {
        reporter.emit(&warnings, &name, &source);
        return Ok(());
    }

    // The reflection (after lowering: the SPIR-V writer adds scratch sizes).
    let mut reflection = None;
    let bytes = match format {
        Format::Spv | Format::Spvasm => {
            let mut spv_options = spv_options(args);
            spv_options.buffers_robust_by_device = buffers_by_device;
            if args.debug_info {
                spv_options.debug_source = Some(tessera::back::spv::DebugSource {
                    file_name: name.clone(),
                    text: source.clone(),
                });
            }
            let mut pipeline = pipeline;
            let info = tessera::lower::spv::lower(
                &mut pipeline,
                &spv_options,
                &mut print_after(args, reporter),
            )
            .map_err(|e| failed(e, &warnings))?;
            let words = tessera::back::spv::print(&pipeline.printed(), &info, &spv_options)
                .map_err(|e| failed(e, &warnings))?;
            reflection = Some(pipeline.reflection.to_json());
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
            .map_err(|e| failed(e, &warnings))?
            .into_bytes(),
        Format::Msl => {
            let mut pipeline = pipeline;
            let info = tessera::lower::msl::lower(
                &mut pipeline,
                &msl_options,
                &mut print_after(args, reporter),
            )
            .map_err(|e| failed(e, &warnings))?;
            let out = tessera::back::msl::print(&pipeline.printed(), &info, &msl_options)
                .map_err(|e| failed(e, &warnings))?;
            reflection = Some(
                pipeline
                    .reflection
                    .to_json_msl(&out.entry_points, &out.resources),
            );
            out.source.into_bytes()
        }
    };
    reporter.emit(&warnings, &name, &source);
    write_output(&target, &bytes)?;
    // WGSL output has none (--reflect was warned about).
    if let (Some(path), Some(json)) = (&args.reflect, reflection) {
        write_output(&Target::new(Some(path)), json.as_bytes())?;
    }
    Ok(())
}

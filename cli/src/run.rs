//! `tessera run FILE.wgsl ...`: compiles a compute shader for a Vulkan
//! device, runs it once and prints every writable storage buffer (see
//! `tessera run --help`). The Vulkan work is `tessera-runner`'s.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use tessera::configs::SubgroupMatrixConfig;
use tessera_runner::init::{parse_buffer, Init};
use tessera_runner::run::{self, Bound, Given, TextureInit};
use tessera_runner::vulkan::Sampler;
use tessera_runner::vulkan::{Device, DeviceChoice};
use tessera_runner::RunError;

use crate::args::{
    parse_config, parse_override, ColorWhen, CooperativeMatrix, SpirvVersion, Unroll,
};
use crate::report::Reporter;

const AFTER_HELP: &str = "\
INIT (--buffer G:B=INIT):
  zeros:BYTES              BYTES zero bytes
  u32:LIST  i32:LIST       32-bit integers (decimal or 0x hexadecimal)
  f32:LIST  f16:LIST       floats (decimal, inf, -inf, nan)
  file:PATH                the file's raw bytes
  A LIST is comma-separated; VALUE*N repeats a value N times. A binding not
  given is zero-filled at its size; a runtime-sized one must be given.

Output: every writable storage buffer after the dispatch. Text by default;
with --format json one object mapping \"G:B\" to the buffer's scalar
components in memory order (padding skipped, atomics as their values,
infinities and NaN as the strings \"inf\", \"-inf\", \"nan\").

Device: the first GPU, else the first Vulkan device (Mesa's CPU driver
lavapipe on a machine without a GPU: Debian package mesa-vulkan-drivers),
or the one --device names. The shader is compiled for that device: its
features, limits and subgroup-matrix configurations.

Exit status:
  0  the shader ran and nothing was written outside a binding
  1  compile error, or a write outside a binding (its guard bytes changed)
  2  usage error: flags, INIT syntax, bindings, buffer sizes, dispatch size
  3  I/O or device error: no Vulkan loader or device, a feature the device
     lacks, a file that cannot be read";

/// Runs a compute shader once on a Vulkan device and prints its buffers.
#[derive(Debug, Parser)]
#[command(name = "tessera run", version, long_about = None, after_help = AFTER_HELP)]
pub struct RunArgs {
    /// The WGSL file to run, or `-` for standard input.
    #[arg(required_unless_present = "list_devices")]
    pub input: Option<String>,

    /// The compute entry point to run (needed when the module has several).
    #[arg(long, visible_alias = "entry-point", value_name = "NAME")]
    pub entry: Option<String>,

    /// Workgroups to dispatch: `X[,Y[,Z]]` (default `1,1,1`).
    #[arg(long, value_name = "X,Y,Z", value_parser = parse_dispatch, default_value = "1,1,1")]
    pub dispatch: [u32; 3],

    /// The contents of the buffer at @group(G) @binding(B) (repeatable):
    /// see INIT below.
    #[arg(long = "buffer", value_name = "G:B=INIT", value_parser = parse_buffer)]
    pub buffers: Vec<((u32, u32), Init)>,

    /// The size, mip levels and texels of the texture at @group(G)
    /// @binding(B) (repeatable): SIZE is W, WxH or WxHxD (D: depth, or
    /// array layers, six per cube); LEVELS defaults to 1; INIT gives every
    /// level's texels, level 0 first (default: zeros). Sampled textures are
    /// rgba32float/rgba32sint/rgba32uint by their sampled type, depth
    /// textures depth32float, storage textures their own format.
    #[arg(long = "texture", value_name = "G:B=SIZE[/LEVELS][:INIT]", value_parser = parse_texture)]
    pub textures: Vec<((u32, u32), TextureInit)>,

    /// The sampler at @group(G) @binding(B) (repeatable): `nearest` or
    /// `linear`, `clamp`, `repeat` or `mirror`, and for a comparison
    /// sampler `compare=OP` (default: nearest, clamp, compare=less).
    #[arg(long = "sampler", value_name = "G:B=FILTER[,ADDRESS][,compare=OP]", value_parser = parse_sampler)]
    pub samplers: Vec<((u32, u32), Sampler)>,

    /// Set an override by name or numeric `@id` (repeatable).
    #[arg(long = "override", value_name = "NAME=VALUE", value_parser = parse_override)]
    pub overrides: Vec<(String, f64)>,

    /// The Vulkan device: its index in the loader's list, or part of its
    /// name (any case).
    #[arg(long, value_name = "INDEX|NAME")]
    pub device: Option<String>,

    /// List the Vulkan devices and exit.
    #[arg(long)]
    pub list_devices: bool,

    /// Run this SPIR-V module (e.g. another compiler's output for the same
    /// WGSL) instead of tessera's; FILE.wgsl still gives the bindings and
    /// the entry point.
    #[arg(long, value_name = "FILE.spv")]
    pub spirv: Option<PathBuf>,

    /// How to print the buffers.
    #[arg(long, value_enum, default_value = "text")]
    pub format: OutputFormat,

    /// Do not clamp dynamic indices (out-of-bounds accesses then have the
    /// device's behaviour).
    #[arg(long)]
    pub no_bounds_checks: bool,

    /// SPIR-V version to compile for (default 1.3; 1.6 needs Vulkan 1.3).
    #[arg(long, value_enum)]
    pub spirv_version: Option<SpirvVersion>,

    /// The subgroup-matrix configurations to compile for, instead of the
    /// device's (repeatable), e.g. `f16:f32:16x16x16`.
    #[arg(long, value_name = "COMPONENT:RESULT:MxNxK", value_parser = parse_config)]
    pub subgroup_matrix_config: Vec<SubgroupMatrixConfig>,

    /// `khr` (default) or `nv`: the cooperative-matrix extension the
    /// shader is compiled for and the device opened with.
    #[arg(long, value_enum, value_name = "khr|nv")]
    pub spirv_cooperative_matrix: Option<CooperativeMatrix>,

    /// Use VK_NV_cooperative_matrix2 conversions and per-element
    /// operations (the device must have them).
    #[arg(long)]
    pub spirv_nv_cooperative_matrix2: bool,

    /// Which small counted loops tessera unrolls: all, matrices, hint, off.
    #[arg(long, value_enum)]
    pub unroll: Option<Unroll>,

    /// Leave out tessera's optimising passes (unroll, fold, sroa, dse, cse).
    #[arg(long)]
    pub no_optimize: bool,

    /// Verify the IR after the front end and after every pass (always on
    /// in debug builds).
    #[arg(long)]
    pub verify_ir: bool,

    /// Colour diagnostics: auto, always or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto")]
    pub color: ColorWhen,

    /// Print only errors.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `--format` of `tessera run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// One line per buffer, then its values.
    Text,
    /// One JSON object: "G:B" to the list of scalar components.
    Json,
}

fn binding_key(text: &str, what: &str) -> Result<((u32, u32), String), String> {
    let syntax = || format!("expected GROUP:BINDING={what}, found `{text}`");
    let (key, rest) = text.split_once('=').ok_or_else(syntax)?;
    let (group, binding) = key.split_once(':').ok_or_else(syntax)?;
    let number = |s: &str| s.trim().parse::<u32>().map_err(|_| syntax());
    Ok(((number(group)?, number(binding)?), rest.to_string()))
}

/// Parses `G:B=SIZE[/LEVELS][:INIT]`.
pub fn parse_texture(text: &str) -> Result<((u32, u32), TextureInit), String> {
    let (key, rest) = binding_key(text, "SIZE[/LEVELS][:INIT]")?;
    Ok((
        key,
        TextureInit::parse(&rest).map_err(|e| format!("`{text}`: {e}"))?,
    ))
}

/// Parses `G:B=FILTER[,ADDRESS][,compare=OP]`.
pub fn parse_sampler(text: &str) -> Result<((u32, u32), Sampler), String> {
    let (key, rest) = binding_key(text, "FILTER[,ADDRESS][,compare=OP]")?;
    Ok((
        key,
        run::parse_sampler(&rest).map_err(|e| format!("`{text}`: {e}"))?,
    ))
}

/// Parses `X[,Y[,Z]]`: positive workgroup counts.
pub fn parse_dispatch(text: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!("expected X[,Y[,Z]], found `{text}`"));
    }
    let mut out = [1u32; 3];
    for (slot, p) in out.iter_mut().zip(&parts) {
        *slot = p
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("expected X[,Y[,Z]] of positive counts, found `{text}`"))?;
    }
    Ok(out)
}

/// What failed, for the exit status.
pub struct Failed(pub u8);

/// Runs `tessera run` with `args` (the words after `run`).
pub fn main(args: RunArgs) -> Result<(), Failed> {
    let reporter = Reporter::new(args.color, args.quiet);
    let fail = |e: RunError| {
        reporter.error(&e.to_string());
        Failed(e.exit_code())
    };
    if args.list_devices {
        let list = tessera_runner::vulkan::device::list().map_err(fail)?;
        println!("{}", list.join("\n"));
        return Ok(());
    }
    let input = args.input.as_deref().unwrap_or("-");
    let (name, source) = read(input).map_err(fail)?;
    let mut given = Given::default();
    let twice = |flag: &str, key: (u32, u32)| {
        fail(RunError::usage(format!(
            "{flag} {}:{} is given twice",
            key.0, key.1
        )))
    };
    for (key, init) in &args.buffers {
        if given
            .buffers
            .insert(*key, init.bytes().map_err(fail)?)
            .is_some()
        {
            return Err(twice("--buffer", *key));
        }
    }
    for (key, t) in &args.textures {
        if given.textures.insert(*key, t.clone()).is_some() {
            return Err(twice("--texture", *key));
        }
    }
    for (key, s) in &args.samplers {
        if given.samplers.insert(*key, *s).is_some() {
            return Err(twice("--sampler", *key));
        }
    }
    let nv = args.spirv_cooperative_matrix == Some(CooperativeMatrix::Nv);
    let choice = args
        .device
        .as_deref()
        .map_or(DeviceChoice::First, DeviceChoice::parse);
    let device = Device::open(&choice, nv).map_err(fail)?;
    reporter.note(&format!(
        "device: {} ({}, Vulkan {})",
        device.info.name,
        device.info.driver.trim(),
        device.info.api_version
    ));
    if args.spirv_nv_cooperative_matrix2 && !device.info.nv_cooperative_matrix2 {
        return Err(fail(RunError::device(
            "the device lacks VK_NV_cooperative_matrix2's conversions and per-element operations (asked for by --spirv-nv-cooperative-matrix2)",
        )));
    }

    let mut options = tessera::CompileOptions::default();
    options.pipeline.entry_point = args.entry.clone();
    options.pipeline.overrides = args.overrides.iter().cloned().collect();
    if !args.subgroup_matrix_config.is_empty() {
        options.pipeline.subgroup_matrix_configs = Some(args.subgroup_matrix_config.clone());
    }
    options.spv.version = args.spirv_version.unwrap_or(SpirvVersion::V1_3).pair();
    options.spv.bounds_checks = !args.no_bounds_checks;
    if let Some(u) = args.unroll {
        options.spv.unroll = u.policy();
    }
    if let Some(c) = args.spirv_cooperative_matrix {
        options.spv.cooperative_matrix = c.extension();
    }
    options.spv.nv_cooperative_matrix2 = args.spirv_nv_cooperative_matrix2;
    options.spv.optimize = !args.no_optimize;
    options.spv.verify_ir = args.verify_ir;

    let compiled = match run::compile(&device, &source, &options) {
        Ok(c) => c,
        Err(e) => {
            if let Some(c) = run::compile_error(&e) {
                reporter.emit(&c.error().diagnostics, &name, &source);
                if matches!(e, RunError::Unsupported(_)) {
                    reporter.error(&format!(
                        "{} cannot run this shader: it compiles for a device with every feature and no limits, but not for this one",
                        device.info.name
                    ));
                }
                return Err(Failed(e.exit_code()));
            }
            return Err(fail(e));
        }
    };
    reporter.emit(&compiled.output.warnings, &name, &source);
    let mut compiled = compiled;
    if let Some(path) = &args.spirv {
        let bytes = std::fs::read(path).map_err(|e| {
            fail(RunError::io(format!(
                "cannot read `{}`: {e}",
                path.display()
            )))
        })?;
        if bytes.len() % 4 != 0 || bytes.len() < 20 || bytes[..4] != 0x0723_0203u32.to_le_bytes() {
            return Err(fail(RunError::usage(format!(
                "`{}` is not a binary SPIR-V module",
                path.display()
            ))));
        }
        compiled.output.words = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
    }
    let bound = run::bind(&compiled, &given).map_err(fail)?;
    let out = run::run(&device, &compiled, bound, args.dispatch).map_err(fail)?;

    let text = match args.format {
        OutputFormat::Text => text(&out.bound),
        OutputFormat::Json => json(&out.bound),
    };
    crate::output::write(&crate::output::Target::new(None), text.as_bytes()).or_else(
        |e| match e {
            crate::output::WriteError::ClosedPipe => Ok(()),
            crate::output::WriteError::Failed(m) => Err(fail(RunError::io(m))),
        },
    )?;

    if !out.violations.is_empty() {
        for v in &out.violations {
            let m = format!(
                "binding {}:{} was written outside its range: {} guard bytes changed, the first at byte {} of the binding",
                v.group, v.binding, v.changed, v.first
            );
            if args.no_bounds_checks {
                reporter.warning(&m);
            } else {
                reporter.error(&format!("{m} (a missing bounds check: please report it)"));
            }
        }
        if !args.no_bounds_checks {
            return Err(Failed(1));
        }
    }
    Ok(())
}

fn read(input: &str) -> Result<(String, String), RunError> {
    use std::io::Read;
    let bytes = if input == "-" {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .map_err(|e| RunError::io(format!("cannot read standard input: {e}")))?;
        b
    } else {
        std::fs::read(PathBuf::from(input))
            .map_err(|e| RunError::io(format!("cannot read `{input}`: {e}")))?
    };
    let name = if input == "-" { "<stdin>" } else { input };
    let text = String::from_utf8(bytes)
        .map_err(|_| RunError::io(format!("`{name}` is not valid UTF-8")))?;
    Ok((name.to_string(), text))
}

/// The writable storage buffers and textures as text: a header line each,
/// then the values (arrays of scalars eight to a line, other types one per
/// line with their path).
fn text(bound: &[Bound]) -> String {
    let mut out = String::new();
    for b in bound.iter().filter(|b| b.writable) {
        let bytes = match &b.resource {
            tessera_runner::vulkan::Resource::Buffer { data, .. } => data.len(),
            tessera_runner::vulkan::Resource::Texture(t) => t.data.len(),
            tessera_runner::vulkan::Resource::Textures(ts) => ts.iter().map(|t| t.data.len()).sum(),
            tessera_runner::vulkan::Resource::Sampler(_)
            | tessera_runner::vulkan::Resource::Table(_) => 0,
        };
        out.push_str(&format!(
            "@group({}) @binding({}) {}: {} ({} bytes)\n",
            b.group, b.binding, b.name, b.type_name, bytes
        ));
        let values = b.values();
        let flat = values
            .iter()
            .enumerate()
            .all(|(i, (path, _))| *path == format!("[{i}]"));
        if flat && !values.is_empty() {
            for (row, chunk) in values.chunks(8).enumerate() {
                let items: Vec<String> = chunk.iter().map(|(_, v)| v.to_string()).collect();
                out.push_str(&format!("  [{}] {}\n", row * 8, items.join(" ")));
            }
        } else {
            for (path, v) in &values {
                let path = if path.is_empty() { "value" } else { path };
                out.push_str(&format!("  {path} = {v}\n"));
            }
        }
    }
    out
}

/// The writable storage buffers and textures as one JSON object.
fn json(bound: &[Bound]) -> String {
    let mut map = serde_json::Map::new();
    for b in bound.iter().filter(|b| b.writable) {
        let values: Vec<serde_json::Value> =
            b.values().into_iter().map(|(_, v)| v.to_json()).collect();
        map.insert(format!("{}:{}", b.group, b.binding), values.into());
    }
    let mut s = serde_json::Value::Object(map).to_string();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispatch_sizes() {
        assert_eq!(parse_dispatch("4"), Ok([4, 1, 1]));
        assert_eq!(parse_dispatch("4, 2,3"), Ok([4, 2, 3]));
        assert!(parse_dispatch("0").unwrap_err().contains("positive"));
        assert!(parse_dispatch("1,2,3,4").unwrap_err().contains("X[,Y[,Z]]"));
        assert!(parse_dispatch("x").is_err());
    }
}

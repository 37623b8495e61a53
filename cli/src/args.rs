//! Command-line arguments: the clap definition and the parsing of the
//! structured values (`--override NAME=VALUE`,
//! `--subgroup-matrix-config COMPONENT:RESULT:MxNxK`).

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use tessera::configs::SubgroupMatrixConfig;
use tessera::ir::ResourceBinding;

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Binary SPIR-V.
    Spv,
    /// SPIR-V disassembly (text).
    Spvasm,
    /// WGSL source.
    Wgsl,
    /// Metal Shading Language source (compute, vertex and fragment).
    Msl,
}

impl Format {
    /// The format implied by an output file name's extension.
    pub fn from_extension(path: &std::path::Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "spv" => Some(Format::Spv),
            "spvasm" => Some(Format::Spvasm),
            "wgsl" => Some(Format::Wgsl),
            "metal" | "msl" => Some(Format::Msl),
            _ => None,
        }
    }
}

/// SPIR-V versions the backend can target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SpirvVersion {
    /// SPIR-V 1.3 (Vulkan 1.1), the default.
    #[value(name = "1.3")]
    V1_3,
    /// SPIR-V 1.4.
    #[value(name = "1.4")]
    V1_4,
    /// SPIR-V 1.5.
    #[value(name = "1.5")]
    V1_5,
    /// SPIR-V 1.6 (Vulkan 1.3).
    #[value(name = "1.6")]
    V1_6,
}

impl SpirvVersion {
    /// (major, minor).
    pub fn pair(self) -> (u8, u8) {
        match self {
            SpirvVersion::V1_3 => (1, 3),
            SpirvVersion::V1_4 => (1, 4),
            SpirvVersion::V1_5 => (1, 5),
            SpirvVersion::V1_6 => (1, 6),
        }
    }
}

/// `--spirv-cooperative-matrix` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CooperativeMatrix {
    /// SPV_KHR_cooperative_matrix (the default).
    Khr,
    /// SPV_NV_cooperative_matrix.
    Nv,
}

impl CooperativeMatrix {
    /// The library's option.
    pub fn extension(self) -> tessera::back::spv::CooperativeMatrixExtension {
        use tessera::back::spv::CooperativeMatrixExtension as E;
        match self {
            CooperativeMatrix::Khr => E::Khr,
            CooperativeMatrix::Nv => E::Nv,
        }
    }
}

/// MSL language versions (Metal 1.0 to 3.2).
pub const MSL_VERSIONS: &[(u8, u8)] = &[
    (1, 0),
    (1, 1),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 0),
    (3, 1),
    (3, 2),
];

/// `--help`'s closing text: exit status, environment, flag rules.
const AFTER_HELP: &str = "\
Exit status:
  0  success (warnings may be printed); also when standard output is closed
     early by its reader (e.g. `| head`): the rest of the output is dropped
  1  compile error: shader module (parse, validation), pipeline creation
     (overrides, device configurations) or code generation
  2  usage error: bad, unknown, repeated or conflicting flags, an output
     format that cannot be inferred, binary SPIR-V to a terminal, a device
     profile that is not valid or an unknown built-in profile name
  3  I/O error: the input or the device profile cannot be read (or is not
     UTF-8), the output cannot be written

Environment:
  NO_COLOR  when set and not empty, `--color auto` does not colour

A flag that takes one value may be given once (a second one is a usage
error); the flags marked repeatable may be given many times. A flag that
only applies to other output formats is ignored with a warning.";

/// tessera: a WGSL compiler with first-class subgroup-matrix support.
#[derive(Debug, Parser)]
#[command(name = "tessera", version, about, long_about = None, after_help = AFTER_HELP)]
pub struct Args {
    /// The WGSL file to compile, or `-` for standard input.
    #[arg(required_unless_present = "list_passes")]
    pub input: Option<String>,

    /// Where to write the output (same as -o; not with -o).
    #[arg(value_name = "OUTPUT", conflicts_with = "output")]
    pub output_positional: Option<PathBuf>,

    /// Where to write the output: a file, or `-` for standard output (the
    /// default).
    #[arg(short, long, value_name = "OUTPUT")]
    pub output: Option<PathBuf>,

    /// Output format; inferred from the output extension (`.spv`,
    /// `.spvasm`, `.wgsl`, `.metal`/`.msl`), `spvasm` on standard output
    /// and devices (`-o /dev/null`). With it the output needs no
    /// extension; one naming another format is a warning.
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Keep only this entry point (SPIR-V and MSL output).
    #[arg(long, value_name = "NAME")]
    pub entry_point: Option<String>,

    /// Colour diagnostics: `auto` (when standard error is a terminal and
    /// NO_COLOR is unset or empty), `always` or `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto")]
    pub color: ColorWhen,

    /// Print only errors: no warnings, no notes.
    #[arg(short, long)]
    pub quiet: bool,

    /// Set an override by name or numeric `@id` (repeatable; SPIR-V and MSL
    /// output). VALUE is a number (decimal, `0x` hexadecimal, floating
    /// point), `true` or `false`.
    #[arg(long = "override", value_name = "NAME=VALUE", value_parser = parse_override)]
    pub overrides: Vec<(String, f64)>,

    /// Emit the overrides not given a value by --override as SPIR-V
    /// specialization constants (`OpSpecConstant` with `SpecId`: the `@id`,
    /// else the smallest id no `@id` uses, in declaration order), set when
    /// the Vulkan pipeline is created; an override without a default gets
    /// 0 and the application must supply its value. SPIR-V output only.
    #[arg(long)]
    pub spec_constants: bool,

    /// The descriptor set of the input attachments SPIR-V reads `@color(N)`
    /// fragment inputs from (`enable chromium_experimental_framebuffer_fetch;`;
    /// binding N, input attachment index N). Default 66 (Tint's driver).
    /// SPIR-V output only.
    #[arg(long, value_name = "GROUP")]
    pub framebuffer_fetch_group: Option<u32>,

    /// Where the resource table of `enable chromium_experimental_resource_table;`
    /// is bound: the metadata buffer's `GROUP:BINDING`, the table's, and
    /// optionally a fixed capacity (descriptors, the 35 defaults included;
    /// for devices without `runtimeDescriptorArray`). Default `42:52,43:51`
    /// (Tint's driver); Dawn's Vulkan backend uses `0:0,0:1`. SPIR-V
    /// output only.
    #[arg(long, value_name = "G:B,G:B[,CAPACITY]", value_parser = parse_resource_table)]
    pub resource_table: Option<tessera::pipeline::ResourceTableOptions>,

    /// Emit debug information (SPIR-V output): OpSource with the input's
    /// path and text, OpLine with WGSL line and column on the
    /// instructions, OpName for `let` values, so RenderDoc and Nsight show
    /// WGSL lines.
    #[arg(short = 'g', long)]
    pub debug_info: bool,

    /// SPIR-V version to target (default 1.3).
    #[arg(long, value_enum)]
    pub spirv_version: Option<SpirvVersion>,

    /// The SPIR-V extension that carries subgroup matrices: `khr`
    /// (SPV_KHR_cooperative_matrix, the default) or `nv`
    /// (SPV_NV_cooperative_matrix, for Vulkan drivers that only expose
    /// VK_NV_cooperative_matrix). SPIR-V output only.
    #[arg(long, value_enum, value_name = "khr|nv")]
    pub spirv_cooperative_matrix: Option<CooperativeMatrix>,

    /// The device has VK_NV_cooperative_matrix2 (cooperativeMatrixConversions,
    /// cooperativeMatrixPerElementOperations): subgroup-matrix conversions
    /// from a result matrix to a left or right one use
    /// OpCooperativeMatrixConvertNV instead of workgroup scratch, and math
    /// builtins with one matrix argument OpCooperativeMatrixPerElementOpNV
    /// instead of a loop over the elements.
    /// SPIR-V output with KHR cooperative matrices only.
    #[arg(long)]
    pub spirv_nv_cooperative_matrix2: bool,

    /// The device has VK_QCOM_cooperative_matrix_conversion: subgroup-matrix
    /// rows and columns to and from the invocations
    /// (subgroupMatrixFromRows/Columns, subgroupMatrixRow/Column) use
    /// OpCompositeConstructCoopMatQCOM / OpCompositeExtractCoopMatQCOM where
    /// the extension allows the shape, instead of workgroup scratch. SPIR-V
    /// output with KHR cooperative matrices only.
    #[arg(long)]
    pub spirv_qcom_cooperative_matrix_conversion: bool,

    /// Metal Shading Language version (MSL output): 1.0-1.2, 2.0-2.4,
    /// 3.0-3.2; default 2.4. Subgroup matrices need 2.3 or later.
    #[arg(long, value_name = "MAJOR.MINOR", value_parser = parse_msl_version)]
    pub msl_version: Option<(u8, u8)>,

    /// Metal `[[buffer(INDEX)]]` of the resource at `@group(GROUP)
    /// @binding(BINDING)` (MSL output; repeatable). Other buffers get the
    /// lowest free indices in (group, binding) order.
    #[arg(long, value_name = "GROUP:BINDING=INDEX", value_parser = parse_msl_binding)]
    pub msl_binding: Vec<(ResourceBinding, u32)>,

    /// Metal `[[buffer(N)]]` of the buffer that carries the byte sizes of
    /// runtime-sized buffers (for `arrayLength`; MSL output). Default: the
    /// index after the largest buffer index of the entry point.
    #[arg(long, value_name = "N")]
    pub msl_sizes_buffer: Option<u32>,

    /// Binding points of plane 1 and of the parameters uniform buffer of
    /// the `texture_external` at `@group(GROUP) @binding(BINDING)`
    /// (repeatable; SPIR-V and MSL output). Without it they take the next
    /// binding numbers of the texture's group, reported in a note.
    #[arg(long, value_name = "G:B=G1:B1,GP:BP", value_parser = parse_external_texture)]
    pub external_texture: Vec<(ResourceBinding, tessera::pipeline::ExternalTextureBindings)>,

    /// Do not clamp dynamic array, vector and matrix indices (SPIR-V and MSL
    /// output). Out-of-bounds accesses then have the target's behaviour.
    #[arg(long)]
    pub no_bounds_checks: bool,

    /// Who keeps storage- and uniform-buffer accesses in bounds (SPIR-V
    /// output): `shader` (the default: tessera clamps or guards each index
    /// it cannot prove in range) or `device`: plain buffer indices are left
    /// to the device's `robustBufferAccess2`, which the --device-profile
    /// must guarantee (its `robustness` member) and the pipeline must be
    /// created with. Subgroup-matrix accesses and arrays outside buffers
    /// stay checked.
    #[arg(long, value_enum, value_name = "WHO")]
    pub buffer_bounds: Option<BufferBounds>,

    /// Also write the reflection as JSON to this file (`-`: standard
    /// output, when the output goes to a file): entry points with stage,
    /// workgroup size and bindings, overrides, specialization constants,
    /// and for MSL each kernel's name and argument-table indices (SPIR-V
    /// and MSL output; written after a successful compile).
    #[arg(long, value_name = "FILE.json")]
    pub reflect: Option<PathBuf>,

    /// Only check the module (parse, validate, pipeline step); write nothing.
    #[arg(long)]
    pub validate_only: bool,

    /// Print the IR as WGSL on standard error after the named pass
    /// (repeatable), or after every pass with `all` (SPIR-V and MSL
    /// output; see --list-passes).
    #[arg(long, value_name = "PASS|all")]
    pub print_ir_after: Vec<String>,

    /// List the passes the output format runs, in order, and exit.
    #[arg(long)]
    pub list_passes: bool,

    /// Leave out tessera's optimising passes (unroll, fold, sroa, dse,
    /// cse): only the passes WGSL's semantics need run, e.g. to compare
    /// against the optimised output (SPIR-V and MSL; --unroll has no
    /// effect then).
    #[arg(long)]
    pub no_optimize: bool,

    /// Verify the IR after the front end, before the first pass and after
    /// each pass: a broken IR invariant is an internal error naming the
    /// pass (always on in debug builds).
    #[arg(long)]
    pub verify_ir: bool,

    /// Which small counted loops tessera unrolls (SPIR-V and MSL): `all`
    /// (default), `matrices` (only loops over subgroup matrices), `hint`
    /// (none; SPIR-V marks them with the `Unroll` loop control) or `off`.
    #[arg(long, value_enum)]
    pub unroll: Option<Unroll>,

    /// The target device's capabilities: a JSON device profile (a path
    /// with a `/` or ending in `.json`) or a built-in one: `metal`,
    /// `webgpu`, `h100-vulkan`, `h200-vulkan`. An `enable` whose feature
    /// the profile lacks is an error, and so is a `requires` of a language
    /// feature it lacks (without `uniform_buffer_standard_layout`, uniform
    /// buffers have the stricter layout rules); its limits and
    /// subgroup-matrix configurations are checked. The device flags below replace the
    /// profile's value for what they set.
    #[arg(long, value_name = "FILE.json|NAME")]
    pub device_profile: Option<String>,

    /// A subgroup-matrix configuration the device supports (repeatable),
    /// e.g. `f16:f32:8x8x8`. Components: f32, f16, u32, i32, u8, i8, bf16.
    #[arg(long, value_name = "COMPONENT:RESULT:MxNxK", value_parser = parse_config)]
    pub subgroup_matrix_config: Vec<SubgroupMatrixConfig>,

    /// The device's maximum subgroup size (enables the workgroup-size check).
    #[arg(long, value_name = "N")]
    pub max_subgroup_size: Option<u32>,

    /// The device's minimum subgroup size (default 4, WebGPU's smallest);
    /// with the maximum it bounds `subgroup_id`, which lets the robustness
    /// pass prove more accesses in bounds.
    #[arg(long, value_name = "N")]
    pub min_subgroup_size: Option<u32>,

    /// The device's `maxComputeWorkgroupStorageSize` in bytes, or `webgpu`
    /// for WebGPU's default (16384). Without it the check is skipped.
    #[arg(long, value_name = "BYTES|webgpu", value_parser = parse_limit)]
    pub max_workgroup_storage_size: Option<Limit>,

    /// The device's `maxComputeInvocationsPerWorkgroup` (also used as the
    /// per-dimension limit), or `webgpu` for WebGPU's defaults (256
    /// invocations, 256x256x64). Without it the checks are skipped.
    #[arg(long, value_name = "N|webgpu", value_parser = parse_limit)]
    pub max_workgroup_invocations: Option<Limit>,
}

/// `--color` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// Colour when standard error is a terminal and NO_COLOR is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// `--buffer-bounds` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BufferBounds {
    /// tessera's bounds checks.
    Shader,
    /// The device's robust buffer access (`robustBufferAccess2`).
    Device,
}

/// `--unroll` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Unroll {
    /// Unroll small counted loops (larger ones over subgroup matrices).
    All,
    /// Unroll only loops over subgroup matrices; hint the others.
    Matrices,
    /// Unroll nothing; hint counted loops.
    Hint,
    /// Unroll nothing, hint nothing.
    Off,
}

impl Unroll {
    /// The library's policy.
    pub fn policy(self) -> tessera::back::UnrollPolicy {
        use tessera::back::UnrollPolicy as P;
        match self {
            Unroll::All => P::All,
            Unroll::Matrices => P::Matrices,
            Unroll::Hint => P::Hint,
            Unroll::Off => P::Off,
        }
    }
}

/// A device limit given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// WebGPU's default value for the limit.
    WebGpu,
    /// An explicit value.
    Value(u32),
}

/// Parses a positive integer or `webgpu`.
pub fn parse_limit(text: &str) -> Result<Limit, String> {
    if text == "webgpu" {
        return Ok(Limit::WebGpu);
    }
    text.parse::<u32>()
        .ok()
        .filter(|&v| v > 0)
        .map(Limit::Value)
        .ok_or_else(|| format!("expected a positive integer or `webgpu`, found `{text}`"))
}

/// Parses an MSL version `MAJOR.MINOR` (one of [`MSL_VERSIONS`]).
pub fn parse_msl_version(text: &str) -> Result<(u8, u8), String> {
    let known = || {
        MSL_VERSIONS
            .iter()
            .map(|(a, b)| format!("{a}.{b}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (major, minor) = text.split_once('.').ok_or_else(|| {
        format!(
            "expected MAJOR.MINOR, found `{text}` (Metal versions: {})",
            known()
        )
    })?;
    let version = major
        .parse::<u8>()
        .ok()
        .zip(minor.parse::<u8>().ok())
        .ok_or_else(|| {
            format!(
                "expected MAJOR.MINOR, found `{text}` (Metal versions: {})",
                known()
            )
        })?;
    if MSL_VERSIONS.contains(&version) {
        Ok(version)
    } else {
        Err(format!(
            "`{text}` is not a Metal Shading Language version (known: {})",
            known()
        ))
    }
}

/// Parses `GROUP:BINDING=INDEX`.
pub fn parse_msl_binding(text: &str) -> Result<(ResourceBinding, u32), String> {
    let syntax = || format!("expected GROUP:BINDING=INDEX (e.g. 0:1=3), found `{text}`");
    let (key, index) = text.split_once('=').ok_or_else(syntax)?;
    let (group, binding) = key.split_once(':').ok_or_else(syntax)?;
    let number = |s: &str| s.trim().parse::<u32>().map_err(|_| syntax());
    Ok((
        ResourceBinding {
            group: number(group)?,
            binding: number(binding)?,
        },
        number(index)?,
    ))
}

/// Parses `G:B=G1:B1,GP:BP` (an external texture's binding point, then
/// those of plane 1 and of its parameters buffer).
pub fn parse_external_texture(
    text: &str,
) -> Result<(ResourceBinding, tessera::pipeline::ExternalTextureBindings), String> {
    let syntax = || format!("expected G:B=G1:B1,GP:BP (e.g. 0:0=0:5,0:6), found `{text}`");
    let point = |s: &str| {
        let (group, binding) = s.split_once(':').ok_or_else(syntax)?;
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| syntax());
        Ok::<_, String>(ResourceBinding {
            group: number(group)?,
            binding: number(binding)?,
        })
    };
    let (key, parts) = text.split_once('=').ok_or_else(syntax)?;
    let (plane1, params) = parts.split_once(',').ok_or_else(syntax)?;
    Ok((
        point(key)?,
        tessera::pipeline::ExternalTextureBindings {
            plane1: point(plane1)?,
            params: point(params)?,
        },
    ))
}

/// Parses `G:B,G:B[,CAPACITY]` (the resource table's metadata buffer and
/// table binding points, and an optional fixed capacity).
pub fn parse_resource_table(text: &str) -> Result<tessera::pipeline::ResourceTableOptions, String> {
    let syntax = || format!("expected G:B,G:B[,CAPACITY] (e.g. 0:0,0:1), found `{text}`");
    let number = |s: &str| s.trim().parse::<u32>().map_err(|_| syntax());
    let point = |s: &str| {
        let (group, binding) = s.split_once(':').ok_or_else(syntax)?;
        Ok::<_, String>(ResourceBinding {
            group: number(group)?,
            binding: number(binding)?,
        })
    };
    let parts: Vec<&str> = text.split(',').collect();
    let (metadata, table, capacity) = match parts[..] {
        [m, t] => (point(m)?, point(t)?, None),
        [m, t, c] => (point(m)?, point(t)?, Some(number(c)?)),
        _ => return Err(syntax()),
    };
    if metadata == table {
        return Err(format!(
            "the metadata buffer and the table need different binding points, found `{text}`"
        ));
    }
    if capacity == Some(0) {
        return Err(format!("the capacity must be at least 1, found `{text}`"));
    }
    Ok(tessera::pipeline::ResourceTableOptions {
        metadata,
        table,
        capacity,
        ..Default::default()
    })
}

/// Parses `NAME=VALUE`.
pub fn parse_override(text: &str) -> Result<(String, f64), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=VALUE, found `{text}`"))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("missing override name in `{text}`"));
    }
    let value = value.trim();
    let number = match value {
        "true" => Some(1.0),
        "false" => Some(0.0),
        _ => parse_hex(value).or_else(|| value.parse::<f64>().ok().filter(|v| v.is_finite())),
    };
    let number = number.ok_or_else(|| {
        format!("invalid override value `{value}` (expected a finite number, `true` or `false`)")
    })?;
    Ok((name.to_string(), number))
}

/// A hexadecimal integer `0x1F` (or `0X1F`), optionally signed; `None`
/// when `text` is not one.
fn parse_hex(text: &str) -> Option<f64> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let digits = rest
        .strip_prefix("0x")
        .or_else(|| rest.strip_prefix("0X"))?;
    // `from_str_radix` accepts a sign of its own: the digits must be bare.
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, 16).ok()? as f64;
    Some(if negative { -magnitude } else { magnitude })
}

/// Parses `COMPONENT:RESULT:MxNxK` with the library's parser.
pub fn parse_config(text: &str) -> Result<SubgroupMatrixConfig, String> {
    text.parse::<SubgroupMatrixConfig>()
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera::configs::ComponentType;

    #[test]
    fn overrides() {
        assert_eq!(parse_override("a=1.5"), Ok(("a".into(), 1.5)));
        assert_eq!(parse_override("7=true"), Ok(("7".into(), 1.0)));
        assert_eq!(parse_override(" b = false"), Ok(("b".into(), 0.0)));
        assert!(parse_override("a").unwrap_err().contains("NAME=VALUE"));
        assert!(parse_override("=3")
            .unwrap_err()
            .contains("missing override name"));
        assert!(parse_override("a=x")
            .unwrap_err()
            .contains("invalid override value `x`"));
        assert!(parse_override("a=inf").is_err());
        assert_eq!(parse_override("a=0x10"), Ok(("a".into(), 16.0)));
        assert_eq!(parse_override("a=0XfF"), Ok(("a".into(), 255.0)));
        assert_eq!(parse_override("a=-0x10"), Ok(("a".into(), -16.0)));
        assert_eq!(parse_override("a=-3"), Ok(("a".into(), -3.0)));
        assert_eq!(parse_override("a=1e3"), Ok(("a".into(), 1000.0)));
        for bad in ["a=0x", "a=0x-1", "a=0xg", "a=0x1.8", "a=--0x1"] {
            assert!(
                parse_override(bad)
                    .unwrap_err()
                    .contains("invalid override value"),
                "{bad}"
            );
        }
    }

    #[test]
    fn configs() {
        let c = parse_config("f16:f32:8x16x4").unwrap();
        assert_eq!(c.component_type, ComponentType::F16);
        assert_eq!(c.result_component_type, ComponentType::F32);
        assert_eq!((c.m, c.n, c.k), (8, 16, 4));
        assert!(parse_config("f16:f32")
            .unwrap_err()
            .contains("COMPONENT:RESULT"));
        assert!(parse_config("f64:f32:8x8x8").unwrap_err().contains("f64"));
        assert!(parse_config("f16:f32:8x8").unwrap_err().contains("MxNxK"));
        assert!(parse_config("f16:f32:8x0x8").unwrap_err().contains("'0'"));
    }

    #[test]
    fn cooperative_matrix_values() {
        use tessera::back::spv::CooperativeMatrixExtension as E;
        assert_eq!(CooperativeMatrix::Khr.extension(), E::Khr);
        assert_eq!(CooperativeMatrix::Nv.extension(), E::Nv);
        let args = Args::try_parse_from(["tessera", "a.wgsl", "--spirv-cooperative-matrix", "nv"])
            .expect("parses");
        assert_eq!(args.spirv_cooperative_matrix, Some(CooperativeMatrix::Nv));
        let args = Args::try_parse_from(["tessera", "a.wgsl"]).expect("parses");
        assert_eq!(args.spirv_cooperative_matrix, None);
        assert!(
            Args::try_parse_from(["tessera", "a.wgsl", "--spirv-cooperative-matrix", "x"]).is_err()
        );
    }

    #[test]
    fn msl_versions() {
        assert_eq!(parse_msl_version("2.3"), Ok((2, 3)));
        assert_eq!(parse_msl_version("3.0"), Ok((3, 0)));
        assert!(parse_msl_version("2.5")
            .unwrap_err()
            .contains("`2.5` is not a Metal Shading Language version (known: 1.0, 1.1"));
        assert!(parse_msl_version("3")
            .unwrap_err()
            .contains("expected MAJOR.MINOR, found `3`"));
        assert!(parse_msl_version("x.1")
            .unwrap_err()
            .contains("expected MAJOR.MINOR"));
    }

    #[test]
    fn resource_table_bindings() {
        let o = parse_resource_table("0:0,0:1").unwrap();
        assert_eq!((o.metadata.group, o.metadata.binding), (0, 0));
        assert_eq!((o.table.group, o.table.binding), (0, 1));
        assert_eq!(o.capacity, None);
        assert_eq!(
            parse_resource_table(" 1:2 , 3:4 , 40 ").unwrap().capacity,
            Some(40)
        );
        assert!(parse_resource_table("0:0")
            .unwrap_err()
            .contains("expected G:B,G:B[,CAPACITY]"));
        assert!(parse_resource_table("0:0,0:0")
            .unwrap_err()
            .contains("different binding points"));
        assert!(parse_resource_table("0:0,0:1,0")
            .unwrap_err()
            .contains("at least 1"));
    }

    #[test]
    fn msl_bindings() {
        assert_eq!(
            parse_msl_binding("0:1=3"),
            Ok((
                ResourceBinding {
                    group: 0,
                    binding: 1
                },
                3
            ))
        );
        assert_eq!(
            parse_msl_binding(" 2 : 10 = 7 "),
            Ok((
                ResourceBinding {
                    group: 2,
                    binding: 10
                },
                7
            ))
        );
        for bad in ["0:1", "0=1", "a:1=2", "0:1=-1", "0:1=2=3", ""] {
            assert!(
                parse_msl_binding(bad)
                    .unwrap_err()
                    .contains("expected GROUP:BINDING=INDEX"),
                "{bad}"
            );
        }
    }

    #[test]
    fn external_texture_bindings() {
        let rb = |group, binding| ResourceBinding { group, binding };
        assert_eq!(
            parse_external_texture("0:0=0:5, 1:2"),
            Ok((
                rb(0, 0),
                tessera::pipeline::ExternalTextureBindings {
                    plane1: rb(0, 5),
                    params: rb(1, 2),
                }
            ))
        );
        for bad in ["0:0=0:5", "0:0", "0:0=0:5,x:1", "0=0:5,0:6", ""] {
            assert!(
                parse_external_texture(bad)
                    .unwrap_err()
                    .contains("expected G:B=G1:B1,GP:BP"),
                "{bad}"
            );
        }
    }

    #[test]
    fn extensions() {
        use std::path::Path;
        assert_eq!(
            Format::from_extension(Path::new("a.SPV")),
            Some(Format::Spv)
        );
        assert_eq!(
            Format::from_extension(Path::new("a.metal")),
            Some(Format::Msl)
        );
        assert_eq!(Format::from_extension(Path::new("a.txt")), None);
        assert_eq!(Format::from_extension(Path::new("a")), None);
    }
}

//! Command-line arguments: the clap definition and the parsing of the
//! structured values (`--override NAME=VALUE`,
//! `--subgroup-matrix-config COMPONENT:RESULT:MxNxK`).

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use tessera::configs::{ComponentType, SubgroupMatrixConfig};

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Binary SPIR-V.
    Spv,
    /// SPIR-V disassembly (text).
    Spvasm,
    /// WGSL source.
    Wgsl,
    /// Metal Shading Language (not supported yet).
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

/// tessera: a WGSL compiler with first-class subgroup-matrix support.
///
/// Exit status: 0 on success (warnings may be printed), 1 on a compile error
/// (shader module, pipeline creation, code generation, or an unsupported
/// output format such as MSL), 2 on a usage error (bad flags, unreadable
/// input, unknown output format).
#[derive(Debug, Parser)]
#[command(name = "tessera", version, about, long_about = None)]
pub struct Args {
    /// The WGSL file to compile, or `-` for standard input.
    pub input: String,

    /// Where to write the output; standard output when absent.
    #[arg(short, long, value_name = "OUTPUT")]
    pub output: Option<PathBuf>,

    /// Output format; inferred from the output extension (`.spv`,
    /// `.spvasm`, `.wgsl`, `.metal`/`.msl`), `spvasm` otherwise.
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Keep only this entry point.
    #[arg(long, value_name = "NAME")]
    pub entry_point: Option<String>,

    /// Set an override by name or numeric `@id` (repeatable). VALUE is a
    /// number, `true` or `false`.
    #[arg(long = "override", value_name = "NAME=VALUE", value_parser = parse_override)]
    pub overrides: Vec<(String, f64)>,

    /// SPIR-V version to target.
    #[arg(long, value_enum, default_value = "1.3")]
    pub spirv_version: SpirvVersion,

    /// Only check the module (parse, validate, pipeline step); write nothing.
    #[arg(long)]
    pub validate_only: bool,

    /// A subgroup-matrix configuration the device supports (repeatable),
    /// e.g. `f16:f32:8x8x8`. Components: f32, f16, u32, i32, u8, i8.
    #[arg(long, value_name = "COMPONENT:RESULT:MxNxK", value_parser = parse_config)]
    pub subgroup_matrix_config: Vec<SubgroupMatrixConfig>,

    /// The device's maximum subgroup size (enables the workgroup-size check).
    #[arg(long, value_name = "N")]
    pub max_subgroup_size: Option<u32>,
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
        "true" => 1.0,
        "false" => 0.0,
        _ => value
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("invalid override value `{value}` (expected a finite number, `true` or `false`)"))?,
    };
    Ok((name.to_string(), number))
}

fn parse_component(text: &str) -> Result<ComponentType, String> {
    Ok(match text {
        "f32" => ComponentType::F32,
        "f16" => ComponentType::F16,
        "u32" => ComponentType::U32,
        "i32" => ComponentType::I32,
        "u8" => ComponentType::U8,
        "i8" => ComponentType::I8,
        _ => {
            return Err(format!(
                "unknown component type `{text}` (expected f32, f16, u32, i32, u8 or i8)"
            ))
        }
    })
}

/// Parses `COMPONENT:RESULT:MxNxK`.
pub fn parse_config(text: &str) -> Result<SubgroupMatrixConfig, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let [component, result, dims] = parts.as_slice() else {
        return Err(format!("expected COMPONENT:RESULT:MxNxK, found `{text}`"));
    };
    let dims: Vec<&str> = dims.split('x').collect();
    let [m, n, k] = dims.as_slice() else {
        return Err(format!("expected dimensions MxNxK, found `{}`", parts[2]));
    };
    let dim = |s: &str| {
        s.parse::<u32>()
            .ok()
            .filter(|&v| v > 0)
            .ok_or_else(|| format!("invalid dimension `{s}` (expected a positive integer)"))
    };
    Ok(SubgroupMatrixConfig {
        component_type: parse_component(component)?,
        result_component_type: parse_component(result)?,
        m: dim(m)?,
        n: dim(n)?,
        k: dim(k)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(parse_config("f64:f32:8x8x8")
            .unwrap_err()
            .contains("unknown component type `f64`"));
        assert!(parse_config("f16:f32:8x8").unwrap_err().contains("MxNxK"));
        assert!(parse_config("f16:f32:8x0x8")
            .unwrap_err()
            .contains("invalid dimension `0`"));
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

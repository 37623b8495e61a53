//! Helpers shared by the integration tests: the `tests/in` inputs, their
//! header directives, running the compiler stages, and checking SPIR-V with
//! SPIRV-Tools.

#![allow(dead_code)]

pub mod disasm;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use spirv_tools::val::Validator as _;
use tessera::pipeline::{Pipeline, PipelineOptions};
use tessera::valid::ModuleInfo;

/// The directory of the test inputs.
pub fn input_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/in")
}

/// Every `tests/in/*.wgsl`, sorted by file name: (file name, source).
pub fn inputs() -> Vec<(String, String)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(input_dir())
        .expect("tests/in exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "wgsl"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let source = std::fs::read_to_string(&p).expect("readable input");
            (name, source)
        })
        .collect()
}

/// Directives read from an input's leading comment lines:
/// `// overrides: NAME=VALUE ...`, `// entry: NAME` and
/// `// msl-version: MAJOR.MINOR` (the MSL snapshot's language version).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Directives {
    /// Override values by name or `@id`.
    pub overrides: BTreeMap<String, f64>,
    /// The entry point to keep.
    pub entry_point: Option<String>,
    /// The MSL language version of the MSL snapshot (default: the writer's).
    pub msl_version: Option<(u8, u8)>,
}

/// Parses the directives of the leading `//` comment block.
pub fn directives(source: &str) -> Result<Directives, String> {
    let mut d = Directives::default();
    for line in source.lines() {
        let Some(comment) = line.trim().strip_prefix("//") else {
            break;
        };
        let comment = comment.trim();
        if let Some(rest) = comment.strip_prefix("overrides:") {
            for item in rest.split_whitespace() {
                let (name, value) = item
                    .split_once('=')
                    .ok_or_else(|| format!("bad override directive `{item}`"))?;
                let value = match value {
                    "true" => 1.0,
                    "false" => 0.0,
                    v => v
                        .parse::<f64>()
                        .map_err(|_| format!("bad override value `{v}`"))?,
                };
                d.overrides.insert(name.to_string(), value);
            }
        } else if let Some(rest) = comment.strip_prefix("entry:") {
            d.entry_point = Some(rest.trim().to_string());
        } else if let Some(rest) = comment.strip_prefix("msl-version:") {
            let bad = || format!("bad msl-version directive `{}`", rest.trim());
            let (major, minor) = rest.trim().split_once('.').ok_or_else(bad)?;
            d.msl_version = Some((
                major.parse().map_err(|_| bad())?,
                minor.parse().map_err(|_| bad())?,
            ));
        }
    }
    Ok(d)
}

/// The result of the front end, validator and pipeline step.
pub struct Compiled {
    /// The module as parsed.
    pub module: tessera::ir::Module,
    /// Its validation info.
    pub info: ModuleInfo,
    /// The pipeline built from it.
    pub pipeline: Pipeline,
}

/// Runs parse, validate and the pipeline step; errors are rendered.
pub fn compile(name: &str, source: &str, d: &Directives) -> Result<Compiled, String> {
    let parsed = tessera::front::wgsl::parse_str(source)
        .map_err(|e| format!("parse:\n{}", e.render(name, source)))?;
    let info = tessera::valid::validate(&parsed.module)
        .map_err(|e| format!("validate:\n{}", e.render(name, source)))?;
    let options = PipelineOptions {
        entry_point: d.entry_point.clone(),
        overrides: d.overrides.clone(),
        ..PipelineOptions::default()
    };
    let pipeline = tessera::pipeline::process(&parsed.module, &info, &options)
        .map_err(|e| format!("pipeline:\n{}", e.render(name, source)))?;
    Ok(Compiled {
        module: parsed.module,
        info,
        pipeline,
    })
}

/// Writes SPIR-V of the given version and validates it for `env`.
pub fn spirv(
    name: &str,
    source: &str,
    c: &Compiled,
    version: (u8, u8),
    env: spirv_tools::TargetEnv,
) -> Result<Vec<u32>, String> {
    // Other fields keep their defaults (the options grow over time).
    #[allow(clippy::needless_update)]
    let options = tessera::back::spv::Options {
        version,
        ..tessera::back::spv::Options::default()
    };
    let words = tessera::lower::spv::write(&c.pipeline, &options).map_err(|e| {
        format!(
            "spv write {}.{}:\n{}",
            version.0,
            version.1,
            e.render(name, source)
        )
    })?;
    // A module whose uniform buffers use uniform_buffer_standard_layout
    // is valid for a device with `uniformBufferStandardLayout` (what its
    // reflection says); any other must be valid without it.
    let standard_layout = c.pipeline.reflection.needs_uniform_buffer_standard_layout();
    validate_spirv_with(&words, env, standard_layout).map_err(|e| {
        format!(
            "spirv-val {env:?} rejected SPIR-V {}.{}: {e}\n{}",
            version.0,
            version.1,
            disassemble(&words).unwrap_or_default()
        )
    })?;
    Ok(words)
}

/// Validates SPIR-V words with SPIRV-Tools.
pub fn validate_spirv(words: &[u32], env: spirv_tools::TargetEnv) -> Result<(), String> {
    validate_spirv_with(words, env, false)
}

/// Validates SPIR-V words with SPIRV-Tools, for a device with
/// `uniformBufferStandardLayout` when `uniform_standard_layout`
/// (`spirv-val --uniform-buffer-standard-layout`).
pub fn validate_spirv_with(
    words: &[u32],
    env: spirv_tools::TargetEnv,
    uniform_standard_layout: bool,
) -> Result<(), String> {
    let options = spirv_tools::val::ValidatorOptions {
        uniform_buffer_standard_layout: uniform_standard_layout,
        ..Default::default()
    };
    spirv_tools::val::create(Some(env))
        .validate(words, Some(options))
        .map_err(|e| e.to_string())
}

/// Disassembles SPIR-V with rspirv.
pub fn disassemble(words: &[u32]) -> Result<String, String> {
    disasm::disassemble(words)
}

#[test]
fn directives_are_parsed() {
    let d = directives(
        "// overrides: a=1.5 7=true b=false\n// entry: main2\n// msl-version: 3.1\nfn f() {}\n// entry: no",
    )
    .unwrap();
    assert_eq!(d.entry_point.as_deref(), Some("main2"));
    assert_eq!(d.msl_version, Some((3, 1)));
    assert!(directives("// msl-version: 3").is_err());
    assert_eq!(d.overrides.get("a"), Some(&1.5));
    assert_eq!(d.overrides.get("7"), Some(&1.0));
    assert_eq!(d.overrides.get("b"), Some(&0.0));
    assert!(directives("// overrides: x").is_err());
}

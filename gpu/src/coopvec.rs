//! `tessera-gpu --coopvec`: the cooperative-vector suite
//! (`docs/cooperative-vectors.md`) on a Vulkan device, with
//! `VK_NV_cooperative_vector` enabled where the device has it.
//!
//! Every kernel is compiled by tessera for SPIR-V 1.6 twice: **native**
//! (`PipelineOptions::cooperative_vector_configs` = the configurations the
//! device profile lists, from `vkGetPhysicalDeviceCooperativeVectorPropertiesNV`)
//! and **loop** (none: every operation lowered to plain loops). The native
//! build runs only where the extension is enabled; the loop build runs on
//! any Vulkan 1.3 device (lavapipe included).
//!
//! - **Conformance** ([`elementwise`], [`products`]): construction, component
//!   reads, the element-wise operators and builtins, and the matrix-vector
//!   products (row- and column-major, with bias, unaligned arguments that
//!   force the native kernel's fallback, matrices past the end of their
//!   array), each checked element by element against an f64 reference
//!   computed from the definitions ([`case`]); the 8-bit integer products
//!   ([`int8`], exact) and the products in the device's inference layout
//!   ([`optimal`], the matrix converted by the host for native builds).
//! - **Training operations** ([`training`]): `coopVecOuterProductAccumulate`
//!   and `coopVecReduceSumAccumulate` from 256 invocations into one
//!   matrix, exact f64 references, misaligned and out-of-bounds regions;
//!   the native build reads and writes the training-optimal layout through
//!   `vkConvertCooperativeVectorMatrixNV`, whose size queries also give
//!   the device's optimal-layout bound ([`crate::vk::coopvec_convert`]).
//! - **MLP benchmark** ([`mlp`], [`bench`](mod@bench)): three f16 layers of width 64,
//!   native and loop builds of the cooperative-vector kernel and the
//!   scalar-loop kernel of today (tessera, and Tint with `--tint`), verified
//!   and then timed in alternating order.
//!
//! Results: `OUT/coopvec.json` (`conformance` and `coopvec` lists, see
//! `gpu/README.md`). Exit codes: 0 all passed, 1 a case or a benchmark
//! variant failed, 2 bad arguments or output, 3 no Vulkan device.

pub mod bench;
pub mod case;
pub mod elementwise;
pub mod int8;
pub mod mlp;
pub mod optimal;
pub mod products;
pub mod raw;
pub mod training;

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{json, Value};
use tessera::configs::{ComponentType, CooperativeVectorConfig, OptimalLayoutBound};

use crate::compile::Target;
use crate::vk::{Binding, Gpu, InitError, OpenOptions};
use case::Case;

/// Exit status without a Vulkan device.
const EXIT_NO_DEVICE: u8 = 3;

/// `tessera-gpu --coopvec`'s options.
#[derive(Clone, Debug, PartialEq)]
pub struct Args {
    /// Output directory (`coopvec.json`, `failed_kernels/`).
    pub out: PathBuf,
    /// Only cases (and benchmark kernels) whose name contains this.
    pub filter: Option<String>,
    /// Run the conformance cases.
    pub conformance: bool,
    /// Run the MLP benchmark.
    pub mlp: bool,
    /// Invocations of the MLP benchmark.
    pub mlp_n: u32,
    /// Timed dispatches per variant and round.
    pub iters: usize,
    /// Tint, to compile the scalar MLP kernel as a fourth variant.
    pub tint: Option<PathBuf>,
    /// Write every kernel and its two builds here instead of running.
    pub dump: Option<PathBuf>,
    /// Optimal-layout bounds for the native build, each replacing the
    /// measured one of its layout and type (experiments: every native
    /// operation in an optimal layout still checks that the driver's
    /// layout fits the region the bound gives).
    pub layout_bounds: Vec<OptimalLayoutBound>,
}

/// The usage line.
pub const USAGE: &str = "usage: tessera-gpu --coopvec [--out DIR] [--filter TEXT] \
[--skip-conformance] [--skip-mlp] [--mlp-n N] [--iters N] [--tint PATH] [--dump-kernels DIR] \
[--layout-bound LAYOUT:TYPE:ROWSxCOLUMNS[xFACTOR]]...";

/// Parses the arguments after `--coopvec`.
pub fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut a = Args {
        out: PathBuf::from("."),
        filter: None,
        conformance: true,
        mlp: true,
        mlp_n: mlp::DEFAULT_N,
        iters: 20,
        tint: None,
        dump: None,
        layout_bounds: Vec::new(),
    };
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--out" => a.out = PathBuf::from(value("--out")?),
            "--filter" => a.filter = Some(value("--filter")?),
            "--skip-conformance" => a.conformance = false,
            "--skip-mlp" => a.mlp = false,
            "--mlp-n" => {
                let v = value("--mlp-n")?;
                a.mlp_n = match v.parse::<u32>() {
                    Ok(n) if mlp::groups(n).is_ok() => n,
                    _ => {
                        return Err(format!(
                            "--mlp-n needs a multiple of 64 filling whole rows of 32768 workgroups (e.g. 65536 or 4194304), got '{v}'"
                        ))
                    }
                }
            }
            "--iters" => {
                a.iters = match value("--iters")?.parse::<usize>() {
                    Ok(v) if v >= 3 => v,
                    _ => return Err("--iters needs an integer >= 3".into()),
                }
            }
            "--tint" => a.tint = Some(PathBuf::from(value("--tint")?)),
            "--dump-kernels" => a.dump = Some(PathBuf::from(value("--dump-kernels")?)),
            "--layout-bound" => {
                let v = value("--layout-bound")?;
                let bound: OptimalLayoutBound =
                    v.parse().map_err(|e: tessera::configs::ConfigParseError| {
                        format!("--layout-bound: {}", e.0)
                    })?;
                a.layout_bounds
                    .retain(|b| (b.layout, b.component) != (bound.layout, bound.component));
                a.layout_bounds.push(bound);
            }
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
        }
    }
    Ok(a)
}

/// The compile target of the suite on `gpu`: SPIR-V 1.6, the device's
/// limits, and `vectors` as the native cooperative-vector configurations
/// (empty: the loop build).
pub fn target(info: &crate::vk::DeviceInfo, vectors: &[CooperativeVectorConfig]) -> Target {
    Target {
        configs: info.configs.clone(),
        max_subgroup_size: info.max_subgroup_size,
        min_subgroup_size: info.min_subgroup_size,
        max_shared_memory: info.max_shared_memory,
        max_invocations: info.max_invocations,
        max_workgroup_size: info.max_workgroup_size,
        spirv_version: (1, 6),
        cooperative_vector_configs: vectors.to_vec(),
        ..Target::h100()
    }
}

/// The optimal-layout bounds of [`dump_target`]: the H200's f16 and f32
/// ones (`gpu/RESULTS.md`) and made-up 8-bit ones, so that the dumped and
/// tested native builds use the native instructions in both layouts.
pub const DUMP_LAYOUT_BOUNDS: &[&str] = &[
    "inference:f16:8x16",
    "inference:f32:1x4",
    "inference:i8:16x64",
    "inference:u8:16x64",
    "training:f16:8x8x2",
    "training:f32:1x4",
];

/// The cooperative-vector configurations of [`dump_target`]: every float
/// one the suite uses (`f16:f16` transposing, as the H200's does) and the
/// H200's 8-bit ones (not `f32/u8:i32`; none transposing).
pub const DUMP_CONFIGS: &[&str] = &[
    "f16:f16+transpose",
    "f16:f32",
    "f32:f32",
    "i32/i8:i32",
    "f32/i8:i32",
    "u32/i8:i32",
    "i32/u8:i32",
    "u32/u8:i32",
];

/// The H100/H200's target for `--dump-kernels` and the tests: SPIR-V 1.6,
/// native configurations [`DUMP_CONFIGS`], native training accumulations
/// of f16 and f32 and the bounds [`DUMP_LAYOUT_BOUNDS`] (or none of them).
pub fn dump_target(native: bool) -> Target {
    fn parse<T: std::str::FromStr>(list: &[&str]) -> Vec<T> {
        list.iter().filter_map(|s| s.parse().ok()).collect()
    }
    let vectors: Vec<CooperativeVectorConfig> = if native {
        parse(DUMP_CONFIGS)
    } else {
        Vec::new()
    };
    let training = if native {
        vec![ComponentType::F16, ComponentType::F32]
    } else {
        Vec::new()
    };
    Target {
        spirv_version: (1, 6),
        cooperative_vector_configs: vectors,
        cooperative_vector_training: training,
        cooperative_vector_optimal_layouts: if native {
            parse(DUMP_LAYOUT_BOUNDS)
        } else {
            Vec::new()
        },
        ..Target::h100()
    }
}

/// How many of tessera's native cooperative-vector instructions a module
/// holds: (`OpTypeCooperativeVectorNV`, `OpCooperativeVectorMatrixMulNV` and
/// `...MulAddNV`).
pub fn native_instructions(words: &[u32]) -> (usize, usize) {
    let (mut types, mut products) = (0, 0);
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        match words[i] & 0xFFFF {
            5288 => types += 1,
            5289 | 5292 => products += 1,
            _ => {}
        }
        if count == 0 {
            break;
        }
        i += count;
    }
    (types, products)
}

/// Every conformance case (element-wise, then products).
pub fn all_cases() -> Vec<Case> {
    let mut v = elementwise::cases();
    v.extend(products::cases());
    v
}

/// Every byte-level product case: the products in the inference layout,
/// then the 8-bit row- and column-major ones.
pub fn raw_cases() -> Vec<raw::RawCase> {
    let mut v = optimal::cases();
    v.extend(int8::cases());
    v
}

/// The result of one case under one build.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseResult {
    /// The case's name.
    pub case: String,
    /// Its component types.
    pub config: String,
    /// `native` or `loop`.
    pub variant: String,
    /// The largest error against the reference.
    pub max_err: f64,
    /// Whether every element passed.
    pub ok: bool,
    /// Where it stopped: `compile`, `pipeline`, `run` or `compare`.
    pub stage: String,
    /// Native instructions in the build (type declarations, products).
    pub native_instructions: (usize, usize),
    /// Native training instructions in the build (outer products and
    /// reduce-sums; training cases only).
    pub native_training: usize,
    /// The first failures.
    pub detail: String,
}

impl CaseResult {
    /// A case about to be compiled (stage `compile`, nothing passed yet).
    pub fn compiling(case: &str, config: String, variant: &str) -> CaseResult {
        CaseResult {
            case: case.to_string(),
            config,
            variant: variant.to_string(),
            max_err: 0.0,
            ok: false,
            stage: "compile".into(),
            native_instructions: (0, 0),
            native_training: 0,
            detail: String::new(),
        }
    }

    /// The `conformance` entry of `coopvec.json`.
    pub fn to_json(&self) -> Value {
        json!({
            "case": self.case,
            "config": self.config,
            "variant": self.variant,
            "max_err": self.max_err,
            "ok": self.ok,
            "stage": self.stage,
            "native_types": self.native_instructions.0,
            "native_products": self.native_instructions.1,
            "native_training": self.native_training,
            "detail": self.detail,
        })
    }
}

/// Runs `case` compiled for `target` once and checks what it wrote.
pub fn run_case(gpu: &Gpu, target: &Target, case: &Case, variant: &str) -> CaseResult {
    let mut r = CaseResult::compiling(&case.name, case.config.clone(), variant);
    let words = match target.compile(&case.wgsl) {
        Ok(w) => w,
        Err(e) => {
            r.detail = e;
            return r;
        }
    };
    r.native_instructions = native_instructions(&words);
    let t = case.input;
    let params: Vec<u8> = case.params.iter().flat_map(|p| p.to_le_bytes()).collect();
    let contents = [
        t.encode(&case.a),
        t.encode(&case.b),
        t.encode(&case.m),
        t.encode(&case.bias),
        case.out_init(),
        params,
    ];
    let outcome = dispatch(gpu, &words, &contents).map(|out| case.check(&out));
    match outcome {
        Ok(c) => {
            r.stage = "compare".into();
            r.ok = c.ok();
            r.max_err = c.max_err;
            r.detail = c.first.join("\n");
        }
        Err((stage, e)) => {
            r.stage = stage;
            r.detail = e;
        }
    }
    r
}

/// Runs `words` once over [`case::INVOCATIONS`] invocations with
/// `contents` in bindings 0-4 (storage, each bound to exactly its bytes,
/// so `arrayLength` is what the case's reference assumes) and 5 (uniform),
/// and returns binding 4's bytes, or the stage that failed and why.
pub fn dispatch(
    gpu: &Gpu,
    words: &[u32],
    contents: &[Vec<u8>; 6],
) -> Result<Vec<u8>, (String, String)> {
    let run = |e: String| ("run".to_string(), e);
    let mut bufs = Vec::new();
    for c in contents {
        match gpu.buffer(c.len().max(16) as u64, true) {
            Ok(b) => bufs.push(b),
            Err(e) => {
                bufs.iter().for_each(|b| gpu.free(b));
                return Err(run(e));
            }
        }
    }
    let outcome = (|| {
        for (b, c) in bufs.iter().zip(contents) {
            gpu.upload(b, c).map_err(run)?;
        }
        let mut bindings: Vec<Binding> = bufs[..5]
            .iter()
            .zip(contents)
            .map(|(b, c)| Binding {
                range: Some(c.len() as u64),
                ..Binding::storage(b)
            })
            .collect();
        bindings.push(Binding::uniform(&bufs[5]));
        let kernel = gpu
            .kernel_with(words, &bindings, &[])
            .map_err(|e| ("pipeline".to_string(), e))?;
        let groups = [case::INVOCATIONS / case::WORKGROUP, 1, 1];
        let ran = gpu.dispatch(&kernel, groups);
        gpu.destroy_kernel(&kernel);
        ran.map_err(run)?;
        gpu.download(&bufs[4]).map_err(run)
    })();
    bufs.iter().for_each(|b| gpu.free(b));
    outcome
}

/// `--dump-kernels DIR`: every kernel (conformance and MLP) as WGSL with its
/// native and loop SPIR-V for the H100/H200 target. Returns (kernels,
/// failed builds).
pub fn dump(dir: &std::path::Path) -> Result<(usize, usize), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut sources: Vec<(String, String)> = all_cases()
        .into_iter()
        .map(|c| (format!("{}_{}", c.config, c.name), c.wgsl))
        .collect();
    sources.extend(
        training::cases()
            .into_iter()
            .map(|c| (format!("{}_{}", c.config, c.name), c.wgsl)),
    );
    sources.extend(
        raw_cases()
            .into_iter()
            .map(|c| (format!("{}_{}", c.config, c.name), c.wgsl)),
    );
    sources.push(("mlp_coopvec".into(), mlp::COOPVEC_WGSL.into()));
    sources.push(("mlp_scalar".into(), mlp::SCALAR_WGSL.into()));
    let mut failed = 0;
    for (name, src) in &sources {
        let stem = name.replace([':', '/'], "_");
        let file = dir.join(format!("{stem}.wgsl"));
        std::fs::write(&file, src).map_err(|e| format!("{}: {e}", file.display()))?;
        for (variant, native) in [("native", true), ("loop", false)] {
            match dump_target(native).compile(src) {
                Ok(words) => {
                    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                    let spv = dir.join(format!("{stem}.{variant}.spv"));
                    std::fs::write(&spv, bytes).map_err(|e| format!("{}: {e}", spv.display()))?;
                }
                Err(e) => {
                    failed += 1;
                    println!(
                        "FAIL {name} ({variant}): {}",
                        e.lines().next().unwrap_or("")
                    );
                }
            }
        }
    }
    Ok((sources.len(), failed))
}

/// The native training types of `gpu` (`tessera::device::vulkan::cooperative_vector_training`
/// of its facts; the outer product also needs a training bound, the
/// reduce-sum none). The native build exists only with configurations,
/// which need the memory model; f16 accumulation needs an f16
/// configuration (shaderFloat16).
pub fn training_types(gpu: &Gpu) -> Vec<ComponentType> {
    let info = &gpu.info;
    let configs = &info.cooperative_vector_configs;
    let facts = tessera::device::vulkan::VulkanDeviceFacts {
        cooperative_vector: gpu.cooperative_vector,
        vulkan_memory_model: !configs.is_empty(),
        cooperative_vector_training: gpu.cooperative_vector_training,
        cooperative_vector_training_float16_accumulation: info
            .cooperative_vector_training_float16_accumulation,
        cooperative_vector_training_float32_accumulation: info
            .cooperative_vector_training_float32_accumulation,
        ..Default::default()
    };
    let f16 = configs.iter().any(|c| c.input == ComponentType::F16);
    tessera::device::vulkan::cooperative_vector_training(&facts, f16)
}

/// The probe's bounds, errors and size tables on standard error.
fn log_probe(p: &crate::vk::coopvec_convert::Probe) {
    use crate::vk::coopvec_convert::{kind_name, PROBE_DIMS, PROBE_KINDS};
    let bounds: Vec<String> = p.bounds.iter().map(|b| b.to_string()).collect();
    eprintln!(
        "  optimal-layout probe: {} sizes, bounds {bounds:?}",
        p.sizes.len()
    );
    for e in &p.errors {
        eprintln!("    error: {e}");
    }
    for (t, layout) in PROBE_KINDS {
        eprintln!(
            "    {} bytes (rows {PROBE_DIMS:?} down, columns across):",
            kind_name(t, layout)
        );
        for (m, row) in PROBE_DIMS.iter().zip(p.table(t, layout)) {
            let cells: Vec<String> = row
                .iter()
                .map(|c| c.map_or("-".into(), |b| b.to_string()))
                .collect();
            eprintln!("      {m:>3}: {}", cells.join(" "));
        }
    }
}

/// Passes and runs per case group (the case name's first part, with the
/// second for `train/`, `optimal/` and `int8/`), configuration and build,
/// with the runs whose module holds native cooperative-vector instructions
/// (types, products or training operations).
fn group_summary(results: &[CaseResult]) -> Value {
    let mut groups: std::collections::BTreeMap<String, (usize, usize, usize)> = Default::default();
    for r in results {
        let mut parts = r.case.split('/');
        let first = parts.next().unwrap_or("");
        let group = match first {
            "train" | "optimal" | "int8" => format!("{first}/{}", parts.next().unwrap_or("")),
            _ => first.to_string(),
        };
        let e = groups
            .entry(format!("{group} {} {}", r.config, r.variant))
            .or_default();
        e.0 += usize::from(r.ok);
        e.1 += 1;
        let (types, products) = r.native_instructions;
        e.2 += usize::from(types + products + r.native_training > 0);
    }
    groups
        .into_iter()
        .map(|(k, (pass, total, native))| {
            json!({"group": k, "passed": pass, "total": total, "native_runs": native})
        })
        .collect()
}

/// Passes and runs of the training cases per configuration and build.
fn training_summary(results: &[CaseResult]) -> Value {
    let mut groups: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for r in results.iter().filter(|r| r.case.starts_with("train/")) {
        let op = r.case.split('/').nth(1).unwrap_or("");
        let e = groups
            .entry(format!("{op} {} {}", r.config, r.variant))
            .or_default();
        e.0 += usize::from(r.ok);
        e.1 += 1;
    }
    groups
        .into_iter()
        .map(|(k, (pass, total))| json!({"group": k, "passed": pass, "total": total}))
        .collect()
}

/// Keeps the kernel of a failed case in `OUT/failed_kernels/`.
fn keep_failed(out: &std::path::Path, full: &str, wgsl: &str, r: &CaseResult) {
    if r.ok {
        return;
    }
    let dir = out.join("failed_kernels");
    let _ = std::fs::create_dir_all(&dir);
    let stem = full.replace([':', '/'], "_");
    let _ = std::fs::write(dir.join(format!("{stem}.wgsl")), wgsl);
}

/// `tessera-gpu --coopvec ARGS`.
pub fn main(args: impl IntoIterator<Item = String>) -> ExitCode {
    let args = match parse_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &args.dump {
        return match dump(dir) {
            Ok((n, failed)) => {
                println!(
                    "wrote {n} kernels with native and loop SPIR-V 1.6 to {}; {failed} builds failed",
                    dir.display()
                );
                ExitCode::from(u8::from(failed > 0))
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        };
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("cannot create {}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    let gpu = match Gpu::open_with(OpenOptions::vectors()) {
        Ok(g) => g,
        Err(InitError::NoDevice(why)) | Err(InitError::Vk(why)) => {
            eprintln!("no usable Vulkan device ({why})");
            return ExitCode::from(EXIT_NO_DEVICE);
        }
    };
    let info = &gpu.info;
    let configs = &info.cooperative_vector_configs;
    eprintln!(
        "device: {} ({}); VK_NV_cooperative_vector {}",
        info.name,
        info.driver,
        if gpu.cooperative_vector {
            "enabled".to_string()
        } else {
            format!("not enabled: {}", gpu.cooperative_vector_note)
        }
    );
    for (i, row) in info.cooperative_vector_rows.iter().enumerate() {
        eprintln!("  property [{i}] {row}");
    }
    let config_names: Vec<String> = configs.iter().map(|c| c.to_string()).collect();
    eprintln!("  cooperativeVectorConfigs: {config_names:?}");
    // Why there is no native build (VK_SHADER_STAGE_COMPUTE_BIT: the
    // products must be allowed in compute shaders).
    let no_native = if !gpu.cooperative_vector {
        Some(gpu.cooperative_vector_note.clone())
    } else if configs.is_empty() {
        Some("the device lists no f16/f32 cooperative-vector configuration".to_string())
    } else if info.cooperative_vector_stages & 0x20 == 0 {
        Some("cooperativeVectorSupportedStages lacks COMPUTE".to_string())
    } else {
        None
    };
    if let Some(why) = &no_native {
        eprintln!("  no native build: {why}");
    }
    let native_on = no_native.is_none();
    // The conversions (training layouts) and the optimal-layout probe.
    let converter = gpu.converter();
    let probe = converter
        .as_ref()
        .ok()
        .map(crate::vk::coopvec_convert::probe);
    let measured: Vec<OptimalLayoutBound> =
        probe.as_ref().map(|p| p.bounds.clone()).unwrap_or_default();
    let bounds = crate::vk::coopvec_convert::with_overrides(&measured, &args.layout_bounds);
    let training_types = training_types(&gpu);
    if let Some(p) = &probe {
        log_probe(p);
    }
    for b in &args.layout_bounds {
        eprintln!("  --layout-bound {b} replaces the measured bound of its layout and type");
    }
    eprintln!(
        "  cooperativeVectorTraining={} Float16Accumulation={} Float32Accumulation={}; native training types {:?}",
        gpu.cooperative_vector_training,
        info.cooperative_vector_training_float16_accumulation,
        info.cooperative_vector_training_float32_accumulation,
        training_types
    );
    let native = Target {
        cooperative_vector_training: training_types.clone(),
        cooperative_vector_optimal_layouts: bounds.clone(),
        ..target(info, configs)
    };
    let looped = target(info, &[]);
    let mut builds: Vec<(&str, &Target)> = Vec::new();
    if native_on {
        builds.push(("native", &native));
    }
    builds.push(("loop", &looped));
    let wanted = |name: &str| {
        args.filter
            .as_ref()
            .is_none_or(|f| name.contains(f.as_str()))
    };

    let mut conformance = Vec::new();
    if args.conformance {
        for case in all_cases() {
            let full = format!("{}/{}", case.config, case.name);
            if !wanted(&full) {
                continue;
            }
            for &(variant, t) in &builds {
                let r = run_case(&gpu, t, &case, variant);
                eprintln!(
                    "{} {full} {variant} (max_err {:.3e}){}",
                    if r.ok { "pass" } else { "FAIL" },
                    r.max_err,
                    if r.ok {
                        String::new()
                    } else {
                        format!(" [{}] {}", r.stage, r.detail.lines().next().unwrap_or(""))
                    }
                );
                keep_failed(&args.out, &full, &case.wgsl, &r);
                conformance.push(r);
            }
        }
        let conv = converter.as_ref().ok();
        for case in raw_cases() {
            let full = format!("{}/{}", case.config, case.name);
            if !wanted(&full) {
                continue;
            }
            for &(variant, t) in &builds {
                let r = raw::run_case(&gpu, t, &case, variant, conv);
                eprintln!(
                    "{} {full} {variant} (native products {}, max_err {:.3e}){}",
                    if r.ok { "pass" } else { "FAIL" },
                    r.native_instructions.1,
                    r.max_err,
                    if r.ok {
                        String::new()
                    } else {
                        format!(" [{}] {}", r.stage, r.detail.replace('\n', "; "))
                    }
                );
                keep_failed(&args.out, &full, &case.wgsl, &r);
                conformance.push(r);
            }
        }
        for case in training::cases() {
            let full = format!("{}/{}", case.config, case.name);
            if !wanted(&full) {
                continue;
            }
            for &(variant, t) in &builds {
                if variant == "native" && case.loop_only() {
                    continue;
                }
                let r = training::run_case(&gpu, t, &case, variant, conv);
                eprintln!(
                    "{} {full} {variant} (native training instructions {}){}",
                    if r.ok { "pass" } else { "FAIL" },
                    r.native_training,
                    if r.ok {
                        String::new()
                    } else {
                        format!(" [{}] {}", r.stage, r.detail.replace('\n', "; "))
                    }
                );
                keep_failed(&args.out, &full, &case.wgsl, &r);
                conformance.push(r);
            }
        }
    }
    let mut benchmarks = Vec::new();
    if args.mlp && wanted("mlp") {
        eprintln!("MLP benchmark, {} invocations ...", args.mlp_n);
        let tint = args.tint.as_deref();
        let native = match &no_native {
            None => Ok(&native),
            Some(why) => Err(why.clone()),
        };
        let b = bench::run(&gpu, (native, &looped), &args, tint);
        eprintln!("{}", b.summary());
        benchmarks.push(b);
    }
    let passed = conformance.iter().filter(|r| r.ok).count();
    let results = json!({
        "date": crate::report::utc_now(),
        "device": info.name,
        "driver": info.driver,
        "vulkan_api": info.api_version,
        "spirv_version": "1.6",
        "cooperative_vector_enabled": gpu.cooperative_vector,
        "cooperative_vector_note": gpu.cooperative_vector_note,
        "no_native_build": no_native,
        "cooperative_vector_properties": info.cooperative_vector_rows,
        "cooperative_vector_configs": config_names,
        "cooperative_vector_supported_stages": info.cooperative_vector_stages,
        "max_cooperative_vector_components": info.max_cooperative_vector_components,
        "cooperative_vector_training_feature": gpu.cooperative_vector_training,
        "cooperative_vector_training_float16_accumulation": info.cooperative_vector_training_float16_accumulation,
        "cooperative_vector_training_float32_accumulation": info.cooperative_vector_training_float32_accumulation,
        "cooperative_vector_training_types": training_types.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
        "converter_error": converter.as_ref().err(),
        "optimal_layout_probe": probe.as_ref().map(crate::vk::coopvec_convert::Probe::to_json),
        "layout_bounds_measured": measured.iter().map(|b| b.to_string()).collect::<Vec<_>>(),
        "layout_bound_overrides": args.layout_bounds.iter().map(|b| b.to_string()).collect::<Vec<_>>(),
        "layout_bounds_used": bounds.iter().map(|b| b.to_string()).collect::<Vec<_>>(),
        "training_summary": training_summary(&conformance),
        "group_summary": group_summary(&conformance),
        "variants": builds.iter().map(|(v, _)| *v).collect::<Vec<_>>(),
        "conformance_passed": passed,
        "conformance_total": conformance.len(),
        "conformance": conformance.iter().map(CaseResult::to_json).collect::<Vec<_>>(),
        "coopvec": benchmarks.iter().map(bench::MlpResult::to_json).collect::<Vec<_>>(),
    });
    let text = serde_json::to_string_pretty(&results).unwrap_or_default();
    if let Err(e) = std::fs::write(args.out.join("coopvec.json"), text) {
        eprintln!("cannot write coopvec.json: {e}");
        return ExitCode::from(2);
    }
    println!(
        "cooperative vectors on {}: {passed} of {} conformance runs pass ({}); results in {}",
        info.name,
        conformance.len(),
        builds
            .iter()
            .map(|(v, _)| *v)
            .collect::<Vec<_>>()
            .join(" + "),
        args.out.join("coopvec.json").display()
    );
    for b in &benchmarks {
        println!("{}", b.summary());
    }
    let ok = passed == conformance.len() && benchmarks.iter().all(|b| b.errors.is_empty());
    ExitCode::from(u8::from(!ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(a: &[&str]) -> Result<Args, String> {
        parse_args(a.iter().map(|s| s.to_string()))
    }

    #[test]
    fn arguments() {
        let a = parse(&[]).expect("defaults");
        assert_eq!(
            (a.mlp_n, a.iters, a.conformance, a.mlp),
            (1 << 22, 20, true, true)
        );
        let a = parse(&[
            "--out",
            "o",
            "--mlp-n",
            "65536",
            "--skip-conformance",
            "--tint",
            "t",
        ])
        .expect("options");
        assert_eq!(a.out, PathBuf::from("o"));
        assert_eq!((a.mlp_n, a.conformance), (65536, false));
        assert_eq!(a.tint, Some(PathBuf::from("t")));
        assert!(parse(&["--mlp-n", "100"]).is_err());
        let a = parse(&[
            "--layout-bound",
            "training:f16:8x256",
            "--layout-bound",
            "inference:i8:16x64",
            "--layout-bound",
            "training:f16:8x8x2",
        ])
        .expect("bounds");
        let names: Vec<String> = a.layout_bounds.iter().map(|b| b.to_string()).collect();
        assert_eq!(names, ["inference:i8:16x64", "training:f16:8x8x2"]);
        assert!(parse(&["--layout-bound", "8,256"]).is_err());
        assert!(parse(&["--layout-bound", "training:f16:0x8"]).is_err());
        assert!(parse(&["--layout-bound"]).is_err());
        assert!(parse(&[]).expect("defaults").layout_bounds.is_empty());
        assert!(parse(&["--iters", "1"]).is_err());
        assert!(parse(&["--bogus"]).unwrap_err().contains(USAGE));
    }

    #[test]
    fn counts_native_instructions() {
        // Header, OpTypeCooperativeVectorNV (4 words), MulAdd (header only).
        let words = [
            0x0723_0203,
            0x0001_0600,
            0,
            9,
            0,
            (4 << 16) | 5288,
            1,
            2,
            3,
            (1 << 16) | 5292,
        ];
        assert_eq!(native_instructions(&words), (1, 1));
        assert_eq!(native_instructions(&words[..5]), (0, 0));
    }
}

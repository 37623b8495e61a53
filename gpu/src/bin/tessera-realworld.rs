//! `tessera-realworld`: llama.cpp's WebGPU kernels through tessera and
//! through Tint, checked and timed on a Vulkan device (see
//! `tessera_gpu::realworld` and `gpu/README.md`).
//!
//! ```text
//! tessera-realworld prepare [--llama DIR] [--tint PATH] --out DIR [--filter TEXT]
//! tessera-realworld run --spv DIR --out DIR [--filter TEXT] [--rounds N] [--iters N] [--creations N]
//! ```
//!
//! `prepare` (no GPU) writes, per case, `STEM.wgsl` and one `STEM.C.spv`
//! per compiler `C` (`tessera`, `tessera-hw`, `tint`, `tint-r2`), each
//! checked with `spirv-val` when it is on the PATH. `run` creates the
//! pipelines from those files (`--creations` times each, default 5, the
//! builds in alternating order; the median is reported), runs each once
//! and checks its output against the f64 CPU reference, then times them
//! in alternating order and writes `realworld.json`.
//!
//! Exit codes: 0 success, 1 a compile, validation or check failed, 2 bad
//! arguments or files, 3 no Vulkan device.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use serde_json::json;
use tessera_gpu::compile::Target;
use tessera_gpu::data::Rng;
use tessera_gpu::realworld::{self, Case, Compiler, Init};
use tessera_gpu::vk::{median, Binding, Gpu};

struct Args {
    command: String,
    llama: PathBuf,
    tint: PathBuf,
    spv: PathBuf,
    out: Option<PathBuf>,
    filter: Option<String>,
    rounds: usize,
    iters: usize,
    /// Pipeline creations per build (the first included), in alternating
    /// order across the builds.
    creations: usize,
}

fn parse() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let command = it.next().ok_or("missing command: prepare or run")?;
    let mut a = Args {
        command,
        llama: PathBuf::from("../shared/realworld/llama.cpp"),
        tint: PathBuf::from("../shared/tools/tint/tint"),
        spv: PathBuf::from("."),
        out: None,
        filter: None,
        rounds: 5,
        iters: 10,
        creations: 5,
    };
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--llama" => a.llama = value.into(),
            "--tint" => a.tint = value.into(),
            "--spv" => a.spv = value.into(),
            "--out" => a.out = Some(value.into()),
            "--filter" => a.filter = Some(value),
            "--rounds" => a.rounds = value.parse().map_err(|e| format!("--rounds: {e}"))?,
            "--iters" => a.iters = value.parse().map_err(|e| format!("--iters: {e}"))?,
            "--creations" => {
                a.creations = value
                    .parse::<usize>()
                    .map_err(|e| format!("--creations: {e}"))?
                    .max(1)
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if a.out.is_none() {
        return Err("--out DIR is required".into());
    }
    Ok(a)
}

fn selected(args: &Args) -> Vec<Case> {
    realworld::cases()
        .into_iter()
        .filter(|c| {
            args.filter
                .as_ref()
                .is_none_or(|f| c.file_stem().contains(f.as_str()))
        })
        .collect()
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("tessera-realworld: {e}");
            eprintln!("usage: tessera-realworld prepare [--llama DIR] [--tint PATH] --out DIR [--filter TEXT]");
            eprintln!("       tessera-realworld run --spv DIR --out DIR [--filter TEXT] [--rounds N] [--iters N] [--creations N]");
            return ExitCode::from(2);
        }
    };
    let out = args.out.clone().unwrap_or_default();
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("tessera-realworld: {}: {e}", out.display());
        return ExitCode::from(2);
    }
    match args.command.as_str() {
        "prepare" => prepare(&args, &out),
        "run" => run(&args, &out),
        other => {
            eprintln!("tessera-realworld: unknown command '{other}' (prepare or run)");
            ExitCode::from(2)
        }
    }
}

/// tessera's target: the H100/H200 facts the suite compiles for.
fn tessera_target(device_robust: bool) -> Target {
    Target {
        buffers_robust_by_device: device_robust,
        ..Target::h100()
    }
}

/// SPIRV-Tools' validator on the module in `path`.
fn spirv_val(path: &Path, env: spirv_tools::TargetEnv) -> Result<(), String> {
    use spirv_tools::val::Validator;
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let words = tessera_gpu::matmul::spv_words(&bytes).ok_or("not a SPIR-V module")?;
    spirv_tools::val::create(Some(env))
        .validate(&words, None)
        .map_err(|e| format!("spirv-val: {e}"))
}

fn prepare(args: &Args, out: &Path) -> ExitCode {
    let dir = args.llama.join("wgsl-shaders");
    let mut failed = 0;
    for case in selected(args) {
        let stem = case.file_stem();
        let wgsl = match case.source(&dir) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("FAIL {stem}: preprocessing: {e}");
                failed += 1;
                continue;
            }
        };
        let wgsl_path = out.join(format!("{stem}.wgsl"));
        if let Err(e) = std::fs::write(&wgsl_path, &wgsl) {
            eprintln!("tessera-realworld: {}: {e}", wgsl_path.display());
            return ExitCode::from(2);
        }
        let mut line = format!("{stem}:");
        for compiler in Compiler::ALL {
            let spv = out.join(format!("{stem}.{}.spv", compiler.suffix()));
            let started = Instant::now();
            let result = match compiler {
                Compiler::Tessera | Compiler::TesseraDeviceRobust => {
                    let mut options = tessera_target(compiler.device_robust()).options();
                    for &(name, value) in &case.overrides {
                        options.pipeline.overrides.insert(name.to_string(), value);
                    }
                    tessera::compile_to_spirv(&wgsl, &options)
                        .map(|o| o.words)
                        .map_err(|e| e.to_string())
                        .and_then(|words| {
                            let bytes: Vec<u8> =
                                words.iter().flat_map(|w| w.to_le_bytes()).collect();
                            std::fs::write(&spv, bytes).map_err(|e| e.to_string())
                        })
                }
                Compiler::Tint | Compiler::TintDeviceRobust => {
                    let mut cmd = Command::new(&args.tint);
                    cmd.arg(&wgsl_path).arg("-o").arg(&spv).arg("-q");
                    for (name, value) in &case.overrides {
                        cmd.arg("--override").arg(format!("{name}={value}"));
                    }
                    if compiler.device_robust() {
                        cmd.args(["--robustness2", "--spirv-version", "1.4"]);
                    }
                    match cmd.output() {
                        Ok(o) if o.status.success() => Ok(()),
                        Ok(o) => Err(String::from_utf8_lossy(&o.stderr).trim().to_string()),
                        Err(e) => Err(format!("{}: {e}", args.tint.display())),
                    }
                }
            };
            let ms = started.elapsed().as_secs_f64() * 1e3;
            let env = if compiler == Compiler::TintDeviceRobust {
                spirv_tools::TargetEnv::Vulkan_1_1_Spirv_1_4
            } else {
                spirv_tools::TargetEnv::Vulkan_1_1
            };
            match result.and_then(|()| spirv_val(&spv, env)) {
                Ok(()) => line.push_str(&format!(" {} ok ({ms:.0} ms)", compiler.suffix())),
                Err(e) => {
                    failed += 1;
                    line.push_str(&format!(" {} FAILED", compiler.suffix()));
                    eprintln!("FAIL {stem} {}: {e}", compiler.suffix());
                }
            }
        }
        println!("{line}");
    }
    if failed > 0 {
        eprintln!("{failed} failure(s)");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// One compiler's pipeline and results for a case.
struct Variant {
    compiler: Compiler,
    kernel: tessera_gpu::vk::Kernel,
    max_rel_err: Option<f64>,
    error: Option<String>,
    medians: Vec<f64>,
    /// Every creation's time, ms (the kept kernel's first).
    creations: Vec<f64>,
    /// The SPIR-V, for the further creations.
    words: Vec<u32>,
}

fn run(args: &Args, out: &Path) -> ExitCode {
    use tessera::back::spv::CooperativeMatrixExtension;
    let gpu = match Gpu::new(CooperativeMatrixExtension::Khr) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("tessera-realworld: {e}");
            return ExitCode::from(3);
        }
    };
    println!("device: {} ({})", gpu.info.name, gpu.info.driver);
    let mut entries = Vec::new();
    let mut failed = 0;
    for (index, case) in selected(args).iter().enumerate() {
        match run_case(&gpu, args, index, case, &mut failed) {
            Ok(entry) => entries.push(entry),
            Err(e) => {
                eprintln!("FAIL {}: {e}", case.file_stem());
                return ExitCode::from(1);
            }
        }
        // Written after every case, so a run cut short keeps what it measured.
        let report = json!({
            "device": gpu.info.name,
            "driver": gpu.info.driver,
            "rounds": args.rounds,
            "iters": args.iters,
            "realworld": entries,
        });
        let path = out.join("realworld.json");
        if let Err(e) = std::fs::write(
            &path,
            serde_json::to_string_pretty(&report).unwrap_or_default(),
        ) {
            eprintln!("tessera-realworld: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    if failed > 0 {
        eprintln!("{failed} failure(s)");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// One case: its buffers and the four pipelines, each build's output
/// checked, then the builds timed; prints the case's line and returns its
/// `realworld.json` entry. Checks that fail count in `failed`; an `Err`
/// is a device failure that ends the run.
fn run_case(
    gpu: &Gpu,
    args: &Args,
    index: usize,
    case: &Case,
    failed: &mut usize,
) -> Result<serde_json::Value, String> {
    let stem = case.file_stem();
    let started = Instant::now();
    let host = (case.build)(case, &mut Rng::new(1 + index as u64));
    let buffers = host
        .iter()
        .map(|b| gpu.buffer(b.bytes as u64, false))
        .collect::<Result<Vec<_>, _>>()?;
    let bindings: Vec<Binding> = buffers
        .iter()
        .zip(&host)
        .map(|(buf, b)| {
            if b.uniform {
                Binding::uniform(buf)
            } else {
                Binding::storage(buf)
            }
        })
        .collect();
    let mut variants: Vec<Variant> = Vec::new();
    for compiler in Compiler::ALL {
        let path = args.spv.join(format!("{stem}.{}.spv", compiler.suffix()));
        let words = match std::fs::read(&path)
            .ok()
            .and_then(|b| tessera_gpu::matmul::spv_words(&b))
        {
            Some(w) => w,
            None => {
                eprintln!("FAIL {stem}: cannot read SPIR-V {}", path.display());
                *failed += 1;
                continue;
            }
        };
        match gpu.kernel_robust(&words, &bindings, &[], compiler.device_robust()) {
            Ok(kernel) => variants.push(Variant {
                compiler,
                creations: vec![kernel.pipeline_ms],
                kernel,
                max_rel_err: None,
                error: None,
                medians: Vec::new(),
                words,
            }),
            Err(e) => {
                eprintln!("FAIL {stem} {}: pipeline: {e}", compiler.suffix());
                *failed += 1;
            }
        }
    }
    // Pipeline creation: `creations - 1` more per build, the builds in
    // alternating order (reversed every other round), each pipeline
    // destroyed at once; the median of all is reported. (Run with the
    // driver's disk cache off: `__GL_SHADER_DISK_CACHE=0`.)
    for round in 1..args.creations {
        let order = alternating(round, variants.len());
        for i in order {
            let v = &mut variants[i];
            // The driver keeps the pipelines it has built in memory (the
            // disk cache off or not): a repeated module would be a cache
            // hit. Each repetition is made a new module by a debug
            // instruction that changes no code.
            let words = with_module_processed(&v.words, round);
            let k = gpu.kernel_robust(&words, &bindings, &[], v.compiler.device_robust())?;
            v.creations.push(k.pipeline_ms);
            gpu.destroy_kernel(&k);
        }
    }
    for v in &mut variants {
        v.kernel.pipeline_ms = median(&v.creations);
    }
    // Correctness: every variant from fresh inputs and poisoned outputs.
    for v in &mut variants {
        let r = (|| -> Result<f64, String> {
            for (buf, b) in buffers.iter().zip(&host) {
                match &b.init {
                    Init::Bytes(data) => gpu.upload(buf, data)?,
                    Init::Poison => gpu.upload(buf, &tessera_gpu::data::poison(b.bytes))?,
                }
            }
            gpu.dispatch(&v.kernel, case.groups)?;
            let after = buffers
                .iter()
                .map(|b| gpu.download(b))
                .collect::<Result<Vec<_>, _>>()?;
            (case.check)(case, &host, &after)
        })();
        match r {
            Ok(e) => v.max_rel_err = Some(e),
            Err(e) => {
                *failed += 1;
                eprintln!("FAIL {stem} {}: {e}", v.compiler.suffix());
                v.error = Some(e);
            }
        }
    }
    // Timing: rounds in alternating order, the median of each round's
    // dispatches, then the median over rounds. A kernel shorter than
    // 2 ms is timed in batches of dependent dispatches lasting about
    // 2 ms (at most 256), as an inference graph submits them; the
    // estimate is the shortest of five warm single dispatches of the
    // first variant.
    let single_ns = variants.first().map_or(0.0, |v| {
        (0..5)
            .filter_map(|_| gpu.dispatch(&v.kernel, case.groups).ok())
            .fold(f64::INFINITY, f64::min)
    });
    let batch = if single_ns > 0.0 && single_ns.is_finite() {
        ((2e6 / single_ns).ceil() as usize).clamp(1, 256)
    } else {
        1
    };
    for round in 0..args.rounds {
        let order = alternating(round, variants.len());
        for i in order {
            let v = &mut variants[i];
            // Half a second of warm-up before a case's first timing
            // (clocks ramp up), a twentieth of one before the others.
            let warm_ns = if round == 0 { 0.5e9 } else { 0.05e9 };
            match gpu.time_batched(&v.kernel, case.groups, batch, 3, warm_ns, args.iters) {
                Ok(times) => v.medians.push(median(&times)),
                Err(e) => v.error = Some(e),
            }
        }
    }
    let ms = |c: Compiler| {
        variants
            .iter()
            .find(|v| v.compiler == c)
            .map(|v| median(&v.medians) / 1e6)
            .filter(|t| t.is_finite())
    };
    let pipeline = |c: Compiler| {
        variants
            .iter()
            .find(|v| v.compiler == c)
            .map(|v| v.kernel.pipeline_ms)
    };
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if a > 0.0 => Some(b / a),
        _ => None,
    };
    let t = ms(Compiler::Tessera);
    let best_tint = match (ms(Compiler::Tint), ms(Compiler::TintDeviceRobust)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    println!(
        "{stem}: tessera {} | tessera-hw {} | tint {} | tint-r2 {} ms; speed vs best Tint {} (batch {batch}, {:.1} s)",
        fmt(t),
        fmt(ms(Compiler::TesseraDeviceRobust)),
        fmt(ms(Compiler::Tint)),
        fmt(ms(Compiler::TintDeviceRobust)),
        ratio(t, best_tint).map_or("-".into(), |r| format!("{r:.3}x")),
        started.elapsed().as_secs_f64(),
    );
    let max_rel_err = variants
        .iter()
        .filter_map(|v| v.max_rel_err)
        .fold(None, |m: Option<f64>, e| Some(m.map_or(e, |m| m.max(e))));
    let entry = json!({
        "kernel": case.kernel,
        "shape": case.shape,
        "groups": case.groups,
        "batch": batch,
        "tessera_ms": t,
        "tessera_hw_ms": ms(Compiler::TesseraDeviceRobust),
        "tint_ms": ms(Compiler::Tint),
        "tint_r2_ms": ms(Compiler::TintDeviceRobust),
        "native_ms": null,
        "tessera_pipeline_ms": pipeline(Compiler::Tessera),
        "tessera_hw_pipeline_ms": pipeline(Compiler::TesseraDeviceRobust),
        "tint_pipeline_ms": pipeline(Compiler::Tint),
        "tint_r2_pipeline_ms": pipeline(Compiler::TintDeviceRobust),
        "speed_vs_tint": ratio(t, ms(Compiler::Tint)),
        "speed_vs_best_tint": ratio(t, best_tint),
        "tflops": t.filter(|_| case.flops > 0.0).map(|t| case.flops / (t * 1e-3) / 1e12),
        "gbytes_per_s": t.map(|t| case.bytes_moved / (t * 1e-3) / 1e9),
        "max_rel_err": max_rel_err,
        "variants": variants.iter().map(|v| json!({
            "compiler": v.compiler.suffix(),
            "max_rel_err": v.max_rel_err,
            "error": v.error,
            "round_medians_ms": v.medians.iter().map(|t| t / 1e6).collect::<Vec<_>>(),
            "pipeline_ms": v.kernel.pipeline_ms,
            "pipeline_creations_ms": v.creations,
            "stats": v.kernel.stats.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    for v in &variants {
        gpu.destroy_kernel(&v.kernel);
    }
    for b in &buffers {
        gpu.free(b);
    }
    Ok(entry)
}

/// The indices `0..n` in order on even rounds, reversed on odd ones.
fn alternating(round: usize, n: usize) -> Vec<usize> {
    if round % 2 == 0 {
        (0..n).collect()
    } else {
        (0..n).rev().collect()
    }
}

/// `words` with `OpModuleProcessed "tessera-realworld creation N"` added
/// to its debug instructions (before the first annotation or type): a
/// different module for the driver's pipeline cache, the same code.
fn with_module_processed(words: &[u32], n: usize) -> Vec<u32> {
    const OP_MODULE_PROCESSED: u32 = 330;
    let mut text = format!("tessera-realworld creation {n}").into_bytes();
    text.push(0);
    while text.len() % 4 != 0 {
        text.push(0);
    }
    let mut inst: Vec<u32> = vec![0];
    inst.extend(
        text.chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
    );
    inst[0] = ((inst.len() as u32) << 16) | OP_MODULE_PROCESSED;
    // The first annotation (OpDecorate..OpGroupMemberDecorate, OpDecorateId,
    // OpDecorateString, OpMemberDecorateString) or type/constant ends the
    // debug section.
    let ends_debug = |op: u32| matches!(op, 19..=52 | 71..=75 | 332 | 5632 | 5633);
    let mut at = 5;
    while at < words.len() {
        let (count, op) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        if ends_debug(op) || count == 0 {
            break;
        }
        at += count;
    }
    let at = at.min(words.len());
    let mut out = Vec::with_capacity(words.len() + inst.len());
    out.extend_from_slice(&words[..at]);
    out.extend_from_slice(&inst);
    out.extend_from_slice(&words[at..]);
    out
}

fn fmt(v: Option<f64>) -> String {
    v.map_or("-".into(), |v| format!("{v:.4}"))
}

#[cfg(test)]
mod tests {
    use super::with_module_processed;

    /// The repeated creation's module is valid SPIR-V and differs from the
    /// original only by the debug instruction.
    #[test]
    fn module_processed_keeps_the_module_valid() {
        let src = "@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n\
                   @compute @workgroup_size(1) fn main() { b[0] = 1u; }";
        let words = tessera::compile_to_spirv(src, &Default::default())
            .expect("compiles")
            .words;
        let changed = with_module_processed(&words, 3);
        assert_eq!(
            changed.len(),
            words.len() + 1 + "tessera-realworld creation 3\0".len().div_ceil(4)
        );
        assert_ne!(changed, words);
        use spirv_tools::val::Validator;
        spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1))
            .validate(&changed, None)
            .expect("valid SPIR-V");
        let dis = String::from_utf8_lossy(
            &changed
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect::<Vec<u8>>(),
        )
        .into_owned();
        assert!(dis.contains("tessera-realworld creation 3"));
    }
}

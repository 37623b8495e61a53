//! Conformance against Tint's test suite. Compiles every input that Tint
//! turns into SPIR-V (`manifest.tsv`, column `spvasm` = `OK`) and validates
//! the SPIR-V with SPIRV-Tools (SPIR-V 1.3 for Vulkan 1.1). By default only
//! the compute-only inputs (no `@vertex`/`@fragment`, no textures or
//! samplers); `--all` takes the whole suite and prints a table per
//! top-level folder. Inputs of Chromium-only experiments (see
//! [`experiment`]) are counted apart. Inputs whose overrides have no
//! default (Tint's tests give values with `--overrides`) and fail only for
//! that are compiled again with the overrides as specialization constants.
//!
//! Usage: `cargo run --release --example tint_conformance -- CORPUS
//! EXPECTED [--all] [--naga] [--msl-out DIR [--msl-sample N]]
//! [--write-failures FILE]`
//! - CORPUS: `../shared/corpus/tint`; EXPECTED: a file of `path<TAB>reason`
//!   lines (`#` comments) listing the inputs known to fail to give valid
//!   SPIR-V, and `msl:path<TAB>reason` lines for those whose MSL is known
//!   to fail to compile.
//! - `--naga`: also compiles each input with naga 30 (WGSL in, validation
//!   with every capability, SPIR-V out) and validates its SPIR-V the same
//!   way, in the same run: the per-folder table gains naga's column.
//! - `--msl-out DIR`: writes tessera's MSL for the inputs whose `msl`
//!   column is `OK` under DIR (one `.metal` per input), every Nth of them
//!   with `--msl-sample N` (a fixed, deterministic sample), for the shim
//!   check (`scripts/tint-suite.sh` runs it); an MSL compile error not
//!   listed fails the run. Inputs whose `msl` column is OK but whose
//!   `spvasm` column is not are compiled to MSL only.
//! - `--write-failures FILE`: writes the failing inputs as an EXPECTED
//!   list (path, tab, first line of the error).
//!
//! Exits 1 when an input fails that is not listed, a listed one passes (so
//! the list stays honest), or anything panics; 2 on bad arguments.

mod naga_peer;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use spirv_tools::val::Validator as _;

/// Longest time one input may take before it counts as a failure.
const TIMEOUT: Duration = Duration::from_secs(20);
/// How an EXPECTED line names an input whose MSL is known to fail
/// (`msl:PATH<TAB>reason`).
const MSL_PREFIX: &str = "msl:";

fn compute_only(source: &str) -> bool {
    !["@vertex", "@fragment", "texture", "sampler"]
        .iter()
        .any(|w| source.contains(w))
}

/// Tint's debugging `print` builtin (not WGSL; its inputs are MSL-only),
/// which the issues set aside.
fn experiment(source: &str) -> bool {
    source.contains("  print(")
}

/// Whether every error of a failed compilation is an override without a
/// value (Tint's tests give them with `--overrides`, which this run does
/// not read).
fn only_missing_overrides(e: &tessera::CompileError) -> bool {
    let errors: Vec<&tessera::Diagnostic> = e
        .error()
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    !errors.is_empty()
        && errors.iter().all(|d| {
            d.message
                .contains("has no default value and no value was given")
        })
}

fn pipeline_options() -> tessera::pipeline::PipelineOptions {
    // Tint's tests are not written for WebGPU's default device limits.
    tessera::pipeline::PipelineOptions {
        max_workgroup_storage_size: u32::MAX,
        max_invocations: u32::MAX,
        max_workgroup_size: [u32::MAX; 3],
        ..Default::default()
    }
}

fn first_error(e: &tessera::CompileError) -> String {
    let diags = &e.error().diagnostics;
    let d = diags
        .iter()
        .find(|d| d.is_error())
        .or(diags.first())
        .map(|d| d.message.clone());
    d.unwrap_or_default()
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

/// Compiles and validates one input: `Ok` or the first line of the error.
/// An input that fails only because overrides have no value is compiled
/// again with them as specialization constants.
fn check(source: &str) -> Result<(), String> {
    let mut options = tessera::CompileOptions {
        pipeline: pipeline_options(),
        ..Default::default()
    };
    let compiled = match tessera::compile_to_spirv(source, &options) {
        Err(e) if only_missing_overrides(&e) => {
            options.pipeline.spec_constants = true;
            tessera::compile_to_spirv(source, &options)
        }
        other => other,
    };
    let out = compiled.map_err(|e| format!("compile: {}", first_error(&e)))?;
    validate(
        &out.words,
        out.reflection.needs_uniform_buffer_standard_layout(),
    )
}

/// SPIRV-Tools' validator for Vulkan 1.1 (for a device with
/// `uniformBufferStandardLayout` when `uniform_standard_layout`: a module
/// whose uniform buffers need `uniform_buffer_standard_layout`).
pub(crate) fn validate(words: &[u32], uniform_standard_layout: bool) -> Result<(), String> {
    let v = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
    let options = spirv_tools::val::ValidatorOptions {
        uniform_buffer_standard_layout: uniform_standard_layout,
        ..Default::default()
    };
    v.validate(words, Some(options))
        .map_err(|e| format!("spirv-val: {}", e.to_string().lines().next().unwrap_or("")))
}

/// tessera's MSL for one input, or the first line of its error.
fn msl(source: &str) -> Result<String, String> {
    let options = tessera::MslCompileOptions {
        pipeline: pipeline_options(),
        ..Default::default()
    };
    tessera::compile_to_msl(source, &options)
        .map(|o| o.source)
        .map_err(|e| format!("msl: {}", first_error(&e)))
}

/// Runs `f` and turns a panic into an error naming it.
fn no_panic<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("PANIC: {msg}"))
        }
    }
}

struct Input {
    path: String,
    source: String,
    /// Check its SPIR-V (its `spvasm` column is `OK`).
    spv: bool,
    /// Write MSL for it (its `msl` column is `OK` and it is in the sample).
    msl: bool,
}

#[derive(Default)]
struct Outcome {
    tessera: Option<Result<(), String>>,
    naga: Option<Result<(), String>>,
    msl: Option<Result<String, String>>,
}

struct Args {
    corpus: PathBuf,
    expected: PathBuf,
    all: bool,
    naga: bool,
    msl_out: Option<PathBuf>,
    msl_sample: usize,
    write_failures: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut positional = Vec::new();
    let mut args = Args {
        corpus: PathBuf::new(),
        expected: PathBuf::new(),
        all: false,
        naga: false,
        msl_out: None,
        msl_sample: 1,
        write_failures: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--all" => args.all = true,
            "--naga" => args.naga = true,
            "--msl-out" => args.msl_out = Some(it.next().ok_or("--msl-out needs a DIR")?.into()),
            "--msl-sample" => {
                args.msl_sample = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|n| *n >= 1)
                    .ok_or("--msl-sample needs a count >= 1")?
            }
            "--write-failures" => {
                args.write_failures = Some(it.next().ok_or("--write-failures needs a FILE")?.into())
            }
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            _ => positional.push(a),
        }
    }
    let [corpus, expected] = <[String; 2]>::try_from(positional)
        .map_err(|_| "usage: tint_conformance CORPUS EXPECTED_FAILURES [--all] [--naga] [--msl-out DIR [--msl-sample N]] [--write-failures FILE]".to_string())?;
    args.corpus = corpus.into();
    args.expected = expected.into();
    Ok(args)
}

fn read_expected(path: &PathBuf) -> Result<BTreeMap<String, String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('\t') {
            Some((p, r)) => (p.trim().to_string(), r.trim().to_string()),
            None => (l.trim().to_string(), String::new()),
        })
        .collect())
}

/// The inputs to check and how many experiment inputs were set aside.
fn collect(args: &Args) -> Result<(Vec<Input>, usize), String> {
    let manifest_path = args.corpus.join("manifest.tsv");
    let manifest = std::fs::read_to_string(&manifest_path)
        .map_err(|e| format!("{}: {e}", manifest_path.display()))?;
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .ok_or(format!("manifest.tsv has no {name} column"))
    };
    let (spv_col, msl_col) = (col("spvasm")?, col("msl")?);
    let mut inputs = Vec::new();
    let mut experiments = 0;
    let mut msl_seen = 0usize;
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let spv = cells.get(spv_col) == Some(&"OK");
        let msl_ok = args.msl_out.is_some() && cells.get(msl_col) == Some(&"OK");
        if !spv && !msl_ok {
            continue;
        }
        let path = cells[0].to_string();
        let Ok(source) = std::fs::read_to_string(args.corpus.join(&path)) else {
            continue;
        };
        if !args.all && !compute_only(&source) {
            continue;
        }
        if experiment(&source) {
            experiments += 1;
            continue;
        }
        let mut msl = false;
        if msl_ok {
            msl = msl_seen % args.msl_sample == 0;
            msl_seen += 1;
        }
        if spv || msl {
            inputs.push(Input {
                path,
                source,
                spv,
                msl,
            });
        }
    }
    Ok((inputs, experiments))
}

/// Checks every input on a few threads; each input on its own thread so a
/// slow one cannot hold the run past its timeout.
fn run(inputs: Vec<Input>, naga: bool) -> BTreeMap<String, Outcome> {
    let mut results: BTreeMap<String, Outcome> = BTreeMap::new();
    let (tx, rx) = mpsc::channel::<(String, Outcome)>();
    let mut pending = inputs;
    pending.reverse();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut running = 0;
    let mut started: BTreeMap<String, std::time::Instant> = BTreeMap::new();
    loop {
        while running < workers {
            let Some(input) = pending.pop() else {
                break;
            };
            let tx = tx.clone();
            started.insert(input.path.clone(), std::time::Instant::now());
            std::thread::spawn(move || {
                let source = &input.source;
                let outcome = Outcome {
                    tessera: input.spv.then(|| no_panic(|| check(source))),
                    naga: (naga && input.spv).then(|| no_panic(|| naga_peer::check(source))),
                    msl: input.msl.then(|| no_panic(|| msl(source))),
                };
                let _ = tx.send((input.path, outcome));
            });
            running += 1;
        }
        if running == 0 {
            break;
        }
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok((path, r)) => {
                if started.remove(&path).is_some() {
                    results.insert(path, r);
                    running -= 1;
                }
            }
            Err(_) => {
                // A thread past its time counts as a failure; its slot is
                // given to the next input.
                let late: Vec<String> = started
                    .iter()
                    .filter(|(_, t)| t.elapsed() > TIMEOUT)
                    .map(|(p, _)| p.clone())
                    .collect();
                for p in late {
                    started.remove(&p);
                    let timeout = Err(format!("timeout: over {}s", TIMEOUT.as_secs()));
                    let outcome = Outcome {
                        tessera: Some(timeout.clone()),
                        naga: naga.then(|| timeout.clone()),
                        msl: None,
                    };
                    results.insert(p, outcome);
                    running -= 1;
                }
            }
        }
    }
    results
}

/// Prints the per-folder table: inputs, tessera's valid count, naga's.
fn folder_table(results: &BTreeMap<String, Outcome>, naga: bool) {
    let mut folders: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    for (path, o) in results.iter().filter(|(_, o)| o.tessera.is_some()) {
        let folder = path.split('/').next().unwrap_or(path);
        let row = folders.entry(folder).or_default();
        row[0] += 1;
        row[1] += usize::from(matches!(o.tessera, Some(Ok(()))));
        row[2] += usize::from(matches!(o.naga, Some(Ok(()))));
    }
    let pct = |n: usize, d: usize| 100.0 * n as f64 / d.max(1) as f64;
    println!();
    if naga {
        println!(
            "{:<24} {:>7} {:>16} {:>16}",
            "folder", "inputs", "tessera valid", "naga 30 valid"
        );
    } else {
        println!("{:<24} {:>7} {:>16}", "folder", "inputs", "tessera valid");
    }
    let mut total = [0usize; 3];
    for (folder, row) in folders.iter().chain(std::iter::once((&"TOTAL", &[0; 3]))) {
        let row = if *folder == "TOTAL" { total } else { *row };
        let t = format!("{} ({:.1}%)", row[1], pct(row[1], row[0]));
        if naga {
            let n = format!("{} ({:.1}%)", row[2], pct(row[2], row[0]));
            println!("{folder:<24} {:>7} {t:>16} {n:>16}", row[0]);
        } else {
            println!("{folder:<24} {:>7} {t:>16}", row[0]);
        }
        if *folder != "TOTAL" {
            for i in 0..3 {
                total[i] += row[i];
            }
        }
    }
    println!();
}

fn main() -> std::process::ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::from(2);
        }
    };
    let (expected, (inputs, experiments)) = match (read_expected(&args.expected), collect(&args)) {
        (Ok(e), Ok(i)) => (e, i),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            return std::process::ExitCode::from(2);
        }
    };
    // Quiet the default panic message: panics are reported per input.
    std::panic::set_hook(Box::new(|_| {}));
    let results = run(inputs, args.naga);
    let scope = if args.all { "" } else { "compute-only " };
    let total = results.values().filter(|o| o.tessera.is_some()).count();
    let valid = results
        .values()
        .filter(|o| matches!(o.tessera, Some(Ok(()))))
        .count();
    let mut bad = 0;
    let mut panics = 0;
    for (path, o) in &results {
        let Some(r) = &o.tessera else { continue };
        if matches!(r, Err(e) if e.starts_with("PANIC")) {
            panics += 1;
        }
        match (r, expected.get(path)) {
            (Err(e), None) => {
                bad += 1;
                println!("FAIL (unexpected) {path}: {e}");
            }
            (Ok(()), Some(_)) => {
                bad += 1;
                println!("PASS (listed as failing; remove it from the list) {path}");
            }
            (Err(e), Some(reason)) => println!("expected failure {path}: {e} [{reason}]"),
            (Ok(()), None) => {}
        }
    }
    let stale: Vec<&String> = expected
        .keys()
        // Without --all, render inputs are not run: their entries are not
        // stale.
        .filter(|_| args.all)
        .filter(|p| match p.strip_prefix(MSL_PREFIX) {
            // MSL entries are checked when the MSL is written (the sample
            // may leave them out).
            Some(_) => false,
            None => results.get(*p).is_none_or(|o| o.tessera.is_none()),
        })
        .collect();
    for p in &stale {
        println!("listed but not a {scope}OK input: {p}");
    }
    // MSL: write the files for the shim check; count compile errors.
    let (mut msl_written, mut msl_failed) = (0, 0);
    if let Some(dir) = &args.msl_out {
        for (path, o) in &results {
            match &o.msl {
                Some(Ok(text)) => {
                    let out = dir.join(format!("{path}.metal"));
                    if let Some(parent) = out.parent() {
                        let _ = std::fs::create_dir_all(parent);
                    }
                    if let Err(e) = std::fs::write(&out, text) {
                        eprintln!("{}: {e}", out.display());
                        return std::process::ExitCode::from(2);
                    }
                    msl_written += 1;
                    if expected.contains_key(&format!("{MSL_PREFIX}{path}")) {
                        bad += 1;
                        println!("MSL PASS (listed as failing; remove it from the list) {path}");
                    }
                }
                Some(Err(e)) => {
                    msl_failed += 1;
                    if e.starts_with("PANIC") {
                        panics += 1;
                    }
                    match expected.get(&format!("{MSL_PREFIX}{path}")) {
                        Some(reason) => println!("MSL expected failure {path}: {e} [{reason}]"),
                        None => {
                            bad += 1;
                            println!("MSL FAIL (unexpected) {path}: {e}");
                        }
                    }
                }
                None => {}
            }
        }
    }
    if let Some(file) = &args.write_failures {
        let mut text = String::from(
            "# Inputs of ../shared/corpus/tint that Tint compiles to SPIR-V but tessera\n# does not yet (checked by examples/tint_conformance in CI).\n# path<TAB>reason. An input that starts passing must be removed.\n",
        );
        for (path, o) in &results {
            if let Some(Err(e)) = &o.tessera {
                text.push_str(&format!("{path}\t{e}\n"));
            }
        }
        for (path, o) in &results {
            if let Some(Err(e)) = &o.msl {
                text.push_str(&format!("{MSL_PREFIX}{path}\t{e}\n"));
            }
        }
        if let Err(e) = std::fs::write(file, text) {
            eprintln!("{}: {e}", file.display());
            return std::process::ExitCode::from(2);
        }
    }
    if args.all {
        folder_table(&results, args.naga);
    }
    println!(
        "{valid} of {total} ({:.1}%) {scope}inputs Tint compiles give valid SPIR-V; {} listed failures; {panics} panics; {experiments} Chromium-only experiment inputs not counted",
        100.0 * valid as f64 / total.max(1) as f64,
        expected.len()
    );
    if args.naga {
        let n = results
            .values()
            .filter(|o| matches!(o.naga, Some(Ok(()))))
            .count();
        println!(
            "naga 30: {n} of {total} ({:.1}%) give valid SPIR-V",
            100.0 * n as f64 / total.max(1) as f64
        );
    }
    if args.msl_out.is_some() {
        let n = msl_written + msl_failed;
        println!(
            "MSL: {msl_written} of {n} ({:.1}%) msl-OK inputs (every {}th) compile to MSL, {msl_failed} fail",
            100.0 * msl_written as f64 / n.max(1) as f64,
            args.msl_sample
        );
    }
    if bad > 0 || !stale.is_empty() || panics > 0 {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    }
}

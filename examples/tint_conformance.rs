//! Conformance against Tint's test suite: compiles every compute-only input
//! that Tint turns into SPIR-V (`manifest.tsv`, column `spvasm` = `OK`; no
//! `@vertex`/`@fragment`, no textures or samplers) and validates the SPIR-V
//! with SPIRV-Tools (SPIR-V 1.3 for Vulkan 1.1). Inputs of Chromium-only
//! experiments (the `buffer` type of `buffer_view`, `atomic_vec2u_min_max`)
//! are counted apart. Inputs whose overrides have no default (Tint's tests
//! give values with `--overrides`, which this run does not read) and fail
//! only for that are compiled again with the overrides as specialization
//! constants (`PipelineOptions::spec_constants`).
//!
//! Usage: `cargo run --release --example tint_conformance -- CORPUS
//! EXPECTED` where CORPUS is `../shared/corpus/tint` and EXPECTED a file of
//! `path<TAB>reason` lines (`#` comments) listing the inputs known to fail.
//! Prints `N of M (P%) valid` and every unexpected result; exits 1 when an
//! input fails that is not listed, or a listed one passes (so the list
//! stays honest), 2 on bad arguments.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use spirv_tools::val::Validator as _;

/// Longest time one input may take before it counts as a failure.
const TIMEOUT: Duration = Duration::from_secs(20);

fn compute_only(source: &str) -> bool {
    !["@vertex", "@fragment", "texture", "sampler"]
        .iter()
        .any(|w| source.contains(w))
}

/// Chromium-only experiments the issue sets aside: the `buffer` type of
/// `buffer_view` (`buffer`, `buffer<N>`, `bufferView`, ...) and
/// `atomic_vec2u_min_max`.
fn experiment(source: &str) -> bool {
    source.contains(": buffer")
        || source.contains(" buffer,")
        || source.contains("buffer<")
        || source.contains("bufferView")
        || source.contains("bufferArrayView")
        || source.contains("bufferLength")
        || source.contains("atomic_vec2u_min_max")
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

/// Compiles and validates one input: `Ok` or the first line of the error.
/// An input that fails only because overrides have no value is compiled
/// again with them as specialization constants.
fn check(source: &str) -> Result<(), String> {
    let mut options = tessera::CompileOptions::default();
    // Tint's tests are not written for WebGPU's default device limits.
    options.pipeline.max_workgroup_storage_size = u32::MAX;
    options.pipeline.max_invocations = u32::MAX;
    options.pipeline.max_workgroup_size = [u32::MAX; 3];
    let compiled = match tessera::compile_to_spirv(source, &options) {
        Err(e) if only_missing_overrides(&e) => {
            options.pipeline.spec_constants = true;
            tessera::compile_to_spirv(source, &options)
        }
        other => other,
    };
    let words = compiled.map_err(|e| {
        let d = e.error().diagnostics.first().map(|d| d.message.clone());
        format!("compile: {}", d.unwrap_or_default())
    })?;
    let v = spirv_tools::val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
    v.validate(&words.words, None)
        .map_err(|e| format!("spirv-val: {}", e.to_string().lines().next().unwrap_or("")))
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [corpus, expected] = args.as_slice() else {
        eprintln!("usage: tint_conformance CORPUS EXPECTED_FAILURES");
        return std::process::ExitCode::from(2);
    };
    let corpus = PathBuf::from(corpus);
    let manifest = match std::fs::read_to_string(corpus.join("manifest.tsv")) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{}: {e}", corpus.join("manifest.tsv").display());
            return std::process::ExitCode::from(2);
        }
    };
    let expected: BTreeMap<String, String> = match std::fs::read_to_string(expected) {
        Ok(t) => t
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| match l.split_once('\t') {
                Some((p, r)) => (p.trim().to_string(), r.trim().to_string()),
                None => (l.trim().to_string(), String::new()),
            })
            .collect(),
        Err(e) => {
            eprintln!("{expected}: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let Some(col) = header.iter().position(|h| *h == "spvasm") else {
        eprintln!("manifest.tsv has no spvasm column");
        return std::process::ExitCode::from(2);
    };
    let mut inputs: Vec<(String, String)> = Vec::new();
    let mut experiments = 0;
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        if cells.get(col) != Some(&"OK") {
            continue;
        }
        let path = cells[0].to_string();
        let Ok(source) = std::fs::read_to_string(corpus.join(&path)) else {
            continue;
        };
        if !compute_only(&source) {
            continue;
        }
        if experiment(&source) {
            experiments += 1;
            continue;
        }
        inputs.push((path, source));
    }
    // Two workers; each input on its own thread so a slow one cannot hold
    // the run past its timeout.
    let mut results: BTreeMap<String, Result<(), String>> = BTreeMap::new();
    let (tx, rx) = mpsc::channel::<(String, Result<(), String>)>();
    let mut pending: Vec<(String, String)> = inputs;
    pending.reverse();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut running = 0;
    let mut started: BTreeMap<String, std::time::Instant> = BTreeMap::new();
    loop {
        while running < workers {
            let Some((path, source)) = pending.pop() else {
                break;
            };
            let tx = tx.clone();
            started.insert(path.clone(), std::time::Instant::now());
            std::thread::spawn(move || {
                let r = check(&source);
                let _ = tx.send((path, r));
            });
            running += 1;
        }
        if running == 0 {
            break;
        }
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok((path, r)) => {
                started.remove(&path);
                results.insert(path, r);
                running -= 1;
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
                    results.insert(p, Err(format!("timeout: over {}s", TIMEOUT.as_secs())));
                    running -= 1;
                }
            }
        }
    }
    let total = results.len();
    let valid = results.values().filter(|r| r.is_ok()).count();
    let mut bad = 0;
    for (path, r) in &results {
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
        .filter(|p| !results.contains_key(*p))
        .collect();
    for p in &stale {
        println!("listed but not a compute-only OK input: {p}");
    }
    println!(
        "{valid} of {total} ({:.1}%) compute-only inputs Tint compiles give valid SPIR-V; {} listed failures; {experiments} Chromium-only experiment inputs not counted",
        100.0 * valid as f64 / total.max(1) as f64,
        expected.len()
    );
    if bad > 0 || !stale.is_empty() {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    }
}

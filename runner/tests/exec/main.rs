//! The execution suite: every `tests/exec/**/*.wgsl` case is compiled by
//! tessera, run on a Vulkan device (lavapipe in CI, a GPU through the
//! device machine) and its buffers compared with the values its header
//! gives (see `case.rs`), worked out from the WGSL spec, never from
//! tessera's output.
//!
//! Each case runs at SPIR-V 1.3 and 1.6, with bounds checks on and off,
//! unless its header narrows that. Nothing may be written outside a
//! binding (the runner's guard bytes) with bounds checks on.
//!
//! Without a Vulkan device the suite fails: `scripts/test.sh` installs
//! lavapipe. `TESSERA_EXEC_FILTER=TEXT` runs the cases whose path contains
//! TEXT; `TESSERA_EXEC_DIR` points at another case folder (for a copied
//! test binary on another machine); `TESSERA_EXEC_REPORT=FILE` writes the
//! per-case results as JSON lines.

mod case;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use case::{matches, Case};
use tessera_runner::run;
use tessera_runner::vulkan::{Device, DeviceChoice};

fn case_dir() -> PathBuf {
    match std::env::var_os("TESSERA_EXEC_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/exec"),
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "wgsl") {
            out.push(p);
        }
    }
}

/// Runs one case in one configuration; `Err` says what differs.
fn run_one(
    device: &Device,
    source: &str,
    case: &Case,
    bounds_checks: bool,
    spirv: (u8, u8),
) -> Result<(), String> {
    let mut options = tessera::CompileOptions::default();
    options.pipeline.entry_point = case.entry.clone();
    options.pipeline.overrides = case.overrides.clone();
    options.spv.version = spirv;
    options.spv.bounds_checks = bounds_checks;
    let compiled = run::compile(device, source, &options).map_err(|e| match &e {
        tessera_runner::RunError::Shader(c) | tessera_runner::RunError::Unsupported(c) => {
            c.render_to_string("case.wgsl", source)
        }
        _ => e.to_string(),
    })?;
    let bound = run::bind(&compiled, &case.given).map_err(|e| e.to_string())?;
    let out = run::run(device, &compiled, bound, case.dispatch.unwrap_or([1, 1, 1]))
        .map_err(|e| e.to_string())?;
    let mut problems = Vec::new();
    if bounds_checks {
        for v in &out.violations {
            problems.push(format!(
                "binding {}:{} written outside its range ({} guard bytes, first at {})",
                v.group, v.binding, v.changed, v.first
            ));
        }
    }
    for (&(g, b), (kind, want)) in &case.expects {
        let Some(buffer) = out.bound.iter().find(|x| (x.group, x.binding) == (g, b)) else {
            problems.push(format!(
                "expect {g}:{b}: the entry point has no such binding"
            ));
            continue;
        };
        if !buffer.writable {
            problems.push(format!(
                "expect {g}:{b}: `{}` is not a writable storage buffer or texture",
                buffer.name
            ));
        }
        let got = buffer.values();
        if let Some(kind) = kind {
            if let Some((_, v)) = got.iter().find(|(_, v)| {
                let k = match v {
                    tessera_runner::values::Value::U32(_) => "u32",
                    tessera_runner::values::Value::I32(_) => "i32",
                    tessera_runner::values::Value::F32(_) => "f32",
                    tessera_runner::values::Value::F16(_) => "f16",
                };
                k != kind
            }) {
                problems.push(format!(
                    "expect {g}:{b}: the list says {kind}, the buffer holds {v:?}"
                ));
            }
        }
        if got.len() != want.len() {
            problems.push(format!(
                "expect {g}:{b} `{}`: {} values expected, the buffer has {} scalars",
                buffer.name,
                want.len(),
                got.len()
            ));
            continue;
        }
        let mut wrong = Vec::new();
        for ((path, v), w) in got.iter().zip(want) {
            match matches(w, *v, case.tolerance) {
                Ok(true) => {}
                Ok(false) => wrong.push(format!(
                    "{}{path}: got {v}, expected {}",
                    buffer.name,
                    show(w)
                )),
                Err(e) => wrong.push(format!("{}{path}: {e}", buffer.name)),
            }
        }
        if !wrong.is_empty() {
            let n = wrong.len();
            wrong.truncate(8);
            problems.push(format!(
                "{g}:{b}: {n} of {} values differ: {}",
                got.len(),
                wrong.join("; ")
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n    "))
    }
}

/// The case's module after MSL's lowering passes (the pipeline step with
/// the case's entry point and overrides, then `lower::msl::passes` but the
/// last ones, which leave Metal's own operations,
/// `lower::msl::TARGET_OPERATION_PASSES`), printed as WGSL: every such pass
/// leaves a valid module with the same meaning, so this source must give
/// the case's expected values when compiled again (for SPIR-V) and run. It
/// is how MSL's lowering runs on a Vulkan device.
fn msl_lowered(source: &str, case: &Case, bounds_checks: bool) -> Result<String, String> {
    let show = |e: tessera::diagnostic::Error| e.render_to_string("case.wgsl", source);
    let defaults = tessera::CompileOptions::default();
    let parsed = tessera::front::wgsl::parse_str(source).map_err(show)?;
    let info = tessera::valid::validate_with_language_features(
        &parsed.module,
        defaults.features,
        defaults.language_features,
    )
    .map_err(show)?;
    let options = tessera::pipeline::PipelineOptions {
        entry_point: case.entry.clone(),
        overrides: case.overrides.clone(),
        ..Default::default()
    };
    let mut p = tessera::pipeline::process_owned(parsed.module, &info, &options).map_err(show)?;
    let msl = tessera::back::msl::Options {
        bounds_checks,
        ..Default::default()
    };
    let mut list = tessera::lower::msl::passes(&msl);
    list.retain(|pass| !tessera::lower::msl::TARGET_OPERATION_PASSES.contains(&pass.name));
    tessera::lower::run(&mut p, &list, true, &mut |_, _| {}).map_err(show)?;
    tessera::back::wgsl::write(&p.module).map_err(show)
}

fn show(e: &case::Expected) -> String {
    match e {
        case::Expected::Any => "any".into(),
        case::Expected::Text(t) => t.clone(),
    }
}

/// The cases under [`case_dir`], sorted, with their paths relative to it:
/// those whose path contains `TESSERA_EXEC_FILTER`, and the filter.
fn cases() -> (Vec<(String, PathBuf)>, String) {
    let dir = case_dir();
    let mut files = Vec::new();
    collect(&dir, &mut files);
    files.sort();
    assert!(
        !files.is_empty(),
        "no execution cases under {} (set TESSERA_EXEC_DIR?)",
        dir.display()
    );
    let filter = std::env::var("TESSERA_EXEC_FILTER").unwrap_or_default();
    let picked = files
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(&dir).unwrap_or(&f).display().to_string();
            (rel, f)
        })
        .filter(|(rel, _)| rel.contains(&filter))
        .collect();
    (picked, filter)
}

/// The first Vulkan device (lavapipe in CI).
fn device() -> Device {
    Device::open(&DeviceChoice::First, false).unwrap_or_else(|e| {
        panic!("the execution suite needs a Vulkan device: {e} (scripts/test.sh installs lavapipe)")
    })
}

#[test]
fn execution_suite() {
    let (files, filter) = cases();
    let device = device();
    eprintln!(
        "execution suite on {} ({}, Vulkan {})",
        device.info.name,
        device.info.driver.trim(),
        device.info.api_version
    );
    let mut report = String::new();
    let mut failures = Vec::new();
    let mut per_area: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut runs = 0usize;
    for (rel, file) in &files {
        let area = rel.split(['/', '\\']).next().unwrap_or("").to_string();
        let slot = per_area.entry(area).or_default();
        slot.0 += 1;
        let source = std::fs::read_to_string(file).expect("readable case");
        let case = match Case::parse(&source) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{rel}: bad header: {e}"));
                slot.1 += 1;
                continue;
            }
        };
        let mut failed = false;
        for &spirv in &case.spirv {
            for &checks in &case.bounds_checks {
                runs += 1;
                let config = format!(
                    "SPIR-V {}.{}, bounds checks {}",
                    spirv.0,
                    spirv.1,
                    if checks { "on" } else { "off" }
                );
                let result = run_one(&device, &source, &case, checks, spirv);
                report.push_str(&format!(
                    "{{\"case\":{:?},\"config\":{:?},\"ok\":{}}}\n",
                    rel,
                    config,
                    result.is_ok()
                ));
                if let Err(e) = result {
                    failures.push(format!("{rel} ({config}):\n    {e}"));
                    failed = true;
                }
            }
        }
        if failed {
            slot.1 += 1;
        }
    }
    if let Some(path) = std::env::var_os("TESSERA_EXEC_REPORT") {
        std::fs::write(&path, &report).expect("writable report");
    }
    let cases: usize = per_area.values().map(|x| x.0).sum();
    eprintln!("{cases} cases, {runs} runs");
    for (area, (n, bad)) in &per_area {
        eprintln!("  {area:<12} {n:>4} cases, {bad} failing");
    }
    assert!(cases > 0, "no case matches TESSERA_EXEC_FILTER={filter:?}");
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// MSL's lowering, executed: every case whose module MSL's passes lower is
/// printed as WGSL after them (`msl_lowered`) and run like the case itself
/// (SPIR-V 1.3, bounds checks as the case asks). A pass that changes what a
/// program computes (`float-formulas`, `int-abs-sign`, `first-bit` and the
/// shared ones, as Metal gets them) fails here with the case's values,
/// although no Metal device runs in CI. A case whose lowering fails for
/// another reason than what Metal cannot express fails the test; at least
/// 150 runs must happen.
#[test]
fn msl_lowering_keeps_meaning() {
    let (files, filter) = cases();
    let device = device();
    let (mut ran, mut not_lowered) = (0usize, Vec::new());
    let mut failures = Vec::new();
    for (rel, file) in &files {
        let source = std::fs::read_to_string(file).expect("readable case");
        let Ok(case) = Case::parse(&source) else {
            continue; // reported by `execution_suite`
        };
        for &checks in &case.bounds_checks {
            let lowered = match msl_lowered(&source, &case, checks) {
                Ok(l) => l,
                Err(e) => {
                    let first = e.lines().next().unwrap_or("").to_string();
                    // Only what Metal cannot express may keep a case out.
                    if first.contains("MSL") || first.contains("Metal") {
                        not_lowered.push(format!("{rel}: {first}"));
                    } else {
                        failures.push(format!("{rel}: not lowered for MSL:\n{e}"));
                    }
                    break;
                }
            };
            ran += 1;
            if let Err(e) = run_one(&device, &lowered, &case, checks, (1, 3)) {
                failures.push(format!(
                    "{rel} (bounds checks {}):\n    {e}\n--- MSL-lowered WGSL:\n{lowered}",
                    if checks { "on" } else { "off" }
                ));
            }
        }
    }
    eprintln!(
        "MSL lowering executed: {ran} runs, {} cases not lowered for MSL:\n  {}",
        not_lowered.len(),
        not_lowered.join("\n  ")
    );
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        filter.is_empty() || ran > 0,
        "no case matches TESSERA_EXEC_FILTER={filter:?}"
    );
    assert!(
        !filter.is_empty() || ran >= 150,
        "only {ran} runs of MSL-lowered cases"
    );
}

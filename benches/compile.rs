//! Compile-time benchmarks: tessera against naga on the same inputs.
//!
//! Compute inputs: `benches/inputs/small.wgsl` (~50 lines), `medium.wgsl`
//! (~500 lines of mixed kernels) and a ~3,000-line `large` module generated
//! at start by replicating `medium` with renamed declarations. Render
//! inputs: `benches/inputs/render.wgsl` (a forward-shading pass: vertex and
//! fragment stage, 2D, cube, depth and 2D-array textures) and the shaders
//! of Tint's benchmark suite, read at start from
//! `../shared/corpus/tint/benchmark` or `$TESSERA_CORPUS_DIR/tint/benchmark`
//! (relative to the crate; outside the
//! repository, so a line says so when they are skipped). For each input
//! and stage (parse, validate, SPIR-V write, whole WGSL->SPIR-V pipeline,
//! MSL write, whole WGSL->MSL pipeline) criterion measures both compilers
//! with byte throughput; afterwards a table of tessera/naga median-time
//! ratios, measured in the same run with a plain `Instant` loop, is printed
//! (also under `--quick`). Then a scaling check times a long `a + b - c ...`
//! chain and a module of many functions at two sizes each and prints the
//! cost per term/function, a nesting check compiles modules of equally
//! many `if`s, loops, blocks, parenthesised terms or calls nested 30 and
//! 120 deep (the cost per construct should not grow with the depth), and a
//! function-count check compiles 1,000 and
//! 10,000 functions to MSL (and SPIR-V, for reference) with both compilers:
//! 10x the functions should cost at most 11x the time. A sweep over
//! doublings of the function count then prints the cost per function,
//! which tells a quadratic term (doubles at every step) from a working set
//! outgrowing a cache (one step).
//!
//! Last, a whole-process check compiles a generated module of 2,000
//! functions (~2.4 MB) in fresh processes, tessera and naga to each
//! backend, and prints wall time and peak resident set with their ratios.
//!
//! `spv-write` and `msl-write` start from tessera's pipeline output and so
//! include the backend's lowering passes; `msl-print` (scaling check only)
//! is the MSL printer alone. naga's writers start from its validated module.
//!
//! Both compilers run with their default options, except that naga's MSL
//! version is tessera's default (2.4; naga's default is 1.0). As in the
//! SPIR-V stages, tessera clamps indices by default and naga does not.
//!
//! Run with `cargo bench --bench compile` (add `-- --quick` for a fast pass).
//! Environment variables:
//!
//! - `TESSERA_BENCH_PARTS`: which parts run, a comma-separated list of
//!   `criterion`, `ratio`, `scaling`, `functions`, `process` and
//!   `breakdown` (default: all but `breakdown`). For the ratio table alone:
//!   `TESSERA_BENCH_PARTS=ratio`. `breakdown` times tessera's steps one by
//!   one (parse, validate, pipeline step, and per backend the pipeline
//!   copy, each lowering pass, the analysis and the printer) to show which
//!   one makes an input slow, and the whole pipelines without the `unroll`
//!   pass and bounds checks (naga does neither).
//! - `TESSERA_BENCH_REPEAT=N`: measure the ratio table and the
//!   function-count check N times (default 1), then print the per-cell
//!   medians of the N runs with the range of the per-run ratios (for the
//!   function-count check, of tessera's growths), to judge their stability
//!   on a busy machine.
//! - `TESSERA_BENCH_INPUTS`: a comma-separated list of input names (as in
//!   the table: `small`, `render`, `shadow-fragment`, ...) or the groups
//!   `compute` (`small`, `medium`, `large`) and `tint` (Tint's benchmark
//!   shaders); only those inputs are measured. The render inputs:
//!   `TESSERA_BENCH_INPUTS=render,tint`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};

#[path = "bench_inputs/mod.rs"]
mod bench_inputs;
use bench_inputs::{
    generated_functions, tint_benchmark_dir, MEDIUM, RENDER, SMALL, TINT_BENCHMARKS,
};

/// How many renamed copies of `medium` make up `large`.
const LARGE_COPIES: usize = 6;

/// Whether a byte may start or continue an identifier.
fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Names declared at module scope (`fn`, `struct`, `const`, `override`,
/// `alias`, `var`), found by a small brace-aware scan.
fn module_scope_names(source: &str) -> Vec<String> {
    let b = source.as_bytes();
    let (mut i, mut depth, mut names) = (0, 0usize, Vec::new());
    let mut expect_name = false;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'{' {
            depth += 1;
            i += 1;
        } else if c == b'}' {
            depth = depth.saturating_sub(1);
            i += 1;
        } else if c == b'<' && expect_name {
            // `var<storage, read>`: skip the template list.
            while i < b.len() && b[i] != b'>' {
                i += 1;
            }
            i += 1;
        } else if is_ident_start(c) {
            let start = i;
            while i < b.len() && is_ident_continue(b[i]) {
                i += 1;
            }
            let word = &source[start..i];
            if expect_name {
                names.push(word.to_string());
                expect_name = false;
            } else if depth == 0 {
                expect_name = matches!(
                    word,
                    "fn" | "struct" | "const" | "override" | "alias" | "var"
                );
            }
        } else if c.is_ascii_digit() {
            while i < b.len() && (is_ident_continue(b[i]) || b[i] == b'.') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    names
}

/// Appends `suffix` to every use of a module-scope name (not after `.`)
/// and adds `group_offset` to every `@group(N)`.
fn rename(source: &str, names: &[String], suffix: &str, group_offset: u32) -> String {
    let b = source.as_bytes();
    let mut out = String::with_capacity(source.len() + source.len() / 8);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            let start = i;
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            out.push_str(&source[start..i]);
        } else if is_ident_start(c) {
            let start = i;
            while i < b.len() && is_ident_continue(b[i]) {
                i += 1;
            }
            let word = &source[start..i];
            out.push_str(word);
            let after_dot = start > 0 && b[start - 1] == b'.';
            if !after_dot && names.iter().any(|n| n == word) {
                out.push_str(suffix);
            }
            if word == "group" && start > 0 && b[start - 1] == b'@' && b.get(i) == Some(&b'(') {
                let close = source[i..].find(')').map_or(i, |p| i + p);
                if let Ok(n) = source[i + 1..close].trim().parse::<u32>() {
                    out.push_str(&format!("({})", n + group_offset));
                    i = close + 1;
                }
            }
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (is_ident_continue(b[i]) || b[i] == b'.') {
                i += 1;
            }
            out.push_str(&source[start..i]);
        } else {
            let ch = source[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The large input: `LARGE_COPIES` renamed copies of `medium`.
fn large_input() -> String {
    let names = module_scope_names(MEDIUM);
    (0..LARGE_COPIES)
        .map(|k| rename(MEDIUM, &names, &format!("_r{k}"), 16 * k as u32))
        .collect::<Vec<_>>()
        .join("\n")
}

// ---- the two compilers, stage by stage ----

struct TesseraState {
    module: tessera::ir::Module,
    pipeline: tessera::pipeline::Pipeline,
    /// Whether the module can be written as MSL (the SPIR-V stages need
    /// only the rest).
    msl: Result<(), String>,
}

fn tessera_prepare(source: &str) -> Result<TesseraState, String> {
    let parsed = tessera::front::wgsl::parse_str(source).map_err(|e| format!("parse: {e}"))?;
    let info = tessera::valid::validate(&parsed.module).map_err(|e| format!("validate: {e}"))?;
    let pipeline = tessera::pipeline::process(&parsed.module, &info, &Default::default())
        .map_err(|e| format!("pipeline: {e}"))?;
    tessera::lower::spv::write(&pipeline, &Default::default()).map_err(|e| format!("spv: {e}"))?;
    let msl = tessera::lower::msl::write(&pipeline, &Default::default())
        .map(|_| ())
        .map_err(|e| format!("msl: {e}"));
    Ok(TesseraState {
        module: parsed.module,
        pipeline,
        msl,
    })
}

struct NagaState {
    module: naga::Module,
    info: naga::valid::ModuleInfo,
    /// Whether naga's MSL writer accepts the module.
    msl: Result<(), String>,
}

fn naga_validator() -> naga::valid::Validator {
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
}

/// naga's front end: parse and validate (the MSL check is left out).
fn naga_front(source: &str) -> Result<NagaState, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let info = naga_validator()
        .validate(&module)
        .map_err(|e| e.emit_to_string(source))?;
    Ok(NagaState {
        module,
        info,
        msl: Ok(()),
    })
}

fn naga_prepare(source: &str) -> Result<NagaState, String> {
    let mut state = naga_front(source)?;
    state.msl = naga_msl_result(&state.module, &state.info).map(|_| ());
    Ok(state)
}

fn naga_spv(state: &NagaState) -> Vec<u32> {
    naga::back::spv::write_vec(
        &state.module,
        &state.info,
        &naga::back::spv::Options::default(),
        None,
    )
    .unwrap_or_default()
}

/// naga's MSL options: its defaults at tessera's default MSL version.
fn naga_msl_options() -> naga::back::msl::Options {
    naga::back::msl::Options {
        lang_version: (2, 4),
        ..Default::default()
    }
}

fn naga_msl_result(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
) -> Result<String, String> {
    naga::back::msl::write_string(
        module,
        info,
        &naga_msl_options(),
        &naga::back::msl::PipelineOptions::default(),
    )
    .map(|(source, _)| source)
    .map_err(|e| format!("msl: {e}"))
}

fn naga_msl(state: &NagaState) -> String {
    naga_msl_result(&state.module, &state.info).unwrap_or_default()
}

/// The stages compared.
const STAGES: [&str; 6] = [
    "parse",
    "validate",
    "spv-write",
    "wgsl-to-spv",
    "msl-write",
    "wgsl-to-msl",
];

/// Whether a stage writes MSL (and needs the module to be expressible in it).
fn is_msl_stage(stage: &str) -> bool {
    stage.contains("msl")
}

/// Runs one stage of tessera once.
fn tessera_stage(stage: &str, source: &str, s: &TesseraState) {
    match stage {
        "parse" => {
            let _ = black_box(tessera::front::wgsl::parse_str(black_box(source)));
        }
        "validate" => {
            let _ = black_box(tessera::valid::validate(black_box(&s.module)));
        }
        "spv-write" => {
            let _ = black_box(tessera::lower::spv::write(&s.pipeline, &Default::default()));
        }
        "msl-write" => {
            let _ = black_box(tessera::lower::msl::write(&s.pipeline, &Default::default()));
        }
        _ => tessera_whole(stage, source),
    }
}

/// tessera's whole pipeline from the source: `wgsl-to-msl`, else
/// `wgsl-to-spv`.
fn tessera_whole(stage: &str, source: &str) {
    if stage == "wgsl-to-msl" {
        let _ = black_box(tessera::compile_to_msl(
            black_box(source),
            &Default::default(),
        ));
    } else {
        let _ = black_box(tessera::compile_to_spirv(
            black_box(source),
            &Default::default(),
        ));
    }
}

/// Runs one stage of naga once.
fn naga_stage(stage: &str, source: &str, s: &NagaState) {
    match stage {
        "parse" => {
            let _ = black_box(naga::front::wgsl::parse_str(black_box(source)));
        }
        "validate" => {
            let _ = black_box(naga_validator().validate(black_box(&s.module)));
        }
        "spv-write" => {
            black_box(naga_spv(s));
        }
        "msl-write" => {
            black_box(naga_msl(s));
        }
        _ => naga_whole(stage, source),
    }
}

/// naga's whole pipeline from the source: `wgsl-to-msl`, else
/// `wgsl-to-spv`.
fn naga_whole(stage: &str, source: &str) {
    if let Ok(s) = naga_front(black_box(source)) {
        if stage == "wgsl-to-msl" {
            black_box(naga_msl(&s));
        } else {
            black_box(naga_spv(&s));
        }
    }
}

/// Median wall time of `f`, over at least 5 runs and about 200 ms.
fn median_time(mut f: impl FnMut()) -> Duration {
    f();
    let mut times = Vec::new();
    let budget = Instant::now();
    while times.len() < 5 || (times.len() < 100 && budget.elapsed() < Duration::from_millis(200)) {
        let t = Instant::now();
        f();
        times.push(t.elapsed());
    }
    times.sort();
    times[times.len() / 2]
}

struct Input {
    name: String,
    source: String,
    tessera: Result<TesseraState, String>,
    naga: Result<NagaState, String>,
}

impl Input {
    /// tessera's state when it can run `stage` on this input.
    fn tessera_for(&self, stage: &str) -> Result<&TesseraState, String> {
        let s = self.tessera.as_ref().map_err(Clone::clone)?;
        match &s.msl {
            Err(e) if is_msl_stage(stage) => Err(e.clone()),
            _ => Ok(s),
        }
    }

    /// naga's state when it can run `stage` on this input.
    fn naga_for(&self, stage: &str) -> Result<&NagaState, String> {
        let s = self.naga.as_ref().map_err(Clone::clone)?;
        match &s.msl {
            Err(e) if is_msl_stage(stage) => Err(e.clone()),
            _ => Ok(s),
        }
    }
}

/// Tint's benchmark shaders as (name, source), and a line for each one
/// (or the whole directory) that could not be read.
fn tint_benchmark_sources() -> (Vec<(String, String)>, Vec<String>) {
    let dir = tint_benchmark_dir();
    if let Err(e) = std::fs::read_dir(&dir) {
        return (
            Vec::new(),
            vec![format!(
                "skipped the {} Tint benchmark inputs ({}): cannot read {} ({e}); \
                 they are read from the shared corpus next to the repository, not copied into it",
                TINT_BENCHMARKS.len(),
                TINT_BENCHMARKS.join(", "),
                dir.display()
            )],
        );
    }
    let (mut sources, mut skipped) = (Vec::new(), Vec::new());
    for name in TINT_BENCHMARKS {
        let path = dir.join(format!("{name}.wgsl"));
        match std::fs::read_to_string(&path) {
            Ok(source) => sources.push((name.to_string(), source)),
            Err(e) => skipped.push(format!(
                "skipped the Tint benchmark input `{name}`: cannot read {} ({e})",
                path.display()
            )),
        }
    }
    (sources, skipped)
}

/// Whether `TESSERA_BENCH_INPUTS` (absent: all) selects an input.
fn input_selected(name: &str, group: &str) -> bool {
    match std::env::var("TESSERA_BENCH_INPUTS") {
        Ok(list) => list
            .split(',')
            .map(str::trim)
            .any(|w| w == name || w == group),
        Err(_) => true,
    }
}

/// The inputs, and a line for each input that had to be skipped (printed
/// at once and again under the ratio table).
fn inputs() -> (Vec<Input>, Vec<String>) {
    // (name, group, source): the group is `compute` (the generated
    // kernels), `render` (render.wgsl) or `tint` (Tint's benchmark shaders).
    let mut sources: Vec<(String, &'static str, String)> = vec![
        ("small".to_string(), "compute", SMALL.to_string()),
        ("medium".to_string(), "compute", MEDIUM.to_string()),
        ("large".to_string(), "compute", large_input()),
        ("render".to_string(), "render", RENDER.to_string()),
    ];
    let (tint, skipped) = tint_benchmark_sources();
    sources.extend(tint.into_iter().map(|(n, s)| (n, "tint", s)));
    for line in &skipped {
        println!("note: {line}");
    }
    let inputs = sources
        .into_iter()
        .filter(|(name, group, _)| input_selected(name, group))
        .map(|(name, _, source)| Input {
            name,
            tessera: tessera_prepare(&source),
            naga: naga_prepare(&source),
            source,
        })
        .collect();
    (inputs, skipped)
}

fn criterion_benches(c: &mut Criterion, inputs: &[Input]) {
    for stage in STAGES {
        let mut group = c.benchmark_group(stage);
        for input in inputs {
            group.throughput(Throughput::Bytes(input.source.len() as u64));
            if let Ok(state) = input.tessera_for(stage) {
                group.bench_with_input(BenchmarkId::new("tessera", &input.name), state, |b, s| {
                    b.iter(|| tessera_stage(stage, &input.source, s))
                });
            }
            if let Ok(state) = input.naga_for(stage) {
                group.bench_with_input(BenchmarkId::new("naga", &input.name), state, |b, s| {
                    b.iter(|| naga_stage(stage, &input.source, s))
                });
            }
        }
        group.finish();
    }
}

/// One cell of the ratio table: tessera's and naga's median times (`None`
/// where that compiler cannot run the stage on the input).
type Cell = (Option<Duration>, Option<Duration>);

/// Measures every (stage, input) cell once, stage by stage.
fn ratio_cells(inputs: &[Input]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for stage in STAGES {
        for input in inputs {
            let tessera = input
                .tessera_for(stage)
                .ok()
                .map(|s| median_time(|| tessera_stage(stage, &input.source, s)));
            let naga = input
                .naga_for(stage)
                .ok()
                .map(|s| median_time(|| naga_stage(stage, &input.source, s)));
            cells.push((tessera, naga));
        }
    }
    cells
}

fn ratio_of((tessera, naga): Cell) -> Option<f64> {
    match (tessera, naga) {
        (Some(t), Some(n)) if !n.is_zero() => Some(t.as_secs_f64() / n.as_secs_f64()),
        _ => None,
    }
}

/// Prints one table; `ranges` (one per cell) adds the lowest and highest
/// per-run ratio.
fn print_ratio_table(inputs: &[Input], cells: &[Cell], ranges: Option<&[Option<(f64, f64)>]>) {
    let width = inputs
        .iter()
        .map(|i| i.name.len())
        .max()
        .unwrap_or(0)
        .max(7);
    print!(
        "{:<12} {:<width$} {:>9} {:>12} {:>12} {:>8}",
        "stage", "input", "bytes", "tessera", "naga", "ratio"
    );
    if ranges.is_some() {
        print!(" {:>11}", "range");
    }
    println!();
    let show = |d: Option<Duration>| match d {
        Some(d) => format!("{:.1}us", d.as_secs_f64() * 1e6),
        None => "failed".to_string(),
    };
    let mut k = 0;
    for stage in STAGES {
        for input in inputs {
            let cell = cells[k];
            let ratio = ratio_of(cell).map_or("n/a".to_string(), |r| format!("{r:.2}"));
            print!(
                "{:<12} {:<width$} {:>9} {:>12} {:>12} {:>8}",
                stage,
                input.name,
                input.source.len(),
                show(cell.0),
                show(cell.1),
                ratio
            );
            if let Some(ranges) = ranges {
                let range =
                    ranges[k].map_or("-".to_string(), |(lo, hi)| format!("{lo:.2}-{hi:.2}"));
                print!(" {range:>11}");
            }
            println!();
            k += 1;
        }
    }
}

/// The median of some durations (`None` if any is missing).
fn median_of(times: impl Iterator<Item = Option<Duration>>) -> Option<Duration> {
    let mut times: Vec<Duration> = times.collect::<Option<_>>()?;
    times.sort();
    times.get(times.len() / 2).copied()
}

/// `TESSERA_BENCH_REPEAT` (at least 1, default 1).
fn repeat_count() -> usize {
    std::env::var("TESSERA_BENCH_REPEAT")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(1)
        .max(1)
}

fn ratio_table(inputs: &[Input], skipped: &[String]) {
    let repeat = repeat_count();
    let mut runs = Vec::new();
    for run in 1..=repeat {
        let title = if repeat > 1 {
            format!(" (run {run} of {repeat})")
        } else {
            String::new()
        };
        println!(
            "\ntessera / naga, median time per run (lower ratio is better for tessera){title}"
        );
        let cells = ratio_cells(inputs);
        print_ratio_table(inputs, &cells, None);
        runs.push(cells);
    }
    if repeat > 1 {
        println!(
            "\ntessera / naga over {repeat} runs: per-cell median times, ratio of the medians, \
             lowest-highest per-run ratio"
        );
        let count = runs[0].len();
        let medians: Vec<Cell> = (0..count)
            .map(|k| {
                (
                    median_of(runs.iter().map(|r| r[k].0)),
                    median_of(runs.iter().map(|r| r[k].1)),
                )
            })
            .collect();
        let ranges: Vec<Option<(f64, f64)>> = (0..count)
            .map(|k| {
                let ratios: Option<Vec<f64>> = runs.iter().map(|r| ratio_of(r[k])).collect();
                let ratios = ratios?;
                let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = ratios.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                Some((lo, hi))
            })
            .collect();
        print_ratio_table(inputs, &medians, Some(&ranges));
    }
    for line in skipped {
        println!("note: {line}");
    }
    for input in inputs {
        if let Err(e) = &input.tessera {
            println!(
                "note: tessera cannot compile `{}` yet ({})",
                input.name,
                first_line(e)
            );
        }
        if let Err(e) = &input.naga {
            println!(
                "note: naga cannot compile `{}` ({})",
                input.name,
                first_line(e)
            );
        }
        if let Ok(Err(e)) = input.tessera.as_ref().map(|s| &s.msl) {
            println!(
                "note: tessera cannot write `{}` as MSL ({})",
                input.name,
                first_line(e)
            );
        }
        if let Ok(Err(e)) = input.naga.as_ref().map(|s| &s.msl) {
            println!(
                "note: naga cannot write `{}` as MSL ({})",
                input.name,
                first_line(e)
            );
        }
    }
}

/// The first line of a message, cut to 160 characters.
fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("");
    match line.char_indices().nth(160) {
        Some((i, _)) => format!("{}...", &line[..i]),
        None => line.to_string(),
    }
}

/// A compute shader whose one statement is an `terms`-term `a + b - c ...` chain.
fn chain_source(terms: usize) -> String {
    let mut expr = String::with_capacity(terms * 4 + 1);
    expr.push('a');
    for i in 0..terms {
        expr.push_str(if i % 2 == 0 { " + b" } else { " - c" });
    }
    format!(
        "@group(0) @binding(0) var<storage, read_write> d: array<i32>;\n\
         @compute @workgroup_size(1)\nfn main() {{\n  let a = d[0];\n  let b = d[1];\n  let c = d[2];\n  d[3] = {expr};\n}}\n"
    )
}

/// A module of `count` functions, each calling the previous one.
fn functions_source(count: usize) -> String {
    let mut s = String::from("fn fun0(x: f32) -> f32 {\n  return x;\n}\n");
    for i in 1..count {
        s.push_str(&format!(
            "fn fun{i}(x: f32) -> f32 {{\n  let y = fun{}(x) * 1.0001;\n  return y + {i}.0;\n}}\n",
            i - 1
        ));
    }
    s.push_str(&format!(
        "@group(0) @binding(0) var<storage, read_write> d: array<f32>;\n\
         @compute @workgroup_size(1)\nfn main() {{\n  d[0] = fun{}(d[1]);\n}}\n",
        count - 1
    ));
    s
}

/// Times the furthest stage tessera gets through (whole pipeline if it can).
fn time_tessera(source: &str) -> (String, Duration) {
    let full = tessera::compile_to_spirv(source, &Default::default()).is_ok();
    let stage = if full {
        "wgsl-to-spv"
    } else if tessera::front::wgsl::parse_str(source).is_ok() {
        "parse+resolve"
    } else {
        "parse (failing)"
    };
    let t = median_time(|| {
        if full {
            let _ = black_box(tessera::compile_to_spirv(source, &Default::default()));
        } else {
            let _ = black_box(tessera::front::wgsl::parse_str(source));
        }
    });
    (stage.to_string(), t)
}

fn scaling() {
    println!("\nscaling (tessera): time per unit should stay flat as size doubles");
    for (what, sizes, make) in [
        (
            "chain terms",
            [50_000usize, 100_000],
            chain_source as fn(usize) -> String,
        ),
        (
            "functions",
            [2_500, 5_000],
            functions_source as fn(usize) -> String,
        ),
    ] {
        let mut per_unit = Vec::new();
        for n in sizes {
            let source = make(n);
            let (stage, t) = time_tessera(&source);
            let ns = t.as_secs_f64() * 1e9 / n as f64;
            per_unit.push(ns);
            println!(
                "{what:>12} {n:>7}: {:>10.2} ms total, {ns:>8.1} ns per unit ({stage})",
                t.as_secs_f64() * 1e3
            );
        }
        println!(
            "{what:>12}: per-unit cost ratio (large/small) {:.2}",
            per_unit[1] / per_unit[0]
        );
    }
}

/// The nesting depths of the nesting check (the parser allows 128) and
/// the nested constructs per module: every module holds the same number
/// of constructs, as many shallow nests or fewer deep ones, so the cost
/// per construct should not grow with the depth.
const NESTING_DEPTHS: [usize; 2] = [30, 120];
const NESTED_CONSTRUCTS: usize = 3_600;

/// The constructs the nesting check nests.
const NESTING_KINDS: [&str; 5] = ["if", "loop", "block", "parens", "call"];

/// A module of `NESTED_CONSTRUCTS / depth` functions, each nesting `depth`
/// constructs of `kind` (`if` statements, `for` loops, blocks,
/// parenthesised additions or calls), and a kernel calling them all.
fn nesting_source(kind: &str, depth: usize) -> String {
    let copies = NESTED_CONSTRUCTS / depth;
    let mut s = String::from(
        "fn g(a: u32) -> u32 { return a * 3u; }\n\
         @group(0) @binding(0) var<storage, read_write> buf: array<u32>;\n",
    );
    for i in 0..copies {
        s.push_str(&format!("fn f{i}(a: u32) -> u32 {{\n  var x = a;\n"));
        let mut e = String::from("x");
        for k in 0..depth {
            match kind {
                "if" => s.push_str(&format!("if x > {k}u {{ x = x + {k}u;\n")),
                "loop" => s.push_str(&format!(
                    "for (var i{k} = 0u; i{k} < x; i{k}++) {{ x = x + {k}u;\n"
                )),
                "block" => s.push_str(&format!("{{ x = x + {k}u;\n")),
                "parens" => e = format!("({e} + {k}u)"),
                _ => e = format!("g({e})"),
            }
        }
        if matches!(kind, "if" | "loop" | "block") {
            s.push_str(&"}".repeat(depth));
            s.push('\n');
        }
        s.push_str(&format!("  return {e};\n}}\n"));
    }
    s.push_str("@compute @workgroup_size(1)\nfn main() {\n  var t = 0u;\n");
    for i in 0..copies {
        s.push_str(&format!("  t += f{i}(buf[{i}]);\n"));
    }
    s.push_str("  buf[0] = t;\n}\n");
    s
}

/// Times the whole pipeline to SPIR-V and to MSL on modules of equally
/// many constructs nested [`NESTING_DEPTHS`] deep: a stage whose work per
/// construct grows with the depth (a walk of the enclosing constructs per
/// construct, say) shows as a ratio well above 1.
fn nesting_scaling() {
    let [shallow, deep] = NESTING_DEPTHS;
    println!(
        "\nnesting scaling (tessera): {NESTED_CONSTRUCTS} constructs nested {shallow} or {deep} deep; the cost per construct should stay flat"
    );
    println!(
        "{:<8} {:>12} {:>12} {:>7} {:>12} {:>12} {:>7}",
        "kind",
        format!("spv {shallow}"),
        format!("spv {deep}"),
        "ratio",
        format!("msl {shallow}"),
        format!("msl {deep}"),
        "ratio"
    );
    for kind in NESTING_KINDS {
        let sources = [nesting_source(kind, shallow), nesting_source(kind, deep)];
        let time = |source: &str, msl: bool| -> Option<Duration> {
            let ok = if msl {
                tessera::compile_to_msl(source, &Default::default()).is_ok()
            } else {
                tessera::compile_to_spirv(source, &Default::default()).is_ok()
            };
            ok.then(|| {
                median_time(|| {
                    if msl {
                        let _ = black_box(tessera::compile_to_msl(source, &Default::default()));
                    } else {
                        let _ = black_box(tessera::compile_to_spirv(source, &Default::default()));
                    }
                })
            })
        };
        let mut cells = Vec::new();
        for msl in [false, true] {
            let [a, b] = [0, 1].map(|i| time(&sources[i], msl));
            let ms = |d: Option<Duration>| {
                d.map_or("failed".to_string(), |d| {
                    format!("{:.2}ms", d.as_secs_f64() * 1e3)
                })
            };
            let ratio = match (a, b) {
                (Some(a), Some(b)) if !a.is_zero() => {
                    format!("{:.2}", b.as_secs_f64() / a.as_secs_f64())
                }
                _ => "-".to_string(),
            };
            cells.extend([ms(a), ms(b), ratio]);
        }
        println!(
            "{kind:<8} {:>12} {:>12} {:>7} {:>12} {:>12} {:>7}",
            cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]
        );
    }
}

/// The function counts of the function-count check, and the most the
/// larger may cost as a multiple of the smaller's time (10x the functions:
/// at most 11x the time).
const FUNCTION_COUNTS: [usize; 2] = [1_000, 10_000];
const FUNCTION_TIME_BOUND: f64 = 11.0;

/// The stages of the function-count check: MSL (whole pipeline, writer
/// with its lowering passes, printer alone) and SPIR-V for reference.
const FUNCTION_STAGES: [&str; 5] = [
    "wgsl-to-msl",
    "msl-write",
    "msl-print",
    "wgsl-to-spv",
    "spv-write",
];

/// Median time of `stage` on `source` for tessera and for naga (`None`
/// where the compiler fails or, for `msl-print`, naga has no such stage).
fn function_stage_times(stage: &str, source: &str) -> (Option<Duration>, Option<Duration>) {
    function_stage_times_of(stage, source, true, true)
}

/// [`function_stage_times`] for the chosen compilers only.
fn function_stage_times_of(
    stage: &str,
    source: &str,
    with_tessera: bool,
    with_naga: bool,
) -> (Option<Duration>, Option<Duration>) {
    let tessera = with_tessera
        .then(|| tessera_prepare(source).ok())
        .flatten()
        .and_then(|s| {
            if is_msl_stage(stage) && s.msl.is_err() {
                return None;
            }
            // Only what the stage reads stays alive while it is timed: at
            // 10,000 functions the module and the pipeline are tens of MB,
            // and the timed compiles should not share the heap with copies
            // they do not use.
            let TesseraState {
                module, pipeline, ..
            } = s;
            if stage == "msl-print" {
                drop(module);
                let options = tessera::back::msl::Options::default();
                let mut lowered = pipeline;
                let info =
                    tessera::lower::msl::lower(&mut lowered, &options, &mut |_, _| {}).ok()?;
                tessera::back::msl::print(&lowered.printed(), &info, &options).ok()?;
                Some(median_time(|| {
                    let _ = black_box(tessera::back::msl::print(
                        &lowered.printed(),
                        &info,
                        &options,
                    ));
                }))
            } else if is_whole(stage) {
                drop((module, pipeline));
                Some(median_time(|| tessera_whole(stage, source)))
            } else {
                // The writers read the pipeline (and make their own copy).
                drop(module);
                let write_msl = stage == "msl-write";
                Some(median_time(|| {
                    if write_msl {
                        let _ =
                            black_box(tessera::lower::msl::write(&pipeline, &Default::default()));
                    } else {
                        let _ =
                            black_box(tessera::lower::spv::write(&pipeline, &Default::default()));
                    }
                }))
            }
        });
    let naga = match with_naga.then(|| naga_prepare(source)) {
        Some(Ok(s)) if stage != "msl-print" && (!is_msl_stage(stage) || s.msl.is_ok()) => {
            if is_whole(stage) {
                drop(s);
                Some(median_time(|| naga_whole(stage, source)))
            } else {
                Some(median_time(|| naga_stage(stage, source, &s)))
            }
        }
        _ => None,
    };
    (tessera, naga)
}

/// Whether `stage` is a whole pipeline (from the source).
fn is_whole(stage: &str) -> bool {
    matches!(stage, "wgsl-to-msl" | "wgsl-to-spv")
}

/// Times the MSL (and SPIR-V) stages on `functions_source` at
/// [`FUNCTION_COUNTS`] and checks tessera's MSL growth against
/// [`FUNCTION_TIME_BOUND`].
fn function_scaling() {
    let [small, large] = FUNCTION_COUNTS;
    let factor = large as f64 / small as f64;
    println!(
        "\nfunction-count scaling: {factor}x the functions ({small} -> {large}) should cost at most {FUNCTION_TIME_BOUND}x the time"
    );
    println!(
        "{:<12} {:>11} {:>11} {:>7} {:>11} {:>11} {:>7} {:>7} {:>7}  check",
        "stage", "tessera", "tessera", "growth", "naga", "naga", "growth", "ratio", "ratio"
    );
    println!(
        "{:<12} {small:>11} {large:>11} {:>7} {small:>11} {large:>11} {:>7} {small:>7} {large:>7}",
        "", "", ""
    );
    let sources = [functions_source(small), functions_source(large)];
    let repeat = repeat_count();
    // tessera's growth per stage in every run (for the summary below).
    let mut growths: Vec<(&str, Vec<f64>)> = Vec::new();
    for run in 1..=repeat {
        if repeat > 1 {
            println!("run {run} of {repeat}");
        }
        function_scaling_run(&sources, &mut growths);
    }
    if repeat > 1 {
        println!("\ntessera's growth, median of {repeat} runs (range):");
        for (stage, mut g) in growths {
            g.sort_by(f64::total_cmp);
            let median = g[g.len() / 2];
            let check = match median {
                _ if !is_msl_stage(stage) => "(reference)",
                m if m <= FUNCTION_TIME_BOUND => "ok",
                _ => "OVER",
            };
            println!(
                "{stage:<12} {median:>6.2}x ({:.2}-{:.2})  {check}",
                g[0],
                g[g.len() - 1]
            );
        }
    }
    function_sweep();
}

/// One run of the function-count check: each stage at both sizes, for
/// both compilers; appends tessera's growth per stage to `growths`.
fn function_scaling_run(sources: &[String; 2], growths: &mut Vec<(&'static str, Vec<f64>)>) {
    for stage in FUNCTION_STAGES {
        let [(t0, n0), (t1, n1)] = [0, 1].map(|i| function_stage_times(stage, &sources[i]));
        let ms = |d: Option<Duration>| {
            d.map_or("-".to_string(), |d| {
                format!("{:.2}ms", d.as_secs_f64() * 1e3)
            })
        };
        let div = |a: Option<Duration>, b: Option<Duration>| match (a, b) {
            (Some(a), Some(b)) if !b.is_zero() => Some(a.as_secs_f64() / b.as_secs_f64()),
            _ => None,
        };
        let show =
            |r: Option<f64>, suffix: &str| r.map_or("-".to_string(), |r| format!("{r:.2}{suffix}"));
        let growth = div(t1, t0);
        if let Some(g) = growth {
            match growths.iter_mut().find(|(s, _)| *s == stage) {
                Some((_, v)) => v.push(g),
                None => growths.push((stage, vec![g])),
            }
        }
        let check = match growth {
            _ if !is_msl_stage(stage) => "(reference)",
            Some(g) if g <= FUNCTION_TIME_BOUND => "ok",
            Some(_) => "OVER",
            None => "failed",
        };
        println!(
            "{:<12} {:>11} {:>11} {:>7} {:>11} {:>11} {:>7} {:>7} {:>7}  {check}",
            stage,
            ms(t0),
            ms(t1),
            show(growth, "x"),
            ms(n0),
            ms(n1),
            show(div(n1, n0), "x"),
            show(div(t0, n0), ""),
            show(div(t1, n1), ""),
        );
    }
}

/// The function counts of the per-function cost sweep (doublings).
const SWEEP_COUNTS: [usize; 5] = [1_000, 2_000, 4_000, 8_000, 16_000];

/// Prints the cost per function of the MSL stages (and naga's WGSL->MSL)
/// over doublings of the function count: a quadratic term would double it
/// at every step, a working set outgrowing a cache raises it once.
fn function_sweep() {
    println!(
        "\nper-function cost (us) as the function count doubles (x: against the previous count)"
    );
    print!("{:<18}", "stage");
    for n in SWEEP_COUNTS {
        print!(" {n:>14}");
    }
    println!();
    let sources: Vec<String> = SWEEP_COUNTS.iter().map(|&n| functions_source(n)).collect();
    for (stage, naga) in [
        ("wgsl-to-msl", false),
        ("msl-print", false),
        ("wgsl-to-msl", true),
    ] {
        let label = if naga {
            format!("{stage} (naga)")
        } else {
            stage.to_string()
        };
        print!("{label:<18}");
        let mut previous: Option<f64> = None;
        for (source, &n) in sources.iter().zip(&SWEEP_COUNTS) {
            let (t, nt) = function_stage_times_of(stage, source, !naga, naga);
            let per = if naga { nt } else { t }.map(|d| d.as_secs_f64() * 1e6 / n as f64);
            let cell = match (per, previous) {
                (Some(p), Some(q)) => format!("{p:.2} {:.2}x", p / q),
                (Some(p), None) => format!("{p:.2}"),
                _ => "-".to_string(),
            };
            print!(" {cell:>14}");
            previous = per;
        }
        println!();
    }
}

/// One timed step of tessera's pipeline.
type Step = (String, Duration);

/// Times a backend's lowering of `pipeline` step by step (the pipeline
/// copy, each pass, the analysis after the passes, the printer), appending
/// to `steps`. `lower` and `print` are the backend's.
fn timed_backend<I>(
    prefix: &str,
    pipeline: &tessera::pipeline::Pipeline,
    lower: impl Fn(
        &mut tessera::pipeline::Pipeline,
        &mut dyn FnMut(&str, &tessera::pipeline::Pipeline),
    ) -> Option<I>,
    print: impl Fn(&tessera::pipeline::Pipeline, &I) -> bool,
    steps: &mut Vec<Step>,
) -> bool {
    let t = Instant::now();
    let mut lowered = black_box(pipeline.clone());
    steps.push((format!("{prefix} copy"), t.elapsed()));
    let mut passes = Vec::new();
    let mut last = Instant::now();
    let info = lower(&mut lowered, &mut |name, _| {
        let took = last.elapsed();
        passes.push((format!("{prefix} pass {name}"), took));
        // Not counting the line above in the next pass.
        last = Instant::now();
    });
    let end = Instant::now();
    let Some(info) = info else {
        return false;
    };
    steps.extend(passes);
    steps.push((format!("{prefix} analyze"), end - last));
    let t = Instant::now();
    let ok = print(&lowered, &info);
    steps.push((format!("{prefix} print"), t.elapsed()));
    ok
}

/// tessera's steps on `source` once: the shared front (parse, validate,
/// pipeline step), then the SPIR-V and the MSL backend. `None` if a step
/// fails.
fn tessera_steps(source: &str) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    let t = Instant::now();
    let parsed = tessera::front::wgsl::parse_str(black_box(source)).ok()?;
    steps.push(("parse".to_string(), t.elapsed()));
    let t = Instant::now();
    let info = tessera::valid::validate(&parsed.module).ok()?;
    steps.push(("validate".to_string(), t.elapsed()));
    // The compile functions hand the module over (no copy): the copy
    // made here for the breakdown is not timed.
    let module = parsed.module.clone();
    let t = Instant::now();
    let pipeline = tessera::pipeline::process_owned(module, &info, &Default::default()).ok()?;
    steps.push(("pipeline".to_string(), t.elapsed()));
    let spv_options = tessera::back::spv::Options::default();
    let spv = timed_backend(
        "spv",
        &pipeline,
        |p, after| tessera::lower::spv::lower(p, &spv_options, after).ok(),
        |p, info| black_box(tessera::back::spv::print(&p.printed(), info, &spv_options)).is_ok(),
        &mut steps,
    );
    let msl_options = tessera::back::msl::Options::default();
    let msl = timed_backend(
        "msl",
        &pipeline,
        |p, after| tessera::lower::msl::lower(p, &msl_options, after).ok(),
        |p, info| black_box(tessera::back::msl::print(&p.printed(), info, &msl_options)).is_ok(),
        &mut steps,
    );
    (spv && msl).then_some(steps)
}

/// The median time of tessera's whole pipeline to MSL (`msl`) or SPIR-V,
/// with the default options or without the `unroll` pass
/// (`UnrollPolicy::Off`: `no_unroll`) and also without bounds checks
/// (`unchecked`), which is closer to what naga does by default.
fn variant_time(source: &str, msl: bool, no_unroll: bool, unchecked: bool) -> String {
    let unroll = if no_unroll {
        tessera::back::UnrollPolicy::Off
    } else {
        Default::default()
    };
    let d = if msl {
        let mut options = tessera::MslCompileOptions::default();
        options.msl.unroll = unroll;
        options.msl.bounds_checks &= !unchecked;
        if tessera::compile_to_msl(source, &options).is_err() {
            return "failed".to_string();
        }
        median_time(|| {
            let _ = black_box(tessera::compile_to_msl(black_box(source), &options));
        })
    } else {
        let mut options = tessera::CompileOptions::default();
        options.spv.unroll = unroll;
        options.spv.bounds_checks &= !unchecked;
        if tessera::compile_to_spirv(source, &options).is_err() {
            return "failed".to_string();
        }
        median_time(|| {
            let _ = black_box(tessera::compile_to_spirv(black_box(source), &options));
        })
    };
    format!("{:.1}us", d.as_secs_f64() * 1e6)
}

/// Prints, per input, the median time of each of tessera's steps and its
/// share of the whole WGSL->SPIR-V or WGSL->MSL pipeline (the front's
/// steps count in both), next to naga's stage times; this tells which step
/// makes tessera slower than naga on an input. The steps are timed one by
/// one, in a loop that alternates the two backends, so their sum is
/// higher than the pipeline measured as a whole (printed too, with and
/// without unrolling and bounds checks): read the shares, not the sums.
/// Runs only when `TESSERA_BENCH_PARTS` names `breakdown`.
fn breakdown(inputs: &[Input]) {
    println!(
        "\ntessera's steps, median time per run (share: of the whole pipeline to that backend)"
    );
    for input in inputs {
        let Some(first) = tessera_steps(&input.source) else {
            println!(
                "\n{}: tessera cannot compile it to both SPIR-V and MSL",
                input.name
            );
            continue;
        };
        let mut runs = vec![first];
        let budget = Instant::now();
        while runs.len() < 5 || (runs.len() < 200 && budget.elapsed() < Duration::from_millis(300))
        {
            match tessera_steps(&input.source) {
                Some(steps) if steps.len() == runs[0].len() => runs.push(steps),
                _ => break,
            }
        }
        let medians: Vec<Step> = (0..runs[0].len())
            .map(|k| {
                let mut times: Vec<Duration> = runs.iter().map(|r| r[k].1).collect();
                times.sort();
                (runs[0][k].0.clone(), times[times.len() / 2])
            })
            .collect();
        let front: Duration = medians
            .iter()
            .filter(|(n, _)| !n.starts_with("spv ") && !n.starts_with("msl "))
            .map(|s| s.1)
            .sum();
        let total = |prefix: &str| -> Duration {
            front
                + medians
                    .iter()
                    .filter(|(n, _)| n.starts_with(prefix))
                    .map(|s| s.1)
                    .sum::<Duration>()
        };
        let (spv_total, msl_total) = (total("spv "), total("msl "));
        let naga = input.naga.as_ref().ok();
        let naga_time = |stage: &str| -> String {
            naga.filter(|s| !is_msl_stage(stage) || s.msl.is_ok())
                .map_or("-".to_string(), |s| {
                    let d = median_time(|| naga_stage(stage, &input.source, s));
                    format!("{:.1}us", d.as_secs_f64() * 1e6)
                })
        };
        println!(
            "\n{} ({} bytes, {} runs): sum of tessera's steps to SPIR-V {:.1}us, to MSL {:.1}us; \
             naga parse {}, validate {}, spv-write {}, msl-write {}",
            input.name,
            input.source.len(),
            runs.len(),
            spv_total.as_secs_f64() * 1e6,
            msl_total.as_secs_f64() * 1e6,
            naga_time("parse"),
            naga_time("validate"),
            naga_time("spv-write"),
            naga_time("msl-write"),
        );
        for (label, msl) in [("wgsl-to-spv", false), ("wgsl-to-msl", true)] {
            println!(
                "  {label} measured whole: {} (naga {}); without unrolling {}; \
                 and without bounds checks (naga's defaults) {}",
                variant_time(&input.source, msl, false, false),
                naga_time(label),
                variant_time(&input.source, msl, true, false),
                variant_time(&input.source, msl, true, true),
            );
        }
        for (name, d) in &medians {
            let of = if name.starts_with("msl ") {
                msl_total
            } else {
                spv_total
            };
            let share = d.as_secs_f64() / of.as_secs_f64().max(1e-12) * 100.0;
            println!(
                "  {name:<44} {:>10.1}us {share:>5.1}%",
                d.as_secs_f64() * 1e6
            );
        }
    }
}

/// Whether `TESSERA_BENCH_PARTS` selects a part of the bench (absent: all
/// but `breakdown`, which runs only when named).
fn part_selected(part: &str) -> bool {
    match std::env::var("TESSERA_BENCH_PARTS") {
        Ok(list) => list.split(',').map(str::trim).any(|p| p == part),
        Err(_) => part != "breakdown",
    }
}

/// What a whole-process run compiles, by the name it has in
/// `TESSERA_BENCH_CHILD`: nothing (the process floor: start, read the
/// file, exit), or one compiler's whole pipeline to one backend.
const PROCESS_RUNS: [&str; 5] = ["none", "tessera-spv", "naga-spv", "tessera-msl", "naga-msl"];

/// The generated module of the whole-process part: 2,000 functions.
const PROCESS_FUNCTIONS: usize = 2000;

/// In a child process started by [`whole_process`]: compiles the file
/// `TESSERA_BENCH_CHILD_FILE` once as `what` says, then prints `ok` or
/// `failed` and the process's peak resident set in KiB (`VmHWM`; `-` where
/// `/proc` has none).
fn child(what: &str) {
    let path = std::env::var("TESSERA_BENCH_CHILD_FILE").unwrap_or_default();
    let source = std::fs::read_to_string(&path).unwrap_or_default();
    let ok = match what {
        "none" => !source.is_empty(),
        "tessera-spv" => black_box(tessera::compile_to_spirv(&source, &Default::default())).is_ok(),
        "tessera-msl" => black_box(tessera::compile_to_msl(&source, &Default::default())).is_ok(),
        "naga-spv" => naga_front(&source).map(|s| black_box(naga_spv(&s))).is_ok(),
        "naga-msl" => naga_front(&source)
            .and_then(|s| naga_msl_result(&s.module, &s.info))
            .map(black_box)
            .is_ok(),
        _ => false,
    };
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .map(|v| v.trim().trim_end_matches("kB").trim().to_string())
        })
        .unwrap_or_else(|| "-".to_string());
    println!("{} {peak}", if ok { "ok" } else { "failed" });
}

/// One child run: wall time from start to exit, and the child's report.
fn run_child(exe: &std::path::Path, file: &std::path::Path, what: &str) -> Option<(Duration, u64)> {
    let start = Instant::now();
    let out = std::process::Command::new(exe)
        .env("TESSERA_BENCH_CHILD", what)
        .env("TESSERA_BENCH_CHILD_FILE", file)
        .env_remove("TESSERA_BENCH_PARTS")
        .output()
        .ok()?;
    let wall = start.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    if words.next() != Some("ok") {
        return None;
    }
    let peak = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
    Some((wall, peak))
}

/// Whole-process cost on the generated module of [`PROCESS_FUNCTIONS`]
/// functions: each run is a fresh process (this bench binary, started
/// with `TESSERA_BENCH_CHILD`) that reads the file, compiles it once and
/// exits, so fresh-page faults, allocator growth and start-up count as
/// they do for a command-line compiler. The runs alternate compilers and
/// reverse their order every round; printed are the median wall time and
/// peak resident set of each, the same above the floor (a process that
/// only reads the file), and tessera / naga ratios.
fn whole_process() {
    let source = generated_functions(PROCESS_FUNCTIONS);
    let file = std::env::temp_dir().join(format!("tessera-bench-{}.wgsl", std::process::id()));
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            println!("\nwhole-process: skipped (no path to this binary: {e})");
            return;
        }
    };
    if let Err(e) = std::fs::write(&file, &source) {
        println!(
            "\nwhole-process: skipped (cannot write {}: {e})",
            file.display()
        );
        return;
    }
    let rounds = repeat_count().max(5);
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); PROCESS_RUNS.len()];
    let mut peaks: Vec<Vec<u64>> = vec![Vec::new(); PROCESS_RUNS.len()];
    for round in 0..rounds {
        let mut order: Vec<usize> = (0..PROCESS_RUNS.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for k in order {
            if let Some((wall, peak)) = run_child(&exe, &file, PROCESS_RUNS[k]) {
                times[k].push(wall);
                peaks[k].push(peak);
            }
        }
    }
    let _ = std::fs::remove_file(&file);
    let median = |v: &mut Vec<u64>| -> Option<u64> {
        v.sort_unstable();
        v.get(v.len() / 2).copied()
    };
    let mut ms: Vec<Option<f64>> = Vec::new();
    let mut kib: Vec<Option<u64>> = Vec::new();
    for k in 0..PROCESS_RUNS.len() {
        let mut t: Vec<u64> = times[k].iter().map(|d| d.as_micros() as u64).collect();
        ms.push(median(&mut t).map(|us| us as f64 / 1e3));
        kib.push(median(&mut peaks[k]));
    }
    println!(
        "\nwhole process, generated module of {PROCESS_FUNCTIONS} functions ({} bytes), \
         median of {rounds} fresh processes each",
        source.len()
    );
    println!(
        "{:<12} {:>10} {:>12} {:>12} {:>12}",
        "run", "wall ms", "above floor", "peak MiB", "above floor"
    );
    for (k, what) in PROCESS_RUNS.iter().enumerate() {
        let (Some(t), Some(p)) = (ms[k], kib[k]) else {
            println!("{what:<12} failed");
            continue;
        };
        let (t0, p0) = (ms[0].unwrap_or(0.0), kib[0].unwrap_or(0));
        println!(
            "{what:<12} {t:>10.1} {:>12.1} {:>12.1} {:>12.1}",
            t - t0,
            p as f64 / 1024.0,
            p.saturating_sub(p0) as f64 / 1024.0
        );
    }
    for (ours, theirs) in [(1, 2), (3, 4)] {
        let (Some(t), Some(n), Some(tp), Some(np), Some(t0), Some(p0)) =
            (ms[ours], ms[theirs], kib[ours], kib[theirs], ms[0], kib[0])
        else {
            continue;
        };
        println!(
            "{} / {}: time {:.2} ({:.2} above the floor), peak {:.2} ({:.2} above the floor)",
            PROCESS_RUNS[ours],
            PROCESS_RUNS[theirs],
            t / n,
            (t - t0) / (n - t0).max(1e-9),
            tp as f64 / np.max(1) as f64,
            tp.saturating_sub(p0) as f64 / np.saturating_sub(p0).max(1) as f64,
        );
    }
}

fn main() {
    if let Ok(what) = std::env::var("TESSERA_BENCH_CHILD") {
        child(&what);
        return;
    }
    let (inputs, skipped) = inputs();
    if part_selected("criterion") {
        let mut c = Criterion::default().configure_from_args();
        criterion_benches(&mut c, &inputs);
        c.final_summary();
    }
    if part_selected("ratio") {
        ratio_table(&inputs, &skipped);
    }
    if part_selected("scaling") {
        scaling();
        nesting_scaling();
    }
    if part_selected("functions") {
        function_scaling();
    }
    if part_selected("breakdown") {
        breakdown(&inputs);
    }
    if part_selected("process") {
        whole_process();
    }
}

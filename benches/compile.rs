//! Compile-time benchmarks: tessera against naga on the same inputs.
//!
//! Inputs: `benches/inputs/small.wgsl` (~50 lines), `medium.wgsl` (~500
//! lines of mixed kernels) and a ~3,000-line `large` module generated at
//! start by replicating `medium` with renamed declarations. For each input
//! and stage (parse, validate, SPIR-V write, whole WGSL->SPIR-V pipeline)
//! criterion measures both compilers with byte throughput; afterwards a
//! table of tessera/naga median-time ratios, measured in the same run with
//! a plain `Instant` loop, is printed (also under `--quick`). Finally a
//! scaling check times a long `a + b - c ...` chain and a module of many
//! functions at two sizes each and prints the cost per term/function.
//!
//! Run with `cargo bench --bench compile` (add `-- --quick` for a fast pass).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};

const SMALL: &str = include_str!("inputs/small.wgsl");
const MEDIUM: &str = include_str!("inputs/medium.wgsl");
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
}

fn tessera_prepare(source: &str) -> Result<TesseraState, String> {
    let parsed = tessera::front::wgsl::parse_str(source).map_err(|e| format!("parse: {e}"))?;
    let info = tessera::valid::validate(&parsed.module).map_err(|e| format!("validate: {e}"))?;
    let pipeline = tessera::pipeline::process(&parsed.module, &info, &Default::default())
        .map_err(|e| format!("pipeline: {e}"))?;
    tessera::back::spv::write(&pipeline, &Default::default()).map_err(|e| format!("spv: {e}"))?;
    Ok(TesseraState {
        module: parsed.module,
        pipeline,
    })
}

struct NagaState {
    module: naga::Module,
    info: naga::valid::ModuleInfo,
}

fn naga_validator() -> naga::valid::Validator {
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
}

fn naga_prepare(source: &str) -> Result<NagaState, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let info = naga_validator()
        .validate(&module)
        .map_err(|e| e.emit_to_string(source))?;
    Ok(NagaState { module, info })
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

/// The stages compared.
const STAGES: [&str; 4] = ["parse", "validate", "spv-write", "wgsl-to-spv"];

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
            let _ = black_box(tessera::back::spv::write(&s.pipeline, &Default::default()));
        }
        _ => {
            let _ = black_box(tessera::compile_to_spirv(
                black_box(source),
                &Default::default(),
            ));
        }
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
        _ => {
            if let Ok(s) = naga_prepare(black_box(source)) {
                black_box(naga_spv(&s));
            }
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
    name: &'static str,
    source: String,
    tessera: Result<TesseraState, String>,
    naga: Result<NagaState, String>,
}

fn inputs() -> Vec<Input> {
    [
        ("small", SMALL.to_string()),
        ("medium", MEDIUM.to_string()),
        ("large", large_input()),
    ]
    .into_iter()
    .map(|(name, source)| Input {
        name,
        tessera: tessera_prepare(&source),
        naga: naga_prepare(&source),
        source,
    })
    .collect()
}

fn criterion_benches(c: &mut Criterion, inputs: &[Input]) {
    for stage in STAGES {
        let mut group = c.benchmark_group(stage);
        for input in inputs {
            group.throughput(Throughput::Bytes(input.source.len() as u64));
            if let Ok(state) = &input.tessera {
                group.bench_with_input(BenchmarkId::new("tessera", input.name), state, |b, s| {
                    b.iter(|| tessera_stage(stage, &input.source, s))
                });
            }
            if let Ok(state) = &input.naga {
                group.bench_with_input(BenchmarkId::new("naga", input.name), state, |b, s| {
                    b.iter(|| naga_stage(stage, &input.source, s))
                });
            }
        }
        group.finish();
    }
}

fn ratio_table(inputs: &[Input]) {
    println!("\ntessera / naga, median time per run (lower ratio is better for tessera)");
    println!(
        "{:<12} {:<7} {:>9} {:>12} {:>12} {:>8}",
        "stage", "input", "bytes", "tessera", "naga", "ratio"
    );
    for stage in STAGES {
        for input in inputs {
            let tessera = match &input.tessera {
                Ok(s) => Ok(median_time(|| tessera_stage(stage, &input.source, s))),
                Err(e) => Err(e.clone()),
            };
            let naga = match &input.naga {
                Ok(s) => Ok(median_time(|| naga_stage(stage, &input.source, s))),
                Err(e) => Err(e.clone()),
            };
            let show = |r: &Result<Duration, String>| match r {
                Ok(d) => format!("{:.1}us", d.as_secs_f64() * 1e6),
                Err(_) => "failed".to_string(),
            };
            let ratio = match (&tessera, &naga) {
                (Ok(t), Ok(n)) if !n.is_zero() => {
                    format!("{:.2}", t.as_secs_f64() / n.as_secs_f64())
                }
                _ => "n/a".to_string(),
            };
            println!(
                "{:<12} {:<7} {:>9} {:>12} {:>12} {:>8}",
                stage,
                input.name,
                input.source.len(),
                show(&tessera),
                show(&naga),
                ratio
            );
        }
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

fn main() {
    let inputs = inputs();
    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c, &inputs);
    c.final_summary();
    ratio_table(&inputs);
    scaling();
}

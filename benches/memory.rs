//! Peak heap memory of a whole compile: tessera against naga 30 on the same
//! inputs, in the same process, with a counting global allocator.
//!
//! For each input, WGSL -> SPIR-V and WGSL -> MSL are run once per compiler
//! (parse, validate, pipeline step where tessera has one, write), and the
//! largest number of heap bytes live at once during the call, above what
//! was live before it, is printed with the tessera/naga ratio and tessera's
//! peak per input byte. The inputs: `benches/inputs/{small,medium,render}.wgsl`,
//! Tint's benchmark shaders (read from `../shared/corpus/tint/benchmark`
//! when present) and a generated compute module of 2,000 functions
//! (2.4 MB; issue 16 names a 1.5 MB module of 2,000 functions).
//!
//! Run with `cargo bench --bench memory`. The allocator counts with relaxed
//! atomics, for both compilers alike; timings are the `compile` bench's job.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = CURRENT.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

// SAFETY: every call forwards to the system allocator unchanged; the
// counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        CURRENT.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak heap bytes `f` holds at once (above what was live before).
fn peak_during<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let base = CURRENT.load(Relaxed);
    PEAK.store(base, Relaxed);
    let out = f();
    (PEAK.load(Relaxed).saturating_sub(base), out)
}

#[path = "bench_inputs/mod.rs"]
mod bench_inputs;
use bench_inputs::{
    generated_functions, tint_benchmark_dir, MEDIUM, RENDER, SMALL, TINT_BENCHMARKS,
};

fn naga_module(source: &str) -> Option<(naga::Module, naga::valid::ModuleInfo)> {
    let module = naga::front::wgsl::parse_str(source).ok()?;
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .ok()?;
    Some((module, info))
}

fn naga_spv(source: &str) -> Option<usize> {
    let (module, info) = naga_module(source)?;
    naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None)
        .ok()
        .map(|w| w.len())
}

fn naga_msl(source: &str) -> Option<usize> {
    let (module, info) = naga_module(source)?;
    let options = naga::back::msl::Options {
        lang_version: (2, 4),
        ..Default::default()
    };
    naga::back::msl::write_string(
        &module,
        &info,
        &options,
        &naga::back::msl::PipelineOptions::default(),
    )
    .ok()
    .map(|(s, _)| s.len())
}

fn tessera_spv(source: &str) -> Option<usize> {
    tessera::compile_to_spirv(source, &Default::default())
        .ok()
        .map(|o| o.words.len())
}

fn tessera_msl(source: &str) -> Option<usize> {
    tessera::compile_to_msl(source, &Default::default())
        .ok()
        .map(|o| o.source.len())
}

fn kib(bytes: usize) -> String {
    format!("{:.0} KiB", bytes as f64 / 1024.0)
}

fn main() {
    let mut inputs: Vec<(String, String)> = vec![
        ("small".into(), SMALL.into()),
        ("medium".into(), MEDIUM.into()),
        ("render".into(), RENDER.into()),
    ];
    let dir = tint_benchmark_dir();
    for name in TINT_BENCHMARKS {
        match std::fs::read_to_string(dir.join(format!("{name}.wgsl"))) {
            Ok(s) => inputs.push((name.to_string(), s)),
            Err(e) => println!("note: skipped the Tint benchmark input `{name}` ({e})"),
        }
    }
    inputs.push(("generated-2000-fns".into(), generated_functions(2000)));
    println!(
        "peak heap bytes live at once during one whole compile (tessera / naga 30, same process)"
    );
    println!(
        "{:<12} {:<28} {:>9} {:>11} {:>11} {:>6} {:>14}",
        "pipeline", "input", "bytes", "tessera", "naga", "ratio", "tessera/byte"
    );
    type Run = fn(&str) -> Option<usize>;
    let pipelines: [(&str, Run, Run); 2] = [
        ("wgsl-to-spv", tessera_spv, naga_spv),
        ("wgsl-to-msl", tessera_msl, naga_msl),
    ];
    for (pipeline, ours, theirs) in pipelines {
        for (name, source) in &inputs {
            // Warm once (lazy statics, first-use tables), then measure.
            let _ = ours(source);
            let _ = theirs(source);
            let (t, to) = peak_during(|| ours(source));
            let (n, no) = peak_during(|| theirs(source));
            let ratio = match (to, no) {
                (Some(_), Some(_)) if n > 0 => format!("{:.2}", t as f64 / n as f64),
                _ => "-".into(),
            };
            println!(
                "{:<12} {:<28} {:>9} {:>11} {:>11} {:>6} {:>14.1}",
                pipeline,
                name,
                source.len(),
                if to.is_some() { kib(t) } else { "fails".into() },
                if no.is_some() { kib(n) } else { "fails".into() },
                ratio,
                t as f64 / source.len() as f64
            );
        }
    }
}

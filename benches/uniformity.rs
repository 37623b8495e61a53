//! Uniformity-analysis benchmarks: generated modules of N functions (each
//! calling the previous one in a loop, with barriers), nests of loops of
//! depth D, and a loop with N short-circuit conditions, `continue`s and
//! `break`s, measuring the analysis alone (`valid::uniformity::analyze`)
//! and the whole validation with it, under criterion. Afterwards a table of
//! per-unit costs (per function, per loop level) measured with a plain
//! `Instant` loop is printed, with the ratio between consecutive sizes: a
//! linear analysis keeps the per-unit cost flat.
//!
//! Run with `cargo bench --bench uniformity` (add `-- --quick` for a fast
//! pass).

mod uniformity_gen;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use tessera::ir::Module;

fn module(src: &str) -> Module {
    match tessera::front::wgsl::parse_str(src) {
        Ok(p) => p.module,
        Err(e) => panic!("generated WGSL does not parse: {e:?}"),
    }
}

fn inputs() -> Vec<(String, usize, Module)> {
    let mut v = Vec::new();
    for n in [1000, 2000, 4000] {
        v.push((
            format!("functions/{n}"),
            n,
            module(&uniformity_gen::call_chain(n)),
        ));
    }
    for d in [16, 32, 64] {
        v.push((
            format!("loop_depth/{d}"),
            d,
            module(&uniformity_gen::loop_nest(d, 16)),
        ));
    }
    for n in [2000, 4000, 8000] {
        v.push((
            format!("jumps/{n}"),
            n,
            module(&uniformity_gen::jumps_in_loop(n)),
        ));
    }
    v
}

fn bench(c: &mut Criterion, inputs: &[(String, usize, Module)]) {
    let mut g = c.benchmark_group("uniformity");
    for (name, _, m) in inputs {
        g.bench_with_input(BenchmarkId::new("analyze", name), m, |b, m| {
            b.iter(|| black_box(tessera::valid::uniformity::analyze(black_box(m))))
        });
        g.bench_with_input(BenchmarkId::new("validate", name), m, |b, m| {
            b.iter(|| black_box(tessera::valid::validate(black_box(m)).is_ok()))
        });
    }
    g.finish();
}

/// Median seconds of `f` over enough runs to fill about 0.3 s.
fn median(mut f: impl FnMut()) -> f64 {
    let mut times = Vec::new();
    let start = Instant::now();
    while times.len() < 5 || (start.elapsed() < Duration::from_millis(300) && times.len() < 200) {
        let t = Instant::now();
        f();
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn table(inputs: &[(String, usize, Module)]) {
    println!("\nuniformity analysis cost per unit (unit: function, loop level or jump)");
    println!(
        "{:<20} {:>10} {:>10} {:>12} {:>12} {:>14} {:>10}",
        "input", "nodes", "edges", "analyze ms", "validate ms", "us/unit", "vs prev"
    );
    let mut prev: Option<(String, f64)> = None;
    for (name, units, m) in inputs {
        let a = tessera::valid::uniformity::analyze(m);
        assert!(a.errors.is_empty(), "{name}: {:?}", a.errors.first());
        let t_an = median(|| {
            black_box(tessera::valid::uniformity::analyze(black_box(m)));
        });
        let t_val = median(|| {
            black_box(tessera::valid::validate(black_box(m)).is_ok());
        });
        let per = t_an / *units as f64 * 1e6;
        let kind = name.split('/').next().unwrap_or("").to_string();
        let ratio = match &prev {
            Some((k, p)) if *k == kind => format!("{:.2}x", per / p),
            _ => "-".to_string(),
        };
        println!(
            "{:<20} {:>10} {:>10} {:>12.3} {:>12.3} {:>14.3} {:>10}",
            name,
            a.nodes,
            a.edges,
            t_an * 1e3,
            t_val * 1e3,
            per,
            ratio
        );
        prev = Some((kind, per));
    }
}

fn main() {
    let inputs = inputs();
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, &inputs);
    c.final_summary();
    table(&inputs);
}

//! The uniformity analysis is linear in the size of the module: the graph
//! it builds (nodes and edges) grows in proportion to the number of
//! functions and to the depth of loop nests, and deep or long inputs do
//! not overflow the stack. The generators are shared with
//! `benches/uniformity.rs`.

#[path = "../benches/uniformity_gen/mod.rs"]
mod gen;

use std::time::Instant;

fn analyze(src: &str) -> (tessera::valid::uniformity::Analysis, f64) {
    let parsed = tessera::front::wgsl::parse_str(src).expect("parses");
    let t = Instant::now();
    let a = tessera::valid::uniformity::analyze(&parsed.module);
    let secs = t.elapsed().as_secs_f64();
    assert!(a.errors.is_empty(), "{:?}", a.errors.first());
    (a, secs)
}

#[test]
fn graph_grows_linearly_with_function_count() {
    let sizes = [500, 1000, 2000];
    let results: Vec<_> = sizes
        .iter()
        .map(|&n| analyze(&gen::call_chain(n)))
        .collect();
    for (i, (a, secs)) in results.iter().enumerate() {
        eprintln!(
            "{} functions: {} nodes, {} edges, {:.2} ms",
            sizes[i],
            a.nodes,
            a.edges,
            secs * 1e3
        );
    }
    for w in results.windows(2) {
        let ratio = w[1].0.nodes as f64 / w[0].0.nodes as f64;
        assert!((1.9..2.1).contains(&ratio), "nodes ratio {ratio}");
        let ratio = w[1].0.edges as f64 / w[0].0.edges as f64;
        assert!((1.9..2.1).contains(&ratio), "edges ratio {ratio}");
    }
}

#[test]
fn graph_grows_linearly_with_loop_depth() {
    let depths = [16, 32, 64];
    let results: Vec<_> = depths
        .iter()
        .map(|&d| analyze(&gen::loop_nest(d, 8)))
        .collect();
    for (i, (a, secs)) in results.iter().enumerate() {
        eprintln!(
            "depth {}: {} nodes, {} edges, {:.2} ms",
            depths[i],
            a.nodes,
            a.edges,
            secs * 1e3
        );
    }
    // Each loop level assigns one variable of its own and one shared
    // variable: the joins of the shared one make the graph grow with
    // depth at most linearly per level, not with depth squared.
    for w in results.windows(2) {
        let ratio = w[1].0.edges as f64 / w[0].0.edges as f64;
        assert!((1.8..2.3).contains(&ratio), "edges ratio {ratio}");
    }
}

#[test]
fn graph_grows_linearly_with_jumps_and_temporaries_in_a_loop() {
    let sizes = [500, 1000, 2000];
    let results: Vec<_> = sizes
        .iter()
        .map(|&n| analyze(&gen::jumps_in_loop(n)))
        .collect();
    for (i, (a, secs)) in results.iter().enumerate() {
        eprintln!(
            "{} jumps: {} nodes, {} edges, {:.2} ms",
            sizes[i],
            a.nodes,
            a.edges,
            secs * 1e3
        );
    }
    for w in results.windows(2) {
        let ratio = w[1].0.edges as f64 / w[0].0.edges as f64;
        assert!((1.9..2.1).contains(&ratio), "edges ratio {ratio}");
    }
}

#[test]
fn long_expression_chain_is_fine() {
    let mut body = String::from("    var x = u.x");
    for i in 0..20_000 {
        body.push_str(if i % 2 == 0 { " + u.x" } else { " - 1u" });
    }
    body.push_str(";\n    if x > 0u { workgroupBarrier(); }\n");
    let src = format!(
        "struct U {{ x: u32 }}\n@group(0) @binding(0) var<uniform> u: U;\n@compute @workgroup_size(1)\nfn main() {{\n{body}}}\n"
    );
    let (a, _) = analyze(&src);
    assert!(a.nodes > 20_000);
}

/// Minimum over a few runs of `f`'s time, in seconds.
fn min_time(mut f: impl FnMut()) -> f64 {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Prints the per-unit cost table (run with `--ignored --nocapture`; the
/// criterion benchmark `benches/uniformity.rs` measures the same inputs in
/// an optimised build).
#[test]
#[ignore]
fn timing_table() {
    let mut inputs: Vec<(String, usize, String)> = Vec::new();
    for n in [1000, 2000, 4000] {
        inputs.push((format!("functions/{n}"), n, gen::call_chain(n)));
    }
    for d in [16, 32, 64] {
        inputs.push((format!("loop_depth/{d}"), d, gen::loop_nest(d, 16)));
    }
    for n in [2000, 4000, 8000] {
        inputs.push((format!("jumps/{n}"), n, gen::jumps_in_loop(n)));
    }
    println!(
        "{:<18} {:>8} {:>8} {:>11} {:>12} {:>10}",
        "input", "nodes", "edges", "analyze ms", "validate ms", "us/unit"
    );
    for (name, units, src) in inputs {
        let m = tessera::front::wgsl::parse_str(&src)
            .expect("parses")
            .module;
        let a = tessera::valid::uniformity::analyze(&m);
        let t_an = min_time(|| {
            std::hint::black_box(tessera::valid::uniformity::analyze(&m));
        });
        let t_val = min_time(|| {
            std::hint::black_box(tessera::valid::validate(&m).is_ok());
        });
        println!(
            "{:<18} {:>8} {:>8} {:>11.2} {:>12.2} {:>10.2}",
            name,
            a.nodes,
            a.edges,
            t_an * 1e3,
            t_val * 1e3,
            t_an / units as f64 * 1e6
        );
    }
}

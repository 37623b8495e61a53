//! Profiling driver for the front end (for callgrind / perf).
//!
//! `profile_front [N]` parses and resolves `benches/inputs/medium.wgsl` N
//! times; `profile_front chain` times each stage on a 50,000- and a
//! 100,000-term `a + b - c ...` chain.

use std::time::Instant;

fn chain(terms: usize) -> String {
    let mut expr = String::from("a");
    for i in 0..terms {
        expr.push_str(if i % 2 == 0 { " + b" } else { " - c" });
    }
    format!(
        "@group(0) @binding(0) var<storage, read_write> d: array<i32>;\n\
         @compute @workgroup_size(1)\nfn main() {{\n  let a = d[0];\n  let b = d[1];\n  \
         let c = d[2];\n  d[3] = {expr};\n}}\n"
    )
}

fn time<T>(f: impl Fn() -> T) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        std::hint::black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best * 1e3
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_default();
    if arg == "chain" {
        for terms in [25_000, 50_000, 100_000, 200_000] {
            let src = chain(terms);
            let parse = time(|| tessera::front::wgsl::parser::parse(&src).is_ok());
            let front = time(|| tessera::front::wgsl::parse_str(&src).is_ok());
            let all = time(|| tessera::compile_to_spirv(&src, &Default::default()).is_ok());
            println!("{terms}: parse {parse:.2} ms, parse+resolve {front:.2} ms, all {all:.2} ms");
        }
        return;
    }
    let source = include_str!("../benches/inputs/medium.wgsl");
    let n: usize = arg.parse().unwrap_or(20);
    let mut ok = 0;
    for _ in 0..n {
        if let Ok(tu) = tessera::front::wgsl::parser::parse(source) {
            if tessera::front::wgsl::resolve::resolve(tu).is_ok() {
                ok += 1;
            }
        }
    }
    println!("{ok}/{n} ok");
}

//! Times each lowering pass of a backend on one input (median of N runs
//! on fresh copies of the pipeline): `pass_probe FILE N [msl]`.
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let msl = std::env::args().nth(3).is_some();
    let source = std::fs::read_to_string(&path).unwrap();
    let parsed = tessera::front::wgsl::parse_str(&source).unwrap();
    let info = tessera::valid::validate(&parsed.module).unwrap();
    let p = tessera::pipeline::process(&parsed.module, &info, &Default::default()).unwrap();
    let mut acc: Vec<(String, Vec<f64>)> = Vec::new();
    for _ in 0..n {
        let mut q = p.clone();
        let mut last = Instant::now();
        let mut k = 0;
        let mut cb = |name: &str, _: &tessera::pipeline::Pipeline| {
            let now = Instant::now();
            if acc.len() <= k {
                acc.push((name.to_string(), Vec::new()));
            }
            acc[k].1.push((now - last).as_secs_f64() * 1e6);
            k += 1;
            last = Instant::now();
        };
        if msl {
            let o = Default::default();
            std::hint::black_box(tessera::lower::msl::lower(&mut q, &o, &mut cb).unwrap());
        } else {
            let o = Default::default();
            std::hint::black_box(tessera::lower::spv::lower(&mut q, &o, &mut cb).unwrap());
        }
    }
    let mut total = 0.0;
    for (name, mut v) in acc {
        v.sort_by(f64::total_cmp);
        total += v[v.len() / 2];
        println!("{name:<24} {:>8.1} us", v[v.len() / 2]);
    }
    println!("total {total:.1} us");
}

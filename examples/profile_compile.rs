//! Profiling driver for whole compiles (for `perf record`).
//!
//! `profile_compile FILE spv|msl|parse|validate [N]` compiles FILE N times (default
//! 2,000) to SPIR-V or MSL (or only parses and resolves it, or
//! validates one parse N times) with the default options and prints the
//! median time per compile. `profile_compile FILE dump-spv|dump-msl`
//! writes the output once to stdout (words as hex), for comparing builds.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(target)) = (args.next(), args.next()) else {
        eprintln!("usage: profile_compile FILE spv|msl|dump-spv|dump-msl [N]");
        std::process::exit(2);
    };
    let source = std::fs::read_to_string(&path).expect("readable input");
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let spv = || tessera::compile_to_spirv(&source, &Default::default());
    let msl = || tessera::compile_to_msl(&source, &Default::default());
    match target.as_str() {
        "dump-spv" => {
            let words = spv().map(|o| o.words).unwrap_or_default();
            for w in words {
                println!("{w:08x}");
            }
            return;
        }
        "dump-msl" => {
            print!("{}", msl().map(|o| o.source).unwrap_or_default());
            return;
        }
        "validate" => {
            // The validator alone, on one parse.
            let parsed = tessera::front::wgsl::parse_str(&source).expect("valid input");
            let mut times = Vec::with_capacity(n);
            for _ in 0..n {
                let t = Instant::now();
                std::hint::black_box(tessera::valid::validate(&parsed.module).is_ok());
                times.push(t.elapsed().as_secs_f64());
            }
            times.sort_by(f64::total_cmp);
            println!("{:.1} us median", times[n / 2] * 1e6);
            return;
        }
        "print-msl" | "print-spv" => {
            // The printer alone, on the lowered IR of one compile.
            let parsed = tessera::front::wgsl::parse_str(&source).expect("valid input");
            let info = tessera::valid::validate(&parsed.module).expect("valid input");
            let mut p =
                tessera::pipeline::process(&parsed.module, &info, &Default::default()).unwrap();
            let mut times = Vec::with_capacity(n);
            if target == "print-msl" {
                let o = Default::default();
                let lowered = tessera::lower::msl::lower(&mut p, &o, &mut |_, _| {}).unwrap();
                for _ in 0..n {
                    let t = Instant::now();
                    std::hint::black_box(
                        tessera::back::msl::print(&p.printed(), &lowered, &o).is_ok(),
                    );
                    times.push(t.elapsed().as_secs_f64());
                }
            } else {
                let o = Default::default();
                let lowered = tessera::lower::spv::lower(&mut p, &o, &mut |_, _| {}).unwrap();
                for _ in 0..n {
                    let t = Instant::now();
                    std::hint::black_box(
                        tessera::back::spv::print(&p.printed(), &lowered, &o).is_ok(),
                    );
                    times.push(t.elapsed().as_secs_f64());
                }
            }
            times.sort_by(f64::total_cmp);
            println!("{:.1} us median", times[n / 2] * 1e6);
            return;
        }
        _ => {}
    }
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        let ok = if target == "parse" {
            tessera::front::wgsl::parse_str(&source).is_ok()
        } else if target == "spv" {
            spv().is_ok()
        } else {
            msl().is_ok()
        };
        std::hint::black_box(ok);
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!("{:.1} us median", times[n / 2] * 1e6);
}

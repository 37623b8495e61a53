//! `tessera-gen --seed N [--count K] [--out DIR]`: writes the generated
//! programs for seeds N..N+K as `DIR/seed-N.wgsl`, or prints the program
//! for one seed when no `--out` is given.

use std::path::PathBuf;
use std::process::ExitCode;

use tessera_difftest::{generate, GenOptions};

fn usage() -> ExitCode {
    eprintln!(
        "usage: tessera-gen --seed N [--count K] [--out DIR] [--small] [--f16] [--subgroups] [--storage-pointers]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut seed: Option<u64> = None;
    let mut count = 1u64;
    let mut out: Option<PathBuf> = None;
    let mut options = GenOptions::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seed" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => seed = Some(v),
                None => return usage(),
            },
            "--count" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => count = v,
                None => return usage(),
            },
            "--out" => match args.next() {
                Some(v) => out = Some(PathBuf::from(v)),
                None => return usage(),
            },
            "--small" => options = GenOptions::small(),
            "--f16" => options.f16 = true,
            "--subgroups" => options.subgroups = true,
            "--storage-pointers" => options.storage_pointers = true,
            "-h" | "--help" => {
                usage();
                return ExitCode::SUCCESS;
            }
            _ => return usage(),
        }
    }
    let Some(seed) = seed else {
        return usage();
    };
    match out {
        None => {
            for s in seed..seed.saturating_add(count) {
                print!("{}", generate(s, &options).wgsl);
            }
        }
        Some(dir) => {
            if let Err(e) = std::fs::create_dir_all(&dir) {
                eprintln!("tessera-gen: {}: {e}", dir.display());
                return ExitCode::FAILURE;
            }
            for s in seed..seed.saturating_add(count) {
                let p = generate(s, &options);
                let path = dir.join(format!("seed-{s}.wgsl"));
                if let Err(e) = std::fs::write(&path, &p.wgsl) {
                    eprintln!("tessera-gen: {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    ExitCode::SUCCESS
}

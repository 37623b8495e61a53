//! `tessera-difftest`: the differential campaign. Generates the programs
//! of a seed range, compiles each with tessera (optimised and not), naga
//! 30 and, where naga rejects or disagrees, Tint, runs them on a Vulkan
//! device and compares the output buffers (`tessera_difftest::diff`).
//!
//! ```text
//! tessera-difftest [--from N] [--count K] [--stride S] [--seconds T] [--results FILE] [--out DIR] [--device NAME]
//! tessera-difftest --reduce SEED [--device NAME]
//! tessera-difftest --file F.wgsl --from SEED [--skip-pass NAME]... [--device NAME]
//! tessera-difftest --reduce-split SEED [--file F.wgsl] [--out DIR] [--device NAME]
//! tessera-difftest --from SEED --repeat N [--only COMPILER]... [--spv M.spv]... [--file F.wgsl] [--out DIR] [--device NAME]
//! ```
//!
//! `--repeat N` compiles seed SEED's program (or F) every way, runs each
//! module N times and prints each run's digest: a compiler whose own runs
//! differ shows a nondeterministic device or a race in the program, not a
//! miscompile. `--only` (`tessera`, `no-optimize`, `naga`, `tint`) runs
//! only the compilers named. With `--out`, the modules go to `DIR/seed-SEED/`.
//! `--spv M.spv` also runs module M (a compiler's module edited by hand, to
//! show which instruction a driver gets wrong) with the same buffers.
//!
//! `--file` runs F (seed SEED's program, edited by hand) with that seed's
//! buffers every way and prints the verdict; `--skip-pass` leaves passes
//! out of the first tessera compile (to find the pass a difference comes
//! from).
//!
//! `--reduce-split SEED` shrinks seed SEED's program (or F) while the
//! compilers' modules give at least two different results on the device
//! (`diff::distinct_results`): for a difference one device shows and
//! another (lavapipe) does not, where the driver is in question. With
//! `--out`, every smaller program that keeps the difference is written to
//! `DIR/reduced-SEED.wgsl` as it is found.
//!
//! `--reduce SEED` shrinks seed SEED's program while it keeps its verdict
//! (`tessera_difftest::reduce`) and prints the reproducer.
//!
//! One process runs one device, seeds `N, N+S, N+2S, ...` (K of them, or
//! as many as fit in T seconds).
//! Parallel campaigns are several processes with the same `--stride` and
//! different `--from` (`scripts/difftest.sh`): a shader that never ends
//! can leave a CPU driver's threads busy, so devices are not shared
//! between threads. Seeds rotate through option sets
//! (`diff::options_for`).
//!
//! Each seed appends one line to `--results` (`SEED VERDICT`, VERDICT one
//! of `agree`, `agree-tint` (naga rejects; Tint agrees), `naga-differs`
//! (Tint agrees with tessera), `no-reference`, `tessera-rejects`,
//! `mismatch-optimisation`, `mismatch-tessera`, `mismatch-unexplained`,
//! `hung`, `run-failed`); every verdict but the two `agree`s also writes
//! `--out/seed-N.wgsl` with the details in a comment.
//!
//! Exit status: 0 when every seed ran and none is a tessera problem; 1 when
//! one is; 4 after a hang (the device is unusable: the last line of
//! `--results` says which seed, and a driver resumes after it); 2 for bad
//! arguments; 3 without a Vulkan device.

use std::io::Write;
use std::path::PathBuf;

use tessera_difftest::diff::{
    check_program, check_program_with, check_seed, distinct_results, options_for, repeat_program,
    Compilers, MismatchClass, Verdict,
};
use tessera_difftest::generate;
use tessera_runner::vulkan::{Device, DeviceChoice};

/// The result word of a verdict, and whether it is a tessera problem.
fn classify(v: &Verdict) -> (&'static str, bool) {
    match v {
        Verdict::Agree { naga: true, .. } => ("agree", false),
        Verdict::Agree { naga: false, .. } => ("agree-tint", false),
        Verdict::Mismatch(m) => match m.class {
            MismatchClass::Naga => ("naga-differs", false),
            MismatchClass::Optimisation => ("mismatch-optimisation", true),
            MismatchClass::Tessera => ("mismatch-tessera", true),
            MismatchClass::Unexplained => ("mismatch-unexplained", true),
        },
        Verdict::NoReference(_) => ("no-reference", false),
        Verdict::TesseraRejects(_) => ("tessera-rejects", true),
        Verdict::Hung(_) => ("hung", true),
        Verdict::RunFailed(_) => ("run-failed", true),
    }
}

fn main() {
    let mut from = 0u64;
    let mut count = 1000u64;
    let mut stride = 1u64;
    let mut seconds: Option<f64> = None;
    let mut results: Option<PathBuf> = None;
    let mut out: Option<PathBuf> = None;
    let mut device = DeviceChoice::First;
    let mut reduce_seed: Option<u64> = None;
    let mut file: Option<PathBuf> = None;
    let mut skip: Vec<String> = Vec::new();
    let mut timeout = 120u64;
    let mut repeat: Option<usize> = None;
    let mut only: Vec<String> = Vec::new();
    let mut split_seed: Option<u64> = None;
    let mut spv: Vec<PathBuf> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next();
        match (a.as_str(), v) {
            ("--from", Some(v)) => from = v.parse().unwrap_or_else(|_| usage()),
            ("--count", Some(v)) => count = v.parse().unwrap_or_else(|_| usage()),
            ("--stride", Some(v)) => stride = v.parse().unwrap_or_else(|_| usage()),
            ("--seconds", Some(v)) => seconds = Some(v.parse().unwrap_or_else(|_| usage())),
            ("--results", Some(v)) => results = Some(v.into()),
            ("--out", Some(v)) => out = Some(v.into()),
            ("--device", Some(v)) => device = DeviceChoice::parse(&v),
            ("--reduce", Some(v)) => reduce_seed = Some(v.parse().unwrap_or_else(|_| usage())),
            ("--file", Some(v)) => file = Some(v.into()),
            ("--skip-pass", Some(v)) => skip.push(v),
            ("--timeout", Some(v)) => timeout = v.parse().unwrap_or_else(|_| usage()),
            ("--only", Some(v)) => only.push(v),
            ("--spv", Some(v)) => spv.push(PathBuf::from(v)),
            ("--reduce-split", Some(v)) => split_seed = Some(v.parse().unwrap_or_else(|_| usage())),
            ("--repeat", Some(v)) => repeat = Some(v.parse().unwrap_or_else(|_| usage())),
            _ => usage(),
        }
    }
    if stride == 0 {
        usage();
    }
    if let Some(dir) = &out {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("tessera-difftest: cannot create {}: {e}", dir.display());
            std::process::exit(2);
        }
    }
    let mut log = results.as_ref().map(|p| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
            .unwrap_or_else(|e| {
                eprintln!("tessera-difftest: cannot open {}: {e}", p.display());
                std::process::exit(2);
            })
    });
    let compilers = Compilers::find();
    let mut dev = match Device::open(&device, false) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("tessera-difftest: {e}");
            std::process::exit(3);
        }
    };
    dev.timeout = std::time::Duration::from_secs(timeout);
    if let Some(n) = repeat {
        // One seed (or `--file` with its seed's buffers), every way, n runs each.
        let p = generate(from, &options_for(from));
        let text = match &file {
            Some(path) => read_or_exit(path),
            None => p.wgsl.clone(),
        };
        let dir = out.as_ref().map(|d| d.join(format!("seed-{from}")));
        if let Some(d) = &dir {
            let _ = std::fs::create_dir_all(d);
            let _ = std::fs::write(d.join("program.wgsl"), &text);
        }
        let extra: Vec<(String, Vec<u32>)> = spv
            .iter()
            .map(|f| {
                let bytes = read_bytes_or_exit(f);
                if bytes.len() % 4 != 0 {
                    eprintln!("tessera-difftest: {} is not a SPIR-V module", f.display());
                    std::process::exit(2);
                }
                let words = bytes
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect();
                let name = f
                    .file_stem()
                    .map_or("spv".into(), |s| s.to_string_lossy().into_owned());
                (name, words)
            })
            .collect();
        println!(
            "seed {from}:\n{}",
            repeat_program(
                &dev,
                &text,
                &p,
                &compilers,
                n,
                dir.as_deref(),
                &only,
                &extra
            )
        );
        return;
    }
    if let Some(seed) = split_seed {
        let p = generate(seed, &options_for(seed));
        let text = match &file {
            Some(path) => read_or_exit(path),
            None => p.wgsl.clone(),
        };
        let first = distinct_results(&dev, &text, &p, &compilers);
        println!("// seed {seed}: {first} different results");
        if first < 2 {
            return;
        }
        // With --out, each smaller program that keeps the difference is
        // written as it is found, so a reduction stopped early keeps its best.
        let progress = out.as_ref().map(|d| d.join(format!("reduced-{seed}.wgsl")));
        let reduced =
            tessera_difftest::reduce::reduce(&text, tessera_difftest::reduce::keep_for_runs, |t| {
                let keep = distinct_results(&dev, t, &p, &compilers) >= 2;
                if let (true, Some(f)) = (keep, &progress) {
                    let _ = std::fs::write(f, format!("{}\n{t}", p.header()));
                }
                keep
            });
        println!(
            "// reduced: {} different results\n{}\n{reduced}",
            distinct_results(&dev, &reduced, &p, &compilers),
            p.header()
        );
        return;
    }
    if let Some(path) = file {
        let text = read_or_exit(&path);
        let p = generate(from, &options_for(from));
        let mut options = tessera::CompileOptions::default();
        options.spv.skip_passes = skip;
        let v = check_program_with(&dev, &text, &p, &compilers, &options);
        println!("{}: {}: {v:?}", path.display(), classify(&v).0);
        return;
    }
    if let Some(seed) = reduce_seed {
        reduce(dev, &device, seed, &compilers);
        return;
    }
    let mut tally: std::collections::BTreeMap<&str, u64> = Default::default();
    let mut bad = false;
    let start = std::time::Instant::now();
    let mut ran = 0;
    let watch = watchdog(results.clone(), 2 * timeout + 30);
    for i in 0..count {
        if seconds.is_some_and(|t| start.elapsed().as_secs_f64() > t) {
            break;
        }
        ran = i + 1;
        let seed = from + i * stride;
        watch.begin(seed);
        let verdict = check_seed(&dev, seed, &options_for(seed), &compilers);
        let (word, problem) = classify(&verdict);
        *tally.entry(word).or_default() += 1;
        bad |= problem;
        if let Some(f) = &mut log {
            let _ = writeln!(f, "{seed} {word}");
        }
        if !word.starts_with("agree") {
            let detail = format!("{verdict:?}");
            eprintln!(
                "seed {seed}: {word}: {}",
                detail.lines().next().unwrap_or("")
            );
            if let Some(dir) = &out {
                let p = generate(seed, &options_for(seed));
                let text = format!(
                    "// seed {seed}: {word}: {}\n{}",
                    detail.replace('\n', "\n// "),
                    p.wgsl
                );
                let _ = std::fs::write(dir.join(format!("seed-{seed}.wgsl")), text);
            }
        }
        if matches!(verdict, Verdict::Hung(_)) {
            report(&tally, i + 1, start);
            std::process::exit(4);
        }
        if (i + 1) % 1000 == 0 {
            eprintln!("{} programs, {:.0} s", i + 1, start.elapsed().as_secs_f64());
        }
    }
    report(&tally, ran, start);
    std::process::exit(i32::from(bad));
}

/// The seed in progress and when it began (milliseconds since the
/// watchdog started; 0 when none is).
struct Watch {
    seed: std::sync::atomic::AtomicU64,
    began_ms: std::sync::atomic::AtomicU64,
    epoch: std::time::Instant,
}

impl Watch {
    fn begin(&self, seed: u64) {
        use std::sync::atomic::Ordering::SeqCst;
        self.seed.store(seed, SeqCst);
        let ms = self.epoch.elapsed().as_millis() as u64;
        self.began_ms.store(ms.max(1), SeqCst);
    }
}

/// A thread that ends the process when one seed takes longer than
/// `limit_s` seconds in all. The dispatch has its own time limit, but a
/// driver can also hang while it builds the pipeline (lavapipe recursing
/// over a program's control flow), where no fence wait can time out.
/// The seed is logged as `hung` in `results` and the exit status is 4, so
/// `scripts/difftest.sh` resumes after it.
fn watchdog(results: Option<PathBuf>, limit_s: u64) -> std::sync::Arc<Watch> {
    use std::sync::atomic::Ordering::SeqCst;
    let w = std::sync::Arc::new(Watch {
        seed: 0.into(),
        began_ms: 0.into(),
        epoch: std::time::Instant::now(),
    });
    let watched = w.clone();
    std::thread::spawn(move || loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
        let began = watched.began_ms.load(SeqCst);
        let now = watched.epoch.elapsed().as_millis() as u64;
        if began != 0 && now.saturating_sub(began) > limit_s * 1000 {
            let seed = watched.seed.load(SeqCst);
            eprintln!(
                "seed {seed}: hung: no verdict after {limit_s} s (the driver did not return)"
            );
            if let Some(p) = &results {
                if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(p) {
                    let _ = writeln!(f, "{seed} hung");
                }
            }
            std::process::exit(4);
        }
    });
    w
}

/// Shrinks seed `seed`'s program while its verdict stays, and prints it.
fn reduce(mut dev: Device, choice: &DeviceChoice, seed: u64, compilers: &Compilers) {
    let p = generate(seed, &options_for(seed));
    let first = check_seed(&dev, seed, &options_for(seed), compilers);
    let (word, _) = classify(&first);
    println!("// seed {seed}: {word}: {first:?}");
    if word.starts_with("agree") || word == "hung" {
        return;
    }
    let reduced = tessera_difftest::reduce::reduce(
        &p.wgsl,
        tessera_difftest::reduce::keep_for_runs,
        |text| {
            let v = check_program(&dev, text, &p, compilers);
            if matches!(v, Verdict::Hung(_)) {
                dev = Device::open(choice, false).unwrap_or_else(|e| {
                    eprintln!("tessera-difftest: {e}");
                    std::process::exit(3);
                });
                dev.timeout = std::time::Duration::from_secs(120);
                return false;
            }
            classify(&v).0 == word
        },
    );
    let last = check_program(&dev, &reduced, &p, compilers);
    println!("// reduced: {last:?}\n{}\n{reduced}", p.header());
}

fn report(tally: &std::collections::BTreeMap<&str, u64>, n: u64, start: std::time::Instant) {
    let parts: Vec<String> = tally.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!(
        "{n} programs in {:.0} s: {}",
        start.elapsed().as_secs_f64(),
        parts.join(", ")
    );
}

fn usage() -> ! {
    eprintln!(
        "usage: tessera-difftest [--from N] [--count K] [--stride S] [--seconds T] [--results FILE] [--out DIR] [--device INDEX|NAME]\n       tessera-difftest --reduce SEED [--device INDEX|NAME]\n       tessera-difftest --from SEED --repeat N [--file F.wgsl] [--out DIR]"
    );
    std::process::exit(2);
}

/// The bytes of `path`; exits 2 (a usage error) when it cannot be read.
fn read_bytes_or_exit(path: &std::path::Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("tessera-difftest: cannot read {}: {e}", path.display());
        std::process::exit(2);
    })
}

/// The text of `path` (a WGSL program); exits 2 when it cannot be read.
fn read_or_exit(path: &std::path::Path) -> String {
    String::from_utf8(read_bytes_or_exit(path)).unwrap_or_else(|_| {
        eprintln!("tessera-difftest: {} is not UTF-8 text", path.display());
        std::process::exit(2);
    })
}

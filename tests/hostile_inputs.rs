//! Hostile inputs end quickly, in bounded memory, with output or a clear
//! error, in every backend (SPIR-V, MSL, WGSL).
//!
//! Cases: the files in `tests/hostile/` (small modules whose naive
//! compilation is exponential or enormous; a leading `// expect: ok` or
//! `// expect: error TEXT` line states the outcome) and the generators in
//! `tests/hostile_gen` (deep nesting, long chains, many names, ...), built
//! at [`generated_bytes`] bytes.
//!
//! Each (case, backend) runs in a child process (this test binary, test
//! `child`), so a runaway case is killed at its deadline instead of hanging
//! the test, and a counting global allocator measures the child's peak heap
//! use (and refuses allocations past 1 GiB, aborting the child). The
//! SPIR-V and MSL runs use no device limits (as the CLI does), so the
//! bounds must hold without them.
//!
//! `TESSERA_HOSTILE_DUMP=DIR cargo test --test hostile_inputs dump` writes
//! the generated cases (1 MiB each, or `TESSERA_HOSTILE_BYTES`) to `DIR` for
//! `scripts/hostile-measure.sh`.

mod hostile_gen;

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hostile_gen::Expect;

/// Counts live heap bytes and their peak; refuses to go past [`HARD_CAP`].
struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Allocations beyond this many live bytes fail (the child aborts).
const HARD_CAP: usize = 1 << 30;

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !grow(layout.size()) {
            return std::ptr::null_mut();
        }
        let p = System.alloc(layout);
        if p.is_null() {
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !grow(layout.size()) {
            return std::ptr::null_mut();
        }
        let p = System.alloc_zeroed(layout);
        if p.is_null() {
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() && !grow(new_size - layout.size()) {
            return std::ptr::null_mut();
        }
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() {
            if new_size > layout.size() {
                CURRENT.fetch_sub(new_size - layout.size(), Ordering::Relaxed);
            }
        } else if new_size < layout.size() {
            CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        p
    }
}

/// Adds `n` live bytes; `false` (and nothing added) past the hard cap.
fn grow(n: usize) -> bool {
    let now = CURRENT.fetch_add(n, Ordering::Relaxed) + n;
    if now > HARD_CAP {
        CURRENT.fetch_sub(n, Ordering::Relaxed);
        return false;
    }
    PEAK.fetch_max(now, Ordering::Relaxed);
    true
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The budget every case must meet: WGSL inputs of 1 MB or less end within
/// 2 s (optimised build) and 256 MB.
const MEMORY_LIMIT: usize = 256 << 20;

/// The time limit; unoptimised builds get a factor for the debug build.
fn time_limit() -> Duration {
    if cfg!(debug_assertions) {
        Duration::from_secs(20)
    } else {
        Duration::from_secs(2)
    }
}

/// Size of the generated cases: `TESSERA_HOSTILE_BYTES`, else 1 MiB in an
/// optimised build and 256 KiB in a debug build.
fn generated_bytes() -> usize {
    std::env::var("TESSERA_HOSTILE_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) {
            256 << 10
        } else {
            1 << 20
        })
}

const BACKENDS: [&str; 3] = ["spv", "msl", "wgsl"];
const CHILD_ENV: &str = "TESSERA_HOSTILE_CHILD";

/// Pipeline options with no device limits, as the CLI compiles.
fn no_device_limits() -> tessera::pipeline::PipelineOptions {
    tessera::pipeline::PipelineOptions {
        max_workgroup_storage_size: u32::MAX,
        max_invocations: u32::MAX,
        max_workgroup_size: [u32::MAX; 3],
        ..Default::default()
    }
}

/// Compiles `source` for `backend`: `Ok(output bytes)` or the error.
fn compile(source: &str, backend: &str) -> Result<usize, tessera::Error> {
    match backend {
        "spv" => tessera::compile_to_spirv(
            source,
            &tessera::CompileOptions {
                pipeline: no_device_limits(),
                ..Default::default()
            },
        )
        .map(|o| o.words.len() * 4)
        .map_err(|e| e.error().clone()),
        "msl" => tessera::compile_to_msl(
            source,
            &tessera::MslCompileOptions {
                pipeline: no_device_limits(),
                ..Default::default()
            },
        )
        .map(|o| o.source.len())
        .map_err(|e| e.error().clone()),
        _ => {
            let parsed = tessera::front::wgsl::parse_str(source)?;
            tessera::valid::validate(&parsed.module)?;
            tessera::back::wgsl::write(&parsed.module).map(|s| s.len())
        }
    }
}

/// Runs in the child process: compiles one case and prints one line,
/// `RESULT <micros> <peak bytes> ok <output bytes>` or
/// `RESULT <micros> <peak bytes> error <start> <end> <message>`.
#[test]
fn child() {
    let Ok(spec) = std::env::var(CHILD_ENV) else {
        return;
    };
    let (backend, path) = spec.split_once(':').expect("backend:path");
    let source = std::fs::read_to_string(path).expect("case file");
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let result = compile(&source, backend);
    let micros = start.elapsed().as_micros();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    // The harness prints `test child ... ` on the same line first.
    match result {
        Ok(n) => println!("RESULT {micros} {peak} ok {n}"),
        Err(e) => {
            let d = e.errors().next().or(e.diagnostics.first());
            let (span, message) = d.map_or(((0, 0), String::from("<no diagnostic>")), |d| {
                ((d.span.start, d.span.end), d.message.clone())
            });
            println!(
                "RESULT {micros} {peak} error {} {} {}",
                span.0,
                span.1,
                message.replace('\n', "\\n")
            );
        }
    }
}

/// What one (case, backend) run did.
#[derive(Debug)]
enum Outcome {
    Ok {
        micros: u64,
        peak: usize,
        output: usize,
    },
    Error {
        micros: u64,
        peak: usize,
        span: (usize, usize),
        message: String,
    },
    /// Killed at the deadline.
    Timeout,
    /// Exited without a result (allocation refused past the cap, stack
    /// overflow, panic).
    Crashed(String),
}

fn run_child(backend: &str, path: &Path, deadline: Duration) -> Outcome {
    let exe = std::env::current_exe().expect("test binary");
    let mut child = Command::new(exe)
        .args(["child", "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, format!("{backend}:{}", path.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn child");
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Outcome::Timeout;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Outcome::Crashed(e.to_string()),
        }
    };
    let mut out = String::new();
    let mut err = String::new();
    if let Some(mut s) = child.stdout.take() {
        let _ = s.read_to_string(&mut out);
    }
    if let Some(mut s) = child.stderr.take() {
        let _ = s.read_to_string(&mut err);
    }
    let Some(line) = out
        .lines()
        .find_map(|l| l.find("RESULT ").map(|i| &l[i + "RESULT ".len()..]))
    else {
        let tail: String = err.lines().rev().take(3).collect::<Vec<_>>().join(" / ");
        return Outcome::Crashed(format!("{status}: {tail}"));
    };
    let mut parts = line.splitn(6, ' ');
    let mut next = || parts.next().unwrap_or("");
    let micros = next().parse().unwrap_or(u64::MAX);
    let peak = next().parse().unwrap_or(usize::MAX);
    if next() == "ok" {
        return Outcome::Ok {
            micros,
            peak,
            output: next().parse().unwrap_or(0),
        };
    }
    let start = next().parse().unwrap_or(0);
    let end = next().parse().unwrap_or(0);
    Outcome::Error {
        micros,
        peak,
        span: (start, end),
        message: next().to_string(),
    }
}

/// A case: name, expectation, source.
struct Case {
    name: String,
    expect: Expect,
    source: String,
}

/// The fixed cases of `tests/hostile/`.
fn fixed_cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/hostile exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "wgsl"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let source = std::fs::read_to_string(&p).expect("readable case");
            let expect = source
                .lines()
                .find_map(|l| l.strip_prefix("// expect: "))
                .map_or(Expect::Either, |e| match e.strip_prefix("error ") {
                    Some(text) => Expect::Error(Box::leak(text.trim().to_string().into())),
                    None if e.trim() == "ok" => Expect::Ok,
                    None => Expect::Either,
                });
            Case {
                name: p.file_stem().unwrap_or_default().to_string_lossy().into(),
                expect,
                source,
            }
        })
        .collect()
}

fn generated_cases(bytes: usize) -> Vec<Case> {
    hostile_gen::GENERATED
        .iter()
        .map(|&(name, expect, generate)| Case {
            name: name.to_string(),
            expect,
            source: generate(bytes),
        })
        .collect()
}

/// Checks one outcome against the budget and the expectation.
fn check(case: &Case, backend: &str, outcome: &Outcome) -> Result<(), String> {
    let (micros, peak) = match *outcome {
        Outcome::Ok { micros, peak, .. } | Outcome::Error { micros, peak, .. } => (micros, peak),
        Outcome::Timeout => return Err(format!("did not end within {:?}", time_limit())),
        Outcome::Crashed(ref why) => return Err(format!("crashed: {why}")),
    };
    if Duration::from_micros(micros) > time_limit() {
        return Err(format!("took {} ms", micros / 1000));
    }
    if peak > MEMORY_LIMIT {
        return Err(format!("used {} MB", peak >> 20));
    }
    match (outcome, case.expect) {
        (Outcome::Ok { .. }, Expect::Ok | Expect::Either) => Ok(()),
        (Outcome::Ok { .. }, Expect::Error(text)) => {
            Err(format!("compiled, expected an error containing `{text}`"))
        }
        (Outcome::Error { message, .. }, Expect::Ok) => {
            Err(format!("failed, expected output: {message}"))
        }
        (Outcome::Error { span, message, .. }, Expect::Error(_) | Expect::Either) => {
            if let Expect::Error(text) = case.expect {
                if !message.contains(text) {
                    return Err(format!("error `{message}` does not contain `{text}`"));
                }
            }
            if span.0 >= span.1 || span.1 > case.source.len() {
                return Err(format!("error `{message}` has no span ({span:?})"));
            }
            if message.contains('\n') || message.starts_with(char::is_uppercase) {
                return Err(format!("error `{message}` is not one lowercase line"));
            }
            // Wrong-stage errors are fine for the WGSL writer's pipeline
            // (it has no pipeline step); both must fail the same way.
            let _ = backend;
            Ok(())
        }
        _ => Ok(()),
    }
}

fn describe(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok {
            micros,
            peak,
            output,
        } => format!(
            "{:>7.3} s {:>6.1} MB ok ({output} bytes)",
            *micros as f64 / 1e6,
            *peak as f64 / (1 << 20) as f64
        ),
        Outcome::Error {
            micros,
            peak,
            message,
            ..
        } => format!(
            "{:>7.3} s {:>6.1} MB error: {}",
            *micros as f64 / 1e6,
            *peak as f64 / (1 << 20) as f64,
            message.chars().take(70).collect::<String>()
        ),
        Outcome::Timeout => "TIMEOUT".into(),
        Outcome::Crashed(why) => format!("CRASHED {}", why.chars().take(80).collect::<String>()),
    }
}

fn run_cases(cases: &[Case]) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile_inputs");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    // Twice the limit: a case just over it still reports its time.
    let deadline = time_limit() * 2;
    let mut failures = Vec::new();
    for case in cases {
        let path = dir.join(format!("{}.wgsl", case.name));
        std::fs::write(&path, &case.source).expect("write case");
        for backend in BACKENDS {
            let outcome = run_child(backend, &path, deadline);
            eprintln!(
                "{:<30} {:>8} {:<5} {}",
                case.name,
                case.source.len(),
                backend,
                describe(&outcome)
            );
            if let Err(why) = check(case, backend, &outcome) {
                failures.push(format!("{} ({backend}): {why}", case.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fixed_hostile_inputs_are_bounded() {
    if std::env::var(CHILD_ENV).is_ok() {
        return;
    }
    let cases = fixed_cases();
    assert!(cases.len() >= 10, "only {} cases", cases.len());
    run_cases(&cases);
}

#[test]
fn generated_hostile_inputs_are_bounded() {
    if std::env::var(CHILD_ENV).is_ok() {
        return;
    }
    let cases = generated_cases(generated_bytes());
    run_cases(&cases);
}

/// Writes the generated cases to `TESSERA_HOSTILE_DUMP` (nothing without it).
#[test]
fn dump() {
    let Ok(dir) = std::env::var("TESSERA_HOSTILE_DUMP") else {
        return;
    };
    let bytes = std::env::var("TESSERA_HOSTILE_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1 << 20);
    std::fs::create_dir_all(&dir).expect("dump directory");
    for case in generated_cases(bytes) {
        let path = Path::new(&dir).join(format!("{}.wgsl", case.name));
        std::fs::write(path, case.source).expect("write case");
    }
}

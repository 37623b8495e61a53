//! The differential run: one generated program compiled four ways and run
//! on a Vulkan device (lavapipe where there is no GPU), its writable
//! buffers compared.
//!
//! 1. tessera, as `tessera run` compiles (optimising passes on);
//! 2. tessera with its optimising passes off (`unroll`, `fold`, `sroa`,
//!    `dse`, `cse`);
//! 3. naga 30, the independent reference;
//! 4. Tint (`../shared/tools/tint/tint`, or `TESSERA_TINT`), where naga
//!    rejects the program or disagrees with tessera: the deciding opinion.
//!
//! Every compiler's module runs with the same buffers (the generator's
//! initial contents, bound by tessera's reflection). [`Verdict`] says
//! what came out; a [`Mismatch`] is classified by who agrees with whom.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tessera_runner::run::{self, Compiled, Given};
use tessera_runner::vulkan::{Device, Resource};
use tessera_runner::RunError;

use crate::{check, generate, GenOptions, Program};

/// The generator options of seed `seed` in a campaign: of every 8 seeds
/// one enables f16, one subgroups, one is a small program, one has storage
/// pointer parameters and pointers to parts of variables (which naga
/// rejects or panics on, so Tint judges them), the rest use the defaults.
pub fn options_for(seed: u64) -> GenOptions {
    let d = GenOptions::default();
    match seed % 8 {
        1 => GenOptions { f16: true, ..d },
        3 => GenOptions {
            subgroups: true,
            ..d
        },
        5 => GenOptions::small(),
        7 => GenOptions {
            storage_pointers: true,
            unrestricted_pointer_parameters: true,
            ..d
        },
        _ => d,
    }
}

/// Where Tint is (`None`: not used).
#[derive(Clone, Debug, Default)]
pub struct Compilers {
    /// The `tint` command.
    pub tint: Option<PathBuf>,
}

impl Compilers {
    /// Tint from `TESSERA_TINT`, else `../shared/tools/tint/tint` beside
    /// the repository, if it exists.
    pub fn find() -> Compilers {
        let tint = std::env::var_os("TESSERA_TINT")
            .map(PathBuf::from)
            .or_else(|| {
                let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/tools/tint/tint");
                p.exists().then_some(p)
            });
        Compilers { tint }
    }
}

/// The writable buffers after a run, by binding.
pub type Outputs = BTreeMap<(u32, u32), Vec<u8>>;

/// Who disagrees with whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MismatchClass {
    /// tessera's optimising passes change the result: a tessera bug.
    Optimisation,
    /// naga and Tint agree with each other, not with tessera (or naga
    /// disagrees and Tint is unavailable or rejects): a tessera bug
    /// unless triaged otherwise.
    Tessera,
    /// Tint agrees with tessera, naga does not: a naga bug.
    Naga,
    /// Tint agrees with neither.
    Unexplained,
}

/// A difference, with the first differing word of each buffer.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// Who disagrees.
    pub class: MismatchClass,
    /// The first differences, readable.
    pub detail: String,
}

/// What a seed gave.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// Every compiler that ran agrees; `tint` says whether Tint was asked.
    Agree {
        /// naga compiled it (else Tint was the reference).
        naga: bool,
        /// Tint was run.
        tint: bool,
    },
    /// tessera rejects the program (a tessera or generator bug).
    TesseraRejects(String),
    /// Neither naga nor Tint compiles it: no independent opinion.
    NoReference(String),
    /// The outputs differ.
    Mismatch(Mismatch),
    /// A run did not finish (the device is unusable afterwards).
    Hung(String),
    /// A run failed otherwise (device error).
    RunFailed(String),
}

fn words(v: &[u8]) -> Vec<u32> {
    v.chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect()
}

/// The first differing words of `a` and `b`, named `an` and `bn`.
pub fn describe(a: &Outputs, an: &str, b: &Outputs, bn: &str) -> String {
    let mut out = Vec::new();
    for (key, av) in a {
        let Some(bv) = b.get(key) else { continue };
        let (aw, bw) = (words(av), words(bv));
        let diffs: Vec<usize> = (0..aw.len().min(bw.len()))
            .filter(|&i| aw[i] != bw[i])
            .collect();
        if let Some(&i) = diffs.first() {
            out.push(format!(
                "{}:{}: {} of {} words differ, first [{i}]: {an} {:#x}, {bn} {:#x}",
                key.0,
                key.1,
                diffs.len(),
                aw.len(),
                aw[i],
                bw[i]
            ));
        }
    }
    out.join("; ")
}

/// Runs `compiled` (its words possibly another compiler's) with `given`.
fn outputs(
    device: &Device,
    compiled: &Compiled,
    given: &Given,
    p: &Program,
) -> Result<Outputs, RunError> {
    let bound = run::bind(compiled, given)?;
    let out = run::run(device, compiled, bound, p.dispatch)?;
    Ok(out
        .bound
        .into_iter()
        .filter(|b| b.writable)
        .filter_map(|b| match b.resource {
            Resource::Buffer { data, .. } => Some(((b.group, b.binding), data)),
            _ => None,
        })
        .collect())
}

/// Program `p`'s buffers that `compiled`'s entry point binds.
fn given_buffers(compiled: &Compiled, p: &Program) -> Given {
    let mut given = Given::default();
    for b in &p.buffers {
        if compiled
            .entry()
            .bindings
            .iter()
            .any(|r| (r.group, r.binding) == (b.group, b.binding))
        {
            given.buffers.insert((b.group, b.binding), b.init.clone());
        }
    }
    given
}

/// The modules of `wgsl` other than tessera's optimised one, by compiler:
/// tessera without optimisation, naga, and Tint when there is one.
fn other_modules(
    device: &Device,
    wgsl: &str,
    compilers: &Compilers,
) -> Vec<(&'static str, Result<Vec<u32>, String>)> {
    let mut no_opt = tessera::CompileOptions::default();
    no_opt.spv.optimize = false;
    let mut modules = vec![
        (
            "no-optimize",
            run::compile(device, wgsl, &no_opt)
                .map(|c| c.output.words)
                .map_err(|e| e.to_string()),
        ),
        ("naga", check::naga_spirv(wgsl)),
    ];
    if let Some(t) = &compilers.tint {
        modules.push(("tint", tint_spirv(t, wgsl)));
    }
    modules
}

/// Compiles `wgsl` with Tint (SPIR-V 1.3, entry point `main`).
pub fn tint_spirv(tint: &Path, wgsl: &str) -> Result<Vec<u32>, String> {
    let dir = std::env::temp_dir();
    let tag = format!(
        "tessera-difftest-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    )
    .replace(['(', ')'], "");
    let input = dir.join(format!("{tag}.wgsl"));
    let output = dir.join(format!("{tag}.spv"));
    std::fs::write(&input, wgsl).map_err(|e| e.to_string())?;
    let r = std::process::Command::new(tint)
        .arg(&input)
        .args(["--ep", "main", "-o"])
        .arg(&output)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", tint.display()))?;
    let _ = std::fs::remove_file(&input);
    if !r.status.success() {
        let _ = std::fs::remove_file(&output);
        return Err(String::from_utf8_lossy(&r.stderr)
            .lines()
            .next()
            .unwrap_or("")
            .to_string());
    }
    let bytes = std::fs::read(&output).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&output);
    Ok(words(&bytes))
}

fn failed(who: &str, e: RunError) -> Verdict {
    match e {
        RunError::Hung(_) => Verdict::Hung(format!("{who}: {e}")),
        other => Verdict::RunFailed(format!("{who}: {other}")),
    }
}

/// Generates seed `seed` and runs it every way.
pub fn check_seed(
    device: &Device,
    seed: u64,
    options: &GenOptions,
    compilers: &Compilers,
) -> Verdict {
    let p = generate(seed, options);
    check_program(device, &p.wgsl, &p, compilers)
}

/// Runs `wgsl` (program `p`'s text, or a reduced form of it) every way.
pub fn check_program(device: &Device, wgsl: &str, p: &Program, compilers: &Compilers) -> Verdict {
    check_program_with(device, wgsl, p, compilers, &Default::default())
}

/// [`check_program`] with tessera's first compile made with `options`
/// (e.g. passes left out, for triage).
pub fn check_program_with(
    device: &Device,
    wgsl: &str,
    p: &Program,
    compilers: &Compilers,
    options: &tessera::CompileOptions,
) -> Verdict {
    let mut compiled = match run::compile(device, wgsl, options) {
        Ok(c) => c,
        Err(e) => return Verdict::TesseraRejects(e.to_string()),
    };
    let mut no_opt = tessera::CompileOptions::default();
    no_opt.spv.optimize = false;
    let plain_words = match run::compile(device, wgsl, &no_opt) {
        Ok(c) => c.output.words,
        Err(e) => return Verdict::TesseraRejects(format!("without optimisation: {e}")),
    };
    let given = given_buffers(&compiled, p);
    let tessera_out = match outputs(device, &compiled, &given, p) {
        Ok(o) => o,
        Err(e) => return failed("tessera", e),
    };
    let optimised_words = std::mem::replace(&mut compiled.output.words, plain_words);
    let plain_out = match outputs(device, &compiled, &given, p) {
        Ok(o) => o,
        Err(e) => return failed("tessera without optimisation", e),
    };
    if plain_out != tessera_out {
        return Verdict::Mismatch(Mismatch {
            class: MismatchClass::Optimisation,
            detail: describe(&tessera_out, "tessera", &plain_out, "no-optimize"),
        });
    }
    let mut run_other = |words: Vec<u32>| {
        compiled.output.words = words;
        outputs(device, &compiled, &given, p)
    };
    let naga = check::naga_spirv(wgsl);
    // A reference module the driver refuses (naga has written SPIR-V no
    // driver accepts) is no opinion; one that hangs stops the run.
    let naga_out = match naga {
        Ok(words) => match run_other(words) {
            Ok(o) => Some(o),
            Err(e @ RunError::Hung(_)) => return failed("naga", e),
            Err(_) => None,
        },
        Err(_) => None,
    };
    if naga_out.as_ref() == Some(&tessera_out) {
        let _ = optimised_words;
        return Verdict::Agree {
            naga: true,
            tint: false,
        };
    }
    // naga rejects it or disagrees: Tint decides.
    let tint_out = match &compilers.tint {
        Some(t) => match tint_spirv(t, wgsl) {
            Ok(words) => match run_other(words) {
                Ok(o) => Some(o),
                Err(e @ RunError::Hung(_)) => return failed("tint", e),
                Err(_) => None,
            },
            Err(_) => None,
        },
        None => None,
    };
    match (naga_out, tint_out) {
        (None, None) => Verdict::NoReference(
            "naga 30 rejects the program (or the driver its module), and Tint rejects it or is unavailable"
                .into(),
        ),
        (None, Some(t)) if t == tessera_out => Verdict::Agree {
            naga: false,
            tint: true,
        },
        (None, Some(t)) => Verdict::Mismatch(Mismatch {
            class: MismatchClass::Tessera,
            detail: describe(&tessera_out, "tessera", &t, "tint"),
        }),
        (Some(n), Some(t)) if t == tessera_out => Verdict::Mismatch(Mismatch {
            class: MismatchClass::Naga,
            detail: describe(&tessera_out, "tessera", &n, "naga"),
        }),
        (Some(n), Some(t)) if t == n => Verdict::Mismatch(Mismatch {
            class: MismatchClass::Tessera,
            detail: describe(&tessera_out, "tessera", &n, "naga+tint"),
        }),
        (Some(n), Some(t)) => Verdict::Mismatch(Mismatch {
            class: MismatchClass::Unexplained,
            detail: format!(
                "{} / {}",
                describe(&tessera_out, "tessera", &n, "naga"),
                describe(&tessera_out, "tessera", &t, "tint")
            ),
        }),
        (Some(n), None) => Verdict::Mismatch(Mismatch {
            class: MismatchClass::Tessera,
            detail: format!(
                "{} (Tint rejects it or is unavailable)",
                describe(&tessera_out, "tessera", &n, "naga")
            ),
        }),
    }
}

/// FNV-1a over a run's outputs, for the repeat report.
fn digest(o: &Outputs) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for ((g, b), data) in o {
        for byte in g
            .to_le_bytes()
            .iter()
            .chain(&b.to_le_bytes())
            .chain(data.iter())
        {
            h = (h ^ u64::from(*byte)).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

/// Compiles `wgsl` every way (tessera, tessera without optimisation,
/// naga, Tint), runs each module `n` times with program `p`'s buffers and
/// reports, per compiler, each run's digest and where a run differs from
/// that compiler's first run or from tessera's first run. A compiler whose
/// runs differ among themselves makes the device (or a race in the
/// program) the cause of a difference, not the compiler. The modules are
/// written to `dir` when given (`tessera.spv`, `no-optimize.spv`,
/// `naga.spv`, `tint.spv`). `only`, when not empty, names the compilers
/// to run (a module that hangs makes the device unusable for the rest).
/// `extra` modules (a name and its words, such as a compiler's module
/// edited by hand) run after the compilers' with the same buffers.
#[allow(clippy::too_many_arguments)]
pub fn repeat_program(
    device: &Device,
    wgsl: &str,
    p: &Program,
    compilers: &Compilers,
    n: usize,
    dir: Option<&Path>,
    only: &[String],
    extra: &[(String, Vec<u32>)],
) -> String {
    let mut report = Vec::new();
    let mut compiled = match run::compile(device, wgsl, &Default::default()) {
        Ok(c) => c,
        Err(e) => return format!("tessera rejects: {e}"),
    };
    let mut modules = vec![("tessera", Ok(compiled.output.words.clone()))];
    modules.extend(other_modules(device, wgsl, compilers));
    let mut modules: Vec<(String, Result<Vec<u32>, String>)> = modules
        .into_iter()
        .map(|(name, m)| (name.to_string(), m))
        .collect();
    modules.extend(extra.iter().map(|(n, w)| (n.clone(), Ok(w.clone()))));
    let given = given_buffers(&compiled, p);
    let mut reference: Option<Outputs> = None;
    for (name, words) in modules {
        let is_extra = extra.iter().any(|(n, _)| *n == name);
        if !is_extra && !only.is_empty() && !only.contains(&name) {
            continue;
        }
        let words = match words {
            Ok(w) => w,
            Err(e) => {
                report.push(format!("{name}: no module: {e}"));
                continue;
            }
        };
        if let Some(dir) = dir {
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            let _ = std::fs::write(dir.join(format!("{name}.spv")), bytes);
        }
        compiled.output.words = words;
        let mut first: Option<Outputs> = None;
        let mut line = format!("{name}:");
        for i in 0..n {
            match outputs(device, &compiled, &given, p) {
                Ok(o) => {
                    line += &format!(" {:016x}", digest(&o));
                    match &first {
                        None => first = Some(o),
                        Some(f) if *f != o => {
                            line += &format!(" (run {i}: {})", describe(f, "run0", &o, "this"));
                        }
                        _ => {}
                    }
                }
                Err(e) => {
                    line += &format!(" failed: {e}");
                    break;
                }
            }
        }
        if let (Some(r), Some(f)) = (&reference, &first) {
            if r != f {
                line += &format!(" | vs tessera: {}", describe(r, "tessera", f, &name));
            }
        }
        if reference.is_none() {
            reference = first;
        }
        report.push(line);
    }
    report.join("\n")
}

/// How many different results the compilers' modules of `wgsl` give on
/// `device` (tessera, tessera without optimisation, naga, Tint; a module
/// that is missing or fails to run counts as no result). On a device where
/// every compiler is right this is 1; the reduction of a device-only
/// difference (`tessera-difftest --reduce-split`) keeps it above 1.
pub fn distinct_results(device: &Device, wgsl: &str, p: &Program, compilers: &Compilers) -> usize {
    let Ok(mut compiled) = run::compile(device, wgsl, &Default::default()) else {
        return 0;
    };
    let mut modules = vec![compiled.output.words.clone()];
    modules.extend(
        other_modules(device, wgsl, compilers)
            .into_iter()
            .filter_map(|(_, m)| m.ok()),
    );
    let given = given_buffers(&compiled, p);
    let mut seen: Vec<Outputs> = Vec::new();
    for words in modules {
        compiled.output.words = words;
        if let Ok(o) = outputs(device, &compiled, &given, p) {
            if !seen.contains(&o) {
                seen.push(o);
            }
        }
    }
    seen.len()
}

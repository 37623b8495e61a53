//! A deterministic, stable-toolchain stand-in for the cargo-fuzz targets in
//! `fuzz/`: mutates every `tests/in` input (truncation, byte flips, token
//! deletion and duplication) and checks that no stage panics, that no pass
//! breaks the IR (the verifier, on in debug builds, fails no compile), and
//! that whatever compiles produces SPIR-V that SPIRV-Tools accepts. Also feeds
//! pathological inputs (deep nesting, very long operator chains).

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};

use spirv_tools::TargetEnv;

/// A small deterministic pseudo-random generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Runs every stage; `Err` describes a property violation (not a compile error).
fn run_all(source: &str) -> Result<(), String> {
    let Ok(parsed) = tessera::front::wgsl::parse_str(source) else {
        return Ok(());
    };
    let Ok(info) = tessera::valid::validate(&parsed.module) else {
        return Ok(());
    };
    let options = tessera::pipeline::PipelineOptions::default();
    let Ok(pipeline) = tessera::pipeline::process(&parsed.module, &info, &options) else {
        return Ok(());
    };
    let _ = tessera::back::wgsl::write(&parsed.module);
    // The IR verifier (on in debug builds) reports a pass that broke the
    // module as an error: that is a bug, not a rejected input.
    let verification = |e: &tessera::diagnostic::Error| match e
        .diagnostics
        .iter()
        .find(|d| d.message.contains("IR verification failed"))
    {
        Some(d) => Err(d.message.clone()),
        None => Ok(()),
    };
    if let Err(e) = tessera::lower::msl::write(&pipeline, &Default::default()) {
        verification(&e)?;
    }
    let words = match tessera::lower::spv::write(&pipeline, &Default::default()) {
        Ok(words) => words,
        Err(e) => return verification(&e),
    };
    // For a device with uniformBufferStandardLayout where the reflection
    // says the uniform buffers need it.
    let standard_layout = pipeline.reflection.needs_uniform_buffer_standard_layout();
    common::validate_spirv_with(&words, TargetEnv::Vulkan_1_1, standard_layout)
        .map_err(|e| format!("accepted, but SPIRV-Tools rejects the SPIR-V: {e}"))
}

/// Mutations of one input.
fn mutations(source: &str, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed | 1);
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    // Truncations.
    for i in 1..=8 {
        out.push(String::from_utf8_lossy(&bytes[..bytes.len() * i / 9]).into_owned());
    }
    // Byte flips and replacements with interesting characters.
    const SPECIAL: &[u8] = b"{}()[]<>;:,.=&|!-+*/%@_0x9 \n";
    for _ in 0..30 {
        let mut b = bytes.to_vec();
        for _ in 0..=rng.below(3) {
            let i = rng.below(b.len());
            b[i] = if rng.below(2) == 0 {
                b[i] ^ (1 << rng.below(8))
            } else {
                SPECIAL[rng.below(SPECIAL.len())]
            };
        }
        out.push(String::from_utf8_lossy(&b).into_owned());
    }
    // Token deletion and duplication.
    let tokens: Vec<&str> = source
        .split_inclusive(|c: char| !c.is_alphanumeric() && c != '_')
        .collect();
    for k in 0..30 {
        let i = rng.below(tokens.len());
        let mut t = tokens.clone();
        if k % 3 == 2 {
            t.insert(i, tokens[rng.below(tokens.len())]);
        } else {
            t.remove(i);
        }
        out.push(t.concat());
    }
    out
}

#[test]
fn mutated_inputs_do_not_panic() {
    let last_panic: Arc<Mutex<String>> = Arc::default();
    let sink = Arc::clone(&last_panic);
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(mut s) = sink.lock() {
            *s = info.to_string();
        }
    }));
    let mut failures = Vec::new();
    let mut cases = 0;
    for (n, (name, source)) in common::inputs().iter().enumerate() {
        for (k, mutated) in mutations(source, 0x9E37_79B9 + n as u64)
            .into_iter()
            .enumerate()
        {
            cases += 1;
            match catch_unwind(AssertUnwindSafe(|| run_all(&mutated))) {
                Ok(Ok(())) => {}
                Ok(Err(e)) => failures.push(format!("{name} mutation {k}: {e}\n{mutated}")),
                Err(_) => {
                    let msg = last_panic.lock().map(|s| s.clone()).unwrap_or_default();
                    failures.push(format!("{name} mutation {k}: panic: {msg}\n{mutated}"));
                }
            }
        }
    }
    let _ = std::panic::take_hook();
    assert!(cases > 1000, "only {cases} cases");
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed; first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n----\n")
    );
}

#[test]
fn deep_nesting_does_not_overflow() {
    let depth = 20_000;
    let sources = [
        format!("const x = {}1{};", "(".repeat(depth), ")".repeat(depth)),
        format!("fn f() {{ {} }}", "{".repeat(depth)),
        format!("const x = {}1;", "-".repeat(depth)),
        format!(
            "alias t = {}f32{};",
            "array<".repeat(depth),
            ">".repeat(depth)
        ),
        format!("const x = a{};", "[0]".repeat(depth)),
    ];
    for s in &sources {
        let r = catch_unwind(AssertUnwindSafe(|| run_all(s)));
        assert!(matches!(r, Ok(Ok(()))), "failed on {}...", &s[..40]);
    }
}

#[test]
fn long_chains_compile() {
    let terms = 100_000;
    let mut expr = String::from("a");
    for i in 0..terms {
        expr.push_str(if i % 2 == 0 { " + b" } else { " - c" });
    }
    let source = format!(
        "@group(0) @binding(0) var<storage, read_write> d: array<i32>;\n\
         @compute @workgroup_size(1)\nfn main() {{\n let a = d[0];\n let b = d[1];\n let c = d[2];\n d[3] = {expr};\n}}\n"
    );
    let start = std::time::Instant::now();
    let r = catch_unwind(AssertUnwindSafe(|| run_all(&source)));
    assert!(matches!(r, Ok(Ok(()))), "{r:?}");
    let parsed = tessera::front::wgsl::parse_str(&source);
    assert!(parsed.is_ok(), "a long chain must be accepted");
    assert!(
        start.elapsed().as_secs() < 20,
        "too slow: {:?}",
        start.elapsed()
    );
}

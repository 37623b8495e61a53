//! Validates SPIR-V binaries with SPIRV-Tools (through the `spirv-tools`
//! crate, so no `spirv-val` binary is needed). Used by
//! `scripts/conformance.sh`.
//!
//! Usage: `cargo run --example validate_spv -- [--target-env ENV]
//! [--cooperative-matrix khr|nv] [--uniform-buffer-standard-layout]
//! FILE.spv...` where ENV is e.g. `vulkan1.1` (the default) or `vulkan1.3`.
//! `--uniform-buffer-standard-layout` validates for a device with
//! `uniformBufferStandardLayout` (as `spirv-val` does with that flag): for
//! modules whose reflection says a uniform buffer needs it. Prints one line per invalid file and exits
//! 1 if any file is invalid. With `--cooperative-matrix`, a module that
//! declares the other extension's cooperative-matrix capability is invalid,
//! and `FILE: khr|nv cooperative matrices` is printed on standard output
//! for each module that declares the chosen one.

use spirv_tools::val::Validator as _;

/// `OpCapability CooperativeMatrixNV` / `CooperativeMatrixKHR`.
const CAPABILITY_NV: u32 = 5357;
const CAPABILITY_KHR: u32 = 6022;

/// The capabilities a module declares.
fn capabilities(words: &[u32]) -> Vec<u32> {
    let mut caps = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        if count == 0 {
            break;
        }
        if words[i] & 0xFFFF == 17 && count == 2 && i + 1 < words.len() {
            caps.push(words[i + 1]);
        }
        i += count;
    }
    caps
}

fn main() -> std::process::ExitCode {
    let mut env = spirv_tools::TargetEnv::Vulkan_1_1;
    let mut coop: Option<&str> = None;
    let mut standard_layout = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--uniform-buffer-standard-layout" {
            standard_layout = true;
        } else if arg == "--cooperative-matrix" {
            coop = match args.next().as_deref() {
                Some("khr") => Some("khr"),
                Some("nv") => Some("nv"),
                _ => {
                    eprintln!("error: --cooperative-matrix needs khr or nv");
                    return std::process::ExitCode::from(2);
                }
            };
        } else if arg == "--target-env" {
            let Some(name) = args.next() else {
                eprintln!("error: --target-env needs a value");
                return std::process::ExitCode::from(2);
            };
            match name.parse() {
                Ok(e) => env = e,
                Err(_) => {
                    eprintln!("error: unknown target environment `{name}`");
                    return std::process::ExitCode::from(2);
                }
            }
        } else {
            files.push(arg);
        }
    }
    if files.is_empty() {
        eprintln!(
            "usage: validate_spv [--target-env ENV] [--cooperative-matrix khr|nv] [--uniform-buffer-standard-layout] FILE.spv..."
        );
        return std::process::ExitCode::from(2);
    }
    let validator = spirv_tools::val::create(Some(env));
    let mut failed = false;
    for file in &files {
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{file}: cannot read: {e}");
                failed = true;
                continue;
            }
        };
        if bytes.len() % 4 != 0 {
            eprintln!("{file}: not a whole number of 32-bit words");
            failed = true;
            continue;
        }
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let options = spirv_tools::val::ValidatorOptions {
            uniform_buffer_standard_layout: standard_layout,
            ..Default::default()
        };
        if let Err(e) = validator.validate(&words, Some(options)) {
            eprintln!("{file}: {e}");
            failed = true;
            continue;
        }
        if let Some(want) = coop {
            let (chosen, other, other_name) = if want == "nv" {
                (CAPABILITY_NV, CAPABILITY_KHR, "CooperativeMatrixKHR")
            } else {
                (CAPABILITY_KHR, CAPABILITY_NV, "CooperativeMatrixNV")
            };
            let caps = capabilities(&words);
            if caps.contains(&other) {
                eprintln!("{file}: declares {other_name} (expected {want} cooperative matrices)");
                failed = true;
            } else if caps.contains(&chosen) {
                println!("{file}: {want} cooperative matrices");
            }
        }
    }
    if failed {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}

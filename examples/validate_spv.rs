//! Validates SPIR-V binaries with SPIRV-Tools (through the `spirv-tools`
//! crate, so no `spirv-val` binary is needed). Used by
//! `scripts/conformance.sh`.
//!
//! Usage: `cargo run --example validate_spv -- [--target-env ENV] FILE.spv...`
//! where ENV is e.g. `vulkan1.1` (the default) or `vulkan1.3`. Prints one
//! line per invalid file and exits 1 if any file is invalid.

use spirv_tools::val::Validator as _;

fn main() -> std::process::ExitCode {
    let mut env = spirv_tools::TargetEnv::Vulkan_1_1;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--target-env" {
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
        eprintln!("usage: validate_spv [--target-env ENV] FILE.spv...");
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
        if let Err(e) = validator.validate(&words, None) {
            eprintln!("{file}: {e}");
            failed = true;
        }
    }
    if failed {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}

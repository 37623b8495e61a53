//! WGSL to MSL must never panic: parse, validate, pipeline step and the MSL
//! writer (with its capability checks), with default options; and no pass
//! may break the IR (the verifier is on: cargo-fuzz builds with debug
//! assertions unless `-O`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(source) = std::str::from_utf8(data) {
        if let Err(e) = tessera::compile_to_msl(source, &tessera::MslCompileOptions::default()) {
            // The IR verifier (on in fuzz builds, which have debug
            // assertions) reports a pass that broke the module: a bug.
            if let Some(d) = e
                .error()
                .diagnostics
                .iter()
                .find(|d| d.message.contains("IR verification failed"))
            {
                panic!("{}\n{source}", d.message);
            }
        }
    }
});

//! WGSL to MSL must never panic: parse, validate, pipeline step and the MSL
//! writer (with its capability checks), with default options.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(source) = std::str::from_utf8(data) {
        let _ = tessera::compile_to_msl(source, &tessera::MslCompileOptions::default());
    }
});

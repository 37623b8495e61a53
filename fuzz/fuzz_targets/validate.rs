//! Parsing and validation must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(source) = std::str::from_utf8(data) {
        if let Ok(parsed) = tessera::front::wgsl::parse_str(source) {
            let _ = tessera::valid::validate(&parsed.module);
        }
    }
});

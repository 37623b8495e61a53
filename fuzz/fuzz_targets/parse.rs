//! The front end (lexer, parser, resolver) must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(source) = std::str::from_utf8(data) {
        let _ = tessera::front::wgsl::parse_str(source);
    }
});

//! Producing the output bytes of each format and writing them out.

use std::io::{IsTerminal, Write};
use std::path::Path;

/// SPIR-V words as little-endian bytes (the on-disk `.spv` form).
pub fn spv_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// SPIR-V disassembly, via `rspirv`.
pub fn spvasm(words: &[u32]) -> Result<String, String> {
    use rspirv::binary::Disassemble;
    let module = rspirv::dr::load_words(words)
        .map_err(|e| format!("the SPIR-V writer produced an unreadable module: {e}"))?;
    let mut text = module.disassemble();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// Whether standard output is a terminal (binary output is refused there).
pub fn stdout_is_terminal() -> bool {
    std::io::stdout().is_terminal()
}

/// Writes `bytes` to `path`, or to standard output when `path` is `None`.
pub fn write(path: Option<&Path>, bytes: &[u8]) -> Result<(), String> {
    match path {
        Some(path) => std::fs::write(path, bytes)
            .map_err(|e| format!("cannot write `{}`: {e}", path.display())),
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(bytes)
                .and_then(|()| stdout.flush())
                .map_err(|e| format!("cannot write to standard output: {e}"))
        }
    }
}

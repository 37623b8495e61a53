//! Producing the output bytes of each format and writing them out.

use std::io::{ErrorKind, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// SPIR-V words as little-endian bytes (the on-disk `.spv` form).
pub fn spv_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// `rspirv`'s module loader, which does not place `OpExecutionModeId`
/// (SPIR-V 1.2+, `LocalSizeId`): those are kept aside and added to the
/// module's execution modes afterwards.
struct Loader {
    inner: rspirv::dr::Loader,
    mode_ids: Vec<rspirv::dr::Instruction>,
}

impl rspirv::binary::Consumer for Loader {
    fn initialize(&mut self) -> rspirv::binary::ParseAction {
        self.inner.initialize()
    }

    fn finalize(&mut self) -> rspirv::binary::ParseAction {
        self.inner.finalize()
    }

    fn consume_header(&mut self, header: rspirv::dr::ModuleHeader) -> rspirv::binary::ParseAction {
        self.inner.consume_header(header)
    }

    fn consume_instruction(
        &mut self,
        inst: rspirv::dr::Instruction,
    ) -> rspirv::binary::ParseAction {
        if inst.class.opcode == rspirv::spirv::Op::ExecutionModeId {
            self.mode_ids.push(inst);
            return rspirv::binary::ParseAction::Continue;
        }
        self.inner.consume_instruction(inst)
    }
}

/// SPIR-V disassembly, via `rspirv`.
pub fn spvasm(words: &[u32]) -> Result<String, String> {
    use rspirv::binary::Disassemble;
    let mut loader = Loader {
        inner: rspirv::dr::Loader::new(),
        mode_ids: Vec::new(),
    };
    rspirv::binary::parse_words(words, &mut loader)
        .map_err(|e| format!("the SPIR-V writer produced an unreadable module: {e}"))?;
    let mut module = loader.inner.module();
    module.execution_modes.extend(loader.mode_ids);
    let mut text = module.disassemble();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// Where the output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Standard output (no output path, or `-`).
    Stdout,
    /// A file (or a device such as `/dev/null`).
    File(PathBuf),
}

impl Target {
    /// The target of an output path: `-` is standard output.
    pub fn new(path: Option<&Path>) -> Target {
        match path {
            None => Target::Stdout,
            Some(path) if path == Path::new("-") => Target::Stdout,
            Some(path) => Target::File(path.to_path_buf()),
        }
    }

    /// The output file, if the target is one.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Target::Stdout => None,
            Target::File(path) => Some(path),
        }
    }
}

/// Whether standard output is a terminal (binary output is refused there).
pub fn stdout_is_terminal() -> bool {
    std::io::stdout().is_terminal()
}

/// Why writing the output failed.
#[derive(Debug)]
pub enum WriteError {
    /// Standard output's reader closed it (`EPIPE`, e.g. `| head`): not an
    /// error of the compiler; the rest of the output is dropped.
    ClosedPipe,
    /// Any other failure, described.
    Failed(String),
}

/// Writes `bytes` to the target.
pub fn write(target: &Target, bytes: &[u8]) -> Result<(), WriteError> {
    match target {
        Target::File(path) => std::fs::write(path, bytes)
            .map_err(|e| WriteError::Failed(format!("cannot write `{}`: {e}", path.display()))),
        Target::Stdout => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(bytes)
                .and_then(|()| stdout.flush())
                .map_err(|e| match e.kind() {
                    ErrorKind::BrokenPipe => WriteError::ClosedPipe,
                    _ => WriteError::Failed(format!("cannot write to standard output: {e}")),
                })
        }
    }
}

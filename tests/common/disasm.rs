//! Loading SPIR-V with rspirv, whose module loader does not place
//! `OpExecutionModeId` (`LocalSizeId`): those instructions are kept aside
//! and added to the module's execution modes afterwards.

#![allow(dead_code)]

use rspirv::binary::{Consumer, ParseAction};
use rspirv::dr::{Instruction, Loader, ModuleHeader};

struct ModeIdLoader {
    inner: Loader,
    mode_ids: Vec<Instruction>,
}

impl Consumer for ModeIdLoader {
    fn initialize(&mut self) -> ParseAction {
        self.inner.initialize()
    }

    fn finalize(&mut self) -> ParseAction {
        self.inner.finalize()
    }

    fn consume_header(&mut self, header: ModuleHeader) -> ParseAction {
        self.inner.consume_header(header)
    }

    fn consume_instruction(&mut self, inst: Instruction) -> ParseAction {
        if inst.class.opcode == rspirv::spirv::Op::ExecutionModeId {
            self.mode_ids.push(inst);
            return ParseAction::Continue;
        }
        self.inner.consume_instruction(inst)
    }
}

/// Loads SPIR-V words into an rspirv module.
pub fn load(words: &[u32]) -> Result<rspirv::dr::Module, String> {
    let mut loader = ModeIdLoader {
        inner: Loader::new(),
        mode_ids: Vec::new(),
    };
    rspirv::binary::parse_words(words, &mut loader).map_err(|e| e.to_string())?;
    let mut module = loader.inner.module();
    module.execution_modes.extend(loader.mode_ids);
    Ok(module)
}

/// Disassembles SPIR-V words.
pub fn disassemble(words: &[u32]) -> Result<String, String> {
    use rspirv::binary::Disassemble;
    Ok(load(words)?.disassemble())
}

//! Word-level encoding: instruction headers, literal strings, and the logical
//! sections of a SPIR-V module, assembled in the order the spec requires.

use std::collections::BTreeSet;

use spirv::{Capability, Op};

/// Appends one instruction (`op` followed by `operands`) to `out`.
#[inline]
pub(super) fn inst(out: &mut Vec<u32>, op: Op, operands: &[u32]) {
    out.push(((operands.len() as u32 + 1) << 16) | op as u32);
    out.extend_from_slice(operands);
}

/// Appends an instruction whose operands are `head` followed by the
/// nul-terminated literal string `s` and then `tail`.
pub(super) fn inst_str(out: &mut Vec<u32>, op: Op, head: &[u32], s: &str, tail: &[u32]) {
    let start = out.len();
    out.push(0);
    out.extend_from_slice(head);
    push_string(out, s);
    out.extend_from_slice(tail);
    let count = (out.len() - start) as u32;
    out[start] = (count << 16) | op as u32;
}

/// Appends a literal string: UTF-8 bytes, nul-terminated, padded to words.
pub(super) fn push_string(out: &mut Vec<u32>, s: &str) {
    let bytes = s.as_bytes();
    for chunk in bytes.chunks(4) {
        let mut w = [0u8; 4];
        w[..chunk.len()].copy_from_slice(chunk);
        out.push(u32::from_le_bytes(w));
    }
    if bytes.len() % 4 == 0 {
        out.push(0);
    }
}

/// The sections of a module under construction.
#[derive(Default)]
pub(super) struct Sections {
    /// Next free id.
    pub next_id: u32,
    /// `OpCapability` operands.
    pub capabilities: BTreeSet<u32>,
    /// `OpExtension` names.
    pub extensions: BTreeSet<&'static str>,
    /// The id of the `GLSL.std.450` import, if used.
    pub glsl: Option<u32>,
    /// `OpEntryPoint`s.
    pub entry_points: Vec<u32>,
    /// `OpExecutionMode`s.
    pub execution_modes: Vec<u32>,
    /// `OpName`/`OpMemberName`.
    pub names: Vec<u32>,
    /// Decorations.
    pub annotations: Vec<u32>,
    /// Types, constants and global variables.
    pub globals: Vec<u32>,
    /// Function definitions.
    pub functions: Vec<u32>,
}

impl Sections {
    /// Allocates a fresh id.
    #[inline]
    pub fn id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    /// Requires a capability.
    #[inline]
    pub fn cap(&mut self, c: Capability) {
        self.capabilities.insert(c as u32);
    }

    /// The `GLSL.std.450` import id.
    pub fn glsl(&mut self) -> u32 {
        match self.glsl {
            Some(id) => id,
            None => {
                let id = self.id();
                self.glsl = Some(id);
                id
            }
        }
    }

    /// Assembles the final module words. The function definitions, the
    /// largest section, become the output: the other sections are inserted
    /// before them in place, so the module is not held twice.
    pub fn finish(mut self, version: (u8, u8), vulkan_memory_model: bool) -> Vec<u32> {
        let mut out = Vec::with_capacity(
            64 + self.entry_points.len()
                + self.execution_modes.len()
                + self.names.len()
                + self.annotations.len()
                + self.globals.len(),
        );
        out.extend_from_slice(&[
            spirv::MAGIC_NUMBER,
            ((version.0 as u32) << 16) | ((version.1 as u32) << 8),
            0,
            self.next_id + 1,
            0,
        ]);
        for &c in &self.capabilities {
            inst(&mut out, Op::Capability, &[c]);
        }
        for e in &self.extensions {
            inst_str(&mut out, Op::Extension, &[], e, &[]);
        }
        if let Some(id) = self.glsl {
            inst_str(&mut out, Op::ExtInstImport, &[id], "GLSL.std.450", &[]);
        }
        let model = if vulkan_memory_model {
            spirv::MemoryModel::Vulkan
        } else {
            spirv::MemoryModel::GLSL450
        };
        inst(
            &mut out,
            Op::MemoryModel,
            &[spirv::AddressingModel::Logical as u32, model as u32],
        );
        out.extend_from_slice(&self.entry_points);
        out.extend_from_slice(&self.execution_modes);
        out.extend_from_slice(&self.names);
        out.extend_from_slice(&self.annotations);
        out.extend_from_slice(&self.globals);
        let mut module = std::mem::take(&mut self.functions);
        module.splice(0..0, out);
        module
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_nul_terminated_and_padded() {
        let mut out = Vec::new();
        push_string(&mut out, "abcd");
        assert_eq!(out, vec![u32::from_le_bytes(*b"abcd"), 0]);
        out.clear();
        push_string(&mut out, "ab");
        assert_eq!(out, vec![u32::from_le_bytes([b'a', b'b', 0, 0])]);
    }

    #[test]
    fn instruction_header_counts_words() {
        let mut out = Vec::new();
        inst_str(&mut out, Op::Name, &[7], "main", &[]);
        assert_eq!(out[0], (4 << 16) | Op::Name as u32);
        assert_eq!(out[1], 7);
    }
}

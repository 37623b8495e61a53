//! tessera in the browser: the functions the playground page calls,
//! exported to JavaScript with `wasm-bindgen` (`scripts/playground.sh`
//! builds the page; `web/` holds its HTML and script).
//!
//! [`compile`] takes WGSL source and a device profile's name and returns
//! JSON: the shader-module diagnostics (with positions in UTF-16 code
//! units, as JavaScript strings and WebGPU's `GPUCompilationMessage`
//! count them), the SPIR-V disassembly, the MSL and the WGSL output (each
//! with its own pipeline or code-generation errors), and the reflection
//! as `tessera --reflect` writes it. The same functions run natively in
//! the tests.

#![warn(missing_docs)]

use serde::Serialize;
use tessera::device::{DeviceProfile, BUILTIN_PROFILES};
use tessera::diagnostic::SourcePosition;
use tessera::{CompileOptions, Diagnostic, MslCompileOptions, Severity};
use wasm_bindgen::prelude::wasm_bindgen;

/// The file name diagnostics are rendered with.
const FILE: &str = "shader.wgsl";

/// The profile name that stands for "no device": every feature, no limits.
pub const NO_PROFILE: &str = "any";

/// One diagnostic, ready for the page.
#[derive(Serialize, Debug)]
pub struct Message {
    /// Error, warning or info.
    pub severity: Severity,
    /// The one-line message.
    pub message: String,
    /// Where it points, in bytes and UTF-16 code units; `None` for a
    /// diagnostic about the module as a whole or the options.
    pub position: Option<SourcePosition>,
    /// The notes and help lines.
    pub notes: Vec<String>,
    /// The diagnostic as the command-line tool prints it.
    pub rendered: String,
}

/// One target's output.
#[derive(Serialize, Debug)]
pub struct Output {
    /// `spirv`, `msl` or `wgsl`.
    pub target: &'static str,
    /// The text; `None` when the target failed.
    pub text: Option<String>,
    /// Why it failed (pipeline or code-generation errors).
    pub messages: Vec<Message>,
}

/// Everything the page shows for one source text.
#[derive(Serialize, Debug)]
pub struct Compiled {
    /// Shader-module errors (then there is no output) and warnings.
    pub messages: Vec<Message>,
    /// SPIR-V disassembly, MSL and WGSL, in that order (empty when the
    /// module has errors).
    pub outputs: Vec<Output>,
    /// The reflection as `tessera --reflect` writes it (from the SPIR-V
    /// compilation), when that succeeded.
    pub reflection: Option<String>,
}

fn message(d: &Diagnostic, source: &str) -> Message {
    Message {
        severity: d.severity,
        message: d.message.clone(),
        position: d.position(source),
        notes: d.notes.clone(),
        rendered: d.render(FILE, source),
    }
}

fn messages(e: &tessera::Error, source: &str) -> Vec<Message> {
    e.diagnostics.iter().map(|d| message(d, source)).collect()
}

/// The profiles the page offers: [`NO_PROFILE`] and the built-in ones, as
/// a JSON array of names.
#[wasm_bindgen]
pub fn profiles() -> String {
    let names: Vec<&str> = std::iter::once(NO_PROFILE)
        .chain(BUILTIN_PROFILES.iter().copied())
        .collect();
    serde_json::to_string(&names).unwrap_or_default()
}

/// Compiles `source` for the device profile `profile` (a name from
/// [`profiles`]) to every target, as JSON ([`Compiled`]).
#[wasm_bindgen]
pub fn compile(source: &str, profile: &str) -> String {
    serde_json::to_string(&compile_all(source, profile)).unwrap_or_default()
}

/// [`compile`] before it becomes JSON.
pub fn compile_all(source: &str, profile: &str) -> Compiled {
    let device = match profile {
        NO_PROFILE => None,
        name => match DeviceProfile::builtin(name) {
            Some(p) => Some(p),
            None => {
                let d = Diagnostic::without_location(format!("unknown device profile '{name}'"));
                return Compiled {
                    messages: vec![message(&d, source)],
                    outputs: Vec::new(),
                    reflection: None,
                };
            }
        },
    };
    let (spv_options, msl_options) = match &device {
        Some(p) => (
            CompileOptions::for_device(p),
            MslCompileOptions::for_device(p),
        ),
        None => (CompileOptions::default(), MslCompileOptions::default()),
    };
    // The shader-module step once, for its diagnostics and the WGSL.
    let parsed = match tessera::front::wgsl::parse_str(source) {
        Ok(parsed) => parsed,
        Err(e) => return failed(messages(&e, source)),
    };
    let info = match tessera::valid::validate_with_language_features(
        &parsed.module,
        spv_options.features,
        spv_options.language_features,
    ) {
        Ok(info) => info,
        Err(e) => return failed(messages(&e, source)),
    };
    let warnings = parsed
        .warnings
        .iter()
        .chain(&info.warnings)
        .map(|d| message(d, source))
        .collect();

    let mut reflection = None;
    let spirv = match tessera::compile_to_spirv(source, &spv_options) {
        Ok(out) => {
            reflection = Some(out.reflection_json());
            match spvasm(&out.words) {
                Ok(text) => ok("spirv", text),
                Err(e) => fail(
                    "spirv",
                    vec![message(&Diagnostic::without_location(e), source)],
                ),
            }
        }
        Err(e) => fail("spirv", messages(e.error(), source)),
    };
    let msl = match tessera::compile_to_msl(source, &msl_options) {
        Ok(out) => ok("msl", out.source),
        Err(e) => fail("msl", messages(e.error(), source)),
    };
    // The module as written (overrides stay declarations), as the CLI's
    // `--format wgsl`.
    let wgsl = match tessera::back::wgsl::write(&parsed.module) {
        Ok(text) => ok("wgsl", text),
        Err(e) => fail("wgsl", messages(&e, source)),
    };
    Compiled {
        messages: warnings,
        outputs: vec![spirv, msl, wgsl],
        reflection,
    }
}

fn failed(messages: Vec<Message>) -> Compiled {
    Compiled {
        messages,
        outputs: Vec::new(),
        reflection: None,
    }
}

fn ok(target: &'static str, text: String) -> Output {
    Output {
        target,
        text: Some(text),
        messages: Vec::new(),
    }
}

fn fail(target: &'static str, messages: Vec<Message>) -> Output {
    Output {
        target,
        text: None,
        messages,
    }
}

/// `rspirv`'s module loader, keeping aside the `OpExecutionModeId`
/// instructions it does not place (SPIR-V 1.2+, `LocalSizeId`).
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

/// The SPIR-V disassembly of `words`.
fn spvasm(words: &[u32]) -> Result<String, String> {
    use rspirv::binary::Disassemble;
    let mut loader = Loader {
        inner: rspirv::dr::Loader::new(),
        mode_ids: Vec::new(),
    };
    rspirv::binary::parse_words(words, &mut loader)
        .map_err(|e| format!("the SPIR-V writer produced an unreadable module: {e}"))?;
    let mut module = loader.inner.module();
    module.execution_modes.extend(loader.mode_ids);
    Ok(module.disassemble())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARES: &str = "@group(0) @binding(0) var<storage, read_write> v: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] = v[id.x] * v[id.x]; }
";

    #[test]
    fn every_target_and_the_reflection() {
        let c = compile_all(SQUARES, NO_PROFILE);
        assert!(c.messages.is_empty(), "{:?}", c.messages);
        let text = |t: &str| {
            c.outputs
                .iter()
                .find(|o| o.target == t)
                .and_then(|o| o.text.clone())
                .unwrap_or_else(|| panic!("{t}: {:?}", c.outputs))
        };
        assert!(text("spirv").contains("OpEntryPoint GLCompute"));
        assert!(text("msl").contains("kernel void"));
        assert!(text("wgsl").contains("fn main("));
        let reflection: serde_json::Value =
            serde_json::from_str(c.reflection.as_deref().expect("reflection")).unwrap();
        assert_eq!(
            reflection["entry_points"][0]["workgroup_size"],
            serde_json::json!([64, 1, 1])
        );
    }

    #[test]
    fn errors_with_utf16_positions() {
        // `é` is one UTF-16 unit and two bytes; `𝄞` two units, four bytes.
        let source = "// é 𝄞\nfn f() { let a = nope; }\n";
        let c = compile_all(source, NO_PROFILE);
        assert!(c.outputs.is_empty());
        let m = &c.messages[0];
        assert_eq!(m.severity, Severity::Error);
        assert_eq!(m.message, "unresolved identifier 'nope'");
        let p = m.position.expect("a position");
        let units: Vec<u16> = source.encode_utf16().collect();
        let start = p.offset_utf16 as usize;
        let end = start + p.length_utf16 as usize;
        assert_eq!(String::from_utf16(&units[start..end]).unwrap(), "nope");
        assert_eq!((p.line, p.column_utf16), (2, 18));
        assert!(m.rendered.contains("shader.wgsl:2:"), "{}", m.rendered);
        let json: serde_json::Value = serde_json::from_str(&compile(source, NO_PROFILE)).unwrap();
        // "// é 𝄞\n" is 8 units, "fn f() { let a = " 17.
        assert_eq!(json["messages"][0]["position"]["offset_utf16"], 25);
    }

    #[test]
    fn the_profile_decides() {
        let source = "enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read_write> s: array<f32>;
@compute @workgroup_size(32) fn main() {
    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 16, 16>, row_major>(&s, 0u, 16u);
    subgroupMatrixStore<row_major>(&s, 256u, m, 16u);
}
";
        // Any device: SPIR-V and WGSL; Metal's matrices are 8x8 only.
        let any = compile_all(source, NO_PROFILE);
        let has_text: Vec<bool> = any.outputs.iter().map(|o| o.text.is_some()).collect();
        assert_eq!(has_text, [true, false, true], "{any:?}");
        assert!(any.outputs[1].messages[0]
            .message
            .contains("simdgroup matrices are 8x8"));
        // The metal profile refuses the 16x16 shape for every target but WGSL.
        let metal = compile_all(source, "metal");
        let has_text: Vec<bool> = metal.outputs.iter().map(|o| o.text.is_some()).collect();
        assert_eq!(has_text, [false, false, true], "{metal:?}");
        let m = &metal.outputs[0].messages[0];
        assert!(
            m.message.contains("is not supported by the device"),
            "{m:?}"
        );
        assert_eq!(m.position.expect("the load's position").line, 4);
        let unknown = compile_all(source, "nope");
        assert_eq!(unknown.messages[0].message, "unknown device profile 'nope'");
        let names: Vec<String> = serde_json::from_str(&profiles()).unwrap();
        assert_eq!(names.len(), BUILTIN_PROFILES.len() + 1);
    }
}

//! Real-world kernels: llama.cpp's WebGPU WGSL kernels, instantiated and
//! bound the way its WebGPU backend (`ggml-webgpu.cpp`,
//! `ggml-webgpu-shader-lib.hpp`) does on an NVIDIA GPU, at the shapes of
//! a LLaMA-3-8B prompt of 512 tokens and of a single-token decode.
//!
//! The kernel sources are not part of this repository: they are read from
//! a copy of llama.cpp's `ggml/src/ggml-webgpu/` (by default
//! `../shared/realworld/llama.cpp`, see its `SOURCES.tsv`). [`cases`]
//! lists every kernel and shape with its preprocessor macros, buffers,
//! uniform parameters and workgroup counts; [`Case::check`] compares the
//! GPU's output with an f64 CPU reference computed here from the
//! operation's definition (never from a compiler's output).
//!
//! The flow (`tessera-realworld`, see `gpu/README.md`):
//! 1. `prepare` (build machine): preprocess each case's WGSL
//!    ([`preprocess`]), compile it with tessera (bounds checks on, and
//!    with plain buffer indices left to the device's robust buffer access)
//!    and with Tint (`../shared/tools/tint`: Dawn's Vulkan defaults, and
//!    `--robustness2` as Chrome on a GPU with `VK_EXT_robustness2`);
//! 2. `run` (device): for each case, create the four pipelines, run each
//!    once and check its output, then time them alternately.

pub mod attention;
pub mod matmul;
pub mod preprocess;
pub mod rows;
pub mod variants;

use crate::data::Rng;

/// One compiled form of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compiler {
    /// tessera, bounds checks on (WGSL's guarantees in the shader).
    Tessera,
    /// tessera, plain buffer indices left to the device's robust buffer
    /// access (the pipeline is created with it).
    TesseraDeviceRobust,
    /// Tint with Dawn's Vulkan defaults (software robustness).
    Tint,
    /// Tint `--robustness2`: buffer bounds left to the device, as Chrome
    /// does on a GPU with `VK_EXT_robustness2` (pipeline created with
    /// robust buffer access).
    TintDeviceRobust,
}

impl Compiler {
    /// Every compiler, in the order `prepare` writes and `run` times them.
    pub const ALL: [Compiler; 4] = [
        Compiler::Tessera,
        Compiler::TesseraDeviceRobust,
        Compiler::Tint,
        Compiler::TintDeviceRobust,
    ];

    /// The file-name suffix of its SPIR-V (`NAME.SUFFIX.spv`).
    pub fn suffix(self) -> &'static str {
        match self {
            Compiler::Tessera => "tessera",
            Compiler::TesseraDeviceRobust => "tessera-hw",
            Compiler::Tint => "tint",
            Compiler::TintDeviceRobust => "tint-r2",
        }
    }

    /// Whether the pipeline must be created with robust buffer access.
    pub fn device_robust(self) -> bool {
        matches!(
            self,
            Compiler::TesseraDeviceRobust | Compiler::TintDeviceRobust
        )
    }
}

/// What a buffer holds before the dispatch.
#[derive(Clone, Debug)]
pub enum Init {
    /// These bytes.
    Bytes(Vec<u8>),
    /// A poison pattern (outputs), so unwritten elements are caught.
    Poison,
}

/// One binding of a case, in binding order.
#[derive(Clone, Debug)]
pub struct Buffer {
    /// Its role, for messages (`src0`, `dst`, `params`).
    pub role: &'static str,
    /// A uniform buffer (otherwise storage).
    pub uniform: bool,
    /// Size in bytes.
    pub bytes: usize,
    /// Its contents before the dispatch.
    pub init: Init,
}

impl Buffer {
    /// A storage buffer holding `data`.
    pub fn input(role: &'static str, data: Vec<u8>) -> Buffer {
        Buffer {
            role,
            uniform: false,
            bytes: data.len(),
            init: Init::Bytes(data),
        }
    }

    /// A storage buffer of `bytes` poisoned bytes.
    pub fn output(role: &'static str, bytes: usize) -> Buffer {
        Buffer {
            role,
            uniform: false,
            bytes,
            init: Init::Poison,
        }
    }

    /// A uniform buffer holding `words` (a parameter struct of `u32` and
    /// `f32` members).
    pub fn params(words: &[u32]) -> Buffer {
        let mut data: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        // Uniform buffers are bound in multiples of 16 bytes.
        data.resize(data.len().div_ceil(16) * 16, 0);
        Buffer {
            role: "params",
            uniform: true,
            bytes: data.len(),
            init: Init::Bytes(data),
        }
    }
}

/// Makes a case's buffers (inputs from the generator).
pub type Build = fn(&Case, &mut Rng) -> Vec<Buffer>;

/// Compares a case's buffers after the dispatch (in binding order) with
/// the CPU reference computed from the buffers before it; returns the
/// largest relative error.
pub type Check = fn(&Case, &[Buffer], &[Vec<u8>]) -> Result<f64, String>;

/// One kernel at one shape, bound as llama.cpp's WebGPU backend binds it.
#[derive(Clone, Debug)]
pub struct Case {
    /// `kernel/variant` (e.g. `mul_mat_subgroup_matrix/f16.vec`).
    pub kernel: String,
    /// The shape, as text (`M=4096 N=512 K=4096`).
    pub shape: String,
    /// The template file under `wgsl-shaders/`.
    pub file: &'static str,
    /// The preprocessor macros.
    pub defines: Vec<String>,
    /// For a template in the older `*.tmpl.wgsl` format
    /// ([`variants`]): the variant's `SHADER_NAME` (`defines` is then
    /// empty).
    pub variant: Option<&'static str>,
    /// Pipeline-overridable constants the backend sets at pipeline
    /// creation.
    pub overrides: Vec<(&'static str, f64)>,
    /// Makes the buffers, in binding order.
    pub build: Build,
    /// Workgroup counts.
    pub groups: [u32; 3],
    /// Floating-point operations (or, for memory-bound kernels, 0).
    pub flops: f64,
    /// Bytes a kernel must move at least (inputs read once, outputs
    /// written once).
    pub bytes_moved: f64,
    /// Checks the output.
    pub check: Check,
    /// Relative error allowed.
    pub tolerance: f64,
    /// The sizes the checker needs (kernel-specific).
    pub dims: Vec<usize>,
}

impl Case {
    /// The case's WGSL, from llama.cpp's `wgsl-shaders/` directory `dir`.
    pub fn source(&self, dir: &std::path::Path) -> Result<String, String> {
        match self.variant {
            Some(name) => {
                let path = dir.join(self.file);
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                variants::expand(&text, name)
            }
            None => preprocess::preprocess_file(dir, self.file, &self.defines),
        }
    }

    /// A file-name-safe name: kernel, variant and shape.
    pub fn file_stem(&self) -> String {
        format!("{}.{}", self.kernel, self.shape)
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    }
}

impl Buffer {
    /// The bytes of an input buffer (empty for an output).
    pub fn data(&self) -> &[u8] {
        match &self.init {
            Init::Bytes(b) => b,
            Init::Poison => &[],
        }
    }
}

/// Every case: each kernel at the prompt and decode shapes that the
/// backend runs it at.
pub fn cases() -> Vec<Case> {
    let mut out = matmul::cases();
    out.extend(rows::cases());
    out.extend(attention::cases());
    out
}

/// `total` workgroups as llama.cpp spreads them over x and y
/// (`compute_2d_workgroups`: y is the fewest rows that keep x within the
/// per-dimension limit).
pub fn groups_2d(total: u32, max_per_dim: u32) -> [u32; 3] {
    let y = total.div_ceil(max_per_dim).max(1);
    [total.div_ceil(y), y, 1]
}

/// Reads little-endian `f32` element `i`.
pub fn f32_at(bytes: &[u8], i: usize) -> f64 {
    f32::from_le_bytes([
        bytes[4 * i],
        bytes[4 * i + 1],
        bytes[4 * i + 2],
        bytes[4 * i + 3],
    ]) as f64
}

/// Reads little-endian `f16` element `i`.
pub fn f16_at(bytes: &[u8], i: usize) -> f64 {
    half::f16::from_bits(u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]])).to_f64()
}

/// The relative error of `got` against `want`, with `scale` the size of
/// the quantity's terms (so a result that cancels to near zero is judged
/// against its terms); NaN or infinity when `got` is not finite.
pub fn rel_err(got: f64, want: f64, scale: f64) -> f64 {
    if !got.is_finite() {
        return f64::INFINITY;
    }
    (got - want).abs() / want.abs().max(scale).max(f64::MIN_POSITIVE)
}

/// The largest relative error of a check so far; the first one over the
/// tolerance ends the check.
pub struct Errors {
    tolerance: f64,
    /// The largest error within the tolerance.
    pub worst: f64,
}

impl Errors {
    /// No error yet.
    pub fn new(tolerance: f64) -> Errors {
        Errors {
            tolerance,
            worst: 0.0,
        }
    }

    /// Compares `got` with `want` ([`rel_err`] with `scale`); `at` names
    /// the element for the message.
    pub fn check(
        &mut self,
        got: f64,
        want: f64,
        scale: f64,
        at: impl FnOnce() -> String,
    ) -> Result<(), String> {
        let e = rel_err(got, want, scale);
        if e > self.tolerance {
            return Err(format!(
                "{} = {got}, expected {want} (relative error {e:.3e})",
                at()
            ));
        }
        self.worst = self.worst.max(e);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workgroups_split_like_llama_cpp() {
        assert_eq!(groups_2d(100, 65535), [100, 1, 1]);
        assert_eq!(groups_2d(65536, 65535), [32768, 2, 1]);
        assert_eq!(groups_2d(0, 65535), [0, 1, 1]);
    }

    #[test]
    fn every_case_is_named_once() {
        let cases = cases();
        let mut names: Vec<String> = cases.iter().map(Case::file_stem).collect();
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
        assert!(n > 0);
    }
}

//! The SPIR-V backend.
//!
//! [`print()`] prints a lowered pipeline, an [`crate::ir::PipelineModule`]
//! (the module after [`crate::lower::spv::lower`], with the chosen entry
//! points and the pipeline step's values), as SPIR-V words for Vulkan;
//! [`crate::lower::spv::write`] lowers and prints. Only what the
//! selected entry points use is emitted (types, constants, globals,
//! functions), deterministically. Types and constants are de-duplicated with
//! hash maps; each section is a `Vec<u32>` appended to directly.
//!
//! Module map:
//! - `builder`: word encoding and module sections;
//! - `debug`: debug information (`OpSource`, `OpLine`, `let` names) when
//!   [`Options::debug_info`] is on; `debug_info`: its state and line table;
//! - `modes`: the flavours of a type (plain, buffer layout), local-variable
//!   types and storage classes, the plain data the writer's tables use;
//! - `types`: types (plain and explicit-layout flavours) and constants;
//! - `writer`: module state, reachability, global variables, driver;
//! - `function`, `stmt`, `expr`: function bodies;
//! - `layout_copy`: loads/stores between buffer layout and plain values
//!   before SPIR-V 1.4 (no `OpCopyLogical`);
//! - `math`, `subgroup`, `subgroup_matrix`: builtins;
//! - `entry`: entry-point interface and execution modes;
//! - `spec`: specialization constants (overrides left symbolic by
//!   [`crate::pipeline::PipelineOptions::spec_constants`]);
//! - `std140`: decomposition of uniform matrices with narrow columns.
//!
//! WGSL semantics that SPIR-V lacks are lowered before this printer runs,
//! by the passes of [`crate::lower::spv::passes`]: integer division and
//! remainder by zero (and `i32::MIN / -1`), shift amounts masked to the bit
//! width, saturating float-to-integer conversions, the norm packing
//! builtins' rounding, `extractBits`/`insertBits` offset and count
//! clamping, index clamping when [`Options::bounds_checks`] is on
//! (including the offset/stride of subgroup-matrix loads and stores),
//! zero-initialised workgroup memory, and pointer arguments into parts of
//! variables (`pointer-args`: a specialised copy of the callee per root and
//! access-path shape). The printer maps what is left one-to-one.
//!
//! Uniform buffers holding matrices whose column stride is not a multiple of
//! 16 (e.g. `mat2x2<f32>`, `mat2x2<f16>`) are decomposed std140-style into
//! column vectors at the WGSL offsets (module `std140`), so they validate
//! under Vulkan's standard uniform-buffer layout.
//!
//! A module with no selected entry point is an error (`the module has no
//! entry point to write`, empty span): SPIR-V for Vulkan needs at least one
//! `OpEntryPoint`.
//!
//! Textures, samplers and texel buffers: module `image`.

mod builder;
mod coop_vector;
mod debug;
mod debug_info;
mod entry;
mod expr;
mod function;
mod image;
mod layout_copy;
mod math;
mod modes;
mod spec;
mod std140;
mod stmt;
mod subgroup;
mod subgroup_matrix;
mod types;
mod writer;

use crate::diagnostic::{Diagnostic, Error};
use crate::ir::PipelineModule;
use crate::valid::ModuleInfo;

pub use debug_info::DebugSource;

/// SPIR-V writer options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// SPIR-V version (major, minor): (1, 3) for Vulkan 1.1 (the default),
    /// (1, 4), (1, 5) or (1, 6).
    pub version: (u8, u8),
    /// Clamp dynamic indices of fixed-size arrays, vectors and matrices to
    /// the last element, and of runtime-sized arrays to `arrayLength - 1`.
    pub bounds_checks: bool,
    /// Zero-initialise the workgroup variables each entry point uses (WGSL
    /// semantics), spread over the workgroup, followed by a barrier.
    pub zero_initialize_workgroup_memory: bool,
    /// Which counted loops tessera unrolls; the others carry SPIR-V's
    /// `Unroll` loop control.
    pub unroll: crate::unroll_policy::UnrollPolicy,
    /// With bounds checks on: leave indices into `storage` and `uniform`
    /// buffers to the device's robust buffer access, which the embedder
    /// must then enable for the pipeline. WGSL's guarantees need
    /// `robustBufferAccess2` (core `robustBufferAccess` may return bytes
    /// from outside the binding): set this only when the device profile's
    /// [`crate::device::Robustness::robust_buffer_access2`] holds, as the
    /// CLI's `--buffer-bounds device` does. Subgroup-matrix loads and
    /// stores stay checked by tessera (devices may report
    /// `cooperativeMatrixRobustBufferAccess = 0`).
    pub buffers_robust_by_device: bool,
    /// Run tessera's optimising passes (default `true`): `unroll`, `fold`,
    /// `sroa`, `dse` and `cse`. Off, only the passes WGSL's semantics need
    /// run, and the output computes the same with less work done by
    /// tessera (e.g. for differential testing); [`Options::unroll`] then
    /// has no effect.
    pub optimize: bool,
    /// Verify the IR ([`crate::ir::verify`]) before the first pass and
    /// after each one, reporting a broken invariant as an internal error
    /// naming the pass (default `false`; always on in debug builds).
    pub verify_ir: bool,
    /// Passes to leave out, by name (`tessera --list-passes`): for finding
    /// which pass a miscompile comes from. Leaving out a pass that WGSL's
    /// semantics need gives output that does not follow WGSL where that
    /// pass would have acted (default: none).
    pub skip_passes: Vec<String>,
    /// The SPIR-V extension that carries subgroup matrices:
    /// `SPV_KHR_cooperative_matrix` (the default) or NVIDIA's older
    /// `SPV_NV_cooperative_matrix`, for drivers that only expose
    /// `VK_NV_cooperative_matrix`.
    pub cooperative_matrix: CooperativeMatrixExtension,
    /// The device has `VK_NV_cooperative_matrix2` with
    /// `cooperativeMatrixConversions` and
    /// `cooperativeMatrixPerElementOperations` (KHR matrices only): a
    /// `subgroupMatrixConvert` from a result matrix to a left or right one
    /// is `OpCooperativeMatrixConvertNV` (`SPV_NV_cooperative_matrix2`)
    /// instead of a round trip through workgroup scratch, and a math
    /// builtin with one matrix argument is `OpCooperativeMatrixPerElementOpNV`
    /// with a generated function instead of a loop over the elements.
    pub nv_cooperative_matrix2: bool,
    /// Emit debug information for RenderDoc, Nsight and other tools:
    /// `OpString`/`OpSource` with [`debug_source`](Self::debug_source)'s
    /// file name and text, `OpLine` (file, line, column) before the
    /// instructions of each expression and statement that has a span
    /// (`OpNoLine` before code that passes generated), and `OpName` for
    /// `let` values. Without a `debug_source` only the names are added
    /// ([`crate::compile_to_spirv`] supplies its source). Off (the
    /// default): none of it, at no cost. Functions, parameters, variables
    /// and struct members are named either way.
    pub debug_info: bool,
    /// The file name and WGSL text the module was parsed from, for
    /// [`debug_info`](Self::debug_info) (ignored when it is off).
    pub debug_source: Option<DebugSource>,
    /// The device has `VK_QCOM_cooperative_matrix_conversion` (KHR
    /// matrices only): `subgroupMatrixFromRows/Columns` and
    /// `subgroupMatrixRow/Column` whose shape the extension allows (rows of
    /// left and result matrices, columns of right ones; 8 f32 or 16 f16
    /// elements per row of a left matrix and per column of a right one)
    /// are `OpCompositeConstructCoopMatQCOM` / `OpCompositeExtractCoopMatQCOM`
    /// (`SPV_QCOM_cooperative_matrix_conversion`) instead of a round trip
    /// through workgroup scratch. The invocations past the last row
    /// (column) still receive zeros.
    pub qcom_cooperative_matrix_conversion: bool,
}

/// The SPIR-V extension that carries subgroup matrices
/// ([`Options::cooperative_matrix`]).
///
/// Both express every subgroup-matrix operation tessera emits; they differ
/// in form:
///
/// | | `Khr` | `Nv` |
/// |---|---|---|
/// | type | `OpTypeCooperativeMatrixKHR` with a use (A, B, accumulator): left, right and result are three types | `OpTypeCooperativeMatrixNV`, no use: a left, right and result matrix of one shape and component type are one type |
/// | load, store | `OpCooperativeMatrixLoadKHR`/`StoreKHR`, layout constant | `OpCooperativeMatrixLoadNV`/`StoreNV`, column-major boolean constant |
/// | multiply | `OpCooperativeMatrixMulAddKHR` with signedness operands | `OpCooperativeMatrixMulAddNV`; signedness is that of the component types |
/// | scalar multiply | `OpFMul`/`OpIMul` by a filled matrix | `OpMatrixTimesScalar` (NV has no component-wise multiply) |
/// | capability, extension | `CooperativeMatrixKHR`, `SPV_KHR_cooperative_matrix` | `CooperativeMatrixNV`, `SPV_NV_cooperative_matrix` |
///
/// Scalar add and subtract (`OpFAdd`/`OpIAdd`, `OpFSub`/`OpISub` by a
/// matrix filled with `OpCompositeConstruct`), fills, zero values
/// (`OpConstantNull`) and 8-bit components are the same in both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CooperativeMatrixExtension {
    /// `SPV_KHR_cooperative_matrix` (`VK_KHR_cooperative_matrix`).
    #[default]
    Khr,
    /// `SPV_NV_cooperative_matrix` (`VK_NV_cooperative_matrix`, with
    /// `VK_NV_integer_cooperative_matrix` semantics for integer components).
    Nv,
}

impl CooperativeMatrixExtension {
    /// The lower-case name used by the CLI flags (`khr`, `nv`).
    pub const fn name(self) -> &'static str {
        match self {
            CooperativeMatrixExtension::Khr => "khr",
            CooperativeMatrixExtension::Nv => "nv",
        }
    }
}

impl std::str::FromStr for CooperativeMatrixExtension {
    type Err = String;

    /// Parses `khr` or `nv` (ASCII case-insensitive).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "khr" => Ok(CooperativeMatrixExtension::Khr),
            "nv" => Ok(CooperativeMatrixExtension::Nv),
            _ => Err(format!(
                "unknown cooperative-matrix extension '{s}' (expected khr or nv)"
            )),
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            version: (1, 3),
            bounds_checks: true,
            zero_initialize_workgroup_memory: true,
            unroll: Default::default(),
            buffers_robust_by_device: false,
            optimize: true,
            verify_ir: false,
            skip_passes: Vec::new(),
            cooperative_matrix: CooperativeMatrixExtension::Khr,
            nv_cooperative_matrix2: false,
            debug_info: false,
            debug_source: None,
            qcom_cooperative_matrix_conversion: false,
        }
    }
}

pub(crate) fn check_options(options: &Options) -> Result<(), Error> {
    if !matches!(options.version, (1, 3) | (1, 4) | (1, 5) | (1, 6)) {
        return Err(Diagnostic::without_location(format!(
            "unsupported SPIR-V version {}.{} (expected 1.3, 1.4, 1.5 or 1.6)",
            options.version.0, options.version.1
        ))
        .into());
    }
    Ok(())
}

/// Prints a lowered pipeline (see [`crate::lower::spv::lower`]) as SPIR-V words; `info` is
/// what [`crate::lower::spv::lower`] returned. The printer maps each IR construct onto SPIR-V
/// and adds no WGSL semantics of its own.
pub fn print(
    pipeline: &PipelineModule<'_>,
    info: &ModuleInfo,
    options: &Options,
) -> Result<Vec<u32>, Error> {
    check_options(options)?;
    if info.entry_points.len() != pipeline.module.entry_points.len() {
        return Err(Diagnostic::without_location(
            "the module info does not describe this module (compute it with `lower`)",
        )
        .into());
    }
    writer::Writer::new(pipeline, info, options).run()
}

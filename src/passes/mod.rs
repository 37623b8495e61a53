//! IR-to-IR passes between the pipeline step and the printers.
//!
//! WGSL's semantics that targets lack (division by zero, shift amounts,
//! saturating conversions, bounds, zeroed workgroup memory, ...) are
//! lowered here, once, as rewrites of the IR that keep it valid WGSL: the
//! module after any pass prints as WGSL with the same meaning
//! (`tessera --print-ir-after PASS`). After its pass list, a backend's
//! printer maps each IR construct one-to-one onto the target and holds no
//! WGSL-semantics logic.
//!
//! Each pass is one file with a doc comment saying what it guarantees, and
//! its own WGSL-in/WGSL-out tests. The ordered lists are [`shared`] (both
//! targets) and each backend's `passes` function (`lower::spv::passes`,
//! `lower::msl::passes`), which append target-specific passes.
//!
//! [`run`] verifies the module ([`crate::ir::verify`]) before the first
//! pass and after each one in debug builds (and on request): a pass that
//! breaks an IR invariant is an internal error naming it. The optimising
//! passes ([`OPTIMIZING`]) can be left out ([`PassOptions::optimize`]).

pub mod bit_fields;
pub mod bits_clamp;
pub mod buffer_view;
pub mod clamp_formula;
pub mod coop_vec;
pub mod cse;
pub mod dse;
pub mod external_texture;
mod external_texture_helpers;
pub mod first_bit;
pub mod float_formulas;
pub mod float_to_int;
pub mod fold;
pub mod framebuffer_fetch;
pub mod int_abs_sign;
pub mod int_division;
pub mod int_dot;
pub mod matrix_elementwise;
pub mod matrix_reduce;
mod matrix_rows;
pub mod matrix_scalar_range;
pub mod matrix_scratch;
pub mod msl_builtins;
pub mod msl_simdgroup;
pub mod pack_norm;
pub mod pixel_local;
pub mod pointer_args;
pub mod resource_table;
pub mod rewrite;
pub mod robustness;
pub mod shift_amount;
pub mod signed_remainder;
pub mod spec_constants;
pub mod sroa;
pub mod strided_loops;
pub mod texture_clamp;
pub mod unroll;
pub mod workgroup_zero;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod wgsl_tests;
#[cfg(test)]
mod wgsl_tests_msl;
#[cfg(test)]
mod wgsl_tests_resource_table;

use crate::diagnostic::Error;
use crate::ir::Module;
use crate::pipeline::Pipeline;

/// How much code a pass may add to `module`: `factor` times its size
/// ([`Module::size`]), and
/// at least `floor`.
pub fn growth_budget(module: &Module, factor: usize, floor: usize) -> usize {
    module.size().saturating_mul(factor).max(floor)
}

/// Options of the shared passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassOptions {
    /// Clamp indices and subgroup-matrix accesses (WGSL's robustness).
    pub bounds_checks: bool,
    /// Zero the workgroup variables each entry point uses.
    pub zero_initialize_workgroup_memory: bool,
    /// Which counted loops the `unroll` pass unrolls.
    pub unroll: unroll::UnrollPolicy,
    /// Leave indices into `storage`/`uniform` buffers to the device's
    /// robust buffer access (the embedder enables it for the pipeline);
    /// subgroup-matrix accesses and other memory stay checked.
    pub buffers_robust_by_device: bool,
    /// Run the optimising passes, those WGSL's semantics do not need:
    /// `strided-loops`, `unroll`, `fold`, `sroa`, `dse` and `cse` (see
    /// [`OPTIMIZING`]).
    /// Off, the output computes the same with less work done by tessera
    /// (differential testing compares the two).
    pub optimize: bool,
}

/// The passes [`PassOptions::optimize`] turns off. None of them is needed
/// for WGSL's semantics or by a printer: `strided-loops` only gives loops
/// that stride by invocation the counted form `unroll` takes, `unroll` and
/// `sroa` only move
/// arrays of subgroup matrices into registers (dynamically indexed arrays
/// of matrices are valid SPIR-V and MSL, clamped by `robustness` like any
/// array), `fold`, `dse` and `cse` only remove work, and the passes after
/// them take any valid module (their lowerings, e.g. the loops of
/// `matrix-elementwise`, are built by the passes themselves).
pub const OPTIMIZING: [&str; 6] = ["strided-loops", "unroll", "fold", "sroa", "dse", "cse"];

impl Default for PassOptions {
    fn default() -> Self {
        PassOptions {
            bounds_checks: true,
            zero_initialize_workgroup_memory: true,
            unroll: unroll::UnrollPolicy::All,
            buffers_robust_by_device: false,
            optimize: true,
        }
    }
}

/// How a pass is run.
pub type PassFn<'a> = Box<dyn Fn(&mut Pipeline) -> Result<(), Error> + 'a>;

/// One pass of a backend's list.
pub struct Pass<'a> {
    /// The name `--print-ir-after` takes.
    pub name: &'static str,
    /// What the pass guarantees, in one line.
    pub summary: &'static str,
    /// Runs the pass.
    pub run: PassFn<'a>,
}

impl std::fmt::Debug for Pass<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pass").field("name", &self.name).finish()
    }
}

impl<'a> Pass<'a> {
    /// A pass that cannot fail, from its name, summary and function.
    pub fn infallible(
        name: &'static str,
        summary: &'static str,
        run: impl Fn(&mut Pipeline) + 'a,
    ) -> Self {
        Self::new(name, summary, move |p: &mut Pipeline| {
            run(p);
            Ok(())
        })
    }

    /// A pass from its name, summary and function.
    pub fn new(
        name: &'static str,
        summary: &'static str,
        run: impl Fn(&mut Pipeline) -> Result<(), Error> + 'a,
    ) -> Self {
        Pass {
            name,
            summary,
            run: Box::new(run),
        }
    }
}

/// The passes both backends run, in order.
pub fn shared<'a>(options: PassOptions) -> Vec<Pass<'a>> {
    let mut list = vec![
        Pass::new(
            "external-texture",
            "texture_external becomes two texture_2d<f32> planes and a uniform buffer of parameters",
            external_texture::run,
        ),
        Pass::new(
            "pointer-args",
            "pointer arguments become whole variables plus u32 indices (copies per root)",
            pointer_args::run,
        ),
        Pass::new(
            "buffer-view",
            "buffers become arrays of words; buffer views become word loads and stores with bitcasts",
            buffer_view::run,
        ),
        Pass::new(
            "strided-loops",
            "loops striding by invocation (i = s; i < N; i += c, s in a known range) become counted loops of at most 16 guarded iterations",
            |p: &mut Pipeline| {
                strided_loops::run(p);
                Ok(())
            },
        ),
        Pass::new(
            "unroll",
            "fully unrolls small counted loops (larger ones when they touch subgroup matrices)",
            move |p: &mut Pipeline| {
                unroll::run_with(&mut p.module, options.unroll);
                Ok(())
            },
        ),
        Pass::new(
            "fold",
            "integer arithmetic on two literals becomes a literal",
            fold::run,
        ),
        Pass::new(
            "sroa",
            "splits arrays of subgroup matrices indexed only by constants into variables",
            |p: &mut Pipeline| {
                sroa::run(&mut p.module);
                Ok(())
            },
        ),
        Pass::new(
            "dse",
            "drops zero-initialising stores to locals that are overwritten",
            |p: &mut Pipeline| {
                dse::run(&mut p.module);
                Ok(())
            },
        ),
        Pass::infallible(
            "int-division",
            "integer / and % never divide by zero or overflow (WGSL's results)",
            int_division::run,
        ),
        Pass::infallible(
            "shift-amount",
            "shift amounts are masked to the bit width",
            shift_amount::run,
        ),
        Pass::infallible(
            "float-to-int",
            "float-to-integer conversions saturate",
            float_to_int::run,
        ),
        Pass::infallible(
            "pack-norm",
            "pack4x8snorm/unorm and pack2x16snorm/unorm follow the spec's formula (halves round up)",
            pack_norm::run,
        ),
        Pass::infallible(
            "int-dot",
            "dot of integer vectors, dot4I8Packed and dot4U8Packed become a multiply and a sum of components (wrapping, as WGSL's)",
            int_dot::run,
        ),
        Pass::infallible(
            "bits-clamp",
            "extractBits/insertBits offset and count stay within the bit width",
            bits_clamp::run,
        ),
        Pass::infallible(
            "matrix-scalar-range",
            "scalars for 8-bit subgroup matrices are clamped to the component range",
            matrix_scalar_range::run,
        ),
    ];
    if options.bounds_checks {
        list.push(Pass::new(
            "robustness",
            "indices and subgroup-matrix accesses stay inside their array, vector or matrix",
            move |p: &mut Pipeline| robustness::run_with(p, options.buffers_robust_by_device),
        ));
        list.push(Pass::new(
            "texture-clamp",
            "textureLoad/textureStore coordinates, levels, layers and samples stay inside the texture",
            texture_clamp::run,
        ));
    }
    list.push(Pass::new(
        "cse",
        "equal pure expressions on one path are evaluated once",
        cse::run,
    ));
    if options.zero_initialize_workgroup_memory {
        list.push(Pass::new(
            "workgroup-zero",
            "workgroup variables are zeroed by the whole workgroup before the entry point runs",
            workgroup_zero::run,
        ));
    }
    if !options.optimize {
        list.retain(|p| !OPTIMIZING.contains(&p.name));
    }
    list
}

/// Runs `passes` in order over `pipeline`, calling `after` with each
/// pass's name and the pipeline it left.
///
/// With verification on ([`crate::ir::verify::enabled`]: in debug builds,
/// or when `verify_ir` asks for it) the module is verified
/// ([`crate::ir::verify`]) before the first pass (stage `pipeline`) and
/// after each pass, before `after` sees it: a module a pass broke is an
/// internal error naming the pass, never a panic in a later stage.
pub fn run(
    pipeline: &mut Pipeline,
    passes: &[Pass],
    verify_ir: bool,
    after: &mut dyn FnMut(&str, &Pipeline),
) -> Result<(), Error> {
    let verify = crate::ir::verify::enabled(verify_ir);
    if verify {
        crate::ir::verify::verify_after(&pipeline.module, "pipeline")?;
    }
    for pass in passes {
        (pass.run)(pipeline)?;
        if verify {
            crate::ir::verify::verify_after(&pipeline.module, pass.name)?;
        }
        after(pass.name, pipeline);
    }
    Ok(())
}

//! SPIR-V lowering: the passes that turn a pipeline's module into what the
//! SPIR-V printer ([`crate::back::spv`]) maps one-to-one (the shared WGSL
//! semantics of the `passes` plus `signed-remainder` and the
//! subgroup-matrix passes SPIR-V needs), run with the IR verifier after
//! each, and [`write()`], which lowers a copy and prints it.

use crate::back::spv::{check_options, print, CooperativeMatrixExtension, Options};
use crate::diagnostic::Error;
use crate::passes::Pass;
use crate::pipeline::Pipeline;
use crate::valid::ModuleInfo;

/// The passes that lower a pipeline's module for this backend, in order
/// (`tessera --list-passes`).
pub fn passes<'a>(options: &Options) -> Vec<Pass<'a>> {
    let nv = options.cooperative_matrix == CooperativeMatrixExtension::Nv;
    let nv2 = options.nv_cooperative_matrix2;
    let qcom = options.qcom_cooperative_matrix_conversion && !nv;
    let mut list = crate::passes::shared(pass_options!(options));
    // First: the other passes see the materialized expressions as code.
    list.insert(
        0,
        Pass::infallible(
            "spec-constants",
            "override-expressions SPIR-V specialization constants cannot express (float arithmetic, builtins, dynamic indices) are computed in the functions that read them",
            crate::passes::spec_constants::run,
        ),
    );
    list.insert(
        1,
        Pass::new(
            "pixel-local",
            "rejects pixel_local variables: no backend lowers them",
            |p: &mut Pipeline| crate::passes::pixel_local::reject(p, "SPIR-V"),
        ),
    );
    // Early: the reads it adds are ordinary texture loads for the passes
    // after it.
    list.insert(
        2,
        Pass::infallible(
            "framebuffer-fetch",
            "@color(N) fragment inputs become input_attachment<T> variables (group framebuffer_fetch_group, binding N, input attachment index N) read by a new entry-point function that calls the original",
            crate::passes::framebuffer_fetch::run,
        ),
    );
    // Early too: the table reads it adds are ordinary loads and texture
    // reads for the passes after it.
    list.insert(
        3,
        Pass::infallible(
            "resource-table",
            "hasResource/getResource become reads of the metadata buffer and of one binding_array<T> per type at the table's binding point; sampling a table texture that is not filterable with a filtering sampler gives zero",
            crate::passes::resource_table::run,
        ),
    );
    // Before robustness: its loop's element accesses are in range by
    // construction, and the pass list is shared up to here.
    let at = list
        .iter()
        .position(|p| p.name == "robustness" || p.name == "cse")
        .unwrap_or(list.len());
    list.insert(
        at,
        Pass::new(
            "matrix-elementwise",
            "math builtins on subgroup matrices (and, for NV, element-wise products) loop over each invocation's elements (with NV2, one-matrix builtins become per-element operations)",
            move |p: &mut Pipeline| crate::passes::matrix_elementwise::run(p, nv, nv2 && !nv),
        ),
    );
    // SPV_NV_cooperative_vector needs SPIR-V 1.6.
    let native_vectors = options.version >= (1, 6);
    let bounds = options.bounds_checks;
    super::insert_after(
        &mut list,
        "pointer-args",
        Pass::new(
            "coop-vec",
            "cooperative-vector products and training accumulations run natively where the device profile lists them (guarded by alignment and bounds), else every cooperative-vector operation becomes loops over arrays (compare-exchange loops for the accumulations)",
            move |p: &mut Pipeline| crate::passes::coop_vec::run(p, native_vectors, bounds),
        ),
    );
    // Early: the row space of the scratch lowering is scalar code, which
    // the passes after it (int-division, float-to-int, ...) give WGSL's
    // meaning, and it sees element-wise math as math, not as the loops
    // matrix-elementwise makes.
    super::insert_after(
        &mut list,
        "coop-vec",
        Pass::new(
            "matrix-reduce",
            "subgroup-matrix reductions and index matrices: with NV2, OpCooperativeMatrixReduceNV and per-element operations with generated functions; else rows/columns through the invocations, element-wise work kept on the rows",
            move |p: &mut Pipeline| crate::passes::matrix_reduce::run(p, nv2 && !nv),
        ),
    );
    // Vulkan leaves OpSRem undefined for negative operands.
    super::insert_after(
        &mut list,
        "int-division",
        Pass::infallible(
            "signed-remainder",
            "i32 remainders become a - b * (a / b) (Vulkan leaves OpSRem undefined for negative operands)",
            crate::passes::signed_remainder::run,
        ),
    );
    // NV matrices have no kind: a kind change is no instruction at all.
    list.push(Pass::new(
        "matrix-scratch",
        "subgroup-matrix rows/columns to and from invocations (and, for KHR, kind changes) go through per-subgroup workgroup scratch",
        move |p: &mut Pipeline| {
            let kinds = if nv {
                crate::passes::matrix_scratch::KindChanges::None
            } else if nv2 {
                crate::passes::matrix_scratch::KindChanges::NotFromResult
            } else {
                crate::passes::matrix_scratch::KindChanges::All
            };
            crate::passes::matrix_scratch::run(p, kinds, qcom)
        },
    ));
    // Last: passes before it create `clamp`s.
    list.push(Pass::infallible(
        "clamp-formula",
        "clamp(e, lo, hi) becomes min(max(e, lo), hi), WGSL's definition (GLSL's clamp is undefined for lo > hi)",
        crate::passes::clamp_formula::run,
    ));
    list.retain(|p| !options.skip_passes.iter().any(|s| s == p.name));
    list
}

/// Runs this backend's passes over `pipeline` (calling `after` with each
/// pass's name and result) and computes the [`ModuleInfo`] the printer
/// reads.
pub fn lower(
    pipeline: &mut Pipeline,
    options: &Options,
    after: &mut dyn FnMut(&str, &Pipeline),
) -> Result<ModuleInfo, Error> {
    crate::passes::run(pipeline, &passes(options), options.verify_ir, after)?;
    Ok(crate::valid::analyze(&pipeline.module))
}

/// Writes a pipeline's module as SPIR-V words: lowers a copy of it with
/// [`lower`], then prints it with [`crate::back::spv::print`].
pub fn write(pipeline: &Pipeline, options: &Options) -> Result<Vec<u32>, Error> {
    check_options(options)?;
    let mut lowered = pipeline.clone();
    let info = lower(&mut lowered, options, &mut |_, _| {})?;
    print(&lowered.printed(), &info, options)
}

//! MSL lowering: the passes that turn a pipeline's module into what the
//! MSL printer ([`crate::back::msl`]) maps onto Metal (the shared WGSL
//! semantics of the `passes`, the subgroup-matrix scratch pass, and the
//! passes that turn builtins into Metal's operations, which the printer
//! writes one-to-one),
//! run with the IR verifier after each, and [`write()`] /
//! [`write_translation`], which lower a copy and print it.

use crate::back::msl::{print, Options, Translation};
use crate::diagnostic::{Diagnostic, Error};
use crate::passes::Pass;
use crate::pipeline::Pipeline;
use crate::valid::ModuleInfo;

/// The passes that leave target operations (`Statement::Intrinsic`) in
/// the module: after them it is not WGSL (IR dumps still print it), so a
/// check that runs MSL's lowering as WGSL stops before them.
pub const TARGET_OPERATION_PASSES: [&str; 2] = ["msl-builtins", "msl-simdgroup"];

/// The passes that lower a pipeline's module for this backend, in order
/// (`tessera --list-passes --format msl`).
pub fn passes<'a>(options: &Options) -> Vec<Pass<'a>> {
    let mut list = crate::passes::shared(pass_options!(options));
    list.insert(
        0,
        Pass::new(
            "pixel-local",
            "rejects pixel_local variables: no backend lowers them",
            |p: &mut Pipeline| crate::passes::pixel_local::reject(p, "MSL"),
        ),
    );
    // Metal binds no resource table (Tint's MSL writer rejects it too).
    list.insert(
        1,
        Pass::new(
            "resource-table",
            "rejects hasResource/getResource: the MSL backend has no resource table",
            crate::passes::resource_table::reject,
        ),
    );
    super::insert_after(
        &mut list,
        "pointer-args",
        Pass::new(
            "coop-vec",
            "every cooperative-vector operation becomes loops over arrays (Metal has no cooperative vectors)",
            |p: &mut Pipeline| crate::passes::coop_vec::run(p, false, true),
        ),
    );
    super::insert_after(
        &mut list,
        "coop-vec",
        Pass::new(
            "matrix-reduce",
            "subgroup-matrix reductions and index matrices become rows/columns through the invocations, element-wise work kept on the rows",
            |p: &mut Pipeline| crate::passes::matrix_reduce::run(p, false),
        ),
    );
    // Metal has clz/ctz but no find-MSB/LSB: after the bit builtins'
    // operands are clamped.
    super::insert_after(
        &mut list,
        "bits-clamp",
        Pass::infallible(
            "first-bit",
            "firstLeadingBit/firstTrailingBit become countLeadingZeros/countTrailingZeros and a select (MSL has no find-MSB/LSB)",
            crate::passes::first_bit::run,
        ),
    );
    // Metal's integer abs is undefined for the minimum and its sign is for
    // floats only.
    super::insert_after(
        &mut list,
        "first-bit",
        Pass::infallible(
            "int-abs-sign",
            "abs and sign of i32 become selects (Metal's abs is undefined for the minimum, its sign is for floats)",
            crate::passes::int_abs_sign::run,
        ),
    );
    // Metal's fract clamps below 1 and its smoothstep is undefined for
    // low >= high.
    super::insert_after(
        &mut list,
        "int-abs-sign",
        Pass::infallible(
            "float-formulas",
            "fract and smoothstep become the spec's formulas (Metal's fract clamps below 1, its smoothstep is undefined for low >= high)",
            crate::passes::float_formulas::run,
        ),
    );
    // Metal's extract_bits/insert_bits leave offsets and counts at the bit
    // width undefined.
    super::insert_after(
        &mut list,
        "float-formulas",
        Pass::infallible(
            "bit-fields",
            "extractBits/insertBits become shifts and masks with every amount below 32 (Metal's bit-field builtins leave the bit width undefined)",
            crate::passes::bit_fields::run,
        ),
    );
    // Metal has one matrix type per shape: a kind change is no instruction.
    list.push(Pass::new(
        "matrix-scratch",
        "subgroup-matrix rows/columns to and from invocations go through per-simdgroup threadgroup scratch",
        |p: &mut Pipeline| {
            crate::passes::matrix_scratch::run(
                p,
                crate::passes::matrix_scratch::KindChanges::None,
                false,
            )
        },
    ));
    // Metal's own shapes, last: after them only the printer's one-to-one
    // spelling is left.
    list.push(Pass::infallible(
        "msl-builtins",
        "modf, frexp, atomicCompareExchangeWeak and subgroupBallot become Metal's operations (out-parameters, the expected value by pointer, a 64-bit vote)",
        crate::passes::msl_builtins::run,
    ));
    list.push(Pass::infallible(
        "msl-simdgroup",
        "subgroup-matrix loads, stores, multiplies, scalar and element-wise operations become Metal simdgroup operations on locals",
        crate::passes::msl_simdgroup::run,
    ));
    // Last: passes before it create `clamp`s (`smoothstep`, element-wise
    // matrix operations).
    list.push(Pass::infallible(
        "clamp-formula",
        "clamp(e, lo, hi) becomes min(max(e, lo), hi), WGSL's definition (Metal's clamp is undefined for lo > hi)",
        crate::passes::clamp_formula::run,
    ));
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
    if let Some(c) = pipeline.reflection.spec_constants.first() {
        return Err(Diagnostic::without_location(format!(
            "override '{}' is a specialization constant, which MSL output does not support",
            c.name
        ))
        .with_note("specialization constants are for SPIR-V output: give every override a value (pipeline constants)")
        .into());
    }
    crate::passes::run(pipeline, &passes(options), options.verify_ir, after)?;
    Ok(crate::valid::analyze(&pipeline.module))
}

/// Writes a pipeline's module as MSL source (see [`write_translation`]).
pub fn write(pipeline: &Pipeline, options: &Options) -> Result<String, Error> {
    write_translation(pipeline, options).map(|t| t.source)
}

/// Writes a pipeline's module as MSL, with the kernel names: lowers a copy
/// with [`lower`], then prints it with [`crate::back::msl::print`].
pub fn write_translation(pipeline: &Pipeline, options: &Options) -> Result<Translation, Error> {
    let mut lowered = pipeline.clone();
    let info = lower(&mut lowered, options, &mut |_, _| {})?;
    print(&lowered.printed(), &info, options)
}

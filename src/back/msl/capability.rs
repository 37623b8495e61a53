//! What Metal cannot express: checks run before any MSL is printed, so the
//! backend reports a clear error instead of writing MSL that Metal rejects.
//!
//! For the chosen entry points of a [`crate::ir::PipelineModule`]:
//! - every subgroup-matrix type used must be 8x8 (Metal's `simdgroup_matrix`
//!   exists only in that shape) with f32 or f16 components (Metal has
//!   `simdgroup_float8x8` and `simdgroup_half8x8`; no integer matrices), or
//!   bf16 ones from MSL 3.1 (`simdgroup_bfloat8x8`);
//! - every multiply must have operands of the result's component type:
//!   Apple's Metal Shading Language Specification declares
//!   `simdgroup_multiply` and `simdgroup_multiply_accumulate` with one
//!   component type `T` for `d`, `a`, `b` (and `c`). (Tint lets f16 x f16
//!   -> f32 through and emits a call with mismatched types. Some recent
//!   Metal toolchain headers are reported to accept mixed float types; the
//!   backend follows the documented signature.)
//! - subgroup matrices need MSL 2.3, subgroup builtins MSL 2.1,
//!   `@builtin(barycentric_coord)` MSL 2.2, and `atomic<vec2<u32>>`
//!   (`enable atomic_vec2u_min_max;`, Metal's `atomic_ulong` with
//!   `atomic_max_explicit`/`atomic_min_explicit`) MSL 2.4.
//!
//! Each problem is one diagnostic naming the type as written in WGSL, at
//! the span of a use; all problems are reported together.

use std::collections::HashSet;

use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::display::type_name;
use crate::ir::PipelineModule;
use crate::ir::{
    ConstValue, Expression, Intrinsic, Literal, MatrixDim, MslIntrinsic, Scalar, Statement, Type,
    TypeInner,
};
use crate::span::Span;
use crate::valid::ModuleInfo;

/// The first MSL version with `simdgroup_matrix`.
pub const MATRIX_VERSION: (u8, u8) = (2, 3);
/// The first MSL version with `bfloat` and `simdgroup_bfloat8x8`.
pub const BFLOAT_VERSION: (u8, u8) = (3, 1);
/// The first MSL version with the SIMD-group reductions, scans and ballot
/// that the subgroup builtins use.
pub const SUBGROUP_VERSION: (u8, u8) = (2, 1);

/// The MSL version with `[[barycentric_coord]]` (MSL specification
/// 5.2.3.4: Metal 2.2).
pub const BARYCENTRIC_VERSION: (u8, u8) = (2, 2);

/// The MSL version with 64-bit `atomic_ulong` and its
/// `atomic_max_explicit`/`atomic_min_explicit` (MSL specification 6.15.2:
/// Metal 2.4, on Apple9 GPUs and on Apple8 GPUs of the Mac2 family).
pub const ATOMIC_ULONG_VERSION: (u8, u8) = (2, 4);

/// The span of the first global variable that entry point `i` uses whose
/// type holds an `atomic<vec2<u32>>`.
fn atomic_vector_use(pipeline: &PipelineModule<'_>, info: &ModuleInfo, i: usize) -> Option<Span> {
    let module = &pipeline.module;
    let epi = info.entry_points.get(i)?;
    epi.globals.iter().find_map(|&g| {
        let h = Handle::from_index(g);
        let var = module.global_variables.try_get(h)?;
        module
            .any_component(var.ty, &TypeInner::is_atomic_vector)
            .then(|| module.global_variables.span(h))
    })
}

/// Whether an input of `function` (a parameter or a member of a structure
/// parameter) is `@builtin(barycentric_coord)`.
fn reads_barycentric(module: &crate::ir::Module, function: &crate::ir::Function) -> bool {
    use crate::ir::{Binding, BuiltIn};
    let is_bary =
        |b: &Option<Binding>| matches!(b, Some(Binding::BuiltIn(BuiltIn::BarycentricCoord)));
    function.arguments.iter().any(|a| {
        is_bary(&a.binding)
            || matches!(
                module.types.try_get(a.ty).map(|t| &t.inner),
                Some(crate::ir::TypeInner::Struct { members, .. }) if members.iter().any(|m| is_bary(&m.binding))
            )
    })
}

/// Checks that Metal (MSL `lang_version`, as `(major, minor)`) can express
/// what the pipeline's chosen entry points use.
pub fn check_module(
    pipeline: &PipelineModule<'_>,
    info: &ModuleInfo,
    lang_version: (u8, u8),
) -> Result<(), Error> {
    check(pipeline, info, lang_version, true)
}

/// [`check_module`], optionally without the MSL-version check for matrices
/// (the printer's entry-point checks report that one).
pub(super) fn check(
    pipeline: &PipelineModule<'_>,
    info: &ModuleInfo,
    lang_version: (u8, u8),
    matrix_version: bool,
) -> Result<(), Error> {
    let module = &pipeline.module;
    let mut diags = Vec::new();
    let mut seen_types = HashSet::new();
    let mut seen_multiplies = HashSet::new();
    let mut version_reported = !matrix_version;
    let mut subgroup_reported = false;
    let mut atomic_reported = false;
    let mut scanned = HashSet::new();
    for &i in pipeline.entry_points {
        let Some(epi) = info.entry_points.get(i) else {
            continue;
        };
        for &(ty, span) in &epi.matrix_types {
            if !version_reported && lang_version < MATRIX_VERSION {
                version_reported = true;
                diags.push(
                    Diagnostic::error(
                        format!(
                            "subgroup matrices need MSL {}.{} or later, but the target is MSL {}.{}",
                            MATRIX_VERSION.0, MATRIX_VERSION.1, lang_version.0, lang_version.1
                        ),
                        span,
                    )
                    .with_span_label("subgroup matrix used here")
                    .with_note("Metal added simdgroup_matrix in MSL 2.3"),
                );
            }
            if seen_types.insert(ty) {
                check_type(pipeline, ty, span, lang_version, &mut diags);
            }
        }
        for mm in &epi.multiplies {
            if !seen_multiplies.insert((mm.left, mm.right, mm.result)) {
                continue;
            }
            let (Some(l), Some(r), Some(res)) = (
                float_component(pipeline, mm.left),
                float_component(pipeline, mm.right),
                float_component(pipeline, mm.result),
            ) else {
                // A non-float matrix is already reported as a type error.
                continue;
            };
            if l != res || r != res {
                diags.push(
                    Diagnostic::error(
                        format!(
                            "Metal cannot express a multiply of '{}' and '{}' into '{}': simdgroup_multiply needs operands and result of one component type",
                            type_name(module, mm.left),
                            type_name(module, mm.right),
                            type_name(module, mm.result)
                        ),
                        mm.span,
                    )
                    .with_span_label("mixed-precision multiply")
                    .with_note(format!(
                        "Metal declares simdgroup_multiply and simdgroup_multiply_accumulate with one component type for every operand; use a result of component type '{}'",
                        res_name(l)
                    )),
                );
            }
        }
        if lang_version < BARYCENTRIC_VERSION {
            let ep = &module.entry_points[i];
            if let Some(f) = module.functions.try_get(ep.function) {
                if reads_barycentric(module, f) {
                    diags.push(Diagnostic::error(
                        format!(
                            "@builtin(barycentric_coord) needs MSL {}.{} or later, but the target is MSL {}.{}",
                            BARYCENTRIC_VERSION.0, BARYCENTRIC_VERSION.1, lang_version.0, lang_version.1
                        ),
                        module.functions.span(ep.function),
                    ));
                }
            }
        }
        if lang_version < ATOMIC_ULONG_VERSION && !atomic_reported {
            if let Some(span) = atomic_vector_use(pipeline, info, i) {
                atomic_reported = true;
                diags.push(
                    Diagnostic::error(
                        format!(
                            "'atomic<vec2<u32>>' needs MSL {}.{} or later, but the target is MSL {}.{}",
                            ATOMIC_ULONG_VERSION.0,
                            ATOMIC_ULONG_VERSION.1,
                            lang_version.0,
                            lang_version.1
                        ),
                        span,
                    )
                    .with_span_label("atomic<vec2<u32>> declared here")
                    .with_note("Metal added 64-bit atomic_ulong min and max in MSL 2.4"),
                );
            }
        }
        if lang_version < SUBGROUP_VERSION && !subgroup_reported {
            if let Some(span) = first_subgroup_use(pipeline, info, i, &mut scanned) {
                subgroup_reported = true;
                diags.push(
                    Diagnostic::error(
                        format!(
                            "subgroup builtins need MSL {}.{} or later, but the target is MSL {}.{}",
                            SUBGROUP_VERSION.0, SUBGROUP_VERSION.1, lang_version.0, lang_version.1
                        ),
                        span,
                    )
                    .with_span_label("subgroup builtin used here"),
                );
            }
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(Error { diagnostics: diags })
    }
}

fn res_name(s: Scalar) -> &'static str {
    s.wgsl_name()
}

/// The component of a matrix type if it is f32 or f16.
fn float_component(pipeline: &PipelineModule<'_>, ty: Handle<Type>) -> Option<Scalar> {
    match pipeline.module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::SubgroupMatrix { scalar, .. })
            if matches!(scalar, Scalar::F32 | Scalar::F16 | Scalar::BF16) =>
        {
            Some(*scalar)
        }
        _ => None,
    }
}

/// The value of a matrix dimension after overrides.
fn dim_value(pipeline: &PipelineModule<'_>, dim: MatrixDim) -> Option<u64> {
    match dim {
        MatrixDim::Constant(n) => Some(u64::from(n)),
        MatrixDim::Override(o) => {
            let c = (*pipeline.override_values.get(o.index())?)?;
            match pipeline.module.constants.try_get(c)? {
                ConstValue::Scalar(Literal::U32(v)) => Some(u64::from(*v)),
                ConstValue::Scalar(Literal::I32(v)) => u64::try_from(*v).ok(),
                ConstValue::Scalar(Literal::AbstractInt(v)) => u64::try_from(*v).ok(),
                _ => None,
            }
        }
    }
}

fn check_type(
    pipeline: &PipelineModule<'_>,
    ty: Handle<Type>,
    span: Span,
    lang_version: (u8, u8),
    diags: &mut Vec<Diagnostic>,
) {
    let module = &pipeline.module;
    let Some(TypeInner::SubgroupMatrix {
        scalar,
        columns,
        rows,
        ..
    }) = module.types.try_get(ty).map(|t| &t.inner)
    else {
        return;
    };
    let name = type_name(module, ty);
    if *scalar == Scalar::BF16 && lang_version < BFLOAT_VERSION {
        diags.push(
            Diagnostic::error(
                format!(
                    "Metal cannot express '{name}' before MSL {}.{}: the target is MSL {}.{}",
                    BFLOAT_VERSION.0, BFLOAT_VERSION.1, lang_version.0, lang_version.1
                ),
                span,
            )
            .with_span_label("used here")
            .with_note("Metal added bfloat and simdgroup_bfloat8x8 in MSL 3.1 (--msl-version 3.1)"),
        );
    } else if !matches!(scalar, Scalar::F32 | Scalar::F16 | Scalar::BF16) {
        diags.push(
            Diagnostic::error(
                format!(
                    "Metal cannot express '{name}': simdgroup matrices have f32 or f16 components, not {}",
                    scalar.wgsl_name()
                ),
                span,
            )
            .with_span_label("used here")
            .with_note("Metal has simdgroup_float8x8, simdgroup_half8x8 and (MSL 3.1) simdgroup_bfloat8x8 only"),
        );
    }
    let (c, r) = (dim_value(pipeline, *columns), dim_value(pipeline, *rows));
    if c != Some(8) || r != Some(8) {
        let shape = match (c, r) {
            (Some(c), Some(r)) => format!("it has {c} columns and {r} rows"),
            _ => "its dimensions are not known".to_string(),
        };
        diags.push(
            Diagnostic::error(
                format!("Metal cannot express '{name}': simdgroup matrices are 8x8"),
                span,
            )
            .with_span_label("used here")
            .with_note(format!(
                "{shape}; Metal's simdgroup_matrix has 8 columns and 8 rows"
            )),
        );
    }
}

/// The span of the first subgroup builtin in a function reachable from
/// entry point `i` (each function scanned once across entry points).
fn first_subgroup_use(
    pipeline: &PipelineModule<'_>,
    info: &ModuleInfo,
    i: usize,
    scanned: &mut HashSet<usize>,
) -> Option<Span> {
    let epi = info.entry_points.get(i)?;
    for &f in &epi.functions {
        if !scanned.insert(f) {
            continue;
        }
        let Some(func) = pipeline.module.functions.try_get(Handle::from_index(f)) else {
            continue;
        };
        for (h, e) in func.expressions.iter() {
            if matches!(e, Expression::SubgroupResult { .. }) {
                return Some(func.expressions.span(h));
            }
        }
        // `subgroupBallot`, which the `msl-builtins` pass lowered.
        let mut ballot = None;
        crate::ir::visit::walk_statements(&func.body, |st, span| {
            if let Statement::Intrinsic {
                fun: Intrinsic::Msl(MslIntrinsic::SimdBallot | MslIntrinsic::SimdActiveThreadsMask),
                ..
            } = st
            {
                ballot = ballot.or(Some(span));
            }
        });
        if ballot.is_some() {
            return ballot;
        }
    }
    None
}

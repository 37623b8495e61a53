//! Target operations ([`Statement::Intrinsic`]), each written as the one
//! Metal call [`MslIntrinsic`] documents. The lowering passes
//! (`msl-simdgroup`, `msl-builtins`) built the IR around them; nothing
//! here decides what a builtin means.
//!
//! A pointer argument to a local is an out-parameter that Metal takes by
//! reference: the local itself is written. A subgroup-matrix load or
//! store addresses the array's element 0 reinterpreted as a pointer to
//! the matrix's component type, advanced by `offset * k` components.

use super::access::pointee;
use super::context::{bind_result, err, FnCtx, Writer, R};
use super::operand::get;
use super::spelling::{comp_type_name, scalar_name, space_qualifier};
use super::value::strip_parens;
use crate::arena::Handle;
use crate::ir::{Expression, Intrinsic, MslIntrinsic, Scalar, Statement, TypeInner};
use crate::span::Span;

/// Writes a [`Statement::Intrinsic`].
pub(super) fn statement(w: &mut Writer, cx: &mut FnCtx, st: &Statement, span: Span) -> R<()> {
    let Statement::Intrinsic {
        fun: Intrinsic::Msl(op),
        ref arguments,
        result,
    } = *st
    else {
        return Ok(());
    };
    if arguments.len() != op.arity() {
        return Err(err(
            format!(
                "internal error: {} with {} arguments",
                op.name(),
                arguments.len()
            ),
            span,
        ));
    }
    let mut a = Vec::with_capacity(arguments.len());
    for &h in arguments {
        a.push(strip_parens(&get(w, cx, h)?).to_string());
    }
    let call = match op {
        MslIntrinsic::SimdgroupLoad { k, transpose } => {
            let base = component_pointer(w, cx, arguments[1], arguments[0], "const ", span)?;
            access_call("simdgroup_load", &a, &base, k, transpose)
        }
        MslIntrinsic::SimdgroupStore { k, transpose } => {
            let base = component_pointer(w, cx, arguments[1], arguments[0], "", span)?;
            access_call("simdgroup_store", &a, &base, k, transpose)
        }
        MslIntrinsic::SimdgroupMultiply => {
            format!("metal::simdgroup_multiply({}, {}, {})", a[0], a[1], a[2])
        }
        MslIntrinsic::SimdgroupMultiplyAccumulate => format!(
            "metal::simdgroup_multiply_accumulate({}, {}, {}, {})",
            a[0], a[1], a[2], a[3]
        ),
        MslIntrinsic::SimdgroupDiagonal => {
            let ty = result.map(|r| cx.f.expression_type(r));
            let comp = ty.and_then(|t| match *w.m.inner(t) {
                TypeInner::SubgroupMatrix { scalar, .. } => Some(scalar),
                _ => None,
            });
            let Some(comp) = comp else {
                return Err(err(
                    "internal error: msl_simdgroup_diagonal without a matrix result",
                    span,
                ));
            };
            // Metal converts to `bfloat` only explicitly.
            let s = if comp == Scalar::BF16 {
                format!("bfloat({})", a[0])
            } else {
                a[0].clone()
            };
            format!("{}({s})", comp_type_name(comp))
        }
        MslIntrinsic::ThreadElements => format!("{}.thread_elements()", a[0]),
        MslIntrinsic::SetThreadElements => format!("{}.thread_elements() = {}", a[0], a[1]),
        MslIntrinsic::Modf => format!("metal::modf({}, {})", a[0], a[1]),
        MslIntrinsic::Frexp => format!("metal::frexp({}, {})", a[0], a[1]),
        MslIntrinsic::AtomicCompareExchangeWeak => format!(
            "metal::atomic_compare_exchange_weak_explicit(&{}, &{}, {}, metal::memory_order_relaxed, metal::memory_order_relaxed)",
            a[0], a[1], a[2]
        ),
        MslIntrinsic::SimdBallot => format!(
            "as_type<metal::uint2>(static_cast<ulong>(metal::simd_ballot({})))",
            a[0]
        ),
        MslIntrinsic::SimdActiveThreadsMask => {
            "as_type<metal::uint2>(static_cast<ulong>(metal::simd_active_threads_mask()))"
                .to_string()
        }
    };
    match result {
        Some(r) => bind_result(w, cx, r, &call),
        None => cx.push_line(&format!("{call};")),
    }
    Ok(())
}

/// `metal::simdgroup_load` or `_store` with the printed arguments `a`
/// (the matrix, the array, the offset and the stride) and `base`, the
/// array's element 0 as a component pointer.
fn access_call(name: &str, a: &[String], base: &str, k: u32, transpose: bool) -> String {
    format!(
        "metal::{name}({}, {base}{}, {}, ulong2(0, 0), {transpose})",
        a[0],
        scaled(" + ", &a[2], k),
        scaled("", &a[3], k)
    )
}

/// `ulong(x) * k` (`k` left out when it is 1), after `prefix`.
fn scaled(prefix: &str, x: &str, k: u32) -> String {
    if k == 1 {
        format!("{prefix}ulong({x})")
    } else {
        format!("{prefix}ulong({x}) * {k}")
    }
}

/// Element 0 of the array `array` points to, as a pointer to the
/// component type of the matrix `matrix` (a pointer to a matrix for a
/// load, a matrix for a store).
fn component_pointer(
    w: &Writer,
    cx: &FnCtx,
    array: Handle<Expression>,
    matrix: Handle<Expression>,
    constness: &str,
    span: Span,
) -> R<String> {
    let (_, space) = pointee(w, cx.f.expression_type(array));
    let (matrix_ty, _) = pointee(w, cx.f.expression_type(matrix));
    let TypeInner::SubgroupMatrix { scalar, .. } = *w.m.inner(matrix_ty) else {
        return Err(err(
            "internal error: a simdgroup load or store without a matrix",
            span,
        ));
    };
    Ok(format!(
        "reinterpret_cast<{constness}{} {}*>(&({}.inner)[0])",
        space_qualifier(space),
        scalar_name(scalar),
        get(w, cx, array)?
    ))
}

//! Atomic builtins on `metal::atomic_uint` / `metal::atomic_int`, and
//! `atomicStoreMax`/`atomicStoreMin` on `metal::atomic_ulong` (an
//! `atomic<vec2<u32>>`: its `metal::uint2` value is `as_type<ulong>`, so `.x`
//! is the low word; MSL 2.4, `back::msl::capability`).
//!
//! Every operation uses `metal::memory_order_relaxed`, the only order
//! Metal supports (WGSL atomics are relaxed too).
//! `atomicCompareExchangeWeak` is lowered by the `msl-builtins` pass
//! (`passes::msl_builtins`) before printing.

use crate::diagnostic::Diagnostic;
use crate::ir::{AtomicFunction, Scalar};

const RELAXED: &str = "metal::memory_order_relaxed";

/// The MSL for an atomic operation.
///
/// `pointer` is an MSL expression of pointer type to the atomic
/// (`device metal::atomic_uint*` or `threadgroup ...`) and `scalar` its
/// component type (i32 or u32). `value` is the operand (absent for
/// `Load`). For `Store` the string is a complete expression to write as a
/// statement; for the others it is the value of the result.
pub(super) fn atomic_call(
    fun: AtomicFunction,
    pointer: &str,
    scalar: Scalar,
    value: Option<&str>,
) -> Result<String, Box<Diagnostic>> {
    use AtomicFunction as A;
    if !matches!(scalar, Scalar::I32 | Scalar::U32) {
        return Err(Box::new(Diagnostic::without_location(format!(
            "cannot write an atomic of '{}' in MSL",
            scalar.wgsl_name()
        ))));
    }
    let operand = || {
        value.ok_or_else(|| {
            Box::new(Diagnostic::without_location(
                "atomic operation without an operand",
            ))
        })
    };
    let fetch = |op: &str| -> Result<String, Box<Diagnostic>> {
        Ok(format!(
            "metal::atomic_fetch_{op}_explicit({pointer}, {}, {RELAXED})",
            operand()?
        ))
    };
    Ok(match fun {
        A::Load => format!("metal::atomic_load_explicit({pointer}, {RELAXED})"),
        A::Store => format!(
            "metal::atomic_store_explicit({pointer}, {}, {RELAXED})",
            operand()?
        ),
        A::Add => fetch("add")?,
        A::Subtract => fetch("sub")?,
        A::Max => fetch("max")?,
        A::Min => fetch("min")?,
        A::And => fetch("and")?,
        A::InclusiveOr => fetch("or")?,
        A::ExclusiveOr => fetch("xor")?,
        A::StoreMax => format!(
            "metal::atomic_max_explicit({pointer}, as_type<ulong>({}), {RELAXED})",
            operand()?
        ),
        A::StoreMin => format!(
            "metal::atomic_min_explicit({pointer}, as_type<ulong>({}), {RELAXED})",
            operand()?
        ),
        A::Exchange => format!(
            "metal::atomic_exchange_explicit({pointer}, {}, {RELAXED})",
            operand()?
        ),
        A::CompareExchangeWeak => {
            return Err(Box::new(Diagnostic::without_location(
                "internal error: atomicCompareExchangeWeak is not lowered (the msl-builtins pass must run first)",
            )))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(fun: AtomicFunction, value: Option<&str>) -> String {
        atomic_call(fun, "&g", Scalar::U32, value).unwrap()
    }

    #[test]
    fn read_modify_write() {
        use AtomicFunction as A;
        assert_eq!(
            call(A::Load, None),
            "metal::atomic_load_explicit(&g, metal::memory_order_relaxed)"
        );
        assert_eq!(
            call(A::Store, Some("1u")),
            "metal::atomic_store_explicit(&g, 1u, metal::memory_order_relaxed)"
        );
        let ops = [
            (A::Add, "add"),
            (A::Subtract, "sub"),
            (A::Max, "max"),
            (A::Min, "min"),
            (A::And, "and"),
            (A::InclusiveOr, "or"),
            (A::ExclusiveOr, "xor"),
        ];
        for (f, name) in ops {
            assert_eq!(
                call(f, Some("v")),
                format!("metal::atomic_fetch_{name}_explicit(&g, v, metal::memory_order_relaxed)")
            );
        }
        assert_eq!(
            call(A::Exchange, Some("v")),
            "metal::atomic_exchange_explicit(&g, v, metal::memory_order_relaxed)"
        );
        assert_eq!(
            call(A::StoreMax, Some("v")),
            "metal::atomic_max_explicit(&g, as_type<ulong>(v), metal::memory_order_relaxed)"
        );
        assert_eq!(
            call(A::StoreMin, Some("v")),
            "metal::atomic_min_explicit(&g, as_type<ulong>(v), metal::memory_order_relaxed)"
        );
    }

    #[test]
    fn missing_operand_is_an_error() {
        let e = atomic_call(AtomicFunction::Add, "&g", Scalar::U32, None).unwrap_err();
        assert_eq!(e.message, "atomic operation without an operand");
    }
}

//! Atomic builtins on `metal::atomic_uint` / `metal::atomic_int`, and
//! `atomicStoreMax`/`atomicStoreMin` on `metal::atomic_ulong` (an
//! `atomic<vec2<u32>>`: its `metal::uint2` value is `as_type<ulong>`, so `.x`
//! is the low word; MSL 2.4, `back::msl::capability`).
//!
//! Every operation uses `metal::memory_order_relaxed`, the only order
//! Metal supports (WGSL atomics are relaxed too). `atomicCompareExchangeWeak`
//! calls a helper returning the WGSL result struct; the helper's
//! `old_value` is the value Metal writes back on failure (the comparand on
//! success), and a spurious failure is allowed by WGSL's weak exchange.

use super::polyfill::{Helper, Helpers, ResultStruct};
use crate::diagnostic::Diagnostic;
use crate::ir::{AddressSpace, AtomicFunction, Scalar};

const RELAXED: &str = "metal::memory_order_relaxed";

/// The MSL for an atomic operation.
///
/// `pointer` is an MSL expression of pointer type to the atomic
/// (`device metal::atomic_uint*` or `threadgroup ...`), `space` its address
/// space and `scalar` its component type (i32 or u32). `value` is the
/// operand (absent for `Load`), `compare` the comparand of
/// `CompareExchangeWeak`, `result` its result struct. For `Store` the string is
/// a complete expression to write as a statement; for the others it is the
/// value of the result.
#[allow(clippy::too_many_arguments)]
pub(super) fn atomic_call(
    fun: AtomicFunction,
    pointer: &str,
    space: AddressSpace,
    scalar: Scalar,
    value: Option<&str>,
    compare: Option<&str>,
    result: Option<ResultStruct>,
    helpers: &mut Helpers,
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
            let (Some(compare), Some(result)) = (compare, result) else {
                return Err(Box::new(Diagnostic::without_location(
                    "atomicCompareExchangeWeak without a comparand or result",
                )));
            };
            let name = helpers.request(Helper::AtomicCompareExchange {
                scalar,
                space,
                result,
            });
            format!("{name}({pointer}, {compare}, {})", operand()?)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(fun: AtomicFunction, value: Option<&str>) -> String {
        let mut h = Helpers::default();
        let s = atomic_call(
            fun,
            "&g",
            AddressSpace::Storage,
            Scalar::U32,
            value,
            None,
            None,
            &mut h,
        )
        .unwrap();
        assert!(h.is_empty());
        s
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
    fn compare_exchange_uses_helper() {
        let r = ResultStruct {
            name: "__atomic_compare_exchange_result_i32".into(),
            members: ["old_value".into(), "exchanged".into()],
        };
        let mut h = Helpers::default();
        let s = atomic_call(
            AtomicFunction::CompareExchangeWeak,
            "&w",
            AddressSpace::Workgroup,
            Scalar::I32,
            Some("2"),
            Some("1"),
            Some(r),
            &mut h,
        )
        .unwrap();
        assert_eq!(
            s,
            "tessera_atomic_compare_exchange_weak_threadgroup_int(&w, 1, 2)"
        );
        let mut out = String::new();
        h.write(&mut out);
        assert!(out.starts_with("__atomic_compare_exchange_result_i32 tessera_atomic_compare_exchange_weak_threadgroup_int(threadgroup metal::atomic_int* p, int compare, int value) {"), "{out}");
        assert!(out.contains("  __atomic_compare_exchange_result_i32 r = {};\n  r.old_value = old;\n  r.exchanged = exchanged;\n  return r;\n"), "{out}");
    }

    #[test]
    fn missing_operand_is_an_error() {
        let mut h = Helpers::default();
        let e = atomic_call(
            AtomicFunction::Add,
            "&g",
            AddressSpace::Storage,
            Scalar::U32,
            None,
            None,
            None,
            &mut h,
        )
        .unwrap_err();
        assert_eq!(e.message, "atomic operation without an operand");
    }
}

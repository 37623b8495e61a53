//! Indices out of range at pipeline creation (spec, "Vector Access
//! Expression", "Matrix Access Expression", "Array Access Expression"):
//! indexing a vector, a matrix or a fixed-size array, as a value or
//! through a memory view, with an index outside `[0, N-1]` is a
//! pipeline-creation error when the index is an override-expression; so is
//! a negative override-expression index into a runtime-sized array. The
//! element count of an override-sized array is known only now, so an index
//! out of its range is one too, even a const-expression one (as in Tint).
//!
//! The const-expression cases with a count known at shader creation are
//! shader-creation errors in the resolver (`Resolver::index`); an
//! override-expression base with an override-expression index is a global
//! expression, which fails to evaluate (module [`super::eval`]). A value
//! the pipeline does not know (a specialization constant, or an override
//! that failed to evaluate, which is reported already) is not checked.

use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{ArraySize, Expression, Function, Literal, Module, TypeInner};
use crate::valid::type_facts::type_name;
use crate::valid::ModuleInfo;

use super::checks::Known;

/// Reports the out-of-range indices of `functions` (indices into
/// `module.functions`: those the chosen entry points reach).
pub(crate) fn check(
    module: &Module,
    info: &ModuleInfo,
    functions: &[usize],
    known: &Known,
    diags: &mut Vec<Diagnostic>,
) {
    // Without override-sized arrays, only a function that uses
    // override-expressions can index with one.
    let override_arrays = module.types.iter().any(|(_, t)| {
        matches!(
            t.inner,
            TypeInner::Array {
                size: ArraySize::Override(_),
                ..
            }
        )
    });
    for &f in functions {
        if !override_arrays
            && info
                .functions
                .get(f)
                .is_some_and(|facts| !facts.override_exprs)
        {
            continue;
        }
        let Some(func) = module.functions.try_get(Handle::from_index(f)) else {
            continue;
        };
        for (h, e) in func.expressions.iter() {
            check_access(module, func, h, e, known, diags);
        }
    }
}

/// An index's value at pipeline creation, and whether it is an
/// override-expression (`None`: a runtime value, or one not known).
fn index_value(func: &Function, index: Handle<Expression>, known: &Known) -> Option<(i64, bool)> {
    // A `let` is a runtime value, whatever its initializer: its name is no
    // override-expression (nor const-expression).
    if func.named_expressions.contains_key(&index) {
        return None;
    }
    match func.expressions.try_get(index)? {
        Expression::OverrideExpr(g) => Some((known.expr(*g)?, true)),
        Expression::Literal(Literal::I32(v)) => Some((i64::from(*v), false)),
        Expression::Literal(Literal::U32(v)) => Some((i64::from(*v), false)),
        _ => None,
    }
}

/// Whether `h` is the component selection of a swizzle view indexed at
/// runtime (`v.zy[i] = e`, module `resolve::swizzle_assign`): `list[i]`,
/// where `list` is the constant list of the view's components, used as the
/// index into the vector's pointer. Its type is the list's (`vecN<u32>`),
/// not the view's, so errors name the swizzle instead. (Only asked on the
/// way to an error: it walks the function.)
fn is_swizzle_view(module: &Module, func: &Function, h: Handle<Expression>) -> bool {
    if !matches!(
        func.expressions.try_get(h),
        Some(&Expression::Access { base, .. })
            if matches!(func.expressions.try_get(base), Some(Expression::Constant(_)))
    ) {
        return false;
    }
    func.expressions.iter().any(|(_, e)| match *e {
        Expression::Access { base, index } if index == h => func
            .expression_types
            .get(base.index())
            .and_then(|&t| module.types.try_get(t))
            .and_then(|t| match t.inner {
                TypeInner::Pointer { base, .. } => module.types.try_get(base),
                _ => None,
            })
            .is_some_and(|t| matches!(t.inner, TypeInner::Vector { .. })),
        _ => false,
    })
}

fn check_access(
    module: &Module,
    func: &Function,
    h: Handle<Expression>,
    e: &Expression,
    known: &Known,
    diags: &mut Vec<Diagnostic>,
) {
    let (base, (i, index_override), span) = match *e {
        Expression::Access { base, index } => match index_value(func, index, known) {
            Some(v) => (base, v, func.expressions.span(index)),
            None => return,
        },
        Expression::AccessIndex { base, index } => {
            (base, (i64::from(index), false), func.expressions.span(h))
        }
        _ => return,
    };
    let Some(mut ty) = func.expression_types.get(base.index()).copied() else {
        return;
    };
    if let Some(&TypeInner::Pointer { base, .. }) = module.types.try_get(ty).map(|t| &t.inner) {
        ty = base;
    }
    let Some(inner) = module.types.try_get(ty).map(|t| &t.inner) else {
        return;
    };
    // The element count (`None`: runtime-sized), and whether an
    // override-expression gives it.
    let (count, count_override) = match *inner {
        TypeInner::Vector { size, .. } => (Some(i64::from(size.get())), false),
        TypeInner::Matrix { columns, .. } => (Some(i64::from(columns.get())), false),
        TypeInner::Array { size, .. } => match size {
            ArraySize::Constant(n) => (Some(i64::from(n)), false),
            // A count below 1 is reported by `checks::check_array_sizes`.
            ArraySize::Override(c) => match known.expr(c) {
                Some(n) if n > 0 => (Some(n), true),
                _ => return,
            },
            ArraySize::Runtime => (None, false),
        },
        // Struct members, and whatever else cannot be indexed.
        _ => return,
    };
    if !index_override && !count_override {
        return;
    }
    let out_of_range = match count {
        Some(n) => i < 0 || i >= n,
        None => i < 0,
    };
    if !out_of_range {
        return;
    }
    let name = type_name(module, ty);
    let message = match count {
        Some(n) if is_swizzle_view(module, func, h) => format!(
            "index {i} is out of bounds for a swizzle of {n} components (valid indices are 0 to {})",
            n - 1
        ),
        Some(n) => format!(
            "index {i} is out of bounds for '{name}' (valid indices are 0 to {})",
            n - 1
        ),
        None => format!(
            "index {i} is out of bounds for '{name}' (an index into a runtime-sized array must not be negative)"
        ),
    };
    let note = match count {
        Some(n) if count_override => format!(
            "the element count of '{name}' is an override-expression ({n} with the pipeline's override values), so an index out of range is a pipeline-creation error"
        ),
        _ => "the index is an override-expression, so an index out of range is a pipeline-creation error".to_string(),
    };
    diags.push(Diagnostic::error(message, span).with_note(note));
}

//! Abstract numerics: conversion rank, unification and the concrete
//! counterparts of abstract types. Converting constant values is
//! [`crate::const_eval`]'s job.

use crate::arena::Handle;
use crate::ir::{Module, Scalar, Type, TypeInner, VectorSize};

/// The spec's conversion rank of an automatic conversion from `from` to
/// `to` (scalars), or `None` if there is no automatic conversion.
pub(crate) fn rank(from: Scalar, to: Scalar) -> Option<u32> {
    use Scalar::*;
    match (from, to) {
        _ if from == to => Some(0),
        (AbstractFloat, F32) => Some(1),
        (AbstractFloat, F16) => Some(2),
        (AbstractInt, I32) => Some(3),
        (AbstractInt, U32) => Some(4),
        (AbstractInt, AbstractFloat) => Some(5),
        (AbstractInt, F32) => Some(6),
        (AbstractInt, F16) => Some(7),
        _ => None,
    }
}

/// The common scalar type two operands convert to, if any.
pub(crate) fn unify(a: Scalar, b: Scalar) -> Option<Scalar> {
    if a == b {
        return Some(a);
    }
    if rank(a, b).is_some() {
        Some(b)
    } else if rank(b, a).is_some() {
        Some(a)
    } else {
        None
    }
}

/// The default concrete type of a scalar (`AbstractInt` -> `i32`,
/// `AbstractFloat` -> `f32`).
pub(crate) fn concrete_scalar(s: Scalar) -> Scalar {
    match s {
        Scalar::AbstractInt => Scalar::I32,
        Scalar::AbstractFloat => Scalar::F32,
        other => other,
    }
}

/// The leaf scalar of a scalar, vector, matrix or (nested) array type.
pub(crate) fn leaf_scalar(module: &Module, ty: Handle<Type>) -> Option<Scalar> {
    let mut ty = ty;
    loop {
        match *module.inner(ty) {
            TypeInner::Array { base, .. } => ty = base,
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => return Some(s),
            TypeInner::Matrix { scalar, .. } => return Some(scalar),
            _ => return None,
        }
    }
}

/// `ty` with its leaf scalar replaced by `s` (arrays recursively).
pub(crate) fn with_scalar(module: &mut Module, ty: Handle<Type>, s: Scalar) -> Handle<Type> {
    let inner = module.inner(ty).clone();
    match inner {
        TypeInner::Scalar(_) => module.intern(TypeInner::Scalar(s)),
        TypeInner::Vector { size, .. } => module.intern(TypeInner::Vector { size, scalar: s }),
        TypeInner::Matrix { columns, rows, .. } => module.intern(TypeInner::Matrix {
            columns,
            rows,
            scalar: s,
        }),
        TypeInner::Array { base, size, .. } => {
            let base = with_scalar(module, base, s);
            let stride = crate::ir::layout::array_stride(module, base);
            module.intern(TypeInner::Array { base, size, stride })
        }
        _ => ty,
    }
}

/// The concrete type an abstract type concretizes to.
pub(crate) fn concretize_ty(module: &mut Module, ty: Handle<Type>) -> Handle<Type> {
    match leaf_scalar(module, ty) {
        Some(s) if s.is_abstract() => with_scalar(module, ty, concrete_scalar(s)),
        None => concrete_result_struct(module, ty, Scalar::F32).unwrap_or(ty),
        _ => ty,
    }
}

/// Whether `ty` is one of the predeclared result structures of `frexp` and
/// `modf` for AbstractFloat arguments (`__frexp_result_abstract`,
/// `__modf_result_vec2_abstract`, ...). User identifiers cannot start with
/// `__`, so the name identifies them.
fn abstract_result_struct(module: &Module, ty: Handle<Type>) -> Option<(bool, Option<VectorSize>)> {
    let name = module.types[ty].name.as_deref()?;
    let (frexp, rest) = match name.strip_prefix("__frexp_result_") {
        Some(rest) => (true, rest),
        None => (false, name.strip_prefix("__modf_result_")?),
    };
    let size = match rest {
        "abstract" => None,
        "vec2_abstract" => Some(VectorSize::Bi),
        "vec3_abstract" => Some(VectorSize::Tri),
        "vec4_abstract" => Some(VectorSize::Quad),
        _ => return None,
    };
    Some((frexp, size))
}

/// For an abstract `frexp`/`modf` result structure, the structure of the
/// same builtin for the floating-point type `scalar` (WGSL spec,
/// "Conversion Rank": `__frexp_result_abstract` converts to
/// `__frexp_result_f32` and `__frexp_result_f16`, and so on).
pub(crate) fn concrete_result_struct(
    module: &mut Module,
    ty: Handle<Type>,
    scalar: Scalar,
) -> Option<Handle<Type>> {
    let (frexp, size) = abstract_result_struct(module, ty)?;
    Some(if frexp {
        crate::builtins::result_types::frexp(module, scalar, size)
    } else {
        crate::builtins::result_types::modf(module, scalar, size)
    })
}

/// Whether a value of type `from` converts automatically to `to`.
pub(crate) fn can_convert(module: &Module, from: Handle<Type>, to: Handle<Type>) -> bool {
    if from == to {
        return true;
    }
    match (module.inner(from), module.inner(to)) {
        (TypeInner::Scalar(a), TypeInner::Scalar(b)) => rank(*a, *b).is_some(),
        (
            TypeInner::Vector {
                size: s1,
                scalar: a,
            },
            TypeInner::Vector {
                size: s2,
                scalar: b,
            },
        ) => s1 == s2 && rank(*a, *b).is_some(),
        (
            TypeInner::Matrix {
                columns: c1,
                rows: r1,
                scalar: a,
            },
            TypeInner::Matrix {
                columns: c2,
                rows: r2,
                scalar: b,
            },
        ) => c1 == c2 && r1 == r2 && rank(*a, *b).is_some(),
        (
            TypeInner::Array {
                base: b1, size: n1, ..
            },
            TypeInner::Array {
                base: b2, size: n2, ..
            },
        ) => n1 == n2 && can_convert(module, *b1, *b2),
        (TypeInner::Struct { members: m1, .. }, TypeInner::Struct { members: m2, .. }) => {
            abstract_result_struct(module, from).is_some()
                && m1.len() == m2.len()
                && m1
                    .iter()
                    .zip(m2)
                    .all(|(a, b)| a.name == b.name && can_convert(module, a.ty, b.ty))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_unify() {
        assert_eq!(rank(Scalar::AbstractInt, Scalar::I32), Some(3));
        assert_eq!(rank(Scalar::AbstractFloat, Scalar::I32), None);
        assert_eq!(unify(Scalar::AbstractInt, Scalar::U32), Some(Scalar::U32));
        assert_eq!(
            unify(Scalar::AbstractInt, Scalar::AbstractFloat),
            Some(Scalar::AbstractFloat)
        );
        assert_eq!(unify(Scalar::I32, Scalar::U32), None);
    }
}

//! Conversions: explicit value conversion `T(e)`, automatic conversion of
//! abstract values (`concretize`), and `bitcast<T>(e)`.

use super::num::{as_f64, float_lit, value_not_representable};
use super::value::{fmt_lit, fmt_value, map, part_type};
use super::{EvalError, Value};
use crate::arena::Handle;
use rustc_hash::FxHashMap;

use crate::ir::{ConstValue, Literal, Module, Scalar, Type, TypeInner};

/// The largest (or smallest, for `upper == false`) integer of type
/// `target` that is exactly representable in the float type `source`.
fn float_int_bound(source: Scalar, target: Scalar, upper: bool) -> f64 {
    let bound: i128 = match (target, upper) {
        (Scalar::I32, true) => i32::MAX as i128,
        (Scalar::I32, false) => i32::MIN as i128,
        (Scalar::U32, true) => u32::MAX as i128,
        (Scalar::AbstractInt, true) => i64::MAX as i128,
        (Scalar::AbstractInt, false) => i64::MIN as i128,
        _ => 0,
    };
    match source {
        Scalar::F16 => (bound as f64).clamp(-65504.0, 65504.0),
        Scalar::F32 => {
            // Round toward zero into f32.
            let f = bound as f32;
            let f = if (f as f64).abs() > (bound as f64).abs() {
                f32::from_bits(f.to_bits() - 1)
            } else {
                f
            };
            f as f64
        }
        _ => {
            let f = bound as f64;
            if f.abs() > (bound as f64).abs() || (f as i128).abs() > bound.abs() {
                f64::from_bits(f.to_bits() - 1)
            } else {
                f
            }
        }
    }
}

/// Scalar float-to-integer conversion: truncates toward zero and clamps to
/// the range of values of `target` representable in the source type
/// (`source`: F16, F32, or AbstractFloat for binary64). NaN (which a
/// const-expression never holds) converts to 0.
fn float_to_int(x: f64, source: Scalar, target: Scalar) -> Option<Literal> {
    if x.is_nan() {
        return Some(Literal::zero(target));
    }
    let lo = float_int_bound(source, target, false);
    let hi = float_int_bound(source, target, true);
    let t = x.trunc().clamp(lo, hi);
    let v = t as i128;
    match target {
        Scalar::I32 => i32::try_from(v).ok().map(Literal::I32),
        Scalar::U32 => u32::try_from(v).ok().map(Literal::U32),
        Scalar::AbstractInt => i64::try_from(v).ok().map(Literal::AbstractInt),
        _ => None,
    }
}

/// Converts one scalar as `T(e)` does.
///
/// A conversion to a float type is an error when the rounded value is
/// infinite. Values just above the largest finite value that round down to
/// it (e.g. the AbstractFloat `3.4028235e38`, the shortest spelling of the
/// largest `f32`) convert to it: the spec's rounding rules allow that
/// choice, and rejecting them would reject common source text.
pub(crate) fn convert_literal(l: Literal, target: Scalar) -> Result<Literal, EvalError> {
    if l.scalar() == target {
        return Ok(l);
    }
    let err = || value_not_representable(&l, target);
    // An AbstractInt converts exactly (range-checked). An AbstractFloat
    // converts directly from binary64: overload resolution picks
    // `i32(AbstractFloat)` / `u32(AbstractFloat)` (spec, "Conversion
    // Rank"), and a value out of range saturates to the closest integer
    // exactly representable in the *original* floating point type
    // ("Floating Point Conversion"), so `i32(3e9)` is 2147483647, not the
    // f32-saturated 2147483520.
    let out = match (l, target) {
        (_, Scalar::Bool) => Literal::Bool(match l {
            Literal::Bool(b) => b,
            _ => match (as_f64(l), super::num::as_int(l)) {
                (Some(f), _) => f != 0.0,
                (_, Some(i)) => i != 0,
                _ => false,
            },
        }),
        (Literal::Bool(b), _) => match target {
            Scalar::I32 => Literal::I32(b as i32),
            Scalar::U32 => Literal::U32(b as u32),
            Scalar::AbstractInt => Literal::AbstractInt(b as i64),
            Scalar::F32 => Literal::F32(b as u8 as f32),
            Scalar::F16 => Literal::F16(if b { half::f16::ONE } else { half::f16::ZERO }),
            Scalar::AbstractFloat => Literal::AbstractFloat(b as u8 as f64),
            Scalar::Bool | Scalar::I8 | Scalar::U8 | Scalar::BF16 => return Err(err()),
        },
        // Concrete integers reinterpret their bits.
        (Literal::I32(v), Scalar::U32) => Literal::U32(v as u32),
        (Literal::U32(v), Scalar::I32) => Literal::I32(v as i32),
        (Literal::I32(v), Scalar::AbstractInt) => Literal::AbstractInt(v as i64),
        (Literal::U32(v), Scalar::AbstractInt) => Literal::AbstractInt(v as i64),
        (Literal::AbstractInt(v), Scalar::I32) => {
            Literal::I32(i32::try_from(v).map_err(|_| err())?)
        }
        (Literal::AbstractInt(v), Scalar::U32) => {
            Literal::U32(u32::try_from(v).map_err(|_| err())?)
        }
        (Literal::I32(v), _) => int_to_float(v as i64, target).ok_or_else(err)?,
        (Literal::U32(v), _) => int_to_float(v as i64, target).ok_or_else(err)?,
        (Literal::AbstractInt(v), _) => int_to_float(v, target).ok_or_else(err)?,
        (Literal::F32(_) | Literal::F16(_) | Literal::AbstractFloat(_), _) => {
            let x = as_f64(l).unwrap_or(0.0);
            if target.is_float() {
                float_lit(target, x).ok_or_else(err)?
            } else {
                float_to_int(x, l.scalar(), target).ok_or_else(err)?
            }
        }
    };
    Ok(out)
}

/// Integer to float: rounds to nearest; `None` if the result overflows.
fn int_to_float(v: i64, target: Scalar) -> Option<Literal> {
    match target {
        // Direct conversions, each rounded once.
        Scalar::F32 => Some(Literal::F32(v as f32)),
        Scalar::AbstractFloat => Some(Literal::AbstractFloat(v as f64)),
        // Integers above 2^53 are far outside the f16 range, so going
        // through f64 rounds exactly once where it matters.
        Scalar::F16 => float_lit(Scalar::F16, v as f64),
        _ => None,
    }
}

/// See [`super::convert`].
pub(super) fn convert(value: &Value, target: Scalar) -> Result<Value, EvalError> {
    match value {
        Value::Composite { .. } => Err(EvalError::new(format!(
            "cannot convert {} to '{}'",
            fmt_value(value),
            target.wgsl_name()
        ))),
        _ => map(value, |l| convert_literal(l, target)),
    }
}

/// Automatic conversion of one scalar.
pub(crate) fn concretize_literal(l: Literal, target: Scalar) -> Result<Literal, EvalError> {
    if l.scalar() == target {
        return Ok(l);
    }
    let ok = match l {
        Literal::AbstractInt(_) => matches!(
            target,
            Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16 | Scalar::AbstractFloat
        ),
        Literal::AbstractFloat(_) => matches!(target, Scalar::F32 | Scalar::F16),
        _ => false,
    };
    if !ok {
        return Err(EvalError::new(format!(
            "cannot automatically convert value {} of type '{}' to '{}'",
            fmt_lit(&l),
            l.scalar().wgsl_name(),
            target.wgsl_name()
        )));
    }
    convert_literal(l, target)
}

/// The leaf scalar of a type: the scalar of a scalar/vector/matrix, or of
/// an array's (nested) element type.
fn leaf_scalar(module: &Module, ty: Handle<Type>) -> Option<Scalar> {
    let mut ty = ty;
    // Array nesting is bounded by the number of types.
    for _ in 0..=module.types.len() {
        match module.types.try_get(ty)?.inner {
            TypeInner::Array { base, .. } => ty = base,
            ref other => return other.scalar(),
        }
    }
    None
}

/// See [`super::concretize`]. Arrays and structures go through
/// [`concretize_const`] (each shared part once, results cached).
pub(super) fn concretize(
    module: &mut Module,
    cache: &mut ConvertCache,
    value: &Value,
    target_ty: Handle<Type>,
) -> Result<Value, EvalError> {
    match value {
        Value::Scalar(_) | Value::Vector(_) | Value::Matrix { .. } => {
            let scalar = leaf_scalar(module, target_ty)
                .ok_or_else(|| EvalError::new("cannot convert a numeric value to this type"))?;
            map(value, |l| concretize_literal(l, scalar))
        }
        &Value::Composite { ty, value } => {
            let target = composite_target(module, ty, target_ty)?;
            if target == ty {
                return Ok(value.map_or(Value::Composite { ty, value: None }, |h| {
                    Value::Composite { ty, value: Some(h) }
                }));
            }
            let value = match value {
                Some(h) => Some(concretize_const(module, cache, h, ty, target)?),
                None => None,
            };
            Ok(Value::Composite { ty: target, value })
        }
    }
}

/// The type a composite of type `ty` converts to: `target` itself when it
/// is an array or structure type, otherwise (a scalar `target`) `ty` with
/// its leaf scalar replaced, or the concrete `frexp`/`modf` result
/// structure.
fn composite_target(
    module: &mut Module,
    ty: Handle<Type>,
    target: Handle<Type>,
) -> Result<Handle<Type>, EvalError> {
    let inner = module.types.try_get(ty).map(|t| t.inner.clone());
    let target_inner = module.types.try_get(target).map(|t| t.inner.clone());
    match (inner, target_inner) {
        (_, Some(TypeInner::Array { .. })) => Ok(target),
        (Some(TypeInner::Struct { .. }), Some(TypeInner::Struct { .. })) => {
            if ty == target {
                Ok(target)
            } else {
                check_struct_members(module, ty, target)?;
                Ok(target)
            }
        }
        (Some(TypeInner::Array { base, size, .. }), Some(_)) => {
            let base = match module.types.try_get(base).map(|t| &t.inner) {
                Some(TypeInner::Array { .. } | TypeInner::Struct { .. }) => {
                    composite_target(module, base, target)?
                }
                _ => {
                    let scalar = leaf_scalar(module, target).ok_or_else(|| {
                        EvalError::new("cannot convert a numeric value to this type")
                    })?;
                    with_scalar(module, base, scalar)
                }
            };
            let stride = crate::ir::layout::array_stride(module, base);
            Ok(module.intern(TypeInner::Array { base, size, stride }))
        }
        (Some(TypeInner::Struct { members, .. }), Some(_)) => {
            // A scalar target: the concrete frexp/modf result type.
            let scalar = leaf_scalar(module, target);
            let name = module.types.try_get(ty).and_then(|t| t.name.clone());
            let size =
                members
                    .first()
                    .and_then(|m| match module.types.try_get(m.ty).map(|t| &t.inner) {
                        Some(&TypeInner::Vector { size, .. }) => Some(size),
                        _ => None,
                    });
            match (name.as_deref(), scalar) {
                (Some(n), Some(s)) if n.starts_with("__frexp_result") => {
                    Ok(crate::builtins::frexp_result_type(module, s, size))
                }
                (Some(n), Some(s)) if n.starts_with("__modf_result") => {
                    Ok(crate::builtins::modf_result_type(module, s, size))
                }
                _ => Err(EvalError::new(
                    "cannot convert a structure value to a different type",
                )),
            }
        }
        _ => Err(EvalError::new(
            "cannot convert a numeric value to this type",
        )),
    }
}

/// Structure conversion keeps the member count (frexp/modf results).
fn check_struct_members(
    module: &Module,
    ty: Handle<Type>,
    target: Handle<Type>,
) -> Result<(), EvalError> {
    let count = |t: Handle<Type>| match module.types.try_get(t).map(|t| &t.inner) {
        Some(TypeInner::Struct { members, .. }) => members.len(),
        _ => 0,
    };
    if count(ty) != count(target) {
        return Err(EvalError::new(
            "cannot convert a structure value to a structure with a different member count",
        ));
    }
    Ok(())
}

/// `ty` (a scalar, vector or matrix type) with its scalar replaced by `s`.
fn with_scalar(module: &mut Module, ty: Handle<Type>, s: Scalar) -> Handle<Type> {
    match module.types.try_get(ty).map(|t| t.inner.clone()) {
        Some(TypeInner::Vector { size, .. }) => {
            module.intern(TypeInner::Vector { size, scalar: s })
        }
        Some(TypeInner::Matrix { columns, rows, .. }) => module.intern(TypeInner::Matrix {
            columns,
            rows,
            scalar: s,
        }),
        _ => module.intern(TypeInner::Scalar(s)),
    }
}

/// Bytes of a concrete scalar in the internal (little-endian) layout.
fn push_bytes(l: Literal, out: &mut Vec<u8>) -> Result<(), EvalError> {
    match l {
        Literal::I32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Literal::U32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Literal::F32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Literal::F16(v) => out.extend_from_slice(&v.to_le_bytes()),
        _ => {
            return Err(EvalError::new(format!(
                "cannot bitcast a value of type '{}'",
                l.scalar().wgsl_name()
            )))
        }
    }
    Ok(())
}

/// See [`super::bitcast`].
pub(super) fn bitcast(
    module: &mut Module,
    value: &Value,
    target: Handle<Type>,
) -> Result<Value, EvalError> {
    let (count, scalar) = match module.types.try_get(target).map(|t| &t.inner) {
        Some(&TypeInner::Scalar(s)) => (1usize, s),
        Some(&TypeInner::Vector { size, scalar }) => (size.get() as usize, scalar),
        _ => {
            return Err(EvalError::new(
                "bitcast target must be a scalar or vector type",
            ))
        }
    };
    let lits = match value {
        Value::Scalar(_) | Value::Vector(_) => value.literals().unwrap_or(&[]),
        _ => return Err(EvalError::new("bitcast operand must be a scalar or vector")),
    };
    let mut bytes = Vec::with_capacity(16);
    for &l in lits {
        // Abstract operands: AbstractInt to u32 is `u32(e)`; otherwise the
        // operand is first concretized (AbstractInt to i32, AbstractFloat to
        // f32), with the usual range errors.
        let l = match l {
            Literal::AbstractInt(_) if scalar == Scalar::U32 && count == lits.len() => {
                concretize_literal(l, Scalar::U32)?
            }
            Literal::AbstractInt(_) => concretize_literal(l, Scalar::I32)?,
            Literal::AbstractFloat(_) => concretize_literal(l, Scalar::F32)?,
            other => other,
        };
        push_bytes(l, &mut bytes)?;
    }
    let width = scalar.size() as usize;
    if bytes.len() != count * width
        || !matches!(
            scalar,
            Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16
        )
    {
        return Err(EvalError::new(format!(
            "cannot bitcast {} to a type of a different size",
            fmt_value(value)
        )));
    }
    let mut out = Vec::with_capacity(count);
    for chunk in bytes.chunks(width) {
        let mut b4 = [0u8; 4];
        b4[..width].copy_from_slice(chunk);
        let l = match scalar {
            Scalar::I32 => Literal::I32(i32::from_le_bytes(b4)),
            Scalar::U32 => Literal::U32(u32::from_le_bytes(b4)),
            Scalar::F32 => Literal::F32(f32::from_le_bytes(b4)),
            _ => Literal::F16(half::f16::from_le_bytes([b4[0], b4[1]])),
        };
        if as_f64(l).is_some_and(|f| !f.is_finite()) {
            return Err(EvalError::new(format!(
                "'bitcast<{}>({})' is not a finite value (infinity or NaN)",
                scalar.wgsl_name(),
                fmt_value(value)
            )));
        }
        out.push(l);
    }
    Ok(if count == 1 {
        Value::Scalar(out[0])
    } else {
        Value::Vector(out)
    })
}

/// Cache of `concretize_const` results: (constant, target type) to the
/// converted constant. Keeping one across calls makes repeated
/// conversions of the same constant (one per use of an abstract `const`)
/// cost nothing after the first.
pub type ConvertCache = FxHashMap<(Handle<ConstValue>, Handle<Type>), Handle<ConstValue>>;

/// Concretizes an interned array or structure constant to `target` (see
/// [`concretize`]), visiting each shared part once.
fn concretize_const(
    module: &mut Module,
    cache: &mut ConvertCache,
    value: Handle<ConstValue>,
    value_ty: Handle<Type>,
    target: Handle<Type>,
) -> Result<Handle<ConstValue>, EvalError> {
    if value_ty == target {
        return Ok(value);
    }
    if let Some(&h) = cache.get(&(value, target)) {
        return Ok(h);
    }
    let out = match module.constants.try_get(value).cloned() {
        Some(ConstValue::Composite { components, .. }) if is_composite(module, value_ty) => {
            let mut parts = Vec::with_capacity(components.len());
            for (i, c) in components.into_iter().enumerate() {
                let (_, from) = part_type(module, value_ty, i)
                    .ok_or_else(|| EvalError::new("malformed composite constant"))?;
                let (_, to) = part_type(module, target, i)
                    .ok_or_else(|| EvalError::new("cannot convert a composite to this type"))?;
                let from = match module.constants.try_get(c) {
                    Some(ConstValue::Scalar(l)) => module.intern(TypeInner::Scalar(l.scalar())),
                    _ => from,
                };
                parts.push(concretize_part(module, cache, c, from, to)?);
            }
            module.intern_constant(ConstValue::Composite {
                ty: target,
                components: parts,
            })
        }
        _ => module.intern_constant(ConstValue::Zero(target)),
    };
    cache.insert((value, target), out);
    Ok(out)
}

fn concretize_part(
    module: &mut Module,
    cache: &mut ConvertCache,
    c: Handle<ConstValue>,
    from: Handle<Type>,
    to: Handle<Type>,
) -> Result<Handle<ConstValue>, EvalError> {
    if is_composite(module, from) {
        return concretize_const(module, cache, c, from, to);
    }
    let v = Value::from_const_impl(module, c);
    let v = concretize(module, cache, &v, to)?;
    Ok(v.to_const_impl(module))
}

fn is_composite(module: &Module, ty: Handle<Type>) -> bool {
    matches!(
        module.types.try_get(ty).map(|t| &t.inner),
        Some(TypeInner::Array { .. } | TypeInner::Struct { .. })
    )
}

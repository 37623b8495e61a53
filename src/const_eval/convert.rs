//! Conversions: explicit value conversion `T(e)`, automatic conversion of
//! abstract values (`concretize`), and `bitcast<T>(e)`.

use super::num::{as_f64, float_lit, value_not_representable};
use super::value::{fmt_lit, fmt_value, map};
use super::{EvalError, Value};
use crate::arena::Handle;
use crate::ir::{ArraySize, Literal, Module, Scalar, Type, TypeInner};

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
/// the range of values of `target` representable in the source type. NaN
/// (which a const-expression never holds) converts to 0.
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
pub(crate) fn convert_literal(l: Literal, target: Scalar) -> Result<Literal, EvalError> {
    if l.scalar() == target {
        return Ok(l);
    }
    let err = || value_not_representable(&l, target);
    // Abstract sources convert as their concretization would: AbstractInt
    // exactly (range-checked), AbstractFloat through f32 when the target is
    // a concrete non-float type.
    let l = match l {
        Literal::AbstractFloat(v) if matches!(target, Scalar::I32 | Scalar::U32) => {
            float_lit(Scalar::F32, v).ok_or_else(err)?
        }
        other => other,
    };
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
            Scalar::Bool | Scalar::I8 | Scalar::U8 => return Err(err()),
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
                if x.abs() > max_finite(target) {
                    return Err(err());
                }
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
        Scalar::F16 if (v as f64).abs() <= max_finite(Scalar::F16) => {
            float_lit(Scalar::F16, v as f64)
        }
        _ => None,
    }
}

/// The largest finite value of a float type. Conversions of values outside
/// `[-max, max]` are errors, as the spec's "numeric scalar conversion to
/// floating point" says, even where rounding would give `max`.
pub(crate) fn max_finite(scalar: Scalar) -> f64 {
    match scalar {
        Scalar::F16 => half::f16::MAX.to_f64(),
        Scalar::F32 => f32::MAX as f64,
        _ => f64::MAX,
    }
}

/// See [`super::convert`].
pub(super) fn convert(value: &Value, target: Scalar) -> Result<Value, EvalError> {
    match value {
        Value::Array { .. } | Value::Struct { .. } => Err(EvalError::new(format!(
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

/// See [`super::concretize`].
pub(super) fn concretize(
    module: &mut Module,
    value: &Value,
    target_ty: Handle<Type>,
) -> Result<Value, EvalError> {
    let target_inner = module.types.try_get(target_ty).map(|t| t.inner.clone());
    match value {
        Value::Scalar(_) | Value::Vector(_) | Value::Matrix { .. } => {
            let scalar = leaf_scalar(module, target_ty)
                .ok_or_else(|| EvalError::new("cannot convert a numeric value to this type"))?;
            map(value, |l| concretize_literal(l, scalar))
        }
        Value::Array { ty, elements } => {
            // The destination element type: the target array's element type,
            // or (for a scalar target) the element's own concretized type.
            let target_base = match target_inner {
                Some(TypeInner::Array { base, .. }) => Some(base),
                _ => None,
            };
            let mut out = Vec::with_capacity(elements.len());
            for e in elements {
                out.push(concretize(module, e, target_base.unwrap_or(target_ty))?);
            }
            let new_ty = match target_base {
                Some(_) => target_ty,
                None => {
                    let size = match module.types.try_get(*ty).map(|t| &t.inner) {
                        Some(&TypeInner::Array { size, .. }) => size,
                        _ => ArraySize::Constant(out.len() as u32),
                    };
                    match out.first() {
                        Some(first) => {
                            let base = first.ty_impl(module);
                            let stride = crate::layout::array_stride(module, base);
                            module.intern(TypeInner::Array { base, size, stride })
                        }
                        None => *ty,
                    }
                }
            };
            Ok(Value::Array {
                ty: new_ty,
                elements: out,
            })
        }
        Value::Struct { ty, members } => concretize_struct(module, *ty, members, target_ty),
    }
}

/// Concretizes a struct value: the abstract `frexp`/`modf` result structs
/// become their concrete counterparts; other structs must already have the
/// target type.
fn concretize_struct(
    module: &mut Module,
    ty: Handle<Type>,
    members: &[Value],
    target_ty: Handle<Type>,
) -> Result<Value, EvalError> {
    if ty == target_ty {
        return Ok(Value::Struct {
            ty,
            members: members.to_vec(),
        });
    }
    let target_members: Option<Vec<Handle<Type>>> =
        match module.types.try_get(target_ty).map(|t| &t.inner) {
            Some(TypeInner::Struct { members, .. }) => Some(members.iter().map(|m| m.ty).collect()),
            _ => None,
        };
    let target_members = match target_members {
        Some(m) => m,
        None => {
            // A scalar target: build the concrete frexp/modf result type.
            let scalar = leaf_scalar(module, target_ty);
            let name = module.types.try_get(ty).and_then(|t| t.name.clone());
            let size = match members.first() {
                Some(Value::Vector(v)) => crate::ir::VectorSize::from_count(v.len() as u32),
                _ => None,
            };
            let new_ty = match (name.as_deref(), scalar) {
                (Some(n), Some(s)) if n.starts_with("__frexp_result") => {
                    crate::builtins::frexp_result_type(module, s, size)
                }
                (Some(n), Some(s)) if n.starts_with("__modf_result") => {
                    crate::builtins::modf_result_type(module, s, size)
                }
                _ => {
                    return Err(EvalError::new(
                        "cannot convert a structure value to a different type",
                    ))
                }
            };
            return concretize_struct(module, ty, members, new_ty).map(|v| match v {
                Value::Struct { members, .. } => Value::Struct { ty: new_ty, members },
                other => other,
            });
        }
    };
    if target_members.len() != members.len() {
        return Err(EvalError::new(
            "cannot convert a structure value to a structure with a different member count",
        ));
    }
    let mut out = Vec::with_capacity(members.len());
    for (m, t) in members.iter().zip(target_members) {
        out.push(concretize(module, m, t)?);
    }
    Ok(Value::Struct {
        ty: target_ty,
        members: out,
    })
}

/// Bytes of a concrete scalar in the internal (little-endian) layout.
fn push_bytes(l: Literal, out: &mut Vec<u8>) -> Result<(), EvalError> {
    match l {
        Literal::I32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Literal::U32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Literal::F32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Literal::F16(v) => out.extend_from_slice(&v.to_le_bytes()),
        _ => return Err(EvalError::new(format!(
            "cannot bitcast a value of type '{}'",
            l.scalar().wgsl_name()
        ))),
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
        _ => return Err(EvalError::new("bitcast target must be a scalar or vector type")),
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
    if bytes.len() != count * width || !matches!(scalar, Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16) {
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

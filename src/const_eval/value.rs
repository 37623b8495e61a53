//! [`Value`] plumbing: types, zero values, interning to and from
//! [`ConstValue`], composites, indexing, `select`, and the component-wise
//! helpers the operators and builtins are built from.
//!
//! Arrays and structures are [`Value::Composite`]s: a handle into
//! [`Module::constants`] (hash-consed, so a value built from copies of
//! another shares it instead of repeating it) or, for the zero value, no
//! handle at all. Every operation here is linear in the size of what the
//! source spelled out, never in the size of the value it denotes:
//! `array<i32, 1 << 30>()` and a chain of declarations that doubles an
//! array forty times cost a few words each.

use super::{EvalError, Value};
use crate::arena::Handle;
use crate::ir::{ArraySize, ConstValue, Literal, Module, Scalar, Type, TypeInner, VectorSize};

impl Value {
    /// The value's type, interned in `module`.
    pub(super) fn ty_impl(&self, module: &mut Module) -> Handle<Type> {
        match self {
            Value::Scalar(l) => module.intern(TypeInner::Scalar(l.scalar())),
            Value::Vector(v) => module.intern(TypeInner::Vector {
                size: VectorSize::from_count(v.len() as u32).unwrap_or(VectorSize::Quad),
                scalar: v.first().map_or(Scalar::F32, |l| l.scalar()),
            }),
            Value::Matrix {
                columns,
                rows,
                data,
            } => module.intern(TypeInner::Matrix {
                columns: *columns,
                rows: *rows,
                scalar: data.first().map_or(Scalar::F32, |l| l.scalar()),
            }),
            Value::Composite { ty, .. } => *ty,
        }
    }

    /// The scalar components of a scalar, vector or matrix (column-major).
    pub(crate) fn literals(&self) -> Option<&[Literal]> {
        match self {
            Value::Scalar(l) => Some(std::slice::from_ref(l)),
            Value::Vector(v) => Some(v),
            Value::Matrix { data, .. } => Some(data),
            Value::Composite { .. } => None,
        }
    }

    /// A value of the same shape as `self` (scalar, vector or matrix) with
    /// the given components.
    pub(crate) fn with_literals(&self, lits: Vec<Literal>) -> Value {
        match self {
            Value::Matrix { columns, rows, .. } => Value::Matrix {
                columns: *columns,
                rows: *rows,
                data: lits,
            },
            Value::Vector(_) => Value::Vector(lits),
            _ => match lits.first() {
                Some(&l) if lits.len() == 1 => Value::Scalar(l),
                _ => Value::Vector(lits),
            },
        }
    }

    /// See [`Value::zero`].
    pub(super) fn zero_impl(module: &Module, ty: Handle<Type>) -> Option<Value> {
        let inner = &module.types.try_get(ty)?.inner;
        if matches!(inner, TypeInner::Array { .. } | TypeInner::Struct { .. })
            && module.any_component(ty, &|t| {
                matches!(
                    t,
                    TypeInner::Atomic { .. }
                        | TypeInner::Pointer { .. }
                        | TypeInner::SubgroupMatrix { .. }
                        | TypeInner::Array {
                            size: ArraySize::Runtime | ArraySize::Override(_),
                            ..
                        }
                )
            })
        {
            return None;
        }
        zero_of(module, ty)
    }

    /// See [`Value::to_const`].
    pub(super) fn to_const_impl(&self, module: &mut Module) -> Handle<ConstValue> {
        match self {
            Value::Scalar(l) => module.intern_constant(ConstValue::Scalar(*l)),
            Value::Vector(v) => {
                let ty = self.ty_impl(module);
                let components = v
                    .iter()
                    .map(|l| module.intern_constant(ConstValue::Scalar(*l)))
                    .collect();
                module.intern_constant(ConstValue::Composite { ty, components })
            }
            Value::Matrix { rows, data, .. } => {
                let ty = self.ty_impl(module);
                let components = data
                    .chunks(rows.get() as usize)
                    .map(|col| Value::Vector(col.to_vec()).to_const_impl(module))
                    .collect();
                module.intern_constant(ConstValue::Composite { ty, components })
            }
            Value::Composite {
                value: Some(value), ..
            } => *value,
            Value::Composite { ty, value: None } => module.intern_constant(ConstValue::Zero(*ty)),
        }
    }

    /// See [`Value::from_const`].
    pub(super) fn from_const_impl(module: &Module, value: Handle<ConstValue>) -> Value {
        // A dangling handle is a bug of the caller; answer `false` rather
        // than panicking.
        let Some(constant) = module.constants.try_get(value) else {
            return Value::Scalar(Literal::Bool(false));
        };
        match *constant {
            ConstValue::Scalar(l) => Value::Scalar(l),
            ConstValue::Zero(ty) => {
                zero_of(module, ty).unwrap_or(Value::Composite { ty, value: None })
            }
            ConstValue::Composite { ty, ref components } => {
                match module.types.try_get(ty).map(|t| &t.inner) {
                    Some(TypeInner::Vector { .. }) => Value::Vector(scalars(module, components)),
                    Some(&TypeInner::Matrix { columns, rows, .. }) => Value::Matrix {
                        columns,
                        rows,
                        data: components
                            .iter()
                            .flat_map(|&c| match module.constants.try_get(c) {
                                Some(ConstValue::Composite { components, .. }) => {
                                    scalars(module, components)
                                }
                                Some(&ConstValue::Zero(t)) => match module.types.try_get(t) {
                                    Some(&Type {
                                        inner: TypeInner::Vector { size, scalar },
                                        ..
                                    }) => vec![Literal::zero(scalar); size.get() as usize],
                                    _ => Vec::new(),
                                },
                                _ => Vec::new(),
                            })
                            .collect(),
                    },
                    _ => Value::Composite {
                        ty,
                        value: Some(value),
                    },
                }
            }
        }
    }
}

/// The scalar literals of interned scalar constants.
fn scalars(module: &Module, components: &[Handle<ConstValue>]) -> Vec<Literal> {
    components
        .iter()
        .map(|&c| match module.constants.try_get(c) {
            Some(&ConstValue::Scalar(l)) => l,
            _ => Literal::Bool(false),
        })
        .collect()
}

/// The zero value of a type already known to be constructible (no check
/// of its components): materialized for scalars, vectors and matrices,
/// symbolic for arrays and structures.
fn zero_of(module: &Module, ty: Handle<Type>) -> Option<Value> {
    Some(match module.types.try_get(ty)?.inner {
        TypeInner::Scalar(s) => Value::Scalar(Literal::zero(s)),
        TypeInner::Vector { size, scalar } => {
            Value::Vector(vec![Literal::zero(scalar); size.get() as usize])
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => Value::Matrix {
            columns,
            rows,
            data: vec![Literal::zero(scalar); (columns.get() * rows.get()) as usize],
        },
        TypeInner::Array {
            size: ArraySize::Constant(_),
            ..
        }
        | TypeInner::Struct { .. } => Value::Composite { ty, value: None },
        _ => return None,
    })
}

/// See [`super::compose`].
pub(super) fn compose(module: &mut Module, ty: Handle<Type>, parts: &[Value]) -> Option<Value> {
    match module.types.try_get(ty)?.inner {
        TypeInner::Scalar(_) => match parts {
            [one] => Some(one.clone()),
            _ => None,
        },
        TypeInner::Vector { size, .. } => {
            let mut lits = Vec::with_capacity(size.get() as usize);
            for p in parts {
                match p {
                    Value::Scalar(l) => lits.push(*l),
                    Value::Vector(v) => lits.extend_from_slice(v),
                    _ => return None,
                }
            }
            (lits.len() == size.get() as usize).then_some(Value::Vector(lits))
        }
        TypeInner::Matrix { columns, rows, .. } => {
            let mut data = Vec::with_capacity((columns.get() * rows.get()) as usize);
            for p in parts {
                match p {
                    Value::Vector(v) => data.extend_from_slice(v),
                    Value::Scalar(l) => data.push(*l),
                    _ => return None,
                }
            }
            (data.len() == (columns.get() * rows.get()) as usize).then_some(Value::Matrix {
                columns,
                rows,
                data,
            })
        }
        TypeInner::Array {
            size: ArraySize::Constant(n),
            ..
        } if parts.len() == n as usize => {
            let components = parts.iter().map(|p| p.to_const_impl(module)).collect();
            let value = module.intern_constant(ConstValue::Composite { ty, components });
            Some(Value::Composite {
                ty,
                value: Some(value),
            })
        }
        TypeInner::Struct { ref members, .. } if members.len() == parts.len() => {
            let components = parts.iter().map(|p| p.to_const_impl(module)).collect();
            let value = module.intern_constant(ConstValue::Composite { ty, components });
            Some(Value::Composite {
                ty,
                value: Some(value),
            })
        }
        _ => None,
    }
}

/// The number of parts of a composite type and the type of part `i`.
pub(super) fn part_type(
    module: &Module,
    ty: Handle<Type>,
    i: usize,
) -> Option<(usize, Handle<Type>)> {
    match module.types.try_get(ty)?.inner {
        TypeInner::Array {
            base,
            size: ArraySize::Constant(n),
            ..
        } => Some((n as usize, base)),
        TypeInner::Struct { ref members, .. } => {
            Some((members.len(), members.get(i).map_or(ty, |m| m.ty)))
        }
        _ => None,
    }
}

/// Formats a literal for an error message: integers and bools as written in
/// WGSL without suffix, floats in their shortest round-tripping form
/// (`2.0`, `1e20`).
pub(crate) fn fmt_lit(l: &Literal) -> String {
    match *l {
        Literal::Bool(b) => b.to_string(),
        Literal::I32(v) => v.to_string(),
        Literal::U32(v) => v.to_string(),
        Literal::AbstractInt(v) => v.to_string(),
        Literal::F32(v) => format!("{v:?}"),
        Literal::F16(v) => format!("{:?}", v.to_f32()),
        Literal::AbstractFloat(v) => format!("{v:?}"),
    }
}

/// Formats a value for an error message (`vec2(1.0, 2.0)` style).
pub(crate) fn fmt_value(v: &Value) -> String {
    match v {
        Value::Scalar(l) => fmt_lit(l),
        Value::Vector(c) => format!("vec{}({})", c.len(), join(c)),
        Value::Matrix { columns, rows, .. } => {
            format!("mat{}x{}(...)", columns.get(), rows.get())
        }
        Value::Composite { .. } => "a composite value".to_string(),
    }
}

fn join(c: &[Literal]) -> String {
    c.iter().map(fmt_lit).collect::<Vec<_>>().join(", ")
}

/// Applies `f` to every component of a scalar, vector or matrix.
pub(crate) fn map(
    v: &Value,
    mut f: impl FnMut(Literal) -> Result<Literal, EvalError>,
) -> Result<Value, EvalError> {
    // Scalars (most constants) without a vector of one.
    if let Value::Scalar(l) = *v {
        return Ok(Value::Scalar(f(l)?));
    }
    let lits = v.literals().ok_or_else(not_numeric)?;
    let out = lits.iter().map(|&l| f(l)).collect::<Result<Vec<_>, _>>()?;
    Ok(v.with_literals(out))
}

/// Applies `f` component-wise to two operands of the same shape; a scalar
/// operand is splat to the other operand's shape.
pub(crate) fn zip(
    a: &Value,
    b: &Value,
    mut f: impl FnMut(Literal, Literal) -> Result<Literal, EvalError>,
) -> Result<Value, EvalError> {
    if let (Value::Scalar(x), Value::Scalar(y)) = (a, b) {
        return Ok(Value::Scalar(f(*x, *y)?));
    }
    let la = a.literals().ok_or_else(not_numeric)?;
    let lb = b.literals().ok_or_else(not_numeric)?;
    let (shape, out) = match (la.len(), lb.len()) {
        (x, y) if x == y => (
            a,
            la.iter()
                .zip(lb)
                .map(|(&x, &y)| f(x, y))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        (1, _) => (
            b,
            lb.iter().map(|&y| f(la[0], y)).collect::<Result<_, _>>()?,
        ),
        (_, 1) => (
            a,
            la.iter().map(|&x| f(x, lb[0])).collect::<Result<_, _>>()?,
        ),
        _ => return Err(shape_mismatch(a, b)),
    };
    Ok(shape.with_literals(out))
}

/// Applies `f` component-wise to three operands (scalars are splat).
pub(crate) fn zip3(
    a: &Value,
    b: &Value,
    c: &Value,
    mut f: impl FnMut(Literal, Literal, Literal) -> Result<Literal, EvalError>,
) -> Result<Value, EvalError> {
    let ops = [a, b, c];
    let mut lits = [&[][..]; 3];
    for (slot, v) in lits.iter_mut().zip(ops) {
        *slot = v.literals().ok_or_else(not_numeric)?;
    }
    let n = lits.iter().map(|l| l.len()).max().unwrap_or(1);
    if lits.iter().any(|l| l.len() != n && l.len() != 1) {
        return Err(EvalError::new(
            "operands of a component-wise operation have different shapes",
        ));
    }
    let shape = ops
        .iter()
        .zip(lits)
        .find(|(_, l)| l.len() == n)
        .map_or(a, |(v, _)| v);
    let at = |l: &[Literal], i: usize| if l.len() == 1 { l[0] } else { l[i] };
    let out = (0..n)
        .map(|i| f(at(lits[0], i), at(lits[1], i), at(lits[2], i)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(shape.with_literals(out))
}

pub(crate) fn not_numeric() -> EvalError {
    EvalError::new("expected a scalar, vector or matrix operand")
}

pub(crate) fn shape_mismatch(a: &Value, b: &Value) -> EvalError {
    EvalError::new(format!(
        "operands '{}' and '{}' have different shapes",
        fmt_value(a),
        fmt_value(b)
    ))
}

/// See [`super::index`].
pub(super) fn index(module: &Module, value: &Value, index: i64) -> Result<Value, EvalError> {
    let (count, what) = match value {
        Value::Scalar(_) => return Err(EvalError::new("cannot index a scalar value")),
        Value::Vector(v) => (v.len(), "a vector of size"),
        Value::Matrix { columns, .. } => (columns.get() as usize, "a matrix with column count"),
        Value::Composite { ty, .. } => match module.types.try_get(*ty).map(|t| &t.inner) {
            Some(TypeInner::Struct { members, .. }) => {
                (members.len(), "a structure with member count")
            }
            _ => (
                part_type(module, *ty, 0).map_or(0, |(n, _)| n),
                "an array of size",
            ),
        },
    };
    let i = match usize::try_from(index) {
        Ok(i) if i < count => i,
        _ => {
            return Err(EvalError::new(format!(
                "index {index} is out of bounds for {what} {count}"
            )))
        }
    };
    Ok(match value {
        Value::Vector(v) => Value::Scalar(v[i]),
        Value::Matrix { rows, data, .. } => {
            let r = rows.get() as usize;
            match data.get(i * r..(i + 1) * r) {
                Some(col) => Value::Vector(col.to_vec()),
                None => return Err(EvalError::new("malformed matrix value")),
            }
        }
        Value::Composite { ty, value } => {
            let part = value.and_then(|h| match module.constants.try_get(h) {
                Some(ConstValue::Composite { components, .. }) => components.get(i).copied(),
                _ => None,
            });
            match part {
                Some(h) => Value::from_const_impl(module, h),
                None => part_type(module, *ty, i)
                    .and_then(|(_, t)| zero_of(module, t))
                    .ok_or_else(|| EvalError::new("malformed composite value"))?,
            }
        }
        Value::Scalar(_) => return Err(EvalError::new("cannot index a scalar value")),
    })
}

/// See [`super::eval_select`].
pub(super) fn select(
    reject: &Value,
    accept: &Value,
    condition: &Value,
) -> Result<Value, EvalError> {
    match condition {
        Value::Scalar(Literal::Bool(c)) => Ok(if *c { accept } else { reject }.clone()),
        Value::Vector(cs) => {
            let (Value::Vector(r), Value::Vector(a)) = (reject, accept) else {
                return Err(EvalError::new(
                    "'select' with a vector condition needs vector operands",
                ));
            };
            if r.len() != cs.len() || a.len() != cs.len() {
                return Err(shape_mismatch(reject, accept));
            }
            let out = cs
                .iter()
                .zip(r.iter().zip(a))
                .map(|(c, (&r, &a))| match c {
                    Literal::Bool(true) => Ok(a),
                    Literal::Bool(false) => Ok(r),
                    _ => Err(EvalError::new("'select' condition must be a bool")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::Vector(out))
        }
        _ => Err(EvalError::new("'select' condition must be a bool")),
    }
}

//! [`Value`] plumbing: types, zero values, interning to and from
//! [`ConstValue`], indexing, `select`, and the component-wise helpers the
//! operators and builtins are built from.

use super::{EvalError, Value};
use crate::arena::Handle;
use crate::ir::{ArraySize, ConstValue, Literal, Module, Scalar, Type, TypeInner, VectorSize};

/// The largest number of scalar components a zero value may have. Zero
/// values of larger types (e.g. `array<f32, 100000000>`) are not built as
/// [`Value`]s, so a hostile source cannot make the compiler allocate
/// unbounded memory; [`Value::zero`] returns `None` for them.
pub const MAX_ZERO_COMPONENTS: u64 = 1 << 20;

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
            Value::Array { ty, .. } | Value::Struct { ty, .. } => *ty,
        }
    }

    /// The scalar components of a scalar, vector or matrix (column-major).
    pub(crate) fn literals(&self) -> Option<&[Literal]> {
        match self {
            Value::Scalar(l) => Some(std::slice::from_ref(l)),
            Value::Vector(v) => Some(v),
            Value::Matrix { data, .. } => Some(data),
            Value::Array { .. } | Value::Struct { .. } => None,
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

    /// The zero value of `ty`, counting scalar components against `budget`.
    fn zero_bounded(module: &Module, ty: Handle<Type>, budget: &mut u64) -> Option<Value> {
        let inner = &module.types.try_get(ty)?.inner;
        fn take(budget: &mut u64, n: u64) -> Option<()> {
            *budget = budget.checked_sub(n)?;
            Some(())
        }
        Some(match *inner {
            TypeInner::Scalar(s) => {
                take(budget, 1)?;
                Value::Scalar(Literal::zero(s))
            }
            TypeInner::Vector { size, scalar } => {
                take(budget, size.get() as u64)?;
                Value::Vector(vec![Literal::zero(scalar); size.get() as usize])
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let n = columns.get() * rows.get();
                take(budget, n as u64)?;
                Value::Matrix {
                    columns,
                    rows,
                    data: vec![Literal::zero(scalar); n as usize],
                }
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
                ..
            } => {
                // Every element counts at least one component, so this loop
                // is bounded by the budget.
                let mut elements = Vec::new();
                for _ in 0..n {
                    // Fail early (before recursing) once the budget is gone.
                    if *budget == 0 {
                        return None;
                    }
                    elements.push(Value::zero_bounded(module, base, budget)?);
                }
                Value::Array { ty, elements }
            }
            TypeInner::Struct { ref members, .. } => {
                let mut values = Vec::with_capacity(members.len());
                for m in members {
                    values.push(Value::zero_bounded(module, m.ty, budget)?);
                }
                Value::Struct {
                    ty,
                    members: values,
                }
            }
            TypeInner::Array { .. }
            | TypeInner::Atomic(_)
            | TypeInner::Pointer { .. }
            | TypeInner::SubgroupMatrix { .. } => return None,
        })
    }

    /// See [`Value::zero`].
    pub(super) fn zero_impl(module: &Module, ty: Handle<Type>) -> Option<Value> {
        let mut budget = MAX_ZERO_COMPONENTS;
        Value::zero_bounded(module, ty, &mut budget)
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
            Value::Array { ty, elements: parts } | Value::Struct { ty, members: parts } => {
                let components = parts.iter().map(|p| p.to_const_impl(module)).collect();
                module.intern_constant(ConstValue::Composite {
                    ty: *ty,
                    components,
                })
            }
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
            ConstValue::Zero(ty) => Value::zero_impl(module, ty).unwrap_or(Value::Struct {
                ty,
                members: Vec::new(),
            }),
            ConstValue::Composite {
                ty,
                ref components,
            } => {
                let parts = || {
                    components
                        .iter()
                        .map(|&c| Value::from_const_impl(module, c))
                        .collect::<Vec<_>>()
                };
                match module.types.try_get(ty).map(|t| &t.inner) {
                    Some(TypeInner::Vector { .. }) => {
                        Value::Vector(parts().iter().flat_map(flatten_literals).collect())
                    }
                    Some(&TypeInner::Matrix { columns, rows, .. }) => Value::Matrix {
                        columns,
                        rows,
                        data: parts().iter().flat_map(flatten_literals).collect(),
                    },
                    Some(TypeInner::Array { .. }) => Value::Array {
                        ty,
                        elements: parts(),
                    },
                    _ => Value::Struct {
                        ty,
                        members: parts(),
                    },
                }
            }
        }
    }
}

fn flatten_literals(v: &Value) -> Vec<Literal> {
    v.literals().map(<[Literal]>::to_vec).unwrap_or_default()
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
        Value::Array { elements, .. } => format!("array(... {} elements)", elements.len()),
        Value::Struct { .. } => "a structure".to_string(),
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
        (1, _) => (b, lb.iter().map(|&y| f(la[0], y)).collect::<Result<_, _>>()?),
        (_, 1) => (a, la.iter().map(|&x| f(x, lb[0])).collect::<Result<_, _>>()?),
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
pub(super) fn index(value: &Value, index: i64) -> Result<Value, EvalError> {
    let (count, what) = match value {
        Value::Scalar(_) => return Err(EvalError::new("cannot index a scalar value")),
        Value::Vector(v) => (v.len(), "a vector of size"),
        Value::Matrix { columns, .. } => (columns.get() as usize, "a matrix with column count"),
        Value::Array { elements, .. } => (elements.len(), "an array of size"),
        Value::Struct { members, .. } => (members.len(), "a structure with member count"),
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
            Value::Vector(data[i * r..(i + 1) * r].to_vec())
        }
        Value::Array { elements, .. } => elements[i].clone(),
        Value::Struct { members, .. } => members[i].clone(),
        Value::Scalar(_) => return Err(EvalError::new("cannot index a scalar value")),
    })
}

/// See [`super::eval_select`].
pub(super) fn select(reject: &Value, accept: &Value, condition: &Value) -> Result<Value, EvalError> {
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

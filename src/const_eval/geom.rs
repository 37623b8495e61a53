//! Vector builtins: `dot`, `cross`, `length`, `distance`, `normalize`,
//! `faceForward`, `reflect`, `refract`.
//!
//! Float results are computed in `f64` and rounded once per component.

use super::num::{as_f64, as_int, float_result, int_call_result, wrap_int};
use super::value::fmt_value;
use super::{EvalError, Value};
use crate::ir::Scalar;

/// The components of a float vector (or scalar) as `f64`s with its type.
fn floats(v: &Value, name: &str) -> Result<(Vec<f64>, Scalar), EvalError> {
    let err = || EvalError::new(format!("'{name}' needs float vector arguments"));
    let lits = match v {
        Value::Vector(c) => c.as_slice(),
        Value::Scalar(l) => std::slice::from_ref(l),
        _ => return Err(err()),
    };
    let scalar = lits.first().ok_or_else(err)?.scalar();
    let xs = lits.iter().map(|&l| as_f64(l)).collect::<Option<Vec<_>>>();
    Ok((xs.ok_or_else(err)?, scalar))
}

fn same_len(a: &[f64], b: &[f64], name: &str) -> Result<(), EvalError> {
    if a.len() != b.len() {
        return Err(EvalError::new(format!(
            "'{name}' arguments have different sizes"
        )));
    }
    Ok(())
}

fn call2(name: &str, a: &Value, b: &Value) -> String {
    format!("{name}({}, {})", fmt_value(a), fmt_value(b))
}

fn round_vec(scalar: Scalar, xs: Vec<f64>, expr: &str) -> Result<Value, EvalError> {
    let out = xs
        .into_iter()
        .map(|x| float_result(scalar, x, || expr.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::Vector(out))
}

fn dot_f64(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `dot(a, b)` on integer or float vectors. For AbstractInt vectors the
/// products and partial sums are each checked, as evaluating
/// `a[0]*b[0] + a[1]*b[1] + ...` would be; for concrete integer vectors
/// they wrap modulo 2^32 (WGSL spec, "Integer Types"), like that sum.
pub(super) fn dot(a: &Value, b: &Value) -> Result<Value, EvalError> {
    if let (Value::Vector(x), Value::Vector(y)) = (a, b) {
        if x.len() == y.len() && x.first().and_then(|l| as_int(*l)).is_some() {
            let scalar = x[0].scalar();
            let overflow = || {
                EvalError::new(format!(
                    "'{}' cannot be represented as '{}'",
                    call2("dot", a, b),
                    scalar.wgsl_name()
                ))
            };
            // Each step's result in the vector's type.
            let step = |v: i128| -> Result<i128, EvalError> {
                let l = if scalar == Scalar::AbstractInt {
                    int_call_result(scalar, v, "dot", &[]).map_err(|_| overflow())?
                } else {
                    wrap_int(scalar, v).ok_or_else(overflow)?
                };
                Ok(as_int(l).unwrap_or(0))
            };
            let mut sum: i128 = 0;
            for (&p, &q) in x.iter().zip(y) {
                let (Some(i), Some(j)) = (as_int(p), as_int(q)) else {
                    return Err(EvalError::new("'dot' arguments have different types"));
                };
                sum = step(sum + step(i * j)?)?;
            }
            return int_call_result(scalar, sum, "dot", &[]).map(Value::Scalar);
        }
    }
    let (x, s) = floats(a, "dot")?;
    let (y, _) = floats(b, "dot")?;
    same_len(&x, &y, "dot")?;
    let r = dot_f64(&x, &y);
    Ok(Value::Scalar(float_result(s, r, || call2("dot", a, b))?))
}

/// `cross(a, b)` on 3-component float vectors.
pub(super) fn cross(a: &Value, b: &Value) -> Result<Value, EvalError> {
    let (x, s) = floats(a, "cross")?;
    let (y, _) = floats(b, "cross")?;
    if x.len() != 3 || y.len() != 3 {
        return Err(EvalError::new("'cross' needs 3-component vectors"));
    }
    let r = vec![
        x[1] * y[2] - x[2] * y[1],
        x[2] * y[0] - x[0] * y[2],
        x[0] * y[1] - x[1] * y[0],
    ];
    round_vec(s, r, &call2("cross", a, b))
}

/// The Euclidean norm, scaled so squaring cannot overflow.
fn norm(x: &[f64]) -> f64 {
    let direct: f64 = x.iter().map(|v| v * v).sum();
    if direct.is_finite() && direct > f64::MIN_POSITIVE {
        return direct.sqrt();
    }
    let max = x.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    if max == 0.0 || !max.is_finite() {
        return max;
    }
    // Scale by a power of two (exactly) so the squares neither overflow
    // nor underflow.
    let (_, e) = super::num::frexp_f64(max);
    let scale = 2f64.powi((e - 1).clamp(-1000, 1000) as i32);
    scale
        * x.iter()
            .map(|v| (v / scale) * (v / scale))
            .sum::<f64>()
            .sqrt()
}

/// `length(e)` of a float scalar or vector.
pub(super) fn length(a: &Value) -> Result<Value, EvalError> {
    let (x, s) = floats(a, "length")?;
    let r = norm(&x);
    Ok(Value::Scalar(float_result(s, r, || {
        format!("length({})", fmt_value(a))
    })?))
}

/// `distance(a, b)`: `length(a - b)`.
pub(super) fn distance(a: &Value, b: &Value) -> Result<Value, EvalError> {
    let (x, s) = floats(a, "distance")?;
    let (y, _) = floats(b, "distance")?;
    same_len(&x, &y, "distance")?;
    let d: Vec<f64> = x.iter().zip(&y).map(|(p, q)| p - q).collect();
    let r = norm(&d);
    Ok(Value::Scalar(float_result(s, r, || {
        call2("distance", a, b)
    })?))
}

/// `normalize(v)`: an error for the zero vector.
pub(super) fn normalize(a: &Value) -> Result<Value, EvalError> {
    let (x, s) = floats(a, "normalize")?;
    let n = norm(&x);
    let expr = format!("normalize({})", fmt_value(a));
    if n == 0.0 {
        return Err(EvalError::new(format!(
            "'{expr}' is not defined: the vector must not be zero"
        )));
    }
    round_vec(s, x.iter().map(|v| v / n).collect(), &expr)
}

/// `faceForward(e1, e2, e3)`: `e1` if `dot(e2, e3) < 0`, else `-e1`.
pub(super) fn face_forward(a: &Value, b: &Value, c: &Value) -> Result<Value, EvalError> {
    let (x, s) = floats(a, "faceForward")?;
    let (y, _) = floats(b, "faceForward")?;
    let (z, _) = floats(c, "faceForward")?;
    same_len(&x, &y, "faceForward")?;
    same_len(&y, &z, "faceForward")?;
    let d = dot_f64(&y, &z);
    if !d.is_finite() {
        return Err(EvalError::new(format!(
            "'faceForward({}, {}, {})' cannot be represented: 'dot(e2, e3)' overflows",
            fmt_value(a),
            fmt_value(b),
            fmt_value(c)
        )));
    }
    let out = if d < 0.0 {
        x
    } else {
        x.iter().map(|v| -v).collect()
    };
    round_vec(s, out, "faceForward")
}

/// `reflect(e1, e2)`: `e1 - 2 * dot(e2, e1) * e2`.
pub(super) fn reflect(a: &Value, b: &Value) -> Result<Value, EvalError> {
    let (x, s) = floats(a, "reflect")?;
    let (n, _) = floats(b, "reflect")?;
    same_len(&x, &n, "reflect")?;
    let d = dot_f64(&n, &x);
    let out = x.iter().zip(&n).map(|(i, ni)| i - 2.0 * d * ni).collect();
    round_vec(s, out, &call2("reflect", a, b))
}

/// `refract(e1, e2, e3)`.
pub(super) fn refract(a: &Value, b: &Value, c: &Value) -> Result<Value, EvalError> {
    let (x, s) = floats(a, "refract")?;
    let (n, _) = floats(b, "refract")?;
    let eta = match c {
        Value::Scalar(l) => as_f64(*l),
        _ => None,
    }
    .ok_or_else(|| EvalError::new("'refract' needs a float scalar ratio"))?;
    same_len(&x, &n, "refract")?;
    let d = dot_f64(&n, &x);
    let k = 1.0 - eta * eta * (1.0 - d * d);
    let expr = format!(
        "refract({}, {}, {})",
        fmt_value(a),
        fmt_value(b),
        fmt_value(c)
    );
    let out = if k < 0.0 {
        vec![0.0; x.len()]
    } else {
        let f = eta * d + k.sqrt();
        x.iter().zip(&n).map(|(i, ni)| eta * i - f * ni).collect()
    };
    round_vec(s, out, &expr)
}

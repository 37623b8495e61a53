//! Matrix operators (`+`, `-`, scalar and linear-algebra products) and the
//! matrix builtins (`transpose`, `determinant`).
//!
//! Products accumulate in `f64` and round each result component once to the
//! matrix's float type.

use super::num::{as_f64, float_result};
use super::ops::binary_literal;
use super::value::{fmt_value, shape_mismatch, zip};
use super::{EvalError, Value};
use crate::ir::{BinaryOperator, Literal, Scalar, VectorSize};

/// A matrix as `f64`s: (columns, rows, column-major data, scalar type).
struct Mat {
    columns: usize,
    rows: usize,
    data: Vec<f64>,
    scalar: Scalar,
}

impl Mat {
    fn from_value(v: &Value) -> Option<Mat> {
        let Value::Matrix {
            columns,
            rows,
            data,
        } = v
        else {
            return None;
        };
        if data.len() != (columns.get() * rows.get()) as usize {
            return None;
        }
        let scalar = data.first()?.scalar();
        Some(Mat {
            columns: columns.get() as usize,
            rows: rows.get() as usize,
            data: data.iter().map(|&l| as_f64(l)).collect::<Option<_>>()?,
            scalar,
        })
    }

    fn at(&self, c: usize, r: usize) -> f64 {
        self.data[c * self.rows + r]
    }
}

fn vector_f64(v: &Value) -> Option<(Vec<f64>, Scalar)> {
    let Value::Vector(c) = v else { return None };
    let scalar = c.first()?.scalar();
    Some((c.iter().map(|&l| as_f64(l)).collect::<Option<_>>()?, scalar))
}

fn round_all(scalar: Scalar, xs: Vec<f64>, what: &str) -> Result<Vec<Literal>, EvalError> {
    xs.into_iter()
        .map(|x| float_result(scalar, x, || what.to_string()))
        .collect()
}

fn size(n: usize) -> Result<VectorSize, EvalError> {
    VectorSize::from_count(n as u32).ok_or_else(|| EvalError::new("invalid matrix dimension"))
}

/// A binary operator with at least one matrix operand.
pub(super) fn binary(op: BinaryOperator, left: &Value, right: &Value) -> Result<Value, EvalError> {
    let bad = || {
        EvalError::new(format!(
            "operator '{}' is not defined for '{}' and '{}'",
            op.symbol(),
            fmt_value(left),
            fmt_value(right)
        ))
    };
    match (op, left, right) {
        (
            BinaryOperator::Add | BinaryOperator::Subtract,
            Value::Matrix {
                columns: c1,
                rows: r1,
                ..
            },
            Value::Matrix {
                columns: c2,
                rows: r2,
                ..
            },
        ) => {
            if (c1, r1) != (c2, r2) {
                return Err(shape_mismatch(left, right));
            }
            zip(left, right, |a, b| binary_literal(op, a, b))
        }
        (BinaryOperator::Multiply, Value::Matrix { .. }, Value::Scalar(_))
        | (BinaryOperator::Multiply, Value::Scalar(_), Value::Matrix { .. }) => {
            zip(left, right, |a, b| binary_literal(op, a, b))
        }
        (BinaryOperator::Multiply, Value::Matrix { .. }, Value::Vector(_)) => {
            let m = Mat::from_value(left).ok_or_else(bad)?;
            let (v, _) = vector_f64(right).ok_or_else(bad)?;
            if v.len() != m.columns {
                return Err(shape_mismatch(left, right));
            }
            let out = (0..m.rows)
                .map(|r| (0..m.columns).map(|c| m.at(c, r) * v[c]).sum())
                .collect();
            Ok(Value::Vector(round_all(m.scalar, out, "matrix * vector")?))
        }
        (BinaryOperator::Multiply, Value::Vector(_), Value::Matrix { .. }) => {
            let m = Mat::from_value(right).ok_or_else(bad)?;
            let (v, _) = vector_f64(left).ok_or_else(bad)?;
            if v.len() != m.rows {
                return Err(shape_mismatch(left, right));
            }
            let out = (0..m.columns)
                .map(|c| (0..m.rows).map(|r| v[r] * m.at(c, r)).sum())
                .collect();
            Ok(Value::Vector(round_all(m.scalar, out, "vector * matrix")?))
        }
        (BinaryOperator::Multiply, Value::Matrix { .. }, Value::Matrix { .. }) => {
            let a = Mat::from_value(left).ok_or_else(bad)?;
            let b = Mat::from_value(right).ok_or_else(bad)?;
            if a.columns != b.rows || a.scalar != b.scalar {
                return Err(shape_mismatch(left, right));
            }
            // (C x R) * (K x C) = (K x R)
            let mut out = Vec::with_capacity(b.columns * a.rows);
            for k in 0..b.columns {
                for r in 0..a.rows {
                    out.push((0..a.columns).map(|c| a.at(c, r) * b.at(k, c)).sum());
                }
            }
            Ok(Value::Matrix {
                columns: size(b.columns)?,
                rows: size(a.rows)?,
                data: round_all(a.scalar, out, "matrix * matrix")?,
            })
        }
        _ => Err(bad()),
    }
}

/// `transpose(m)`.
pub(super) fn transpose(v: &Value) -> Result<Value, EvalError> {
    let Value::Matrix {
        columns,
        rows,
        data,
    } = v
    else {
        return Err(EvalError::new("'transpose' needs a matrix argument"));
    };
    let (c, r) = (columns.get() as usize, rows.get() as usize);
    if data.len() != c * r {
        return Err(EvalError::new("malformed matrix value"));
    }
    let mut out = Vec::with_capacity(data.len());
    // The result has `r` columns of `c` rows: out[i][j] = in[j][i].
    for i in 0..r {
        for j in 0..c {
            out.push(data[j * r + i]);
        }
    }
    Ok(Value::Matrix {
        columns: *rows,
        rows: *columns,
        data: out,
    })
}

fn det(n: usize, m: &dyn Fn(usize, usize) -> f64) -> f64 {
    match n {
        1 => m(0, 0),
        2 => m(0, 0) * m(1, 1) - m(1, 0) * m(0, 1),
        _ => {
            // Laplace expansion along the first column (n <= 4).
            let mut sum = 0.0;
            for r in 0..n {
                let minor = |c: usize, rr: usize| m(c + 1, if rr < r { rr } else { rr + 1 });
                let sign = if r % 2 == 0 { 1.0 } else { -1.0 };
                sum += sign * m(0, r) * det(n - 1, &minor);
            }
            sum
        }
    }
}

/// `determinant(m)` of a square matrix.
pub(super) fn determinant(v: &Value) -> Result<Value, EvalError> {
    let m = Mat::from_value(v)
        .filter(|m| m.columns == m.rows)
        .ok_or_else(|| EvalError::new("'determinant' needs a square matrix argument"))?;
    let d = det(m.columns, &|c, r| m.at(c, r));
    Ok(Value::Scalar(float_result(m.scalar, d, || {
        format!("determinant({})", fmt_value(v))
    })?))
}

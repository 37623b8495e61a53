//! Const evaluation of the numeric builtin functions (component-wise float
//! and integer functions, `frexp`/`modf`), dispatching the vector, bit and
//! packing families to their own modules.
//!
//! Float functions evaluate in `f64` on the exact operand values and round
//! once to the operand type (`f16` included); domain errors are reported
//! with the spec's domain, and results that are infinite or NaN after
//! rounding are errors.

use super::num::{as_f64, as_int, bad_operand, call_str, float_result, frexp_f64};
use super::value::{fmt_lit, map, zip, zip3};
use super::{bits, geom, matrix, pack, EvalError, Value};
use crate::ir::{Literal, MathFunction, Module, Scalar, VectorSize};

/// The number of arguments of a const-evaluable builtin.
fn arity(fun: MathFunction) -> usize {
    use MathFunction as M;
    match fun {
        M::Atan2
        | M::Cross
        | M::Distance
        | M::Dot
        | M::Dot4I8Packed
        | M::Dot4U8Packed
        | M::Ldexp
        | M::Max
        | M::Min
        | M::Pow
        | M::Reflect
        | M::Step => 2,
        M::Clamp
        | M::ExtractBits
        | M::FaceForward
        | M::Fma
        | M::Mix
        | M::Refract
        | M::Smoothstep => 3,
        M::InsertBits => 4,
        _ => 1,
    }
}

/// `'name(args)' is not defined: reason`.
pub(crate) fn domain_error(name: &str, args: &[Literal], reason: &str) -> EvalError {
    EvalError::new(format!(
        "'{}' is not defined: {reason}",
        call_str(name, args)
    ))
}

/// A component-wise float function of one argument with an optional domain
/// restriction (`domain` returns the reason when `x` is outside).
fn float1(
    v: &Value,
    name: &str,
    domain: impl Fn(f64) -> Option<&'static str>,
    f: impl Fn(f64) -> f64,
) -> Result<Value, EvalError> {
    map(v, |l| {
        let x = as_f64(l).ok_or_else(|| bad_operand(&format!("'{name}'"), &l))?;
        if let Some(reason) = domain(x) {
            return Err(domain_error(name, &[l], reason));
        }
        float_result(l.scalar(), f(x), || call_str(name, &[l]))
    })
}

/// A component-wise float function of two arguments.
fn float2(
    a: &Value,
    b: &Value,
    name: &str,
    f: impl Fn(f64, f64) -> Result<f64, &'static str>,
) -> Result<Value, EvalError> {
    zip(a, b, |x, y| {
        let (Some(fx), Some(fy)) = (as_f64(x), as_f64(y)) else {
            return Err(bad_operand(&format!("'{name}'"), &x));
        };
        let r = f(fx, fy).map_err(|reason| domain_error(name, &[x, y], reason))?;
        float_result(x.scalar(), r, || call_str(name, &[x, y]))
    })
}

/// A component-wise float function of three arguments.
fn float3(
    a: &Value,
    b: &Value,
    c: &Value,
    name: &str,
    f: impl Fn(f64, f64, f64) -> Result<f64, &'static str>,
) -> Result<Value, EvalError> {
    zip3(a, b, c, |x, y, z| {
        let (Some(fx), Some(fy), Some(fz)) = (as_f64(x), as_f64(y), as_f64(z)) else {
            return Err(bad_operand(&format!("'{name}'"), &x));
        };
        let r = f(fx, fy, fz).map_err(|reason| domain_error(name, &[x, y, z], reason))?;
        float_result(x.scalar(), r, || call_str(name, &[x, y, z]))
    })
}

fn no_domain(_: f64) -> Option<&'static str> {
    None
}

fn abs(l: Literal) -> Result<Literal, EvalError> {
    Ok(match l {
        // The most negative value is its own absolute value.
        Literal::I32(v) => Literal::I32(v.wrapping_abs()),
        Literal::AbstractInt(v) => Literal::AbstractInt(v.wrapping_abs()),
        Literal::U32(_) => l,
        Literal::F32(v) => Literal::F32(v.abs()),
        Literal::F16(v) => Literal::F16(half::f16::from_bits(v.to_bits() & 0x7fff)),
        Literal::AbstractFloat(v) => Literal::AbstractFloat(v.abs()),
        Literal::Bool(_) => return Err(bad_operand("'abs'", &l)),
    })
}

fn sign(l: Literal) -> Result<Literal, EvalError> {
    Ok(match l {
        Literal::I32(v) => Literal::I32(v.signum()),
        Literal::AbstractInt(v) => Literal::AbstractInt(v.signum()),
        _ => {
            let x = as_f64(l).ok_or_else(|| bad_operand("'sign'", &l))?;
            let s = if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            };
            float_result(l.scalar(), s, String::new)?
        }
    })
}

/// `min` or `max` of one pair.
fn min_max(is_max: bool, a: Literal, b: Literal) -> Result<Literal, EvalError> {
    let name = if is_max { "max" } else { "min" };
    let pick_b = match ((as_int(a), as_int(b)), (as_f64(a), as_f64(b))) {
        ((Some(x), Some(y)), _) => (y > x) == is_max && y != x,
        (_, (Some(x), Some(y))) => (y > x) == is_max && y != x,
        _ => return Err(bad_operand(&format!("'{name}'"), &a)),
    };
    Ok(if pick_b { b } else { a })
}

fn clamp(e: Literal, low: Literal, high: Literal) -> Result<Literal, EvalError> {
    let greater = match ((as_int(low), as_int(high)), (as_f64(low), as_f64(high))) {
        ((Some(l), Some(h)), _) => l > h,
        (_, (Some(l), Some(h))) => l > h,
        _ => return Err(bad_operand("'clamp'", &e)),
    };
    if greater {
        return Err(EvalError::new(format!(
            "'{}' is not valid: 'low' ({}) is greater than 'high' ({})",
            call_str("clamp", &[e, low, high]),
            fmt_lit(&low),
            fmt_lit(&high)
        )));
    }
    min_max(false, min_max(true, e, low)?, high)
}

/// `ldexp(e1, e2)` for one pair: e1 * 2^e2, with the spec's bound on e2.
fn ldexp(a: Literal, b: Literal) -> Result<Literal, EvalError> {
    let (Some(x), Some(e)) = (as_f64(a), as_int(b)) else {
        return Err(bad_operand("'ldexp'", &a));
    };
    let bias: i128 = match a.scalar() {
        Scalar::F16 => 15,
        Scalar::F32 => 127,
        _ => 1023,
    };
    if e > bias + 1 {
        return Err(EvalError::new(format!(
            "'{}' is not valid: the exponent must be at most {} for '{}'",
            call_str("ldexp", &[a, b]),
            bias + 1,
            a.scalar().wgsl_name()
        )));
    }
    // Scale in steps of at most 2^±1000, each exactly representable.
    let mut r = x;
    let mut k = e;
    while k != 0 && r != 0.0 && r.is_finite() {
        let step = k.clamp(-1000, 1000);
        r *= 2f64.powi(step as i32);
        k -= step;
    }
    float_result(a.scalar(), r, || call_str("ldexp", &[a, b]))
}

fn float_struct_parts(
    v: &Value,
    name: &str,
) -> Result<(Vec<Literal>, Option<VectorSize>), EvalError> {
    let lits = match v {
        Value::Scalar(_) | Value::Vector(_) => v.literals().unwrap_or(&[]).to_vec(),
        _ => {
            return Err(EvalError::new(format!(
                "'{name}' needs a float scalar or vector"
            )))
        }
    };
    if lits.iter().any(|l| as_f64(*l).is_none()) {
        return Err(EvalError::new(format!(
            "'{name}' needs a float scalar or vector"
        )));
    }
    let size = match v {
        Value::Vector(c) => VectorSize::from_count(c.len() as u32),
        _ => None,
    };
    Ok((lits, size))
}

fn shaped(lits: Vec<Literal>, size: Option<VectorSize>) -> Value {
    match (size, lits.first()) {
        (None, Some(&l)) => Value::Scalar(l),
        _ => Value::Vector(lits),
    }
}

fn frexp(module: &mut Module, v: &Value) -> Result<Value, EvalError> {
    let (lits, size) = float_struct_parts(v, "frexp")?;
    let scalar = lits.first().map_or(Scalar::F32, |l| l.scalar());
    let mut fracts = Vec::with_capacity(lits.len());
    let mut exps = Vec::with_capacity(lits.len());
    for l in &lits {
        let (f, e) = frexp_f64(as_f64(*l).unwrap_or(0.0));
        fracts.push(float_result(scalar, f, || call_str("frexp", &[*l]))?);
        exps.push(if scalar == Scalar::AbstractFloat {
            Literal::AbstractInt(e)
        } else {
            Literal::I32(e as i32)
        });
    }
    let ty = crate::builtins::frexp_result_type(module, scalar, size);
    super::compose(module, ty, &[shaped(fracts, size), shaped(exps, size)])
        .ok_or_else(|| EvalError::new("malformed result structure"))
}

fn modf(module: &mut Module, v: &Value) -> Result<Value, EvalError> {
    let (lits, size) = float_struct_parts(v, "modf")?;
    let scalar = lits.first().map_or(Scalar::F32, |l| l.scalar());
    let mut fracts = Vec::with_capacity(lits.len());
    let mut wholes = Vec::with_capacity(lits.len());
    for l in &lits {
        let x = as_f64(*l).unwrap_or(0.0);
        let whole = x.trunc();
        fracts.push(float_result(scalar, x - whole, || call_str("modf", &[*l]))?);
        wholes.push(float_result(scalar, whole, || call_str("modf", &[*l]))?);
    }
    let ty = crate::builtins::modf_result_type(module, scalar, size);
    super::compose(module, ty, &[shaped(fracts, size), shaped(wholes, size)])
        .ok_or_else(|| EvalError::new("malformed result structure"))
}

fn quantize_to_f16(l: Literal) -> Result<Literal, EvalError> {
    let Literal::F32(x) = l else {
        return Err(bad_operand("'quantizeToF16'", &l));
    };
    if (x as f64).abs() > half::f16::MAX.to_f64() {
        return Err(EvalError::new(format!(
            "'{}' is not valid: the value is outside the finite range of 'f16'",
            call_str("quantizeToF16", &[l])
        )));
    }
    Ok(Literal::F32(half::f16::from_f32(x).to_f32()))
}

fn all_any(v: &Value, is_all: bool) -> Result<Value, EvalError> {
    let lits = v.literals().ok_or_else(super::value::not_numeric)?;
    let mut acc = is_all;
    for l in lits {
        let Literal::Bool(b) = *l else {
            return Err(bad_operand(if is_all { "'all'" } else { "'any'" }, l));
        };
        if is_all {
            acc &= b;
        } else {
            acc |= b;
        }
    }
    Ok(Value::Scalar(Literal::Bool(acc)))
}

/// See [`super::eval_math`].
pub(super) fn eval_math(
    module: &mut Module,
    fun: MathFunction,
    args: &[Value],
) -> Result<Value, EvalError> {
    use MathFunction as M;
    let name = fun.wgsl_name();
    if args.len() != arity(fun) {
        return Err(EvalError::new(format!(
            "'{name}' expects {} argument(s), got {}",
            arity(fun),
            args.len()
        )));
    }
    let a = &args[0];
    let b = || &args[1];
    let c = || &args[2];
    use std::f64::consts::PI;
    match fun {
        M::Abs => map(a, abs),
        M::Acos => float1(
            a,
            name,
            |x| (x.abs() > 1.0).then_some("argument must be in [-1, 1]"),
            f64::acos,
        ),
        M::Asin => float1(
            a,
            name,
            |x| (x.abs() > 1.0).then_some("argument must be in [-1, 1]"),
            f64::asin,
        ),
        M::Acosh => float1(
            a,
            name,
            |x| (x < 1.0).then_some("argument must be at least 1"),
            f64::acosh,
        ),
        M::Asinh => float1(a, name, no_domain, f64::asinh),
        M::Atan => float1(a, name, no_domain, f64::atan),
        M::Atanh => float1(
            a,
            name,
            |x| (x.abs() >= 1.0).then_some("argument must be in (-1, 1)"),
            f64::atanh,
        ),
        M::Atan2 => float2(a, b(), name, |y, x| Ok(y.atan2(x))),
        M::Ceil => float1(a, name, no_domain, f64::ceil),
        M::Floor => float1(a, name, no_domain, f64::floor),
        M::Trunc => float1(a, name, no_domain, f64::trunc),
        M::Round => float1(a, name, no_domain, f64::round_ties_even),
        M::Fract => float1(a, name, no_domain, |x| x - x.floor()),
        M::Cos => float1(a, name, no_domain, f64::cos),
        M::Sin => float1(a, name, no_domain, f64::sin),
        M::Tan => float1(a, name, no_domain, f64::tan),
        M::Cosh => float1(a, name, no_domain, f64::cosh),
        M::Sinh => float1(a, name, no_domain, f64::sinh),
        M::Tanh => float1(a, name, no_domain, f64::tanh),
        M::Exp => float1(a, name, no_domain, f64::exp),
        M::Exp2 => float1(a, name, no_domain, f64::exp2),
        M::Log => float1(
            a,
            name,
            |x| (x <= 0.0).then_some("argument must be greater than 0"),
            f64::ln,
        ),
        M::Log2 => float1(
            a,
            name,
            |x| (x <= 0.0).then_some("argument must be greater than 0"),
            f64::log2,
        ),
        M::Sqrt => float1(
            a,
            name,
            |x| (x < 0.0).then_some("argument must not be negative"),
            f64::sqrt,
        ),
        M::InverseSqrt => float1(
            a,
            name,
            |x| (x <= 0.0).then_some("argument must be greater than 0"),
            |x| 1.0 / x.sqrt(),
        ),
        M::Degrees => float1(a, name, no_domain, |x| x * (180.0 / PI)),
        M::Radians => float1(a, name, no_domain, |x| x * (PI / 180.0)),
        M::Saturate => float1(a, name, no_domain, |x| x.clamp(0.0, 1.0)),
        M::Sign => map(a, sign),
        M::Pow => float2(a, b(), name, |x, y| {
            if x < 0.0 {
                Err("the base must not be negative")
            } else if x == 0.0 && y < 0.0 {
                Err("a zero base needs a non-negative exponent")
            } else {
                Ok(x.powf(y))
            }
        }),
        M::Step => float2(a, b(), name, |edge, x| {
            Ok(if x >= edge { 1.0 } else { 0.0 })
        }),
        M::Max => zip(a, b(), |x, y| min_max(true, x, y)),
        M::Min => zip(a, b(), |x, y| min_max(false, x, y)),
        M::Clamp => zip3(a, b(), c(), clamp),
        M::Ldexp => zip(a, b(), ldexp),
        M::Fma => float3(a, b(), c(), name, |x, y, z| Ok(x.mul_add(y, z))),
        M::Mix => float3(a, b(), c(), name, |x, y, t| Ok(x * (1.0 - t) + y * t)),
        M::Smoothstep => float3(a, b(), c(), name, |lo, hi, x| {
            if lo == hi {
                return Err("'low' and 'high' must differ");
            }
            let t = ((x - lo) / (hi - lo)).clamp(0.0, 1.0);
            Ok(t * t * (3.0 - 2.0 * t))
        }),
        M::QuantizeToF16 => map(a, quantize_to_f16),
        M::Frexp => frexp(module, a),
        M::Modf => modf(module, a),
        M::Transpose => matrix::transpose(a),
        M::Determinant => matrix::determinant(a),
        M::Cross => geom::cross(a, b()),
        M::Distance => geom::distance(a, b()),
        M::Dot => geom::dot(a, b()),
        M::Length => geom::length(a),
        M::Normalize => geom::normalize(a),
        M::FaceForward => geom::face_forward(a, b(), c()),
        M::Reflect => geom::reflect(a, b()),
        M::Refract => geom::refract(a, b(), c()),
        M::All => all_any(a, true),
        M::Any => all_any(a, false),
        M::CountLeadingZeros
        | M::CountOneBits
        | M::CountTrailingZeros
        | M::ReverseBits
        | M::FirstLeadingBit
        | M::FirstTrailingBit => map(a, |l| bits::unary(fun, l)),
        M::ExtractBits => bits::extract_bits(a, b(), c()),
        M::InsertBits => bits::insert_bits(a, b(), c(), &args[3]),
        M::Dot4I8Packed | M::Dot4U8Packed => bits::dot4_packed(fun, a, b()),
        M::Pack4x8Snorm
        | M::Pack4x8Unorm
        | M::Pack4xI8
        | M::Pack4xU8
        | M::Pack4xI8Clamp
        | M::Pack4xU8Clamp
        | M::Pack2x16Snorm
        | M::Pack2x16Unorm
        | M::Pack2x16Float => pack::pack(fun, a),
        M::Unpack4x8Snorm
        | M::Unpack4x8Unorm
        | M::Unpack4xI8
        | M::Unpack4xU8
        | M::Unpack2x16Snorm
        | M::Unpack2x16Unorm
        | M::Unpack2x16Float => pack::unpack(fun, a),
    }
}

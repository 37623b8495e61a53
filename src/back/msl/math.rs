//! Numeric, bit and packing builtins ([`MathFunction`]) in MSL.
//!
//! Metal functions are used where their documented semantics match WGSL;
//! otherwise an inline expression spells WGSL's definition:
//! - `round` rounds half to even: `metal::rint`;
//! - the `unpack*` functions are WGSL's formulas, through `as_type`
//!   reinterpretation (little-endian: component 0 is the least significant
//!   byte), and `pack4xI8`-style packing is a byte vector reinterpreted;
//! - `degrees`/`radians` (not in Metal) multiply by the constant;
//! - `length`/`distance` of scalars are `abs`.
//!
//! What needs more than a spelling is lowered before printing, and is an
//! internal error here: `fract` and `smoothstep` (`float-formulas`:
//! Metal's `fract` clamps below 1.0), `extractBits`/`insertBits`
//! (`bit-fields`), `firstLeadingBit`/`firstTrailingBit` (`first-bit`),
//! integer `abs`/`sign` (`int-abs-sign`) and `dot` (`int-dot`), the norm
//! packers (`pack-norm`: Metal's round to nearest even), `modf` and
//! `frexp` (`msl-builtins`), `clamp` (`clamp-formula`: Metal's is
//! undefined for `low > high`).
//!
//! Every argument string is evaluated exactly once by the produced code.

use std::fmt::Write as _;

use super::spelling::{float_literal, ValTy};
use super::types::TypeCtx;
use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{MathFunction as F, Module, Scalar, Type, TypeInner};

/// The scalar or vector shape of a type, if it has one.
pub(super) fn val_ty(module: &Module, ty: Handle<Type>) -> Option<ValTy> {
    match module.types.try_get(ty).map(|t| &t.inner) {
        Some(TypeInner::Scalar(s)) => Some(ValTy {
            scalar: *s,
            size: None,
        }),
        Some(TypeInner::Vector { size, scalar }) => Some(ValTy {
            scalar: *scalar,
            size: Some(*size),
        }),
        _ => None,
    }
}

fn bad(fun: F, what: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::without_location(format!(
        "cannot write '{}' in MSL: {what}",
        fun.wgsl_name()
    )))
}

/// Appends the MSL expression for a math builtin call to `out`. `args` are
/// the MSL expressions of the arguments (each used once), `arg_tys` their
/// IR types (`modf` and `frexp` are lowered by the `msl-builtins` pass).
/// Errors (malformed IR only) carry an undefined span for the caller to
/// replace.
pub(super) fn math_call(
    ctx: &TypeCtx,
    fun: F,
    args: &[&str],
    arg_tys: &[Handle<Type>],
    out: &mut String,
) -> Result<(), Box<Diagnostic>> {
    let module = ctx.module;
    let arity = arity(fun);
    if args.len() != arity || arg_tys.len() != arity {
        return Err(bad(
            fun,
            &format!("expected {arity} arguments, got {}", args.len()),
        ));
    }
    let a = |i: usize| args[i];
    let ty0 = match module.types.try_get(arg_tys[0]).map(|t| &t.inner) {
        Some(inner) => inner,
        None => return Err(bad(fun, "argument type not found")),
    };
    // Matrix functions first: their argument is not a scalar or vector.
    match fun {
        F::Determinant | F::Transpose => {
            let name = if fun == F::Determinant {
                "determinant"
            } else {
                "transpose"
            };
            let _ = write!(out, "metal::{name}({})", a(0));
            return Ok(());
        }
        _ => {}
    }
    let Some(t0) = val_ty(module, arg_tys[0]) else {
        return Err(bad(
            fun,
            &format!(
                "unexpected argument type '{}'",
                crate::ir::display::inner_name(module, ty0)
            ),
        ));
    };
    let s = t0.scalar;
    let float = s.is_float();
    let signed = s.is_signed_integer();
    let vector = t0.size.is_some();
    // `metal::name(a, b, ...)`, the form of most calls, is written straight
    // into `out`; the (empty, unallocated) text it returns is its arm's.
    let mut metal = |name: &str| {
        out.push_str("metal::");
        out.push_str(name);
        out.push('(');
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(a);
        }
        out.push(')');
        String::new()
    };
    let text = match fun {
        F::Abs if float => metal("abs"),
        // Signed `abs` and `sign`: lowered by the `int-abs-sign` pass.
        F::Abs | F::Sign if signed => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `int-abs-sign` pass must run first)",
            ))
        }
        F::Abs => format!("({})", a(0)),
        F::Acos => metal("acos"),
        F::Acosh => metal("acosh"),
        F::Asin => metal("asin"),
        F::Asinh => metal("asinh"),
        F::Atan => metal("atan"),
        F::Atanh => metal("atanh"),
        F::Atan2 => metal("atan2"),
        F::Ceil => metal("ceil"),
        F::Cos => metal("cos"),
        F::Cosh => metal("cosh"),
        F::Sin => metal("sin"),
        F::Sinh => metal("sinh"),
        F::Tan => metal("tan"),
        F::Tanh => metal("tanh"),
        F::Exp => metal("exp"),
        F::Exp2 => metal("exp2"),
        F::Log => metal("log"),
        F::Log2 => metal("log2"),
        F::Sqrt => metal("sqrt"),
        F::InverseSqrt => metal("rsqrt"),
        F::Pow => metal("pow"),
        F::Floor => metal("floor"),
        F::Trunc => metal("trunc"),
        F::Round => metal("rint"),
        F::Fract | F::Smoothstep => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `float-formulas` pass must run first)",
            ))
        }
        F::Fma => metal("fma"),
        F::Ldexp => metal("ldexp"),
        F::Step => metal("step"),
        F::Saturate => metal("saturate"),
        F::Sign if float => metal("sign"),
        F::Sign => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `int-abs-sign` pass must run first)",
            ))
        }
        F::Min => metal("min"),
        F::Max => metal("max"),
        F::Clamp => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `clamp-formula` pass must run first)",
            ))
        }
        F::Mix => {
            let scalar_factor = matches!(
                module.types.try_get(arg_tys[2]).map(|t| &t.inner),
                Some(TypeInner::Scalar(_))
            );
            if vector && scalar_factor {
                format!(
                    "metal::mix({}, {}, {}({}))",
                    a(0),
                    a(1),
                    t0.name(),
                    a(2)
                )
            } else {
                metal("mix")
            }
        }
        F::Degrees => format!(
            "(({}) * {})",
            a(0),
            float_literal(s, "57.295779513082322865")
        ),
        F::Radians => format!(
            "(({}) * {})",
            a(0),
            float_literal(s, "0.017453292519943295769")
        ),
        F::Length if vector => metal("length"),
        F::Length => metal("abs"),
        F::Distance if vector => metal("distance"),
        F::Distance => format!("metal::abs(({}) - ({}))", a(0), a(1)),
        F::Normalize => metal("normalize"),
        F::Cross => metal("cross"),
        F::Reflect => metal("reflect"),
        F::Refract => metal("refract"),
        F::FaceForward => metal("faceforward"),
        F::Dot if float => metal("dot"),
        // Integer `dot`: lowered by the `int-dot` pass.
        F::Dot => {
            return Err(bad(
                fun,
                "internal error: integer 'dot' not lowered (the `int-dot` pass must run first)",
            ))
        }
        F::Dot4I8Packed | F::Dot4U8Packed => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `int-dot` pass must run first)",
            ))
        }
        F::CountOneBits => metal("popcount"),
        F::ReverseBits => metal("reverse_bits"),
        // Metal's clz/ctz return the bit width for 0, as WGSL requires.
        F::CountLeadingZeros => metal("clz"),
        F::CountTrailingZeros => metal("ctz"),
        // Lowered by the `first-bit` pass (clz/ctz and a select).
        F::FirstLeadingBit | F::FirstTrailingBit => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `first-bit` pass must run first)",
            ))
        }
        F::ExtractBits | F::InsertBits => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `bit-fields` pass must run first)",
            ))
        }
        F::QuantizeToF16 => {
            let half = t0.with_scalar(Scalar::F16).name();
            format!("{}({half}({}))", t0.name(), a(0))
        }
        F::Modf | F::Frexp => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `msl-builtins` pass must run first)",
            ))
        }
        F::All | F::Any if !vector => format!("({})", a(0)),
        F::All => metal("all"),
        F::Any => metal("any"),
        F::Pack4x8Snorm | F::Pack4x8Unorm | F::Pack2x16Snorm | F::Pack2x16Unorm => {
            return Err(bad(
                fun,
                "internal error: not lowered (the `pack-norm` pass must run first)",
            ))
        }
        F::Pack2x16Float => format!("as_type<uint>(metal::half2({}))", a(0)),
        F::Pack4xI8 => format!(
            "as_type<uint>(metal::uchar4(as_type<metal::uint4>({}) & 0xFFu))",
            a(0)
        ),
        F::Pack4xU8 => format!("as_type<uint>(metal::uchar4(({}) & 0xFFu))", a(0)),
        F::Pack4xI8Clamp => format!(
            "as_type<uint>(metal::char4(metal::clamp({}, metal::int4(-128), metal::int4(127))))",
            a(0)
        ),
        F::Pack4xU8Clamp => format!(
            "as_type<uint>(metal::uchar4(metal::min({}, metal::uint4(255u))))",
            a(0)
        ),
        F::Unpack4x8Snorm => format!(
            "metal::max(metal::float4(as_type<metal::char4>({})) / 127.0f, metal::float4(-1.0f))",
            a(0)
        ),
        F::Unpack4x8Unorm => format!(
            "(metal::float4(as_type<metal::uchar4>({})) / 255.0f)",
            a(0)
        ),
        F::Unpack2x16Snorm => format!(
            "metal::max(metal::float2(as_type<metal::short2>({})) / 32767.0f, metal::float2(-1.0f))",
            a(0)
        ),
        F::Unpack2x16Unorm => format!(
            "(metal::float2(as_type<metal::ushort2>({})) / 65535.0f)",
            a(0)
        ),
        F::Unpack2x16Float => format!("metal::float2(as_type<metal::half2>({}))", a(0)),
        F::Unpack4xI8 => format!("metal::int4(as_type<metal::char4>({}))", a(0)),
        F::Unpack4xU8 => format!("metal::uint4(as_type<metal::uchar4>({}))", a(0)),
        F::Determinant | F::Transpose => unreachable_matrix(fun)?,
    };
    out.push_str(&text);
    Ok(())
}

/// Matrix functions return early; reaching the arm again is malformed IR.
fn unreachable_matrix(fun: F) -> Result<String, Box<Diagnostic>> {
    Err(bad(fun, "expected a matrix argument"))
}

/// The number of arguments of a math builtin.
pub(super) fn arity(fun: F) -> usize {
    match fun {
        F::Atan2
        | F::Cross
        | F::Distance
        | F::Dot
        | F::Dot4I8Packed
        | F::Dot4U8Packed
        | F::Ldexp
        | F::Max
        | F::Min
        | F::Pow
        | F::Reflect
        | F::Step => 2,
        F::Clamp
        | F::ExtractBits
        | F::FaceForward
        | F::Fma
        | F::Mix
        | F::Refract
        | F::Smoothstep => 3,
        F::InsertBits => 4,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Module, VectorSize};

    struct Fx {
        module: Module,
    }

    impl Fx {
        fn new() -> Self {
            Fx {
                module: Module::default(),
            }
        }
        fn scalar(&mut self, s: Scalar) -> Handle<Type> {
            self.module.intern(TypeInner::Scalar(s))
        }
        fn vec(&mut self, s: Scalar, n: u32) -> Handle<Type> {
            self.module.intern(TypeInner::Vector {
                size: VectorSize::from_count(n).unwrap(),
                scalar: s,
            })
        }
        /// The call's text and the helper definitions it needs (none:
        /// the printer writes no helpers).
        fn call(&self, fun: F, tys: &[Handle<Type>], _result: Handle<Type>) -> (String, String) {
            let ctx = TypeCtx::new(&self.module);
            let args = &["a", "b", "c", "d"][..tys.len()];
            let mut s = String::new();
            math_call(&ctx, fun, args, tys, &mut s).unwrap();
            (s, String::new())
        }
    }

    #[test]
    fn direct_metal_equivalents() {
        let mut fx = Fx::new();
        let f = fx.scalar(Scalar::F32);
        let v3 = fx.vec(Scalar::F32, 3);
        let cases = [
            (F::InverseSqrt, vec![f], f, "metal::rsqrt(a)"),
            (F::Round, vec![f], f, "metal::rint(a)"),
            (F::Trunc, vec![v3], v3, "metal::trunc(a)"),
            (F::Atan2, vec![f, f], f, "metal::atan2(a, b)"),
            (F::Fma, vec![f, f, f], f, "metal::fma(a, b, c)"),
            (F::Cross, vec![v3, v3], v3, "metal::cross(a, b)"),
            (F::Dot, vec![v3, v3], f, "metal::dot(a, b)"),
            (F::Length, vec![v3], f, "metal::length(a)"),
            (F::Length, vec![f], f, "metal::abs(a)"),
            (F::Distance, vec![f, f], f, "metal::abs((a) - (b))"),
            (F::Saturate, vec![v3], v3, "metal::saturate(a)"),
            (
                F::FaceForward,
                vec![v3, v3, v3],
                v3,
                "metal::faceforward(a, b, c)",
            ),
            (
                F::Mix,
                vec![v3, v3, f],
                v3,
                "metal::mix(a, b, metal::float3(c))",
            ),
            (F::Mix, vec![v3, v3, v3], v3, "metal::mix(a, b, c)"),
            (F::Degrees, vec![f], f, "((a) * 57.295779513082322865f)"),
            (F::Radians, vec![v3], v3, "((a) * 0.017453292519943295769f)"),
            (
                F::QuantizeToF16,
                vec![v3],
                v3,
                "metal::float3(metal::half3(a))",
            ),
        ];
        for (fun, tys, r, want) in cases {
            let (got, defs) = fx.call(fun, &tys, r);
            assert_eq!(got, want, "{fun:?}");
            assert!(defs.is_empty(), "{fun:?}: {defs}");
        }
    }

    #[test]
    fn half_literals() {
        let mut fx = Fx::new();
        let h = fx.scalar(Scalar::F16);
        assert_eq!(
            fx.call(F::Degrees, &[h], h).0,
            "((a) * 57.295779513082322865h)"
        );
    }

    #[test]
    fn integer_functions() {
        let mut fx = Fx::new();
        let i = fx.scalar(Scalar::I32);
        let u = fx.scalar(Scalar::U32);
        let u3 = fx.vec(Scalar::U32, 3);
        assert_eq!(fx.call(F::Abs, &[u], u).0, "(a)");
        assert_eq!(fx.call(F::CountLeadingZeros, &[u3], u3).0, "metal::clz(a)");
        assert_eq!(fx.call(F::CountOneBits, &[i], i).0, "metal::popcount(a)");
        assert_eq!(fx.call(F::ReverseBits, &[u], u).0, "metal::reverse_bits(a)");
    }

    #[test]
    fn packing() {
        let mut fx = Fx::new();
        let u = fx.scalar(Scalar::U32);
        let v4 = fx.vec(Scalar::F32, 4);
        let v2 = fx.vec(Scalar::F32, 2);
        let i4 = fx.vec(Scalar::I32, 4);
        assert_eq!(
            fx.call(F::Pack2x16Float, &[v2], u).0,
            "as_type<uint>(metal::half2(a))"
        );
        assert_eq!(
            fx.call(F::Pack4xI8Clamp, &[i4], u).0,
            "as_type<uint>(metal::char4(metal::clamp(a, metal::int4(-128), metal::int4(127))))"
        );
        assert_eq!(
            fx.call(F::Unpack4x8Snorm, &[u], v4).0,
            "metal::max(metal::float4(as_type<metal::char4>(a)) / 127.0f, metal::float4(-1.0f))"
        );
        assert_eq!(
            fx.call(F::Unpack4xI8, &[u], i4).0,
            "metal::int4(as_type<metal::char4>(a))"
        );
    }

    /// Builtins a pass lowers before printing (`int-dot`, `float-formulas`,
    /// `int-abs-sign`, `msl-builtins`) are internal errors here, never printed with Metal's
    /// different meaning.
    #[test]
    fn builtins_left_to_passes_are_internal_errors() {
        let mut fx = Fx::new();
        let (f, i, u) = (
            fx.scalar(Scalar::F32),
            fx.scalar(Scalar::I32),
            fx.scalar(Scalar::U32),
        );
        let ctx = TypeCtx::new(&fx.module);
        type Case<'a> = (F, &'a [Handle<Type>], Handle<Type>, &'a str);
        let cases: [Case; 11] = [
            (F::ExtractBits, &[u, u, u], u, "bit-fields"),
            (F::InsertBits, &[i, i, u, u], i, "bit-fields"),
            (F::Fract, &[f], f, "float-formulas"),
            (F::Smoothstep, &[f, f, f], f, "float-formulas"),
            (F::Dot4I8Packed, &[u, u], i, "int-dot"),
            (F::Dot4U8Packed, &[u, u], u, "int-dot"),
            (F::Sign, &[i], i, "int-abs-sign"),
            (F::Modf, &[f], f, "msl-builtins"),
            (F::Pack4x8Snorm, &[f], u, "pack-norm"),
            (F::Clamp, &[f, f, f], f, "clamp-formula"),
            (F::Frexp, &[f], f, "msl-builtins"),
        ];
        for (fun, tys, _result, pass) in cases {
            let args = &["a", "b", "c", "d"][..tys.len()];
            let mut out = String::new();
            let e = math_call(&ctx, fun, args, tys, &mut out).expect_err("not printed");
            let text = format!("{e:?}");
            assert!(
                text.contains("internal error") && text.contains(pass),
                "{fun:?}: {text}"
            );
            assert!(out.is_empty(), "{fun:?}: {out}");
        }
    }

    #[test]
    fn wrong_arity_is_an_error() {
        let mut fx = Fx::new();
        let f = fx.scalar(Scalar::F32);
        let ctx = TypeCtx::new(&fx.module);
        let e = math_call(&ctx, F::Fma, &["a"], &[f], &mut String::new()).unwrap_err();
        assert_eq!(
            e.message,
            "cannot write 'fma' in MSL: expected 3 arguments, got 1"
        );
    }
}

//! Unit tests of the public const-eval API: every operator and builtin
//! family, their error paths (with messages), f16 rounding, abstract vs
//! concrete overflow, and bit-exact packing.

use super::*;
use crate::ir::{ArraySize, StructMember, TypeInner};
use half::f16;
use BinaryOperator as B;
use MathFunction as M;

fn i(v: i32) -> Value {
    Value::Scalar(Literal::I32(v))
}
fn u(v: u32) -> Value {
    Value::Scalar(Literal::U32(v))
}
fn ai(v: i64) -> Value {
    Value::Scalar(Literal::AbstractInt(v))
}
fn f(v: f32) -> Value {
    Value::Scalar(Literal::F32(v))
}
fn h(v: f32) -> Value {
    Value::Scalar(Literal::F16(f16::from_f32(v)))
}
fn af(v: f64) -> Value {
    Value::Scalar(Literal::AbstractFloat(v))
}
fn b(v: bool) -> Value {
    Value::Scalar(Literal::Bool(v))
}
/// An array or structure of type `ty` with the given parts.
fn comp(m: &mut Module, ty: Handle<Type>, parts: &[Value]) -> Value {
    compose(m, ty, parts).expect("parts fit the type")
}
/// The parts of an array or structure value.
fn parts(m: &Module, v: &Value) -> Vec<Value> {
    (0..).map_while(|k| index(m, v, k).ok()).collect()
}
fn vf(v: &[f32]) -> Value {
    Value::Vector(v.iter().map(|&x| Literal::F32(x)).collect())
}
fn vi(v: &[i32]) -> Value {
    Value::Vector(v.iter().map(|&x| Literal::I32(x)).collect())
}
fn vu(v: &[u32]) -> Value {
    Value::Vector(v.iter().map(|&x| Literal::U32(x)).collect())
}
fn vb(v: &[bool]) -> Value {
    Value::Vector(v.iter().map(|&x| Literal::Bool(x)).collect())
}
/// A column-major f32 matrix from its columns.
fn mf(cols: &[&[f32]]) -> Value {
    Value::Matrix {
        columns: VectorSize::from_count(cols.len() as u32).unwrap(),
        rows: VectorSize::from_count(cols[0].len() as u32).unwrap(),
        data: cols
            .iter()
            .flat_map(|c| c.iter().map(|&x| Literal::F32(x)))
            .collect(),
    }
}

fn bin(op: BinaryOperator, l: &Value, r: &Value) -> Result<Value, EvalError> {
    eval_binary(&mut Module::default(), op, l, r)
}
fn math(fun: MathFunction, args: &[Value]) -> Result<Value, EvalError> {
    eval_math(&mut Module::default(), fun, args)
}
fn err(r: Result<Value, EvalError>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.message,
    }
}

// ---- values, zero, interning ------------------------------------------

fn struct_type(module: &mut Module) -> Handle<Type> {
    let f32_ty = module.intern(TypeInner::Scalar(Scalar::F32));
    let v2 = module.intern(TypeInner::Vector {
        size: VectorSize::Bi,
        scalar: Scalar::U32,
    });
    let member = |name: &str, ty, offset| StructMember {
        name: name.into(),
        ty,
        binding: None,
        offset,
        size: 8,
        align: 8,
    };
    module.types.insert(
        Type {
            name: Some("S".into()),
            inner: TypeInner::Struct {
                members: vec![member("a", f32_ty, 0), member("b", v2, 8)],
                span: 16,
            },
        },
        crate::span::Span::UNDEFINED,
    )
}

#[test]
fn zero_values() {
    let mut m = Module::default();
    let s = struct_type(&mut m);
    let arr = m.intern(TypeInner::Array {
        base: s,
        size: ArraySize::Constant(2),
        stride: 16,
    });
    // Arrays and structures stay symbolic; their parts read as zeros.
    let z = Value::zero(&m, arr).unwrap();
    assert_eq!(
        z,
        Value::Composite {
            ty: arr,
            value: None
        }
    );
    let zs = Value::Composite { ty: s, value: None };
    assert_eq!(parts(&m, &z), vec![zs.clone(), zs.clone()]);
    assert_eq!(parts(&m, &zs), vec![f(0.0), vu(&[0, 0])]);
    let c = z.to_const(&mut m);
    assert_eq!(m.constants[c], ConstValue::Zero(arr));
    assert_eq!(Value::from_const(&m, c), z);
    let rt = m.intern(TypeInner::Array {
        base: s,
        size: ArraySize::Runtime,
        stride: 16,
    });
    assert_eq!(Value::zero(&m, rt), None);
    let atomic = m.intern(TypeInner::atomic(Scalar::U32));
    assert_eq!(Value::zero(&m, atomic), None);
    // Huge types cost nothing: the zero value is never spelled out.
    let f32_ty = m.intern(TypeInner::Scalar(Scalar::F32));
    let big = m.intern(TypeInner::Array {
        base: f32_ty,
        size: ArraySize::Constant(u32::MAX),
        stride: 4,
    });
    let zb = Value::zero(&m, big).unwrap();
    assert_eq!(index(&m, &zb, i64::from(u32::MAX) - 1).unwrap(), f(0.0));
    assert_eq!(
        err(index(&m, &zb, i64::from(u32::MAX))),
        "index 4294967295 is out of bounds for an array of size 4294967295"
    );
}

#[test]
fn const_round_trip() {
    let mut m = Module::default();
    let s = struct_type(&mut m);
    let st = comp(&mut m, s, &[f(2.0), vu(&[7, 8])]);
    let values = [
        f(1.5),
        vi(&[1, -2, 3]),
        mf(&[&[1.0, 2.0], &[3.0, 4.0], &[5.0, 6.0]]),
        st,
    ];
    for v in &values {
        let c = v.to_const(&mut m);
        assert_eq!(&Value::from_const(&m, c), v);
        // Interning is deterministic.
        assert_eq!(v.to_const(&mut m), c);
    }
    // Matrices are interned as column vectors.
    let c = values[2].to_const(&mut m);
    let ConstValue::Composite { ty, components } = &m.constants[c] else {
        panic!("matrix not composite")
    };
    assert_eq!(components.len(), 3);
    assert!(matches!(m.inner(*ty), TypeInner::Matrix { .. }));
    // Zero reads back as the zero value.
    let z = m.intern_constant(ConstValue::Zero(s));
    let zv = Value::from_const(&m, z);
    assert_eq!(zv, Value::Composite { ty: s, value: None });
    assert_eq!(parts(&m, &zv), vec![f(0.0), vu(&[0, 0])]);
    // Zero of a vector or matrix type reads back spelled out.
    let v3 = m.intern(TypeInner::Vector {
        size: VectorSize::Tri,
        scalar: Scalar::U32,
    });
    let zv3 = m.intern_constant(ConstValue::Zero(v3));
    assert_eq!(Value::from_const(&m, zv3), vu(&[0, 0, 0]));
    let vty = vi(&[1, 2]).ty(&mut m);
    assert_eq!(
        *m.inner(vty),
        TypeInner::Vector {
            size: VectorSize::Bi,
            scalar: Scalar::I32
        }
    );
}

#[test]
fn index_and_select() {
    let m = Module::default();
    assert_eq!(index(&m, &vi(&[4, 5, 6]), 2).unwrap(), i(6));
    assert_eq!(
        index(&m, &mf(&[&[1.0, 2.0], &[3.0, 4.0]]), 1).unwrap(),
        vf(&[3.0, 4.0])
    );
    assert_eq!(
        err(index(&m, &vi(&[4, 5, 6]), 3)),
        "index 3 is out of bounds for a vector of size 3"
    );
    assert_eq!(
        err(index(&m, &vi(&[4, 5, 6]), -1)),
        "index -1 is out of bounds for a vector of size 3"
    );
    assert_eq!(eval_select(&i(1), &i(2), &b(true)).unwrap(), i(2));
    assert_eq!(
        eval_select(&vi(&[1, 2]), &vi(&[3, 4]), &vb(&[false, true])).unwrap(),
        vi(&[1, 4])
    );
}

// ---- conversions ------------------------------------------------------

#[test]
fn explicit_conversions() {
    assert_eq!(convert(&f(3.9), Scalar::U32).unwrap(), u(3));
    assert_eq!(convert(&f(-1.0), Scalar::U32).unwrap(), u(0));
    assert_eq!(convert(&f(1e20), Scalar::U32).unwrap(), u(4294967040));
    assert_eq!(convert(&f(-3.9), Scalar::I32).unwrap(), i(-3));
    assert_eq!(convert(&f(1e20), Scalar::I32).unwrap(), i(2147483520));
    assert_eq!(convert(&f(-1e20), Scalar::I32).unwrap(), i(i32::MIN));
    assert_eq!(convert(&i(-1), Scalar::U32).unwrap(), u(u32::MAX));
    assert_eq!(convert(&u(u32::MAX), Scalar::I32).unwrap(), i(-1));
    assert_eq!(convert(&i(0), Scalar::Bool).unwrap(), b(false));
    assert_eq!(convert(&f(0.5), Scalar::Bool).unwrap(), b(true));
    assert_eq!(convert(&b(true), Scalar::F32).unwrap(), f(1.0));
    assert_eq!(convert(&vi(&[1, 2]), Scalar::F32).unwrap(), vf(&[1.0, 2.0]));
    // int to float rounds: 2^24 + 1 is not an f32.
    assert_eq!(convert(&i(16777217), Scalar::F32).unwrap(), f(16777216.0));
    // f32 -> f16 rounds, and overflow is an error.
    assert_eq!(
        convert(&f(1.0 + 1.0 / 1024.0), Scalar::F16).unwrap(),
        h(1.0 + 1.0 / 1024.0)
    );
    assert_eq!(
        convert(&f(1.0 + 1.0 / 2048.0), Scalar::F16).unwrap(),
        h(1.0)
    );
    assert_eq!(
        err(convert(&f(70000.0), Scalar::F16)),
        "value 70000.0 cannot be represented as 'f16'"
    );
    assert_eq!(
        err(convert(&i(70000), Scalar::F16)),
        "value 70000 cannot be represented as 'f16'"
    );
    assert_eq!(
        err(convert(&ai(5000000000), Scalar::I32)),
        "value 5000000000 cannot be represented as 'i32'"
    );
    assert_eq!(
        err(convert(&ai(-1), Scalar::U32)),
        "value -1 cannot be represented as 'u32'"
    );
    assert_eq!(convert(&af(2.5), Scalar::I32).unwrap(), i(2));
    assert_eq!(convert(&h(-2.5), Scalar::I32).unwrap(), i(-2));
}

#[test]
fn concretization() {
    let mut m = Module::default();
    let i32_ty = m.intern(TypeInner::Scalar(Scalar::I32));
    let u32_ty = m.intern(TypeInner::Scalar(Scalar::U32));
    let f32_ty = m.intern(TypeInner::Scalar(Scalar::F32));
    let f16_ty = m.intern(TypeInner::Scalar(Scalar::F16));
    let af_ty = m.intern(TypeInner::Scalar(Scalar::AbstractFloat));
    assert_eq!(concretize(&mut m, &ai(7), i32_ty).unwrap(), i(7));
    assert_eq!(concretize(&mut m, &ai(7), f16_ty).unwrap(), h(7.0));
    assert_eq!(concretize(&mut m, &ai(7), af_ty).unwrap(), af(7.0));
    assert_eq!(
        err(concretize(&mut m, &ai(5000000000), i32_ty)),
        "value 5000000000 cannot be represented as 'i32'"
    );
    assert_eq!(
        err(concretize(&mut m, &ai(-5), u32_ty)),
        "value -5 cannot be represented as 'u32'"
    );
    assert_eq!(
        err(concretize(&mut m, &af(1e300), f32_ty)),
        "value 1e300 cannot be represented as 'f32'"
    );
    assert_eq!(
        err(concretize(&mut m, &af(1.5), i32_ty)),
        "cannot automatically convert value 1.5 of type 'abstract-float' to 'i32'"
    );
    // f32 values already concrete pass through.
    assert_eq!(concretize(&mut m, &f(1.5), f32_ty).unwrap(), f(1.5));

    // An abstract array converts element-wise into a new array type.
    let ai_ty = m.intern(TypeInner::Scalar(Scalar::AbstractInt));
    let abs_arr = m.intern(TypeInner::Array {
        base: ai_ty,
        size: ArraySize::Constant(2),
        stride: 8,
    });
    let arr = comp(&mut m, abs_arr, &[ai(1), ai(2)]);
    let out = concretize(&mut m, &arr, f32_ty).unwrap();
    let ty = out.ty(&mut m);
    assert_eq!(parts(&m, &out), vec![f(1.0), f(2.0)]);
    assert_eq!(
        *m.inner(ty),
        TypeInner::Array {
            base: f32_ty,
            size: ArraySize::Constant(2),
            stride: 4
        }
    );
    // Or into the given array type.
    let i32_arr = m.intern(TypeInner::Array {
        base: i32_ty,
        size: ArraySize::Constant(2),
        stride: 4,
    });
    let out = concretize(&mut m, &arr, i32_arr).unwrap();
    let expected = comp(&mut m, i32_arr, &[i(1), i(2)]);
    assert_eq!(out, expected);
    // A symbolic zero converts without being spelled out.
    let zero = Value::zero(&m, abs_arr).unwrap();
    assert_eq!(
        concretize(&mut m, &zero, i32_arr).unwrap(),
        Value::Composite {
            ty: i32_arr,
            value: None
        }
    );
    // Out-of-range parts are still found.
    let big = comp(&mut m, abs_arr, &[ai(1), ai(1 << 40)]);
    assert_eq!(
        err(concretize(&mut m, &big, i32_arr)),
        "value 1099511627776 cannot be represented as 'i32'"
    );
}

#[test]
fn shared_parts_convert_once() {
    // c0 = array(1, 2); c(k+1) = array(ck, ck): 2^41 scalars at k = 40,
    // converted by visiting 41 distinct constants.
    let mut m = Module::default();
    let ai_ty = m.intern(TypeInner::Scalar(Scalar::AbstractInt));
    let u32_ty = m.intern(TypeInner::Scalar(Scalar::U32));
    let pair = |m: &mut Module, base| {
        m.intern(TypeInner::Array {
            base,
            size: ArraySize::Constant(2),
            stride: 8,
        })
    };
    let (mut ty, mut uty) = (pair(&mut m, ai_ty), pair(&mut m, u32_ty));
    let mut v = comp(&mut m, ty, &[ai(1), ai(2)]);
    for _ in 0..40 {
        let (t, u) = (pair(&mut m, ty), pair(&mut m, uty));
        v = comp(&mut m, t, &[v.clone(), v]);
        (ty, uty) = (t, u);
    }
    let before = m.constants.len();
    let out = concretize(&mut m, &v, uty).unwrap();
    assert!(m.constants.len() - before < 100, "{}", m.constants.len());
    let mut leaf = out;
    for _ in 0..41 {
        leaf = index(&m, &leaf, 1).unwrap();
    }
    assert_eq!(leaf, u(2));
}

#[test]
fn bitcasts() {
    let mut m = Module::default();
    let u32_ty = m.intern(TypeInner::Scalar(Scalar::U32));
    let f32_ty = m.intern(TypeInner::Scalar(Scalar::F32));
    let i32_ty = m.intern(TypeInner::Scalar(Scalar::I32));
    let v2h = m.intern(TypeInner::Vector {
        size: VectorSize::Bi,
        scalar: Scalar::F16,
    });
    assert_eq!(bitcast(&mut m, &f(1.0), u32_ty).unwrap(), u(0x3f80_0000));
    assert_eq!(bitcast(&mut m, &u(0xffff_ffff), i32_ty).unwrap(), i(-1));
    // vec2<f16>: component 0 in the low half.
    let halves = Value::Vector(vec![
        Literal::F16(f16::from_f32(1.0)),
        Literal::F16(f16::from_f32(-2.0)),
    ]);
    assert_eq!(bitcast(&mut m, &halves, u32_ty).unwrap(), u(0xc000_3c00));
    assert_eq!(bitcast(&mut m, &u(0xc000_3c00), v2h).unwrap(), halves);
    assert_eq!(
        bitcast(&mut m, &ai(4294967295), u32_ty).unwrap(),
        u(u32::MAX)
    );
    assert_eq!(
        err(bitcast(&mut m, &ai(-1), u32_ty)),
        "value -1 cannot be represented as 'u32'"
    );
    assert_eq!(
        err(bitcast(&mut m, &u(0x7f80_0000), f32_ty)),
        "'bitcast<f32>(2139095040)' is not a finite value (infinity or NaN)"
    );
    let v4h = m.intern(TypeInner::Vector {
        size: VectorSize::Quad,
        scalar: Scalar::F16,
    });
    assert_eq!(
        err(bitcast(&mut m, &f(1.0), v4h)),
        "cannot bitcast 1.0 to a type of a different size"
    );
}

// ---- operators ---------------------------------------------------------

#[test]
fn unary_operators() {
    assert_eq!(eval_unary(UnaryOperator::Negate, &i(5)).unwrap(), i(-5));
    // The most negative integer negates to itself.
    assert_eq!(
        eval_unary(UnaryOperator::Negate, &i(i32::MIN)).unwrap(),
        i(i32::MIN)
    );
    assert_eq!(
        eval_unary(UnaryOperator::Negate, &ai(i64::MIN)).unwrap(),
        ai(i64::MIN)
    );
    assert_eq!(
        eval_unary(UnaryOperator::Negate, &vf(&[1.0, -2.0])).unwrap(),
        vf(&[-1.0, 2.0])
    );
    assert_eq!(
        eval_unary(UnaryOperator::BitwiseNot, &u(0)).unwrap(),
        u(u32::MAX)
    );
    assert_eq!(eval_unary(UnaryOperator::BitwiseNot, &i(0)).unwrap(), i(-1));
    assert_eq!(
        eval_unary(UnaryOperator::LogicalNot, &vb(&[true, false])).unwrap(),
        vb(&[false, true])
    );
    assert_eq!(
        err(eval_unary(UnaryOperator::Negate, &u(1))),
        "negation '-' is not defined for a value of type 'u32'"
    );
}

#[test]
fn integer_arithmetic_and_overflow() {
    // Concrete integer arithmetic wraps modulo 2^32 (spec, "Integer Types":
    // "Expressions on concrete integer types that overflow produce a result
    // that is modulo 2^bitwidth"); it is not a shader-creation error.
    assert_eq!(bin(B::Add, &i(i32::MAX), &i(1)).unwrap(), i(i32::MIN));
    assert_eq!(bin(B::Subtract, &i(i32::MIN), &i(1)).unwrap(), i(i32::MAX));
    assert_eq!(bin(B::Multiply, &i(65536), &i(65536)).unwrap(), i(0));
    assert_eq!(bin(B::Multiply, &i(i32::MAX), &i(i32::MAX)).unwrap(), i(1));
    // The spec's example in "Abstract Numeric Types": `-1 * i32(MIN)`.
    assert_eq!(bin(B::Multiply, &i(-1), &i(i32::MIN)).unwrap(), i(i32::MIN));
    assert_eq!(bin(B::Add, &u(u32::MAX), &u(1)).unwrap(), u(0));
    assert_eq!(bin(B::Subtract, &u(0), &u(1)).unwrap(), u(u32::MAX));
    assert_eq!(bin(B::Multiply, &u(65536), &u(65536)).unwrap(), u(0));
    assert_eq!(bin(B::Multiply, &u(65537), &u(65537)).unwrap(), u(131073));
    // Abstract ints have 64 bits, and overflow is an error too.
    assert_eq!(
        bin(B::Add, &ai(2147483647), &ai(1)).unwrap(),
        ai(2147483648)
    );
    assert_eq!(
        err(bin(B::Add, &ai(i64::MAX), &ai(1))),
        "'9223372036854775807 + 1' cannot be represented as 'abstract-int'"
    );
    assert_eq!(
        err(bin(B::Divide, &i(7), &i(0))),
        "integer division by zero is invalid: '7 / 0'"
    );
    assert_eq!(
        err(bin(B::Modulo, &u(7), &u(0))),
        "integer remainder by zero is invalid: '7 % 0'"
    );
    assert_eq!(
        err(bin(B::Divide, &i(i32::MIN), &i(-1))),
        "'-2147483648 / -1' cannot be represented as 'i32'"
    );
    assert_eq!(
        err(bin(B::Modulo, &i(i32::MIN), &i(-1))),
        "'-2147483648 % -1' cannot be represented as 'i32'"
    );
    // Truncating division and remainder.
    assert_eq!(bin(B::Divide, &i(-7), &i(2)).unwrap(), i(-3));
    assert_eq!(bin(B::Modulo, &i(-7), &i(2)).unwrap(), i(-1));
    assert_eq!(bin(B::Modulo, &i(7), &i(-2)).unwrap(), i(1));
    // Scalar/vector mixing.
    assert_eq!(
        bin(B::Multiply, &i(2), &vi(&[1, 2, 3])).unwrap(),
        vi(&[2, 4, 6])
    );
    assert_eq!(bin(B::Subtract, &vi(&[5, 6]), &i(1)).unwrap(), vi(&[4, 5]));
    assert_eq!(
        bin(B::Add, &vi(&[i32::MAX, 0]), &vi(&[1, 0])).unwrap(),
        vi(&[i32::MIN, 0])
    );
    // Vector times scalar wraps per component.
    assert_eq!(
        bin(B::Multiply, &vu(&[u32::MAX, 2]), &u(0x8000_0000)).unwrap(),
        vu(&[0x8000_0000, 0])
    );
    assert_eq!(
        err(bin(B::Multiply, &ai(i64::MAX), &ai(2))),
        "'9223372036854775807 * 2' cannot be represented as 'abstract-int'"
    );
    assert_eq!(
        err(bin(B::Subtract, &ai(i64::MIN), &ai(1))),
        "'-9223372036854775808 - 1' cannot be represented as 'abstract-int'"
    );
}

#[test]
fn float_arithmetic_and_overflow() {
    assert_eq!(bin(B::Add, &f(0.1), &f(0.2)).unwrap(), f(0.1 + 0.2));
    assert_eq!(bin(B::Modulo, &f(-7.5), &f(2.0)).unwrap(), f(-1.5));
    assert_eq!(
        err(bin(B::Multiply, &f(3e38), &f(10.0))),
        "'3e38 * 10.0' cannot be represented as 'f32'"
    );
    assert_eq!(
        err(bin(B::Divide, &f(1.0), &f(0.0))),
        "'1.0 / 0.0' is invalid: floating-point division by zero"
    );
    assert_eq!(
        err(bin(B::Add, &h(60000.0), &h(10000.0))),
        "'60000.0 + 10000.0' cannot be represented as 'f16'"
    );
    // f16 results are rounded to f16 (ties to even): 2048 + 1 = 2048.
    assert_eq!(bin(B::Add, &h(2048.0), &h(1.0)).unwrap(), h(2048.0));
    assert_eq!(bin(B::Add, &h(2048.0), &h(3.0)).unwrap(), h(2052.0));
    assert_eq!(
        err(bin(B::Multiply, &af(1e300), &af(1e300))),
        "'1e300 * 1e300' cannot be represented as 'abstract-float'"
    );
}

#[test]
fn shifts() {
    assert_eq!(bin(B::ShiftLeft, &u(1), &u(31)).unwrap(), u(0x8000_0000));
    assert_eq!(bin(B::ShiftLeft, &i(-1), &u(31)).unwrap(), i(i32::MIN));
    assert_eq!(bin(B::ShiftLeft, &i(0), &u(31)).unwrap(), i(0));
    assert_eq!(
        err(bin(B::ShiftLeft, &i(1), &u(32))),
        "'1 << 32' is invalid: the shift amount must be less than the bit width of 'i32' (32)"
    );
    assert_eq!(
        err(bin(B::ShiftRight, &u(1), &u(40))),
        "'1 >> 40' is invalid: the shift amount must be less than the bit width of 'u32' (32)"
    );
    assert_eq!(
        err(bin(B::ShiftLeft, &i(1), &u(31))),
        "'1 << 31' overflows: bits shifted out of 'i32' must be equal to the sign bit"
    );
    assert_eq!(
        err(bin(B::ShiftLeft, &u(3), &u(31))),
        "'3 << 31' overflows: bits shifted out of 'u32' must be zero"
    );
    assert_eq!(bin(B::ShiftLeft, &ai(1), &u(40)).unwrap(), ai(1 << 40));
    assert!(bin(B::ShiftLeft, &ai(1), &u(63)).is_err());
    assert!(bin(B::ShiftLeft, &ai(1), &u(64)).is_err());
    assert_eq!(bin(B::ShiftLeft, &ai(-1), &u(63)).unwrap(), ai(i64::MIN));
    assert_eq!(bin(B::ShiftRight, &i(-8), &u(1)).unwrap(), i(-4));
    assert_eq!(bin(B::ShiftRight, &u(0x8000_0000), &u(31)).unwrap(), u(1));
    assert_eq!(bin(B::ShiftRight, &ai(-8), &u(100)).unwrap(), ai(-1));
    assert_eq!(
        bin(B::ShiftLeft, &vu(&[1, 2]), &vu(&[1, 2])).unwrap(),
        vu(&[2, 8])
    );
}

#[test]
fn comparisons_and_bitwise() {
    assert_eq!(
        bin(B::Less, &vf(&[1.0, 3.0]), &vf(&[2.0, 2.0])).unwrap(),
        vb(&[true, false])
    );
    assert_eq!(bin(B::GreaterEqual, &i(-1), &i(-1)).unwrap(), b(true));
    assert_eq!(bin(B::NotEqual, &b(true), &b(false)).unwrap(), b(true));
    assert_eq!(bin(B::Equal, &ai(3), &ai(3)).unwrap(), b(true));
    assert_eq!(bin(B::And, &b(true), &b(false)).unwrap(), b(false));
    assert_eq!(
        bin(B::InclusiveOr, &vb(&[true, false]), &vb(&[false, false])).unwrap(),
        vb(&[true, false])
    );
    assert_eq!(
        bin(B::ExclusiveOr, &u(0b1100), &u(0b1010)).unwrap(),
        u(0b0110)
    );
    assert_eq!(bin(B::And, &i(-1), &i(0x0f)).unwrap(), i(0x0f));
    assert_eq!(
        err(bin(B::Less, &b(true), &b(false))),
        "operator '<' is not defined for a value of type 'bool'"
    );
}

#[test]
fn matrix_operators() {
    let m = mf(&[&[1.0, 2.0], &[3.0, 4.0], &[5.0, 6.0]]); // mat3x2
                                                          // mat3x2 * vec3 = vec2
    assert_eq!(
        bin(B::Multiply, &m, &vf(&[1.0, 1.0, 1.0])).unwrap(),
        vf(&[9.0, 12.0])
    );
    // vec2 * mat3x2 = vec3
    assert_eq!(
        bin(B::Multiply, &vf(&[1.0, 1.0]), &m).unwrap(),
        vf(&[3.0, 7.0, 11.0])
    );
    // mat3x2 * mat2x3 = mat2x2
    let n = mf(&[&[1.0, 0.0, 0.0], &[0.0, 1.0, 1.0]]);
    assert_eq!(
        bin(B::Multiply, &m, &n).unwrap(),
        mf(&[&[1.0, 2.0], &[8.0, 10.0]])
    );
    assert_eq!(
        bin(B::Add, &m, &m).unwrap(),
        mf(&[&[2.0, 4.0], &[6.0, 8.0], &[10.0, 12.0]])
    );
    assert_eq!(
        bin(B::Multiply, &f(2.0), &m).unwrap(),
        mf(&[&[2.0, 4.0], &[6.0, 8.0], &[10.0, 12.0]])
    );
    assert!(bin(B::Multiply, &m, &vf(&[1.0, 1.0])).is_err());
    assert!(bin(B::Add, &m, &n).is_err());
    assert_eq!(
        err(bin(
            B::Multiply,
            &mf(&[&[3e38, 0.0], &[0.0, 1.0]]),
            &vf(&[10.0, 0.0])
        )),
        "'matrix * vector' cannot be represented as 'f32'"
    );
}

// ---- builtins ----------------------------------------------------------

#[test]
fn float_builtin_domains() {
    assert_eq!(
        err(math(M::Acos, &[af(2.0)])),
        "'acos(2.0)' is not defined: argument must be in [-1, 1]"
    );
    assert_eq!(
        err(math(M::Asin, &[f(-1.5)])),
        "'asin(-1.5)' is not defined: argument must be in [-1, 1]"
    );
    assert_eq!(
        err(math(M::Sqrt, &[f(-1.0)])),
        "'sqrt(-1.0)' is not defined: argument must not be negative"
    );
    assert_eq!(
        err(math(M::Log, &[f(0.0)])),
        "'log(0.0)' is not defined: argument must be greater than 0"
    );
    assert_eq!(
        err(math(M::Log2, &[vf(&[1.0, -1.0])])),
        "'log2(-1.0)' is not defined: argument must be greater than 0"
    );
    assert_eq!(
        err(math(M::Pow, &[f(-1.0), f(0.5)])),
        "'pow(-1.0, 0.5)' is not defined: the base must not be negative"
    );
    assert_eq!(
        err(math(M::InverseSqrt, &[f(0.0)])),
        "'inverseSqrt(0.0)' is not defined: argument must be greater than 0"
    );
    assert_eq!(
        err(math(M::Acosh, &[f(0.5)])),
        "'acosh(0.5)' is not defined: argument must be at least 1"
    );
    assert_eq!(
        err(math(M::Atanh, &[f(1.0)])),
        "'atanh(1.0)' is not defined: argument must be in (-1, 1)"
    );
    assert_eq!(
        err(math(M::Exp, &[f(100.0)])),
        "'exp(100.0)' cannot be represented as 'f32'"
    );
    assert_eq!(
        err(math(M::Exp2, &[h(16.0)])),
        "'exp2(16.0)' cannot be represented as 'f16'"
    );
    assert_eq!(math(M::Exp2, &[h(15.0)]).unwrap(), h(32768.0));
    assert_eq!(
        err(math(M::Smoothstep, &[f(1.0), f(1.0), f(0.5)])),
        "'smoothstep(1.0, 1.0, 0.5)' is not defined: 'low' and 'high' must differ"
    );
}

#[test]
fn float_builtin_values() {
    assert_eq!(math(M::Sqrt, &[f(2.0)]).unwrap(), f(2f32.sqrt()));
    assert_eq!(math(M::Sqrt, &[h(2.0)]).unwrap(), h(1.4140625));
    assert_eq!(
        math(M::Round, &[vf(&[2.5, 3.5, -0.5])]).unwrap(),
        vf(&[2.0, 4.0, -0.0])
    );
    assert_eq!(math(M::Fract, &[f(-1.25)]).unwrap(), f(0.75));
    assert_eq!(math(M::Trunc, &[af(-1.75)]).unwrap(), af(-1.0));
    assert_eq!(math(M::Floor, &[f(-1.25)]).unwrap(), f(-2.0));
    assert_eq!(math(M::Ceil, &[f(-1.25)]).unwrap(), f(-1.0));
    assert_eq!(
        math(M::Sign, &[vf(&[-3.0, 0.0, 2.0])]).unwrap(),
        vf(&[-1.0, 0.0, 1.0])
    );
    assert_eq!(math(M::Sign, &[i(-7)]).unwrap(), i(-1));
    assert_eq!(math(M::Abs, &[i(i32::MIN)]).unwrap(), i(i32::MIN));
    assert_eq!(math(M::Abs, &[h(-2.0)]).unwrap(), h(2.0));
    assert_eq!(math(M::Max, &[i(3), i(-4)]).unwrap(), i(3));
    assert_eq!(
        math(M::Min, &[vu(&[3, 9]), vu(&[5, 1])]).unwrap(),
        vu(&[3, 1])
    );
    assert_eq!(math(M::Clamp, &[f(5.0), f(0.0), f(1.0)]).unwrap(), f(1.0));
    assert_eq!(
        math(M::Clamp, &[vi(&[-5, 5]), i(0), i(3)]).unwrap(),
        vi(&[0, 3])
    );
    assert_eq!(
        err(math(M::Clamp, &[i(5), i(3), i(1)])),
        "'clamp(5, 3, 1)' is not valid: 'low' (3) is greater than 'high' (1)"
    );
    assert_eq!(math(M::Saturate, &[f(-2.0)]).unwrap(), f(0.0));
    assert_eq!(
        math(M::Step, &[f(1.0), vf(&[0.5, 1.0])]).unwrap(),
        vf(&[0.0, 1.0])
    );
    assert_eq!(math(M::Mix, &[f(0.0), f(10.0), f(0.25)]).unwrap(), f(2.5));
    assert_eq!(math(M::Fma, &[f(2.0), f(3.0), f(1.0)]).unwrap(), f(7.0));
    assert_eq!(
        math(M::Smoothstep, &[f(0.0), f(1.0), f(0.5)]).unwrap(),
        f(0.5)
    );
    assert_eq!(
        math(M::Degrees, &[af(std::f64::consts::PI)]).unwrap(),
        af(180.0)
    );
    assert_eq!(
        math(M::Atan2, &[f(1.0), f(1.0)]).unwrap(),
        f(std::f32::consts::FRAC_PI_4)
    );
    assert_eq!(math(M::Pow, &[f(2.0), f(10.0)]).unwrap(), f(1024.0));
    assert!(math(M::Abs, &[]).is_err());
}

#[test]
fn ldexp_and_quantize() {
    assert_eq!(math(M::Ldexp, &[f(1.5), i(3)]).unwrap(), f(12.0));
    assert_eq!(
        math(M::Ldexp, &[f(1.0), i(-149)]).unwrap(),
        f(f32::from_bits(1))
    );
    assert_eq!(math(M::Ldexp, &[af(1.0), ai(-2000)]).unwrap(), af(0.0));
    assert_eq!(
        err(math(M::Ldexp, &[f(1.0), i(129)])),
        "'ldexp(1.0, 129)' is not valid: the exponent must be at most 128 for 'f32'"
    );
    assert_eq!(
        err(math(M::Ldexp, &[f(1.0), i(128)])),
        "'ldexp(1.0, 128)' cannot be represented as 'f32'"
    );
    assert_eq!(
        err(math(M::Ldexp, &[h(1.0), i(17)])),
        "'ldexp(1.0, 17)' is not valid: the exponent must be at most 16 for 'f16'"
    );
    assert_eq!(
        math(M::QuantizeToF16, &[f(1.0 + 1.0 / 4096.0)]).unwrap(),
        f(1.0)
    );
    assert_eq!(
        math(M::QuantizeToF16, &[vf(&[0.1, 2.0])]).unwrap(),
        vf(&[f16::from_f32(0.1).to_f32(), 2.0])
    );
    assert_eq!(
        err(math(M::QuantizeToF16, &[f(65520.0)])),
        "'quantizeToF16(65520.0)' is not valid: the value is outside the finite range of 'f16'"
    );
}

#[test]
fn frexp_and_modf() {
    let mut m = Module::default();
    let r = eval_math(&mut m, M::Frexp, &[f(12.0)]).unwrap();
    assert_eq!(parts(&m, &r), vec![f(0.75), i(4)]);
    let r = eval_math(
        &mut m,
        M::Frexp,
        &[Value::Vector(vec![
            Literal::AbstractFloat(-0.25),
            Literal::AbstractFloat(0.0),
        ])],
    )
    .unwrap();
    assert_eq!(
        parts(&m, &r),
        vec![
            Value::Vector(vec![
                Literal::AbstractFloat(-0.5),
                Literal::AbstractFloat(0.0)
            ]),
            Value::Vector(vec![Literal::AbstractInt(-1), Literal::AbstractInt(0)]),
        ]
    );
    // Subnormal f32 input.
    let r = eval_math(&mut m, M::Frexp, &[f(f32::from_bits(1))]).unwrap();
    assert_eq!(parts(&m, &r), vec![f(0.5), i(-148)]);
    let r = eval_math(&mut m, M::Modf, &[vf(&[-2.5, 1.25])]).unwrap();
    assert_eq!(parts(&m, &r), vec![vf(&[-0.5, 0.25]), vf(&[-2.0, 1.0])]);
}

#[test]
fn vector_builtins() {
    assert_eq!(
        math(M::Dot, &[vf(&[1.0, 2.0, 3.0]), vf(&[4.0, 5.0, 6.0])]).unwrap(),
        f(32.0)
    );
    assert_eq!(math(M::Dot, &[vi(&[1, -2]), vi(&[3, 4])]).unwrap(), i(-5));
    // Concrete integer dot products wrap (spec, "Integer Types"); abstract
    // ones must not overflow.
    assert_eq!(
        math(M::Dot, &[vi(&[65536, 0]), vi(&[65536, 0])]).unwrap(),
        i(0)
    );
    assert_eq!(
        math(M::Dot, &[vi(&[i32::MAX, 1]), vi(&[1, 1])]).unwrap(),
        i(i32::MIN)
    );
    let vai = |x: &[i64]| Value::Vector(x.iter().map(|&v| Literal::AbstractInt(v)).collect());
    assert_eq!(
        math(M::Dot, &[vai(&[i64::MAX, 0]), vai(&[1, 1])]).unwrap(),
        ai(i64::MAX)
    );
    assert_eq!(
        err(math(M::Dot, &[vai(&[i64::MAX, 1]), vai(&[1, 1])])),
        "'dot(vec2(9223372036854775807, 1), vec2(1, 1))' cannot be represented as 'abstract-int'"
    );
    assert_eq!(
        err(math(M::Dot, &[vai(&[1 << 32, 0]), vai(&[1 << 32, 0])])),
        "'dot(vec2(4294967296, 0), vec2(4294967296, 0))' cannot be represented as 'abstract-int'"
    );
    assert_eq!(
        math(M::Cross, &[vf(&[1.0, 0.0, 0.0]), vf(&[0.0, 1.0, 0.0])]).unwrap(),
        vf(&[0.0, 0.0, 1.0])
    );
    assert_eq!(math(M::Length, &[vf(&[3.0, 4.0])]).unwrap(), f(5.0));
    assert_eq!(math(M::Length, &[f(-2.0)]).unwrap(), f(2.0));
    // No spurious overflow for large abstract vectors.
    let big = math(
        M::Length,
        &[Value::Vector(vec![
            Literal::AbstractFloat(3e200),
            Literal::AbstractFloat(4e200),
        ])],
    )
    .unwrap();
    let Value::Scalar(Literal::AbstractFloat(len)) = big else {
        panic!("length is not an abstract float: {big:?}")
    };
    assert!((len / 5e200 - 1.0).abs() < 1e-15, "{len}");
    assert_eq!(
        math(M::Distance, &[vf(&[1.0, 1.0]), vf(&[4.0, 5.0])]).unwrap(),
        f(5.0)
    );
    assert_eq!(
        math(M::Normalize, &[vf(&[3.0, 4.0])]).unwrap(),
        vf(&[0.6, 0.8])
    );
    assert_eq!(
        err(math(M::Normalize, &[vf(&[0.0, 0.0])])),
        "'normalize(vec2(0.0, 0.0))' is not defined: the vector must not be zero"
    );
    assert_eq!(
        math(
            M::FaceForward,
            &[vf(&[1.0, 2.0]), vf(&[1.0, 0.0]), vf(&[1.0, 0.0])]
        )
        .unwrap(),
        vf(&[-1.0, -2.0])
    );
    assert_eq!(
        math(M::Reflect, &[vf(&[1.0, -1.0]), vf(&[0.0, 1.0])]).unwrap(),
        vf(&[1.0, 1.0])
    );
    assert_eq!(
        math(M::Refract, &[vf(&[0.0, -1.0]), vf(&[0.0, 1.0]), f(1.0)]).unwrap(),
        vf(&[0.0, -1.0])
    );
    // Total internal reflection: k < 0 gives the zero vector.
    assert_eq!(
        math(M::Refract, &[vf(&[0.8, -0.6]), vf(&[0.0, 1.0]), f(2.0)]).unwrap(),
        vf(&[0.0, 0.0])
    );
    let m = mf(&[&[1.0, 2.0], &[3.0, 4.0], &[5.0, 6.0]]);
    assert_eq!(
        math(M::Transpose, &[m]).unwrap(),
        mf(&[&[1.0, 3.0, 5.0], &[2.0, 4.0, 6.0]])
    );
    assert_eq!(
        math(M::Determinant, &[mf(&[&[1.0, 2.0], &[3.0, 4.0]])]).unwrap(),
        f(-2.0)
    );
    assert_eq!(
        math(
            M::Determinant,
            &[mf(&[&[2.0, 0.0, 0.0], &[0.0, 3.0, 0.0], &[1.0, 1.0, 4.0]])]
        )
        .unwrap(),
        f(24.0)
    );
    assert_eq!(math(M::All, &[vb(&[true, false])]).unwrap(), b(false));
    assert_eq!(math(M::Any, &[vb(&[true, false])]).unwrap(), b(true));
    assert_eq!(math(M::All, &[b(true)]).unwrap(), b(true));
}

#[test]
fn bit_builtins() {
    assert_eq!(math(M::CountLeadingZeros, &[u(1)]).unwrap(), u(31));
    assert_eq!(math(M::CountLeadingZeros, &[i(-1)]).unwrap(), i(0));
    assert_eq!(
        math(M::CountOneBits, &[vu(&[0xff, 0])]).unwrap(),
        vu(&[8, 0])
    );
    assert_eq!(math(M::CountTrailingZeros, &[u(0)]).unwrap(), u(32));
    assert_eq!(math(M::CountTrailingZeros, &[i(8)]).unwrap(), i(3));
    assert_eq!(math(M::ReverseBits, &[u(1)]).unwrap(), u(0x8000_0000));
    assert_eq!(math(M::FirstLeadingBit, &[u(0)]).unwrap(), u(u32::MAX));
    assert_eq!(math(M::FirstLeadingBit, &[u(0x10)]).unwrap(), u(4));
    assert_eq!(math(M::FirstLeadingBit, &[i(-1)]).unwrap(), i(-1));
    assert_eq!(math(M::FirstLeadingBit, &[i(-16)]).unwrap(), i(3));
    assert_eq!(math(M::FirstTrailingBit, &[i(0)]).unwrap(), i(-1));
    assert_eq!(math(M::FirstTrailingBit, &[u(0x30)]).unwrap(), u(4));
    // extractBits: signed extends bit c-1.
    assert_eq!(
        math(M::ExtractBits, &[i(0b1110_0000), u(5), u(3)]).unwrap(),
        i(-1)
    );
    assert_eq!(
        math(M::ExtractBits, &[u(0b1110_0000), u(5), u(3)]).unwrap(),
        u(7)
    );
    assert_eq!(math(M::ExtractBits, &[i(-1), u(0), u(0)]).unwrap(), i(0));
    assert_eq!(
        err(math(M::ExtractBits, &[u(1), u(30), u(3)])),
        "'extractBits(1, 30, 3)' is not valid: 'offset' + 'count' (30 + 3) must not exceed the bit width 32"
    );
    assert_eq!(
        math(M::InsertBits, &[u(0xffff_ffff), u(0), u(4), u(8)]).unwrap(),
        u(0xffff_f00f)
    );
    assert_eq!(
        math(M::InsertBits, &[vi(&[0, 0]), vi(&[3, 1]), u(1), u(2)]).unwrap(),
        vi(&[6, 2])
    );
    assert_eq!(
        err(math(M::InsertBits, &[u(0), u(0), u(33), u(0)])),
        "'insertBits(0, 0, 33, 0)' is not valid: 'offset' + 'count' (33 + 0) must not exceed the bit width 32"
    );
    assert_eq!(
        math(M::Dot4I8Packed, &[u(0xffff_ffff), u(0x0101_0101)]).unwrap(),
        i(-4)
    );
    assert_eq!(
        math(M::Dot4U8Packed, &[u(0xffff_ffff), u(0xffff_ffff)]).unwrap(),
        u(260100)
    );
}

#[test]
fn packing_is_bit_exact() {
    // floor(0.5 + 127 * x): 1 -> 0x7f, -1 -> -127 = 0x81, 0.5 -> 64, 0 -> 0.
    assert_eq!(
        math(M::Pack4x8Snorm, &[vf(&[1.0, -1.0, 0.5, 0.0])]).unwrap(),
        u(0x0040_817f)
    );
    // Out-of-range inputs clamp first.
    assert_eq!(
        math(M::Pack4x8Snorm, &[vf(&[2.0, -2.0, 0.0, 0.0])]).unwrap(),
        u(0x0000_817f)
    );
    // Halves round up, toward +inf: -0.5 -> floor(-63) = -63 = 0xc1.
    assert_eq!(
        math(M::Pack4x8Snorm, &[vf(&[0.5, -0.5, 0.0, 0.0])]).unwrap(),
        u(0x0000_c140)
    );
    // The intermediate is correctly rounded to f32 before the floor:
    // 127 * (10502273 * 2^-24) + 0.5 = 80 - 2^-24 rounds to 80.
    let near_half = 10502273.0 / 16777216.0;
    assert_eq!(
        math(M::Pack4x8Snorm, &[vf(&[near_half, 0.0, 0.0, 0.0])]).unwrap(),
        u(80)
    );
    // Tiny inputs: floor(0.5 +- tiny) = 0.
    let tiny = f32::from_bits(1);
    assert_eq!(
        math(M::Pack4x8Snorm, &[vf(&[tiny, -tiny, 0.0, 0.0])]).unwrap(),
        u(0)
    );
    // floor(0.5 + 255 * x): 1 -> 0xff, 0.5 -> 128, 0.25 -> 64.
    assert_eq!(
        math(M::Pack4x8Unorm, &[vf(&[1.0, 0.0, 0.5, 0.25])]).unwrap(),
        u(0x4080_00ff)
    );
    // floor(0.5 - 32767) = -32767 = 0x8001; floor(0.5 + 16383.5) = 0x4000.
    assert_eq!(
        math(M::Pack2x16Snorm, &[vf(&[-1.0, 0.5])]).unwrap(),
        u(0x4000_8001)
    );
    assert_eq!(
        math(M::Pack2x16Unorm, &[vf(&[1.0, 0.5])]).unwrap(),
        u(0x8000_ffff)
    );
    // floor(0.5 - 16383.5) = -16383 = 0xc001.
    assert_eq!(
        math(M::Pack2x16Snorm, &[vf(&[0.5, -0.5])]).unwrap(),
        u(0xc001_4000)
    );
    // f16 1.0 = 0x3c00, -2.0 = 0xc000.
    assert_eq!(
        math(M::Pack2x16Float, &[vf(&[1.0, -2.0])]).unwrap(),
        u(0xc000_3c00)
    );
    assert_eq!(
        err(math(M::Pack2x16Float, &[vf(&[1.0, 70000.0])])),
        "'pack2x16float(vec2(1.0, 70000.0))' is not valid: component 1 (70000.0) is outside the finite range of 'f16'"
    );
    assert_eq!(
        math(M::Pack4xI8, &[vi(&[-1, 2, -128, 127])]).unwrap(),
        u(0x7f80_02ff)
    );
    assert_eq!(
        math(M::Pack4xU8, &[vu(&[0x1ff, 1, 0, 0x100])]).unwrap(),
        u(0x0000_01ff)
    );
    assert_eq!(
        math(M::Pack4xI8Clamp, &[vi(&[-200, 200, 1, -1])]).unwrap(),
        u(0xff01_7f80)
    );
    assert_eq!(
        math(M::Pack4xU8Clamp, &[vu(&[300, 1, 0, 255])]).unwrap(),
        u(0xff00_01ff)
    );

    assert_eq!(
        math(M::Unpack4x8Snorm, &[u(0x0080_817f)]).unwrap(),
        vf(&[1.0, -1.0, -1.0, 0.0])
    );
    assert_eq!(
        math(M::Unpack4x8Unorm, &[u(0x0000_ff00)]).unwrap(),
        vf(&[0.0, 1.0, 0.0, 0.0])
    );
    assert_eq!(
        math(M::Unpack4xI8, &[u(0x7f80_02ff)]).unwrap(),
        vi(&[-1, 2, -128, 127])
    );
    assert_eq!(
        math(M::Unpack4xU8, &[u(0x7f80_02ff)]).unwrap(),
        vu(&[0xff, 2, 0x80, 0x7f])
    );
    assert_eq!(
        math(M::Unpack2x16Snorm, &[u(0x7fff_8000)]).unwrap(),
        vf(&[-1.0, 1.0])
    );
    assert_eq!(
        math(M::Unpack2x16Unorm, &[u(0x0000_ffff)]).unwrap(),
        vf(&[1.0, 0.0])
    );
    assert_eq!(
        math(M::Unpack2x16Float, &[u(0xc000_3c00)]).unwrap(),
        vf(&[1.0, -2.0])
    );
    assert_eq!(
        err(math(M::Unpack2x16Float, &[u(0x7c00)])),
        "'unpack2x16float(31744)' is not valid: component 0 is an f16 infinity or NaN"
    );
}

#[test]
fn float_conversion_range_edges() {
    let mut m = Module::default();
    let f32_ty = m.intern(TypeInner::Scalar(Scalar::F32));
    let f16_ty = m.intern(TypeInner::Scalar(Scalar::F16));
    // The shortest spelling of the largest f32 is slightly above it and
    // rounds down to it.
    assert_eq!(
        concretize(&mut m, &af(3.4028235e38), f32_ty).unwrap(),
        f(f32::MAX)
    );
    assert_eq!(
        concretize(&mut m, &af(65519.0), f16_ty).unwrap(),
        h(65504.0)
    );
    assert_eq!(
        err(concretize(&mut m, &af(65520.0), f16_ty)),
        "value 65520.0 cannot be represented as 'f16'"
    );
    assert_eq!(
        err(concretize(&mut m, &ai(65520), f16_ty)),
        "value 65520 cannot be represented as 'f16'"
    );
    // Float to integer from each source type.
    assert_eq!(convert(&h(-65504.0), Scalar::U32).unwrap(), u(0));
    assert_eq!(convert(&h(65504.0), Scalar::I32).unwrap(), i(65504));
    // f32 sources saturate to the largest integer an f32 holds (the spec's
    // examples in "Floating Point Conversion").
    assert_eq!(convert(&f(1e20), Scalar::U32).unwrap(), u(4294967040));
    assert_eq!(convert(&f(1e20), Scalar::I32).unwrap(), i(2147483520));
    assert_eq!(convert(&f(-1e20), Scalar::I32).unwrap(), i(i32::MIN));
    assert_eq!(
        convert(&f(2147483648.0), Scalar::I32).unwrap(),
        i(2147483520)
    );
    // An AbstractFloat converts directly (`i32(AbstractFloat)` has rank 0),
    // saturating in binary64, where the integer limits are exact; values
    // beyond the f32 range saturate too (no detour through f32).
    assert_eq!(convert(&af(3e9), Scalar::I32).unwrap(), i(i32::MAX));
    assert_eq!(convert(&af(-3e9), Scalar::I32).unwrap(), i(i32::MIN));
    assert_eq!(
        convert(&af(2147483647.9), Scalar::I32).unwrap(),
        i(i32::MAX)
    );
    assert_eq!(
        convert(&af(-2147483648.9), Scalar::I32).unwrap(),
        i(i32::MIN)
    );
    assert_eq!(convert(&af(5e9), Scalar::U32).unwrap(), u(u32::MAX));
    assert_eq!(
        convert(&af(4294967295.5), Scalar::U32).unwrap(),
        u(u32::MAX)
    );
    assert_eq!(convert(&af(1e20), Scalar::U32).unwrap(), u(u32::MAX));
    assert_eq!(convert(&af(-0.9), Scalar::U32).unwrap(), u(0));
    assert_eq!(convert(&af(-1.5), Scalar::U32).unwrap(), u(0));
    assert_eq!(convert(&af(1e39), Scalar::I32).unwrap(), i(i32::MAX));
    assert_eq!(convert(&af(-1e300), Scalar::I32).unwrap(), i(i32::MIN));
    // An exact value just inside the range stays (2^24 + 1 is not an f32).
    assert_eq!(convert(&af(16777217.0), Scalar::I32).unwrap(), i(16777217));
    assert_eq!(
        convert(
            &Value::Vector(vec![
                Literal::AbstractFloat(3e9),
                Literal::AbstractFloat(-3e9)
            ]),
            Scalar::I32
        )
        .unwrap(),
        vi(&[i32::MAX, i32::MIN])
    );
    // f16 results of integer conversion round to nearest even.
    assert_eq!(convert(&i(2049), Scalar::F16).unwrap(), h(2048.0));
    assert_eq!(convert(&u(2051), Scalar::F16).unwrap(), h(2052.0));
}

#[test]
fn more_shapes_and_errors() {
    let mut m = Module::default();
    let i32_ty = m.intern(TypeInner::Scalar(Scalar::I32));
    let inner = m.intern(TypeInner::Array {
        base: i32_ty,
        size: ArraySize::Constant(2),
        stride: 4,
    });
    let outer = m.intern(TypeInner::Array {
        base: inner,
        size: ArraySize::Constant(2),
        stride: 8,
    });
    let row12 = comp(&mut m, inner, &[i(1), i(2)]);
    let row34 = comp(&mut m, inner, &[i(3), i(4)]);
    let nested = comp(&mut m, outer, &[row12, row34.clone()]);
    let c = nested.to_const(&mut m);
    assert_eq!(Value::from_const(&m, c), nested);
    assert_eq!(index(&m, &nested, 1).unwrap(), row34);
    assert_eq!(
        err(index(&m, &nested, 2)),
        "index 2 is out of bounds for an array of size 2"
    );
    assert_eq!(
        err(index(&m, &mf(&[&[1.0, 2.0], &[3.0, 4.0]]), 5)),
        "index 5 is out of bounds for a matrix with column count 2"
    );
    assert_eq!(err(index(&m, &i(1), 0)), "cannot index a scalar value");
    assert_eq!(
        err(eval_select(
            &vi(&[1, 2]),
            &vi(&[3, 4]),
            &vb(&[true, false, true])
        )),
        "operands 'vec2(1, 2)' and 'vec2(3, 4)' have different shapes"
    );
    assert_eq!(
        err(bin(B::Add, &vi(&[1, 2]), &vi(&[1, 2, 3]))),
        "operands 'vec2(1, 2)' and 'vec3(1, 2, 3)' have different shapes"
    );
    assert_eq!(
        err(bin(B::Add, &nested, &nested)),
        "operator '+' is not defined for arrays and structures"
    );
    assert_eq!(
        err(math(M::Max, &[i(1)])),
        "'max' expects 2 argument(s), got 1"
    );
    // 4x4 determinant by cofactor expansion.
    let m4 = mf(&[
        &[1.0, 0.0, 2.0, -1.0],
        &[3.0, 0.0, 0.0, 5.0],
        &[2.0, 1.0, 4.0, -3.0],
        &[1.0, 0.0, 5.0, 0.0],
    ]);
    assert_eq!(math(M::Determinant, &[m4]).unwrap(), f(30.0));
    // Comparisons and remainder of f16 and abstract floats.
    assert_eq!(bin(B::Less, &h(1.0), &h(1.5)).unwrap(), b(true));
    assert_eq!(bin(B::Modulo, &af(5.5), &af(-2.0)).unwrap(), af(1.5));
    let mut m = Module::default();
    let r = eval_math(&mut m, M::Frexp, &[h(-3.0)]).unwrap();
    assert_eq!(parts(&m, &r), vec![h(-0.75), i(2)]);
}

/// Every builtin, operator and conversion on a pool of odd operands
/// (mismatched types and shapes, extreme values, malformed values) returns
/// a value or an error, never panics.
#[test]
fn no_panics_on_odd_operands() {
    use MathFunction::*;
    let funs = [
        Abs,
        Acos,
        Acosh,
        Asin,
        Asinh,
        Atan,
        Atanh,
        Atan2,
        Ceil,
        Clamp,
        Cos,
        Cosh,
        CountLeadingZeros,
        CountOneBits,
        CountTrailingZeros,
        Cross,
        Degrees,
        Determinant,
        Distance,
        Dot,
        Dot4I8Packed,
        Dot4U8Packed,
        Exp,
        Exp2,
        ExtractBits,
        FaceForward,
        FirstLeadingBit,
        FirstTrailingBit,
        Floor,
        Fma,
        Fract,
        Frexp,
        InsertBits,
        InverseSqrt,
        Ldexp,
        Length,
        Log,
        Log2,
        Max,
        Min,
        Mix,
        Modf,
        Normalize,
        Pow,
        QuantizeToF16,
        Radians,
        Reflect,
        Refract,
        ReverseBits,
        Round,
        Saturate,
        Sign,
        Sin,
        Sinh,
        Smoothstep,
        Sqrt,
        Step,
        Tan,
        Tanh,
        Transpose,
        Trunc,
        All,
        Any,
        Pack4x8Snorm,
        Pack4x8Unorm,
        Pack4xI8,
        Pack4xU8,
        Pack4xI8Clamp,
        Pack4xU8Clamp,
        Pack2x16Snorm,
        Pack2x16Unorm,
        Pack2x16Float,
        Unpack4x8Snorm,
        Unpack4x8Unorm,
        Unpack4xI8,
        Unpack4xU8,
        Unpack2x16Snorm,
        Unpack2x16Unorm,
        Unpack2x16Float,
    ];
    let mut m = Module::default();
    let s = struct_type(&mut m);
    let pool = vec![
        i(i32::MIN),
        u(u32::MAX),
        ai(i64::MIN),
        f(f32::MAX),
        h(-65504.0),
        af(-1e308),
        b(true),
        vi(&[i32::MAX, -1, 0]),
        vu(&[1, 64]),
        vf(&[0.0, -0.0, 1e-45, 3e38]),
        Value::Vector(vec![]),
        mf(&[&[1.0, 2.0], &[3.0, 4.0]]),
        Value::Matrix {
            columns: VectorSize::Quad,
            rows: VectorSize::Quad,
            data: vec![Literal::F32(1.0)],
        },
        Value::Composite { ty: s, value: None },
        Value::Composite {
            ty: s,
            value: Some(Handle::from_index(0)),
        },
    ];
    let all_ops = [
        B::Add,
        B::Subtract,
        B::Multiply,
        B::Divide,
        B::Modulo,
        B::Equal,
        B::NotEqual,
        B::Less,
        B::LessEqual,
        B::Greater,
        B::GreaterEqual,
        B::And,
        B::InclusiveOr,
        B::ExclusiveOr,
        B::ShiftLeft,
        B::ShiftRight,
    ];
    let types: Vec<Handle<Type>> = Scalar::ALL
        .iter()
        .filter(|sc| !matches!(sc, Scalar::I8 | Scalar::U8 | Scalar::BF16))
        .map(|&sc| m.intern(TypeInner::Scalar(sc)))
        .chain([s])
        .collect();
    for a in &pool {
        for op in [
            UnaryOperator::Negate,
            UnaryOperator::LogicalNot,
            UnaryOperator::BitwiseNot,
        ] {
            let _ = eval_unary(op, a);
        }
        for &t in &types {
            let _ = concretize(&mut m, a, t);
            let _ = bitcast(&mut m, a, t);
            if let TypeInner::Scalar(sc) = *m.inner(t) {
                let _ = convert(a, sc);
            }
        }
        for k in -1..5 {
            let _ = index(&m, a, k);
        }
        for fun in funs {
            let _ = eval_math(&mut m, fun, std::slice::from_ref(a));
        }
        for c in &pool {
            let _ = eval_select(a, c, &vb(&[true, false]));
            for op in all_ops {
                let _ = eval_binary(&mut m, op, a, c);
            }
            for fun in funs {
                let _ = eval_math(&mut m, fun, &[a.clone(), c.clone()]);
                let _ = eval_math(&mut m, fun, &[a.clone(), c.clone(), u(40)]);
                let _ = eval_math(&mut m, fun, &[a.clone(), c.clone(), u(3), u(30)]);
            }
        }
    }
}

#[test]
fn zero_of_deeply_shared_structs_is_symbolic() {
    // S0 { a: f32, b: f32 }, S(k+1) { a: Sk, b: Sk }: 2^61 components at
    // depth 60.
    let mut m = Module::default();
    let mut ty = m.intern(TypeInner::Scalar(Scalar::F32));
    for k in 0..60 {
        let member = |name: &str| StructMember {
            name: name.into(),
            ty,
            binding: None,
            offset: 0,
            size: 4,
            align: 4,
        };
        ty = m.types.insert(
            Type {
                name: Some(format!("S{k}")),
                inner: TypeInner::Struct {
                    members: vec![member("a"), member("b")],
                    span: 8,
                },
            },
            crate::span::Span::UNDEFINED,
        );
    }
    // The zero value is symbolic; reading a leaf walks one path.
    let mut z = Value::zero(&m, ty).unwrap();
    for _ in 0..60 {
        z = index(&m, &z, 1).unwrap();
    }
    assert_eq!(z, f(0.0));
}

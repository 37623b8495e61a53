//! Constant evaluation: the values of const-expressions (at shader-creation
//! time) and override-expressions (at pipeline creation), with the WGSL
//! spec's overflow, domain and representability errors.
//!
//! Values are plain Rust data ([`Value`]); converting to and from the IR's
//! interned [`ConstValue`] is explicit. Every function here takes operands
//! whose types the caller (the resolver, or the pipeline step) has already
//! checked and converted to the chosen overload's parameter types; these
//! functions report only evaluation errors (overflow, division by zero,
//! domain errors, values not representable in the target type).
//!
//! STATUS: API contract. Bodies are implemented by the const-eval work item.

use crate::arena::Handle;
use crate::ir::{
    BinaryOperator, ConstValue, Literal, MathFunction, Module, Scalar, Type, TypeInner,
    UnaryOperator, VectorSize,
};

/// A constant value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A scalar (possibly abstract).
    Scalar(Literal),
    /// A vector: 2 to 4 literals of the same scalar type.
    Vector(Vec<Literal>),
    /// A matrix, column-major: `columns * rows` literals of one float type.
    Matrix {
        /// Column count.
        columns: VectorSize,
        /// Row count.
        rows: VectorSize,
        /// Components, column by column.
        data: Vec<Literal>,
    },
    /// An array of type `ty` (fixed-size; the element type may be abstract).
    Array {
        /// The array type.
        ty: Handle<Type>,
        /// Elements.
        elements: Vec<Value>,
    },
    /// A structure of type `ty`.
    Struct {
        /// The struct type.
        ty: Handle<Type>,
        /// Member values.
        members: Vec<Value>,
    },
}

/// An evaluation error; the caller attaches the span.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct EvalError {
    /// What went wrong, e.g. `value 4294967296 cannot be represented as 'u32'`
    /// or `integer division by zero is invalid`.
    pub message: String,
}

impl EvalError {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> Self {
        EvalError {
            message: message.into(),
        }
    }
}

fn unimplemented_eval() -> EvalError {
    EvalError::new("constant evaluation of this expression is not supported yet")
}

impl Value {
    /// The value's type, interned in `module`.
    pub fn ty(&self, module: &mut Module) -> Handle<Type> {
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

    /// The zero value of a constructible type, or `None` if the type has no
    /// constant zero value (runtime-sized arrays, atomics, pointers,
    /// subgroup matrices).
    pub fn zero(module: &Module, ty: Handle<Type>) -> Option<Value> {
        let _ = (module, ty);
        None
    }

    /// Interns this value into `module.constants`.
    pub fn to_const(&self, module: &mut Module) -> Handle<ConstValue> {
        let _ = module;
        unreachable!("const_eval::Value::to_const is not implemented yet")
    }

    /// Reads back an interned constant.
    pub fn from_const(module: &Module, value: Handle<ConstValue>) -> Value {
        let _ = (module, value);
        unreachable!("const_eval::Value::from_const is not implemented yet")
    }
}

/// Explicit value conversion `T(e)` (componentwise for vectors and
/// matrices), with WGSL's rules: float to integer truncates and saturates,
/// integer to float rounds, bool conversions; abstract sources convert as
/// their concrete counterparts would. `target` is a scalar type.
pub fn convert(value: &Value, target: Scalar) -> Result<Value, EvalError> {
    let _ = (value, target);
    Err(unimplemented_eval())
}

/// Automatic conversion of an abstract value to the concrete (or other
/// abstract) scalar type `target` (componentwise, recursing into arrays:
/// `target_ty` gives the full destination type). Errors when the value is
/// not representable (e.g. AbstractInt 5000000000 to i32, or an
/// AbstractFloat that overflows f32).
pub fn concretize(
    module: &mut Module,
    value: &Value,
    target_ty: Handle<Type>,
) -> Result<Value, EvalError> {
    let _ = (module, value, target_ty);
    Err(unimplemented_eval())
}

/// `bitcast<T>(e)`.
pub fn bitcast(
    module: &mut Module,
    value: &Value,
    target: Handle<Type>,
) -> Result<Value, EvalError> {
    let _ = (module, value, target);
    Err(unimplemented_eval())
}

/// A unary operator on a scalar or vector (operand type already checked).
pub fn eval_unary(op: UnaryOperator, value: &Value) -> Result<Value, EvalError> {
    let _ = (op, value);
    Err(unimplemented_eval())
}

/// A binary operator. Operands have been converted to a common scalar type;
/// scalar/vector mixes (arithmetic), matrix products, comparisons (producing
/// bool vectors) and shifts (right operand u32) are all handled here.
pub fn eval_binary(
    module: &mut Module,
    op: BinaryOperator,
    left: &Value,
    right: &Value,
) -> Result<Value, EvalError> {
    let _ = (module, op, left, right);
    Err(unimplemented_eval())
}

/// A const-evaluable builtin function. `args` already have the chosen
/// overload's parameter types. `module` is needed to intern the result types
/// of `frexp`/`modf` (see [`crate::builtins::frexp_result_type`]).
pub fn eval_math(
    module: &mut Module,
    fun: MathFunction,
    args: &[Value],
) -> Result<Value, EvalError> {
    let _ = (module, fun, args);
    Err(unimplemented_eval())
}

/// `select(reject, accept, condition)`.
pub fn eval_select(reject: &Value, accept: &Value, condition: &Value) -> Result<Value, EvalError> {
    let _ = (reject, accept, condition);
    Err(unimplemented_eval())
}

/// Indexes a vector, matrix (a column) or array. Out-of-range constant
/// indices are an error.
pub fn index(value: &Value, index: i64) -> Result<Value, EvalError> {
    let _ = (value, index);
    Err(unimplemented_eval())
}

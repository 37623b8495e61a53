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
//! Numeric model: integers are computed exactly (in `i128`) and
//! range-checked; floats are computed in `f64` on the exact operand values
//! and rounded once to the operand type, so `f16` and `f32` arithmetic is
//! correctly rounded. Any float result that is infinite or NaN after
//! rounding is an error, as are integer results out of range (for concrete
//! and abstract integers alike), per the spec's rules for const-expressions.
//!
//! Submodules: `value` (interning, indexing, component-wise helpers), `num`
//! (scalar plumbing), `convert` (conversions, `bitcast`), `ops` (operators),
//! `matrix`, `math` (numeric builtins), `geom` (vector builtins), `bits`
//! (integer bit builtins), `pack` (packing builtins).

mod bits;
mod convert;
mod geom;
mod math;
mod matrix;
mod num;
mod ops;
mod pack;
#[cfg(test)]
mod tests;
mod value;

pub use value::MAX_ZERO_COMPONENTS;

use crate::arena::Handle;
use crate::ir::{
    BinaryOperator, ConstValue, Literal, MathFunction, Module, Scalar, Type, UnaryOperator,
    VectorSize,
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

impl Value {
    /// The value's type, interned in `module`.
    pub fn ty(&self, module: &mut Module) -> Handle<Type> {
        self.ty_impl(module)
    }

    /// The zero value of a constructible type, or `None` if the type has no
    /// constant zero value (runtime-sized arrays, atomics, pointers,
    /// subgroup matrices). Also `None` for types with more than
    /// [`MAX_ZERO_COMPONENTS`] scalar components, which are not materialized.
    pub fn zero(module: &Module, ty: Handle<Type>) -> Option<Value> {
        Value::zero_impl(module, ty)
    }

    /// Interns this value into `module.constants`. Never produces
    /// [`ConstValue::Zero`]: every composite is spelled out component by
    /// component (vectors as scalars, matrices as column vectors, arrays as
    /// elements, structs as members), so equal values intern to equal
    /// handles.
    pub fn to_const(&self, module: &mut Module) -> Handle<ConstValue> {
        self.to_const_impl(module)
    }

    /// Reads back an interned constant. [`ConstValue::Zero`] reads back as
    /// [`Value::zero`] of its type (an empty struct value if the type has no
    /// materializable zero value).
    pub fn from_const(module: &Module, value: Handle<ConstValue>) -> Value {
        Value::from_const_impl(module, value)
    }

    /// The scalar value, if this is a scalar.
    pub fn as_scalar(&self) -> Option<Literal> {
        match *self {
            Value::Scalar(l) => Some(l),
            _ => None,
        }
    }
}

/// Explicit value conversion `T(e)` (componentwise for vectors and
/// matrices), with WGSL's rules: float to integer truncates and saturates,
/// integer to float rounds, bool conversions; abstract sources convert as
/// their concrete counterparts would. `target` is a scalar type.
pub fn convert(value: &Value, target: Scalar) -> Result<Value, EvalError> {
    convert::convert(value, target)
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
    convert::concretize(module, value, target_ty)
}

/// `bitcast<T>(e)`.
pub fn bitcast(
    module: &mut Module,
    value: &Value,
    target: Handle<Type>,
) -> Result<Value, EvalError> {
    convert::bitcast(module, value, target)
}

/// A unary operator on a scalar or vector (operand type already checked).
pub fn eval_unary(op: UnaryOperator, value: &Value) -> Result<Value, EvalError> {
    ops::eval_unary(op, value)
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
    ops::eval_binary(module, op, left, right)
}

/// A const-evaluable builtin function. `args` already have the chosen
/// overload's parameter types. `module` is needed to intern the result types
/// of `frexp`/`modf` (see [`crate::builtins::frexp_result_type`]).
pub fn eval_math(
    module: &mut Module,
    fun: MathFunction,
    args: &[Value],
) -> Result<Value, EvalError> {
    math::eval_math(module, fun, args)
}

/// `select(reject, accept, condition)`.
pub fn eval_select(reject: &Value, accept: &Value, condition: &Value) -> Result<Value, EvalError> {
    value::select(reject, accept, condition)
}

/// Indexes a vector, matrix (a column) or array. Out-of-range constant
/// indices are an error.
pub fn index(value: &Value, index: i64) -> Result<Value, EvalError> {
    value::index(value, index)
}

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
//! Documented choices where the spec leaves freedom:
//! - float to integer conversion truncates toward zero and clamps to the
//!   range of target values representable in the source type (`1e20f` to
//!   `i32` is `2147483520`); NaN, which a const-expression never holds,
//!   converts to 0;
//! - AbstractFloat converts to `i32`/`u32` through `f32`, as the chosen
//!   `T(e: f32)` overload would;
//! - conversions to a float type fail only when the rounded value is
//!   infinite (`3.4028235e38` converts to the largest `f32`), while
//!   `quantizeToF16` and `pack2x16float` reject any value outside the
//!   finite `f16` range, as their definitions say;
//! - zero values of arrays and structures stay symbolic
//!   ([`ConstValue::Zero`]); scalars, vectors and matrices are always
//!   spelled out.
//!
//! Cost model: arrays and structures are handles into the module's
//! interned [`ConstValue`]s ([`Value::Composite`]), so copying, indexing
//! and interning them is O(1), equal parts are shared, and a zero value is
//! never built element by element. Conversions visit each distinct part
//! once ([`concretize_cached`] keeps the results across calls).
//!
//! Submodules: `value` (interning, composites, indexing, component-wise helpers), `num`
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

pub(crate) use convert::concretize_literal;
pub use convert::ConvertCache;

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
    /// An array (fixed-size; the element type may be abstract) or a
    /// structure. Its parts live in [`Module::constants`]: interned, so a
    /// copy costs nothing and equal parts are stored once.
    Composite {
        /// The array or structure type.
        ty: Handle<Type>,
        /// The interned value; `None` is the zero value of `ty`, which is
        /// never spelled out.
        value: Option<Handle<ConstValue>>,
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
    /// subgroup matrices, and composites containing them). Arrays and
    /// structures get a symbolic zero (`Composite { value: None }`).
    pub fn zero(module: &Module, ty: Handle<Type>) -> Option<Value> {
        Value::zero_impl(module, ty)
    }

    /// Interns this value into `module.constants`. Scalars, vectors and
    /// matrices are spelled out component by component (matrices as column
    /// vectors), so equal values intern to equal handles; an array or
    /// structure is already interned (its zero value as
    /// [`ConstValue::Zero`]).
    pub fn to_const(&self, module: &mut Module) -> Handle<ConstValue> {
        self.to_const_impl(module)
    }

    /// Reads back an interned constant: scalars, vectors and matrices are
    /// spelled out (also from [`ConstValue::Zero`]), arrays and structures
    /// stay handles.
    pub fn from_const(module: &Module, value: Handle<ConstValue>) -> Value {
        Value::from_const_impl(module, value)
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
#[cfg(test)]
pub fn concretize(
    module: &mut Module,
    value: &Value,
    target_ty: Handle<Type>,
) -> Result<Value, EvalError> {
    convert::concretize(module, &mut ConvertCache::default(), value, target_ty)
}

/// [`concretize`] with a cache of converted arrays and structures that the
/// caller keeps across calls (the resolver converts an abstract `const` at
/// each of its uses).
pub fn concretize_cached(
    module: &mut Module,
    cache: &mut ConvertCache,
    value: &Value,
    target_ty: Handle<Type>,
) -> Result<Value, EvalError> {
    convert::concretize(module, cache, value, target_ty)
}

/// Builds a value of type `ty` from its parts: scalars or vectors for a
/// vector (flattened), columns or scalars for a matrix, elements for an
/// array, members for a structure (interned). `None` when the parts do not
/// fit the type.
pub fn compose(module: &mut Module, ty: Handle<Type>, parts: &[Value]) -> Option<Value> {
    value::compose(module, ty, parts)
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
    value::map(value, |l| ops::unary_literal(op, l))
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
    let _ = module;
    let is_matrix = |v: &Value| matches!(v, Value::Matrix { .. });
    if is_matrix(left) || is_matrix(right) {
        return matrix::binary(op, left, right);
    }
    if matches!(left, Value::Composite { .. }) || matches!(right, Value::Composite { .. }) {
        return Err(EvalError::new(format!(
            "operator '{}' is not defined for arrays and structures",
            op.symbol()
        )));
    }
    value::zip(left, right, |a, b| ops::binary_literal(op, a, b))
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

/// Indexes a vector, matrix (a column), array or structure (a member).
/// Out-of-range constant indices are an error.
pub fn index(module: &Module, value: &Value, index: i64) -> Result<Value, EvalError> {
    value::index(module, value, index)
}

//! Which override-expressions SPIR-V specialization-constant instructions
//! can express, and how ([`spec_op`]): read by the pipeline step, which
//! decides for each symbolic global expression whether it is a
//! specialization-constant instruction or computed in the functions that
//! read it ([`forms`]: the pipeline step checks that sizes are expressible,
//! the SPIR-V pass `spec-constants` computes the others in functions), and
//! by the SPIR-V printer, which writes the instructions (`back::spv::spec`).
//! One table for all three, so they never disagree.
//!
//! Operations are the IR's, mapped to the SPIR-V opcodes
//! `OpSpecConstantOp` allows under the `Shader` capability: integer and
//! boolean arithmetic, comparisons, bit operations, `select`, conversions
//! between `i32`, `u32` and `bool`, composites, swizzles and constant
//! indices.

use crate::arena::Handle;
use crate::ir::{
    BinaryOperator as B, Expression, Module, Override, Scalar, SpecConstant, Type, TypeInner,
    UnaryOperator, VectorSize,
};

type H = Handle<Expression>;

/// How a symbolic global expression is written as a SPIR-V constant
/// instruction. Operands are global expressions of form `Const` or
/// [`Form::Spec`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecOp {
    /// `OpSpecConstant*` of an override with a [`SpecConstant`].
    Scalar(Handle<Override>),
    /// The value of another global expression (a derived override, a
    /// conversion to the same type).
    Same(H),
    /// `OpSpecConstantComposite` of the parts.
    Composite(Vec<H>),
    /// `OpSpecConstantComposite` of `n` copies of a scalar.
    Splat(H, u32),
    /// `VectorShuffle` of a vector with itself.
    Shuffle(H, Vec<u32>),
    /// `CompositeExtract` of one component, column, element or member.
    Extract(H, u32),
    /// A unary operation (`SNegate`, `Not`, `LogicalNot`).
    Unary(spirv::Op, H),
    /// A binary operation whose SPIR-V opcode is given.
    Binary(spirv::Op, H, H),
    /// Integer `/` (`rem` false) or `%` (`rem` true) with WGSL's runtime
    /// results: the divisor is replaced by 1 where it is 0 (or where a
    /// signed `MIN` is divided by -1).
    Divide {
        /// `i32` operands.
        signed: bool,
        /// `%` rather than `/`.
        rem: bool,
        /// Dividend.
        left: H,
        /// Divisor.
        right: H,
    },
    /// A shift (`ShiftLeftLogical`, `ShiftRightLogical`,
    /// `ShiftRightArithmetic`) with the amount masked to the bit width.
    Shift(spirv::Op, H, H),
    /// `Select(condition, accept, reject)`.
    Select(H, H, H),
    /// An `i32` <-> `u32` conversion or bitcast: `IAdd` with a zero of the
    /// result type (SPIR-V has no same-width `SConvert`).
    Reinterpret(H),
    /// `bool` -> integer: `Select(b, 1, 0)`.
    FromBool(H),
    /// Integer -> `bool`: `INotEqual(x, 0)`.
    ToBool(H),
}

/// The scalar and vector size of a scalar or vector type.
fn shape(module: &Module, ty: Handle<Type>) -> Option<(Scalar, Option<VectorSize>)> {
    match module.types.try_get(ty)?.inner {
        TypeInner::Scalar(s) => Some((s, None)),
        TypeInner::Vector { size, scalar } => Some((scalar, Some(size))),
        _ => None,
    }
}

fn is_int(s: Scalar) -> bool {
    matches!(s, Scalar::I32 | Scalar::U32)
}

/// How the global expression `h` is written as a SPIR-V constant
/// instruction under the `Shader` capability, or `None` when SPIR-V has no
/// specialization-constant form of its operation. `spec` gives each
/// override's [`SpecConstant`] (`None` for a derived one). Operand forms
/// are not checked here.
pub fn spec_op(module: &Module, spec: &[Option<SpecConstant>], h: H) -> Option<SpecOp> {
    let e = module.global_expressions.try_get(h)?;
    let ty = |h: H| module.global_expression_types.get(h.index()).copied();
    let shape_of = |h: H| ty(h).and_then(|t| shape(module, t));
    Some(match *e {
        Expression::Override(o) => match spec.get(o.index()).copied().flatten() {
            Some(_) => SpecOp::Scalar(o),
            None => SpecOp::Same(module.overrides.try_get(o)?.init?),
        },
        Expression::OverrideExpr(g) => SpecOp::Same(g),
        Expression::Compose { ty, ref components } => {
            if let TypeInner::Vector { .. } = module.types.try_get(ty)?.inner {
                // Vector parts would need flattening by extracts.
                if components
                    .iter()
                    .any(|&c| shape_of(c).is_none_or(|(_, size)| size.is_some()))
                {
                    return None;
                }
            }
            SpecOp::Composite(components.clone())
        }
        Expression::Splat { size, value } => SpecOp::Splat(value, size.get()),
        Expression::Swizzle {
            size,
            vector,
            pattern,
        } => SpecOp::Shuffle(
            vector,
            pattern[..size.get() as usize]
                .iter()
                .map(|&p| u32::from(p))
                .collect(),
        ),
        Expression::AccessIndex { base, index } => SpecOp::Extract(base, index),
        Expression::Unary { op, expr } => {
            let (s, _) = shape_of(expr)?;
            let op = match (op, s) {
                (UnaryOperator::Negate, Scalar::I32) => spirv::Op::SNegate,
                (UnaryOperator::BitwiseNot, s) if is_int(s) => spirv::Op::Not,
                (UnaryOperator::LogicalNot, Scalar::Bool) => spirv::Op::LogicalNot,
                _ => return None,
            };
            SpecOp::Unary(op, expr)
        }
        Expression::Binary { op, left, right } => {
            let (ls, lsize) = shape_of(left)?;
            let (rs, rsize) = shape_of(right)?;
            if lsize != rsize {
                return None;
            }
            let signed = ls == Scalar::I32;
            if matches!(op, B::ShiftLeft | B::ShiftRight) {
                if !is_int(ls) || rs != Scalar::U32 {
                    return None;
                }
                let op = match (op, signed) {
                    (B::ShiftLeft, _) => spirv::Op::ShiftLeftLogical,
                    (_, true) => spirv::Op::ShiftRightArithmetic,
                    (_, false) => spirv::Op::ShiftRightLogical,
                };
                return Some(SpecOp::Shift(op, left, right));
            }
            if ls != rs {
                return None;
            }
            let op = if is_int(ls) {
                match op {
                    B::Add => spirv::Op::IAdd,
                    B::Subtract => spirv::Op::ISub,
                    B::Multiply => spirv::Op::IMul,
                    B::Divide | B::Modulo => {
                        return Some(SpecOp::Divide {
                            signed,
                            rem: op == B::Modulo,
                            left,
                            right,
                        })
                    }
                    B::Equal => spirv::Op::IEqual,
                    B::NotEqual => spirv::Op::INotEqual,
                    B::Less if signed => spirv::Op::SLessThan,
                    B::Less => spirv::Op::ULessThan,
                    B::LessEqual if signed => spirv::Op::SLessThanEqual,
                    B::LessEqual => spirv::Op::ULessThanEqual,
                    B::Greater if signed => spirv::Op::SGreaterThan,
                    B::Greater => spirv::Op::UGreaterThan,
                    B::GreaterEqual if signed => spirv::Op::SGreaterThanEqual,
                    B::GreaterEqual => spirv::Op::UGreaterThanEqual,
                    B::And => spirv::Op::BitwiseAnd,
                    B::InclusiveOr => spirv::Op::BitwiseOr,
                    B::ExclusiveOr => spirv::Op::BitwiseXor,
                    B::ShiftLeft | B::ShiftRight => return None,
                }
            } else if ls == Scalar::Bool {
                match op {
                    B::Equal => spirv::Op::LogicalEqual,
                    B::NotEqual => spirv::Op::LogicalNotEqual,
                    B::And => spirv::Op::LogicalAnd,
                    B::InclusiveOr => spirv::Op::LogicalOr,
                    _ => return None,
                }
            } else {
                return None;
            };
            SpecOp::Binary(op, left, right)
        }
        Expression::Select {
            condition,
            accept,
            reject,
        } => {
            let (_, csize) = shape_of(condition)?;
            let (vs, vsize) = shape_of(accept)?;
            // A scalar condition selecting vectors needs SPIR-V 1.4.
            if csize != vsize || !(is_int(vs) || vs == Scalar::Bool) {
                return None;
            }
            SpecOp::Select(condition, accept, reject)
        }
        Expression::Convert { expr, ty: target } | Expression::Bitcast { expr, ty: target } => {
            let (from, fsize) = shape_of(expr)?;
            let (to, tsize) = shape(module, target)?;
            if fsize != tsize {
                return None;
            }
            let bitcast = matches!(e, Expression::Bitcast { .. });
            match (from, to) {
                _ if from == to => SpecOp::Same(expr),
                (a, b) if is_int(a) && is_int(b) => SpecOp::Reinterpret(expr),
                (Scalar::Bool, b) if is_int(b) && !bitcast => SpecOp::FromBool(expr),
                (a, Scalar::Bool) if is_int(a) && !bitcast => SpecOp::ToBool(expr),
                _ => return None,
            }
        }
        // `CompositeExtract` takes literal indices: a dynamic index (and
        // everything else) is computed in the function.
        _ => return None,
    })
}

/// The operands a [`SpecOp`] reads.
pub fn spec_op_operands(op: &SpecOp) -> Vec<H> {
    match *op {
        SpecOp::Scalar(_) => Vec::new(),
        SpecOp::Composite(ref parts) => parts.clone(),
        SpecOp::Same(a)
        | SpecOp::Splat(a, _)
        | SpecOp::Shuffle(a, _)
        | SpecOp::Extract(a, _)
        | SpecOp::Unary(_, a)
        | SpecOp::Reinterpret(a)
        | SpecOp::FromBool(a)
        | SpecOp::ToBool(a) => vec![a],
        SpecOp::Binary(_, a, b)
        | SpecOp::Shift(_, a, b)
        | SpecOp::Divide {
            left: a, right: b, ..
        } => vec![a, b],
        SpecOp::Select(c, a, b) => vec![c, a, b],
    }
}

/// How a global expression is written with specialization constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// It has a value (`Pipeline::global_values`).
    Const,
    /// A specialization constant or a specialization-constant instruction
    /// ([`spec_op`]).
    Spec,
    /// Computed in the functions that read it (the SPIR-V pass
    /// `spec-constants`).
    Runtime,
}

/// The [`Form`] of every global expression: `Const` where it is not
/// symbolic, `Spec` where [`spec_op`] writes it from `Const`/`Spec`
/// operands, `Runtime` otherwise.
pub fn forms(module: &Module, symbolic: &[bool], spec: &[Option<SpecConstant>]) -> Vec<Form> {
    let n = module.global_expressions.len();
    let mut out: Vec<Form> = (0..n)
        .map(|i| {
            if symbolic.get(i).copied().unwrap_or(false) {
                Form::Spec
            } else {
                Form::Const
            }
        })
        .collect();
    // Demotions only: repeat the sweep while a derived override's
    // initialiser, declared after its use, changed.
    loop {
        let mut changed = false;
        for i in 0..n {
            if out[i] != Form::Spec {
                continue;
            }
            let ok = match spec_op(module, spec, Handle::from_index(i)) {
                Some(op) => spec_op_operands(&op)
                    .iter()
                    .all(|o| out.get(o.index()).is_some_and(|f| *f != Form::Runtime)),
                None => false,
            };
            if !ok {
                out[i] = Form::Runtime;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out
}

//! Element-wise operations on `simdgroup_matrix` values
//! (`tessera_experimental_subgroup_matrix`): arithmetic between matrices,
//! negation, math builtins and component conversions, each a helper that
//! works on the calling thread's `thread_elements()` (Metal 2.3). Every
//! 8x8 `simdgroup_matrix` maps elements to threads the same way, so an
//! element-wise function of element-wise values is exact, and a change of
//! kind (left, right, result) is no change at all: Metal has one matrix
//! type per shape and component.

use std::fmt::Write as _;

use super::context::{at, FnCtx, Writer, R};
use super::expression::get;
use super::polyfill::{comp_type_name, scalar_name, Helper};
use super::value::strip_parens;
use crate::arena::Handle;
use crate::ir::{BinaryOperator, Expression, MathFunction, Scalar, TypeInner};

/// One element-wise operation, as a helper key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum ElementOp {
    /// `a op b` between two matrices.
    Binary(BinaryOperator),
    /// `-a`.
    Negate,
    /// A math builtin; bit `i` of the mask is set when argument `i` is a
    /// matrix (the others are scalars).
    Math(MathFunction, u8, u8),
    /// A component conversion to the given component type.
    Convert(Scalar),
}

/// The helper for `op` on matrices of `comp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Elementwise {
    pub op: ElementOp,
    pub comp: Scalar,
}

fn msl_math(fun: MathFunction) -> Option<&'static str> {
    use MathFunction as M;
    Some(match fun {
        M::Abs => "metal::abs",
        M::Min => "metal::min",
        M::Max => "metal::max",
        M::Clamp => "metal::clamp",
        M::Sign => "metal::sign",
        M::Exp => "metal::exp",
        M::Exp2 => "metal::exp2",
        M::Log => "metal::log",
        M::Log2 => "metal::log2",
        M::Sqrt => "metal::sqrt",
        M::InverseSqrt => "metal::rsqrt",
        M::Tanh => "metal::tanh",
        M::Sin => "metal::sin",
        M::Cos => "metal::cos",
        M::Floor => "metal::floor",
        M::Ceil => "metal::ceil",
        M::Round => "metal::rint",
        M::Trunc => "metal::trunc",
        M::Saturate => "metal::saturate",
        M::Step => "metal::step",
        M::Pow => "metal::pow",
        M::Fma => "metal::fma",
        M::Mix => "metal::mix",
        _ => return None,
    })
}

impl Elementwise {
    /// The helper's function name.
    pub fn name(&self) -> String {
        let c = scalar_name(self.comp);
        match self.op {
            ElementOp::Binary(op) => format!("tessera_simdgroup_{}_{c}", binary_name(op)),
            ElementOp::Negate => format!("tessera_simdgroup_negate_{c}"),
            ElementOp::Math(fun, mask, _) => {
                format!(
                    "tessera_simdgroup_{}_{mask}_{c}",
                    format!("{fun:?}").to_lowercase()
                )
            }
            ElementOp::Convert(to) => format!("tessera_simdgroup_convert_{c}_{}", scalar_name(to)),
        }
    }

    /// Writes the helper.
    pub fn write(&self, out: &mut String, name: &str) -> std::fmt::Result {
        let m = comp_type_name(self.comp);
        let s = scalar_name(self.comp);
        let v = format!("metal::{s}2");
        let (ret, params, body) = match self.op {
            ElementOp::Binary(op) => (
                m.to_string(),
                format!("{m} a, {m} b"),
                format!(
                    "a.thread_elements() {} b.thread_elements()",
                    binary_symbol(op)
                ),
            ),
            ElementOp::Negate => (
                m.to_string(),
                format!("{m} a"),
                "-a.thread_elements()".to_string(),
            ),
            ElementOp::Math(fun, mask, arity) => {
                let f = msl_math(fun).unwrap_or("metal::abs");
                let mut ps = Vec::new();
                let mut args = Vec::new();
                for i in 0..arity {
                    if mask & (1 << i) != 0 {
                        ps.push(format!("{m} a{i}"));
                        args.push(format!("a{i}.thread_elements()"));
                    } else {
                        ps.push(format!("{s} a{i}"));
                        args.push(format!("{v}(a{i})"));
                    }
                }
                (
                    m.to_string(),
                    ps.join(", "),
                    format!("{f}({})", args.join(", ")),
                )
            }
            ElementOp::Convert(to) => (
                comp_type_name(to).to_string(),
                format!("{m} a"),
                format!("metal::{}2(a.thread_elements())", scalar_name(to)),
            ),
        };
        writeln!(out, "{ret} {name}({params}) {{")?;
        writeln!(out, "  {ret} d;")?;
        writeln!(out, "  d.thread_elements() = {body};")?;
        writeln!(out, "  return d;")?;
        writeln!(out, "}}")
    }
}

fn binary_name(op: BinaryOperator) -> &'static str {
    match op {
        BinaryOperator::Add => "add",
        BinaryOperator::Subtract => "subtract",
        BinaryOperator::Multiply => "multiply_elements",
        _ => "divide",
    }
}

fn binary_symbol(op: BinaryOperator) -> &'static str {
    match op {
        BinaryOperator::Add => "+",
        BinaryOperator::Subtract => "-",
        BinaryOperator::Multiply => "*",
        _ => "/",
    }
}

/// Prints an element-wise expression whose type is a subgroup matrix, or
/// `None` when `h` is not one.
pub(super) fn expression(
    w: &mut Writer,
    cx: &mut FnCtx,
    h: Handle<Expression>,
) -> R<Option<String>> {
    let f = cx.f;
    let ty = f.expression_type(h);
    let TypeInner::SubgroupMatrix { .. } = *w.m.inner(ty) else {
        return Ok(None);
    };
    if !matches!(
        f.expressions[h],
        Expression::Binary { .. }
            | Expression::Unary { .. }
            | Expression::Convert { .. }
            | Expression::Math { .. }
    ) {
        return Ok(None);
    }
    let span = cx.span(h);
    super::matrix::matrix_type_name(w.m, ty).map_err(|d| at(d, span))?;
    let comp_of = |w: &Writer, e: Handle<Expression>| match *w.m.inner(f.expression_type(e)) {
        TypeInner::SubgroupMatrix { scalar, .. } => Some(scalar),
        _ => None,
    };
    let (op, comp, args): (ElementOp, Scalar, Vec<Handle<Expression>>) = match f.expressions[h] {
        Expression::Binary { op, left, right } => {
            let Some(c) = comp_of(w, left) else {
                return Ok(None);
            };
            (ElementOp::Binary(op), c, vec![left, right])
        }
        Expression::Unary { expr, .. } => {
            let Some(c) = comp_of(w, expr) else {
                return Ok(None);
            };
            (ElementOp::Negate, c, vec![expr])
        }
        Expression::Convert { expr, ty: to } => {
            let (Some(from), TypeInner::SubgroupMatrix { scalar: to, .. }) =
                (comp_of(w, expr), w.m.inner(to).clone())
            else {
                return Ok(None);
            };
            super::matrix::matrix_type_name(w.m, f.expression_type(expr))
                .map_err(|d| at(d, span))?;
            let x = get(w, cx, expr)?;
            if from == to {
                // Only the kind changes: one Metal type for every kind.
                return Ok(Some(x.into_owned()));
            }
            (ElementOp::Convert(to), from, vec![expr])
        }
        Expression::Math { fun, ref args } => {
            let Some(c) = args.iter().find_map(|&a| comp_of(w, a)) else {
                return Ok(None);
            };
            if msl_math(fun).is_none() {
                return Ok(None);
            }
            let mut mask = 0u8;
            for (i, &a) in args.iter().enumerate() {
                if comp_of(w, a).is_some() {
                    mask |= 1 << i;
                }
            }
            (
                ElementOp::Math(fun, mask, args.len() as u8),
                c,
                args.to_vec(),
            )
        }
        _ => return Ok(None),
    };
    let name = w
        .helpers
        .request(Helper::MatrixElementwise(Elementwise { op, comp }));
    let mut parts = Vec::with_capacity(args.len());
    for a in args {
        parts.push(strip_parens(&get(w, cx, a)?).to_string());
    }
    Ok(Some(format!("{name}({})", parts.join(", "))))
}

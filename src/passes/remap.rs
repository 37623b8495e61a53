//! Operand traversal and remapping of IR expressions and statements.

use crate::arena::Handle;
use crate::ir::{Expression, Statement};

type H = Handle<Expression>;

/// Returns a copy of `expr` with every operand (function-expression handle)
/// replaced by `f(operand)`. `OverrideExpr` refers to the module's global
/// expressions and is left alone.
pub(crate) fn map_expression(expr: &Expression, f: &mut impl FnMut(H) -> H) -> Expression {
    use Expression as E;
    let mut e = expr.clone();
    match &mut e {
        E::Literal(_)
        | E::Constant(_)
        | E::Override(_)
        | E::OverrideExpr(_)
        | E::ZeroValue(_)
        | E::FunctionArgument(_)
        | E::GlobalVariable(_)
        | E::LocalVariable(_)
        | E::CallResult(_)
        | E::AtomicResult { .. }
        | E::WorkgroupUniformLoadResult { .. }
        | E::SubgroupResult { .. } => {}
        E::Compose { components, .. } => components.iter_mut().for_each(|c| *c = f(*c)),
        E::Math { args, .. } => args.iter_mut().for_each(|c| *c = f(*c)),
        E::Splat { value, .. } => *value = f(*value),
        E::Swizzle { vector, .. } => *vector = f(*vector),
        E::Access { base, index } => {
            *base = f(*base);
            *index = f(*index);
        }
        E::AccessIndex { base, .. } => *base = f(*base),
        E::Load { pointer } => *pointer = f(*pointer),
        E::Unary { expr, .. } => *expr = f(*expr),
        E::Binary { left, right, .. } => {
            *left = f(*left);
            *right = f(*right);
        }
        E::Select {
            condition,
            accept,
            reject,
        } => {
            *condition = f(*condition);
            *accept = f(*accept);
            *reject = f(*reject);
        }
        E::Convert { expr, .. } | E::Bitcast { expr, .. } => *expr = f(*expr),
        E::ArrayLength(p) => *p = f(*p),
        E::SubgroupMatrixLoad {
            pointer,
            offset,
            stride,
            ..
        } => {
            *pointer = f(*pointer);
            *offset = f(*offset);
            *stride = f(*stride);
        }
        E::SubgroupMatrixMultiply {
            left, right, acc, ..
        } => {
            *left = f(*left);
            *right = f(*right);
            if let Some(a) = acc {
                *a = f(*a);
            }
        }
        E::SubgroupMatrixScalar { matrix, scalar, .. } => {
            *matrix = f(*matrix);
            *scalar = f(*scalar);
        }
        E::SubgroupMatrixFill { value, .. } => *value = f(*value),
    }
    e
}

/// Calls `f` on every operand of `expr`.
pub(crate) fn expression_operands(expr: &Expression, mut f: impl FnMut(H)) {
    map_expression(expr, &mut |h| {
        f(h);
        h
    });
}

/// Returns a copy of the non-compound parts of `stmt` with every expression
/// operand replaced by `f(operand)`. Result handles (`result` fields) are
/// included. Nested blocks are cloned unchanged; callers handle them.
pub(crate) fn map_statement_operands(stmt: &Statement, f: &mut impl FnMut(H) -> H) -> Statement {
    use Statement as S;
    let mut s = stmt.clone();
    match &mut s {
        S::Emit(_) | S::Block(_) | S::Loop { .. } | S::Break | S::Continue | S::Barrier(_) => {}
        S::If { condition, .. } => *condition = f(*condition),
        S::Switch { selector, .. } => *selector = f(*selector),
        S::Return { value } => {
            if let Some(v) = value {
                *v = f(*v);
            }
        }
        S::Store { pointer, value } => {
            *pointer = f(*pointer);
            *value = f(*value);
        }
        S::Call {
            arguments, result, ..
        } => {
            arguments.iter_mut().for_each(|a| *a = f(*a));
            if let Some(r) = result {
                *r = f(*r);
            }
        }
        S::Atomic {
            pointer,
            value,
            compare,
            result,
            ..
        } => {
            *pointer = f(*pointer);
            for o in [value, compare, result].into_iter().flatten() {
                *o = f(*o);
            }
        }
        S::WorkgroupUniformLoad { pointer, result } => {
            *pointer = f(*pointer);
            *result = f(*result);
        }
        S::Subgroup { args, result, .. } => {
            args.iter_mut().for_each(|a| *a = f(*a));
            *result = f(*result);
        }
        S::SubgroupMatrixStore {
            pointer,
            offset,
            value,
            stride,
            ..
        } => {
            *pointer = f(*pointer);
            *offset = f(*offset);
            *value = f(*value);
            *stride = f(*stride);
        }
    }
    // `Loop::break_if` is an operand too.
    if let S::Loop {
        break_if: Some(b), ..
    } = &mut s
    {
        *b = f(*b);
    }
    s
}

/// The result handle a statement defines, if any.
pub(crate) fn statement_result(stmt: &Statement) -> Option<H> {
    match stmt {
        Statement::Call { result, .. } | Statement::Atomic { result, .. } => *result,
        Statement::WorkgroupUniformLoad { result, .. } | Statement::Subgroup { result, .. } => {
            Some(*result)
        }
        _ => None,
    }
}

//! Evaluation of [`Module::global_expressions`] at pipeline creation, with
//! the override values (through [`crate::const_eval`]), and which global
//! expressions the chosen entry points need (only those may fail pipeline
//! creation).

use crate::arena::Handle;
use crate::const_eval::{self, EvalError, Value};
use crate::diagnostic::Diagnostic;
use crate::ir::{Expression, Literal, MatrixDim, Module, Override, Type, TypeInner};

/// The handles an expression reads: its operands, and for an
/// [`Expression::OverrideExpr`] the global expression it names.
pub fn operands(expr: &Expression) -> Vec<Handle<Expression>> {
    let mut out = Vec::new();
    if let Expression::OverrideExpr(e) = expr {
        out.push(*e);
    }
    crate::ir::visit::operands(expr, |h| out.push(h));
    out
}

/// Marks the global expressions (and overrides) needed by the roots,
/// following operands and override initialisers. `needed` and
/// `override_needed` come in with the roots set.
pub fn propagate_needed(module: &Module, needed: &mut [bool], override_needed: &mut [bool]) {
    // A worklist: each expression and override is visited once, so a
    // chain of overrides each initialised from the previous one is linear.
    let mut work: Vec<usize> = (0..needed.len()).filter(|&i| needed[i]).collect();
    let mark_override =
        |o: usize, override_needed: &mut [bool], needed: &mut [bool], work: &mut Vec<usize>| {
            let Some(n) = override_needed.get_mut(o) else {
                return;
            };
            *n = true;
            let init = module
                .overrides
                .try_get(Handle::from_index(o))
                .and_then(|ov| ov.init);
            if let Some(init) = init {
                if let Some(n) = needed.get_mut(init.index()) {
                    if !*n {
                        *n = true;
                        work.push(init.index());
                    }
                }
            }
        };
    // Overrides marked by the caller bring their initialisers.
    for o in 0..override_needed.len() {
        if override_needed[o] {
            mark_override(o, override_needed, needed, &mut work);
        }
    }
    while let Some(i) = work.pop() {
        let Some(expr) = module.global_expressions.try_get(Handle::from_index(i)) else {
            continue;
        };
        for op in operands(expr) {
            if let Some(n) = needed.get_mut(op.index()) {
                if !*n {
                    *n = true;
                    work.push(op.index());
                }
            }
        }
        if let Expression::Override(o) = expr {
            if !override_needed.get(o.index()).copied().unwrap_or(true) {
                mark_override(o.index(), override_needed, needed, &mut work);
            }
        }
    }
}

/// Marks the overrides a matrix dimension refers to.
pub fn mark_matrix_dims(module: &Module, ty: Handle<Type>, override_needed: &mut [bool]) {
    if let Some(TypeInner::SubgroupMatrix { columns, rows, .. }) =
        module.types.try_get(ty).map(|t| &t.inner)
    {
        for d in [columns, rows] {
            if let MatrixDim::Override(o) = d {
                if let Some(n) = override_needed.get_mut(o.index()) {
                    *n = true;
                }
            }
        }
    }
}

/// The result of evaluating the global expressions.
pub struct Evaluated {
    /// Value of each global expression (`None`: not available, because it
    /// depends on a missing override or failed).
    pub values: Vec<Option<Value>>,
    /// Value of each override.
    pub overrides: Vec<Option<Value>>,
}

/// Evaluates every global expression in order. `user` holds the values
/// given in the options; `rejected` marks overrides whose given value was
/// rejected (already reported, so not reported as missing); `symbolic`
/// marks the overrides that stay specialization constants (no value, not
/// reported as missing, and neither is anything that reads them). Errors
/// are reported for needed expressions only.
#[allow(clippy::too_many_arguments)]
pub fn evaluate(
    module: &mut Module,
    user: &[Option<Literal>],
    rejected: &[bool],
    symbolic: &[bool],
    needed: &[bool],
    override_needed: &[bool],
    diags: &mut Vec<Diagnostic>,
) -> Evaluated {
    let n = module.global_expressions.len();
    let mut values: Vec<Option<Value>> = Vec::with_capacity(n);
    let mut overrides: Vec<Option<Value>> = vec![None; module.overrides.len()];
    let mut override_done = vec![false; module.overrides.len()];
    let mut missing_reported = rejected.to_vec();
    missing_reported.resize(module.overrides.len(), false);
    for i in 0..n {
        let h = Handle::<Expression>::from_index(i);
        let expr = module.global_expressions[h].clone();
        let is_needed = needed.get(i).copied().unwrap_or(false);
        let result = match expr {
            Expression::Override(o) if symbolic.get(o.index()).copied().unwrap_or(false) => {
                override_done[o.index()] = true;
                Ok(None)
            }
            Expression::Override(o) => {
                let v =
                    override_value(module, o, user, &values, &mut overrides, &mut override_done);
                if v.is_none()
                    && (is_needed || override_needed.get(o.index()).copied().unwrap_or(false))
                {
                    report_missing(module, o, &mut missing_reported, diags);
                }
                Ok(v)
            }
            other => {
                let ops = operands(&other);
                if ops
                    .iter()
                    .any(|op| values.get(op.index()).is_none_or(Option::is_none))
                {
                    Ok(None)
                } else {
                    eval_one(module, &other, &values).map(Some)
                }
            }
        };
        match result {
            Ok(v) => values.push(v),
            Err(e) => {
                if is_needed {
                    diags.push(Diagnostic::error(
                        e.message,
                        module.global_expressions.span(h),
                    ));
                }
                values.push(None);
            }
        }
    }
    // Overrides never referenced by an expression still get a value.
    for (h, _) in module.overrides.clone().iter() {
        if !override_done[h.index()] && !symbolic.get(h.index()).copied().unwrap_or(false) {
            let v = override_value(module, h, user, &values, &mut overrides, &mut override_done);
            if v.is_none() && override_needed.get(h.index()).copied().unwrap_or(false) {
                report_missing(module, h, &mut missing_reported, diags);
            }
        }
    }
    Evaluated { values, overrides }
}

fn report_missing(
    module: &Module,
    o: Handle<Override>,
    reported: &mut [bool],
    diags: &mut Vec<Diagnostic>,
) {
    let Some(decl) = module.overrides.try_get(o) else {
        return;
    };
    if decl.init.is_some() || std::mem::replace(&mut reported[o.index()], true) {
        return;
    }
    diags.push(
        Diagnostic::error(
            format!(
                "override '{}' has no default value and no value was given for it",
                decl.name
            ),
            module.overrides.span(o),
        )
        .with_note({
            let key = super::overrides::override_key(decl);
            format!(
                "set the pipeline constant \"{key}\" (on the command line: --override {key}=VALUE)"
            )
        }),
    );
}

fn override_value(
    module: &Module,
    o: Handle<Override>,
    user: &[Option<Literal>],
    values: &[Option<Value>],
    overrides: &mut [Option<Value>],
    done: &mut [bool],
) -> Option<Value> {
    let i = o.index();
    if *done.get(i)? {
        return overrides[i].clone();
    }
    let v = match user.get(i).copied().flatten() {
        Some(lit) => Some(Value::Scalar(lit)),
        None => module
            .overrides
            .try_get(o)?
            .init
            .and_then(|e| values.get(e.index()).cloned().flatten()),
    };
    // An initialiser not evaluated yet (declared after this use) is retried
    // when the override is next asked for.
    let init_pending = user.get(i).copied().flatten().is_none()
        && module
            .overrides
            .try_get(o)
            .and_then(|d| d.init)
            .is_some_and(|e| e.index() >= values.len());
    if !init_pending {
        done[i] = true;
        overrides[i] = v.clone();
    }
    v
}

fn lit_index(v: &Value) -> Option<i64> {
    match v {
        Value::Scalar(Literal::I32(x)) => Some(i64::from(*x)),
        Value::Scalar(Literal::U32(x)) => Some(i64::from(*x)),
        Value::Scalar(Literal::AbstractInt(x)) => Some(*x),
        _ => None,
    }
}

fn eval_one(
    module: &mut Module,
    expr: &Expression,
    values: &[Option<Value>],
) -> Result<Value, EvalError> {
    let get = |h: Handle<Expression>| -> Result<&Value, EvalError> {
        values
            .get(h.index())
            .and_then(Option::as_ref)
            .ok_or_else(|| EvalError::new("operand is not available"))
    };
    let unsupported = || EvalError::new("this expression cannot be evaluated at pipeline creation");
    match *expr {
        Expression::Literal(l) => Ok(Value::Scalar(l)),
        Expression::Constant(c) => Ok(Value::from_const(module, c)),
        Expression::ZeroValue(ty) => Value::zero(module, ty).ok_or_else(unsupported),
        Expression::OverrideExpr(e) => get(e).cloned(),
        Expression::Compose { ty, ref components } => {
            let parts: Result<Vec<Value>, EvalError> =
                components.iter().map(|&c| get(c).cloned()).collect();
            const_eval::compose(module, ty, &parts?).ok_or_else(unsupported)
        }
        Expression::Splat { size, value } => match get(value)? {
            Value::Scalar(l) => Ok(Value::Vector(vec![*l; size.get() as usize])),
            _ => Err(unsupported()),
        },
        Expression::Swizzle {
            size,
            vector,
            pattern,
        } => match get(vector)? {
            Value::Vector(v) => pattern[..size.get() as usize]
                .iter()
                .map(|&p| v.get(usize::from(p)).copied())
                .collect::<Option<Vec<_>>>()
                .map(Value::Vector)
                .ok_or_else(|| EvalError::new("swizzle component out of range")),
            _ => Err(unsupported()),
        },
        Expression::AccessIndex { base, index } => {
            const_eval::index(module, get(base)?, i64::from(index))
        }
        Expression::Access { base, index } => {
            let i = lit_index(get(index)?).ok_or_else(unsupported)?;
            const_eval::index(module, get(base)?, i)
        }
        Expression::Unary { op, expr } => const_eval::eval_unary(op, get(expr)?),
        Expression::Binary { op, left, right } => {
            let (l, r) = (get(left)?.clone(), get(right)?.clone());
            const_eval::eval_binary(module, op, &l, &r)
        }
        Expression::Select {
            condition,
            accept,
            reject,
        } => const_eval::eval_select(get(reject)?, get(accept)?, get(condition)?),
        Expression::Math { fun, ref args } => {
            let args: Result<Vec<Value>, EvalError> =
                args.iter().map(|&a| get(a).cloned()).collect();
            const_eval::eval_math(module, fun, &args?)
        }
        Expression::Convert { expr, ty } => {
            let scalar = module
                .types
                .try_get(ty)
                .and_then(|t| t.inner.scalar())
                .ok_or_else(unsupported)?;
            const_eval::convert(get(expr)?, scalar)
        }
        Expression::Bitcast { expr, ty } => {
            let v = get(expr)?.clone();
            const_eval::bitcast(module, &v, ty)
        }
        _ => Err(unsupported()),
    }
}

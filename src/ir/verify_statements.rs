//! The statement rules of the IR verifier ([`super::verify`]): what each
//! statement requires of its operands' types and of its result expression
//! (the structural part, as for expressions: see `verify_types.rs`).

use super::verify_types::{
    components, ensure, is_bool, is_index, is_integral, is_matrix, pointee, points_to_array,
    scalar, vector, Exprs, Rule,
};
use crate::arena::Handle;
use crate::ir::{
    AddressSpace, AtomicFunction, CaseSelector, Expression, Function, ImageClass, Scalar,
    Statement, SubgroupOp, Type, TypeInner, VectorSize,
};

type H = Handle<Expression>;

/// The number of arguments a subgroup builtin takes.
fn subgroup_arity(op: SubgroupOp) -> std::ops::RangeInclusive<usize> {
    use SubgroupOp as S;
    match op {
        S::Elect => 0..=0,
        S::Ballot => 0..=1,
        S::Broadcast | S::Shuffle | S::ShuffleDown | S::ShuffleUp | S::ShuffleXor => 2..=2,
        S::QuadBroadcast => 2..=2,
        _ => 1..=1,
    }
}

/// Checks the operands and result of a statement other than `Emit` (their
/// handles are in range). `caller` is the function's handle.
pub(super) fn statement(
    x: &Exprs,
    f: &Function,
    caller: Handle<Function>,
    st: &Statement,
) -> Result<(), Rule> {
    let m = x.m;
    let boolean = |h: H, what: &str| {
        ensure(is_bool(x.inner(h)), || {
            format!("the {what} {} is not a bool", x.show(h))
        })
    };
    let index = |h: H, what: &str| {
        ensure(is_index(x.inner(h)), || {
            format!("the {what} {} is not an i32 or u32", x.show(h))
        })
    };
    match *st {
        Statement::If { condition, .. } => boolean(condition, "condition"),
        Statement::Loop {
            break_if: Some(b), ..
        } => boolean(b, "`break if` condition"),
        Statement::Switch {
            selector,
            ref cases,
        } => {
            index(selector, "selector")?;
            let sel = x.inner(selector);
            let mut defaults = 0;
            let mut seen = rustc_hash::FxHashSet::default();
            for (i, c) in cases.iter().enumerate() {
                ensure(!c.selectors.is_empty(), || {
                    format!("case {i} has no selector")
                })?;
                for s in &c.selectors {
                    let fits = match s {
                        CaseSelector::Default => {
                            defaults += 1;
                            true
                        }
                        CaseSelector::I32(_) => *sel == scalar(Scalar::I32),
                        CaseSelector::U32(_) => *sel == scalar(Scalar::U32),
                    };
                    ensure(fits, || {
                        format!(
                            "case {i}'s value {s:?} is not of the selector's type {}",
                            x.show(selector)
                        )
                    })?;
                    let fresh = *s == CaseSelector::Default || seen.insert(*s);
                    ensure(fresh, || format!("the case value {s:?} appears twice"))?;
                }
            }
            ensure(defaults == 1, || {
                format!("{defaults} `default` selectors (exactly one is needed)")
            })
        }
        Statement::Return { value } => match (value, &f.result) {
            (None, None) => Ok(()),
            (Some(v), Some(r)) => ensure(x.ty(v) == r.ty, || {
                format!(
                    "it returns {} from a function whose result is {}",
                    x.show(v),
                    x.name(r.ty)
                )
            }),
            (Some(v), None) => Err(format!(
                "it returns {} from a function without a result",
                x.show(v)
            )),
            (None, Some(_)) => Err("it returns no value from a function with a result".into()),
        },
        Statement::Store { pointer, value } => {
            let TypeInner::Pointer { base, access, .. } = *x.inner(pointer) else {
                return Err(format!(
                    "it stores through {}, not a pointer",
                    x.show(pointer)
                ));
            };
            ensure(!x.no_copy[base.index()], || {
                format!(
                    "it stores through {}, whose pointee holds an atomic or a runtime-sized array",
                    x.show(pointer)
                )
            })?;
            ensure(access.can_write(), || {
                format!(
                    "it stores through {}, which is not writable",
                    x.show(pointer)
                )
            })?;
            ensure(base == x.ty(value), || {
                format!("it stores {} through {}", x.show(value), x.show(pointer))
            })
        }
        Statement::Call {
            function,
            ref arguments,
            result,
        } => {
            let callee = m
                .functions
                .try_get(function)
                .ok_or_else(|| format!("function [{}] is out of range", function.index()))?;
            ensure(function.index() < caller.index(), || {
                format!(
                    "it calls function [{}], not an earlier one (functions are ordered callees first)",
                    function.index()
                )
            })?;
            let (n, params) = (arguments.len(), &callee.arguments);
            ensure(n == params.len(), || {
                format!(
                    "it passes {n} arguments to '{}', which takes {}",
                    callee.name,
                    params.len()
                )
            })?;
            // A buffer pointer converts to a parameter of a smaller or
            // runtime-sized buffer type (same address space and access).
            let buffer_pointer = |t| {
                m.buffer_pointer(t)
                    .map(|(space, access, _)| (space, access))
            };
            let converts =
                |a, p| buffer_pointer(a).is_some() && buffer_pointer(a) == buffer_pointer(p);
            if let Some((&a, p)) = arguments
                .iter()
                .zip(params)
                .find(|(&a, p)| x.ty(a) != p.ty && !converts(x.ty(a), p.ty))
            {
                return Err(format!(
                    "it passes {} for parameter '{}' of type {}",
                    x.show(a),
                    p.name,
                    x.name(p.ty)
                ));
            }
            match (result, &callee.result) {
                (None, None) => Ok(()),
                (Some(r), Some(_)) => match x.result_of(r, "CallResult")? {
                    Expression::CallResult(c) if *c == function => Ok(()),
                    _ => Err(format!(
                        "its result [{}] is the result of another function",
                        r.index()
                    )),
                },
                (Some(r), None) => Err(format!(
                    "it has a result [{}], but '{}' returns nothing",
                    r.index(),
                    callee.name
                )),
                (None, Some(_)) => Err(format!(
                    "it has no result, but '{}' returns a value",
                    callee.name
                )),
            }
        }
        Statement::Atomic {
            pointer,
            fun,
            value,
            compare,
            result,
        } => {
            let (s, size) = match pointee(x.inner(pointer)).map(|b| m.inner(b)) {
                Some(&TypeInner::Atomic { scalar, size }) => (scalar, size),
                _ => return Err(format!("{} is not a pointer to an atomic", x.show(pointer))),
            };
            let name = fun.wgsl_name();
            // `atomicStoreMax`/`atomicStoreMin` operate on `atomic<vec2<u32>>`
            // only, and the other functions on scalar atomics only.
            ensure(fun.is_vector() == size.is_some(), || {
                format!("{name} does not operate on {}", x.show(pointer))
            })?;
            let value_ty = match size {
                Some(size) => TypeInner::Vector { size, scalar: s },
                None => scalar(s),
            };
            let operand = |h: Option<H>, what: &str, needed: bool| match h {
                None => ensure(!needed, || format!("{name} needs a {what}")),
                Some(_) if !needed => Err(format!("{name} takes no {what}")),
                Some(h) => ensure(*x.inner(h) == value_ty, || {
                    format!("the {what} {} is not what the atomic holds", x.show(h))
                }),
            };
            operand(value, "value", fun != AtomicFunction::Load)?;
            operand(
                compare,
                "comparand",
                fun == AtomicFunction::CompareExchangeWeak,
            )?;
            match (result, fun.is_store()) {
                (None, true) => Ok(()),
                (Some(_), true) => Err(format!("{name} has a result")),
                (None, _) => Err(format!("{name} has no result")),
                (Some(r), _) => {
                    x.result_of(r, "AtomicResult")?;
                    atomic_result(x, fun, s, x.ty(r))
                }
            }
        }
        Statement::WorkgroupUniformLoad { pointer, result } => {
            let TypeInner::Pointer {
                base,
                space: AddressSpace::Workgroup,
                ..
            } = *x.inner(pointer)
            else {
                return Err(format!(
                    "{} is not a pointer into workgroup memory",
                    x.show(pointer)
                ));
            };
            x.result_of(result, "WorkgroupUniformLoadResult")?;
            // `workgroupUniformLoad` of an `atomic<T>` gives a `T`.
            let t = x.ty(result);
            let ok = match *m.inner(base) {
                TypeInner::Atomic { scalar: s, .. } => *m.inner(t) == scalar(s),
                _ => t == base,
            };
            ensure(ok, || {
                format!(
                    "its result {} is not what {} holds",
                    x.show(result),
                    x.show(pointer)
                )
            })
        }
        Statement::Subgroup {
            op,
            ref args,
            result,
        } => {
            x.result_of(result, "SubgroupResult")?;
            let arity = subgroup_arity(op);
            ensure(arity.contains(&args.len()), || {
                format!(
                    "{} takes {} to {} arguments, not {}",
                    op.wgsl_name(),
                    arity.start(),
                    arity.end(),
                    args.len()
                )
            })?;
            let r = x.inner(result);
            let ok = match op {
                SubgroupOp::Elect | SubgroupOp::All | SubgroupOp::Any => is_bool(r),
                SubgroupOp::Ballot => *r == vector(VectorSize::Quad, Scalar::U32),
                _ => x.ty(args[0]) == x.ty(result),
            };
            ensure(ok, || {
                format!(
                    "{} does not give its result {}",
                    op.wgsl_name(),
                    x.show(result)
                )
            })
        }
        Statement::ImageStore {
            image,
            coordinate,
            array_index,
            value,
        } => {
            let storage = matches!(
                x.inner(image),
                TypeInner::Image {
                    class: ImageClass::Storage { .. },
                    ..
                }
            );
            ensure(storage, || {
                format!("{} is not a storage texture", x.show(image))
            })?;
            x.operand(coordinate, "the coordinate", is_integral)?;
            if let Some(a) = array_index {
                index(a, "array index")?;
            }
            x.operand(value, "the texel", |t| {
                matches!(components(t), Some((4, _)))
            })
        }
        Statement::SubgroupMatrixStore {
            pointer,
            offset,
            value,
            stride,
            ..
        } => {
            x.operand(pointer, "the pointer", |p| points_to_array(m, p))?;
            x.operand(value, "the value", is_matrix)?;
            index(offset, "offset")?;
            index(stride, "stride")
        }
        Statement::Intrinsic {
            fun: crate::ir::Intrinsic::Msl(op),
            ref arguments,
            result,
        } => {
            let name = op.name();
            ensure(arguments.len() == op.arity(), || {
                format!(
                    "{name} takes {} arguments, not {}",
                    op.arity(),
                    arguments.len()
                )
            })?;
            match (result, op.has_result()) {
                (None, false) => Ok(()),
                (Some(_), false) => Err(format!("{name} has no result")),
                (None, true) => Err(format!("{name} needs a result")),
                (Some(r), true) => x.result_of(r, "IntrinsicResult").map(|_| ()),
            }
        }
        _ => Ok(()),
    }
}

/// The type an atomic operation's result must have: the atomic's scalar,
/// or for `CompareExchangeWeak` a struct of it and a `bool`.
fn atomic_result(
    x: &Exprs,
    fun: AtomicFunction,
    s: Scalar,
    result: Handle<Type>,
) -> Result<(), Rule> {
    let m = x.m;
    let ok = match (fun, m.inner(result)) {
        (AtomicFunction::CompareExchangeWeak, TypeInner::Struct { members, .. }) => {
            let tys: Vec<&TypeInner> = members.iter().map(|mb| m.inner(mb.ty)).collect();
            tys == [&scalar(s), &scalar(Scalar::Bool)]
        }
        (AtomicFunction::CompareExchangeWeak, _) => false,
        (_, r) => *r == scalar(s),
    };
    ensure(ok, || {
        format!(
            "its result's type {} is not what {} on atomic<{}> gives",
            x.name(result),
            fun.wgsl_name(),
            s.wgsl_name()
        )
    })
}

//! Value ranges of integer expressions, for passes that drop checks they
//! can prove unnecessary.
//!
//! An interval `[lo, hi]` is known for an integer scalar expression when it
//! follows from constants, from built-in values bounded by the workgroup
//! size and the device's subgroup sizes (`local_invocation_index`,
//! `local_invocation_id`, `subgroup_id`, `subgroup_invocation_id`,
//! `subgroup_size`, `num_subgroups` of an entry point), from the ranges of
//! a function's integer parameters over every call of it
//! ([`param_ranges`], when the caller supplies them), and from `+ - * / %
//! & | ^ << >>`, `min`, `max`, `clamp`, `select` and conversions between
//! `i32` and `u32`, each only when the result cannot wrap. Anything else
//! (memory, unknown built-ins) has no range.
//! The analysis is lazy and memoised per query (a [`Ranges`] lives as long
//! as the function it reads is not changed): each expression is evaluated
//! at most once, and chains deeper than a fixed bound have no range.

use crate::arena::Handle;
use crate::ir::{
    BinaryOperator as B, Binding, BuiltIn, ConstValue, Expression, Function, Literal,
    MathFunction as F, Module, Scalar, TypeInner,
};

type H = Handle<Expression>;

/// An inclusive interval of integer values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Smallest value.
    pub lo: i64,
    /// Largest value.
    pub hi: i64,
}

impl Range {
    /// `[v, v]`.
    pub fn exact(v: i64) -> Self {
        Range { lo: v, hi: v }
    }

    /// Whether every value lies in `[lo, hi]`.
    pub fn within(self, lo: i64, hi: i64) -> bool {
        self.lo >= lo && self.hi <= hi
    }

    fn union(self, o: Range) -> Range {
        Range {
            lo: self.lo.min(o.lo),
            hi: self.hi.max(o.hi),
        }
    }
}

/// What the entry point tells about its built-in values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryBounds {
    /// `@workgroup_size` (`None` for a dimension given by a
    /// specialization constant).
    pub workgroup_size: [Option<u32>; 3],
    /// The device's smallest and largest subgroup size.
    pub subgroup_size: [u32; 2],
}

/// Lazily computed ranges of one function's expressions.
pub struct Ranges<'a> {
    module: &'a Module,
    f: &'a Function,
    values: Values<'a>,
    entry: Option<EntryBounds>,
    known: Option<&'a rustc_hash::FxHashMap<H, Range>>,
    /// The ranges of the function's parameters over all its calls.
    params: &'a [Option<Range>],
    memo: rustc_hash::FxHashMap<H, Option<Range>>,
}

/// How deep an operand chain is followed before giving up.
const MAX_DEPTH: u32 = 64;

fn scalar_range(s: Scalar) -> Option<Range> {
    match s {
        Scalar::U32 => Some(Range {
            lo: 0,
            hi: u32::MAX.into(),
        }),
        Scalar::I32 => Some(Range {
            lo: i32::MIN.into(),
            hi: i32::MAX.into(),
        }),
        _ => None,
    }
}

fn literal(l: &Literal) -> Option<Range> {
    match *l {
        Literal::U32(v) => Some(Range::exact(v.into())),
        Literal::I32(v) => Some(Range::exact(v.into())),
        _ => None,
    }
}

impl<'a> Ranges<'a> {
    /// The ranges of `f`'s expressions; `entry` when `f` is an entry point.
    pub fn new(
        module: &'a Module,
        f: &'a Function,
        values: Values<'a>,
        entry: Option<EntryBounds>,
    ) -> Self {
        Ranges {
            module,
            f,
            values,
            entry,
            known: None,
            params: &[],
            memo: Default::default(),
        }
    }

    /// Adds the ranges of the function's parameters ([`param_ranges`]).
    pub fn with_params(mut self, params: &'a [Option<Range>]) -> Self {
        self.params = params;
        self
    }

    /// Adds ranges known from elsewhere (e.g. loop counters).
    pub fn with_known(mut self, known: &'a rustc_hash::FxHashMap<H, Range>) -> Self {
        self.known = Some(known);
        self
    }

    /// Memoises in `memo` (cleared first), e.g. the map
    /// [`Ranges::into_memo`] gave back, so that repeated queries reuse
    /// one allocation.
    pub fn with_memo(mut self, mut memo: rustc_hash::FxHashMap<H, Option<Range>>) -> Self {
        memo.clear();
        self.memo = memo;
        self
    }

    /// The memo map, for [`Ranges::with_memo`].
    pub fn into_memo(self) -> rustc_hash::FxHashMap<H, Option<Range>> {
        self.memo
    }

    /// The range of an integer scalar expression, if known.
    pub fn of(&mut self, h: H) -> Option<Range> {
        self.eval(h, 0)
    }

    fn scalar_of(&self, h: H) -> Option<Scalar> {
        match self.module.inner(*self.f.expression_types.get(h.index())?) {
            TypeInner::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    fn eval(&mut self, h: H, depth: u32) -> Option<Range> {
        if let Some(known) = self.memo.get(&h) {
            return *known;
        }
        if depth > MAX_DEPTH {
            return None;
        }
        let r = self.compute(h, depth + 1);
        // Forget results outside the type (they would have wrapped); an
        // unknown `u32` is still known to be non-negative.
        let ty = self.scalar_of(h);
        let r = match (r, ty.and_then(scalar_range)) {
            (Some(r), Some(t)) if r.within(t.lo, t.hi) => Some(r),
            _ if ty == Some(Scalar::U32) => scalar_range(Scalar::U32),
            _ => None,
        };
        self.memo.insert(h, r);
        r
    }

    fn constant(&self, c: Handle<ConstValue>) -> Option<Range> {
        match self.module.constants.try_get(c)? {
            ConstValue::Scalar(l) => literal(l),
            ConstValue::Zero(_) => Some(Range::exact(0)),
            ConstValue::Composite { .. } => None,
        }
    }

    /// The value of a constant `bool` expression.
    fn bool_constant(&self, h: H) -> Option<bool> {
        let lit = match self.f.expressions[h] {
            Expression::Literal(l) => l,
            Expression::Constant(c) => match self.module.constants.try_get(c)? {
                ConstValue::Scalar(l) => *l,
                ConstValue::Zero(_) => Literal::Bool(false),
                ConstValue::Composite { .. } => return None,
            },
            _ => return None,
        };
        match lit {
            Literal::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The range of a built-in value (component `comp` of a vector one).
    fn builtin(&self, b: BuiltIn, comp: Option<u32>) -> Option<Range> {
        let e = self.entry?;
        let [min_sg, max_sg] = e.subgroup_size.map(i64::from);
        // Unknown (specialised) workgroup sizes bound nothing.
        let total: Option<i64> = e
            .workgroup_size
            .iter()
            .map(|&d| d.map(|d| i64::from(d.max(1))))
            .product();
        let subgroups = total.map(|t| (t + min_sg.max(1) - 1) / min_sg.max(1));
        let up_to = |n: i64| Some(Range { lo: 0, hi: n - 1 });
        match (b, comp) {
            (BuiltIn::LocalInvocationIndex, None) => up_to(total?),
            (BuiltIn::LocalInvocationId, Some(c)) => {
                up_to(i64::from((*e.workgroup_size.get(c as usize)?)?.max(1)))
            }
            (BuiltIn::SubgroupInvocationId, None) => up_to(max_sg),
            (BuiltIn::SubgroupSize, None) => Some(Range {
                lo: min_sg,
                hi: max_sg,
            }),
            (BuiltIn::SubgroupId, None) => up_to(subgroups?),
            (BuiltIn::NumSubgroups, None) => Some(Range {
                lo: 1,
                hi: subgroups?,
            }),
            _ => None,
        }
    }

    /// The built-in bound to argument `i` (member `member` of a struct
    /// argument).
    fn argument_builtin(&self, i: u32, member: Option<u32>) -> Option<BuiltIn> {
        let arg = self.f.arguments.get(i as usize)?;
        let binding = match member {
            None => arg.binding,
            Some(m) => match self.module.inner(arg.ty) {
                TypeInner::Struct { members, .. } => members.get(m as usize)?.binding,
                _ => None,
            },
        };
        match binding? {
            Binding::BuiltIn(b) => Some(b),
            Binding::Location { .. } | Binding::Color(_) => None,
        }
    }

    /// A component (or member) `index` of `base`, when `base` is a built-in
    /// argument.
    fn component(&self, base: H, index: u32) -> Option<Range> {
        match self.f.expressions[base] {
            Expression::FunctionArgument(i) => {
                // A vector built-in's component.
                let b = self.argument_builtin(i, None)?;
                self.builtin(b, Some(index))
            }
            Expression::AccessIndex {
                base: inner,
                index: m,
            } => {
                // A member of a struct argument, then its component.
                let Expression::FunctionArgument(i) = self.f.expressions[inner] else {
                    return None;
                };
                let b = self.argument_builtin(i, Some(m))?;
                self.builtin(b, Some(index))
            }
            _ => None,
        }
    }

    fn compute(&mut self, h: H, depth: u32) -> Option<Range> {
        if let Some(&r) = self.known.and_then(|k| k.get(&h)) {
            return Some(r);
        }
        match self.f.expressions[h] {
            Expression::Literal(ref l) => literal(l),
            Expression::Constant(c) => self.constant(c),
            Expression::OverrideExpr(e) => self.constant((*self.values.globals.get(e.index())?)?),
            Expression::FunctionArgument(i) => match self.argument_builtin(i, None) {
                Some(b) => self.builtin(b, None),
                None => self.params.get(i as usize).copied().flatten(),
            },
            Expression::AccessIndex { base, index } => {
                if let Expression::FunctionArgument(i) = self.f.expressions[base] {
                    if let Some(b) = self.argument_builtin(i, Some(index)) {
                        return self.builtin(b, None);
                    }
                }
                self.component(base, index)
            }
            Expression::Swizzle {
                size: _,
                vector,
                pattern,
            } if self.scalar_of(h).is_some() => self.component(vector, u32::from(pattern[0])),
            Expression::Convert { expr, .. } | Expression::Bitcast { expr, .. } => {
                // i32 <-> u32 keeps non-negative values; the type clip in
                // `eval` forgets the rest.
                let r = self.eval(expr, depth)?;
                (r.lo >= 0).then_some(r)
            }
            Expression::Select {
                condition,
                accept,
                reject,
            } => match self.bool_constant(condition) {
                Some(true) => self.eval(accept, depth),
                Some(false) => self.eval(reject, depth),
                None => {
                    let a = self.eval(accept, depth)?;
                    let r = self.eval(reject, depth)?;
                    Some(a.union(r))
                }
            },
            Expression::Math { fun, ref args } => {
                let args = args.clone();
                let mut rs = Vec::with_capacity(args.len());
                for a in args {
                    rs.push(self.eval(a, depth)?);
                }
                match (fun, rs.as_slice()) {
                    (F::Min, [a, b]) => Some(Range {
                        lo: a.lo.min(b.lo),
                        hi: a.hi.min(b.hi),
                    }),
                    (F::Max, [a, b]) => Some(Range {
                        lo: a.lo.max(b.lo),
                        hi: a.hi.max(b.hi),
                    }),
                    // WGSL's integer clamp is min(max(x, lo), hi), also
                    // when lo > hi: the bounds of max, then of min.
                    (F::Clamp, [x, lo, hi]) => Some(Range {
                        lo: x.lo.max(lo.lo).min(hi.lo),
                        hi: x.hi.max(lo.hi).min(hi.hi),
                    }),
                    _ => None,
                }
            }
            Expression::Binary { op, left, right } => {
                let a = self.eval(left, depth)?;
                let b = self.eval(right, depth)?;
                binary(op, a, b)
            }
            _ => None,
        }
    }
}

/// The range of `a op b`, when no result can overflow an `i64` (the type
/// clip then decides whether it fits the IR type).
fn binary(op: B, a: Range, b: Range) -> Option<Range> {
    let corners = |f: fn(i64, i64) -> Option<i64>| -> Option<Range> {
        let v = [
            f(a.lo, b.lo)?,
            f(a.lo, b.hi)?,
            f(a.hi, b.lo)?,
            f(a.hi, b.hi)?,
        ];
        Some(Range {
            lo: *v.iter().min()?,
            hi: *v.iter().max()?,
        })
    };
    let non_negative = a.lo >= 0 && b.lo >= 0;
    match op {
        B::Add => Some(Range {
            lo: a.lo.checked_add(b.lo)?,
            hi: a.hi.checked_add(b.hi)?,
        }),
        B::Subtract => Some(Range {
            lo: a.lo.checked_sub(b.hi)?,
            hi: a.hi.checked_sub(b.lo)?,
        }),
        B::Multiply => corners(i64::checked_mul),
        // Truncating division of non-negative values by a positive divisor.
        B::Divide if a.lo >= 0 && b.lo > 0 => Some(Range {
            lo: a.lo / b.hi,
            hi: a.hi / b.lo,
        }),
        B::Modulo if a.lo >= 0 && b.lo > 0 => {
            if a.hi < b.lo {
                Some(a)
            } else {
                Some(Range {
                    lo: 0,
                    hi: a.hi.min(b.hi - 1),
                })
            }
        }
        // A non-negative mask bounds the result, whatever the other side.
        B::And if a.lo >= 0 || b.lo >= 0 => {
            let hi = match (a.lo >= 0, b.lo >= 0) {
                (true, true) => a.hi.min(b.hi),
                (true, false) => a.hi,
                _ => b.hi,
            };
            Some(Range { lo: 0, hi })
        }
        B::InclusiveOr | B::ExclusiveOr if non_negative => {
            // Every set bit is below the highest bit of the larger operand.
            let top = (a.hi.max(b.hi) as u64 + 1).checked_next_power_of_two()?;
            let lo = if op == B::InclusiveOr {
                a.lo.max(b.lo)
            } else {
                0
            };
            Some(Range {
                lo,
                hi: top as i64 - 1,
            })
        }
        B::ShiftRight if non_negative && b.hi < 32 => Some(Range {
            lo: a.lo >> b.hi,
            hi: a.hi >> b.lo,
        }),
        B::ShiftLeft if non_negative && b.hi < 32 => Some(Range {
            lo: a.lo.checked_shl(b.lo as u32)?,
            hi: a.hi.checked_mul(1i64 << b.hi)?,
        }),
        _ => None,
    }
}

/// The ranges of every function's parameters over all the calls of it in
/// `module` (parallel to `module.functions`, then to each function's
/// arguments): a parameter has a range when every call passes a value with
/// one; a function that is never called has none. `entry` gives an entry
/// point's built-in bounds. Callers come after their callees in
/// `module.functions`, so one walk from the last function to the first
/// sees every call of a function before the function itself.
pub fn param_ranges(
    module: &Module,
    values: Values,
    entry: impl Fn(Handle<Function>) -> Option<EntryBounds>,
) -> Vec<Vec<Option<Range>>> {
    let n = module.functions.len();
    // Per function: `None` until a call of it is seen.
    let mut seen: Vec<Option<Vec<Option<Range>>>> = vec![None; n];
    let handles: Vec<Handle<Function>> = module.functions.iter().map(|(h, _)| h).collect();
    let mut calls: Vec<(Handle<Function>, Vec<H>)> = Vec::new();
    for &h in handles.iter().rev() {
        let f = &module.functions[h];
        calls.clear();
        crate::ir::visit::walk_statements(&f.body, |st, _| {
            if let crate::ir::Statement::Call {
                function,
                arguments,
                ..
            } = st
            {
                calls.push((*function, arguments.clone()));
            }
        });
        if calls.is_empty() {
            continue;
        }
        let params = seen[h.index()].clone().unwrap_or_default();
        let mut ranges = Ranges::new(module, f, values, entry(h)).with_params(&params);
        for (callee, args) in &calls {
            let got: Vec<Option<Range>> = args.iter().map(|&a| ranges.of(a)).collect();
            let Some(slot) = seen.get_mut(callee.index()) else {
                continue;
            };
            *slot = Some(match slot.take() {
                None => got,
                Some(old) => old
                    .into_iter()
                    .zip(got)
                    .map(|(a, b)| Some(a?.union(b?)))
                    .collect(),
            });
        }
    }
    seen.into_iter().map(Option::unwrap_or_default).collect()
}

/// The pipeline's values of global expressions and overrides (`None`:
/// a specialization constant, whose value is unknown).
#[derive(Clone, Copy, Debug, Default)]
pub struct Values<'a> {
    /// Parallel to `Module::global_expressions`.
    pub globals: &'a [Option<Handle<ConstValue>>],
    /// Parallel to `Module::overrides`.
    pub overrides: &'a [Option<Handle<ConstValue>>],
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(lo: i64, hi: i64) -> Range {
        Range { lo, hi }
    }

    #[test]
    fn arithmetic() {
        assert_eq!(binary(B::Add, r(0, 3), r(4, 4)), Some(r(4, 7)));
        assert_eq!(binary(B::Subtract, r(5, 9), r(1, 2)), Some(r(3, 8)));
        assert_eq!(binary(B::Multiply, r(-2, 3), r(4, 5)), Some(r(-10, 15)));
        assert_eq!(binary(B::Divide, r(0, 127), r(8, 8)), Some(r(0, 15)));
        assert_eq!(binary(B::Divide, r(0, 127), r(0, 8)), None);
        assert_eq!(binary(B::Modulo, r(0, 1000), r(8, 8)), Some(r(0, 7)));
        assert_eq!(binary(B::Modulo, r(0, 5), r(8, 8)), Some(r(0, 5)));
        assert_eq!(binary(B::And, r(0, 1000), r(0, 15)), Some(r(0, 15)));
        assert_eq!(binary(B::ShiftRight, r(0, 255), r(4, 4)), Some(r(0, 15)));
        assert_eq!(binary(B::ShiftLeft, r(1, 3), r(2, 2)), Some(r(4, 12)));
        assert_eq!(binary(B::InclusiveOr, r(0, 5), r(0, 2)), Some(r(0, 7)));
        assert_eq!(binary(B::ExclusiveOr, r(0, 8), r(0, 1)), Some(r(0, 15)));
    }
}

//! Counted loops: the shape the resolver gives a `for` loop with an integer
//! counter, constant start, bound and step,
//!
//! ```text
//! Store(i, init)            // possibly followed by Emits
//! Loop {
//!   body: [Emit(load i, cmp, !cmp), If(!cmp) { Break }, ...rest],
//!   continuing: [Emit(load i, i + step), Store(i, i + step)],
//!   break_if: None,
//! }
//! ```
//!
//! with `init`, the bound and `step > 0` constants of type `i32`/`u32`, the
//! comparison one of `<`, `<=`, `!=` (either operand order), `i` only read
//! (never stored or passed by pointer) in the rest of the body, no
//! `break`/`continue`/`return` for this loop in the rest, and an exact trip
//! count of at most [`MAX_TRIPS`]. The `unroll` pass copies such loops'
//! bodies; the robustness pass reads their counters' ranges
//! ([`counter_load_ranges`]).

use rustc_hash::{FxHashMap, FxHashSet};

use super::ranges::Range;
use crate::arena::Handle;
use crate::ir::{
    visit, BinaryOperator, Block, ConstValue, Expression, Function, Literal, LocalVariable, Module,
    Scalar, Statement, Type, TypeInner, UnaryOperator,
};

type H = Handle<Expression>;

/// The largest trip count of a counted loop.
pub const MAX_TRIPS: u64 = 16;

/// A recognised counted loop.
#[derive(Clone, Copy, Debug)]
pub struct CountedLoop {
    /// The counter.
    pub var: Handle<LocalVariable>,
    /// The `LocalVariable` expression of the initialising store.
    pub var_ptr: H,
    /// The counter's type (`i32` or `u32`), as a scalar and a type.
    pub scalar: Scalar,
    /// The counter's type.
    pub ty: Handle<Type>,
    /// The first value.
    pub init: i64,
    /// The increment (positive).
    pub step: i64,
    /// The exact number of iterations.
    pub trips: u64,
    /// Index in the loop body of the first statement after the header `if`.
    pub rest: usize,
}

/// Where a loop counter ends up as an index ([`Loops::counter_indexes`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct CounterIndexes {
    /// Into an array held in a local variable or value.
    pub local_array: bool,
    /// Into anything a robustness pass checks (implied by `local_array`).
    pub checked: bool,
}

/// The shape [`Loops::shape`] recognises.
#[derive(Clone, Copy, Debug)]
pub struct LoopShape {
    /// The comparison of the header, `i OP bound` (`<`, `<=` or `!=`).
    pub op: BinaryOperator,
    /// The bound.
    pub bound: i64,
    /// The increment (positive).
    pub step: i64,
    /// Index in the loop body of the first statement after the header `if`.
    pub rest: usize,
}

/// What recognising a function's counted loops reads.
pub struct Loops<'a> {
    /// The module (its constants).
    pub module: &'a Module,
    /// The function (its expressions and locals; its body need not be in
    /// place).
    pub f: &'a Function,
    /// The function's locals whose address is used other than by loads
    /// ([`escaped_locals`]).
    pub escaped: &'a FxHashSet<Handle<LocalVariable>>,
}

impl Loops<'_> {
    /// The counted loop `block.statements[at]` is, if it is one.
    pub fn recognise(&self, block: &Block, at: usize) -> Option<CountedLoop> {
        if !matches!(block.statements[at], Statement::Loop { .. }) {
            return None;
        }
        // The initialising store, before the loop (skipping Emits).
        let mut j = at;
        let (var_ptr, init_val) = loop {
            j = j.checked_sub(1)?;
            match &block.statements[j] {
                Statement::Emit(_) => continue,
                Statement::Store { pointer, value } => break (*pointer, *value),
                _ => return None,
            }
        };
        let var = self.local_of(var_ptr)?;
        let ty = self.f.local_variables.try_get(var)?.ty;
        let scalar = match self.module.types.try_get(ty)?.inner {
            TypeInner::Scalar(s @ (Scalar::I32 | Scalar::U32)) => s,
            _ => return None,
        };
        let (init, s) = self.int_const(init_val)?;
        if s != scalar {
            return None;
        }

        let LoopShape {
            op,
            bound,
            step,
            rest,
        } = self.shape(&block.statements[at], var, scalar)?;
        let trips = trip_count(op, init, bound, step, scalar)?;
        if trips > MAX_TRIPS {
            return None;
        }
        Some(CountedLoop {
            var,
            var_ptr,
            scalar,
            ty,
            init,
            step,
            trips,
            rest,
        })
    }

    /// The shape of a counted loop whose counter `var` (of type `scalar`)
    /// was just initialised: the header `if !(i OP N) { break; }` with a
    /// constant `N`, the continuing block `i = i + c` with a constant
    /// `c > 0`, and a rest of the body that reads `i` only by loads and
    /// leaves the iteration only at its end; `i`'s address is used only
    /// by loads. Whatever the start, such a loop runs while `i OP N`,
    /// stepping by `c`.
    pub fn shape(
        &self,
        st: &Statement,
        var: Handle<LocalVariable>,
        scalar: Scalar,
    ) -> Option<LoopShape> {
        let Statement::Loop {
            body,
            continuing,
            break_if: None,
            ..
        } = st
        else {
            return None;
        };
        // Header: Emits, then `if !cmp { break }`.
        let mut k = 0;
        let mut header_exprs = Vec::new();
        while let Some(Statement::Emit(r)) = body.statements.get(k) {
            header_exprs.extend(r.clone());
            k += 1;
        }
        let Some(Statement::If {
            condition,
            accept,
            reject,
        }) = body.statements.get(k)
        else {
            return None;
        };
        if !reject.is_empty() || accept.statements != [Statement::Break] {
            return None;
        }
        let Some(Expression::Unary {
            op: UnaryOperator::LogicalNot,
            expr: cmp,
        }) = self.f.expressions.try_get(*condition)
        else {
            return None;
        };
        let Some(Expression::Binary { op, left, right }) = self.f.expressions.try_get(*cmp) else {
            return None;
        };
        let (op, load, bound) = if self.is_load_of(*left, var) {
            (*op, *left, *right)
        } else if self.is_load_of(*right, var) {
            let flipped = match op {
                BinaryOperator::Greater => BinaryOperator::Less,
                BinaryOperator::GreaterEqual => BinaryOperator::LessEqual,
                BinaryOperator::NotEqual => BinaryOperator::NotEqual,
                _ => return None,
            };
            (flipped, *right, *left)
        } else {
            return None;
        };
        let (bound, s) = self.int_const(bound)?;
        if s != scalar {
            return None;
        }
        // The header may evaluate nothing but the condition.
        if header_exprs
            .iter()
            .any(|h| ![load, *cmp, *condition].contains(h))
        {
            return None;
        }

        // Continuing: Emits and `Store(i, i + step)`.
        let mut step = None;
        for s in &continuing.statements {
            match s {
                Statement::Emit(_) => {}
                Statement::Store { pointer, value } if step.is_none() => {
                    if self.local_of(*pointer) != Some(var) {
                        return None;
                    }
                    let Some(Expression::Binary {
                        op: BinaryOperator::Add,
                        left,
                        right,
                    }) = self.f.expressions.try_get(*value)
                    else {
                        return None;
                    };
                    let c = if self.is_load_of(*left, var) {
                        *right
                    } else if self.is_load_of(*right, var) {
                        *left
                    } else {
                        return None;
                    };
                    let (v, s) = self.int_const(c)?;
                    if s != scalar || v <= 0 {
                        return None;
                    }
                    step = Some(v);
                }
                _ => return None,
            }
        }
        let step = step?;

        let rest = &body.statements[k + 1..];
        // `i`'s address is used only by loads (and the stores checked above).
        if !self.rest_ok(rest, var, false) || self.escaped.contains(&var) {
            return None;
        }
        Some(LoopShape {
            op,
            bound,
            step,
            rest: k + 1,
        })
    }

    /// Where the counter (through arithmetic on its loads) ends up as an
    /// index: into an array held in a local variable or value (such arrays
    /// stay in registers only once every index is a constant), or into
    /// anything the robustness passes check (an array, vector or matrix
    /// index, a texel coordinate, layer, sample or level of
    /// `textureLoad`/`textureStore`), whose check a constant index lets
    /// them drop.
    pub fn counter_indexes(
        &self,
        rest: &[Statement],
        var: Handle<LocalVariable>,
    ) -> CounterIndexes {
        let mut emitted: Vec<H> = Vec::new();
        let mut stores: Vec<(H, Option<H>)> = Vec::new();
        let mut collect = |st: &Statement| match st {
            Statement::Emit(r) => emitted.extend(r.clone()),
            Statement::ImageStore {
                coordinate,
                array_index,
                ..
            } => stores.push((*coordinate, *array_index)),
            _ => {}
        };
        for s in rest {
            collect(s);
            visit::child_blocks(s, |b| visit::walk_statements(b, |st, _| collect(st)));
        }
        // In evaluation order (the walk's), not handle order: a pass may
        // have appended an operand after the expressions that read it
        // (`strided-loops` rewrites loads of the old counter in place).
        let mut depends: FxHashSet<H> =
            FxHashSet::with_capacity_and_hasher(emitted.len(), Default::default());
        let mut out = CounterIndexes::default();
        for h in emitted {
            let e = &self.f.expressions[h];
            let mut dep = self.is_load_of(h, var);
            visit::operands(e, |o| dep |= depends.contains(&o));
            if !dep {
                continue;
            }
            depends.insert(h);
            match *e {
                Expression::Access { base, index } if depends.contains(&index) => {
                    out.checked = true;
                    let local = match self.f.expressions[base] {
                        Expression::LocalVariable(_) => true,
                        _ => match self.module.inner(self.f.expression_type(base)) {
                            TypeInner::Pointer { space, .. } => {
                                *space == crate::ir::AddressSpace::Function
                            }
                            TypeInner::Array { .. } => true,
                            _ => false,
                        },
                    };
                    if local {
                        out.local_array = true;
                        return out;
                    }
                }
                Expression::ImageLoad {
                    coordinate,
                    array_index,
                    sample,
                    level,
                    ..
                } => {
                    out.checked |= [Some(coordinate), array_index, sample, level]
                        .into_iter()
                        .flatten()
                        .any(|o| depends.contains(&o));
                }
                _ => {}
            }
        }
        out.checked |= stores
            .iter()
            .any(|&(c, a)| depends.contains(&c) || a.is_some_and(|a| depends.contains(&a)));
        out
    }

    pub fn local_of(&self, h: H) -> Option<Handle<LocalVariable>> {
        match self.f.expressions.try_get(h)? {
            Expression::LocalVariable(v) => Some(*v),
            _ => None,
        }
    }

    /// The constant integer value of `h` and its scalar type.
    pub fn int_const(&self, h: H) -> Option<(i64, Scalar)> {
        let lit = match self.f.expressions.try_get(h)? {
            Expression::Literal(l) => *l,
            Expression::Constant(c) => match self.module.constants.try_get(*c)? {
                ConstValue::Scalar(l) => *l,
                _ => return None,
            },
            _ => return None,
        };
        match lit {
            Literal::I32(v) => Some((v as i64, Scalar::I32)),
            Literal::U32(v) => Some((v as i64, Scalar::U32)),
            _ => None,
        }
    }

    /// Whether `h` is a load of local `var`.
    pub fn is_load_of(&self, h: H, var: Handle<LocalVariable>) -> bool {
        match self.f.expressions.try_get(h) {
            Some(Expression::Load { pointer }) => self.local_of(*pointer) == Some(var),
            _ => false,
        }
    }

    /// Whether statements can be unrolled: no `break`/`continue`/`return`
    /// leaving this loop iteration, and no use of `var`'s pointer other than
    /// loads. `in_switch`: a `break` targets an enclosing switch.
    pub fn rest_ok(
        &self,
        stmts: &[Statement],
        var: Handle<LocalVariable>,
        in_switch: bool,
    ) -> bool {
        stmts.iter().all(|s| {
            let mut uses_var = false;
            visit::statement_operands_and_result(s, |o| uses_var |= self.local_of(o) == Some(var));
            if uses_var {
                return false;
            }
            match s {
                Statement::Break => in_switch,
                Statement::Continue | Statement::Return { .. } => false,
                Statement::Block(b) => self.rest_ok(&b.statements, var, in_switch),
                Statement::If { accept, reject, .. } => {
                    self.rest_ok(&accept.statements, var, in_switch)
                        && self.rest_ok(&reject.statements, var, in_switch)
                }
                Statement::Switch { cases, .. } => cases
                    .iter()
                    .all(|c| self.rest_ok(&c.body.statements, var, true)),
                // A nested loop owns its breaks and continues.
                Statement::Loop {
                    body, continuing, ..
                } => no_return_or_var(self, body, var) && no_return_or_var(self, continuing, var),
                _ => true,
            }
        })
    }
}

/// Whether `f` has a `Loop` statement (every counted loop is one).
pub fn has_loop(f: &Function) -> bool {
    let mut found = false;
    visit::walk_statements(&f.body, |st, _| {
        found |= matches!(st, Statement::Loop { .. })
    });
    found
}

pub fn escaped_locals(f: &Function) -> FxHashSet<Handle<LocalVariable>> {
    // Locals whose pointer feeds any expression other than a load (unrolling
    // only clones existing uses or drops loads, so this stays exact).
    let mut escaped = FxHashSet::default();
    for (_, e) in f.expressions.iter() {
        if let Expression::Load { .. } = e {
            continue;
        }
        visit::operands(e, |o| {
            if let Some(Expression::LocalVariable(v)) = f.expressions.try_get(o) {
                escaped.insert(*v);
            }
        });
    }
    escaped
}

/// The value range of each load of a counted loop's counter in the part of
/// the loop body after its exit test (`[init, last value]`), for the
/// counted loops of `f`.
pub fn counter_load_ranges(module: &Module, f: &Function) -> FxHashMap<H, Range> {
    let mut out = FxHashMap::default();
    // A counted loop is a `Loop` statement: without one there is nothing
    // to find (and nothing to set up).
    if !has_loop(f) {
        return out;
    }
    let escaped = escaped_locals(f);
    let cx = Loops {
        module,
        f,
        escaped: &escaped,
    };
    let body = &f.body;
    // The body, then every nested block in walk order; only blocks holding
    // a loop can hold a counted one.
    let holds_loop = |b: &Block| {
        b.statements
            .iter()
            .any(|st| matches!(st, Statement::Loop { .. }))
    };
    let mut blocks: Vec<&Block> = Vec::new();
    if holds_loop(body) {
        blocks.push(body);
    }
    visit::walk_statements(body, |st, _| {
        visit::child_blocks(st, |b| {
            if holds_loop(b) {
                blocks.push(b);
            }
        });
    });
    for block in blocks {
        for at in 0..block.statements.len() {
            let Some(c) = cx.recognise(block, at) else {
                continue;
            };
            let Statement::Loop { body: lb, .. } = &block.statements[at] else {
                continue;
            };
            let last = c.init + (c.trips as i64 - 1) * c.step;
            if c.trips == 0 {
                continue;
            }
            let range = Range {
                lo: c.init.min(last),
                hi: c.init.max(last),
            };
            let mut record = |st: &Statement| {
                if let Statement::Emit(r) = st {
                    for h in r.clone() {
                        if cx.is_load_of(h, c.var) {
                            out.insert(h, range);
                        }
                    }
                }
            };
            // The statements after the exit test and everything in them,
            // in order (as a walk of a block holding them would).
            for st in &lb.statements[c.rest..] {
                record(st);
                visit::child_blocks(st, |b| visit::walk_statements(b, |st, _| record(st)));
            }
        }
    }
    out
}

fn no_return_or_var(cx: &Loops, b: &Block, var: Handle<LocalVariable>) -> bool {
    b.statements.iter().all(|s| {
        let mut uses_var = false;
        visit::statement_operands_and_result(s, |o| uses_var |= cx.local_of(o) == Some(var));
        if uses_var {
            return false;
        }
        match s {
            Statement::Return { .. } => false,
            _ => s.child_blocks().all(|b| no_return_or_var(cx, b, var)),
        }
    })
}

/// The exact number of iterations of `for (i = init; i OP bound; i += step)`
/// with `step > 0`, or `None` if the counter would wrap or the loop would
/// not terminate.
pub fn trip_count(
    op: BinaryOperator,
    init: i64,
    bound: i64,
    step: i64,
    scalar: Scalar,
) -> Option<u64> {
    let (min, max) = match scalar {
        Scalar::I32 => (i32::MIN as i64, i32::MAX as i64),
        Scalar::U32 => (0, u32::MAX as i64),
        _ => return None,
    };
    if step <= 0 || !(min..=max).contains(&init) || !(min..=max).contains(&bound) {
        return None;
    }
    let trips = match op {
        BinaryOperator::Less => {
            if init >= bound {
                0
            } else {
                (bound - init + step - 1) / step
            }
        }
        BinaryOperator::LessEqual => {
            if init > bound {
                0
            } else {
                (bound - init) / step + 1
            }
        }
        BinaryOperator::NotEqual => {
            if bound < init || (bound - init) % step != 0 {
                return None;
            }
            (bound - init) / step
        }
        _ => return None,
    };
    // The final value must not wrap: each increment is then exact.
    let last = init.checked_add(trips.checked_mul(step)?)?;
    if last > max {
        return None;
    }
    u64::try_from(trips).ok()
}

//! Full unrolling of small counted loops.
//!
//! Arrays of subgroup matrices indexed by a loop counter force drivers to
//! keep the matrices in memory; once every index is a constant they stay in
//! registers. Small counted loops without matrices (the copy of a tile into
//! workgroup memory, index set-up) are unrolled too when their counter
//! reaches an index that is checked for bounds: their indices become
//! constants the robustness pass can prove in bounds, and the loop overhead
//! goes. A counter that only feeds arithmetic (the offsets of a filter
//! kernel) gains nothing from unrolling here: such loops get the hint.
//!
//! The loops are the counted loops of `analysis::counted_loops` (constant
//! start, bound and step, at most `MAX_TRIPS` iterations). When the
//! unrolled size is within [`BUDGET`] (for a body that touches a subgroup
//! matrix) or [`PLAIN_BUDGET`] (for others), and within what the module may
//! still grow by ([`GROWTH`]), the
//! loop is replaced by `t` copies
//! of the rest of the body, each with `i` read as the iteration's constant,
//! followed by `Store(i, init + t * step)`. Inner loops are unrolled first,
//! so nests of such loops unroll completely.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::arena::{Handle, HandleRange};
use crate::ir::{
    Block, Expression, Function, Literal, LocalVariable, Module, Scalar, Statement, Type,
};
use crate::span::Span;

use crate::analysis::counted_loops::{escaped_locals, has_loop, Loops};
pub use crate::unroll_policy::UnrollPolicy;

use crate::ir::visit;

/// The largest unrolled size (trip count times the body's statements and
/// emitted expressions) of a loop over subgroup matrices.
pub const BUDGET: usize = 4096;
/// The largest unrolled size (counting the loops inside it that have the
/// hint as unrolled) of a loop given the `unroll` hint: a larger one is left
/// to the target's compiler without it.
pub const HINT_BUDGET: usize = BUDGET;
/// The largest unrolled size of a loop that touches no subgroup matrix
/// (e.g. the copy of a tile into workgroup memory): small enough that code
/// size stays moderate, large enough for the copy loops of tiled kernels.
pub const PLAIN_BUDGET: usize = 1024;

/// What unrolling may add to a module in all, per unit of its size
/// ([`Module::size`]), and at least [`GROWTH_FLOOR`]: many small
/// loops are unrolled until the module has grown by this much, the rest
/// keep the `unroll` hint. Keeps the output (and memory) linear in the
/// input however many loops it has.
pub const GROWTH: usize = 1;
/// What unrolling may always add.
pub const GROWTH_FLOOR: usize = 1 << 16;

type H = Handle<Expression>;

/// Unrolls the qualifying loops of every function of `module`.
#[cfg(test)]
pub fn run(module: &mut Module) {
    run_with(module, UnrollPolicy::All);
}

/// Unrolls (or hints) the counted loops of every function of `module` as
/// `policy` says.
pub fn run_with(module: &mut Module, policy: UnrollPolicy) {
    if policy == UnrollPolicy::Off {
        return;
    }
    let has_matrix = crate::analysis::matrix_types(module);
    let mut remaining = super::growth_budget(module, GROWTH, GROWTH_FLOOR);
    let mut functions = std::mem::take(&mut module.functions);
    for (_, f) in functions.iter_mut() {
        run_function(module, &has_matrix, f, policy, &mut remaining);
    }
    module.functions = functions;
}

fn run_function(
    module: &Module,
    has_matrix: &[bool],
    f: &mut Function,
    policy: UnrollPolicy,
    remaining: &mut usize,
) {
    // Only loops are rewritten: a function without one is not set up.
    if !has_loop(f) {
        return;
    }
    let mut body = std::mem::take(&mut f.body);
    let escaped = escaped_locals(f);
    let mut cx = Cx {
        module,
        has_matrix,
        escaped,
        f,
        policy,
        remaining,
    };
    cx.block(&mut body);
    cx.f.body = body;
}

struct Cx<'a> {
    module: &'a Module,
    has_matrix: &'a [bool],
    /// Locals whose address is used other than by loads.
    escaped: FxHashSet<Handle<LocalVariable>>,
    f: &'a mut Function,
    policy: UnrollPolicy,
    /// What the module may still grow by (see [`GROWTH`]).
    remaining: &'a mut usize,
}

/// A recognised counted loop.
struct Counted {
    var: Handle<LocalVariable>,
    /// The `LocalVariable` expression of the initialising store.
    var_ptr: H,
    scalar: Scalar,
    ty: Handle<Type>,
    init: i64,
    step: i64,
    trips: u64,
    /// Index in the loop body of the first statement after the header `if`.
    rest: usize,
    /// Whether the rest of the body touches a subgroup matrix.
    matrix: bool,
    /// Trip count times the size of the rest of the body.
    unrolled_size: usize,
}

impl Cx<'_> {
    /// Unrolls inside `block`, innermost loops first.
    fn block(&mut self, block: &mut Block) {
        for i in 0..block.statements.len() {
            crate::ir::visit::child_blocks_mut(&mut block.statements[i], |b| self.block(b));
            if !matches!(block.statements[i], Statement::Loop { .. }) {
                continue;
            }
            let Some(c) = self.recognise(block, i) else {
                continue;
            };
            // A loop over matrices is unrolled when its counter indexes a
            // local array (arrays of matrices must end up with constant
            // indices); one whose counter only feeds offsets stays a loop, so
            // the code stays small. Small loops without matrices are
            // unrolled when their counter reaches an index that is checked
            // for bounds (constant indices need no check); the others (a
            // counter that only feeds arithmetic, e.g. the offsets of a
            // filter kernel) get the hint, as unrolling them would only make
            // the code larger.
            let budget = match (self.policy, c.matrix) {
                (UnrollPolicy::All | UnrollPolicy::Matrices, true) => BUDGET,
                (UnrollPolicy::All, false) => PLAIN_BUDGET,
                _ => 0,
            };
            // Where the counter ends up is looked at only for loops small
            // enough to be unrolled.
            let fits = c.unrolled_size <= budget && c.unrolled_size <= *self.remaining;
            let budget = match &block.statements[i] {
                Statement::Loop { body, .. } if fits => {
                    let at = self
                        .loops()
                        .counter_indexes(&body.statements[c.rest..], c.var);
                    if (c.matrix && at.local_array) || (!c.matrix && at.checked) {
                        budget
                    } else {
                        0
                    }
                }
                _ => 0,
            };
            let span = block.spans[i];
            match &mut block.statements[i] {
                Statement::Loop { body, .. }
                    if c.unrolled_size <= budget && c.unrolled_size <= *self.remaining =>
                {
                    *self.remaining -= c.unrolled_size;
                    // The loop is replaced: its body is taken, not copied.
                    let body = std::mem::take(body);
                    let new = self.unroll(&c, &body, span);
                    block.statements[i] = Statement::Block(new);
                }
                // Drivers take the hint as an order (Mesa unrolls such a
                // loop whatever its size, and a nest of large hinted loops
                // kept lavapipe's compiler busy for minutes): only loops
                // whose copies stay within the budget get it.
                Statement::Loop { unroll, .. } => *unroll = c.unrolled_size <= HINT_BUDGET,
                _ => {}
            }
        }
    }

    fn recognise(&self, block: &Block, at: usize) -> Option<Counted> {
        let l = self.loops().recognise(block, at)?;
        let Statement::Loop { body, .. } = &block.statements[at] else {
            return None;
        };
        let mut size = 0usize;
        let mut matrix = false;
        self.measure(body, l.rest, &mut size, &mut matrix);
        Some(Counted {
            var: l.var,
            var_ptr: l.var_ptr,
            scalar: l.scalar,
            ty: l.ty,
            init: l.init,
            step: l.step,
            trips: l.trips,
            rest: l.rest,
            matrix,
            unrolled_size: (l.trips as usize).saturating_mul(size),
        })
    }

    /// The loop facts of this function.
    fn loops(&self) -> Loops<'_> {
        Loops {
            module: self.module,
            f: self.f,
            escaped: &self.escaped,
        }
    }

    fn ty_matrix(&self, h: H) -> bool {
        self.f
            .expression_types
            .get(h.index())
            .and_then(|t| self.has_matrix.get(t.index()))
            .copied()
            .unwrap_or(false)
    }

    /// Adds the size (statements plus emitted expressions) of
    /// `block.statements[from..]` and whether they touch a subgroup matrix.
    /// A loop already given the `unroll` hint counts as unrolled: the
    /// target's compiler will copy its body.
    fn measure(&self, block: &Block, from: usize, size: &mut usize, matrix: &mut bool) {
        for (i, s) in block.statements.iter().enumerate().skip(from) {
            *size = size.saturating_add(1);
            visit::statement_operands_and_result(s, |o| *matrix |= self.ty_matrix(o));
            match s {
                Statement::Emit(r) => {
                    for h in r.clone() {
                        *size = size.saturating_add(1);
                        *matrix |= self.ty_matrix(h);
                    }
                }
                Statement::Block(b) => self.measure(b, 0, size, matrix),
                Statement::If { accept, reject, .. } => {
                    self.measure(accept, 0, size, matrix);
                    self.measure(reject, 0, size, matrix);
                }
                Statement::Switch { cases, .. } => {
                    for c in cases {
                        self.measure(&c.body, 0, size, matrix);
                    }
                }
                Statement::Loop {
                    body,
                    continuing,
                    unroll,
                    ..
                } => match unroll.then(|| self.recognise(block, i)).flatten() {
                    Some(c) => {
                        *size = size.saturating_add(c.unrolled_size);
                        *matrix |= c.matrix;
                    }
                    None => {
                        self.measure(body, 0, size, matrix);
                        self.measure(continuing, 0, size, matrix);
                    }
                },
                _ => {}
            }
        }
    }

    fn literal(&self, scalar: Scalar, v: i64) -> Literal {
        match scalar {
            Scalar::I32 => Literal::I32(v as i32),
            _ => Literal::U32(v as u32),
        }
    }

    fn unroll(&mut self, c: &Counted, body: &Block, span: Span) -> Block {
        let mut out = Block::new();
        let (rest, rest_spans) = (&body.statements[c.rest..], &body.spans[c.rest..]);
        // The copies' expressions (`unrolled_size` counts them, and the
        // statements): one allocation rather than repeated doubling.
        self.f.expressions.reserve(c.unrolled_size);
        self.f.expression_types.reserve(c.unrolled_size);
        let copies = (c.trips as usize)
            .saturating_mul(rest.len())
            .min(c.unrolled_size);
        out.reserve(copies + 1);
        // One map for all copies: cleared, not reallocated, per copy, and
        // sized for one copy's expressions from the start.
        let per_copy = c.unrolled_size / usize::try_from(c.trips.max(1)).unwrap_or(usize::MAX);
        let mut map = FxHashMap::with_capacity_and_hasher(per_copy, Default::default());
        for k in 0..c.trips {
            let value = c.init + k as i64 * c.step;
            let lit = self.literal(c.scalar, value);
            map.clear();
            let mut cl = Cloner {
                cx: self,
                var: c.var,
                value: lit,
                var_ty: c.ty,
                map,
                first: k == 0,
            };
            let mut copy = Block::new();
            copy.reserve(rest.len());
            for (s, &span) in rest.iter().zip(rest_spans) {
                cl.stmt(s, span, &mut copy);
            }
            map = cl.map;
            // The copies follow each other in one block (compound
            // statements inside them too), so what one iteration evaluates
            // is visible to the next for the cse pass.
            splice(&mut out, copy);
        }
        let last = c.init + c.trips as i64 * c.step;
        let lit = self.literal(c.scalar, last);
        let value = self.f.add_expression(Expression::Literal(lit), c.ty, span);
        out.push(
            Statement::Store {
                pointer: c.var_ptr,
                value,
            },
            span,
        );
        out
    }
}

/// Appends `block`'s statements to `out`, replacing each compound statement
/// (a plain nested block) by its statements, recursively.
fn splice(out: &mut Block, block: Block) {
    for (st, span) in block {
        match st {
            Statement::Block(inner) => splice(out, inner),
            other => out.push(other, span),
        }
    }
}

/// Clones one iteration of a loop body.
struct Cloner<'c, 'a> {
    cx: &'c mut Cx<'a>,
    var: Handle<LocalVariable>,
    value: Literal,
    var_ty: Handle<Type>,
    map: FxHashMap<H, H>,
    first: bool,
}

impl Cloner<'_, '_> {
    fn get(&self, h: H) -> H {
        self.map.get(&h).copied().unwrap_or(h)
    }

    fn block(&mut self, b: &Block) -> Block {
        let mut out = Block::new();
        for (s, span) in b.iter() {
            self.stmt(s, span, &mut out);
        }
        out
    }

    fn add(&mut self, old: H, e: Expression) -> H {
        let ty = self.cx.f.expression_type(old);
        let span = self.cx.f.expressions.span(old);
        let new = self.cx.f.add_expression(e, ty, span);
        self.map.insert(old, new);
        if self.first {
            // The original loop is replaced, so its name moves to the copy.
            if let Some(name) = self.cx.f.named_expressions.shift_remove(&old) {
                self.cx.f.named_expressions.insert(new, name);
            }
        }
        new
    }

    fn emit(&mut self, range: &HandleRange<Expression>, span: Span, out: &mut Block) {
        let mut start: Option<usize> = None;
        let flush = |start: &mut Option<usize>, end: usize, out: &mut Block| {
            if let Some(s) = start.take() {
                if end > s {
                    out.push(Statement::Emit(HandleRange::from_index_range(s..end)), span);
                }
            }
        };
        for h in range.clone() {
            let e = visit::map_operands(&self.cx.f.expressions[h], |o| self.get(o));
            let is_counter = matches!(&e, Expression::Load { pointer }
                if self.cx.loops().local_of(*pointer) == Some(self.var));
            if is_counter {
                let next = self.cx.f.expressions.len();
                flush(&mut start, next, out);
                let lit = self.cx.f.add_expression(
                    Expression::Literal(self.value),
                    self.var_ty,
                    self.cx.f.expressions.span(h),
                );
                self.map.insert(h, lit);
            } else {
                let new = self.add(h, e);
                if start.is_none() {
                    start = Some(new.index());
                }
            }
        }
        let end = self.cx.f.expressions.len();
        flush(&mut start, end, out);
    }

    fn stmt(&mut self, s: &Statement, span: Span, out: &mut Block) {
        let s = match s {
            Statement::Emit(r) => return self.emit(r, span, out),
            Statement::Block(b) => Statement::Block(self.block(b)),
            Statement::If {
                condition,
                accept,
                reject,
            } => Statement::If {
                condition: self.get(*condition),
                accept: self.block(accept),
                reject: self.block(reject),
            },
            Statement::Switch { selector, cases } => Statement::Switch {
                selector: self.get(*selector),
                cases: cases
                    .iter()
                    .map(|c| crate::ir::SwitchCase {
                        selectors: c.selectors.clone(),
                        body: self.block(&c.body),
                    })
                    .collect(),
            },
            Statement::Loop {
                body,
                continuing,
                break_if,
                unroll,
            } => {
                let body = self.block(body);
                let continuing = self.block(continuing);
                Statement::Loop {
                    body,
                    continuing,
                    break_if: break_if.map(|b| self.get(b)),
                    unroll: *unroll,
                }
            }
            other => {
                // A result expression is defined by its statement: give the
                // copy a fresh one.
                if let Some(r) = visit::result(other) {
                    let e = self.cx.f.expressions[r].clone();
                    self.add(r, e);
                }
                let mut s = other.clone();
                visit::statement_handles_mut(&mut s, |o| *o = self.get(*o));
                s
            }
        };
        out.push(s, span);
    }
}

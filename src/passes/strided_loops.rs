//! Loops that stride over a range by invocation — the copy loops of tiled
//! kernels, `for (var i = local_id.x * 4; i < N; i += 4 * WG)` — become
//! counted loops, which `unroll` then unrolls.
//!
//! Such a loop's start depends on the invocation, so it is no counted loop
//! (`analysis::counted_loops` wants a constant start), and the target's
//! compiler sees a loop whose trip count it does not know: it issues one
//! iteration's memory accesses at a time. But when the start `s` has a
//! known range `[lo, hi]` (from the built-in values of the entry point,
//! or the ranges every caller passes to a helper's parameter), the bound
//! `N` and the step `c` are constants, and the comparison is `<`, every
//! invocation runs at most `T = ceil((N - lo) / c)` iterations. With `T`
//! at most [`MAX_TRIPS`], the pass rewrites
//!
//! ```text
//! i = s; loop { if !(i < N) { break; } REST; continuing { i = i + c; } }
//! ```
//!
//! as
//!
//! ```text
//! { k = 0u;
//!   loop { if !(k < T) { break; } let v = s + k * c; if v < N { REST[i := v] } continuing { k = k + 1u; } }
//!   i = select(s, s + ((N - s + c - 1) / c) * c, s < N); }
//! ```
//!
//! where `REST[i := v]` reads `v` wherever REST read `i`, and the last
//! store gives `i` the value the original loop left in it. The iterations
//! an invocation runs, and what each computes, are unchanged: `v` takes
//! the values `i` took, in order, and the guard skips the rest, since `v`
//! only grows (the pass checks that `hi + T * c` cannot wrap).
//!
//! The loop has the shape of a counted loop (`Loops::shape`: `REST` reads
//! `i` only by loads, never stores it or takes its address, and has no
//! `break`, `continue` or `return` of this loop), with `<` and a start
//! that is not a constant, and its counter reaches an index that a
//! bounds check guards (what makes `unroll` copy a loop without subgroup
//! matrices): a loop it would leave a loop is left as it is. An optimisation (in `passes::OPTIMIZING`); `unroll` runs next.

use rustc_hash::FxHashSet;

use crate::analysis::counted_loops::{escaped_locals, has_loop, Loops, MAX_TRIPS};
use crate::arena::Handle;
use crate::ir::{
    visit, BinaryOperator, Block, Expression, Function, Literal, LocalVariable, Module, Scalar,
    Statement, TypeInner, UnaryOperator,
};
use crate::passes::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass.
pub fn run(p: &mut Pipeline) {
    rewrite::run(
        p,
        &mut StridedLoops {
            escaped: FxHashSet::default(),
            last_store: None,
            saved: Vec::new(),
        },
    );
}

struct StridedLoops {
    /// Locals whose address is used other than by loads.
    escaped: FxHashSet<Handle<LocalVariable>>,
    /// The store the last statement of the current block made to a local
    /// (pointer, value), if it was one.
    last_store: Option<(H, H)>,
    /// `last_store` of the enclosing blocks.
    saved: Vec<Option<(H, H)>>,
}

/// A recognised strided loop.
struct Strided {
    /// The counter.
    var: Handle<LocalVariable>,
    /// The counter's type.
    scalar: Scalar,
    /// The bound (`i < bound`).
    bound: i64,
    /// The increment (positive).
    step: i64,
    /// Index in the loop body of the first statement after the header `if`.
    rest: usize,
}

impl FunctionPass for StridedLoops {
    fn wants(&self, _module: &Module, f: &Function) -> bool {
        has_loop(f)
    }

    fn param_ranges(&self) -> bool {
        true
    }

    fn begin_function(&mut self, cx: &mut Cx) {
        self.escaped = escaped_locals(cx.f);
        self.last_store = None;
        self.saved.clear();
    }

    fn enter_block(&mut self, _plain: bool) {
        self.saved.push(self.last_store.take());
    }

    fn exit_block(&mut self, _plain: bool) {
        self.saved.pop();
        // The statement that owned the block is the block's parent's last.
        self.last_store = None;
    }

    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        match st {
            Statement::Store { pointer, value } => {
                self.last_store = Some((*pointer, *value));
            }
            Statement::Loop { .. } => {
                if let Some((pointer, init)) = self.last_store.take() {
                    self.rewrite(cx, st, pointer, init, span);
                }
            }
            _ => self.last_store = None,
        }
    }
}

impl StridedLoops {
    /// Recognises `st` (a loop right after `Store(pointer, init)`) as a
    /// strided loop.
    fn recognise(&self, cx: &Cx, st: &Statement, pointer: H, init: H) -> Option<Strided> {
        let loops = Loops {
            module: cx.module,
            f: cx.f,
            escaped: &self.escaped,
        };
        let var = loops.local_of(pointer)?;
        if self.escaped.contains(&var) || loops.int_const(init).is_some() {
            return None;
        }
        let scalar = match cx.module.inner(cx.f.local_variables.try_get(var)?.ty) {
            TypeInner::Scalar(s @ (Scalar::I32 | Scalar::U32)) => *s,
            _ => return None,
        };
        let shape = loops.shape(st, var, scalar)?;
        if shape.op != BinaryOperator::Less {
            return None;
        }
        // Only a loop `unroll` will copy: one whose counter reaches an
        // index that is checked (else the rewrite only adds a counter).
        let Statement::Loop { body, .. } = st else {
            return None;
        };
        if !loops
            .counter_indexes(&body.statements[shape.rest..], var)
            .checked
        {
            return None;
        }
        Some(Strided {
            var,
            scalar,
            bound: shape.bound,
            step: shape.step,
            rest: shape.rest,
        })
    }

    fn rewrite(&self, cx: &mut Cx, st: &mut Statement, pointer: H, init: H, span: Span) {
        let Some(l) = self.recognise(cx, st, pointer, init) else {
            return;
        };
        let Some(r) = cx.range(init) else { return };
        if l.bound <= r.lo {
            return;
        }
        let trips = (l.bound - r.lo + l.step - 1) / l.step;
        let max = match l.scalar {
            Scalar::I32 => i64::from(i32::MAX),
            _ => i64::from(u32::MAX),
        };
        if trips > MAX_TRIPS as i64 || r.hi.saturating_add(trips.saturating_mul(l.step)) > max {
            return;
        }
        let Statement::Loop { body, unroll, .. } = st else {
            return;
        };
        let hint = *unroll;
        let mut old_body = std::mem::take(body);
        let mut rest: Vec<(Statement, Span)> = old_body.take_statements().skip(l.rest).collect();

        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        let bool_ty = cx.intern(TypeInner::Scalar(Scalar::Bool));
        let ty = cx.intern(TypeInner::Scalar(l.scalar));
        let lit = |v: i64| match l.scalar {
            Scalar::I32 => Literal::I32(v as i32),
            _ => Literal::U32(v as u32),
        };
        let k_var = cx.f.local_variables.append(
            LocalVariable {
                name: "strided_k".into(),
                ty: u32_ty,
            },
            span,
        );
        let k_ptr_ty = cx.intern(TypeInner::Pointer {
            base: u32_ty,
            space: crate::ir::AddressSpace::Function,
            access: crate::ir::Access::ReadWrite,
        });
        let f: &mut Function = cx.f;

        // The new body: header, then `v`, then the guarded rest.
        let mut b = BlockBuilder::new();
        let k_ptr = b.expr(f, Expression::LocalVariable(k_var), k_ptr_ty, span);
        let k = b.expr(f, Expression::Load { pointer: k_ptr }, u32_ty, span);
        let t = b.expr(
            f,
            Expression::Literal(Literal::U32(trips as u32)),
            u32_ty,
            span,
        );
        let go = b.expr(f, binary(BinaryOperator::Less, k, t), bool_ty, span);
        let stop = b.expr(
            f,
            Expression::Unary {
                op: UnaryOperator::LogicalNot,
                expr: go,
            },
            bool_ty,
            span,
        );
        let mut brk = Block::new();
        brk.push(Statement::Break, span);
        b.stmt(
            Statement::If {
                condition: stop,
                accept: brk,
                reject: Block::new(),
            },
            span,
        );
        let k2 = b.expr(f, Expression::Load { pointer: k_ptr }, u32_ty, span);
        let k2 = match l.scalar {
            Scalar::U32 => k2,
            _ => b.expr(f, Expression::Bitcast { expr: k2, ty }, ty, span),
        };
        let c = b.expr(f, Expression::Literal(lit(l.step)), ty, span);
        let offset = b.expr(f, binary(BinaryOperator::Multiply, k2, c), ty, span);
        // REST reads `v` for `i`: each load of `i` it evaluates becomes
        // `init + offset` (the same value; `cse` merges them).
        replace_loads(f, &rest, l.var, init, offset);
        // Every invocation runs all `T` iterations when even the largest
        // start's last one is below `N`: no guard then.
        let exact = r.hi + (trips - 1) * l.step < l.bound;
        let new_body = if exact {
            let mut body = b.finish();
            for (s, sp) in rest.drain(..) {
                body.push(s, sp);
            }
            body
        } else {
            let v = b.expr(f, binary(BinaryOperator::Add, init, offset), ty, span);
            let n = b.expr(f, Expression::Literal(lit(l.bound)), ty, span);
            let inside = b.expr(f, binary(BinaryOperator::Less, v, n), bool_ty, span);
            let mut guarded = Block::new();
            for (s, sp) in rest.drain(..) {
                guarded.push(s, sp);
            }
            b.stmt(
                Statement::If {
                    condition: inside,
                    accept: guarded,
                    reject: Block::new(),
                },
                span,
            );
            b.finish()
        };

        // Continuing: `k = k + 1u`.
        let mut b = BlockBuilder::new();
        let k3 = b.expr(f, Expression::Load { pointer: k_ptr }, u32_ty, span);
        let one = b.expr(f, Expression::Literal(Literal::U32(1)), u32_ty, span);
        let next = b.expr(f, binary(BinaryOperator::Add, k3, one), u32_ty, span);
        b.stmt(
            Statement::Store {
                pointer: k_ptr,
                value: next,
            },
            span,
        );
        let new_continuing = b.finish();

        // `{ k = 0u; loop; i = final }`.
        let mut b = BlockBuilder::new();
        let zero = b.expr(f, Expression::Literal(Literal::U32(0)), u32_ty, span);
        b.stmt(
            Statement::Store {
                pointer: k_ptr,
                value: zero,
            },
            span,
        );
        b.stmt(
            Statement::Loop {
                body: new_body,
                continuing: new_continuing,
                break_if: None,
                unroll: hint,
            },
            span,
        );
        // The value the original loop left in `i`: the first `s + j * c`
        // not below `N` (or `s` itself when the loop did not run).
        let n2 = b.expr(f, Expression::Literal(lit(l.bound)), ty, span);
        let ran = b.expr(f, binary(BinaryOperator::Less, init, n2), bool_ty, span);
        let left = b.expr(f, binary(BinaryOperator::Subtract, n2, init), ty, span);
        let c1 = b.expr(f, Expression::Literal(lit(l.step - 1)), ty, span);
        let up = b.expr(f, binary(BinaryOperator::Add, left, c1), ty, span);
        let c2 = b.expr(f, Expression::Literal(lit(l.step)), ty, span);
        let runs = b.expr(f, binary(BinaryOperator::Divide, up, c2), ty, span);
        let span_of = b.expr(f, binary(BinaryOperator::Multiply, runs, c2), ty, span);
        let after = b.expr(f, binary(BinaryOperator::Add, init, span_of), ty, span);
        let last = b.expr(
            f,
            Expression::Select {
                condition: ran,
                accept: after,
                reject: init,
            },
            ty,
            span,
        );
        b.stmt(
            Statement::Store {
                pointer,
                value: last,
            },
            span,
        );
        *st = Statement::Block(b.finish());
    }
}

fn binary(op: BinaryOperator, left: H, right: H) -> Expression {
    Expression::Binary { op, left, right }
}

/// Replaces every load of `var` that `stmts` evaluate by `init + offset`.
fn replace_loads(
    f: &mut Function,
    stmts: &[(Statement, Span)],
    var: Handle<LocalVariable>,
    init: H,
    offset: H,
) {
    let mut emitted: Vec<H> = Vec::new();
    let mut collect = |st: &Statement| {
        if let Statement::Emit(r) = st {
            emitted.extend(r.clone());
        }
    };
    for (s, _) in stmts {
        collect(s);
        visit::child_blocks(s, |b| visit::walk_statements(b, |st, _| collect(st)));
    }
    for h in emitted {
        let is_load = match f.expressions[h] {
            Expression::Load { pointer } => {
                matches!(f.expressions[pointer], Expression::LocalVariable(v) if v == var)
            }
            _ => false,
        };
        if is_load {
            f.expressions[h] = binary(BinaryOperator::Add, init, offset);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::wgsl_tests::after;

    fn snapshot(name: &str, src: &str) {
        crate::passes::wgsl_tests::snapshot(name, src, &after(src, "strided-loops"));
    }

    /// Every invocation runs all four iterations (the largest start, 1020,
    /// plus 3 * 1024 is below 4096): a counted loop without a guard, the
    /// loads of `i` read `s + k * c`, and `i` is left as the loop left it.
    #[test]
    fn exact() {
        snapshot(
            "strided_loops_exact",
            "var<workgroup> w: array<u32, 4096>;
@compute @workgroup_size(256) fn main(@builtin(local_invocation_index) t: u32) {
    for (var i = t * 4u; i < 4096u; i += 1024u) { w[i] = i; }
}",
        );
    }

    /// 100 is not a multiple of 64: two guarded iterations, the second
    /// run by invocations 0 to 35 only; a start from a helper's parameter
    /// has the range its only caller passes.
    #[test]
    fn guarded_and_through_a_call() {
        snapshot(
            "strided_loops_guarded",
            "@group(0) @binding(0) var<storage, read_write> o: array<u32, 100>;
fn fill(t: u32) { for (var i = t; i < 100u; i += 64u) { o[i] = i; } }
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) l: u32) { fill(l); }",
        );
    }

    /// No range for the start (a buffer value), a trip count over 16, or a
    /// counter stored in the body: the loops stay as they are.
    #[test]
    fn left_alone() {
        let src = "@group(0) @binding(0) var<storage, read_write> o: array<u32, 4096>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) l: u32) {
    for (var i = o[0]; i < 100u; i += 64u) { o[i] = 1u; }
    for (var i = l; i < 4096u; i += 64u) { o[i] = 2u; }
    for (var i = l; i < 100u; i += 64u) { o[i] = 3u; i += 1u; }
}";
        let out = after(src, "strided-loops");
        assert!(!out.contains("strided_k"), "{out}");
    }
}

//! The one place that knows the shape of expressions and statements:
//! their operands (read-only and mutable), which expressions an
//! [`Statement::Emit`] must cover, walks over nested blocks, and the
//! callees of a function. Every analysis, pass and printer uses these
//! instead of its own `match`, so a new IR variant is added here once.

use crate::arena::Handle;
use crate::ir::{Block, Expression, Function, ImageQuery, SampleLevel, Statement};
use crate::span::Span;

type H = Handle<Expression>;

/// The operands of an expression, written once for both walks: `$expr` is
/// a `&Expression` or a `&mut Expression`, and `$f` is called on a `&H` or
/// a `&mut H` for each operand, in WGSL evaluation order.
macro_rules! for_each_operand {
    ($expr:expr, $f:ident) => {{
        use Expression as E;
        match $expr {
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
            | E::SubgroupResult { .. }
            | E::IntrinsicResult { .. }
            | E::SubgroupMatrixLength(_) => {}
            E::Compose { components, .. } => {
                for h in components {
                    $f(h);
                }
            }
            E::Math { args, .. } => {
                for h in args {
                    $f(h);
                }
            }
            E::Splat { value, .. } | E::SubgroupMatrixFill { value, .. } => $f(value),
            E::SubgroupMatrixFromInvocations { array, .. } => $f(array),
            E::SubgroupMatrixToInvocations { matrix, .. } => $f(matrix),
            E::SubgroupMatrixPerElement {
                matrix, arguments, ..
            } => {
                $f(matrix);
                for h in arguments {
                    $f(h);
                }
            }
            E::Swizzle { vector, .. } => $f(vector),
            E::Access { base, index } => {
                $f(base);
                $f(index);
            }
            E::AccessIndex { base, .. } => $f(base),
            E::Load { pointer } => $f(pointer),
            E::Unary { expr, .. } | E::Convert { expr, .. } | E::Bitcast { expr, .. } => $f(expr),
            E::Binary { left, right, .. } => {
                $f(left);
                $f(right);
            }
            E::Select {
                condition,
                accept,
                reject,
            } => {
                $f(reject);
                $f(accept);
                $f(condition);
            }
            E::ArrayLength(p) | E::BufferLength(p) => $f(p),
            E::ResourceTable { index, .. } => $f(index),
            E::BufferView {
                pointer,
                offset,
                size,
            } => {
                $f(pointer);
                $f(offset);
                if let Some(size) = size {
                    $f(size);
                }
            }
            E::SubgroupMatrixLoad {
                pointer,
                offset,
                stride,
                ..
            } => {
                $f(pointer);
                $f(offset);
                $f(stride);
            }
            E::SubgroupMatrixMultiply {
                left, right, acc, ..
            } => {
                $f(left);
                $f(right);
                if let Some(acc) = acc {
                    $f(acc);
                }
            }
            E::SubgroupMatrixScalar { matrix, scalar, .. } => {
                $f(matrix);
                $f(scalar);
            }
            E::ImageSample {
                image,
                sampler,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                ..
            } => {
                $f(image);
                $f(sampler);
                $f(coordinate);
                if let Some(a) = array_index {
                    $f(a);
                }
                if let Some(o) = offset {
                    $f(o);
                }
                match level {
                    SampleLevel::Auto | SampleLevel::Zero => {}
                    SampleLevel::Exact(l) | SampleLevel::Bias(l) => $f(l),
                    SampleLevel::Gradient { x, y } => {
                        $f(x);
                        $f(y);
                    }
                }
                if let Some(d) = depth_ref {
                    $f(d);
                }
            }
            E::ImageLoad {
                image,
                coordinate,
                array_index,
                sample,
                level,
            } => {
                $f(image);
                $f(coordinate);
                for h in [array_index, sample, level].into_iter().flatten() {
                    $f(h);
                }
            }
            E::ImageQuery { image, query } => {
                $f(image);
                if let ImageQuery::Size { level: Some(l) } = query {
                    $f(l);
                }
            }
            E::Derivative { expr, .. } => $f(expr),
            E::SubgroupMatrixReduce { matrix, .. } => $f(matrix),
            E::SubgroupMatrixIndex { .. } => {}
            E::CoopVecMatMul {
                input,
                matrix,
                offset,
                stride,
                bias,
                bias_offset,
                ..
            } => {
                $f(input);
                $f(matrix);
                $f(offset);
                $f(stride);
                for h in [bias, bias_offset].into_iter().flatten() {
                    $f(h);
                }
            }
        }
    }};
}

/// Calls `f` on every operand of `expr`, in WGSL evaluation order
/// (`select(reject, accept, condition)` visits `reject` first).
/// [`Expression::OverrideExpr`] refers to the module's global expressions
/// and is not an operand of a function expression.
pub fn operands(expr: &Expression, mut f: impl FnMut(H)) {
    let mut g = |h: &H| f(*h);
    for_each_operand!(expr, g)
}

/// Calls `f` on a mutable reference to every operand of `expr`, in the
/// order of [`operands`].
pub fn operands_mut(expr: &mut Expression, mut f: impl FnMut(&mut H)) {
    for_each_operand!(expr, f)
}

/// Returns a copy of `expr` with every operand replaced by `f(operand)`.
pub fn map_operands(expr: &Expression, mut f: impl FnMut(H) -> H) -> Expression {
    let mut e = expr.clone();
    operands_mut(&mut e, |h| *h = f(*h));
    e
}

/// Whether `expr` is evaluated by the [`Statement::Emit`] that covers it.
/// Literals, constants, overrides, variables, arguments and the `*Result`
/// expressions (defined by the statement that produces them) need no
/// evaluation; everything else, [`Expression::ZeroValue`] included, does.
pub fn needs_emit(expr: &Expression) -> bool {
    !matches!(
        expr,
        Expression::Literal(_)
            | Expression::Constant(_)
            | Expression::Override(_)
            | Expression::OverrideExpr(_)
            | Expression::FunctionArgument(_)
            | Expression::GlobalVariable(_)
            | Expression::LocalVariable(_)
            | Expression::CallResult(_)
            | Expression::AtomicResult { .. }
            | Expression::WorkgroupUniformLoadResult { .. }
            | Expression::SubgroupResult { .. }
            | Expression::IntrinsicResult { .. }
    )
}

/// The operands of a statement (not its result, not its nested blocks),
/// written once for both walks: `$st` is a `&Statement` or a
/// `&mut Statement`, and `$f` is called on a `&H` or a `&mut H` for each
/// operand, in evaluation order.
macro_rules! for_each_statement_operand {
    ($st:expr, $f:ident) => {{
        use Statement as S;
        match $st {
            S::Emit(_) | S::Block(_) | S::Break | S::Continue | S::Barrier(_) | S::Discard => {}
            S::If { condition, .. } => $f(condition),
            S::Switch { selector, .. } => $f(selector),
            S::Loop { break_if, .. } => {
                if let Some(b) = break_if {
                    $f(b)
                }
            }
            S::Return { value } => {
                if let Some(v) = value {
                    $f(v)
                }
            }
            S::Store { pointer, value } => {
                $f(pointer);
                $f(value);
            }
            S::Call { arguments, .. } | S::Intrinsic { arguments, .. } => {
                for h in arguments {
                    $f(h);
                }
            }
            S::Atomic {
                pointer,
                value,
                compare,
                ..
            } => {
                $f(pointer);
                if let Some(c) = compare {
                    $f(c);
                }
                if let Some(v) = value {
                    $f(v);
                }
            }
            S::WorkgroupUniformLoad { pointer, .. } => $f(pointer),
            S::Subgroup { args, .. } => {
                for h in args {
                    $f(h);
                }
            }
            S::SubgroupMatrixStore {
                pointer,
                offset,
                value,
                stride,
                ..
            } => {
                $f(pointer);
                $f(offset);
                $f(value);
                $f(stride);
            }
            S::CoopVecAccumulate {
                pointer,
                offset,
                a,
                b,
                ..
            } => {
                $f(pointer);
                $f(offset);
                $f(a);
                if let Some(b) = b {
                    $f(b);
                }
            }
            S::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => {
                $f(image);
                $f(coordinate);
                if let Some(a) = array_index {
                    $f(a);
                }
                $f(value);
            }
        }
    }};
}

/// The `*Result` expression of a statement, written once for both walks:
/// a `&H` or a `&mut H`, as `$st` is borrowed.
macro_rules! statement_result {
    ($st:expr) => {{
        use Statement as S;
        match $st {
            S::Call {
                result: Some(r), ..
            }
            | S::Atomic {
                result: Some(r), ..
            }
            | S::Intrinsic {
                result: Some(r), ..
            } => Some(r),
            S::WorkgroupUniformLoad { result: r, .. } | S::Subgroup { result: r, .. } => Some(r),
            _ => None,
        }
    }};
}

/// Calls `f` on every expression a statement reads directly (not through
/// nested blocks), in evaluation order. Result handles are not operands:
/// see [`result`].
pub fn statement_operands(st: &Statement, mut f: impl FnMut(H)) {
    let mut each = |h: &H| f(*h);
    for_each_statement_operand!(st, each)
}

/// Calls `f` on a mutable reference to every expression handle a statement
/// holds directly: its operands, then its result handle, if any. Nested
/// blocks are left alone ([`child_blocks_mut`] reaches them); the range of
/// an [`Statement::Emit`] is not included.
pub fn statement_handles_mut(st: &mut Statement, mut f: impl FnMut(&mut H)) {
    for_each_statement_operand!(&mut *st, f);
    if let Some(r) = statement_result!(st) {
        f(r);
    }
}

/// The `*Result` expression a statement defines, if any.
pub fn result(st: &Statement) -> Option<H> {
    statement_result!(st).copied()
}

/// The blocks nested directly in a statement, written once for both
/// walks: `$st` is a `&Statement` or a `&mut Statement`, `$cases` is
/// `iter` or `iter_mut`, and `$m` is `mut` for the mutable walk. The
/// result is an iterator in source order (`if` accept then reject, switch
/// cases, loop body then continuing) that allocates nothing.
macro_rules! child_blocks_of {
    ($st:expr, $cases:ident $(, $m:tt)?) => {{
        use Statement as S;
        let (blocks, cases) = match $st {
            S::Block(b) => ([Some(b), None], Default::default()),
            S::If { accept, reject, .. } => ([Some(accept), Some(reject)], Default::default()),
            S::Switch { cases, .. } => ([None, None], cases.$cases()),
            S::Loop {
                body, continuing, ..
            } => ([Some(body), Some(continuing)], Default::default()),
            S::Emit(_)
            | S::Break
            | S::Continue
            | S::Return { .. }
            | S::Store { .. }
            | S::Call { .. }
            | S::Atomic { .. }
            | S::WorkgroupUniformLoad { .. }
            | S::Barrier(_)
            | S::Subgroup { .. }
            | S::ImageStore { .. }
            | S::Discard
            | S::CoopVecAccumulate { .. }
            | S::Intrinsic { .. }
            | S::SubgroupMatrixStore { .. } => ([None, None], Default::default()),
        };
        blocks
            .into_iter()
            .flatten()
            .chain(cases.map(|c| &$($m)? c.body))
    }};
}

impl Statement {
    /// The blocks nested directly in this statement, in source order
    /// (`if` accept then reject, switch cases, loop body then continuing);
    /// none for a statement without nested blocks. Allocates nothing.
    /// [`child_blocks`] is the same walk with a callback.
    pub fn child_blocks(&self) -> impl Iterator<Item = &Block> {
        child_blocks_of!(self, iter)
    }

    /// The blocks nested directly in this statement, mutably, in the order
    /// of [`Statement::child_blocks`].
    pub fn child_blocks_mut(&mut self) -> impl Iterator<Item = &mut Block> {
        child_blocks_of!(self, iter_mut, mut)
    }
}

/// Calls `f` on each block nested directly in a statement, in the order of
/// [`Statement::child_blocks`].
pub fn child_blocks<'a>(st: &'a Statement, f: impl FnMut(&'a Block)) {
    st.child_blocks().for_each(f)
}

/// Calls `f` on each block nested directly in a statement, mutably, in the
/// order of [`Statement::child_blocks`].
pub fn child_blocks_mut(st: &mut Statement, f: impl FnMut(&mut Block)) {
    st.child_blocks_mut().for_each(f)
}

/// Calls `f` on the expression operands and on the result of `st` itself
/// (not of the blocks nested in it).
pub fn statement_operands_and_result(st: &Statement, mut f: impl FnMut(H)) {
    statement_operands(st, &mut f);
    if let Some(r) = result(st) {
        f(r);
    }
}

/// Calls `f` on every statement of `block` and of the blocks nested in it,
/// in source order (a statement before the statements nested in it). Uses
/// an explicit stack, so deep nesting cannot overflow the call stack; the
/// block being walked is not on it, so a block without nested blocks
/// allocates nothing.
pub fn walk_statements<'a>(block: &'a Block, mut f: impl FnMut(&'a Statement, Span)) {
    type Walk<'a> = std::iter::Zip<std::slice::Iter<'a, Statement>, std::slice::Iter<'a, Span>>;
    fn walk(b: &Block) -> Walk<'_> {
        b.statements.iter().zip(b.spans.iter())
    }
    fn done<'a>() -> Walk<'a> {
        <&[Statement]>::default().iter().zip(<&[Span]>::default())
    }
    let mut stack: Vec<Walk<'a>> = Vec::new();
    let mut cur = walk(block);
    loop {
        let Some((st, &span)) = cur.next() else {
            match stack.pop() {
                Some(next) => {
                    cur = next;
                    continue;
                }
                None => return,
            }
        };
        f(st, span);
        // With the first child, the rest of this block goes on the stack
        // to wait under the children, which go on in reverse, so the first
        // is walked next.
        let first = stack.len();
        child_blocks(st, |b| {
            if stack.len() == first {
                stack.push(std::mem::replace(&mut cur, done()));
            }
            stack.push(walk(b));
        });
        if stack.len() > first {
            stack[first + 1..].reverse();
            if let Some(next) = stack.pop() {
                cur = next;
            }
        }
    }
}

/// Whether a statement of `block` or of the blocks nested in it satisfies
/// `pred` (stops at the first; allocates nothing).
pub fn any_statement(block: &Block, pred: &mut impl FnMut(&Statement) -> bool) -> bool {
    block
        .statements
        .iter()
        .any(|st| pred(st) || st.child_blocks().any(|b| any_statement(b, pred)))
}

/// Calls `f` on `block` and every block nested in it, mutably, innermost
/// blocks first (a block's nested blocks are visited before the block
/// itself, so `f` may restructure a block after its children are done).
pub fn walk_blocks_mut(block: &mut Block, f: &mut impl FnMut(&mut Block)) {
    for st in block.statements_mut() {
        child_blocks_mut(st, |b| walk_blocks_mut(b, f));
    }
    f(block);
}

/// The functions `function` calls, each once, in first-call order (call
/// statements, then the functions of per-element operations).
pub fn callees(function: &Function) -> Vec<Handle<Function>> {
    let mut out: Vec<Handle<Function>> = Vec::new();
    walk_statements(&function.body, |st, _| {
        if let Statement::Call { function, .. } = st {
            if !out.contains(function) {
                out.push(*function);
            }
        }
    });
    for (_, e) in function.expressions.iter() {
        if let Expression::SubgroupMatrixPerElement { function, .. }
        | Expression::SubgroupMatrixReduce {
            function: Some(function),
            ..
        } = e
        {
            if !out.contains(function) {
                out.push(*function);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BinaryOperator, CaseSelector, Literal, SwitchCase};

    #[test]
    fn select_operands_in_wgsl_order() {
        let (c, a, r) = (H::from_index(0), H::from_index(1), H::from_index(2));
        let e = Expression::Select {
            condition: c,
            accept: a,
            reject: r,
        };
        let mut seen = Vec::new();
        operands(&e, |h| seen.push(h));
        assert_eq!(seen, [r, a, c]);
        let mapped = map_operands(&e, |h| H::from_index(h.index() + 10));
        let mut seen = Vec::new();
        operands(&mapped, |h| seen.push(h.index()));
        assert_eq!(seen, [12, 11, 10]);
    }

    #[test]
    fn emit_rule() {
        assert!(!needs_emit(&Expression::Literal(Literal::U32(1))));
        assert!(!needs_emit(&Expression::CallResult(Handle::from_index(0))));
        assert!(needs_emit(&Expression::ZeroValue(Handle::from_index(0))));
        assert!(needs_emit(&Expression::Binary {
            op: BinaryOperator::Add,
            left: H::from_index(0),
            right: H::from_index(1)
        }));
    }

    #[test]
    fn walks_nested_blocks_in_source_order() {
        let mut inner = Block::new();
        inner.push(Statement::Continue, Span::UNDEFINED);
        let mut body = Block::new();
        body.push(
            Statement::If {
                condition: H::from_index(0),
                accept: inner,
                reject: Block::new(),
            },
            Span::UNDEFINED,
        );
        body.push(Statement::Break, Span::UNDEFINED);
        let mut names = Vec::new();
        walk_statements(&body, |st, _| {
            names.push(match st {
                Statement::If { .. } => "if",
                Statement::Continue => "continue",
                Statement::Break => "break",
                _ => "other",
            })
        });
        assert_eq!(names, ["if", "continue", "break"]);
    }

    /// Both iterators give a statement's nested blocks in source order, the
    /// same blocks; statements without nested blocks give none.
    #[test]
    fn child_blocks_in_source_order() {
        fn tagged(n: u32) -> Block {
            let mut b = Block::new();
            b.push(Statement::Break, Span::new(n, n + 1));
            b
        }
        let tags =
            |st: &Statement| -> Vec<u32> { st.child_blocks().map(|b| b.spans[0].start).collect() };
        let cases = (0..3)
            .map(|i| SwitchCase {
                selectors: vec![CaseSelector::I32(i)],
                body: tagged(10 + i as u32),
            })
            .collect();
        let mut sts = [
            Statement::Block(tagged(1)),
            Statement::If {
                condition: H::from_index(0),
                accept: tagged(2),
                reject: tagged(3),
            },
            Statement::Switch {
                selector: H::from_index(0),
                cases,
            },
            Statement::Loop {
                body: tagged(4),
                continuing: tagged(5),
                break_if: None,
                unroll: false,
            },
            Statement::Break,
        ];
        let want: [&[u32]; 5] = [&[1], &[2, 3], &[10, 11, 12], &[4, 5], &[]];
        for (st, want) in sts.iter_mut().zip(want) {
            assert_eq!(tags(st), want);
            let seen: Vec<*const Block> = st.child_blocks().map(|b| b as *const Block).collect();
            let seen_mut: Vec<*const Block> = st
                .child_blocks_mut()
                .map(|b| b as *mut Block as *const Block)
                .collect();
            assert_eq!(seen, seen_mut);
        }
    }

    /// The walk visits what a recursive walk visits, in the same order,
    /// through every kind of nesting (several children, empty ones, deep
    /// ones, statements after nested blocks).
    #[test]
    fn walk_order_matches_a_recursive_walk() {
        // Every statement gets a span of its own, so the orders compare.
        fn span(n: &mut u32) -> Span {
            *n += 1;
            Span::new(*n, *n + 1)
        }
        fn block(n: &mut u32, depth: u32) -> Block {
            let mut b = Block::new();
            b.push(Statement::Break, span(n));
            if depth > 0 {
                let condition = H::from_index(0);
                let (accept, reject) = (block(n, depth - 1), block(n, depth - 1));
                let st = Statement::If {
                    condition,
                    accept,
                    reject,
                };
                b.push(st, span(n));
                let (body, continuing) = (block(n, depth - 1), Block::new());
                let st = Statement::Loop {
                    body,
                    continuing,
                    break_if: None,
                    unroll: false,
                };
                b.push(st, span(n));
                let cases = (0..3)
                    .map(|i| SwitchCase {
                        selectors: vec![CaseSelector::I32(i)],
                        body: if i == 1 {
                            Block::new()
                        } else {
                            block(n, depth - 1)
                        },
                    })
                    .collect();
                let st = Statement::Switch {
                    selector: condition,
                    cases,
                };
                b.push(st, span(n));
                let st = Statement::Block(block(n, depth - 1));
                b.push(st, span(n));
            }
            b.push(Statement::Break, span(n));
            b
        }
        fn recursive(b: &Block, out: &mut Vec<Span>) {
            for (st, span) in b.iter() {
                out.push(span);
                child_blocks(st, |c| recursive(c, out));
            }
        }
        let mut n = 0;
        let body = block(&mut n, 3);
        let mut expected = Vec::new();
        recursive(&body, &mut expected);
        let mut walked = Vec::new();
        walk_statements(&body, |_, span| walked.push(span));
        assert!(expected.len() > 100, "{}", expected.len());
        assert_eq!(walked, expected);
    }
}

//! Per-function analysis that decides how a body prints.
//!
//! The IR evaluates expressions at `Emit` statements; the printer inlines
//! expressions at their use where that preserves meaning and binds the rest
//! with `let` at their `Emit`:
//! - an expression is *baked* (gets a `let`) if it is named by a `let` in
//!   the source, used more than once, or reads memory (`Load`,
//!   `subgroupMatrixLoad`) and cannot be moved to its use without crossing
//!   a statement;
//! - pointer-typed and trivially cheap expressions (literals, constants,
//!   variables, arguments) are never baked;
//! - a local variable is declared (`var x: T = v;`) at its first store when
//!   every later mention is in scope of that statement; otherwise it is
//!   declared at the top of the function.
//!
//! Blocks are numbered in pre-order (a block gets its number when entered,
//! bodies of `if` before `else`, switch cases in order, loop body before
//! `continuing`); the printer walks in the same order.

use super::{error, MAX_DEPTH};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{visit, Module};
use crate::ir::{Block, Expression, Function, LocalVariable, Statement, TypeInner};

/// Deepest nesting of inlined expressions before the printer binds one
/// with `let`.
const MAX_INLINE_DEPTH: u32 = 64;

/// A place in the body: block number and statement index.
pub type Pos = (u32, usize);

/// Who uses an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum User {
    /// Nobody.
    None,
    /// Exactly one expression.
    Expr(Handle<Expression>),
    /// Exactly one statement operand: the `Emit` run before the statement,
    /// and the statement's index in its block.
    Stmt(Pos, usize),
    /// More than one use.
    Many,
}

/// How a local variable is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalDecl {
    /// Not yet seen (analysis only).
    Unseen,
    /// At the store at this position, in scope of the block.
    AtStore(Pos),
    /// At the top of the function, zero-initialised.
    Top,
}

/// Calls `f` on every direct expression operand of a statement (not of
/// nested blocks), in evaluation order; a loop's `break if` condition is
/// left out (it is evaluated at the end of `continuing`, where the walks
/// handle it).
fn for_each_stmt_operand(s: &Statement, f: impl FnMut(Handle<Expression>)) {
    if !matches!(s, Statement::Loop { .. }) {
        visit::statement_operands(s, f);
    }
}

/// Printing state of one function: names and the analysis results.
#[derive(Debug, Default)]
pub struct FnState {
    /// Parameter names.
    pub arg_names: Vec<String>,
    /// Local variable names.
    pub local_names: Vec<String>,
    /// Names of expressions already bound by a `let` (or a result statement).
    names: Vec<Option<String>>,
    /// Whether each expression gets a `let` at its `Emit`.
    pub baked: Vec<bool>,
    /// Number of uses of each expression.
    pub use_count: Vec<u32>,
    /// How each local is declared.
    pub local_decl: Vec<LocalDecl>,
    /// Results of call-like statements printed inline at their single use
    /// (the statement prints nothing).
    pub inline_result: Vec<bool>,
    /// For locals declared at a store: the address of that `Store`
    /// statement (an identity, never dereferenced); 0 otherwise.
    pub decl_stmt: Vec<usize>,
}

impl FnState {
    /// The bound name of `h`, once its `let` has been printed.
    pub fn bound_name(&self, h: Handle<Expression>) -> Option<&str> {
        self.names.get(h.index()).and_then(|n| n.as_deref())
    }

    /// Records the name bound to `h`.
    pub fn bind(&mut self, h: Handle<Expression>, name: String) {
        if let Some(slot) = self.names.get_mut(h.index()) {
            *slot = Some(name);
        }
    }

    /// Whether `h` is used or named (so a statement defining it must bind it).
    pub fn is_needed(&self, h: Handle<Expression>, func: &Function) -> bool {
        self.use_count.get(h.index()).copied().unwrap_or(0) > 0
            || func.named_expressions.contains_key(&h)
    }
}

struct Analyzer<'a> {
    module: &'a Module,
    func: &'a Function,
    next_block: u32,
    users: Vec<User>,
    use_count: Vec<u32>,
    emit_pos: Vec<Option<Pos>>,
    /// Whether each expression gets a `let`.
    baked: Vec<bool>,
    local_decl: Vec<LocalDecl>,
    decl_stmt: Vec<usize>,
    inline_result: Vec<bool>,
    /// Every expression, operands before users ([`operands_first`]).
    order: Vec<Handle<Expression>>,
    active: Vec<bool>,
}

/// Every expression of `func`, operands before their users. The front end
/// adds expressions in that order, so this is the arena's order unless a
/// pass added an operand after its user (`shift-amount` masking a shift
/// amount, for example); then a depth-first walk gives one.
fn operands_first(func: &Function) -> Vec<Handle<Expression>> {
    let n = func.expressions.len();
    let mut sorted = true;
    for (h, e) in func.expressions.iter() {
        visit::operands(e, |op| sorted &= op.index() < h.index());
    }
    if sorted {
        return func.expressions.iter().map(|(h, _)| h).collect();
    }
    // 0: not seen, 1: operands pending, 2: placed.
    let mut state = vec![0u8; n];
    let mut out = Vec::with_capacity(n);
    let mut stack: Vec<(Handle<Expression>, bool)> = Vec::new();
    for (root, _) in func.expressions.iter() {
        stack.push((root, false));
        while let Some((h, operands_done)) = stack.pop() {
            let i = h.index();
            if operands_done {
                if state[i] == 1 {
                    state[i] = 2;
                    out.push(h);
                }
                continue;
            }
            if state[i] != 0 {
                continue;
            }
            state[i] = 1;
            stack.push((h, true));
            if let Some(e) = func.expressions.try_get(h) {
                visit::operands(e, |op| {
                    if state.get(op.index()) == Some(&0) {
                        stack.push((op, false));
                    }
                });
            }
        }
    }
    out
}

fn add_use(users: &mut [User], counts: &mut [u32], h: Handle<Expression>, user: User) {
    let i = h.index();
    if let Some(c) = counts.get_mut(i) {
        *c = c.saturating_add(1);
        users[i] = if *c == 1 { user } else { User::Many };
    }
}

/// Analyses a function body and returns the state the printer needs
/// (names are filled in by the caller).
pub fn analyze(module: &Module, func: &Function) -> Result<FnState, Error> {
    let n = func.expressions.len();
    let mut a = Analyzer {
        module,
        func,
        next_block: 0,
        users: vec![User::None; n],
        use_count: vec![0; n],
        emit_pos: vec![None; n],
        baked: vec![false; n],
        local_decl: vec![LocalDecl::Unseen; func.local_variables.len()],
        decl_stmt: vec![0; func.local_variables.len()],
        inline_result: vec![false; n],
        order: Vec::new(),
        active: Vec::new(),
    };
    a.count_block(&func.body, 0)?;
    a.order = operands_first(func);
    // Only live expressions count as users: an expression is live if a
    // statement uses it, it is named, or a live expression uses it. In
    // `order` users come after their operands, so one backward pass works.
    let mut live: Vec<bool> = (0..n)
        .map(|i| a.use_count[i] > 0 || func.named_expressions.contains_key(&Handle::from_index(i)))
        .collect();
    for &h in a.order.iter().rev() {
        let e = &func.expressions[h];
        if live[h.index()] {
            visit::operands(e, |op| {
                if let Some(l) = live.get_mut(op.index()) {
                    *l = true;
                }
            });
        }
    }
    for (h, e) in func.expressions.iter() {
        if live[h.index()] {
            let (users, counts) = (&mut a.users, &mut a.use_count);
            visit::operands(e, |op| add_use(users, counts, op, User::Expr(h)));
        }
    }
    a.decide_baking();
    a.limit_inline_depth();
    a.next_block = 0;
    a.decide_results(&func.body, 0)?;
    a.next_block = 0;
    a.scan_locals(&func.body, 0, None, None)?;
    let local_decl = a
        .local_decl
        .iter()
        .map(|d| match d {
            LocalDecl::Unseen => LocalDecl::Top,
            other => *other,
        })
        .collect();
    Ok(FnState {
        arg_names: Vec::new(),
        local_names: Vec::new(),
        names: vec![None; n],
        baked: a.baked,
        use_count: a.use_count,
        local_decl,
        decl_stmt: a.decl_stmt,
        inline_result: a.inline_result,
    })
}

impl Analyzer<'_> {
    /// Counts uses and records `Emit` positions. A position is a block
    /// number and the index of the first `Emit` of a run of consecutive
    /// `Emit`s (they have no side effects, so a run is one point in time);
    /// a statement operand is recorded at the run just before the
    /// statement. Returns the run that ends the block, if any.
    fn count_block(&mut self, block: &Block, depth: u32) -> Result<Option<usize>, Error> {
        if depth > MAX_DEPTH {
            return Err(error(
                "statements are nested too deeply to be written",
                block.spans.first().copied().unwrap_or_default(),
            ));
        }
        let id = self.next_block;
        self.next_block += 1;
        let mut run: Option<usize> = None;
        for (k, s) in block.statements.iter().enumerate() {
            if let Statement::Emit(range) = s {
                let start = *run.get_or_insert(k);
                for h in range.clone() {
                    if let Some(p) = self.emit_pos.get_mut(h.index()) {
                        p.get_or_insert((id, start));
                    }
                }
                continue;
            }
            let at = (id, run.take().unwrap_or(usize::MAX));
            let (users, counts) = (&mut self.users, &mut self.use_count);
            for_each_stmt_operand(s, |op| add_use(users, counts, op, User::Stmt(at, k)));
            if let Statement::Loop {
                body,
                continuing,
                break_if,
                ..
            } = s
            {
                self.count_block(body, depth + 1)?;
                let cont_id = self.next_block;
                let tail = self.count_block(continuing, depth + 1)?;
                if let Some(c) = *break_if {
                    let at = (cont_id, tail.unwrap_or(usize::MAX));
                    let (users, counts) = (&mut self.users, &mut self.use_count);
                    add_use(users, counts, c, User::Stmt(at, continuing.len()));
                }
            } else {
                for b in s.child_blocks() {
                    self.count_block(b, depth + 1)?;
                }
            }
        }
        Ok(run)
    }

    fn is_pointer(&self, h: Handle<Expression>) -> bool {
        self.func
            .expression_types
            .get(h.index())
            .and_then(|&t| self.module.types.try_get(t))
            .is_some_and(|t| matches!(t.inner, TypeInner::Pointer { .. }))
    }

    /// Whether `h` is a texture or sampler value: its load reads nothing
    /// that changes, so it prints at its uses unless the source named it
    /// (a `let` of a texture needs the `texture_and_sampler_let` feature).
    fn is_handle(&self, h: Handle<Expression>) -> bool {
        self.func
            .expression_types
            .get(h.index())
            .and_then(|&t| self.module.types.try_get(t))
            .is_some_and(|t| matches!(t.inner, TypeInner::Image { .. } | TypeInner::Sampler { .. }))
    }

    fn decide_baking(&mut self) {
        // Walking `order` backwards decides every user before the
        // expressions it uses.
        for &h in self.order.iter().rev() {
            let e = &self.func.expressions[h];
            let i = h.index();
            let Some(pos) = self.emit_pos[i] else {
                continue;
            };
            let named = self.func.named_expressions.contains_key(&h);
            // A texture or sampler `let` of the source stays one
            // (`texture_and_sampler_let`); other handle values print at
            // their uses.
            if self.is_pointer(h) || (self.is_handle(h) && !named) {
                continue;
            }
            let cheap = matches!(
                e,
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
            );
            let reads_memory = matches!(
                e,
                Expression::Load { .. } | Expression::SubgroupMatrixLoad { .. }
            );
            self.baked[i] = if named {
                !matches!(
                    e,
                    Expression::CallResult(_)
                        | Expression::AtomicResult { .. }
                        | Expression::WorkgroupUniformLoadResult { .. }
                        | Expression::SubgroupResult { .. }
                        | Expression::IntrinsicResult { .. }
                )
            } else if cheap || self.use_count[i] == 0 {
                false
            } else if self.use_count[i] > 1 {
                true
            } else {
                reads_memory && !self.can_move_to_use(h, pos)
            };
        }
    }

    /// Bakes an expression whose inlined tree would nest more than
    /// [`MAX_INLINE_DEPTH`] levels (`v.wzyx.wzyx...`, `-(-(-...))`), so the
    /// printed text, and the printer's recursion, stay shallow however deep
    /// the source nests. Baking at the `Emit` keeps the IR's evaluation
    /// order.
    fn limit_inline_depth(&mut self) {
        let mut depth = vec![0u32; self.func.expressions.len()];
        for &h in &self.order {
            let e = &self.func.expressions[h];
            let inlined_depth = |op: Handle<Expression>| {
                if self.baked.get(op.index()).copied().unwrap_or(true) {
                    0
                } else {
                    depth.get(op.index()).copied().unwrap_or(0)
                }
            };
            let mut d = 0;
            visit::operands(e, |op| d = d.max(inlined_depth(op) + 1));
            // The left operands of a chain of binary operators print
            // without recursion (`a + b - c + ...`): they add no depth.
            if let Expression::Binary { left, right, .. } = *e {
                d = inlined_depth(left).max(inlined_depth(right) + 1);
            }
            if d > MAX_INLINE_DEPTH && self.emit_pos[h.index()].is_some() && !self.is_pointer(h) {
                self.baked[h.index()] = true;
            }
            depth[h.index()] = if self.baked[h.index()] { 0 } else { d };
        }
    }

    /// Whether an expression evaluated at the `Emit` at `pos` can be printed
    /// at its (single, transitive) use without crossing a statement.
    fn can_move_to_use(&self, h: Handle<Expression>, pos: Pos) -> bool {
        let mut cur = h;
        loop {
            match self.users[cur.index()] {
                User::None | User::Many => return false,
                User::Stmt(at, _) => return at == pos,
                User::Expr(u) => {
                    if self.baked[u.index()] {
                        return self.emit_pos[u.index()] == Some(pos);
                    }
                    if self.use_count[u.index()] != 1 {
                        return false;
                    }
                    cur = u;
                }
            }
        }
    }

    /// The result a statement defines, if it is a call-like statement.
    fn result_of(s: &Statement) -> Option<Handle<Expression>> {
        crate::ir::visit::result(s)
    }

    /// Whether the inlined parts of the tree rooted at `root` read memory.
    fn tree_reads_memory(&self, root: Handle<Expression>) -> bool {
        let mut stack = vec![root];
        while let Some(h) = stack.pop() {
            if self.baked.get(h.index()).copied().unwrap_or(true) {
                continue;
            }
            let Some(e) = self.func.expressions.try_get(h) else {
                return true;
            };
            if matches!(
                e,
                Expression::Load { .. } | Expression::SubgroupMatrixLoad { .. }
            ) && !self.is_handle(h)
            {
                return true;
            }
            visit::operands(e, |op| stack.push(op));
        }
        false
    }

    /// Decides which call-like results print inline: the result is used
    /// once, by the next statement (only binding-free `Emit`s between) or
    /// by the first `let` right after the call, and nothing printed there
    /// reads memory (which could move a read across the call).
    fn decide_results(&mut self, block: &Block, depth: u32) -> Result<(), Error> {
        if depth > MAX_DEPTH {
            return Err(error(
                "statements are nested too deeply to be written",
                block.spans.first().copied().unwrap_or_default(),
            ));
        }
        let id = self.next_block;
        self.next_block += 1;
        let stmts = &block.statements;
        for (k, s) in stmts.iter().enumerate() {
            if let Some(r) = Self::result_of(s) {
                if self.result_inlinable(r, id, k, stmts) {
                    self.inline_result[r.index()] = true;
                }
            }
            for b in s.child_blocks() {
                self.decide_results(b, depth + 1)?;
            }
        }
        Ok(())
    }

    fn result_inlinable(
        &self,
        r: Handle<Expression>,
        id: u32,
        k: usize,
        stmts: &[Statement],
    ) -> bool {
        let i = r.index();
        if self.use_count.get(i) != Some(&1) || self.func.named_expressions.contains_key(&r) {
            return false;
        }
        // The statements between the call and its user: Emits only.
        let mut next = k + 1;
        while matches!(stmts.get(next), Some(Statement::Emit(_))) {
            next += 1;
        }
        let first_baked = stmts[k + 1..next].iter().find_map(|s| match s {
            Statement::Emit(range) => range
                .clone()
                .find(|h| self.baked.get(h.index()).copied().unwrap_or(false)),
            _ => None,
        });
        let mut cur = r;
        loop {
            match self.users[cur.index()] {
                User::None | User::Many => return false,
                User::Stmt((block, _), idx) => {
                    if block != id || idx != next || first_baked.is_some() {
                        return false;
                    }
                    let mut ops = Vec::new();
                    if let Some(s) = stmts.get(idx) {
                        for_each_stmt_operand(s, |op| ops.push(op));
                    } else {
                        // `break if` at the end of a continuing block.
                        ops.push(cur);
                    }
                    return !ops.iter().any(|&op| self.tree_reads_memory(op));
                }
                User::Expr(u) => {
                    if self.baked[u.index()] {
                        return first_baked == Some(u) && !self.body_reads_memory(u);
                    }
                    if self.use_count[u.index()] != 1 {
                        return false;
                    }
                    cur = u;
                }
            }
        }
    }

    /// Like [`Self::tree_reads_memory`] for the defining text of a baked
    /// expression.
    fn body_reads_memory(&self, h: Handle<Expression>) -> bool {
        let Some(e) = self.func.expressions.try_get(h) else {
            return true;
        };
        if matches!(
            e,
            Expression::Load { .. } | Expression::SubgroupMatrixLoad { .. }
        ) && !self.is_handle(h)
        {
            return true;
        }
        let mut reads = false;
        visit::operands(e, |op| reads |= self.tree_reads_memory(op));
        reads
    }

    /// Records the locals mentioned when printing operand `h` at a statement.
    fn mention_tree(&mut self, root: Handle<Expression>, skip_root_bake: bool) {
        let mut stack = vec![root];
        let mut first = true;
        while let Some(h) = stack.pop() {
            let is_root = std::mem::take(&mut first);
            if self.baked.get(h.index()).copied().unwrap_or(false) && !(is_root && skip_root_bake) {
                continue;
            }
            let Some(e) = self.func.expressions.try_get(h) else {
                continue;
            };
            if let Expression::LocalVariable(l) = *e {
                self.mention(l);
            }
            visit::operands(e, |op| stack.push(op));
        }
    }

    fn mention(&mut self, l: Handle<LocalVariable>) {
        let Some(state) = self.local_decl.get(l.index()).copied() else {
            return;
        };
        let new = match state {
            LocalDecl::Unseen => LocalDecl::Top,
            LocalDecl::AtStore((block, _)) if !self.active[block as usize] => LocalDecl::Top,
            other => other,
        };
        self.local_decl[l.index()] = new;
    }

    /// Walks a block recording local mentions. `tail` is a loop's
    /// `continuing` block and `break if` condition, which WGSL nests inside
    /// the loop body's scope.
    fn scan_locals(
        &mut self,
        block: &Block,
        depth: u32,
        tail: Option<(&Block, Option<Handle<Expression>>)>,
        break_if: Option<Handle<Expression>>,
    ) -> Result<(), Error> {
        if depth > MAX_DEPTH {
            return Err(error(
                "statements are nested too deeply to be written",
                block.spans.first().copied().unwrap_or_default(),
            ));
        }
        let id = self.next_block;
        self.next_block += 1;
        if self.active.len() <= id as usize {
            self.active.resize(id as usize + 1, false);
        }
        self.active[id as usize] = true;
        for (k, s) in block.statements.iter().enumerate() {
            match *s {
                Statement::Emit(ref range) => {
                    for h in range.clone() {
                        if self.baked.get(h.index()).copied().unwrap_or(false) {
                            self.mention_tree(h, true);
                        }
                    }
                }
                Statement::Store { pointer, value } => {
                    self.mention_tree(value, false);
                    let local = match self.func.expressions.try_get(pointer) {
                        Some(&Expression::LocalVariable(l)) => Some(l),
                        _ => None,
                    };
                    match local {
                        Some(l) if self.local_decl.get(l.index()) == Some(&LocalDecl::Unseen) => {
                            self.local_decl[l.index()] = LocalDecl::AtStore((id, k));
                            self.decl_stmt[l.index()] = s as *const Statement as usize;
                        }
                        _ => self.mention_tree(pointer, false),
                    }
                }
                Statement::Loop {
                    ref body,
                    ref continuing,
                    break_if,
                    ..
                } => self.scan_locals(body, depth + 1, Some((continuing, break_if)), None)?,
                _ => {
                    let mut ops = Vec::new();
                    for_each_stmt_operand(s, |op| ops.push(op));
                    for op in ops {
                        self.mention_tree(op, false);
                    }
                    for b in s.child_blocks() {
                        self.scan_locals(b, depth + 1, None, None)?;
                    }
                }
            }
        }
        if let Some((continuing, cond)) = tail {
            self.scan_locals(continuing, depth + 1, None, cond)?;
        }
        if let Some(c) = break_if {
            self.mention_tree(c, false);
        }
        self.active[id as usize] = false;
        Ok(())
    }
}

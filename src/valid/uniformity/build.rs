//! Building a function's uniformity graph: the walk over statements
//! (WGSL spec, "Uniformity Rules for Statements") and the function-scope
//! variable value analysis ("Function-scope Variable Value Analysis").
//!
//! The value of each function-scope variable (and of the memory behind
//! each `function`-space pointer parameter, the spec's desugared pointer
//! parameters) is tracked as the node of its current value, in one array
//! with an undo trail: an `if` or a `switch` case runs on the state before
//! it and the branches' final values are joined afterwards; `break`,
//! `continue` and `break if` link the current values of the variables the
//! enclosing loop or switch assigns (found by a pre-pass) to the loop's
//! exit and continuing join nodes, and the loop header gets a join node
//! per assigned variable for the back edge. The work per statement is
//! proportional to the variables that statement's construct assigns, so
//! the graph is built in time linear in the function's size times the
//! (parser-bounded) statement nesting depth.
//!
//! The IR's lowerings are analysed as the spec analyses the source:
//! `for`/`while` become `loop { if !cond { break; } ... }` exactly as the
//! spec desugars them, and `a && b` becomes `var t = a; if a { t = b; }`,
//! whose `if` makes the evaluation of `b` control dependent on `a` (the
//! spec's `(V1, e2) => V2`) and whose result depends on both operands.

use rustc_hash::{FxHashMap, FxHashSet};

use super::graph::{Graph, NodeId, NodeKind, CF_START, NONE};
use super::summary::{FunctionSummary, Requirement};
use crate::arena::Handle;
use crate::ir::{
    AddressSpace, Block, EntryPoint, Expression, FilterIndex, Function, Module, Statement,
    TypeInner,
};
use crate::span::Span;
use crate::valid::type_facts::TypeFacts;

/// Statement behaviours (WGSL spec, "Statements Behavior Analysis").
pub(crate) type Behavior = u8;
/// Falls through to the next statement.
pub(crate) const NEXT: Behavior = 1;
/// `break`.
pub(crate) const BREAK: Behavior = 2;
/// `continue`.
pub(crate) const CONTINUE: Behavior = 4;
/// `return`.
pub(crate) const RETURN: Behavior = 8;

/// Where a pointer expression points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Root {
    /// A tracked variable slot (a local `var` or the memory behind a
    /// `function`-space pointer parameter); `full` when the pointer is
    /// the whole variable (a full reference).
    Slot { slot: u32, full: bool },
    /// A module-scope variable.
    Global(u32),
    /// A pointer parameter into module-scope memory.
    Param(u32),
    /// Anything else.
    Other,
}

/// A `loop` or `switch` that `break`/`continue` jump to.
struct Target {
    is_loop: bool,
    /// Slots the construct assigns.
    vars: Vec<u32>,
    /// Parallel to `vars`: declared directly in the construct (re-declared
    /// on every iteration, dead after it), so only `continue` links it.
    local: Vec<bool>,
    /// Join nodes of the values at the construct's exits, parallel to
    /// `vars` (`NONE` until first linked).
    exit: Vec<NodeId>,
    /// Join nodes of the values entering `continuing`, parallel to `vars`.
    cont: Vec<NodeId>,
}

/// The tables a [`Builder`] fills for one function. The solver keeps them
/// between functions ([`Tables::reset`]), so each function reuses their
/// memory instead of allocating a dozen tables of its own.
#[derive(Default)]
pub(crate) struct Tables {
    /// The requirements found, in program order.
    pub reqs: Vec<Requirement>,
    /// Value node of each evaluated expression.
    pub(super) expr_node: Vec<NodeId>,
    /// Node of each argument's value (`NONE`: uniform or not created).
    pub(super) arg_node: Vec<NodeId>,
    /// Current value of each slot.
    pub(super) cur: Vec<NodeId>,
    trail: Vec<(u32, NodeId)>,
    /// Slot of each parameter that is a `function`-space pointer.
    pub(super) param_slot: Vec<Option<u32>>,
    /// `Value_return_i_contents` per parameter (`NONE` if not a
    /// `function`-space pointer).
    pub ret_contents: Vec<NodeId>,
    /// Loops and switches: slots they assign, by statement address.
    modified: FxHashMap<usize, Vec<(u32, bool)>>,
    targets: Vec<Target>,
    /// `ZeroValue` expressions that initialise a `var` declared without an
    /// initializer.
    pub(super) var_zero_inits: FxHashSet<Handle<Expression>>,
    /// A reusable operand list.
    pub(super) scratch: Vec<Handle<Expression>>,
    /// Per slot: the trail position of the last `changed_since` that saw
    /// it (de-duplication without a set).
    seen_at: Vec<usize>,
    /// `'name'` of each builtin named in a requirement so far (kept across
    /// functions: most modules name a few builtins many times).
    quoted: FxHashMap<&'static str, std::rc::Rc<str>>,
}

impl Tables {
    /// Empties the tables (keeping their memory and the quoted names) and
    /// sizes them for a function of `exprs` expressions, `args` arguments
    /// and `locals` local variables.
    fn reset(&mut self, exprs: usize, args: usize, locals: usize) {
        use crate::arena::refill;
        self.reqs.clear();
        refill(&mut self.expr_node, exprs, NONE);
        refill(&mut self.arg_node, args, NONE);
        refill(&mut self.cur, locals, NONE);
        self.trail.clear();
        refill(&mut self.param_slot, args, None);
        refill(&mut self.ret_contents, args, NONE);
        self.modified.clear();
        self.targets.clear();
        self.var_zero_inits.clear();
        self.scratch.clear();
        self.seen_at.clear();
    }
}

/// Graph construction for one function.
pub(crate) struct Builder<'a> {
    pub module: &'a Module,
    pub facts: &'a TypeFacts,
    pub filters: &'a FilterIndex,
    pub summaries: &'a [FunctionSummary],
    pub func: &'a Function,
    pub entry: Option<&'a EntryPoint>,
    pub graph: &'a mut Graph,
    /// The function's tables (see [`Tables`]).
    pub t: Tables,
    /// `Value_return`, if the function returns a value.
    pub value_return: NodeId,
    /// Set while [`Builder::force`] evaluates operands out of order.
    pub(super) forcing: bool,
    stamp: usize,
}

impl<'a> Builder<'a> {
    /// A builder for `func`; `graph` must be reset.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        module: &'a Module,
        facts: &'a TypeFacts,
        filters: &'a FilterIndex,
        summaries: &'a [FunctionSummary],
        func: &'a Function,
        entry: Option<&'a EntryPoint>,
        graph: &'a mut Graph,
        mut tables: Tables,
    ) -> Self {
        let nlocals = func.local_variables.len();
        let nargs = func.arguments.len();
        tables.reset(func.expressions.len(), nargs, nlocals);
        let mut b = Builder {
            module,
            facts,
            filters,
            summaries,
            func,
            entry,
            graph,
            t: tables,
            value_return: NONE,
            forcing: false,
            stamp: 0,
        };
        for (i, arg) in func.arguments.iter().enumerate() {
            let i32_ = i as u32;
            if entry.is_none() {
                b.t.arg_node[i] = b.graph.add(NodeKind::Param(i32_), Span::UNDEFINED);
            }
            if let TypeInner::Pointer {
                space: AddressSpace::Function,
                ..
            } = module.inner(arg.ty)
            {
                let contents = b.graph.add(NodeKind::ParamContents(i32_), Span::UNDEFINED);
                let slot = b.t.cur.len() as u32;
                b.t.cur.push(contents);
                b.t.param_slot[i] = Some(slot);
                b.t.ret_contents[i] = b.graph.add(NodeKind::Plain, Span::UNDEFINED);
            }
        }
        if func.result.is_some() {
            b.value_return = b.graph.add(NodeKind::Plain, Span::UNDEFINED);
        }
        b
    }

    /// Ends the build and hands the tables back (the requirements and the
    /// return-contents nodes among them).
    pub fn finish(self) -> Tables {
        self.t
    }

    /// A builtin's name as requirements show it: `'name'`.
    pub(super) fn quoted(&mut self, name: &'static str) -> std::rc::Rc<str> {
        self.t
            .quoted
            .entry(name)
            .or_insert_with(|| format!("'{name}'").into())
            .clone()
    }

    /// Builds the graph of the function body; returns whether the
    /// function can return (its behaviour is not `{}`).
    pub fn build(&mut self) -> bool {
        self.find_zero_inits();
        let mut stack = Vec::new();
        let mut seen = FxHashSet::default();
        let mut lowest = FxHashMap::default();
        let f = self.func;
        self.collect_modified(&f.body, &mut stack, &mut seen, &mut lowest);
        let (_, beh) = self.block(&f.body, CF_START);
        if beh & NEXT != 0 {
            self.link_returns();
        }
        beh != 0
    }

    /// The root of a pointer expression.
    pub(super) fn root(&self, mut h: Handle<Expression>) -> Root {
        let mut full = true;
        loop {
            match self.func.expressions.try_get(h) {
                Some(
                    Expression::Access { base, .. }
                    | Expression::AccessIndex { base, .. }
                    | Expression::BufferView { pointer: base, .. },
                ) => {
                    full = false;
                    h = *base;
                }
                Some(Expression::LocalVariable(v))
                    if v.index() < self.func.local_variables.len() =>
                {
                    return Root::Slot {
                        slot: v.index() as u32,
                        full,
                    }
                }
                Some(Expression::GlobalVariable(g)) => return Root::Global(g.index() as u32),
                Some(Expression::FunctionArgument(i)) => {
                    return match self.t.param_slot.get(*i as usize).copied().flatten() {
                        Some(slot) => Root::Slot { slot, full },
                        None => Root::Param(*i),
                    }
                }
                _ => return Root::Other,
            }
        }
    }

    /// Sets the current value of a slot, recording the old one.
    fn set_cur(&mut self, slot: u32, node: NodeId) {
        if let Some(c) = self.t.cur.get_mut(slot as usize) {
            self.t.trail.push((slot, *c));
            *c = node;
        }
    }

    /// Records an assignment to a slot: the new value is `node`.
    pub(super) fn assign(&mut self, slot: u32, node: NodeId) {
        self.set_cur(slot, node);
    }

    /// The values of the slots assigned since trail position `t0`.
    fn changed_since(&mut self, t0: usize) -> Vec<(u32, NodeId)> {
        if self.t.seen_at.len() < self.t.cur.len() {
            self.t.seen_at.resize(self.t.cur.len(), usize::MAX);
        }
        self.stamp += 1;
        let stamp = self.stamp;
        let mut out = Vec::new();
        for &(slot, _) in self.t.trail[t0..].iter().rev() {
            let seen = &mut self.t.seen_at[slot as usize];
            if *seen != stamp {
                *seen = stamp;
                out.push((slot, self.t.cur[slot as usize]));
            }
        }
        out
    }

    /// Restores the state at trail position `t0`.
    fn undo(&mut self, t0: usize) {
        while self.t.trail.len() > t0 {
            if let Some((slot, old)) = self.t.trail.pop() {
                self.t.cur[slot as usize] = old;
            }
        }
    }

    /// The slot a statement assigns, if any (stores and calls with
    /// pointer arguments).
    fn assigned_slots(&self, s: &Statement, out: &mut Vec<u32>) {
        match s {
            Statement::Store { pointer, .. } => {
                if let Root::Slot { slot, .. } = self.root(*pointer) {
                    out.push(slot);
                }
            }
            Statement::Call { arguments, .. } => {
                for &a in arguments {
                    if let Root::Slot { slot, .. } = self.root(a) {
                        out.push(slot);
                    }
                }
            }
            _ => {}
        }
    }

    /// Pre-pass: the slots each loop and switch assigns. `stack` holds the
    /// enclosing constructs; a slot is added to a construct and, until one
    /// already has it, to the enclosing ones. A local variable's first
    /// store is its declaration (the resolver stores the initial value
    /// where the `var` is declared); constructs enclosing the declaration's
    /// innermost one do not get the variable: every iteration re-declares
    /// it, so no value flows around their back edges or out of them. This
    /// keeps the joins per construct independent of the variables declared
    /// deeper inside, so nests of loops stay linear. A variable declared
    /// directly in a loop matters to the loop only if its `continuing`
    /// block uses it (it is dead at the loop's exits and re-declared in
    /// each iteration); one declared directly in a switch never does.
    fn collect_modified(
        &mut self,
        block: &'a Block,
        stack: &mut Vec<(usize, Option<FxHashSet<u32>>)>,
        seen: &mut FxHashSet<(usize, u32)>,
        lowest: &mut FxHashMap<u32, (usize, bool)>,
    ) {
        let mut slots = Vec::new();
        let nlocals = self.func.local_variables.len() as u32;
        for s in &block.statements {
            slots.clear();
            self.assigned_slots(s, &mut slots);
            for &slot in &slots {
                // The first store of a local is its declaration.
                let (low, inside) = *lowest.entry(slot).or_insert(if slot < nlocals {
                    (stack.len().saturating_sub(1), !stack.is_empty())
                } else {
                    (0, false)
                });
                for k in (low..stack.len()).rev() {
                    let c = stack[k].0;
                    if !seen.insert((c, slot)) {
                        break;
                    }
                    let declared_here = inside && k == low;
                    if declared_here
                        && !stack[k].1.as_ref().is_some_and(|refs| refs.contains(&slot))
                    {
                        continue;
                    }
                    self.t
                        .modified
                        .entry(c)
                        .or_default()
                        .push((slot, declared_here));
                }
            }
            let key = s as *const Statement as usize;
            match s {
                Statement::Block(b) => self.collect_modified(b, stack, seen, lowest),
                Statement::If { accept, reject, .. } => {
                    self.collect_modified(accept, stack, seen, lowest);
                    self.collect_modified(reject, stack, seen, lowest);
                }
                Statement::Switch { cases, .. } => {
                    stack.push((key, None));
                    for c in cases {
                        self.collect_modified(&c.body, stack, seen, lowest);
                    }
                    stack.pop();
                }
                Statement::Loop {
                    body, continuing, ..
                } => {
                    let mut refs = FxHashSet::default();
                    self.slots_used(continuing, &mut refs);
                    stack.push((key, Some(refs)));
                    self.collect_modified(body, stack, seen, lowest);
                    self.collect_modified(continuing, stack, seen, lowest);
                    stack.pop();
                }
                _ => {}
            }
        }
    }

    /// The slots a block reads or writes (loads, stores and pointer
    /// arguments rooted at them).
    fn slots_used(&self, block: &Block, out: &mut FxHashSet<u32>) {
        let mut slots = Vec::new();
        for s in &block.statements {
            slots.clear();
            self.assigned_slots(s, &mut slots);
            out.extend(slots.iter().copied());
            match s {
                Statement::Emit(range) => {
                    for h in range.clone() {
                        if let Some(Expression::Load { pointer }) = self.func.expressions.try_get(h)
                        {
                            if let Root::Slot { slot, .. } = self.root(*pointer) {
                                out.insert(slot);
                            }
                        }
                    }
                }
                _ => crate::ir::visit::child_blocks(s, |c| self.slots_used(c, out)),
            }
        }
    }

    /// Finds the zero values the resolver stores into variables declared
    /// without an initializer: a `Store` of a `ZeroValue` to a local
    /// variable whose span is the declaration's own (an explicit `T()`
    /// initializer has the span of the call instead).
    fn find_zero_inits(&mut self) {
        let f = self.func;
        let mut stack: Vec<&Block> = vec![&f.body];
        while let Some(b) = stack.pop() {
            for s in &b.statements {
                match s {
                    Statement::Store { pointer, value } => {
                        if let (
                            Some(Expression::LocalVariable(v)),
                            Some(Expression::ZeroValue(_)),
                        ) = (
                            f.expressions.try_get(*pointer),
                            f.expressions.try_get(*value),
                        ) {
                            if f.local_variables.try_get(*v).is_some()
                                && f.local_variables.span(*v) == f.expressions.span(*value)
                            {
                                self.t.var_zero_inits.insert(*value);
                            }
                        }
                    }
                    _ => crate::ir::visit::child_blocks(s, |c| stack.push(c)),
                }
            }
        }
    }

    /// `(CF, block) => CF'`, with the block's behaviour. Statements after
    /// one that cannot fall through are unreachable and not analysed.
    pub(super) fn block(&mut self, block: &'a Block, cf: NodeId) -> (NodeId, Behavior) {
        let mut cf = cf;
        let mut beh = NEXT;
        for (s, span) in block.iter() {
            let (next, b) = self.statement(s, span, cf);
            cf = next;
            beh = (beh & !NEXT) | b;
            if b & NEXT == 0 {
                break;
            }
        }
        (cf, beh)
    }

    fn statement(&mut self, s: &'a Statement, span: Span, cf: NodeId) -> (NodeId, Behavior) {
        match s {
            Statement::Emit(range) => {
                for h in range.clone() {
                    if self.t.expr_node.get(h.index()) == Some(&NONE) {
                        let n = self.evaluate(h, cf);
                        self.t.expr_node[h.index()] = n;
                    }
                }
                (cf, NEXT)
            }
            Statement::Block(b) => self.block(b, cf),
            Statement::If {
                condition,
                accept,
                reject,
            } => self.if_statement(*condition, accept, reject, span, cf),
            Statement::Switch { selector, cases } => {
                let v = self.value(*selector, cf);
                let branch = self.branch_node(*selector, v, cf);
                let key = s as *const Statement as usize;
                let vars = self.t.modified.get(&key).cloned().unwrap_or_default();
                let t0 = self.t.trail.len();
                self.push_target(false, &vars);
                let mut beh = 0;
                let mut ends = Vec::with_capacity(cases.len());
                for c in cases {
                    self.undo(t0);
                    let (end, b) = self.block(&c.body, branch);
                    if b & NEXT != 0 {
                        self.link_jump(false);
                    }
                    ends.push(end);
                    beh |= b;
                }
                self.finish_target(t0);
                if beh & BREAK != 0 {
                    beh = (beh | NEXT) & !BREAK;
                }
                let out = if beh == NEXT {
                    cf
                } else {
                    self.graph.join(span, &ends)
                };
                (out, beh)
            }
            Statement::Loop {
                body,
                continuing,
                break_if,
                ..
            } => self.loop_statement(s, body, continuing, *break_if, span, cf),
            Statement::Break => {
                self.link_jump(false);
                (cf, BREAK)
            }
            Statement::Continue => {
                self.link_jump(true);
                (cf, CONTINUE)
            }
            Statement::Return { value } => {
                if let Some(v) = value {
                    let n = self.value(*v, cf);
                    self.graph.edge(self.value_return, n, super::graph::BOTH);
                    self.graph.edge(self.value_return, cf, super::graph::BOTH);
                }
                self.link_returns();
                (cf, RETURN)
            }
            _ => self.simple_statement(s, span, cf),
        }
    }

    /// A node for control flow that depends on `value` (evaluated at `cf`).
    fn branch_node(&mut self, cond: Handle<Expression>, value: NodeId, cf: NodeId) -> NodeId {
        let span = self.func.expressions.span(cond);
        let n = self.graph.add(NodeKind::Branch(value), span);
        self.graph.edge(n, value, super::graph::BOTH);
        self.graph.edge(n, cf, super::graph::BOTH);
        n
    }

    fn if_statement(
        &mut self,
        condition: Handle<Expression>,
        accept: &'a Block,
        reject: &'a Block,
        span: Span,
        cf: NodeId,
    ) -> (NodeId, Behavior) {
        let v = self.value(condition, cf);
        let branch = self.branch_node(condition, v, cf);
        let t0 = self.t.trail.len();
        let (cf1, b1) = self.block(accept, branch);
        let out1 = self.changed_since(t0);
        self.undo(t0);
        let (cf2, b2) = self.block(reject, branch);
        let out2 = self.changed_since(t0);
        self.undo(t0);
        // Join the values of the branches that fall through.
        let mut joined: FxHashMap<u32, (NodeId, NodeId)> = FxHashMap::default();
        for &(slot, n) in &out1 {
            joined.entry(slot).or_insert((NONE, NONE)).0 = n;
        }
        for &(slot, n) in &out2 {
            joined.entry(slot).or_insert((NONE, NONE)).1 = n;
        }
        let mut slots: Vec<u32> = joined.keys().copied().collect();
        slots.sort_unstable();
        for slot in slots {
            let (a, r) = joined[&slot];
            let before = self.t.cur[slot as usize];
            let a = if a == NONE { before } else { a };
            let r = if r == NONE { before } else { r };
            let value = match (b1 & NEXT != 0, b2 & NEXT != 0) {
                (true, true) if a == r => a,
                (true, true) => self.graph.join(span, &[a, r]),
                (true, false) => a,
                (false, true) => r,
                (false, false) => continue,
            };
            self.set_cur(slot, value);
        }
        let beh = b1 | b2;
        let out = if beh == NEXT {
            cf
        } else {
            self.graph.join(span, &[cf1, cf2])
        };
        (out, beh)
    }

    fn loop_statement(
        &mut self,
        s: &'a Statement,
        body: &'a Block,
        continuing: &'a Block,
        break_if: Option<Handle<Expression>>,
        span: Span,
        cf: NodeId,
    ) -> (NodeId, Behavior) {
        let key = s as *const Statement as usize;
        let vars = self.t.modified.get(&key).cloned().unwrap_or_default();
        let header_cf = self.graph.join(span, &[cf]);
        let t0 = self.t.trail.len();
        // Variables declared in the loop are re-declared before any use in
        // every iteration: no header join.
        let mut header = Vec::with_capacity(vars.len());
        for &(slot, local) in &vars {
            if local {
                header.push(NONE);
                continue;
            }
            let phi = self.graph.join(span, &[self.t.cur[slot as usize]]);
            header.push(phi);
            self.set_cur(slot, phi);
        }
        self.push_target(true, &vars);
        let (cf1, b1) = self.block(body, header_cf);
        let mut b2 = 0;
        if b1 & (NEXT | CONTINUE) != 0 {
            if b1 & NEXT != 0 {
                self.link_jump(true);
            }
            // Enter `continuing` with the joined values.
            if let Some(t) = self.t.targets.last() {
                let entering: Vec<(u32, NodeId)> = t
                    .vars
                    .iter()
                    .copied()
                    .zip(t.cont.iter().copied())
                    .filter(|&(_, n)| n != NONE)
                    .collect();
                for (slot, n) in entering {
                    self.set_cur(slot, n);
                }
            }
            let (mut cf2, b) = self.block(continuing, cf1);
            b2 = b;
            if let Some(e) = break_if {
                if b2 & NEXT != 0 {
                    let v = self.value(e, cf2);
                    cf2 = self.branch_node(e, v, cf2);
                    self.link_jump(false);
                }
            }
            if b2 & NEXT != 0 {
                for (k, &(slot, _)) in vars.iter().enumerate() {
                    self.graph
                        .edge(header[k], self.t.cur[slot as usize], super::graph::BOTH);
                }
                self.graph.edge(header_cf, cf2, super::graph::BOTH);
            }
        }
        if break_if.is_some() {
            b2 |= BREAK | NEXT;
        }
        self.finish_target(t0);
        let beh = if b1 == RETURN {
            RETURN
        } else if (b1 | b2) & BREAK != 0 {
            (b1 | b2 | NEXT) & !(BREAK | CONTINUE)
        } else {
            (b1 | b2) & !(CONTINUE | NEXT)
        };
        let out = if b1 & RETURN != 0 { header_cf } else { cf };
        (out, beh)
    }

    fn push_target(&mut self, is_loop: bool, vars: &[(u32, bool)]) {
        let n = vars.len();
        self.t.targets.push(Target {
            is_loop,
            local: vars.iter().map(|v| v.1).collect(),
            vars: vars.iter().map(|v| v.0).collect(),
            exit: vec![NONE; n],
            cont: vec![NONE; n],
        });
    }

    /// Pops the innermost target, restores the state before it, and sets
    /// the assigned slots to their values at the construct's exits.
    fn finish_target(&mut self, t0: usize) {
        self.undo(t0);
        if let Some(t) = self.t.targets.pop() {
            for (slot, n) in t.vars.into_iter().zip(t.exit) {
                if n != NONE {
                    self.set_cur(slot, n);
                }
            }
        }
    }

    /// Links the current values of the slots the jump's target assigns
    /// to its exit (`continue_` false: `break`, falling out of a switch
    /// case, `break if`) or continuing (`continue_` true: `continue`, the
    /// end of a loop body) join nodes.
    fn link_jump(&mut self, continue_: bool) {
        let pos = if continue_ {
            self.t.targets.iter().rposition(|t| t.is_loop)
        } else {
            self.t.targets.len().checked_sub(1)
        };
        let Some(pos) = pos else { return };
        let nvars = self.t.targets[pos].vars.len();
        for k in 0..nvars {
            if !continue_ && self.t.targets[pos].local[k] {
                // Dead once the construct is left.
                continue;
            }
            let slot = self.t.targets[pos].vars[k];
            let value = self.t.cur[slot as usize];
            if value == NONE {
                continue;
            }
            let existing = if continue_ {
                self.t.targets[pos].cont[k]
            } else {
                self.t.targets[pos].exit[k]
            };
            let join = if existing == NONE {
                let j = self.graph.add(NodeKind::Plain, Span::UNDEFINED);
                if continue_ {
                    self.t.targets[pos].cont[k] = j;
                } else {
                    self.t.targets[pos].exit[k] = j;
                }
                j
            } else {
                existing
            };
            self.graph.edge(join, value, super::graph::BOTH);
        }
    }

    /// At a return: `Value_return_i_contents -> Vin(return)` for each
    /// `function`-space pointer parameter.
    fn link_returns(&mut self) {
        for i in 0..self.t.ret_contents.len() {
            if let Some(slot) = self.t.param_slot[i] {
                let value = self.t.cur[slot as usize];
                self.graph
                    .edge(self.t.ret_contents[i], value, super::graph::BOTH);
            }
        }
    }
}

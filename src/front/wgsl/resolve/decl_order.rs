//! Dependency order of module-scope declarations.
//!
//! Each declaration's references to module-scope names are collected by an
//! AST walk that honours local shadowing (a `let x` inside a function hides a
//! global `x` from its declaration on). The declarations are then sorted
//! topologically with an explicit stack, so long dependency chains (5,000
//! functions each calling the next) need no recursion. A cycle is reported
//! once, naming every declaration on it.

use super::super::ast::{self, ExprArena, ExprId, GlobalDecl, Stmt, StmtKind, TranslationUnit};
use crate::diagnostic::Diagnostic;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Collects the module-scope declarations a declaration refers to.
struct Collector<'t, 'a> {
    tu: &'t TranslationUnit<'a>,
    /// The expressions of the declaration being walked.
    arena: &'t ExprArena<'a>,
    /// The body statements of the declaration being walked (a function).
    body: &'t [Stmt<'a>],
    names: &'t HashMap<&'a str, usize>,
    /// How many open local scopes declare each name (shadowing globals).
    local_counts: HashMap<&'a str, u32>,
    /// Declared local names in order, for closing scopes.
    local_log: Vec<&'a str>,
    /// `local_log` lengths at each open scope.
    scope_marks: Vec<usize>,
    deps: Vec<(usize, crate::Span)>,
    seen: HashSet<usize>,
    stack: Vec<ExprId>,
}

impl<'t, 'a> Collector<'t, 'a> {
    fn name(&mut self, name: &'a str, span: crate::Span) {
        if self.local_counts.contains_key(name) {
            return;
        }
        if let Some(&i) = self.names.get(name) {
            if self.seen.insert(i) {
                self.deps.push((i, span));
            }
        }
    }

    fn expr(&mut self, id: ExprId) {
        self.stack.push(id);
        while let Some(id) = self.stack.pop() {
            match self.arena.expr(id) {
                ast::Expr::Literal(_) => {}
                ast::Expr::Ident(t) => {
                    self.name(t.ident.name, t.ident.span);
                    self.stack
                        .extend(self.tu.list(t.template_args).iter().copied());
                }
                ast::Expr::Call { callee, args } => {
                    self.name(callee.ident.name, callee.ident.span);
                    self.stack
                        .extend(self.tu.list(callee.template_args).iter().copied());
                    self.stack.extend(self.tu.list(*args).iter().copied());
                }
                ast::Expr::Paren(e) | ast::Expr::Unary { expr: e, .. } => self.stack.push(*e),
                ast::Expr::Binary { left, right, .. } => {
                    self.stack.push(*left);
                    self.stack.push(*right);
                }
                ast::Expr::Index { base, index } => {
                    self.stack.push(*base);
                    self.stack.push(*index);
                }
                ast::Expr::Member { base, .. } => self.stack.push(*base),
            }
        }
    }

    fn attrs(&mut self, attrs: &[ast::Attribute<'a>]) {
        for a in attrs {
            // Their arguments are enumerants (`@builtin(frag_depth, less)`,
            // `@interpolate(flat)`), not references to declarations.
            if matches!(a.name.name, "builtin" | "interpolate" | "diagnostic") {
                continue;
            }
            for &e in &a.args {
                self.expr(e);
            }
        }
    }

    fn declare(&mut self, name: &'a str) {
        if self.scope_marks.is_empty() {
            return;
        }
        // A name declared twice in one scope is an error reported later;
        // counting it twice keeps the close-scope bookkeeping exact.
        *self.local_counts.entry(name).or_insert(0) += 1;
        self.local_log.push(name);
    }

    fn open_scope(&mut self) {
        self.scope_marks.push(self.local_log.len());
    }

    fn close_scope(&mut self) {
        let mark = self.scope_marks.pop().unwrap_or(0);
        for name in self.local_log.drain(mark..) {
            if let Some(c) = self.local_counts.get_mut(name) {
                *c -= 1;
                if *c == 0 {
                    self.local_counts.remove(name);
                }
            }
        }
    }

    fn block(&mut self, b: &ast::Block<'a>) {
        self.open_scope();
        for s in &b.stmts {
            self.stmt(s);
        }
        self.close_scope();
    }

    fn stmt(&mut self, s: &Stmt<'a>) {
        match &s.kind {
            StmtKind::Empty | StmtKind::Break | StmtKind::Continue | StmtKind::Discard => {}
            StmtKind::Block(b) => self.block(b),
            StmtKind::Var(v) => {
                for &e in self
                    .tu
                    .list(v.template_args)
                    .iter()
                    .chain(v.ty.iter())
                    .chain(v.init.iter())
                {
                    self.expr(e);
                }
                self.declare(v.name.name);
            }
            StmtKind::Let(v) | StmtKind::Const(v) => {
                for &e in v.ty.iter().chain(v.init.iter()) {
                    self.expr(e);
                }
                self.declare(v.name.name);
            }
            StmtKind::Assign { lhs, rhs, .. } => {
                if let Some(l) = lhs {
                    self.expr(*l);
                }
                self.expr(*rhs);
            }
            StmtKind::Increment(e)
            | StmtKind::Decrement(e)
            | StmtKind::Call(e)
            | StmtKind::BreakIf(e)
            | StmtKind::ConstAssert(e) => self.expr(*e),
            StmtKind::If {
                condition,
                accept,
                reject,
            } => {
                self.expr(*condition);
                self.block(accept);
                if let Some(r) = reject {
                    self.stmt(r);
                }
            }
            StmtKind::Switch {
                selector, clauses, ..
            } => {
                self.expr(*selector);
                for c in clauses {
                    for e in c.selectors.iter().flatten() {
                        self.expr(*e);
                    }
                    self.block(&c.body);
                }
            }
            StmtKind::Loop {
                body, continuing, ..
            } => {
                self.open_scope();
                for s in &body.stmts {
                    self.stmt(s);
                }
                if let Some(c) = continuing {
                    self.block(&c.body);
                    if let Some(e) = c.break_if {
                        self.expr(e);
                    }
                }
                self.close_scope();
            }
            StmtKind::For {
                init,
                condition,
                update,
                body,
            } => {
                self.open_scope();
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(c) = condition {
                    self.expr(*c);
                }
                if let Some(u) = update {
                    self.stmt(u);
                }
                self.block(body);
                self.close_scope();
            }
            StmtKind::While { condition, body } => {
                self.expr(*condition);
                self.block(body);
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    self.expr(*e);
                }
            }
        }
    }

    fn decl(&mut self, d: &GlobalDecl<'a>) {
        match d {
            GlobalDecl::Var(v) => {
                self.attrs(&v.attributes);
                for &e in self
                    .tu
                    .list(v.template_args)
                    .iter()
                    .chain(v.ty.iter())
                    .chain(v.init.iter())
                {
                    self.expr(e);
                }
            }
            GlobalDecl::Const(v) | GlobalDecl::Override(v) => {
                self.attrs(&v.attributes);
                for &e in v.ty.iter().chain(v.init.iter()) {
                    self.expr(e);
                }
            }
            GlobalDecl::Alias(a) => self.expr(a.ty),
            GlobalDecl::Struct(s) => {
                for m in &s.members {
                    self.attrs(&m.attributes);
                    self.expr(m.ty);
                }
            }
            GlobalDecl::Fn(f) => {
                self.attrs(&f.attributes);
                self.open_scope();
                for p in &f.params {
                    self.attrs(&p.attributes);
                    self.expr(p.ty);
                }
                if let Some((attrs, ty)) = &f.result {
                    self.attrs(attrs);
                    self.expr(*ty);
                }
                for p in &f.params {
                    self.declare(p.name.name);
                }
                for s in self.body {
                    self.stmt(s);
                }
                self.close_scope();
            }
            GlobalDecl::ConstAssert(c) => self.expr(c.expr),
        }
    }
}

/// Returns the declarations in an order where each comes after everything
/// it refers to, or the cycle diagnostics.
pub(super) fn order<'a>(
    tu: &TranslationUnit<'a>,
    arenas: &[ExprArena<'a>],
    bodies: &[Box<[Stmt<'a>]>],
    names: &HashMap<&'a str, usize>,
) -> Result<Vec<usize>, Vec<Diagnostic>> {
    let n = tu.decls.len();
    let empty = ExprArena::default();
    let mut c = Collector {
        tu,
        arena: &empty,
        body: &[],
        names,
        local_counts: HashMap::default(),
        local_log: Vec::new(),
        scope_marks: Vec::new(),
        deps: Vec::new(),
        seen: HashSet::default(),
        stack: Vec::new(),
    };
    // Every declaration's dependencies in one vector: those of `i` are
    // `c.deps[starts[i]..starts[i + 1]]`.
    let mut starts = Vec::with_capacity(n + 1);
    for ((d, arena), body) in tu.decls.iter().zip(arenas).zip(bodies) {
        starts.push(c.deps.len());
        c.seen.clear();
        c.arena = arena;
        c.body = body;
        c.decl(d);
    }
    starts.push(c.deps.len());
    let all_deps = std::mem::take(&mut c.deps);
    let deps = |i: usize| &all_deps[starts[i]..starts[i + 1]];
    // 0 = unvisited, 1 = on stack, 2 = done.
    let mut state = vec![0u8; n];
    let mut out = Vec::with_capacity(n);
    let mut errors = Vec::new();
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        stack.clear();
        stack.push((root, 0));
        state[root] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&(dep, span)) = deps(node).get(*next) {
                *next += 1;
                match state[dep] {
                    0 => {
                        state[dep] = 1;
                        stack.push((dep, 0));
                    }
                    1 => {
                        // A cycle: the part of the stack from `dep` on.
                        let start = stack.iter().position(|&(d, _)| d == dep).unwrap_or(0);
                        let cycle: Vec<usize> = stack[start..].iter().map(|&(d, _)| d).collect();
                        let name = |i: usize| tu.decls[i].name().map_or("?", |n| n.name);
                        let mut path: Vec<String> =
                            cycle.iter().map(|&d| format!("'{}'", name(d))).collect();
                        path.push(format!("'{}'", name(dep)));
                        let mut d = Diagnostic::error(
                            format!("cyclic dependency: {}", path.join(" -> ")),
                            tu.decls[dep].name().map_or(span, |n| n.span),
                        );
                        for w in cycle.windows(2) {
                            d = d.with_note(format!("'{}' uses '{}'", name(w[0]), name(w[1])));
                        }
                        d = d.with_label(span, "cycle closed here").with_note(format!(
                            "'{}' uses '{}'",
                            name(node),
                            name(dep)
                        ));
                        errors.push(d);
                    }
                    _ => {}
                }
            } else {
                state[node] = 2;
                out.push(node);
                stack.pop();
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

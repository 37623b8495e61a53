//! The free names of a declaration: the identifiers it uses that its own
//! locals do not declare (a `let x` inside a function hides a module-scope
//! `x` from its declaration on). The parser collects them as each
//! declaration is complete, while its expressions are still in cache; the
//! resolver orders the declarations from them
//! (`resolve::decl_order`) without walking the AST again.

use super::super::ast::{self, Expr, ExprId, GlobalDecl, Stmt, StmtKind};
use crate::span::Span;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Collects the names a declaration uses that its own locals do not
/// declare. The scratch tables are kept between declarations.
#[derive(Default)]
pub(super) struct FreeNames<'a> {
    /// How many open local scopes declare each name (shadowing globals).
    local_counts: HashMap<&'a str, u32>,
    /// Declared local names in order, for closing scopes.
    local_log: Vec<&'a str>,
    /// `local_log` lengths at each open scope.
    scope_marks: Vec<usize>,
    /// Names already collected for this declaration.
    seen: HashSet<&'a str>,
    stack: Vec<ExprId>,
}

/// One declaration's walk: its expressions and the list arena.
struct Walk<'s, 't, 'a> {
    st: &'s mut FreeNames<'a>,
    exprs: &'t [(Expr<'a>, Span)],
    lists: &'t [ExprId],
    out: &'s mut Vec<(&'a str, Span)>,
}

impl<'a> FreeNames<'a> {
    /// Appends to `out` the names `d` uses that its locals do not declare,
    /// each once, at its first use in the walk's order. `exprs` are `d`'s
    /// expressions, `lists` the translation unit's list arena.
    pub(super) fn collect(
        &mut self,
        d: &GlobalDecl<'a>,
        exprs: &[(Expr<'a>, Span)],
        lists: &[ExprId],
        out: &mut Vec<(&'a str, Span)>,
    ) {
        self.seen.clear();
        self.local_counts.clear();
        self.local_log.clear();
        self.scope_marks.clear();
        Walk {
            st: self,
            exprs,
            lists,
            out,
        }
        .decl(d);
    }
}

impl<'t, 'a> Walk<'_, 't, 'a> {
    fn name(&mut self, name: &'a str, span: Span) {
        if self.st.local_counts.contains_key(name) {
            return;
        }
        if self.st.seen.insert(name) {
            self.out.push((name, span));
        }
    }

    /// The elements of list `l` (the returned slice borrows the list
    /// arena, not the walk).
    fn list(&self, l: ast::ExprList) -> &'t [ExprId] {
        let lists: &'t [ExprId] = self.lists;
        &lists[l.start as usize..][..l.len as usize]
    }

    fn expr(&mut self, id: ExprId) {
        let exprs: &'t [(Expr<'a>, Span)] = self.exprs;
        self.st.stack.push(id);
        while let Some(id) = self.st.stack.pop() {
            match &exprs[id.0 as usize].0 {
                ast::Expr::Literal(_) => {}
                ast::Expr::Ident(t) => {
                    self.name(t.ident.name, t.ident.span);
                    let l = self.list(t.template_args);
                    self.st.stack.extend(l.iter().copied());
                }
                ast::Expr::Call { callee, args } => {
                    self.name(callee.ident.name, callee.ident.span);
                    let l = self.list(callee.template_args);
                    self.st.stack.extend(l.iter().copied());
                    let l = self.list(*args);
                    self.st.stack.extend(l.iter().copied());
                }
                ast::Expr::Paren(e) | ast::Expr::Unary { expr: e, .. } => self.st.stack.push(*e),
                ast::Expr::Binary { left, right, .. } => {
                    self.st.stack.push(*left);
                    self.st.stack.push(*right);
                }
                ast::Expr::Index { base, index } => {
                    self.st.stack.push(*base);
                    self.st.stack.push(*index);
                }
                ast::Expr::Member { base, .. } => self.st.stack.push(*base),
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
            for &e in self.list(a.args) {
                self.expr(e);
            }
        }
    }

    fn declare(&mut self, name: &'a str) {
        if self.st.scope_marks.is_empty() {
            return;
        }
        // A name declared twice in one scope is an error reported later;
        // counting it twice keeps the close-scope bookkeeping exact.
        *self.st.local_counts.entry(name).or_insert(0) += 1;
        self.st.local_log.push(name);
    }

    fn open_scope(&mut self) {
        self.st.scope_marks.push(self.st.local_log.len());
    }

    fn close_scope(&mut self) {
        let st = &mut *self.st;
        let mark = st.scope_marks.pop().unwrap_or(0);
        for name in st.local_log.drain(mark..) {
            if let Some(c) = st.local_counts.get_mut(name) {
                *c -= 1;
                if *c == 0 {
                    st.local_counts.remove(name);
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
                let lists = self.lists;
                let targs =
                    &lists[v.template_args.start as usize..][..v.template_args.len as usize];
                for &e in targs.iter().chain(v.ty.iter()).chain(v.init.iter()) {
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
                    // `break if` is the continuing block's last statement:
                    // the block's declarations are in scope there.
                    self.open_scope();
                    for s in &c.body.stmts {
                        self.stmt(s);
                    }
                    if let Some(e) = c.break_if {
                        self.expr(e);
                    }
                    self.close_scope();
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
                let lists = self.lists;
                let targs =
                    &lists[v.template_args.start as usize..][..v.template_args.len as usize];
                for &e in targs.iter().chain(v.ty.iter()).chain(v.init.iter()) {
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
                for s in &f.body.stmts {
                    self.stmt(s);
                }
                self.close_scope();
            }
            GlobalDecl::ConstAssert(c) => self.expr(c.expr),
        }
    }
}

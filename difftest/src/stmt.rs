//! Statements: declarations, assignments, control flow with bounded loops.

use std::collections::BTreeSet;

use crate::ex::Ex;
use crate::gen::{Breakable, FnCtx, Gen, Kind, VarId, VarInfo, ATOMIC_OPS};
use crate::types::{Scalar, Ty, Val};

/// The largest product of trip counts of nested loops.
const MAX_MULT: u64 = 600;

impl Gen<'_> {
    /// Up to `max` statements into the current block.
    pub(crate) fn gen_block_body(&mut self, f: &mut FnCtx, max: u32) {
        let n = self.rng.range(1, max.max(1) as i64);
        for _ in 0..n {
            if f.stmts_left == 0 || f.budget_left() < f.mult * 2 {
                break;
            }
            f.stmts_left -= 1;
            self.statement(f);
        }
    }

    fn local(&self, name: String, ty: Ty, kind: Kind) -> VarInfo {
        VarInfo {
            name,
            ty,
            kind,
            root: usize::MAX,
            fb: None,
            val: None,
            nconst: false,
            no_ptr: false,
            global: false,
            whole_view: true,
        }
    }

    fn statement(&mut self, f: &mut FnCtx) {
        f.cost += f.mult;
        let deep = f.block_depth >= self.opt.max_block_depth;
        let can_loop = !deep
            && f.loop_depth < self.opt.max_loop_nesting
            && f.budget_left() > f.mult * 20
            && f.mult * 2 <= MAX_MULT;
        let w = [
            8,                                            // 0 declaration
            6,                                            // 1 assignment
            3,                                            // 2 compound assignment
            if deep { 0 } else { 4 },                     // 3 if
            if deep || !self.opt.switch { 0 } else { 2 }, // 4 switch
            if can_loop { 4 } else { 0 },                 // 5 loop
            if self.fns.is_empty() { 0 } else { 3 },      // 6 call
            2,                                            // 7 observe
            if self.opt.pointers { 2 } else { 0 },        // 8 let pointer
            if deep { 0 } else { 1 },                     // 9 block
            if self.opt.atomics { 1 } else { 0 },         // 10 storage atomic
            if f.is_main { 3 } else { 0 },                // 11 output write
            1,                                            // 12 phony
            if f.in_loop() && !deep { 2 } else { 0 },     // 13 break/continue
            if !f.is_main && !deep { 1 } else { 0 },      // 14 return
        ];
        match self.rng.weighted(&w) {
            0 => self.declaration(f),
            1 => self.assignment(f),
            2 => self.compound(f),
            3 => self.if_stmt(f),
            4 => self.switch_stmt(f),
            5 => self.loop_stmt(f),
            6 => self.call_stmt(f),
            7 => self.observe_one(f),
            8 => self.let_pointer(f),
            9 => {
                f.line("{");
                self.nested(f, None, |g, f| {
                    g.gen_block_body(f, g.opt.max_stmts_per_block)
                });
                f.line("}");
            }
            10 => self.storage_atomic(f),
            11 => self.output_write(f),
            12 => {
                let ty = self.random_sv();
                let e = self.expr(f, &ty, self.opt.max_expr_depth, false);
                f.line(format!("_ = {};", e.s));
            }
            13 => {
                let c = self.expr(f, &Ty::BOOL, 2, false);
                f.line(format!("if {} {{", c.s));
                self.nested(f, None, |g, f| {
                    if g.rng.chance(0.3) {
                        g.gen_block_body(f, 2);
                    }
                    g.observe_scope(f);
                    let j = if g.rng.chance(0.5) {
                        "break;"
                    } else {
                        "continue;"
                    };
                    f.line(j);
                });
                f.line("}");
            }
            _ => {
                let c = self.expr(f, &Ty::BOOL, 3, false);
                f.line(format!("if {} {{", c.s));
                self.nested(f, None, |g, f| {
                    if g.rng.chance(0.3) {
                        g.gen_block_body(f, 2);
                    }
                    g.observe_scope(f);
                    g.return_stmt(f);
                });
                f.line("}");
            }
        }
    }

    /// Runs `body` in a new scope, one level deeper. `brk`: the statement
    /// is a loop or switch body.
    pub(crate) fn nested(
        &mut self,
        f: &mut FnCtx,
        brk: Option<Breakable>,
        body: impl FnOnce(&mut Gen, &mut FnCtx),
    ) {
        self.push_scope(f);
        f.indent += 1;
        f.block_depth += 1;
        if let Some(b) = brk {
            f.breakables.push(b);
        }
        body(self, f);
        if brk.is_some() {
            f.breakables.pop();
        }
        f.block_depth -= 1;
        f.indent -= 1;
        self.pop_scope(f);
    }

    /// A block's statements, its locals observed, and sometimes a jump at
    /// its end (`jumps`: which).
    fn block_with_end(&mut self, f: &mut FnCtx, max: u32, jump_chance: f64) {
        self.gen_block_body(f, max);
        if self.rng.chance(0.85) {
            self.observe_scope(f);
        }
        if self.rng.chance(jump_chance) {
            let mut opts = Vec::new();
            if f.in_loop() {
                opts.push("break;");
                opts.push("continue;");
            } else if f.breakables.last() == Some(&Breakable::Switch) {
                opts.push("break;");
            }
            if !f.is_main {
                opts.push("return");
            }
            if !opts.is_empty() {
                let j = *self.rng.pick(&opts);
                if j == "return" {
                    self.return_stmt(f);
                } else {
                    f.line(j);
                }
            }
        }
    }

    pub(crate) fn return_stmt(&mut self, f: &mut FnCtx) {
        match f.ret.clone() {
            Some(t) => {
                let e = self.expr_store(f, &t);
                f.line(format!("return {};", e.s));
            }
            None => f.line("return;"),
        }
    }

    // ----- declarations and assignments ----------------------------------------

    fn declaration(&mut self, f: &mut FnCtx) {
        let ty = if self.rng.chance(0.7) {
            self.random_sv()
        } else {
            self.random_type(2)
        };
        let kind = self.rng.below(10);
        // A local constant.
        if kind == 0 && ty.is_int_sv() && ty.width() == 1 {
            let s = ty.scalar().unwrap();
            let (text, v) = self.int_literal(s);
            let name = self.local_name(f);
            f.line(format!("const {name} = {text};"));
            let id = self.declare(f, self.local(name, ty, Kind::Const));
            self.vars[id].val = Some(v);
            return;
        }
        let is_let = kind < 5;
        let init = if self.rng.chance(0.2) {
            self.call_expr(f, Some(&ty), self.opt.max_expr_depth)
        } else {
            None
        };
        let init = match init {
            Some(e) => e,
            None if is_let => self.expr(f, &ty, self.opt.max_expr_depth, false),
            None => self.expr_store(f, &ty),
        };
        let name = self.local_name(f);
        let annotate = self.rng.chance(0.4);
        let tys = self.decl_ty(&ty);
        if is_let {
            if annotate {
                f.line(format!("let {name}: {tys} = {};", init.s));
            } else {
                f.line(format!("let {name} = {};", init.s));
            }
            let mut v = self.local(name, ty, Kind::Let);
            v.fb = init.fb;
            v.nconst = init.konst;
            v.val = init.val;
            self.declare(f, v);
        } else {
            if self.rng.chance(0.15) {
                f.line(format!("var {name}: {tys};"));
            } else if annotate {
                f.line(format!("var {name}: {tys} = {};", init.s));
            } else {
                f.line(format!("var {name} = {};", init.s));
            }
            self.declare(f, self.local(name, ty, Kind::Var));
        }
    }

    /// Variables a statement may write.
    fn writable(&self, f: &FnCtx) -> Vec<VarId> {
        self.visible(f)
            .into_iter()
            // Not `acc`: a plain store would discard what it has mixed.
            .filter(|&id| self.vars[id].writable() && !f.locked.contains(&id) && id != self.acc)
            .collect()
    }

    fn assignment(&mut self, f: &mut FnCtx) {
        let cands = self.writable(f);
        if cands.is_empty() {
            return self.declaration(f);
        }
        let id = *self.rng.pick(&cands);
        let (place, ty) = self.place_path(f, id, None, true);
        let e = self.expr_store(f, &ty);
        f.line(format!("{place} = {};", e.s));
    }

    fn compound(&mut self, f: &mut FnCtx) {
        let cands = self.writable(f);
        if cands.is_empty() {
            return self.declaration(f);
        }
        let id = *self.rng.pick(&cands);
        let (place, ty) = self.place_path(f, id, None, true);
        match ty.scalar() {
            Some(s) if s.is_int() => {
                if ty.width() == 1 && self.rng.chance(0.25) {
                    let op = if self.rng.chance(0.5) { "++" } else { "--" };
                    f.line(format!("{place}{op};"));
                    return;
                }
                let op = *self
                    .rng
                    .pick(&["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]);
                let rhs = if op == "<<=" || op == ">>=" {
                    let aty = ty.with_scalar(Scalar::U32);
                    if ty.width() == 1 && self.rng.chance(0.5) {
                        format!("{}u", self.rng.below(32))
                    } else {
                        self.expr(f, &aty, self.opt.max_expr_depth, true).s
                    }
                } else {
                    let mut e = self.expr(f, &ty, self.opt.max_expr_depth, false);
                    if (op == "/=" || op == "%=")
                        && e.konst
                        && e.val.is_none_or(|v| v.as_i64() == 0)
                    {
                        e = self.expr(f, &ty, self.opt.max_expr_depth, true);
                    }
                    e.s
                };
                f.line(format!("{place} {op} {rhs};"));
            }
            Some(Scalar::Bool) => {
                let op = if self.rng.chance(0.5) { "&=" } else { "|=" };
                let e = self.expr(f, &ty, self.opt.max_expr_depth, false);
                f.line(format!("{place} {op} {};", e.s));
            }
            Some(s) => {
                // Float read-modify-write, kept within the storage bound.
                let cur = Ex {
                    s: place.clone(),
                    ty: ty.clone(),
                    konst: false,
                    val: None,
                    fb: Some(s.storage_bound()),
                    lit: false,
                    calls: false,
                };
                let op = *self.rng.pick(&["+", "-", "*"]);
                let e = self.expr(f, &ty, self.opt.max_expr_depth - 1, false);
                let e = self.fit_storage(e);
                let t = if op == "*" {
                    FB_HALF[(s == Scalar::F16) as usize]
                } else {
                    s.storage_bound()
                };
                let cur2 = self.shrink(cur, t);
                let e = self.shrink(e, t);
                let fb = if op == "*" {
                    cur2.fb.unwrap().times(e.fb.unwrap())
                } else {
                    cur2.fb.unwrap().plus(e.fb.unwrap())
                };
                let r = Ex {
                    s: format!("({} {op} {})", cur2.s, e.s),
                    ty: ty.clone(),
                    konst: false,
                    val: None,
                    fb: Some(fb),
                    lit: false,
                    calls: false,
                };
                let r = self.fit_storage(r);
                f.line(format!("{place} = {};", r.s));
            }
            None => {
                let e = self.expr_store(f, &ty);
                f.line(format!("{place} = {};", e.s));
            }
        }
    }

    fn let_pointer(&mut self, f: &mut FnCtx) {
        let cands: Vec<VarId> = self
            .writable(f)
            .into_iter()
            .filter(|&id| !self.vars[id].no_ptr)
            .collect();
        if cands.is_empty() {
            return self.declaration(f);
        }
        let id = *self.rng.pick(&cands);
        let (place, ty) = self.place_path(f, id, None, false);
        let space = self.vars[id].space().unwrap();
        let root = self.vars[id].root;
        let name = self.local_name(f);
        if self.rng.chance(0.4) {
            let tys = self.ty_str(&ty); // (no alias: see the pointer parameters)
            f.line(format!(
                "let {name}: ptr<{}, {tys}> = &{place};",
                space.name()
            ));
        } else {
            f.line(format!("let {name} = &{place};"));
        }
        let whole = self.vars[id].whole_view && ty == self.vars[id].ty;
        let mut v = self.local(name, ty, Kind::Ptr(space));
        v.root = root;
        v.whole_view = whole;
        self.declare(f, v);
    }

    fn observe_one(&mut self, f: &mut FnCtx) {
        let cands: Vec<VarId> = self
            .visible(f)
            .into_iter()
            .filter(|&id| {
                let v = &self.vars[id];
                !v.is_const() && v.name != "acc" && !v.unloadable()
            })
            .collect();
        if cands.is_empty() {
            return;
        }
        let id = *self.rng.pick(&cands);
        self.touch(f, id);
        let v = self.vars[id].clone();
        let text = match v.kind {
            Kind::Ptr(_) => format!("(*{})", v.name),
            _ => v.name.clone(),
        };
        let h = self.hash_into("acc", &text, &v.ty);
        f.line(format!("acc = {h};"));
        f.globals.insert(self.acc);
    }

    fn call_stmt(&mut self, f: &mut FnCtx) {
        let cands: Vec<usize> = (0..self.fns.len())
            .filter(|&i| self.fns[i].cost.saturating_mul(f.mult) <= f.budget_left())
            .collect();
        if cands.is_empty() {
            return self.observe_one(f);
        }
        let i = *self.rng.pick(&cands);
        // A pointer parameter may need a variable to point to.
        for p in self.fns[i].params.clone() {
            if let crate::gen::Param::Ptr(crate::gen::Space::Function, ty) = p {
                if self.rng.chance(0.5) {
                    let e = self.expr_store(f, &ty);
                    let name = self.local_name(f);
                    f.line(format!("var {name} = {};", e.s));
                    self.declare(f, self.local(name, ty, Kind::Var));
                }
            }
        }
        let Some(args) = self.call_args(f, i, self.opt.max_expr_depth) else {
            return self.observe_one(f);
        };
        let sig = &self.fns[i];
        f.cost += sig.cost.saturating_mul(f.mult);
        let g = sig.globals.clone();
        let name = sig.name.clone();
        f.globals.extend(g);
        f.line(format!("{name}({});", args.join(", ")));
    }

    fn storage_atomic(&mut self, f: &mut FnCtx) {
        let op = self.rng.below(ATOMIC_OPS.len() as u64) as usize;
        let groups = self.atomic_groups;
        let g = self.expr_nocall(f, &Ty::U32, 2, false);
        let v = self.expr(f, &Ty::U32, self.opt.max_expr_depth - 1, false);
        let stride = ATOMIC_OPS.len();
        f.line(format!(
            "{}(&outa[{op}u + {stride}u * (({}) % {groups}u)], {});",
            ATOMIC_OPS[op], g.s, v.s
        ));
    }

    fn output_write(&mut self, f: &mut FnCtx) {
        let j = self.rng.below(self.slots as u64 - 1);
        let e = self.expr(f, &Ty::U32, self.opt.max_expr_depth, false);
        if self.rng.chance(0.2) {
            f.line(format!("outp[base + {j}u] += {};", e.s));
        } else {
            f.line(format!("outp[base + {j}u] = {};", e.s));
        }
    }

    // ----- control flow --------------------------------------------------------

    fn if_stmt(&mut self, f: &mut FnCtx) {
        let c = self.expr(f, &Ty::BOOL, self.opt.max_expr_depth, false);
        if self.rng.chance(0.3) {
            f.line(format!("if ({}) {{", c.s));
        } else {
            f.line(format!("if {} {{", c.s));
        }
        let max = self.opt.max_stmts_per_block;
        self.nested(f, None, |g, f| g.block_with_end(f, max, 0.2));
        let mut chain = self.rng.below(3);
        while chain > 0 {
            chain -= 1;
            if chain == 0 || self.rng.chance(0.5) {
                f.line("} else {");
                self.nested(f, None, |g, f| g.block_with_end(f, max, 0.2));
                break;
            }
            let c = self.expr(f, &Ty::BOOL, self.opt.max_expr_depth - 1, false);
            f.line(format!("}} else if {} {{", c.s));
            self.nested(f, None, |g, f| g.block_with_end(f, max, 0.2));
        }
        f.line("}");
    }

    fn switch_stmt(&mut self, f: &mut FnCtx) {
        let s = if self.rng.chance(0.5) {
            Scalar::U32
        } else {
            Scalar::I32
        };
        let sty = Ty::S(s);
        let sel = self.expr(f, &sty, self.opt.max_expr_depth - 1, false);
        let sel = match (s, self.rng.below(3)) {
            (Scalar::U32, 0) => format!("({}) % 6u", sel.s),
            (Scalar::U32, 1) => format!("({}) & 7u", sel.s),
            (_, 0) => format!("({}) % 5i", sel.s),
            (_, 1) => format!("clamp({}, -2i, 6i)", sel.s),
            _ => sel.s,
        };
        f.line(format!("switch {sel} {{"));
        let n = self.rng.range(1, 4) as usize;
        let mut values: Vec<i64> = Vec::new();
        while values.len() < n + 2 {
            let v = match self.rng.below(5) {
                0 if s == Scalar::I32 => self.rng.range(-3, -1),
                1 => self.rng.range(6, 300),
                _ => self.rng.range(0, 6),
            };
            if !values.contains(&v) {
                values.push(v);
            }
        }
        let consts: Vec<(String, Val)> = self
            .visible(f)
            .into_iter()
            .filter(|&id| self.vars[id].kind == Kind::Const && self.vars[id].ty == sty)
            .filter_map(|id| self.vars[id].val.map(|v| (self.vars[id].name.clone(), v)))
            .collect();
        let default_at = self.rng.below(n as u64 + 1) as usize;
        let merged_default = self.rng.chance(0.4);
        let mut used: BTreeSet<i64> = BTreeSet::new();
        let mut next = 0;
        for case in 0..=n {
            let mut sels: Vec<String> = Vec::new();
            if case != default_at || merged_default {
                let k = self.rng.range(1, 2) as usize;
                for _ in 0..k {
                    // A constant of the selector's type, or a literal.
                    let c = consts
                        .iter()
                        .filter(|(_, v)| !used.contains(&v.as_i64()))
                        .map(|(nm, v)| (nm.clone(), v.as_i64()))
                        .collect::<Vec<_>>();
                    if !c.is_empty() && self.rng.chance(0.2) {
                        let (nm, v) = self.rng.pick(&c).clone();
                        used.insert(v);
                        sels.push(nm);
                        continue;
                    }
                    while next < values.len() && used.contains(&values[next]) {
                        next += 1;
                    }
                    if next >= values.len() {
                        break;
                    }
                    let v = values[next];
                    used.insert(v);
                    let lit = match (s, self.rng.below(3)) {
                        (_, 0) => format!("{v}"),
                        (Scalar::U32, _) => format!("{v}u"),
                        _ => format!("{v}i"),
                    };
                    sels.push(lit);
                }
            }
            if case == default_at {
                let pos = self.rng.below(sels.len() as u64 + 1) as usize;
                sels.insert(pos, "default".to_string());
            }
            if sels.is_empty() {
                continue;
            }
            let head = if sels == ["default"] && self.rng.chance(0.5) {
                "default".to_string()
            } else {
                format!("case {}", sels.join(", "))
            };
            let colon = if self.rng.chance(0.5) { ":" } else { "" };
            f.line(format!("{head}{colon} {{"));
            let max = self.opt.max_stmts_per_block.min(3);
            self.nested(f, Some(Breakable::Switch), |g, f| {
                g.block_with_end(f, max, 0.3)
            });
            f.line("}");
        }
        f.line("}");
    }

    /// A loop whose trip count is bounded by a counter the body cannot
    /// write.
    fn loop_stmt(&mut self, f: &mut FnCtx) {
        let mut trip = *self.rng.pick(&[1u64, 2, 3, 4, 4, 5, 8, 16]);
        while trip > 1 && (f.mult * trip > MAX_MULT || f.budget_left() < f.mult * trip * 8) {
            trip /= 2;
        }
        let t = trip as u32;
        let s = if self.rng.chance(0.6) {
            Scalar::U32
        } else {
            Scalar::I32
        };
        let sfx = if s == Scalar::U32 { "u" } else { "i" };
        let outer_mult = f.mult;
        let form = self.rng.below(6);
        let max = self.opt.max_stmts_per_block;
        // The loop header runs trip + 1 times.
        f.cost += outer_mult * (trip + 1);
        match form {
            0..=2 => {
                // for
                self.push_scope(f);
                let name = self.local_name(f);
                let id = self.declare(f, self.local(name.clone(), Ty::S(s), Kind::Var));
                f.locked.insert(id);
                let (init, cond, update) = match (form, self.rng.below(3)) {
                    (0, 0) => {
                        // A runtime bound, at most `trip`.
                        let e = self.expr_nocall(f, &Ty::S(s), 2, false);
                        (
                            format!("var {name} = 0{sfx}"),
                            format!("{name} < min({}, {t}{sfx})", e.s),
                            format!("{name}++"),
                        )
                    }
                    (0, 1) if s == Scalar::U32 => {
                        let e = self.expr_nocall(f, &Ty::U32, 2, false);
                        // The largest 2^j - 1 not above `trip`.
                        let mask = (1u32 << (31 - (t + 1).leading_zeros())) - 1;
                        (
                            format!("var {name} = 0u"),
                            format!("{name} < ({} & {mask}u)", e.s),
                            format!("{name} += 1u"),
                        )
                    }
                    (1, _) => {
                        // Counting down.
                        (
                            format!("var {name} = {t}{sfx}"),
                            format!("{name} > 0{sfx}"),
                            format!("{name}--"),
                        )
                    }
                    (2, 0) => {
                        let start = if s == Scalar::I32 {
                            self.rng.range(-5, 5)
                        } else {
                            self.rng.range(0, 5)
                        };
                        (
                            format!("var {name}: {} = {start}{sfx}", s.name()),
                            format!("{name} < {}{sfx}", start + 2 * t as i64),
                            format!("{name} += 2{sfx}"),
                        )
                    }
                    (2, 1) => {
                        let c = self.expr_nocall(f, &Ty::BOOL, 2, false);
                        (
                            format!("var {name} = 0{sfx}"),
                            format!("({name} < {t}{sfx}) && {}", c.s),
                            format!("{name} = {name} + 1{sfx}"),
                        )
                    }
                    _ => (
                        format!("var {name} = 0{sfx}"),
                        format!("{name} < {t}{sfx}"),
                        format!("{name}++"),
                    ),
                };
                f.line(format!("for ({init}; {cond}; {update}) {{"));
                f.mult = outer_mult * trip;
                f.loop_depth += 1;
                self.nested(f, Some(Breakable::Loop), |g, f| {
                    g.block_with_end(f, max, 0.15)
                });
                f.loop_depth -= 1;
                f.mult = outer_mult;
                f.line("}");
                f.locked.remove(&id);
                self.pop_scope(f);
            }
            3 | 4 => {
                // while, or loop with the exit test first: the counter is
                // advanced before the body, so `continue` cannot skip it.
                let name = self.local_name(f);
                f.line(format!("var {name} = 0{sfx};"));
                let id = self.declare(f, self.local(name.clone(), Ty::S(s), Kind::Var));
                f.locked.insert(id);
                if form == 3 {
                    f.line(format!("while {name} < {t}{sfx} {{"));
                } else {
                    f.line("loop {");
                    f.line(format!("    if {name} >= {t}{sfx} {{ break; }}"));
                }
                f.line(format!("    {name} += 1{sfx};"));
                f.mult = outer_mult * trip;
                f.loop_depth += 1;
                self.nested(f, Some(Breakable::Loop), |g, f| {
                    g.block_with_end(f, max, 0.15)
                });
                f.loop_depth -= 1;
                f.mult = outer_mult;
                f.line("}");
                f.locked.remove(&id);
            }
            _ => {
                // loop { body continuing { counter; break if } }
                let name = self.local_name(f);
                f.line(format!("var {name} = 0{sfx};"));
                let id = self.declare(f, self.local(name.clone(), Ty::S(s), Kind::Var));
                f.locked.insert(id);
                f.line("loop {");
                f.mult = outer_mult * trip;
                f.loop_depth += 1;
                let mut body_names = BTreeSet::new();
                let fresh_reservation = f.reserved.insert(name.clone());
                self.nested(f, Some(Breakable::Loop), |g, f| {
                    g.block_with_end(f, max, 0.1);
                    for &v in f.scopes.last().unwrap() {
                        body_names.insert(g.vars[v].name.clone());
                    }
                });
                // The continuing block sees the body's declarations: it
                // must not use them (a `continue` may skip them), nor
                // outer names they shadow.
                let saved_hidden = f.hidden.clone();
                f.hidden.extend(body_names);
                f.indent += 1;
                f.line("continuing {");
                self.push_scope(f);
                f.indent += 1;
                let saved_nc = f.no_calls;
                f.no_calls = true;
                for _ in 0..self.rng.below(3) {
                    f.cost += f.mult;
                    match self.rng.below(3) {
                        0 => self.assignment(f),
                        1 => self.compound(f),
                        _ => self.observe_one(f),
                    }
                }
                f.line(format!("{name} += 1{sfx};"));
                let extra = if self.rng.chance(0.3) {
                    let c = self.expr(f, &Ty::BOOL, 2, false);
                    format!(" || {}", c.s)
                } else {
                    String::new()
                };
                f.line(format!("break if {name} >= {t}{sfx}{extra};"));
                // Neither the body nor the continuing block may shadow the
                // counter the continuing block advances.
                if fresh_reservation {
                    f.reserved.remove(&name);
                }
                f.no_calls = saved_nc;
                f.indent -= 1;
                self.pop_scope(f);
                f.line("}");
                f.indent -= 1;
                f.hidden = saved_hidden;
                f.loop_depth -= 1;
                f.mult = outer_mult;
                f.line("}");
                f.locked.remove(&id);
            }
        }
    }
}

/// The operand bound for a float `x = x * e` update (storage-bound result).
const FB_HALF: [crate::types::FB; 2] = [
    crate::types::FB { m: 4, k: 2 },
    crate::types::FB { m: 2, k: 0 },
];

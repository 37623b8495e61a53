//! The generator: the program (module-scope declarations, the entry
//! point, buffers) and its functions.

use crate::gen::*;
use crate::gen_observe::HMIX;
use crate::types::{Scalar, Ty, Val};
use crate::{BufferSpec, Program};

impl<'o> Gen<'o> {
    // ----- the program ----------------------------------------------------

    pub(crate) fn program(mut self) -> Program {
        self.choose_shape();
        if self.opt.structs {
            self.gen_structs();
        }
        self.gen_aliases();
        self.gen_consts();
        if self.opt.overrides {
            self.gen_overrides();
        }
        self.gen_resources();
        self.gen_privates();
        let n_fns = self.rng.range(0, self.opt.max_functions as i64) as usize;
        for i in 0..n_fns {
            self.gen_function(i);
        }
        let main = self.gen_main();

        let mut src = String::new();
        if self.opt.f16 {
            src.push_str("enable f16;\n");
        }
        if self.uses_subgroups {
            src.push_str("enable subgroups;\n");
        }
        for d in &self.decls {
            src.push_str(d);
            src.push('\n');
        }
        src.push('\n');
        src.push_str(HMIX);
        for t in &self.hash_fn_text {
            src.push('\n');
            src.push_str(t);
        }
        for t in &self.fn_text {
            src.push('\n');
            src.push_str(t);
        }
        src.push('\n');
        src.push_str(&main);

        let buffers = self.buffers();
        let mut p = Program {
            wgsl: String::new(),
            entry: "main".to_string(),
            workgroup_size: self.workgroup_size,
            dispatch: self.dispatch,
            buffers,
        };
        p.wgsl = format!("{}\n{}", p.header(), src);
        p
    }

    pub(crate) fn choose_shape(&mut self) {
        const SIZES: [[u32; 3]; 14] = [
            [1, 1, 1],
            [2, 1, 1],
            [4, 1, 1],
            [8, 1, 1],
            [16, 1, 1],
            [32, 1, 1],
            [64, 1, 1],
            [3, 1, 1],
            [5, 1, 1],
            [4, 2, 1],
            [2, 2, 2],
            [8, 4, 1],
            [7, 3, 1],
            [2, 3, 4],
        ];
        self.workgroup_size = *self.rng.pick(&SIZES);
        let wg: u32 = self.workgroup_size.iter().product();
        loop {
            let d = [
                self.rng.range_u32(1, 3),
                self.rng.range_u32(1, 2),
                self.rng.range_u32(1, 2),
            ];
            if wg * d.iter().product::<u32>() <= 128 || d == [1, 1, 1] {
                self.dispatch = d;
                break;
            }
        }
        self.slots = self.rng.range_u32(4, 10);
        self.input_len = *self.rng.pick(&[16u32, 32, 64, 64, 100]);
    }

    pub(crate) fn total_invocations(&self) -> u32 {
        self.workgroup_size.iter().product::<u32>() * self.dispatch.iter().product::<u32>()
    }

    pub(crate) fn buffers(&mut self) -> Vec<BufferSpec> {
        let mut v = Vec::new();
        let mut input = Vec::new();
        for _ in 0..self.input_len {
            input.extend_from_slice(&self.rng.interesting_u32().to_le_bytes());
        }
        v.push(BufferSpec {
            group: 0,
            binding: 0,
            size: input.len() as u64,
            init: input,
            uniform: false,
            writable: false,
        });
        let out_size = (self.total_invocations() * self.slots * 4) as u64;
        v.push(BufferSpec {
            group: 0,
            binding: 1,
            size: out_size,
            init: vec![0; out_size as usize],
            uniform: false,
            writable: true,
        });
        if self.opt.atomics {
            let n = ATOMIC_OPS.len() as u32 * self.atomic_groups;
            let mut init = Vec::new();
            for _ in 0..n {
                init.extend_from_slice(&self.rng.interesting_u32().to_le_bytes());
            }
            v.push(BufferSpec {
                group: 0,
                binding: 2,
                size: init.len() as u64,
                init,
                uniform: false,
                writable: true,
            });
        }
        if self.opt.uniform_buffer {
            let mut init = Vec::new();
            for _ in 0..16 {
                init.extend_from_slice(&self.rng.interesting_u32().to_le_bytes());
            }
            v.push(BufferSpec {
                group: 0,
                binding: 3,
                size: 64,
                init,
                uniform: true,
                writable: false,
            });
        }
        v
    }

    pub(crate) fn gen_structs(&mut self) {
        let n = self.rng.range(0, 3) as usize;
        for i in 0..n {
            let nf = self.rng.range(1, 4) as usize;
            let mut names: Vec<&str> = FIELD_NAMES.to_vec();
            let mut fields = Vec::new();
            for _ in 0..nf {
                let j = self.rng.below(names.len() as u64) as usize;
                let fname = names.remove(j).to_string();
                let ty = self.random_type(1);
                fields.push((fname, ty));
            }
            let name = format!("S{i}");
            let mut text = format!("struct {name} {{\n");
            let last = fields.len() - 1;
            for (k, (fname, ty)) in fields.iter().enumerate() {
                let t = self.decl_ty(ty);
                let comma = if k < last || self.rng.chance(0.5) {
                    ","
                } else {
                    ""
                };
                text.push_str(&format!("    {fname}: {t}{comma}\n"));
            }
            text.push('}');
            self.decls.push(text);
            self.structs.push(StructDef { name, fields });
        }
    }

    pub(crate) fn gen_aliases(&mut self) {
        let n = self.rng.range(0, 2);
        for i in 0..n {
            let ty = self.random_type(1);
            let t = self.ty_str(&ty);
            let name = format!("A{i}");
            self.decls.push(format!("alias {name} = {t};"));
            self.aliases.push((name, ty));
        }
    }

    pub(crate) fn gen_consts(&mut self) {
        let n = self.rng.range(0, 4);
        for i in 0..n {
            let name = format!("C{i}");
            let s = *self
                .rng
                .pick(&[Scalar::U32, Scalar::I32, Scalar::U32, Scalar::Bool]);
            // Either a literal or an operation on earlier constants whose
            // value is checked here (a const-expression must not overflow).
            let (text, val) = self.const_init(s);
            let ty_txt = if self.rng.chance(0.7) {
                format!(": {}", s.name())
            } else {
                String::new()
            };
            // A literal without a type would be abstract: keep the suffix.
            self.decls.push(format!("const {name}{ty_txt} = {text};"));
            let id = self.add_global(&name, Ty::S(s), Kind::Const);
            self.vars[id].val = Some(val);
        }
    }

    pub(crate) fn const_init(&mut self, s: Scalar) -> (String, Val) {
        let earlier: Vec<VarId> = self
            .globals
            .iter()
            .copied()
            .filter(|&id| self.vars[id].kind == Kind::Const && self.vars[id].ty == Ty::S(s))
            .collect();
        if !earlier.is_empty() && s != Scalar::Bool && self.rng.chance(0.6) {
            for _ in 0..4 {
                let a = *self.rng.pick(&earlier);
                let (lit, b) = self.int_literal(s);
                let op = *self.rng.pick(&["+", "-", "*", "/", "%", "&", "|", "^"]);
                if let Some(v) = crate::types::const_binop(op, self.vars[a].val.unwrap(), b) {
                    return (format!("{} {op} {lit}", self.vars[a].name), v);
                }
            }
        }
        match s {
            Scalar::Bool => {
                let b = self.rng.chance(0.5);
                (b.to_string(), Val::B(b))
            }
            _ => {
                let (lit, v) = self.int_literal(s);
                (lit, v)
            }
        }
    }

    pub(crate) fn gen_overrides(&mut self) {
        // Overrides in a third of the programs: naga 30's override
        // processing rejects many valid programs that use them (README).
        let n = if self.rng.chance(0.35) {
            self.rng.range(1, 3)
        } else {
            0
        };
        for i in 0..n {
            let name = format!("O{i}");
            let s = *self.rng.pick(&[Scalar::U32, Scalar::I32, Scalar::Bool]);
            let init = match s {
                Scalar::Bool => self.rng.chance(0.5).to_string(),
                _ => self.int_literal(s).0,
            };
            let id_attr = if self.rng.chance(0.3) {
                format!("@id({}) ", 10 + i)
            } else {
                String::new()
            };
            self.decls
                .push(format!("{id_attr}override {name}: {} = {init};", s.name()));
            self.add_global(&name, Ty::S(s), Kind::Override);
        }
    }

    pub(crate) fn gen_resources(&mut self) {
        let len = self.input_len;
        let arr = if self.opt.runtime_sized_input {
            "array<u32>".to_string()
        } else {
            format!("array<u32, {len}>")
        };
        self.decls.push(format!(
            "@group(0) @binding(0) var<storage, read> inp: {arr};"
        ));
        self.input = self.add_global("inp", Ty::Arr(Box::new(Ty::U32), len), Kind::ReadOnlyBuffer);
        let n = self.total_invocations() * self.slots;
        self.decls.push(format!(
            "@group(0) @binding(1) var<storage, read_write> outp: array<u32, {n}>;"
        ));
        if self.opt.atomics {
            let n = ATOMIC_OPS.len() as u32 * self.atomic_groups;
            self.decls.push(format!(
                "@group(0) @binding(2) var<storage, read_write> outa: array<atomic<u32>, {n}>;"
            ));
        }
        if self.opt.uniform_buffer {
            self.decls.push(
                "@group(0) @binding(3) var<uniform> params: array<vec4<u32>, 4>;".to_string(),
            );
            self.add_global(
                "params",
                Ty::Arr(Box::new(Ty::V(4, Scalar::U32)), 4),
                Kind::ReadOnlyBuffer,
            );
        }
    }

    pub(crate) fn gen_privates(&mut self) {
        self.decls
            .push("var<private> acc: u32 = 2166136261u;".to_string());
        self.acc = self.add_global("acc", Ty::U32, Kind::Private);
        self.vars[self.acc].no_ptr = true;
        let n = self.rng.range(0, 4);
        for i in 0..n {
            let name = format!("g{i}");
            let ty = self.random_type(2);
            let t = self.decl_ty(&ty);
            if self.rng.chance(0.6) {
                let init = self.const_value(&ty);
                self.decls
                    .push(format!("var<private> {name}: {t} = {init};"));
            } else {
                self.decls.push(format!("var<private> {name}: {t};"));
            }
            self.add_global(&name, ty, Kind::Private);
        }
    }

    /// A const-expression of type `ty` made of literals (floats within the
    /// storage bound).
    pub(crate) fn const_value(&mut self, ty: &Ty) -> String {
        match ty {
            Ty::S(s) => self.literal(*s, s.storage_bound()).s,
            Ty::V(n, s) => {
                let t = self.ty_str(ty);
                if self.rng.chance(0.3) {
                    let l = self.literal(*s, s.storage_bound()).s;
                    format!("{t}({l})")
                } else {
                    let parts: Vec<String> = (0..*n)
                        .map(|_| self.literal(*s, s.storage_bound()).s)
                        .collect();
                    format!("{t}({})", parts.join(", "))
                }
            }
            Ty::Arr(e, n) => {
                let t = self.ty_str(ty);
                let parts: Vec<String> = (0..*n).map(|_| self.const_value(e)).collect();
                format!("{t}({})", parts.join(", "))
            }
            Ty::St(i) => {
                let fields = self.structs[*i].fields.clone();
                let parts: Vec<String> = fields.iter().map(|(_, t)| self.const_value(t)).collect();
                format!("{}({})", self.structs[*i].name, parts.join(", "))
            }
        }
    }

    // ----- functions ---------------------------------------------------------

    pub(crate) fn gen_function(&mut self, index: usize) {
        let name = format!("f{index}");
        let n_params = self.rng.range(0, 4) as usize;
        let mut params = Vec::new();
        let privates: Vec<VarId> = self
            .globals
            .iter()
            .copied()
            .filter(|&id| self.vars[id].kind == Kind::Private && !self.vars[id].no_ptr)
            .collect();
        for _ in 0..n_params {
            if self.opt.storage_pointers && self.rng.chance(0.15) {
                params.push(Param::Ptr(
                    Space::Storage,
                    Ty::Arr(Box::new(Ty::U32), self.input_len),
                ));
            } else if self.opt.pointers && self.rng.chance(0.35) {
                if !privates.is_empty() && self.rng.chance(0.3) {
                    let g = *self.rng.pick(&privates);
                    params.push(Param::Ptr(Space::Private, self.vars[g].ty.clone()));
                } else {
                    let ty = self.random_type(2);
                    params.push(Param::Ptr(Space::Function, ty));
                }
            } else {
                let ty = self.random_type(2);
                params.push(Param::Value(ty));
            }
        }
        let ret = if self.rng.chance(0.8) {
            Some(if self.rng.chance(0.6) {
                self.random_sv()
            } else {
                self.random_type(2)
            })
        } else {
            None
        };
        let budget = self.opt.max_dynamic_statements / 8;
        let mut f = FnCtx::new(
            false,
            ret.clone(),
            budget,
            self.opt.max_stmts_per_function / 2,
        );
        let base = self.vars.len();
        let mut ptext = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let pname = if self.rng.chance(0.5) {
                LOCAL_NAMES[i + 3].to_string()
            } else {
                format!("p{i}")
            };
            match p {
                Param::Value(ty) => {
                    let t = self.decl_ty(ty);
                    ptext.push(format!("{pname}: {t}"));
                    self.declare(
                        &mut f,
                        VarInfo {
                            name: pname,
                            ty: ty.clone(),
                            kind: Kind::Let,
                            root: usize::MAX,
                            fb: None,
                            val: None,
                            nconst: false,
                            no_ptr: false,
                            global: false,
                            whole_view: true,
                        },
                    );
                }
                Param::Ptr(space, ty) => {
                    // No alias in a pointer type: naga 30 then makes a distinct type.
                    let t = self.ty_str(ty);
                    if *space == Space::Storage {
                        let arr = if self.opt.runtime_sized_input {
                            "array<u32>".to_string()
                        } else {
                            format!("array<u32, {}>", self.input_len)
                        };
                        ptext.push(format!("{pname}: ptr<storage, {arr}, read>"));
                    } else {
                        ptext.push(format!("{pname}: ptr<{}, {t}>", space.name()));
                    }
                    self.declare(
                        &mut f,
                        VarInfo {
                            name: pname,
                            ty: ty.clone(),
                            kind: Kind::Ptr(*space),
                            root: usize::MAX,
                            fb: None,
                            val: None,
                            nconst: false,
                            no_ptr: false,
                            global: false,
                            whole_view: true,
                        },
                    );
                }
            }
        }
        let ret_txt = match &ret {
            Some(t) => format!(" -> {}", self.decl_ty(t)),
            None => String::new(),
        };
        self.gen_block_body(&mut f, self.opt.max_stmts_per_block + 2);
        self.observe_scope(&mut f);
        if let Some(t) = &ret {
            let e = self.expr_store(&mut f, t);
            f.line(format!("return {};", e.s));
        }
        let mut text = format!("fn {name}({}){ret_txt} {{\n", ptext.join(", "));
        for l in &f.lines {
            text.push_str(l);
            text.push('\n');
        }
        text.push_str("}\n");
        self.fn_text.push(text);
        self.vars.truncate(base);
        self.fns.push(FnSig {
            name,
            params,
            ret,
            cost: f.cost.max(1),
            globals: f.globals,
        });
    }

    pub(crate) fn gen_main(&mut self) -> String {
        let mut f = FnCtx::new(
            true,
            None,
            self.opt.max_dynamic_statements / 2,
            self.opt.max_stmts_per_function,
        );
        let [x, y, z] = self.workgroup_size;
        let [dx, dy, _] = self.dispatch;
        let (nx, ny) = (x * dx, y * dy);
        let base_len = self.vars.len();
        // Builtin inputs: as parameters or as members of an input struct.
        let builtins: [(&str, &str, Ty); 5] = [
            ("gid", "global_invocation_id", Ty::V(3, Scalar::U32)),
            ("lidx", "local_invocation_index", Ty::U32),
            ("lid", "local_invocation_id", Ty::V(3, Scalar::U32)),
            ("wid", "workgroup_id", Ty::V(3, Scalar::U32)),
            ("nwg", "num_workgroups", Ty::V(3, Scalar::U32)),
        ];
        let mut params = Vec::new();
        let use_struct = self.rng.chance(0.3);
        let mut struct_text = String::from("struct Inputs {\n");
        for (name, b, ty) in builtins.iter() {
            let t = self.decl_ty(ty);
            if use_struct {
                struct_text.push_str(&format!("    @builtin({b}) {name}: {t},\n"));
            } else {
                params.push(format!("@builtin({b}) {name}: {t}"));
            }
        }
        struct_text.push('}');
        let pre = |s: &str| {
            if use_struct {
                format!("inb.{s}")
            } else {
                s.to_string()
            }
        };
        if use_struct {
            self.bprefix = "inb.".to_string();
            self.decls.push(struct_text);
            params.push("inb: Inputs".to_string());
        }
        f.line(format!(
            "let gidx = {g}.x + {g}.y * {nx}u + {g}.z * {}u;",
            nx * ny,
            g = pre("gid")
        ));
        f.line(format!("let base = gidx * {}u;", self.slots));
        if use_struct {
            f.line("let lidx = inb.lidx;");
        }
        for (name, _, ty) in builtins.iter() {
            let name = if use_struct && *name != "lidx" {
                format!("inb.{name}")
            } else {
                name.to_string()
            };
            // `inb.gid` and friends are reads of a `let` struct member:
            // modelled as a `let` named by the whole access.
            self.declare(
                &mut f,
                VarInfo {
                    name,
                    ty: ty.clone(),
                    kind: Kind::Let,
                    root: usize::MAX,
                    fb: None,
                    val: None,
                    nconst: false,
                    no_ptr: true,
                    global: false,
                    whole_view: true,
                },
            );
        }
        for n in ["gidx", "base"] {
            self.declare(
                &mut f,
                VarInfo {
                    name: n.to_string(),
                    ty: Ty::U32,
                    kind: Kind::Let,
                    root: usize::MAX,
                    fb: None,
                    val: None,
                    nconst: false,
                    no_ptr: true,
                    global: false,
                    whole_view: true,
                },
            );
        }
        // Sections: generated code, and (at the top level, where control
        // flow is uniform) workgroup phases.
        let mut phases: Vec<u32> = Vec::new();
        if self.opt.workgroup_memory {
            let n = self.rng.range(0, 2) as usize;
            phases.resize(phases.len() + n, 0);
            if self.rng.chance(0.5) {
                phases.push(1);
            }
        }
        if self.opt.atomics && self.opt.workgroup_memory && self.rng.chance(0.5) {
            phases.push(2);
        }
        if self.opt.subgroups && self.rng.chance(0.7) {
            phases.push(3);
        }
        let sections = phases.len() + 1 + self.rng.below(2) as usize;
        let mut order: Vec<Option<u32>> = phases.iter().map(|&p| Some(p)).collect();
        while order.len() < sections + phases.len() {
            order.push(None);
        }
        // Shuffle.
        for i in (1..order.len()).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        let per = (self.opt.max_stmts_per_block + 2).max(2);
        for (k, sec) in order.into_iter().enumerate() {
            match sec {
                None => self.gen_block_body(&mut f, per),
                Some(p) => self.workgroup_phase(&mut f, p, k),
            }
        }
        self.observe_scope(&mut f);
        // The private variables' final values, mixed at module scope
        // (where no local shadows them).
        let mut body = Vec::new();
        for id in self.globals.clone() {
            if self.vars[id].kind == Kind::Private && id != self.acc {
                let name = self.vars[id].name.clone();
                let ty = self.vars[id].ty.clone();
                let h = self.hash_into("acc", &name, &ty);
                body.push(format!(
                    "    acc = {h};
"
                ));
            }
        }
        if !body.is_empty() {
            self.hash_fn_text.push(format!(
                "fn observe_privates() {{
{}}}
",
                body.concat()
            ));
            f.line("observe_privates();");
        }
        f.line(format!("outp[base + {}u] = acc;", self.slots - 1));
        self.vars.truncate(base_len);
        let mut text = format!(
            "@compute @workgroup_size({x}, {y}, {z})\nfn main({}) {{\n",
            params.join(", ")
        );
        for l in &f.lines {
            text.push_str(l);
            text.push('\n');
        }
        text.push_str("}\n");
        text
    }

    /// A top-level section of `main` that uses workgroup memory (or
    /// subgroups): 0 = each invocation writes its slot, barrier, reads
    /// others; 1 = one invocation writes, `workgroupUniformLoad`, then a
    /// loop with a barrier whose trip count is that uniform value; 2 =
    /// workgroup atomics, barrier, atomicLoad; 3 = subgroup operations on
    /// a workgroup-uniform value.
    pub(crate) fn workgroup_phase(&mut self, f: &mut FnCtx, phase: u32, k: usize) {
        let wg: u32 = self.workgroup_size.iter().product();
        let u32t = Ty::U32;
        let new_let = |g: &mut Gen, f: &mut FnCtx, name: &str, ty: Ty| {
            g.declare(
                f,
                VarInfo {
                    name: name.to_string(),
                    ty,
                    kind: Kind::Let,
                    root: usize::MAX,
                    fb: None,
                    val: None,
                    nconst: false,
                    no_ptr: false,
                    global: false,
                    whole_view: true,
                },
            );
        };
        match phase {
            0 => {
                let s = *self.rng.pick(&[Scalar::U32, Scalar::I32]);
                let m = format!("wgm{k}");
                self.decls
                    .push(format!("var<workgroup> {m}: array<{}, {wg}>;", s.name()));
                let e = self.expr(f, &Ty::S(s), self.opt.max_expr_depth, false);
                f.line(format!("{m}[lidx] = {};", e.s));
                f.line("workgroupBarrier();");
                let r = format!("wr{k}");
                let idx = match self.rng.below(4) {
                    0 => format!("(lidx + {}u) % {wg}u", self.rng.range_u32(1, wg + 3)),
                    1 => format!("{}u - lidx", wg - 1),
                    2 => format!("{}u", self.rng.below(wg as u64)),
                    _ => {
                        let e = self.expr(f, &u32t, 2, false);
                        format!("({}) % {wg}u", e.s)
                    }
                };
                f.line(format!("let {r} = {m}[{idx}];"));
                new_let(self, f, &r, Ty::S(s));
                if self.rng.chance(0.5) {
                    let t = format!("ws{k}");
                    f.line(format!("var {t} = {}();", s.name()));
                    f.line(format!("for (var q = 0u; q < {wg}u; q++) {{"));
                    f.line(format!("    {t} = {t} ^ ({m}[q] + {}(q));", s.name()));
                    f.line("}");
                    f.cost += wg as u64 * 2;
                    let id = self.declare(
                        f,
                        VarInfo {
                            name: t,
                            ty: Ty::S(s),
                            kind: Kind::Var,
                            root: usize::MAX,
                            fb: None,
                            val: None,
                            nconst: false,
                            no_ptr: false,
                            global: false,
                            whole_view: true,
                        },
                    );
                    let _ = id;
                }
            }
            1 => {
                let v = format!("wgv{k}");
                self.decls.push(format!("var<workgroup> {v}: u32;"));
                let who = self.rng.below(wg as u64);
                let e = self.expr(f, &u32t, self.opt.max_expr_depth, false);
                f.line(format!("if (lidx == {who}u) {{"));
                f.line(format!("    {v} = {};", e.s));
                f.line("}");
                let u = format!("wu{k}");
                f.line(format!("let {u} = workgroupUniformLoad(&{v});"));
                new_let(self, f, &u, Ty::U32);
                if self.rng.chance(0.5) {
                    // A barrier in a loop whose trip count is uniform.
                    let m = format!("wgl{k}");
                    self.decls
                        .push(format!("var<workgroup> {m}: array<u32, {wg}>;"));
                    f.line(format!("for (var q = 0u; q < ({u} & 3u); q++) {{"));
                    f.line(format!("    {m}[lidx] = {m}[lidx] * 3u + q + lidx;"));
                    f.line("    workgroupBarrier();");
                    f.line(format!(
                        "    acc = hmix(acc, {m}[(lidx + q + 1u) % {wg}u]);"
                    ));
                    f.line("    workgroupBarrier();");
                    f.line("}");
                    f.cost += 16;
                }
            }
            2 => {
                let a = format!("wga{k}");
                let op = *self.rng.pick(&ATOMIC_OPS);
                self.decls.push(format!("var<workgroup> {a}: atomic<u32>;"));
                let e = self.expr(f, &u32t, self.opt.max_expr_depth, false);
                if self.rng.chance(0.5) {
                    let c = self.expr(f, &Ty::BOOL, 2, false);
                    f.line(format!("if ({}) {{", c.s));
                    f.line(format!("    {op}(&{a}, {});", e.s));
                    f.line("}");
                } else {
                    f.line(format!("{op}(&{a}, {});", e.s));
                }
                f.line("workgroupBarrier();");
                let r = format!("wa{k}");
                f.line(format!("let {r} = atomicLoad(&{a});"));
                new_let(self, f, &r, Ty::U32);
            }
            _ => {
                self.uses_subgroups = true;
                // Uniform values: a workgroup id and the input buffer at a
                // uniform index. Each operation returns its (uniform) input.
                let v = format!("sv{k}");
                f.line(format!(
                    "let {v} = inp[{p}wid.x % {}u] ^ {p}nwg.y;",
                    self.input_len,
                    p = self.bprefix
                ));
                let op = *self.rng.pick(&[
                    "subgroupMax({v})",
                    "subgroupMin({v})",
                    "subgroupAnd({v})",
                    "subgroupOr({v})",
                    "subgroupBroadcastFirst({v})",
                    "subgroupBroadcast({v}, 0u)",
                    "subgroupShuffle({v}, 0u)",
                    "select(0u, {v}, subgroupAll({v} > 7u) == ({v} > 7u))",
                    "select(1u, {v}, subgroupAny(({v} & 1u) == 1u) == (({v} & 1u) == 1u))",
                ]);
                let r = format!("sr{k}");
                f.line(format!("let {r} = {};", op.replace("{v}", &v)));
                new_let(self, f, &r, Ty::U32);
            }
        }
    }
}

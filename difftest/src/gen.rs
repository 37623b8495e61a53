//! The generator: module-scope declarations, functions and statements.
//! Expressions are in `expr.rs`.

use std::collections::{BTreeMap, BTreeSet};

use crate::rng::Rng;
use crate::types::{Scalar, Ty, Val, FB};
use crate::{BufferSpec, GenOptions, Program};

pub(crate) type VarId = usize;

/// An address space of a memory view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    Function,
    Private,
    /// The read-only input buffer (`ptr<storage, array<u32>, read>`).
    Storage,
}

impl Space {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Space::Function => "function",
            Space::Private => "private",
            Space::Storage => "storage",
        }
    }
}

/// What a name in scope is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A `let` (or a value parameter, or a builtin input): read only.
    Let,
    /// A function-scope `var`.
    Var,
    /// A module-scope `var<private>`.
    Private,
    /// A module `const`.
    Const,
    /// A module `override`.
    Override,
    /// A pointer (parameter or `let`) to `ty` in `space`.
    Ptr(Space),
    /// The read-only input storage buffer or the uniform buffer.
    ReadOnlyBuffer,
}

#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    pub name: String,
    /// The type of the value (a pointer's: its pointee's).
    pub ty: Ty,
    pub kind: Kind,
    /// The originating variable (aliasing): itself for variables, the
    /// pointed-to variable's root for pointers.
    pub root: VarId,
    /// The bound of a float `let` (memory always holds storage-bound values).
    pub fb: Option<FB>,
    /// The value of a scalar `const` (or of a `let` of a constant).
    pub val: Option<Val>,
    /// A `let` initialised with a const-expression. WGSL makes it a
    /// runtime value, but naga 30 const-evaluates expressions over it (and
    /// then rejects e.g. a division by it when it is zero): the rules for
    /// constant operands are applied to it too.
    pub nconst: bool,
    /// May not be passed by pointer (`acc`, which every function writes).
    pub no_ptr: bool,
    /// Module scope.
    pub global: bool,
    /// A pointer whose memory view is a whole variable (or a pointer
    /// parameter): a valid pointer argument without WGSL's
    /// `unrestricted_pointer_parameters`.
    pub whole_view: bool,
}

impl VarInfo {
    pub(crate) fn writable(&self) -> bool {
        matches!(
            self.kind,
            Kind::Var | Kind::Private | Kind::Ptr(Space::Function | Space::Private)
        )
    }

    /// A variable of a type that cannot be loaded whole (the runtime-sized
    /// input buffer, or a pointer to it).
    pub(crate) fn unloadable(&self) -> bool {
        matches!(self.kind, Kind::ReadOnlyBuffer | Kind::Ptr(Space::Storage))
    }

    pub(crate) fn is_const(&self) -> bool {
        matches!(self.kind, Kind::Const | Kind::Override)
    }

    pub(crate) fn space(&self) -> Option<Space> {
        match self.kind {
            Kind::Var => Some(Space::Function),
            Kind::Private => Some(Space::Private),
            Kind::Ptr(s) => Some(s),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct StructDef {
    pub name: String,
    pub fields: Vec<(String, Ty)>,
}

#[derive(Clone, Debug)]
pub(crate) enum Param {
    Value(Ty),
    Ptr(Space, Ty),
}

#[derive(Clone, Debug)]
pub(crate) struct FnSig {
    pub name: String,
    pub params: Vec<Param>,
    pub ret: Option<Ty>,
    /// Statements one call executes (at most, counted statically).
    pub cost: u64,
    /// Module-scope variables the function (or a callee) reads or writes.
    pub globals: BTreeSet<VarId>,
}

/// What an enclosing statement lets `break` and `continue` do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Breakable {
    Loop,
    Switch,
}

/// The state of the function being generated.
pub(crate) struct FnCtx {
    pub is_main: bool,
    pub ret: Option<Ty>,
    /// Scopes, outermost first: the module's names are in `Gen::globals`.
    pub scopes: Vec<Vec<VarId>>,
    /// Names a `continuing` block must not see (declared in the loop body).
    pub hidden: BTreeSet<String>,
    /// Names new locals must not take (a `continuing` block's loop counter,
    /// which the loop body must not shadow).
    pub reserved: BTreeSet<String>,
    /// Loop counters: read only in their loop.
    pub locked: BTreeSet<VarId>,
    pub breakables: Vec<Breakable>,
    pub loop_depth: u32,
    pub block_depth: u32,
    /// Trip-count product of the enclosing loops.
    pub mult: u64,
    pub cost: u64,
    pub budget: u64,
    pub stmts_left: u32,
    pub globals: BTreeSet<VarId>,
    pub lines: Vec<String>,
    pub indent: usize,
    /// Recently generated call-free expressions, for reuse (CSE bait);
    /// emptied whenever a name is declared or a scope ends.
    pub recent: Vec<crate::expr::Ex>,
    /// Inside a `continuing` block, a loop's header or an index: no calls.
    pub no_calls: bool,
}

impl FnCtx {
    pub(crate) fn new(is_main: bool, ret: Option<Ty>, budget: u64, stmts: u32) -> FnCtx {
        FnCtx {
            is_main,
            ret,
            scopes: vec![Vec::new()],
            hidden: BTreeSet::new(),
            reserved: BTreeSet::new(),
            locked: BTreeSet::new(),
            breakables: Vec::new(),
            loop_depth: 0,
            block_depth: 0,
            mult: 1,
            cost: 0,
            budget,
            stmts_left: stmts,
            globals: BTreeSet::new(),
            lines: Vec::new(),
            indent: 1,
            recent: Vec::new(),
            no_calls: false,
        }
    }

    pub(crate) fn line(&mut self, s: impl AsRef<str>) {
        let mut l = "    ".repeat(self.indent);
        l.push_str(s.as_ref());
        self.lines.push(l);
    }

    pub(crate) fn in_loop(&self) -> bool {
        self.breakables.contains(&Breakable::Loop)
    }

    pub(crate) fn budget_left(&self) -> u64 {
        self.budget.saturating_sub(self.cost)
    }
}

/// Names locals are drawn from: few, so that inner scopes often shadow
/// outer ones (and module-scope privates and constants).
const LOCAL_NAMES: [&str; 14] = [
    "a", "b", "c", "d", "i", "j", "k", "n", "t", "v", "w", "x", "y", "z",
];

const FIELD_NAMES: [&str; 10] = ["a", "b", "c", "x", "y", "f", "g", "n", "data", "v"];

pub(crate) struct Gen<'o> {
    pub rng: Rng,
    pub opt: &'o GenOptions,
    pub structs: Vec<StructDef>,
    /// `alias` declarations: name and type.
    pub aliases: Vec<(String, Ty)>,
    pub vars: Vec<VarInfo>,
    /// Module-scope names that expressions may use.
    pub globals: Vec<VarId>,
    pub fns: Vec<FnSig>,
    /// Hash helpers by type, generated on first use.
    pub hash_fns: BTreeMap<Ty, String>,
    pub hash_fn_text: Vec<String>,
    pub decls: Vec<String>,
    pub fn_text: Vec<String>,
    pub fresh: u32,
    pub acc: VarId,
    pub input: VarId,
    pub input_len: u32,
    pub atomic_groups: u32,
    pub uses_subgroups: bool,
    pub workgroup_size: [u32; 3],
    pub dispatch: [u32; 3],
    pub slots: u32,
    /// `inb.` when the builtins are members of an input struct.
    pub bprefix: String,
    /// Index expressions being generated inside each other.
    pub index_nesting: u32,
}

/// The order-independent atomic operations: slot `op + ATOMIC_OPS.len() * g`
/// only ever sees `ATOMIC_OPS[op]`.
pub(crate) const ATOMIC_OPS: [&str; 7] = [
    "atomicAdd",
    "atomicSub",
    "atomicMax",
    "atomicMin",
    "atomicAnd",
    "atomicOr",
    "atomicXor",
];

impl<'o> Gen<'o> {
    pub(crate) fn new(seed: u64, opt: &'o GenOptions) -> Gen<'o> {
        Gen {
            rng: Rng::new(seed),
            opt,
            structs: Vec::new(),
            aliases: Vec::new(),
            vars: Vec::new(),
            globals: Vec::new(),
            fns: Vec::new(),
            hash_fns: BTreeMap::new(),
            hash_fn_text: Vec::new(),
            decls: Vec::new(),
            fn_text: Vec::new(),
            fresh: 0,
            acc: 0,
            input: 0,
            input_len: 64,
            atomic_groups: 2,
            uses_subgroups: false,
            workgroup_size: [1, 1, 1],
            dispatch: [1, 1, 1],
            slots: 8,
            bprefix: String::new(),
            index_nesting: 0,
        }
    }

    pub(crate) fn fresh_name(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    pub(crate) fn add_var(&mut self, v: VarInfo) -> VarId {
        self.vars.push(v);
        let id = self.vars.len() - 1;
        if self.vars[id].root == usize::MAX {
            self.vars[id].root = id;
        }
        id
    }

    fn add_global(&mut self, name: &str, ty: Ty, kind: Kind) -> VarId {
        let id = self.add_var(VarInfo {
            name: name.to_string(),
            ty,
            kind,
            root: usize::MAX,
            fb: None,
            val: None,
            nconst: false,
            no_ptr: false,
            global: true,
            whole_view: true,
        });
        self.globals.push(id);
        id
    }

    // ----- types -------------------------------------------------------

    /// The float scalars this program may use.
    pub(crate) fn float_scalars(&self) -> Vec<Scalar> {
        let mut v = Vec::new();
        if self.opt.f32 {
            v.push(Scalar::F32);
        }
        if self.opt.f16 {
            v.push(Scalar::F16);
        }
        v
    }

    pub(crate) fn random_scalar(&mut self) -> Scalar {
        let mut w = vec![(Scalar::U32, 10), (Scalar::I32, 8), (Scalar::Bool, 3)];
        if self.opt.f32 {
            w.push((Scalar::F32, 5));
        }
        if self.opt.f16 {
            w.push((Scalar::F16, 3));
        }
        let i = self
            .rng
            .weighted(&w.iter().map(|x| x.1).collect::<Vec<_>>());
        w[i].0
    }

    /// A scalar or vector type.
    pub(crate) fn random_sv(&mut self) -> Ty {
        let s = self.random_scalar();
        let n = *self.rng.pick(&[1u8, 1, 1, 2, 3, 4]);
        Ty::sv(n, s)
    }

    /// Any constructible type the program has (composites included).
    pub(crate) fn random_type(&mut self, depth: u32) -> Ty {
        let mut choice = self.rng.below(10);
        if depth == 0 {
            choice = 0;
        }
        match choice {
            7 | 8 if self.opt.arrays => {
                let elem = self.random_type(depth - 1);
                let n = *self.rng.pick(&[2u32, 3, 4, 4, 5, 8]);
                Ty::Arr(Box::new(elem), n)
            }
            9 if !self.structs.is_empty() => {
                Ty::St(self.rng.below(self.structs.len() as u64) as usize)
            }
            _ => self.random_sv(),
        }
    }

    /// The WGSL spelling of `ty` in a constructor or conversion, picking
    /// among equivalent spellings (never an alias: naga 30 gives a value
    /// built through an alias a type distinct from the aliased one, see
    /// README).
    pub(crate) fn ty_str(&mut self, ty: &Ty) -> String {
        self.ty_spelling(ty, false)
    }

    /// The spelling of `ty` in a declaration (variable, parameter, member,
    /// return type): sometimes an alias.
    pub(crate) fn decl_ty(&mut self, ty: &Ty) -> String {
        // Not an array's alias: naga 30 then gives the variable a type
        // distinct from the array's (pointers to it do not match).
        let alias_ok = !matches!(ty, Ty::Arr(..));
        self.ty_spelling(ty, alias_ok)
    }

    fn ty_spelling(&mut self, ty: &Ty, alias_ok: bool) -> String {
        // An alias names the type sometimes (never as an array's element
        // type: naga 30 then makes a distinct array type).
        let matching: Vec<String> = self
            .aliases
            .iter()
            .filter(|(_, t)| t == ty)
            .map(|(n, _)| n.clone())
            .collect();
        if alias_ok && !matching.is_empty() && self.rng.chance(0.5) {
            return self.rng.pick(&matching).clone();
        }
        match ty {
            Ty::S(s) => s.name().to_string(),
            Ty::V(n, s) => match s.alias_suffix() {
                Some(c) if self.rng.chance(0.5) => format!("vec{n}{c}"),
                _ => format!("vec{n}<{}>", s.name()),
            },
            Ty::Arr(e, n) => {
                let e = self.ty_spelling(e, false);
                match self.rng.below(4) {
                    0 => format!("array<{e}, {n}u>"),
                    1 => format!("array<{e},{n}>"),
                    _ => format!("array<{e}, {n}>"),
                }
            }
            Ty::St(i) => self.structs[*i].name.clone(),
        }
    }

    /// The canonical spelling (for names of hash helpers).
    pub(crate) fn ty_mangle(&self, ty: &Ty) -> String {
        match ty {
            Ty::S(s) => s.name().to_string(),
            Ty::V(n, s) => format!("v{n}{}", s.name()),
            Ty::Arr(e, n) => format!("a{n}_{}", self.ty_mangle(e)),
            Ty::St(i) => self.structs[*i].name.clone(),
        }
    }

    pub(crate) fn ty_canon(&self, ty: &Ty) -> String {
        match ty {
            Ty::S(s) => s.name().to_string(),
            Ty::V(n, s) => format!("vec{n}<{}>", s.name()),
            Ty::Arr(e, n) => format!("array<{}, {n}>", self.ty_canon(e)),
            Ty::St(i) => self.structs[*i].name.clone(),
        }
    }

    /// Whether a value of type `from` contains a part of type `want`
    /// reachable by member, index or (when `swizzle`) vector swizzle.
    pub(crate) fn reaches(&self, from: &Ty, want: &Ty, swizzle: bool, components: bool) -> bool {
        if from == want {
            return true;
        }
        match from {
            Ty::St(i) => self.structs[*i]
                .fields
                .iter()
                .any(|(_, t)| self.reaches(t, want, swizzle, components)),
            Ty::Arr(e, _) => self.reaches(e, want, swizzle, components),
            Ty::V(_, s) => {
                components
                    && match want {
                        Ty::S(w) => w == s,
                        Ty::V(_, w) => swizzle && w == s,
                        _ => false,
                    }
            }
            Ty::S(_) => false,
        }
    }

    // ----- scopes --------------------------------------------------------

    /// The variables a name currently resolves to (innermost wins), module
    /// scope included.
    pub(crate) fn visible(&self, f: &FnCtx) -> Vec<VarId> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for scope in f.scopes.iter().rev() {
            for &id in scope.iter().rev() {
                let name = &self.vars[id].name;
                if seen.insert(name.clone()) && !f.hidden.contains(name) {
                    out.push(id);
                }
            }
        }
        for &id in &self.globals {
            let name = &self.vars[id].name;
            if seen.insert(name.clone()) && !f.hidden.contains(name) {
                out.push(id);
            }
        }
        out.reverse();
        out
    }

    /// A name for a new local: often one already visible (shadowing),
    /// never one declared in the current scope.
    pub(crate) fn local_name(&mut self, f: &FnCtx) -> String {
        let current: BTreeSet<&str> = f
            .scopes
            .last()
            .unwrap()
            .iter()
            .map(|&id| self.vars[id].name.as_str())
            .collect();
        let free =
            |n: &str| !current.contains(n) && !f.hidden.contains(n) && !f.reserved.contains(n);
        // Sometimes a module-scope variable's or constant's name: locals
        // may shadow them.
        if self.rng.chance(0.08) {
            let globals: Vec<String> = self
                .globals
                .iter()
                .map(|&id| &self.vars[id])
                .filter(|v| matches!(v.kind, Kind::Private | Kind::Const) && v.name != "acc")
                .map(|v| v.name.clone())
                .filter(|n| free(n))
                .collect();
            if !globals.is_empty() {
                return self.rng.pick(&globals).clone();
            }
        }
        for _ in 0..3 {
            let n = *self.rng.pick(&LOCAL_NAMES);
            if free(n) {
                return n.to_string();
            }
        }
        self.fresh_name("l")
    }

    pub(crate) fn declare(&mut self, f: &mut FnCtx, v: VarInfo) -> VarId {
        let id = self.add_var(v);
        f.scopes.last_mut().unwrap().push(id);
        f.recent.clear();
        id
    }

    pub(crate) fn push_scope(&mut self, f: &mut FnCtx) {
        f.scopes.push(Vec::new());
        f.recent.clear();
    }

    pub(crate) fn pop_scope(&mut self, f: &mut FnCtx) {
        f.scopes.pop();
        f.recent.clear();
    }

    /// Records an access to a module-scope variable.
    pub(crate) fn touch(&self, f: &mut FnCtx, id: VarId) {
        if self.vars[id].global && self.vars[id].kind == Kind::Private {
            f.globals.insert(id);
        }
    }

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

    fn choose_shape(&mut self) {
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

    fn total_invocations(&self) -> u32 {
        self.workgroup_size.iter().product::<u32>() * self.dispatch.iter().product::<u32>()
    }

    fn buffers(&mut self) -> Vec<BufferSpec> {
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

    fn gen_structs(&mut self) {
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

    fn gen_aliases(&mut self) {
        let n = self.rng.range(0, 2);
        for i in 0..n {
            let ty = self.random_type(1);
            let t = self.ty_str(&ty);
            let name = format!("A{i}");
            self.decls.push(format!("alias {name} = {t};"));
            self.aliases.push((name, ty));
        }
    }

    fn gen_consts(&mut self) {
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

    fn const_init(&mut self, s: Scalar) -> (String, Val) {
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

    fn gen_overrides(&mut self) {
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

    fn gen_resources(&mut self) {
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

    fn gen_privates(&mut self) {
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

    fn gen_function(&mut self, index: usize) {
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

    fn gen_main(&mut self) -> String {
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
    fn workgroup_phase(&mut self, f: &mut FnCtx, phase: u32, k: usize) {
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

    // ----- observation ---------------------------------------------------------

    /// `acc` mixed with a hash of `text` (of type `ty`), as text.
    pub(crate) fn hash_into(&mut self, acc: &str, text: &str, ty: &Ty) -> String {
        match ty {
            Ty::S(s) => {
                let h = self.hash_scalar(text, *s);
                format!("hmix({acc}, {h})")
            }
            _ => {
                let f = self.hash_fn(ty);
                format!("{f}({acc}, {text})")
            }
        }
    }

    /// A `u32` that determines the value of the scalar `text` (which is
    /// evaluated more than once for floats: it must be free of calls).
    pub(crate) fn hash_scalar(&mut self, text: &str, s: Scalar) -> String {
        match s {
            Scalar::U32 => text.to_string(),
            Scalar::I32 => {
                if self.rng.chance(0.5) {
                    format!("bitcast<u32>({text})")
                } else {
                    format!("u32({text})")
                }
            }
            Scalar::Bool => {
                if self.rng.chance(0.5) {
                    format!("select(0u, 1u, {text})")
                } else {
                    format!("u32({text})")
                }
            }
            // The sign of a zero is not observable: a zero of either sign
            // hashes as 0.
            Scalar::F32 => format!("select(bitcast<u32>({text}), 0u, ({text}) == 0.0f)"),
            Scalar::F16 => format!("select(bitcast<u32>(f32({text})), 0u, ({text}) == 0.0h)"),
        }
    }

    /// The name of `fn h_T(h: u32, v: T) -> u32`, generated on first use.
    pub(crate) fn hash_fn(&mut self, ty: &Ty) -> String {
        if let Some(n) = self.hash_fns.get(ty) {
            return n.clone();
        }
        let name = format!("h_{}", self.ty_mangle(ty));
        self.hash_fns.insert(ty.clone(), name.clone());
        let t = self.ty_canon(ty);
        let mut body = Vec::new();
        match ty {
            Ty::S(_) => unreachable!(),
            Ty::V(n, s) => {
                if s.is_float() {
                    let z = if *s == Scalar::F32 { "0.0f" } else { "0.0h" };
                    let bits = if *s == Scalar::F32 {
                        format!("bitcast<vec{n}<u32>>(v)")
                    } else {
                        format!("bitcast<vec{n}<u32>>(vec{n}<f32>(v))")
                    };
                    body.push(format!(
                        "let b = select({bits}, vec{n}<u32>(0u), v == vec{n}<{}>({z}));",
                        s.name()
                    ));
                } else if *s == Scalar::Bool {
                    body.push(format!(
                        "let b = select(vec{n}<u32>(0u), vec{n}<u32>(1u), v);"
                    ));
                } else {
                    body.push(format!("let b = bitcast<vec{n}<u32>>(v);"));
                }
                body.push("var r = h;".to_string());
                for c in ["x", "y", "z", "w"].iter().take(*n as usize) {
                    body.push(format!("r = hmix(r, b.{c});"));
                }
                body.push("return r;".to_string());
            }
            Ty::Arr(e, n) => {
                body.push("var r = h;".to_string());
                body.push(format!("for (var i = 0u; i < {n}u; i++) {{"));
                let inner = self.hash_into("r", "v[i]", e);
                body.push(format!("    r = {inner};"));
                body.push("}".to_string());
                body.push("return r;".to_string());
            }
            Ty::St(i) => {
                body.push("var r = h;".to_string());
                for (fname, fty) in self.structs[*i].fields.clone() {
                    let inner = self.hash_into("r", &format!("v.{fname}"), &fty);
                    body.push(format!("r = {inner};"));
                }
                body.push("return r;".to_string());
            }
        }
        let mut text = format!("fn {name}(h: u32, v: {t}) -> u32 {{\n");
        for l in body {
            text.push_str("    ");
            text.push_str(&l);
            text.push('\n');
        }
        text.push_str("}\n");
        self.hash_fn_text.push(text);
        name
    }

    /// Mixes every local of the innermost scope into `acc`.
    pub(crate) fn observe_scope(&mut self, f: &mut FnCtx) {
        let ids: Vec<VarId> = f.scopes.last().unwrap().clone();
        for id in ids {
            let v = &self.vars[id];
            if matches!(v.kind, Kind::Ptr(_)) || v.no_ptr || f.hidden.contains(&v.name) {
                continue;
            }
            // Only if the name still resolves to this variable.
            if !self.visible(f).contains(&id) {
                continue;
            }
            let (name, ty) = (v.name.clone(), v.ty.clone());
            let h = self.hash_into("acc", &name, &ty);
            f.line(format!("acc = {h};"));
            f.globals.insert(self.acc);
            f.cost += f.mult;
        }
    }
}

const HMIX: &str = "fn hmix(h: u32, v: u32) -> u32 {
    let x = (h ^ v) * 0x9e3779b1u;
    return x ^ (x >> 15u);
}
";

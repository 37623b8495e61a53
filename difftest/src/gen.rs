//! The generator's state: variables, functions, scopes and types.
//! `gen_program` writes the program and its functions, `gen_observe` the
//! hashing of what they leave, `stmt` the statements and `expr` the
//! expressions.

use std::collections::{BTreeMap, BTreeSet};

use crate::rng::Rng;
use crate::types::{Scalar, Ty, Val, FB};
use crate::GenOptions;

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
    pub recent: Vec<crate::ex::Ex>,
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
pub(crate) const LOCAL_NAMES: [&str; 14] = [
    "a", "b", "c", "d", "i", "j", "k", "n", "t", "v", "w", "x", "y", "z",
];

pub(crate) const FIELD_NAMES: [&str; 10] = ["a", "b", "c", "x", "y", "f", "g", "n", "data", "v"];

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

    pub(crate) fn add_global(&mut self, name: &str, ty: Ty, kind: Kind) -> VarId {
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

    pub(crate) fn ty_spelling(&mut self, ty: &Ty, alias_ok: bool) -> String {
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
}

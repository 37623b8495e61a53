//! Expressions: typed, UB-free, and free of const-expression errors.
//!
//! Every generated expression carries what the rules about it need:
//! whether it is a const- or override-expression (`konst`; an operation
//! that can fail at shader or pipeline creation, like overflow or a zero
//! divisor, never gets only constant operands unless its known value is
//! checked here), its value when known, and for floats a bound
//! ([`FB`]) that keeps every value exactly representable.

use std::collections::BTreeSet;

use crate::gen::{FnCtx, Gen, Kind, Param, Space, VarId};
use crate::types::{const_binop, const_cmp, Scalar, Ty, Val, FB};

#[derive(Clone, Debug)]
pub(crate) struct Ex {
    pub s: String,
    pub ty: Ty,
    /// A const-expression or override-expression.
    pub konst: bool,
    /// The value of a scalar const-expression, when known.
    pub val: Option<Val>,
    /// The bound of a float scalar or vector.
    pub fb: Option<FB>,
    /// A plain literal (its suffix may be dropped next to a concrete
    /// operand).
    pub lit: bool,
    /// Contains a function call.
    pub calls: bool,
}

impl Ex {
    fn new(s: String, ty: Ty) -> Ex {
        Ex {
            s,
            ty,
            konst: false,
            val: None,
            fb: None,
            lit: false,
            calls: false,
        }
    }

    fn fb(&self) -> FB {
        self.fb.expect("float expression without a bound")
    }

    /// The text, dropping a literal's suffix (an AbstractInt or
    /// AbstractFloat the other operand concretises).
    fn abstract_text(&self) -> String {
        let s = &self.s;
        if s.starts_with("0x") || s.starts_with("-0x") {
            if let Some(t) = s.strip_suffix('u').or_else(|| s.strip_suffix('i')) {
                return t.to_string();
            }
            return s.clone();
        }
        s.trim_end_matches(['u', 'i', 'f', 'h']).to_string()
    }
}

/// Combines the flags of operands into those of an operation on them.
fn combine(s: String, ty: Ty, parts: &[&Ex]) -> Ex {
    Ex {
        s,
        ty,
        konst: parts.iter().all(|p| p.konst),
        val: None,
        fb: None,
        lit: false,
        calls: parts.iter().any(|p| p.calls),
    }
}

fn swizzle_letters(n: u8, width: u8, rgba: bool, pick: &mut dyn FnMut(u64) -> u64) -> String {
    let set = if rgba {
        ['r', 'g', 'b', 'a']
    } else {
        ['x', 'y', 'z', 'w']
    };
    (0..n).map(|_| set[pick(width as u64) as usize]).collect()
}

/// `v` as an exact decimal (or hex) float literal of type `s`.
pub(crate) fn float_text(v: f64, s: Scalar, hex: bool) -> String {
    let suffix = if s == Scalar::F16 { "h" } else { "f" };
    if v == 0.0 {
        return format!("0.0{suffix}");
    }
    // naga 30 rejects hexadecimal f16 literals ("not representable").
    if hex && s != Scalar::F16 {
        // v = n * 2^e with n an odd integer.
        let mut n = v.abs();
        let mut e = 0i32;
        while n.fract() != 0.0 {
            n *= 2.0;
            e -= 1;
        }
        while n % 2.0 == 0.0 {
            n /= 2.0;
            e += 1;
        }
        let sign = if v < 0.0 { "-" } else { "" };
        return format!("{sign}0x{:x}p{e}{suffix}", n as u64);
    }
    let mut t = format!("{v}");
    if !t.contains('.') {
        t.push_str(".0");
    }
    format!("{t}{suffix}")
}

/// The tightest bound of the value `v`.
pub(crate) fn fb_of(v: f64) -> FB {
    if v == 0.0 {
        return FB { m: 0, k: 0 };
    }
    let mut k = 0;
    while (v * f64::powi(2.0, k)).fract() != 0.0 {
        k += 1;
    }
    let mut m = -k;
    while v.abs() > f64::powi(2.0, m) {
        m += 1;
    }
    FB { m, k }
}

impl Gen<'_> {
    // ----- literals -------------------------------------------------------

    /// An integer literal of `s` (i32 or u32) and its value.
    pub(crate) fn int_literal(&mut self, s: Scalar) -> (String, Val) {
        let raw = match self.rng.below(6) {
            0 => self.rng.range(0, 4) as u32,
            1 => self.rng.range(0, 40) as u32,
            2 => 1u32 << self.rng.below(32),
            3 => self.rng.interesting_u32(),
            4 => self.rng.range(0, 1000) as u32,
            _ => self.rng.next_u32(),
        };
        let hex = self.rng.chance(0.2);
        match s {
            Scalar::U32 => {
                let t = if hex {
                    format!("0x{raw:x}u")
                } else {
                    format!("{raw}u")
                };
                (t, Val::U(raw))
            }
            _ => {
                let mut v = raw as i32;
                if self.rng.chance(0.3) && v > 0 {
                    v = -v;
                }
                let t = if v == i32::MIN {
                    // `-2147483648i` would negate an out-of-range literal.
                    "i32(-2147483648)".to_string()
                } else if hex {
                    if v < 0 {
                        format!("-0x{:x}i", -(v as i64))
                    } else {
                        format!("0x{v:x}i")
                    }
                } else {
                    format!("{v}i")
                };
                (t, Val::I(v))
            }
        }
    }

    /// A literal of scalar `s` (floats within the bound `t`).
    pub(crate) fn literal(&mut self, s: Scalar, t: FB) -> Ex {
        match s {
            Scalar::Bool => {
                let b = self.rng.chance(0.5);
                Ex {
                    s: b.to_string(),
                    ty: Ty::BOOL,
                    konst: true,
                    val: Some(Val::B(b)),
                    fb: None,
                    lit: false,
                    calls: false,
                }
            }
            Scalar::I32 | Scalar::U32 => {
                let (text, v) = self.int_literal(s);
                Ex {
                    lit: !text.starts_with("i32("),
                    s: text,
                    ty: Ty::S(s),
                    konst: true,
                    val: Some(v),
                    fb: None,
                    calls: false,
                }
            }
            Scalar::F32 | Scalar::F16 => {
                let v = self.float_value(t);
                let hex = self.rng.chance(0.15);
                Ex {
                    s: float_text(v, s, hex),
                    ty: Ty::S(s),
                    konst: true,
                    val: None,
                    fb: Some(fb_of(v)),
                    lit: true,
                    calls: false,
                }
            }
        }
    }

    /// A dyadic value within `t`.
    fn float_value(&mut self, t: FB) -> f64 {
        let k = self.rng.range(0, t.k.clamp(0, 3) as i64) as i32;
        let top = (t.m + k).clamp(0, 12);
        let n = match self.rng.below(4) {
            0 => self.rng.range(-4, 4),
            1 => 1i64 << self.rng.below(top as u64 + 1),
            _ => self.rng.range(-(1i64 << top), 1i64 << top),
        };
        let v = n as f64 / f64::powi(2.0, k);
        let fb = fb_of(v);
        if fb.within(t) {
            v
        } else {
            1.0
        }
    }

    // ----- entry points ------------------------------------------------------

    /// An expression of type `ty`; a runtime expression if `rt`.
    pub(crate) fn expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Ex {
        if self.rng.chance(0.1) {
            let found: Vec<&Ex> = f
                .recent
                .iter()
                .filter(|e| &e.ty == ty && (!rt || !e.konst))
                .collect();
            if !found.is_empty() {
                return (*self.rng.pick(&found)).clone();
            }
        }
        let e = match ty {
            Ty::S(Scalar::Bool) | Ty::V(_, Scalar::Bool) => self.bool_expr(f, ty, d, rt),
            Ty::S(s) | Ty::V(_, s) if s.is_int() => self.int_expr(f, ty, d, rt),
            Ty::S(_) | Ty::V(..) => self.float_expr(f, ty, d, rt),
            _ => self.composite_expr(f, ty, d),
        };
        debug_assert!(!rt || !e.konst, "{} should be a runtime expression", e.s);
        if !e.calls && e.s.len() < 160 {
            f.recent.push(e.clone());
            if f.recent.len() > 8 {
                f.recent.remove(0);
            }
        }
        e
    }

    /// An expression to store in memory (a variable, member, argument or
    /// return value): floats are brought within the storage bound.
    pub(crate) fn expr_store(&mut self, f: &mut FnCtx, ty: &Ty) -> Ex {
        let e = self.expr(f, ty, self.opt.max_expr_depth, false);
        self.fit_storage(e)
    }

    pub(crate) fn fit_storage(&mut self, e: Ex) -> Ex {
        match e.ty.scalar() {
            Some(s) if s.is_float() => {
                let t = s.storage_bound();
                self.shrink(e, t)
            }
            _ => e,
        }
    }

    /// A call-free expression (an index, a loop bound, a value read twice).
    pub(crate) fn expr_nocall(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Ex {
        let saved = f.no_calls;
        f.no_calls = true;
        let e = self.expr(f, ty, d, rt);
        f.no_calls = saved;
        e
    }

    // ----- leaves -------------------------------------------------------------

    fn leaf(&mut self, f: &mut FnCtx, ty: &Ty, rt: bool) -> Ex {
        let cands: Vec<VarId> = self
            .visible(f)
            .into_iter()
            .filter(|&id| {
                let v = &self.vars[id];
                (!rt || !(v.is_const() || v.nconst))
                    && self.reaches(&v.ty, ty, true, true)
                    && !(v.unloadable() && v.ty == *ty)
            })
            .collect();
        let lit_ok = !rt && ty.is_sv();
        let w = [
            if lit_ok { 3 } else { 0 },
            if cands.is_empty() { 0 } else { 8 },
            if *ty == Ty::U32 && self.opt.runtime_sized_input {
                1
            } else {
                0
            },
            1,
        ];
        match self.rng.weighted(&w) {
            0 => self.literal_of(ty),
            1 => {
                let id = *self.rng.pick(&cands);
                self.read_path(f, id, ty)
            }
            2 => Ex::new("arrayLength(&inp)".to_string(), Ty::U32),
            _ => self.input_value(f, ty),
        }
    }

    /// A literal (or a vector of literals) of scalar or vector type.
    fn literal_of(&mut self, ty: &Ty) -> Ex {
        let s = ty.scalar().unwrap();
        let t = if s.is_float() {
            self.small(s)
        } else {
            FB { m: 0, k: 0 }
        };
        if ty.width() == 1 {
            return self.literal(s, t);
        }
        let tys = self.ty_str(ty);
        if self.rng.chance(0.4) {
            let l = self.literal(s, t);
            let mut e = l.clone();
            e.s = format!("{tys}({})", l.s);
            e.ty = ty.clone();
            e.val = None;
            e.lit = false;
            return e;
        }
        let parts: Vec<Ex> = (0..ty.width()).map(|_| self.literal(s, t)).collect();
        let mut fb = None;
        for p in &parts {
            fb = match (fb, p.fb) {
                (None, x) => x,
                (Some(a), Some(b)) => Some(FB::join(a, b)),
                (a, None) => a,
            };
        }
        let texts: Vec<String> = parts.iter().map(|p| p.s.clone()).collect();
        Ex {
            s: format!("{tys}({})", texts.join(", ")),
            ty: ty.clone(),
            konst: true,
            val: None,
            fb,
            lit: false,
            calls: false,
        }
    }

    /// A runtime value of `ty` made from the input buffer (always
    /// available, in helpers too).
    fn input_value(&mut self, f: &mut FnCtx, ty: &Ty) -> Ex {
        let c = self.rng.below(self.input_len as u64);
        let base = format!("inp[{c}]");
        let s = match ty {
            Ty::S(s) | Ty::V(_, s) => *s,
            _ => return self.composite_expr(f, ty, 1),
        };
        let (text, fb) = match s {
            Scalar::U32 => (base, None),
            Scalar::I32 => (format!("bitcast<i32>({base})"), None),
            Scalar::Bool => (format!("(({base} & 1u) == 0u)"), None),
            Scalar::F32 => (format!("f32({base} & 255u)"), Some(FB { m: 8, k: 0 })),
            Scalar::F16 => (format!("f16({base} & 15u)"), Some(FB { m: 4, k: 0 })),
        };
        let mut e = Ex::new(text, Ty::S(s));
        e.fb = fb;
        if ty.width() > 1 {
            let tys = self.ty_str(ty);
            e.s = format!("{tys}({})", e.s);
            e.ty = ty.clone();
        }
        e
    }

    /// A read of variable `id`, through members, indices and swizzles down
    /// to a part of type `want`.
    pub(crate) fn read_path(&mut self, f: &mut FnCtx, id: VarId, want: &Ty) -> Ex {
        self.touch(f, id);
        let v = self.vars[id].clone();
        let deref_sugar = self.opt.pointer_composite_access && self.rng.chance(0.5);
        let mut s = match v.kind {
            Kind::Ptr(_) => {
                if deref_sugar && v.ty != *want {
                    v.name.clone()
                } else {
                    format!("(*{})", v.name)
                }
            }
            _ => v.name.clone(),
        };
        let mut ty = v.ty.clone();
        let mut guard = 0;
        while ty != *want || (ty.width() > 1 && self.rng.chance(0.1) && guard == 0) {
            guard += 1;
            if guard > 12 {
                break;
            }
            match ty.clone() {
                Ty::St(i) => {
                    let fields: Vec<(String, Ty)> = self.structs[i]
                        .fields
                        .iter()
                        .filter(|(_, t)| self.reaches(t, want, true, true))
                        .cloned()
                        .collect();
                    let (n, t) = self.rng.pick(&fields).clone();
                    s = format!("{s}.{n}");
                    ty = t;
                }
                Ty::Arr(e, n) => {
                    let idx = if (v.kind == Kind::ReadOnlyBuffer && v.name == "inp")
                        || v.kind == Kind::Ptr(Space::Storage)
                    {
                        self.input_index(f)
                    } else {
                        self.index_expr(f, n)
                    };
                    s = format!("{s}[{idx}]");
                    ty = *e;
                }
                Ty::V(n, sc) => {
                    let w = want.width();
                    if w == 1 {
                        let c = self.component(f, n);
                        s = format!("{s}{c}");
                    } else {
                        let rgba = self.rng.chance(0.3);
                        let letters = swizzle_letters(w, n, rgba, &mut |x| self.rng.below(x));
                        s = format!("{s}.{letters}");
                    }
                    ty = Ty::sv(w, sc);
                }
                Ty::S(_) => break,
            }
        }
        let mut e = Ex::new(s, ty.clone());
        if v.is_const() || v.nconst {
            e.konst = true;
            e.val = if ty == v.ty { v.val } else { None };
        }
        if ty.is_float_sv() {
            // A `let`'s own bound (for its components too), or memory's.
            e.fb = Some(v.fb.unwrap_or_else(|| ty.scalar().unwrap().storage_bound()));
        }
        e
    }

    /// `.x`, `[1]` or a runtime index (`[e % n]`) into a vector of width `n`.
    fn component(&mut self, f: &mut FnCtx, n: u8) -> String {
        self.component_ex(f, n).0
    }

    /// A component accessor and whether its index is a const-expression.
    fn component_ex(&mut self, f: &mut FnCtx, n: u8) -> (String, bool) {
        match self.rng.below(5) {
            0 | 1 => (
                format!(
                    ".{}",
                    ['x', 'y', 'z', 'w'][self.rng.below(n as u64) as usize]
                ),
                true,
            ),
            2 => (
                format!(
                    ".{}",
                    ['r', 'g', 'b', 'a'][self.rng.below(n as u64) as usize]
                ),
                true,
            ),
            3 => (format!("[{}]", self.const_index(n as u32)), true),
            _ => {
                let (i, k) = self.index_ex(f, n as u32);
                (format!("[{i}]"), k)
            }
        }
    }

    fn const_index(&mut self, n: u32) -> String {
        let i = self.rng.below(n as u64);
        match self.rng.below(3) {
            0 => format!("{i}"),
            1 => format!("{i}u"),
            _ => format!("{i}i"),
        }
    }

    /// An index into an array (or vector) of `n` elements: in range always.
    pub(crate) fn index_expr(&mut self, f: &mut FnCtx, n: u32) -> String {
        self.index_ex(f, n).0
    }

    /// An index and whether it is a const-expression.
    pub(crate) fn index_ex(&mut self, f: &mut FnCtx, n: u32) -> (String, bool) {
        // Indices inside indices: at most two levels.
        if self.rng.chance(0.35) || self.index_nesting >= 2 {
            return (self.const_index(n), true);
        }
        self.index_nesting += 1;
        let r = self.index_ex_inner(f, n);
        self.index_nesting -= 1;
        r
    }

    fn index_ex_inner(&mut self, f: &mut FnCtx, n: u32) -> (String, bool) {
        let e = self.expr_nocall(f, &Ty::U32, 2, false);
        match self.rng.below(5) {
            0 if n.is_power_of_two() => (format!("({} & {}u)", e.s, n - 1), e.konst),
            1 => (format!("min({}, {}u)", e.s, n - 1), e.konst),
            2 => {
                let ie = self.expr_nocall(f, &Ty::I32, 2, false);
                (format!("(u32({}) % {n}u)", ie.s), ie.konst)
            }
            _ => (format!("({} % {n}u)", e.s), e.konst),
        }
    }

    fn input_index(&mut self, f: &mut FnCtx) -> String {
        if self.rng.chance(0.3) || self.index_nesting >= 2 {
            return format!("{}", self.rng.below(self.input_len as u64));
        }
        self.index_nesting += 1;
        let e = self.expr_nocall(f, &Ty::U32, 2, false);
        self.index_nesting -= 1;
        if self.opt.runtime_sized_input && self.rng.chance(0.5) {
            format!("({} % arrayLength(&inp))", e.s)
        } else {
            format!("({} % {}u)", e.s, self.input_len)
        }
    }

    // ----- calls ------------------------------------------------------------------

    /// A call to a helper returning `ty` (`None`: no helper fits here).
    pub(crate) fn call_expr(&mut self, f: &mut FnCtx, ty: Option<&Ty>, d: u32) -> Option<Ex> {
        if f.no_calls {
            return None;
        }
        let cands: Vec<usize> = (0..self.fns.len())
            .filter(|&i| {
                let sig = &self.fns[i];
                sig.ret.as_ref() == ty && sig.cost.saturating_mul(f.mult) <= f.budget_left()
            })
            .collect();
        if cands.is_empty() {
            return None;
        }
        let i = *self.rng.pick(&cands);
        let args = self.call_args(f, i, d)?;
        let sig = &self.fns[i];
        f.cost += sig.cost.saturating_mul(f.mult);
        let g = sig.globals.clone();
        f.globals.extend(g);
        let mut e = Ex::new(
            format!("{}({})", sig.name, args.join(", ")),
            ty.cloned().unwrap_or(Ty::BOOL),
        );
        e.calls = true;
        if let Some(s) = ty.and_then(|t| t.scalar()) {
            if s.is_float() {
                e.fb = Some(s.storage_bound());
            }
        }
        Some(e)
    }

    /// Arguments for a call of helper `i`: pointer arguments with distinct
    /// root identifiers, none a module-scope variable the callee uses.
    pub(crate) fn call_args(&mut self, f: &mut FnCtx, i: usize, d: u32) -> Option<Vec<String>> {
        let params = self.fns[i].params.clone();
        let callee_globals = self.fns[i].globals.clone();
        let mut used_roots = BTreeSet::new();
        let mut ptr_args = vec![None; params.len()];
        // Choose the pointer arguments first: they may make the call
        // impossible.
        for (k, p) in params.iter().enumerate() {
            if let Param::Ptr(space, ty) = p {
                let a = self.ptr_arg(f, *space, ty, &used_roots, &callee_globals)?;
                used_roots.insert(a.1);
                if self.vars[a.1].global {
                    f.globals.insert(a.1);
                }
                ptr_args[k] = Some(a.0);
            }
        }
        let mut out = Vec::new();
        for (k, p) in params.iter().enumerate() {
            match p {
                Param::Ptr(..) => out.push(ptr_args[k].take().unwrap()),
                Param::Value(ty) => {
                    let e = self.expr(f, ty, d.saturating_sub(1), false);
                    let e = self.fit_storage(e);
                    out.push(e.s);
                }
            }
        }
        Some(out)
    }

    /// A pointer argument of type `ptr<space, ty>` and its root variable.
    fn ptr_arg(
        &mut self,
        f: &mut FnCtx,
        space: Space,
        ty: &Ty,
        used: &BTreeSet<VarId>,
        callee_globals: &BTreeSet<VarId>,
    ) -> Option<(String, VarId)> {
        if space == Space::Storage {
            // The input buffer, or a pointer parameter to it.
            let cands: Vec<VarId> = self
                .visible(f)
                .into_iter()
                .filter(|&id| {
                    let v = &self.vars[id];
                    (v.kind == Kind::ReadOnlyBuffer && v.name == "inp")
                        || v.kind == Kind::Ptr(Space::Storage)
                })
                .filter(|&id| !used.contains(&self.vars[id].root))
                .collect();
            if cands.is_empty() {
                return None;
            }
            let id = *self.rng.pick(&cands);
            let v = &self.vars[id];
            let text = if v.kind == Kind::ReadOnlyBuffer {
                "&inp".to_string()
            } else {
                v.name.clone()
            };
            return Some((text, v.root));
        }
        let mut cands: Vec<(VarId, bool)> = Vec::new(); // (var, whole)
        for id in self.visible(f) {
            let v = &self.vars[id];
            if v.no_ptr || f.locked.contains(&id) || v.space() != Some(space) {
                continue;
            }
            if used.contains(&v.root) || callee_globals.contains(&v.root) {
                continue;
            }
            let whole_ok = v.whole_view || self.opt.unrestricted_pointer_parameters;
            if v.ty == *ty && whole_ok {
                cands.push((id, true));
            }
            if self.opt.unrestricted_pointer_parameters
                && v.ty != *ty
                && self.reaches(&v.ty, ty, false, false)
            {
                cands.push((id, false));
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (id, whole) = *self.rng.pick(&cands);
        self.touch(f, id);
        let v = self.vars[id].clone();
        let text = if whole {
            match v.kind {
                Kind::Ptr(_) => v.name.clone(),
                _ => format!("&{}", v.name),
            }
        } else {
            let (p, _) = self.place_path(f, id, Some(ty), false);
            format!("&{p}")
        };
        Some((text, v.root))
    }

    /// A memory location inside variable `id` (no vector components unless
    /// `components`): its text and type. `want`: the type to reach, or any.
    pub(crate) fn place_path(
        &mut self,
        f: &mut FnCtx,
        id: VarId,
        want: Option<&Ty>,
        components: bool,
    ) -> (String, Ty) {
        self.touch(f, id);
        let v = self.vars[id].clone();
        let sugar = self.opt.pointer_composite_access && self.rng.chance(0.5);
        let is_ptr = matches!(v.kind, Kind::Ptr(_));
        let mut ty = v.ty.clone();
        let mut s = if is_ptr {
            if sugar {
                v.name.clone()
            } else {
                format!("(*{})", v.name)
            }
        } else {
            v.name.clone()
        };
        let mut steps = 0;
        loop {
            let done = match want {
                Some(w) => ty == *w,
                None => self.rng.chance(0.5),
            };
            if done {
                break;
            }
            steps += 1;
            match ty.clone() {
                Ty::St(i) => {
                    let fields: Vec<(String, Ty)> = self.structs[i]
                        .fields
                        .iter()
                        .filter(|(_, t)| want.is_none_or(|w| self.reaches(t, w, false, components)))
                        .cloned()
                        .collect();
                    let (n, t) = self.rng.pick(&fields).clone();
                    s = format!("{s}.{n}");
                    ty = t;
                }
                Ty::Arr(e, n) => {
                    let idx = self.index_expr(f, n);
                    s = format!("{s}[{idx}]");
                    ty = *e;
                }
                Ty::V(n, sc) if components => {
                    let c = self.component(f, n);
                    s = format!("{s}{c}");
                    ty = Ty::S(sc);
                }
                _ => break,
            }
            if steps > 10 {
                break;
            }
        }
        if is_ptr && s == v.name {
            s = format!("(*{})", v.name);
        }
        (s, ty)
    }

    // ----- integers -------------------------------------------------------------

    fn int_expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Ex {
        if d == 0 {
            return self.leaf(f, ty, rt);
        }
        let s = ty.scalar().unwrap();
        let n = ty.width();
        let signed = s == Scalar::I32;
        let has_float = !self.float_scalars().is_empty();
        let w = [
            3,                             // 0 leaf
            6,                             // 1 + - *
            3,                             // 2 / %
            4,                             // 3 & | ^
            3,                             // 4 << >>
            2,                             // 5 unary
            4,                             // 6 bit builtins
            2,                             // 7 min max abs
            1,                             // 8 clamp
            2,                             // 9 extractBits insertBits
            2,                             // 10 select
            3,                             // 11 int <-> int
            if has_float { 2 } else { 0 }, // 12 float -> int
            2,                             // 13 vector ops
            if n == 1 { 1 } else { 0 },    // 14 dot
            2,                             // 15 call
            if self.opt.packed_integer_builtins {
                1
            } else {
                0
            }, // 16 packed
            if n > 1 { 2 } else { 0 },     // 17 vector op scalar
            1,                             // 18 composite access
            if signed { 1 } else { 0 },    // 19 sign
            if self.opt.f32 && signed { 1 } else { 0 }, // 20 frexp exp
            1,                             // 21 bool -> int
        ];
        let choice = self.rng.weighted(&w);
        let r = match choice {
            1 => {
                let op = *self.rng.pick(&["+", "-", "*"]);
                self.int_binop(f, ty, op, d, rt)
            }
            2 => {
                let op = *self.rng.pick(&["/", "%"]);
                self.int_binop(f, ty, op, d, rt)
            }
            3 => {
                let op = *self.rng.pick(&["&", "|", "^"]);
                self.int_binop(f, ty, op, d, rt)
            }
            4 => self.shift(f, ty, d, rt),
            5 => {
                if signed && self.rng.chance(0.5) {
                    let a = self.expr(f, ty, d - 1, rt);
                    let ok = a.val.is_some_and(|v| v != Val::I(i32::MIN));
                    let a = if a.konst && !ok {
                        self.expr(f, ty, d - 1, true)
                    } else {
                        a
                    };
                    let mut e = combine(format!("-({})", a.s), ty.clone(), &[&a]);
                    if let Some(Val::I(x)) = a.val {
                        e.val = Some(Val::I(-x));
                    }
                    Some(e)
                } else {
                    let a = self.expr(f, ty, d - 1, rt);
                    let mut e = combine(format!("~({})", a.s), ty.clone(), &[&a]);
                    e.val = match a.val {
                        Some(Val::I(x)) => Some(Val::I(!x)),
                        Some(Val::U(x)) => Some(Val::U(!x)),
                        _ => None,
                    };
                    Some(e)
                }
            }
            6 => {
                let fname = *self.rng.pick(&[
                    "countOneBits",
                    "countLeadingZeros",
                    "countTrailingZeros",
                    "firstLeadingBit",
                    "firstTrailingBit",
                    "reverseBits",
                ]);
                let a = self.expr(f, ty, d - 1, rt);
                Some(combine(format!("{fname}({})", a.s), ty.clone(), &[&a]))
            }
            7 => {
                if self.rng.chance(0.3) {
                    // abs(most negative) is itself at runtime; a constant
                    // operand must have a known value.
                    let a = self.expr(f, ty, d - 1, rt);
                    let ok = !signed || a.val.is_some_and(|v| v != Val::I(i32::MIN));
                    let a = if a.konst && !ok {
                        self.expr(f, ty, d - 1, true)
                    } else {
                        a
                    };
                    Some(combine(format!("abs({})", a.s), ty.clone(), &[&a]))
                } else {
                    let fname = *self.rng.pick(&["min", "max"]);
                    let a = self.expr(f, ty, d - 1, false);
                    let b = self.expr(f, ty, d - 1, rt && a.konst);
                    Some(combine(
                        format!("{fname}({}, {})", a.s, b.s),
                        ty.clone(),
                        &[&a, &b],
                    ))
                }
            }
            8 => {
                // Integer clamp is min(max(e, low), high) even for low > high
                // at runtime; constant bounds must be ordered.
                let e = self.expr(f, ty, d - 1, false);
                let mut lo = self.expr(f, ty, d - 1, false);
                let mut hi = self.expr(f, ty, d - 1, false);
                if lo.konst && hi.konst {
                    let ordered = match (lo.val, hi.val) {
                        (Some(a), Some(b)) => a.as_i64() <= b.as_i64(),
                        _ => false,
                    };
                    if !ordered {
                        if self.rng.chance(0.5) && n == 1 {
                            let (a, b) = (
                                self.literal(s, FB { m: 0, k: 0 }),
                                self.literal(s, FB { m: 0, k: 0 }),
                            );
                            let (a, b) = if a.val.unwrap().as_i64() <= b.val.unwrap().as_i64() {
                                (a, b)
                            } else {
                                (b, a)
                            };
                            lo = a;
                            hi = b;
                        } else {
                            hi = self.expr(f, ty, d - 1, true);
                        }
                    }
                }
                let (e, lo, hi) = if rt && e.konst && lo.konst && hi.konst {
                    (self.expr(f, ty, d - 1, true), lo, hi)
                } else {
                    (e, lo, hi)
                };
                Some(combine(
                    format!("clamp({}, {}, {})", e.s, lo.s, hi.s),
                    ty.clone(),
                    &[&e, &lo, &hi],
                ))
            }
            9 => self.bits_builtin(f, ty, d, rt),
            10 => {
                let cty = if self.rng.chance(0.7) {
                    Ty::BOOL
                } else {
                    ty.with_scalar(Scalar::Bool)
                };
                let a = self.expr(f, ty, d - 1, false);
                let b = self.expr(f, ty, d - 1, false);
                let c = self.expr(f, &cty, d - 1, rt && a.konst && b.konst);
                Some(combine(
                    format!("select({}, {}, {})", a.s, b.s, c.s),
                    ty.clone(),
                    &[&a, &b, &c],
                ))
            }
            11 => {
                let other = ty.with_scalar(if signed { Scalar::U32 } else { Scalar::I32 });
                let a = self.expr(f, &other, d - 1, rt);
                let tys = self.ty_str(ty);
                let text = if self.rng.chance(0.5) {
                    format!("bitcast<{tys}>({})", a.s)
                } else {
                    format!("{tys}({})", a.s)
                };
                let mut e = combine(text, ty.clone(), &[&a]);
                e.val = match a.val {
                    Some(Val::I(x)) => Some(Val::U(x as u32)),
                    Some(Val::U(x)) => Some(Val::I(x as i32)),
                    _ => None,
                };
                Some(e)
            }
            12 => self.float_to_int(f, ty, d),
            13 => self.vector_op(f, ty, d, rt),
            14 => self.dot(f, ty, d, rt),
            15 => self.call_expr(f, Some(ty), d),
            16 => self.packed(f, ty, d, rt),
            17 => self.vec_scalar_op(f, ty, d, rt),
            18 => self.composite_access(f, ty, d),
            19 => {
                let a = self.expr(f, ty, d - 1, rt);
                Some(combine(format!("sign({})", a.s), ty.clone(), &[&a]))
            }
            20 => {
                // f32 only: naga 30 types frexp(f16).exp as i16 (WGSL: i32).
                let fty = ty.with_scalar(Scalar::F32);
                let a = self.expr(f, &fty, d - 1, true);
                Some(combine(format!("frexp({}).exp", a.s), ty.clone(), &[&a]))
            }
            21 => {
                let b = self.expr(f, &ty.with_scalar(Scalar::Bool), d - 1, rt);
                let tys = self.ty_str(ty);
                Some(combine(format!("{tys}({})", b.s), ty.clone(), &[&b]))
            }
            _ => None,
        };
        match r {
            Some(e) if !(rt && e.konst) => e,
            _ => self.leaf(f, ty, rt),
        }
    }

    /// `a op b` for + - * / % & | ^ on integer scalars or vectors.
    fn int_binop(&mut self, f: &mut FnCtx, ty: &Ty, op: &str, d: u32, rt: bool) -> Option<Ex> {
        let divide = op == "/" || op == "%";
        let safe = matches!(op, "&" | "|" | "^");
        let a = self.expr(f, ty, d - 1, false);
        let mut b = self.expr(f, ty, d - 1, rt && a.konst);
        // A constant divisor must be nonzero (shader-creation error).
        if divide && b.konst && b.val.is_none_or(|v| v.as_i64() == 0) {
            b = self.expr(f, ty, d - 1, true);
        }
        let mut val = None;
        if a.konst && b.konst {
            match (a.val, b.val) {
                (Some(x), Some(y)) => match const_binop(op, x, y) {
                    Some(v) => val = Some(v),
                    None => b = self.expr(f, ty, d - 1, true),
                },
                _ if safe => {}
                _ => b = self.expr(f, ty, d - 1, true),
            }
        }
        let (at, bt) = self.operand_texts(&a, &b);
        let mut e = combine(format!("({at} {op} {bt})"), ty.clone(), &[&a, &b]);
        e.val = if e.konst { val } else { None };
        Some(e)
    }

    /// Operand texts, sometimes with a literal's suffix dropped.
    fn operand_texts(&mut self, a: &Ex, b: &Ex) -> (String, String) {
        if a.ty.width() == 1 && self.rng.chance(0.3) {
            if a.lit && !b.lit && b.ty.width() == 1 {
                return (a.abstract_text(), b.s.clone());
            }
            if b.lit && !a.lit && a.ty.width() == 1 {
                return (a.s.clone(), b.abstract_text());
            }
        }
        (a.s.clone(), b.s.clone())
    }

    fn shift(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
        let op = if self.rng.chance(0.5) { "<<" } else { ">>" };
        let aty = ty.with_scalar(Scalar::U32);
        let a = self.expr(f, ty, d - 1, false);
        // The amount: a literal below the bit width, or a runtime value
        // (taken modulo 32 by WGSL).
        let mut b = if self.rng.chance(0.5) {
            if ty.width() == 1 {
                let v = self.rng.below(32) as u32;
                Ex {
                    s: format!("{v}u"),
                    ty: aty.clone(),
                    konst: true,
                    val: Some(Val::U(v)),
                    fb: None,
                    lit: true,
                    calls: false,
                }
            } else {
                let parts: Vec<String> = (0..ty.width())
                    .map(|_| format!("{}u", self.rng.below(32)))
                    .collect();
                let t = self.ty_str(&aty);
                Ex {
                    s: format!("{t}({})", parts.join(", ")),
                    ty: aty.clone(),
                    konst: true,
                    val: None,
                    fb: None,
                    lit: false,
                    calls: false,
                }
            }
        } else {
            self.expr(f, &aty, d - 1, true)
        };
        if a.konst && b.konst {
            let ok = match (a.val, b.val) {
                (Some(x), Some(y)) => const_binop(op, x, y).is_some(),
                _ => false,
            };
            if !ok || rt {
                b = self.expr(f, &aty, d - 1, true);
            }
        }
        let bt = if b.lit && self.rng.chance(0.3) {
            b.abstract_text()
        } else {
            b.s.clone()
        };
        let mut e = combine(format!("({} {op} {bt})", a.s), ty.clone(), &[&a, &b]);
        if e.konst {
            e.val = match (a.val, b.val) {
                (Some(x), Some(y)) => const_binop(op, x, y),
                _ => None,
            };
        }
        Some(e)
    }

    fn bits_builtin(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
        let insert = self.rng.chance(0.5);
        let e = self.expr(f, ty, d - 1, rt);
        let nb = if insert {
            Some(self.expr(f, ty, d - 1, false))
        } else {
            None
        };
        // offset + count > 32 is an error only when both are constants.
        let (off, cnt, oc_const) = if self.rng.chance(0.5) {
            let o = self.rng.below(33) as u32;
            let c = self.rng.below(33 - o as u64) as u32;
            (format!("{o}u"), format!("{c}u"), true)
        } else if self.rng.chance(0.5) {
            let o = self.expr(f, &Ty::U32, d - 1, true);
            (o.s, format!("{}u", self.rng.below(33)), false)
        } else {
            let o = format!("{}u", self.rng.below(33));
            let c = self.expr(f, &Ty::U32, d - 1, true);
            (o, c.s, false)
        };
        let mut r = match nb {
            Some(nb) => combine(
                format!("insertBits({}, {}, {off}, {cnt})", e.s, nb.s),
                ty.clone(),
                &[&e, &nb],
            ),
            None => combine(
                format!("extractBits({}, {off}, {cnt})", e.s),
                ty.clone(),
                &[&e],
            ),
        };
        // A runtime offset or count makes the call runtime.
        r.konst &= oc_const;
        Some(r)
    }

    fn float_to_int(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Option<Ex> {
        let fs = *self.rng.pick(&self.float_scalars());
        let fty = ty.with_scalar(fs);
        let a = self.expr(f, &fty, d - 1, true);
        let tys = self.ty_str(ty);
        // Scaling by a large power of two makes the conversion saturate.
        let fb = a.fb();
        let text = if fs == Scalar::F32 && self.rng.chance(0.3) {
            let p = *self.rng.pick(&[8, 16, 24, 31, 32, 40]);
            if fb.m + p <= fs.max_exp() {
                let lit = float_text(f64::powi(2.0, p), fs, false);
                format!("{tys}(({}) * {lit})", a.s)
            } else {
                format!("{tys}({})", a.s)
            }
        } else {
            format!("{tys}({})", a.s)
        };
        Some(combine(text, ty.clone(), &[&a]))
    }

    fn dot(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
        let s = ty.scalar().unwrap();
        let n = *self.rng.pick(&[2u8, 3, 4]);
        let vt = Ty::V(n, s);
        let a = self.expr(f, &vt, d - 1, false);
        let b = self.expr(f, &vt, d - 1, rt || a.konst);
        if s.is_float() {
            let (a, b) = self.fit_pair(a, b, s, |x, y| {
                let p = x.times(y);
                FB { m: p.m + 2, k: p.k }
            });
            let p = a.fb().times(b.fb());
            let mut e = combine(format!("dot({}, {})", a.s, b.s), ty.clone(), &[&a, &b]);
            e.fb = Some(FB { m: p.m + 2, k: p.k });
            return Some(e);
        }
        Some(combine(
            format!("dot({}, {})", a.s, b.s),
            ty.clone(),
            &[&a, &b],
        ))
    }

    fn packed(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
        let u = Ty::U32;
        match (ty, self.rng.below(2)) {
            (Ty::S(Scalar::U32), 0) => {
                let a = self.expr(f, &u, d - 1, false);
                let b = self.expr(f, &u, d - 1, rt || a.konst);
                Some(combine(
                    format!("dot4U8Packed({}, {})", a.s, b.s),
                    ty.clone(),
                    &[&a, &b],
                ))
            }
            (Ty::S(Scalar::U32), _) => {
                let signed = self.rng.chance(0.5);
                let vt = Ty::V(4, if signed { Scalar::I32 } else { Scalar::U32 });
                let a = self.expr(f, &vt, d - 1, rt);
                let fname = match (signed, self.rng.chance(0.5)) {
                    (true, true) => "pack4xI8",
                    (true, false) => "pack4xI8Clamp",
                    (false, true) => "pack4xU8",
                    (false, false) => "pack4xU8Clamp",
                };
                Some(combine(format!("{fname}({})", a.s), ty.clone(), &[&a]))
            }
            (Ty::S(Scalar::I32), _) => {
                let a = self.expr(f, &u, d - 1, false);
                let b = self.expr(f, &u, d - 1, rt || a.konst);
                Some(combine(
                    format!("dot4I8Packed({}, {})", a.s, b.s),
                    ty.clone(),
                    &[&a, &b],
                ))
            }
            (Ty::V(4, s), _) => {
                let a = self.expr(f, &u, d - 1, rt);
                let fname = if *s == Scalar::I32 {
                    "unpack4xI8"
                } else {
                    "unpack4xU8"
                };
                Some(combine(format!("{fname}({})", a.s), ty.clone(), &[&a]))
            }
            _ => None,
        }
    }

    /// `v op s` or `s op v` (vector with scalar).
    fn vec_scalar_op(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
        let s = ty.scalar().unwrap();
        let op = *self.rng.pick(&["+", "-", "*", "/", "%"]);
        let v = self.expr(f, ty, d - 1, false);
        let mut sc = self.expr(f, &Ty::S(s), d - 1, rt || v.konst);
        let scalar_left = self.rng.chance(0.4);
        if (op == "/" || op == "%")
            && !scalar_left
            && sc.konst
            && sc.val.is_none_or(|x| x.as_i64() == 0)
        {
            sc = self.expr(f, &Ty::S(s), d - 1, true);
        }
        let (v, sc) = if (op == "/" || op == "%") && scalar_left && v.konst {
            (self.expr(f, ty, d - 1, true), sc)
        } else {
            (v, sc)
        };
        let text = if scalar_left {
            format!("({} {op} {})", sc.s, v.s)
        } else {
            format!("({} {op} {})", v.s, sc.s)
        };
        Some(combine(text, ty.clone(), &[&v, &sc]))
    }

    /// Vector construction, swizzles and components (any scalar type).
    fn vector_op(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
        let s = ty.scalar().unwrap();
        let n = ty.width();
        if n == 1 {
            // A component of a vector expression.
            let m = *self.rng.pick(&[2u8, 3, 4]);
            let v = self.expr(f, &Ty::V(m, s), d - 1, rt);
            let (c, ck) = self.component_ex(f, m);
            let mut e = combine(format!("({}){c}", v.s), ty.clone(), &[&v]);
            e.fb = v.fb;
            // A constant vector with a constant index is a const-expression;
            // with a runtime index, a runtime expression.
            e.konst = v.konst && ck;
            return Some(e);
        }
        let tys = self.ty_str(ty);
        match self.rng.below(4) {
            0 => {
                // Splat.
                let a = self.expr(f, &Ty::S(s), d - 1, rt);
                let mut e = combine(format!("{tys}({})", a.s), ty.clone(), &[&a]);
                e.fb = a.fb;
                Some(e)
            }
            1 => {
                // Swizzle of another vector.
                let m = *self.rng.pick(&[2u8, 3, 4]);
                let v = self.expr(f, &Ty::V(m, s), d - 1, rt);
                let rgba = self.rng.chance(0.3);
                let letters = swizzle_letters(n, m, rgba, &mut |x| self.rng.below(x));
                let mut e = combine(format!("({}).{letters}", v.s), ty.clone(), &[&v]);
                e.fb = v.fb;
                Some(e)
            }
            2 if !rt => {
                let mut e = Ex::new(format!("{tys}()"), ty.clone());
                e.konst = true;
                if s.is_float() {
                    e.fb = Some(FB { m: 0, k: 0 });
                }
                Some(e)
            }
            _ => {
                // Components from scalars and smaller vectors.
                let mut parts = Vec::new();
                let mut left = n;
                while left > 0 {
                    let take = if left >= 2 && self.rng.chance(0.3) {
                        self.rng.range(2, left as i64) as u8
                    } else {
                        1
                    };
                    let must_rt = rt && parts.is_empty();
                    parts.push(self.expr(f, &Ty::sv(take, s), d - 1, must_rt));
                    left -= take;
                }
                let refs: Vec<&Ex> = parts.iter().collect();
                let texts: Vec<String> = parts.iter().map(|p| p.s.clone()).collect();
                let mut e = combine(format!("{tys}({})", texts.join(", ")), ty.clone(), &refs);
                if s.is_float() {
                    let mut fb = parts[0].fb();
                    for p in &parts {
                        fb = fb.join(p.fb());
                    }
                    e.fb = Some(fb);
                }
                Some(e)
            }
        }
    }

    /// A part of a composite value that is not a variable: a member or
    /// element of a call's result or of a constructed value.
    fn composite_access(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Option<Ex> {
        let mut cands: Vec<Ty> = Vec::new();
        for sig in &self.fns {
            if let Some(r) = &sig.ret {
                if !r.is_sv() && self.reaches(r, ty, true, true) {
                    cands.push(r.clone());
                }
            }
        }
        for i in 0..self.structs.len() {
            if self.reaches(&Ty::St(i), ty, true, true) {
                cands.push(Ty::St(i));
            }
        }
        if self.opt.arrays && ty.is_sv() {
            cands.push(Ty::Arr(Box::new(ty.clone()), self.rng.range_u32(2, 4)));
        }
        if cands.is_empty() {
            return None;
        }
        let ct = self.rng.pick(&cands).clone();
        let base = if self.rng.chance(0.6) {
            self.call_expr(f, Some(&ct), d - 1)
        } else {
            None
        };
        let base = match base {
            Some(b) => b,
            None => self.construct(f, &ct, d - 1),
        };
        // Walk down to `ty`.
        let mut s = base.s.clone();
        let mut konst = base.konst;
        let mut cur = ct;
        let mut guard = 0;
        while cur != *ty && guard < 10 {
            guard += 1;
            match cur.clone() {
                Ty::St(i) => {
                    let fields: Vec<(String, Ty)> = self.structs[i]
                        .fields
                        .iter()
                        .filter(|(_, t)| self.reaches(t, ty, true, true))
                        .cloned()
                        .collect();
                    let (n, t) = self.rng.pick(&fields).clone();
                    s = format!("{s}.{n}");
                    cur = t;
                }
                Ty::Arr(e, n) => {
                    let (idx, k) = self.index_ex(f, n);
                    konst &= k;
                    s = format!("{s}[{idx}]");
                    cur = *e;
                }
                Ty::V(n, sc) => {
                    let w = ty.width();
                    if w == 1 {
                        let (c, k) = self.component_ex(f, n);
                        konst &= k;
                        s = format!("{s}{c}");
                    } else {
                        let letters = swizzle_letters(w, n, false, &mut |x| self.rng.below(x));
                        s = format!("{s}.{letters}");
                    }
                    cur = Ty::sv(w, sc);
                }
                Ty::S(_) => break,
            }
        }
        if cur != *ty {
            return None;
        }
        let mut e = Ex::new(s, ty.clone());
        // A member of a constant value is constant (with constant indices).
        e.konst = konst;
        e.calls = base.calls;
        if let Some(sc) = ty.scalar() {
            if sc.is_float() {
                e.fb = Some(sc.storage_bound());
            }
        }
        Some(e)
    }

    // ----- booleans -------------------------------------------------------------

    fn bool_expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Ex {
        if d == 0 {
            return self.leaf(f, ty, rt);
        }
        let n = ty.width();
        let w = [
            2,                          // 0 leaf
            7,                          // 1 comparison
            2,                          // 2 !
            if n == 1 { 4 } else { 0 }, // 3 && ||
            1,                          // 4 & |
            1,                          // 5 select
            if n == 1 { 2 } else { 0 }, // 6 all any
            1,                          // 7 bool(x)
            1,                          // 8 vector ops
            3,                          // 9 call
            1,                          // 10 == != on bools
        ];
        let r = match self.rng.weighted(&w) {
            1 => {
                let mut opts = vec![Scalar::U32, Scalar::I32];
                opts.extend(self.float_scalars());
                let s = *self.rng.pick(&opts);
                let oty = Ty::sv(n, s);
                let op = *self.rng.pick(&["==", "!=", "<", "<=", ">", ">="]);
                let a = self.expr(f, &oty, d - 1, false);
                let b = self.expr(f, &oty, d - 1, rt && a.konst);
                let (at, bt) = self.operand_texts(&a, &b);
                let mut e = combine(format!("({at} {op} {bt})"), ty.clone(), &[&a, &b]);
                if let (Some(x), Some(y)) = (a.val, b.val) {
                    e.val = const_cmp(op, x, y);
                }
                Some(e)
            }
            2 => {
                let a = self.expr(f, ty, d - 1, rt);
                let mut e = combine(format!("!({})", a.s), ty.clone(), &[&a]);
                if let Some(Val::B(b)) = a.val {
                    e.val = Some(Val::B(!b));
                }
                Some(e)
            }
            3 => {
                let op = if self.rng.chance(0.5) { "&&" } else { "||" };
                let a = self.expr(f, ty, d - 1, false);
                // The right side often has side effects: short-circuiting
                // decides whether they happen.
                let b = if self.rng.chance(0.4) {
                    self.call_expr(f, Some(ty), d - 1)
                } else {
                    None
                };
                let b = match b {
                    Some(b) => b,
                    None => self.expr(f, ty, d - 1, rt && a.konst),
                };
                Some(combine(
                    format!("({} {op} {})", a.s, b.s),
                    ty.clone(),
                    &[&a, &b],
                ))
            }
            4 => {
                let op = if self.rng.chance(0.5) { "&" } else { "|" };
                let a = self.expr(f, ty, d - 1, false);
                let b = self.expr(f, ty, d - 1, rt && a.konst);
                Some(combine(
                    format!("({} {op} {})", a.s, b.s),
                    ty.clone(),
                    &[&a, &b],
                ))
            }
            5 => {
                let a = self.expr(f, ty, d - 1, false);
                let b = self.expr(f, ty, d - 1, false);
                let c = self.expr(f, &Ty::BOOL, d - 1, rt && a.konst && b.konst);
                Some(combine(
                    format!("select({}, {}, {})", a.s, b.s, c.s),
                    ty.clone(),
                    &[&a, &b, &c],
                ))
            }
            6 => {
                let m = *self.rng.pick(&[2u8, 3, 4]);
                let a = self.expr(f, &Ty::V(m, Scalar::Bool), d - 1, rt);
                let fname = if self.rng.chance(0.5) { "all" } else { "any" };
                Some(combine(format!("{fname}({})", a.s), ty.clone(), &[&a]))
            }
            7 => {
                let mut opts = vec![Scalar::U32, Scalar::I32];
                opts.extend(self.float_scalars());
                let s = *self.rng.pick(&opts);
                let a = self.expr(f, &Ty::sv(n, s), d - 1, rt);
                let tys = self.ty_str(ty);
                Some(combine(format!("{tys}({})", a.s), ty.clone(), &[&a]))
            }
            8 => self.vector_op(f, ty, d, rt),
            9 => self.call_expr(f, Some(ty), d),
            10 => {
                let op = if self.rng.chance(0.5) { "==" } else { "!=" };
                let a = self.expr(f, ty, d - 1, false);
                let b = self.expr(f, ty, d - 1, rt && a.konst);
                Some(combine(
                    format!("({} {op} {})", a.s, b.s),
                    ty.clone(),
                    &[&a, &b],
                ))
            }
            _ => None,
        };
        match r {
            Some(e) if !(rt && e.konst) => e,
            _ => self.leaf(f, ty, rt),
        }
    }

    // ----- floats ---------------------------------------------------------------

    /// Targets to shrink operands to, largest first.
    fn small(&self, s: Scalar) -> FB {
        if s == Scalar::F16 {
            FB { m: 3, k: 2 }
        } else {
            FB { m: 10, k: 2 }
        }
    }

    fn shrink_targets(&self, s: Scalar) -> [FB; 4] {
        if s == Scalar::F16 {
            [
                FB { m: 3, k: 2 },
                FB { m: 2, k: 1 },
                FB { m: 1, k: 0 },
                FB { m: 0, k: 0 },
            ]
        } else {
            [
                FB { m: 10, k: 2 },
                FB { m: 6, k: 2 },
                FB { m: 3, k: 1 },
                FB { m: 0, k: 0 },
            ]
        }
    }

    /// `e` brought within `t`: fraction bits dropped by rounding to a
    /// multiple of 2^-t.k, magnitude limited by clamping to ±2^t.m.
    pub(crate) fn shrink(&mut self, e: Ex, t: FB) -> Ex {
        let s = e.ty.scalar().unwrap();
        let mut e = e;
        let fb = e.fb();
        let splat = |g: &mut Gen, lit: String| -> String {
            if e.ty.width() == 1 {
                lit
            } else {
                let tys = g.ty_str(&e.ty);
                format!("{tys}({lit})")
            }
        };
        if fb.k > t.k {
            let round = *self.rng.pick(&["floor", "ceil", "trunc", "round"]);
            let tk = t.k.max(0);
            if tk == 0 {
                e.s = format!("{round}({})", e.s);
            } else {
                let up = float_text(f64::powi(2.0, tk), s, false);
                let down = float_text(f64::powi(2.0, -tk), s, self.rng.chance(0.2));
                e.s = format!("({round}(({}) * {up}) * {down})", e.s);
            }
            let m1 = (fb.m + tk).max(0);
            e.fb = Some(FB { m: m1 - tk, k: tk });
            e.lit = false;
            e.val = None;
        }
        let fb = e.fb();
        if fb.m > t.m {
            let l = float_text(f64::powi(2.0, t.m), s, false);
            let nl = format!("-{l}");
            let (lo, hi) = (splat(self, nl), splat(self, l));
            e.s = if self.rng.chance(0.7) {
                format!("clamp({}, {lo}, {hi})", e.s)
            } else {
                format!("min(max({}, {lo}), {hi})", e.s)
            };
            e.fb = Some(FB { m: t.m, k: fb.k });
            e.lit = false;
        }
        e
    }

    /// Shrinks `a` and `b` until `comb` of their bounds fits `s`.
    fn fit_pair(&mut self, a: Ex, b: Ex, s: Scalar, comb: impl Fn(FB, FB) -> FB) -> (Ex, Ex) {
        if comb(a.fb(), b.fb()).fits(s) {
            return (a, b);
        }
        let (mut a, mut b) = (a, b);
        for t in self.shrink_targets(s) {
            if !a.fb().within(t) {
                a = self.shrink(a, t);
            }
            if !b.fb().within(t) {
                b = self.shrink(b, t);
            }
            if comb(a.fb(), b.fb()).fits(s) {
                break;
            }
        }
        debug_assert!(comb(a.fb(), b.fb()).fits(s));
        (a, b)
    }

    fn float_expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Ex {
        if d == 0 {
            return self.leaf(f, ty, rt);
        }
        let s = ty.scalar().unwrap();
        let n = ty.width();
        let both = self.float_scalars().len() == 2;
        let w = [
            3,                                    // 0 leaf
            5,                                    // 1 + -
            4,                                    // 2 *
            2,                                    // 3 * 2^p
            2,                                    // 4 - abs
            3,                                    // 5 floor ceil trunc round fract
            1,                                    // 6 sign saturate step
            2,                                    // 7 min max
            1,                                    // 8 clamp
            2,                                    // 9 select
            1,                                    // 10 fma mix
            3,                                    // 11 from int
            1,                                    // 12 from bool
            if both { 1 } else { 0 },             // 13 f16 <-> f32
            if n == 1 { 1 } else { 0 },           // 14 dot
            2,                                    // 15 vector ops
            2,                                    // 16 call
            1,                                    // 17 modf frexp
            1,                                    // 18 ldexp
            if s == Scalar::F32 { 1 } else { 0 }, // 19 bitcast round trip
            1,                                    // 20 composite access
        ];
        let r = match self.rng.weighted(&w) {
            1 | 2 => {
                let mul = self.rng.chance(0.45);
                let op = if mul {
                    "*"
                } else if self.rng.chance(0.5) {
                    "+"
                } else {
                    "-"
                };
                let a = self.expr(f, ty, d - 1, false);
                let b = self.expr(f, ty, d - 1, rt && a.konst);
                let (a, b) = if mul {
                    self.fit_pair(a, b, s, FB::times)
                } else {
                    self.fit_pair(a, b, s, FB::plus)
                };
                let fb = if mul {
                    a.fb().times(b.fb())
                } else {
                    a.fb().plus(b.fb())
                };
                // A vector may be scaled by a scalar.
                let (at, bt) = self.operand_texts(&a, &b);
                let mut e = combine(format!("({at} {op} {bt})"), ty.clone(), &[&a, &b]);
                e.fb = Some(fb);
                Some(e)
            }
            3 => {
                let a = self.expr(f, ty, d - 1, rt);
                let fb = a.fb();
                let mut p = self.rng.range(-4, 4) as i32;
                if p == 0 {
                    p = 1;
                }
                let nfb = FB {
                    m: fb.m + p,
                    k: fb.k - p,
                };
                if !nfb.fits(s) {
                    return a;
                }
                let lit = float_text(f64::powi(2.0, p), s, self.rng.chance(0.2));
                let text = if self.rng.chance(0.5) {
                    format!("({} * {lit})", a.s)
                } else {
                    format!("({lit} * {})", a.s)
                };
                let mut e = combine(text, ty.clone(), &[&a]);
                e.fb = Some(nfb);
                Some(e)
            }
            4 => {
                let a = self.expr(f, ty, d - 1, rt);
                let text = if self.rng.chance(0.5) {
                    format!("-({})", a.s)
                } else {
                    format!("abs({})", a.s)
                };
                let mut e = combine(text, ty.clone(), &[&a]);
                e.fb = a.fb;
                Some(e)
            }
            5 => {
                let a = self.expr(f, ty, d - 1, rt);
                let fname = *self.rng.pick(&["floor", "ceil", "trunc", "round", "fract"]);
                let fb = a.fb();
                let nfb = if fname == "fract" {
                    FB {
                        m: 0,
                        k: fb.k.max(0),
                    }
                } else {
                    FB {
                        m: fb.m.max(0),
                        k: 0,
                    }
                };
                let mut e = combine(format!("{fname}({})", a.s), ty.clone(), &[&a]);
                e.fb = Some(nfb);
                Some(e)
            }
            6 => {
                let a = self.expr(f, ty, d - 1, rt);
                let (text, nfb) = match self.rng.below(3) {
                    0 => (format!("sign({})", a.s), FB { m: 0, k: 0 }),
                    1 => (
                        format!("saturate({})", a.s),
                        FB {
                            m: 0,
                            k: a.fb().k.max(0),
                        },
                    ),
                    _ => {
                        let b = self.expr(f, ty, d - 1, false);
                        let r = combine(format!("step({}, {})", b.s, a.s), ty.clone(), &[&a, &b]);
                        (r.s, FB { m: 0, k: 0 })
                    }
                };
                let mut e = combine(text, ty.clone(), &[&a]);
                e.fb = Some(nfb);
                Some(e)
            }
            7 => {
                let fname = if self.rng.chance(0.5) { "min" } else { "max" };
                let a = self.expr(f, ty, d - 1, false);
                let b = self.expr(f, ty, d - 1, rt && a.konst);
                let mut e = combine(format!("{fname}({}, {})", a.s, b.s), ty.clone(), &[&a, &b]);
                e.fb = Some(a.fb().join(b.fb()));
                Some(e)
            }
            8 => {
                // Float clamp with low > high is implementation-defined:
                // the bounds are ordered literals.
                let a = self.expr(f, ty, d - 1, rt);
                let t = self.small(s);
                let x = self.float_value(t);
                let y = self.float_value(t);
                let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
                let (los, his) = (float_text(lo, s, false), float_text(hi, s, false));
                let (los, his) = if n == 1 {
                    (los, his)
                } else {
                    let tys = self.ty_str(ty);
                    (format!("{tys}({los})"), format!("{tys}({his})"))
                };
                let mut e = combine(format!("clamp({}, {los}, {his})", a.s), ty.clone(), &[&a]);
                let b = fb_of(lo).join(fb_of(hi));
                e.fb = Some(FB {
                    m: b.m,
                    k: b.k.max(a.fb().k),
                });
                Some(e)
            }
            9 => {
                let cty = if self.rng.chance(0.7) {
                    Ty::BOOL
                } else {
                    ty.with_scalar(Scalar::Bool)
                };
                let a = self.expr(f, ty, d - 1, false);
                let b = self.expr(f, ty, d - 1, false);
                let c = self.expr(f, &cty, d - 1, rt && a.konst && b.konst);
                let mut e = combine(
                    format!("select({}, {}, {})", a.s, b.s, c.s),
                    ty.clone(),
                    &[&a, &b, &c],
                );
                e.fb = Some(a.fb().join(b.fb()));
                Some(e)
            }
            10 => {
                if self.rng.chance(0.5) {
                    let a = self.expr(f, ty, d - 1, false);
                    let b = self.expr(f, ty, d - 1, false);
                    let c = self.expr(f, ty, d - 1, rt && a.konst && b.konst);
                    let t = self.shrink_targets(s)[2];
                    let a = self.shrink(a, t);
                    let b = self.shrink(b, t);
                    let c = self.shrink(c, t);
                    let fb = a.fb().times(b.fb()).plus(c.fb());
                    let mut e = combine(
                        format!("fma({}, {}, {})", a.s, b.s, c.s),
                        ty.clone(),
                        &[&a, &b, &c],
                    );
                    e.fb = Some(fb);
                    Some(e)
                } else {
                    let a = self.expr(f, ty, d - 1, false);
                    let b = self.expr(f, ty, d - 1, rt && a.konst);
                    let t = self.shrink_targets(s)[1];
                    let a = self.shrink(a, t);
                    let b = self.shrink(b, t);
                    let tv = *self.rng.pick(&[0.0, 0.25, 0.5, 0.75, 1.0]);
                    let mut tt = float_text(tv, s, false);
                    if n > 1 && self.rng.chance(0.5) {
                        let tys = self.ty_str(ty);
                        tt = format!("{tys}({tt})");
                    }
                    let j = a.fb().join(b.fb());
                    // x * (1 - t) + y * t, or x + (y - x) * t.
                    let fb = FB {
                        m: j.m + 2,
                        k: j.k + 2,
                    };
                    if !fb.fits(s) {
                        return a;
                    }
                    let mut e = combine(
                        format!("mix({}, {}, {tt})", a.s, b.s),
                        ty.clone(),
                        &[&a, &b],
                    );
                    e.fb = Some(fb);
                    Some(e)
                }
            }
            11 => Some(self.int_to_float(f, ty, d)),
            12 => {
                let b = self.expr(f, &ty.with_scalar(Scalar::Bool), d - 1, rt);
                let tys = self.ty_str(ty);
                let mut e = combine(format!("{tys}({})", b.s), ty.clone(), &[&b]);
                e.fb = Some(FB { m: 0, k: 0 });
                Some(e)
            }
            13 => {
                let other = if s == Scalar::F32 {
                    Scalar::F16
                } else {
                    Scalar::F32
                };
                let a = self.expr(f, &ty.with_scalar(other), d - 1, rt);
                let a = if s == Scalar::F16 {
                    self.shrink(a, FB { m: 8, k: 2 })
                } else {
                    a
                };
                let tys = self.ty_str(ty);
                let mut e = combine(format!("{tys}({})", a.s), ty.clone(), &[&a]);
                e.fb = a.fb;
                Some(e)
            }
            14 => self.dot(f, ty, d, rt),
            15 => self.vector_op(f, ty, d, rt),
            16 => self.call_expr(f, Some(ty), d),
            17 => {
                let a = self.expr(f, ty, d - 1, rt);
                let fb = a.fb();
                let (text, nfb) = match self.rng.below(3) {
                    0 => (
                        format!("modf({}).fract", a.s),
                        FB {
                            m: 0,
                            k: fb.k.max(0),
                        },
                    ),
                    1 => (
                        format!("modf({}).whole", a.s),
                        FB {
                            m: fb.m.max(0),
                            k: 0,
                        },
                    ),
                    _ => {
                        let nfb = FB {
                            m: 0,
                            k: fb.bits().max(0),
                        };
                        // f32 only: naga 30's frexp(f16) result has an
                        // i16 member (needs SHADER_INT16).
                        if !nfb.fits(s) || s == Scalar::F16 {
                            return a;
                        }
                        (format!("frexp({}).fract", a.s), nfb)
                    }
                };
                let mut e = combine(text, ty.clone(), &[&a]);
                e.fb = Some(nfb);
                Some(e)
            }
            18 => {
                let a = self.expr(f, ty, d - 1, rt);
                let fb = a.fb();
                let ity = ty.with_scalar(Scalar::I32);
                let (text, lo, hi) = if self.rng.chance(0.5) {
                    let p = self.rng.range(-3, 3) as i32;
                    let pt = if n == 1 {
                        format!("{p}i")
                    } else {
                        format!("{}({p}i)", self.ty_str(&ity))
                    };
                    (format!("ldexp({}, {pt})", a.s), p, p)
                } else {
                    let e2 = self.expr_nocall(f, &ity, 1, false);
                    let pt = if n == 1 {
                        format!("(({}) & 3i) - 1i", e2.s)
                    } else {
                        let t = self.ty_str(&ity);
                        format!("(({}) & {t}(3i)) - {t}(1i)", e2.s)
                    };
                    (format!("ldexp({}, {pt})", a.s), -1, 2)
                };
                let nfb = FB {
                    m: fb.m + hi,
                    k: fb.k - lo,
                };
                if !nfb.fits(s) {
                    return a;
                }
                let mut e = combine(text, ty.clone(), &[&a]);
                e.fb = Some(nfb);
                Some(e)
            }
            19 => {
                let a = self.expr(f, ty, d - 1, rt);
                let ut = self.ty_str(&ty.with_scalar(Scalar::U32));
                let ft = self.ty_str(ty);
                let mut e = combine(
                    format!("bitcast<{ft}>(bitcast<{ut}>({}))", a.s),
                    ty.clone(),
                    &[&a],
                );
                e.fb = a.fb;
                Some(e)
            }
            20 => self.composite_access(f, ty, d),
            _ => None,
        };
        match r {
            // The bound must stay exact (a join of two exact bounds may not
            // be; the value is exact, but later bounds would be wrong).
            Some(e) if !(rt && e.konst) && e.fb().fits(s) => e,
            _ => self.leaf(f, ty, rt),
        }
    }

    /// A float from an integer known to be small enough to convert
    /// exactly.
    fn int_to_float(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Ex {
        let s = ty.scalar().unwrap();
        let n = ty.width();
        let tys = self.ty_str(ty);
        let max_bits = if s == Scalar::F16 { 10 } else { 16 };
        let signed = self.rng.chance(0.4);
        let ity = ty.with_scalar(if signed { Scalar::I32 } else { Scalar::U32 });
        let its = self.ty_str(&ity);
        let a = self.expr(f, &ity, d - 1, false);
        let uts = self.ty_str(&ty.with_scalar(Scalar::U32));
        let lit = |v: String| if n == 1 { v } else { format!("{its}({v})") };
        let ulit = |v: String| if n == 1 { v } else { format!("{uts}({v})") };
        let (inner, m) = match self.rng.below(4) {
            0 if !signed => {
                let b = self.rng.range(1, max_bits) as i32;
                (
                    format!("({} & {})", a.s, lit(format!("{}u", (1u32 << b) - 1))),
                    b,
                )
            }
            1 => {
                let b = self.rng.range(1, max_bits) as i32;
                let sh = 32 - b;
                (format!("({} >> {})", a.s, ulit(format!("{sh}u"))), b)
            }
            2 => (format!("countOneBits({})", a.s), 6),
            _ => {
                let b = self.rng.range(0, max_bits - 1) as i32;
                let l = 1i64 << b;
                if signed {
                    (
                        format!(
                            "clamp({}, {}, {})",
                            a.s,
                            lit(format!("{}i", -l)),
                            lit(format!("{l}i"))
                        ),
                        b,
                    )
                } else {
                    (format!("min({}, {})", a.s, lit(format!("{l}u"))), b)
                }
            }
        };
        let mut e = combine(format!("{tys}({inner})"), ty.clone(), &[&a]);
        e.fb = Some(FB { m, k: 0 });
        e
    }

    // ----- composites ---------------------------------------------------------

    fn composite_expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Ex {
        let cands: Vec<VarId> = self
            .visible(f)
            .into_iter()
            .filter(|&id| {
                let v = &self.vars[id];
                self.reaches(&v.ty, ty, false, false) && !(v.unloadable() && v.ty == *ty)
            })
            .collect();
        let w = [
            if cands.is_empty() { 0 } else { 5 },
            3,
            1,
            if d > 0 { 2 } else { 0 },
        ];
        match self.rng.weighted(&w) {
            0 => {
                let id = *self.rng.pick(&cands);
                self.read_path(f, id, ty)
            }
            2 => {
                let t = self.ty_str(ty);
                let mut e = Ex::new(format!("{t}()"), ty.clone());
                e.konst = true;
                e
            }
            3 => match self.call_expr(f, Some(ty), d) {
                Some(e) => e,
                None => self.construct(f, ty, d.saturating_sub(1)),
            },
            _ => self.construct(f, ty, d.saturating_sub(1)),
        }
    }

    /// A value constructor of a struct or array type (or any type).
    fn construct(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Ex {
        match ty {
            Ty::St(i) => {
                let fields = self.structs[*i].fields.clone();
                let mut parts = Vec::new();
                for (_, t) in &fields {
                    let e = self.expr(f, t, d, false);
                    parts.push(self.fit_storage(e));
                }
                let texts: Vec<String> = parts.iter().map(|p| p.s.clone()).collect();
                let refs: Vec<&Ex> = parts.iter().collect();
                combine(
                    format!("{}({})", self.structs[*i].name, texts.join(", ")),
                    ty.clone(),
                    &refs,
                )
            }
            Ty::Arr(e, n) => {
                let mut parts = Vec::new();
                for _ in 0..*n {
                    let x = self.expr(f, e, d, false);
                    parts.push(self.fit_storage(x));
                }
                let texts: Vec<String> = parts.iter().map(|p| p.s.clone()).collect();
                let refs: Vec<&Ex> = parts.iter().collect();
                // `array(...)` takes its element type from the first
                // element: naga 30 then keeps an alias's distinct type.
                let aliased = self.aliases.iter().any(|(_, t)| t == &**e);
                let head = if !aliased && self.rng.chance(0.3) {
                    "array".to_string()
                } else {
                    self.ty_str(ty)
                };
                combine(format!("{head}({})", texts.join(", ")), ty.clone(), &refs)
            }
            _ => {
                let e = self.expr(f, ty, d, false);
                self.fit_storage(e)
            }
        }
    }
}

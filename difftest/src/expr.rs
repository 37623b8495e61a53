//! Expressions: typed, UB-free, and free of const-expression errors.
//!
//! Every generated expression carries what the rules about it need:
//! whether it is a const- or override-expression (`konst`; an operation
//! that can fail at shader or pipeline creation, like overflow or a zero
//! divisor, never gets only constant operands unless its known value is
//! checked here), its value when known, and for floats a bound
//! ([`FB`]) that keeps every value exactly representable.
//!
//! This file: literals, the dispatch by type, leaves, paths into
//! variables, indices and calls; `expr_int` the integer and vector
//! expressions, `expr_float` the boolean, float and composite ones.

use std::collections::BTreeSet;

use crate::ex::{fb_of, float_text, swizzle_letters, Ex};
use crate::gen::{FnCtx, Gen, Kind, Param, Space, VarId};
use crate::types::{Scalar, Ty, Val, FB};

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
    pub(crate) fn float_value(&mut self, t: FB) -> f64 {
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

    pub(crate) fn leaf(&mut self, f: &mut FnCtx, ty: &Ty, rt: bool) -> Ex {
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
    pub(crate) fn literal_of(&mut self, ty: &Ty) -> Ex {
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
    pub(crate) fn input_value(&mut self, f: &mut FnCtx, ty: &Ty) -> Ex {
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
    pub(crate) fn component(&mut self, f: &mut FnCtx, n: u8) -> String {
        self.component_ex(f, n).0
    }

    /// A component accessor and whether its index is a const-expression.
    pub(crate) fn component_ex(&mut self, f: &mut FnCtx, n: u8) -> (String, bool) {
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

    pub(crate) fn const_index(&mut self, n: u32) -> String {
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

    pub(crate) fn index_ex_inner(&mut self, f: &mut FnCtx, n: u32) -> (String, bool) {
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

    pub(crate) fn input_index(&mut self, f: &mut FnCtx) -> String {
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
    pub(crate) fn ptr_arg(
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
}

//! Integer and vector expressions of the generator (see `expr`).

use crate::ex::{combine, float_text, swizzle_letters, Ex};
use crate::gen::{FnCtx, Gen};
use crate::types::{const_binop, Scalar, Ty, Val, FB};

impl Gen<'_> {
    // ----- integers -------------------------------------------------------------

    pub(crate) fn int_expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Ex {
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
    pub(crate) fn int_binop(
        &mut self,
        f: &mut FnCtx,
        ty: &Ty,
        op: &str,
        d: u32,
        rt: bool,
    ) -> Option<Ex> {
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
    pub(crate) fn operand_texts(&mut self, a: &Ex, b: &Ex) -> (String, String) {
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

    pub(crate) fn shift(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
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

    pub(crate) fn bits_builtin(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
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

    pub(crate) fn float_to_int(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Option<Ex> {
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

    pub(crate) fn dot(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
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

    pub(crate) fn packed(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
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
    pub(crate) fn vec_scalar_op(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
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
    pub(crate) fn vector_op(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Option<Ex> {
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
    pub(crate) fn composite_access(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Option<Ex> {
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
}

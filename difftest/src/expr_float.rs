//! Boolean, float and composite expressions of the generator (see
//! `expr`).

use crate::ex::{combine, fb_of, float_text, Ex};
use crate::gen::{FnCtx, Gen, VarId};
use crate::types::{const_cmp, Scalar, Ty, Val, FB};

impl Gen<'_> {
    // ----- booleans -------------------------------------------------------------

    pub(crate) fn bool_expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Ex {
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
    pub(crate) fn small(&self, s: Scalar) -> FB {
        if s == Scalar::F16 {
            FB { m: 3, k: 2 }
        } else {
            FB { m: 10, k: 2 }
        }
    }

    pub(crate) fn shrink_targets(&self, s: Scalar) -> [FB; 4] {
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
    pub(crate) fn fit_pair(
        &mut self,
        a: Ex,
        b: Ex,
        s: Scalar,
        comb: impl Fn(FB, FB) -> FB,
    ) -> (Ex, Ex) {
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

    pub(crate) fn float_expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32, rt: bool) -> Ex {
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
    pub(crate) fn int_to_float(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Ex {
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

    pub(crate) fn composite_expr(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Ex {
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
    pub(crate) fn construct(&mut self, f: &mut FnCtx, ty: &Ty, d: u32) -> Ex {
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

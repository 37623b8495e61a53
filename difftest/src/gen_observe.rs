//! The generator: hashing what a program leaves (private variables, locals,
//! workgroup memory) into its output, so that every difference shows.

use crate::gen::*;
use crate::types::{Scalar, Ty};

impl<'o> Gen<'o> {
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

pub(crate) const HMIX: &str = "fn hmix(h: u32, v: u32) -> u32 {
    let x = (h ^ v) * 0x9e3779b1u;
    return x ^ (x >> 15u);
}
";

//! The module-level writer: option checks, reachability, names, type
//! declarations and the driver.

use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use super::names::Namer;
use super::types::{is_packed_member, scalar_name, struct_fields, Field, TypeCtx};
use super::{Options, Translation};
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{AddressSpace, ArraySize, ConstValue, Literal, Module, Scalar, Type, TypeInner};
use crate::pipeline::Pipeline;
use crate::valid::ModuleInfo;
use crate::Span;

/// Result type of the writer.
pub(super) type R<T> = Result<T, Error>;

/// An error diagnostic.
pub(super) fn err(message: impl Into<String>, span: Span) -> Error {
    Diagnostic::error(message, span).into()
}

/// Metal's language versions.
const VERSIONS: &[(u8, u8)] = &[
    (1, 0),
    (1, 1),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 0),
    (3, 1),
    (3, 2),
];

/// Per-function facts for the signature: the globals it (transitively)
/// uses and whether it needs the sizes buffer.
#[derive(Clone, Debug, Default)]
pub(super) struct FnGlobals {
    /// Global variable indices, ascending.
    pub globals: Vec<usize>,
    /// Whether the function reads runtime-array lengths.
    pub sizes: bool,
}

/// Module-level writer state.
pub(super) struct Writer<'a> {
    pub m: &'a Module,
    pub p: &'a Pipeline,
    pub info: &'a ModuleInfo,
    pub opts: &'a Options,
    pub tcx: TypeCtx<'a>,
    pub namer: Namer,
    /// MSL name per global variable.
    pub global_names: Vec<String>,
    /// MSL name per function (empty: not written).
    pub function_names: Vec<String>,
    /// Globals used per function (by index).
    pub fn_globals: Vec<FnGlobals>,
    /// Index into the sizes buffer per global (runtime-sized buffers).
    pub sizes_index: FxHashMap<usize, u32>,
    /// Printed struct fields per struct type.
    pub fields: FxHashMap<Handle<Type>, Vec<Field>>,
    /// MSL member names per struct type.
    pub member_names: FxHashMap<Handle<Type>, Vec<String>>,
    /// Builtin polyfills requested by the builtin modules.
    pub helpers: super::polyfill::Helpers,
    /// Whether any function needs the sizes buffer struct.
    pub any_sizes: bool,
}

impl<'a> Writer<'a> {
    /// Checks the options and prepares names and types.
    pub fn new(p: &'a Pipeline, info: &'a ModuleInfo, opts: &'a Options) -> R<Self> {
        let (maj, min) = opts.lang_version;
        if !VERSIONS.contains(&(maj, min)) {
            return Err(Diagnostic::without_location(format!(
                "unsupported MSL language version {maj}.{min}"
            ))
            .with_note("Metal has versions 1.0-1.2, 2.0-2.4 and 3.0-3.2")
            .into());
        }
        let m = &p.module;
        let mut w = Writer {
            m,
            p,
            info,
            opts,
            tcx: TypeCtx {
                module: m,
                names: Vec::new(),
            },
            namer: Namer::default(),
            global_names: Vec::new(),
            function_names: vec![String::new(); m.functions.len()],
            fn_globals: Vec::new(),
            sizes_index: FxHashMap::default(),
            fields: FxHashMap::default(),
            member_names: FxHashMap::default(),
            helpers: super::polyfill::Helpers::default(),
            any_sizes: false,
        };
        w.name_types();
        w.global_names = m
            .global_variables
            .iter()
            .map(|(_, g)| w.namer.call(&g.name))
            .collect();
        Ok(w)
    }

    /// Names every type (structs get unique names, arrays wrapper names).
    fn name_types(&mut self) {
        let m = self.m;
        let aligns = super::types::struct_aligns(m, self.p);
        let mut names: Vec<String> = Vec::with_capacity(m.types.len());
        for (h, t) in m.types.iter() {
            let name = match t.inner {
                TypeInner::Scalar(s) => scalar_name(s).unwrap_or("int").to_string(),
                TypeInner::Vector { size, scalar } => {
                    format!(
                        "metal::{}{}",
                        scalar_name(scalar).unwrap_or("int"),
                        size.get()
                    )
                }
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                } => format!(
                    "metal::{}{}x{}",
                    scalar_name(scalar).unwrap_or("float"),
                    columns.get(),
                    rows.get()
                ),
                TypeInner::Atomic(s) => {
                    if s == Scalar::I32 {
                        "metal::atomic_int".into()
                    } else {
                        "metal::atomic_uint".into()
                    }
                }
                TypeInner::Pointer { base, .. } => {
                    names.get(base.index()).cloned().unwrap_or_default()
                }
                TypeInner::Array { base, size, .. } => {
                    let base_name = names.get(base.index()).cloned().unwrap_or_default();
                    let token: String = base_name
                        .trim_start_matches("metal::")
                        .chars()
                        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                        .collect();
                    match super::types::array_count(m, self.p, size) {
                        Some(n) if size != ArraySize::Runtime => format!("array_{token}_{n}"),
                        _ => format!("array_{token}_rt"),
                    }
                }
                TypeInner::Struct { ref members, .. } => {
                    let name = self.namer.call(t.name.as_deref().unwrap_or("Struct"));
                    let mut member_namer = Namer::default();
                    let mnames = members
                        .iter()
                        .map(|mm| member_namer.call(&mm.name))
                        .collect();
                    self.member_names.insert(h, mnames);
                    self.fields.insert(h, struct_fields(m, self.p, &aligns, h));
                    name
                }
                TypeInner::SubgroupMatrix { scalar, .. } => {
                    // Other shapes and components are rejected by
                    // `capability` before anything is printed.
                    super::matrix::matrix_type_name(m, h).unwrap_or_else(|_| {
                        format!(
                            "metal::simdgroup_matrix<{}, 8, 8>",
                            scalar_name(scalar).unwrap_or("float")
                        )
                    })
                }
            };
            names.push(name);
        }
        self.tcx.names = names;
    }

    /// The MSL spelling of a type.
    pub fn type_name(&self, ty: Handle<Type>) -> String {
        self.tcx.type_name(ty)
    }

    /// Computes per-function globals (callees before callers).
    fn function_globals(&mut self) {
        let m = self.m;
        let mut all: Vec<FnGlobals> = Vec::with_capacity(m.functions.len());
        for facts in &self.info.functions {
            let mut g: Vec<usize> = Vec::new();
            let mut sizes = false;
            for &(v, _) in &facts.globals {
                g.push(v.index());
                // Runtime-sized buffers carry their length in the sizes
                // buffer.
                sizes |= ends_with_runtime_array(m, m.global_variables[v].ty);
            }
            for call in &facts.calls {
                if let Some(cg) = all.get(call.callee.index()) {
                    g.extend(cg.globals.iter().copied());
                    sizes |= cg.sizes;
                }
            }
            g.sort_unstable();
            g.dedup();
            // Globals that are not resources or memory (e.g. handles) are
            // still listed; the signature writer skips none.
            all.push(FnGlobals { globals: g, sizes });
        }
        self.fn_globals = all;
    }

    /// Writes the whole module.
    pub fn run(mut self) -> R<Translation> {
        self.function_globals();
        super::entry::check_capabilities(&self)?;

        // Functions reachable from the chosen entry points, in arena order.
        let mut reachable = vec![false; self.m.functions.len()];
        let mut entry_fns = vec![false; self.m.functions.len()];
        let mut used_globals = vec![false; self.m.global_variables.len()];
        for &ei in &self.p.entry_points {
            let Some(ep) = self.m.entry_points.get(ei) else {
                continue;
            };
            entry_fns[ep.function.index()] = true;
            if let Some(info) = self.info.entry_points.get(ei) {
                for &f in &info.functions {
                    if let Some(r) = reachable.get_mut(f) {
                        *r = true;
                    }
                }
            }
            reachable[ep.function.index()] = true;
            for &g in &self.fn_globals[ep.function.index()].globals {
                used_globals[g] = true;
            }
        }
        // Runtime-sized buffers: sizes-buffer slots in (group, binding) order.
        let mut rt: Vec<(crate::ir::ResourceBinding, usize)> = Vec::new();
        for (h, g) in self.m.global_variables.iter() {
            if used_globals[h.index()] && ends_with_runtime_array(self.m, g.ty) {
                if let Some(b) = g.binding {
                    rt.push((b, h.index()));
                }
            }
        }
        rt.sort();
        for (i, (_, g)) in rt.iter().enumerate() {
            self.sizes_index.insert(*g, i as u32);
        }
        let sizes_len = rt.len().max(1);

        // Function names (entry points keep theirs where legal).
        for (h, f) in self.m.functions.iter() {
            if reachable[h.index()] {
                self.function_names[h.index()] = self.namer.call(&f.name);
            }
        }

        // Bodies first: they record the operator helpers they need.
        let mut body = String::new();
        let mut entry_points = Vec::new();
        for (h, f) in self.m.functions.iter() {
            if !reachable[h.index()] || entry_fns[h.index()] {
                continue;
            }
            super::stmt::write_function(&mut self, h, f, None, &mut body)?;
            body.push('\n');
        }
        for &ei in &self.p.entry_points {
            let Some(ep) = self.m.entry_points.get(ei) else {
                continue;
            };
            let f = &self.m.functions[ep.function];
            super::stmt::write_function(&mut self, ep.function, f, Some(ei), &mut body)?;
            body.push('\n');
            entry_points.push((
                ep.name.clone(),
                self.function_names[ep.function.index()].clone(),
            ));
        }
        if entry_points.is_empty() {
            return Err(Error::without_location(
                "the module has no entry point to write",
            ));
        }

        let mut out = String::new();
        out.push_str(
            "// Generated by tessera.\n#include <metal_stdlib>\n\nusing namespace metal;\n\n",
        );
        self.write_types(&mut out, &reachable);
        if self.any_sizes {
            let _ = writeln!(
                out,
                "struct tessera_buffer_sizes {{\n  uint size[{sizes_len}];\n}};\n"
            );
        }
        if !self.helpers.is_empty() {
            self.helpers.write(&mut out);
        }
        out.push_str(body.trim_end());
        out.push('\n');
        Ok(Translation {
            source: out,
            entry_points,
        })
    }

    /// Writes the struct and array-wrapper declarations the module uses.
    fn write_types(&self, out: &mut String, reachable: &[bool]) {
        let m = self.m;
        let mut used = vec![false; m.types.len()];
        let mut mark = |ty: Handle<Type>| used[ty.index()] = true;
        for (h, f) in m.functions.iter() {
            if !reachable[h.index()] {
                continue;
            }
            f.expression_types.iter().for_each(|&t| mark(t));
            f.local_variables.iter().for_each(|(_, l)| mark(l.ty));
            f.arguments.iter().for_each(|a| mark(a.ty));
            if let Some(r) = &f.result {
                mark(r.ty);
            }
            for &g in &self.fn_globals[h.index()].globals {
                if let Some(v) = m.global_variables.try_get(Handle::from_index(g)) {
                    mark(v.ty);
                }
            }
        }
        // Close over components, from the last type down (components are
        // interned before the types that contain them).
        for i in (0..m.types.len()).rev() {
            if !used[i] {
                continue;
            }
            match &m.types[Handle::<Type>::from_index(i)].inner {
                TypeInner::Pointer { base, .. } | TypeInner::Array { base, .. } => {
                    used[base.index()] = true
                }
                TypeInner::Struct { members, .. } => {
                    for mm in members {
                        used[mm.ty.index()] = true;
                    }
                }
                _ => {}
            }
        }
        let mut written = rustc_hash::FxHashSet::default();
        for (h, t) in m.types.iter() {
            if !used[h.index()] {
                continue;
            }
            match t.inner {
                TypeInner::Array { base, size, .. } => {
                    let name = self.type_name(h);
                    if !written.insert(name.clone()) {
                        continue;
                    }
                    let n = match size {
                        ArraySize::Runtime => 1,
                        _ => super::types::array_count(m, self.p, size).unwrap_or(1),
                    };
                    let _ = writeln!(
                        out,
                        "struct {name} {{\n  {} inner[{n}];\n}};\n",
                        self.member_type_name(base)
                    );
                }
                TypeInner::Struct { ref members, .. } => {
                    let name = self.type_name(h);
                    let _ = writeln!(out, "struct {name} {{");
                    let names = &self.member_names[&h];
                    for (pad, field) in self.fields[&h].iter().enumerate() {
                        match *field {
                            Field::Member(i) => {
                                let _ = writeln!(
                                    out,
                                    "  {} {};",
                                    self.member_type_name(members[i].ty),
                                    names[i]
                                );
                            }
                            Field::Pad(n) => {
                                let _ = writeln!(out, "  char _pad{pad}[{n}];");
                            }
                        }
                    }
                    out.push_str("};\n\n");
                }
                _ => {}
            }
        }
    }

    /// The spelling of a type as a struct member or array element (vec3
    /// members are packed).
    pub fn member_type_name(&self, ty: Handle<Type>) -> String {
        match is_packed_member(self.m.inner(ty)) {
            Some(p) => p.to_string(),
            None => self.type_name(ty),
        }
    }

    /// Prints a constant value.
    pub fn constant(&self, c: Handle<ConstValue>) -> String {
        match &self.m.constants[c] {
            ConstValue::Scalar(l) => literal(*l),
            ConstValue::Zero(ty) => self.zero_value(*ty),
            ConstValue::Composite { ty, components } => {
                let parts: Vec<String> = components.iter().map(|&p| self.constant(p)).collect();
                self.compose(*ty, &parts)
            }
        }
    }

    /// The zero value of a type.
    pub fn zero_value(&self, ty: Handle<Type>) -> String {
        format!("{}{{}}", self.type_name(ty))
    }

    /// Builds a composite of type `ty` from printed parts.
    pub fn compose(&self, ty: Handle<Type>, parts: &[String]) -> String {
        let name = self.type_name(ty);
        match self.m.inner(ty) {
            TypeInner::Array { base, .. } => {
                let conv = is_packed_member(self.m.inner(*base));
                let parts: Vec<String> = parts
                    .iter()
                    .map(|p| match conv {
                        Some(c) => format!("{c}({p})"),
                        None => p.clone(),
                    })
                    .collect();
                format!("{name}{{{{{}}}}}", parts.join(", "))
            }
            TypeInner::Struct { members, .. } => {
                let mut out = Vec::new();
                if let Some(fields) = self.fields.get(&ty) {
                    for f in fields {
                        match *f {
                            Field::Member(i) => {
                                let p = parts.get(i).cloned().unwrap_or_default();
                                match members
                                    .get(i)
                                    .and_then(|mm| is_packed_member(self.m.inner(mm.ty)))
                                {
                                    Some(c) => out.push(format!("{c}({p})")),
                                    None => out.push(p),
                                }
                            }
                            Field::Pad(_) => out.push("{}".into()),
                        }
                    }
                }
                format!("{name}{{{}}}", out.join(", "))
            }
            _ => format!("{name}({})", parts.join(", ")),
        }
    }
}

/// Whether a buffer's store type is or ends with a runtime-sized array.
pub(super) fn ends_with_runtime_array(m: &Module, ty: Handle<Type>) -> bool {
    match m.inner(ty) {
        TypeInner::Array {
            size: ArraySize::Runtime,
            ..
        } => true,
        TypeInner::Struct { members, .. } => members.last().is_some_and(|l| {
            matches!(
                m.inner(l.ty),
                TypeInner::Array {
                    size: ArraySize::Runtime,
                    ..
                }
            )
        }),
        _ => false,
    }
}

/// Prints a scalar literal.
pub(super) fn literal(l: Literal) -> String {
    match l {
        Literal::Bool(b) => b.to_string(),
        Literal::I32(i32::MIN) => "(-2147483647 - 1)".into(),
        Literal::I32(v) => v.to_string(),
        Literal::U32(v) => format!("{v}u"),
        Literal::F32(v) => float_text(f64::from(v), format!("{v:?}"), "f"),
        Literal::F16(v) => {
            let t = float_text(f64::from(v.to_f32()), format!("{:?}", v.to_f32()), "");
            format!("half({})", t.trim_start_matches('(').trim_end_matches(')'))
        }
        Literal::AbstractInt(v) => v.to_string(),
        Literal::AbstractFloat(v) => float_text(v, format!("{v:?}"), ""),
    }
}

fn float_text(v: f64, shortest: String, suffix: &str) -> String {
    if !v.is_finite() {
        // Validated modules have no infinities or NaNs; keep the output C++.
        return if v.is_nan() {
            "NAN".into()
        } else if v > 0.0 {
            "INFINITY".into()
        } else {
            "(-INFINITY)".into()
        };
    }
    let s = if shortest.contains('e') || shortest.contains('.') {
        format!("{shortest}{suffix}")
    } else {
        format!("{shortest}.0{suffix}")
    };
    if s.starts_with('-') {
        format!("({s})")
    } else {
        s
    }
}

/// Whether an address space's pointers are writable references.
pub(super) fn space_qualifier(space: AddressSpace, access: crate::ir::Access) -> &'static str {
    match space {
        AddressSpace::Function | AddressSpace::Private => "thread",
        AddressSpace::Workgroup => "threadgroup",
        AddressSpace::Uniform | AddressSpace::Immediate => "constant",
        AddressSpace::Storage if !access.can_write() => "const device",
        AddressSpace::Storage => "device",
        AddressSpace::Handle => "constant",
    }
}

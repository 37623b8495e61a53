//! The module-level writer: option checks, reachability, names, type
//! declarations, and the driver that writes every function and kernel
//! (through `function` and `entry_point`) and assembles the output.

use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use super::context::{FnGlobals, Writer, R};
use super::names::Namer;
use super::types::{ends_with_runtime_array, scalar_name, struct_fields, Field, TypeCtx};
use super::{Options, Translation};
use crate::arena::Handle;
use crate::diagnostic::{Diagnostic, Error};
use crate::ir::PipelineModule;
use crate::ir::{ArraySize, Scalar, Type, TypeInner};
use crate::valid::ModuleInfo;

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

/// Checks the options, prepares names and types, and writes the module.
pub(super) fn write(p: &PipelineModule<'_>, info: &ModuleInfo, opts: &Options) -> R<Translation> {
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
        any_sizes: false,
        constants: Default::default(),
        tables: Default::default(),
        has_matrix_types: p.module.has_subgroup_matrix_type(),
        has_packed_members: super::types::has_packed_members(p.module),
    };
    name_types(&mut w);
    w.global_names = m
        .global_variables
        .iter()
        .map(|(_, g)| w.namer.call(&g.name))
        .collect();
    run(w)
}

/// Names every type (structs get unique names, arrays wrapper names).
fn name_types(w: &mut Writer) {
    let m = w.m;
    let aligns = super::types::struct_aligns(m, w.p);
    let mut names: Vec<String> = Vec::with_capacity(m.types.len());
    for (h, t) in m.types.iter() {
        let name = match t.inner {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Matrix { .. } => {
                super::types::numeric_type_name(&t.inner).unwrap_or_default()
            }
            // `atomic<vec2<u32>>` is one 64-bit integer (MSL 2.4).
            TypeInner::Atomic { size: Some(_), .. } => "metal::atomic_ulong".into(),
            TypeInner::Atomic { scalar: s, .. } => {
                if s == Scalar::I32 {
                    "metal::atomic_int".into()
                } else {
                    "metal::atomic_uint".into()
                }
            }
            TypeInner::Pointer { base, .. } => names.get(base.index()).cloned().unwrap_or_default(),
            // Template instances, never declared.
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => super::image::type_name(super::image::Image {
                dim,
                arrayed,
                class,
            }),
            TypeInner::Sampler { .. } => super::image::SAMPLER.to_string(),
            // A template instance too: `metal::array<texture, N>`.
            TypeInner::BindingArray { base, size } => format!(
                "metal::array<{}, {}>",
                names.get(base.index()).map_or("", |n| n.as_str()),
                size.unwrap_or(1)
            ),
            TypeInner::Array { base, size, .. } => {
                let base_name = names.get(base.index()).map_or("", |n| n.as_str());
                let token: String = base_name
                    .trim_start_matches("metal::")
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                    .collect();
                match super::types::array_count(m, w.p, size) {
                    Some(n) if size != ArraySize::Runtime => format!("array_{token}_{n}"),
                    _ => format!("array_{token}_rt"),
                }
            }
            TypeInner::Struct { ref members, .. } => {
                let name = w.namer.call(t.name.as_deref().unwrap_or("Struct"));
                let mut member_namer = Namer::for_members();
                let mnames = members
                    .iter()
                    .map(|mm| member_namer.call(&mm.name))
                    .collect();
                w.member_names.insert(h, mnames);
                w.fields.insert(h, struct_fields(m, w.p, &aligns, h));
                name
            }
            // Lowered to arrays before printing (the `coop-vec` and
            // `buffer-view` passes).
            TypeInner::CoopVector { .. } | TypeInner::Buffer { .. } => String::new(),
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
    w.tcx.names = names;
}

/// Computes per-function globals (callees before callers).
fn function_globals(w: &mut Writer) {
    let m = w.m;
    let mut all: Vec<FnGlobals> = Vec::with_capacity(m.functions.len());
    for facts in &w.info.functions {
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
    w.fn_globals = all;
}

/// Writes the whole module.
fn run(mut w: Writer) -> R<Translation> {
    function_globals(&mut w);
    let indices = super::entry_point::check_capabilities(&w)?;
    let m = w.m;

    // Functions reachable from the chosen entry points, in arena order.
    let mut reachable = vec![false; m.functions.len()];
    let mut entry_fns = vec![false; m.functions.len()];
    let mut used_globals = vec![false; m.global_variables.len()];
    for &ei in w.p.entry_points {
        let Some(ep) = m.entry_points.get(ei) else {
            continue;
        };
        entry_fns[ep.function.index()] = true;
        if let Some(info) = w.info.entry_points.get(ei) {
            for &f in &info.functions {
                if let Some(r) = reachable.get_mut(f) {
                    *r = true;
                }
            }
        }
        reachable[ep.function.index()] = true;
        for &g in &w.fn_globals[ep.function.index()].globals {
            used_globals[g] = true;
        }
    }
    // Runtime-sized buffers: sizes-buffer slots in (group, binding) order.
    let mut rt: Vec<(crate::ir::ResourceBinding, usize)> = Vec::new();
    for (h, g) in m.global_variables.iter() {
        if used_globals[h.index()] && ends_with_runtime_array(m, g.ty) {
            if let Some(b) = g.binding {
                rt.push((b, h.index()));
            }
        }
    }
    rt.sort();
    for (i, (_, g)) in rt.iter().enumerate() {
        w.sizes_index.insert(*g, i as u32);
    }
    let sizes_len = rt.len().max(1);

    // Function names (entry points keep theirs where legal).
    for (h, f) in m.functions.iter() {
        if reachable[h.index()] {
            w.function_names[h.index()] = w.namer.call(&f.name);
        }
    }

    // Bodies first: they record the constants they use.
    let mut body = String::new();
    let mut entry_points = Vec::new();
    let mut resources = Vec::new();
    for (h, f) in m.functions.iter() {
        if !reachable[h.index()] || entry_fns[h.index()] {
            continue;
        }
        super::function::write_function(&mut w, h, f, &mut body)?;
        body.push('\n');
    }
    for &ei in w.p.entry_points {
        let Some(ep) = m.entry_points.get(ei) else {
            continue;
        };
        let idx = indices.get(ei).and_then(Option::as_ref);
        super::entry_point::write_kernel(&mut w, ei, idx, &mut body)?;
        resources.extend(super::entry_point::resource_indices(&w, ei, idx)?);
        body.push('\n');
        entry_points.push((
            ep.name.clone(),
            w.function_names[ep.function.index()].clone(),
        ));
    }
    if entry_points.is_empty() {
        return Err(Error::without_location(
            "the module has no entry point to write",
        ));
    }

    let mut out = String::new();
    out.push_str("// Generated by tessera.\n#include <metal_stdlib>\n\nusing namespace metal;\n\n");
    write_types(&w, &mut out, &reachable);
    if w.any_sizes {
        let _ = writeln!(
            out,
            "struct tessera_buffer_sizes {{\n  uint size[{sizes_len}];\n}};\n"
        );
    }
    let constants = w.constants.into_inner().declarations;
    if !constants.is_empty() {
        out.push_str(&constants);
        out.push('\n');
    }
    // The bodies, the bulk of the text, become the output: the
    // declarations are inserted before them in place, so the module's text
    // is not held twice.
    let len = body.trim_end().len();
    body.truncate(len);
    body.push('\n');
    // Grown to the exact size (doubling would leave up to half the text's
    // size unused in the output).
    body.reserve_exact(out.len());
    body.insert_str(0, &out);
    Ok(Translation {
        source: body,
        entry_points,
        resources,
    })
}

/// Writes the struct and array-wrapper declarations the module uses.
fn write_types(w: &Writer, out: &mut String, reachable: &[bool]) {
    let m = w.m;
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
        for &g in &w.fn_globals[h.index()].globals {
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
                let name = w.type_str(h);
                if !written.insert(name.clone()) {
                    continue;
                }
                let n = match size {
                    ArraySize::Runtime => 1,
                    _ => super::types::array_count(m, w.p, size).unwrap_or(1),
                };
                // Elements keep Metal's aligned vectors: `float3` is 16
                // bytes, WGSL's `array<vec3<f32>>` stride (a packed
                // `packed_float3` element would be 12).
                for part in ["struct ", &name, " {\n  ", &w.type_str(base), " inner["] {
                    out.push_str(part);
                }
                let _ = write!(out, "{n}");
                out.push_str("];\n};\n\n");
            }
            TypeInner::Struct { ref members, .. } => {
                for part in ["struct ", &w.type_str(h), " {\n"] {
                    out.push_str(part);
                }
                let names = &w.member_names[&h];
                for (pad, field) in w.fields[&h].iter().enumerate() {
                    match *field {
                        Field::Member(i) => {
                            let tn = w.member_type_name(members[i].ty);
                            for part in ["  ", &tn, " ", &names[i], ";\n"] {
                                out.push_str(part);
                            }
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

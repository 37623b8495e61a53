//! Entry points: the module-level checks of the chosen entry points, and
//! each kernel's signature (buffers, built-in values, the sizes buffer)
//! and prologue (threadgroup and private variables), around the body that
//! `function` writes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::context::{at, FnCtx, Writer, R};
use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{
    AddressSpace, Binding, BuiltIn, GlobalVariable, ShaderStage, TypeInner, WorkgroupSizeDim,
};

/// A kernel's signature and the code that runs before its body.
struct Sig {
    /// `kernel void name`.
    pub header: String,
    /// Parameters with attributes.
    pub params: Vec<String>,
    /// Declarations and initialisation, indented one level.
    pub prologue: String,
    /// Struct declarations the signature needs (render stages).
    pub declarations: String,
}

/// The MSL attribute of a compute built-in value.
fn builtin_attribute(b: BuiltIn) -> Option<&'static str> {
    Some(match b {
        BuiltIn::GlobalInvocationId => "thread_position_in_grid",
        BuiltIn::LocalInvocationId => "thread_position_in_threadgroup",
        BuiltIn::LocalInvocationIndex => "thread_index_in_threadgroup",
        BuiltIn::WorkgroupId => "threadgroup_position_in_grid",
        BuiltIn::NumWorkgroups => "threadgroups_per_grid",
        BuiltIn::SubgroupInvocationId => "thread_index_in_simdgroup",
        BuiltIn::SubgroupSize => "threads_per_simdgroup",
        BuiltIn::SubgroupId => "simdgroup_index_in_threadgroup",
        BuiltIn::NumSubgroups => "simdgroups_per_threadgroup",
        _ => return None,
    })
}

/// Checks what the MSL writer supports for the chosen entry points:
/// compute stages only, and a language version that has
/// `simdgroup_matrix` when matrices are used. Returns each chosen entry
/// point's argument-table indices (by entry-point index), which the
/// signature and the resource list read.
pub(super) fn check_capabilities(w: &Writer) -> R<Vec<Option<Indices>>> {
    let mut diags = Vec::new();
    let mut all = vec![None; w.m.entry_points.len()];
    let mut checked = std::collections::BTreeSet::new();
    for &ei in w.p.entry_points {
        let Some(ep) = w.m.entry_points.get(ei) else {
            continue;
        };
        let span = w.m.functions.span(ep.function);
        // `discard_fragment()` demotes to a helper (WGSL's `discard`) only
        // from MSL 2.3 on.
        if ep.stage == ShaderStage::Fragment
            && w.opts.lang_version < (2, 3)
            && w.info.entry_points.get(ei).is_some_and(|e| e.discards)
        {
            diags.push(
                Diagnostic::error(
                    format!(
                        "'discard' needs MSL 2.3 or later (discard_fragment() with demote-to-helper semantics); `{}` reaches a 'discard'",
                        ep.name
                    ),
                    span,
                )
                .with_span_label("fragment entry point"),
            );
            continue;
        }
        match indices(w, ei) {
            Ok(i) => all[ei] = Some(i),
            Err(e) => diags.extend(e.diagnostics),
        }
        for &g in &w.fn_globals[ep.function.index()].globals {
            let h = Handle::<GlobalVariable>::from_index(g);
            let gv = &w.m.global_variables[h];
            if let TypeInner::Image {
                dim,
                arrayed,
                class,
            } = *w.m.inner(gv.ty)
            {
                if !checked.insert(g) {
                    continue;
                }
                let img = super::image::Image {
                    dim,
                    arrayed,
                    class,
                };
                let wgsl = crate::ir::image_type_name(dim, arrayed, class);
                if let Err(d) = super::image::check_type(img, &wgsl, w.opts.lang_version) {
                    diags.push(
                        (*d).or_at(w.m.global_variables.span(h))
                            .with_span_label(format!("`{}` declared here", gv.name)),
                    );
                }
            }
        }
    }
    // The "Metal cannot express" checks.
    if let Err(e) = super::capability::check_module(w.p, w.info, w.opts.lang_version) {
        diags.extend(e.diagnostics);
    }
    if diags.is_empty() {
        Ok(all)
    } else {
        Err(crate::diagnostic::Error { diagnostics: diags })
    }
}

/// The kind of an argument-table index: `[[buffer(n)]]`,
/// `[[texture(n)]]` or `[[sampler(n)]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Table {
    Buffer,
    Texture,
    Sampler,
}

impl Table {
    fn word(self) -> &'static str {
        match self {
            Table::Buffer => "buffer",
            Table::Texture => "texture",
            Table::Sampler => "sampler",
        }
    }

    /// The largest index of the table (Metal's argument-table sizes).
    fn max(self) -> u32 {
        match self {
            Table::Buffer => 30,
            Table::Texture => 127,
            Table::Sampler => 15,
        }
    }

    /// The table of a handle variable's type.
    fn of_handle(inner: &TypeInner) -> Table {
        match inner {
            TypeInner::Sampler { .. } => Table::Sampler,
            _ => Table::Texture,
        }
    }
}

/// An entry point's argument-table indices.
#[derive(Clone, Debug, Default)]
pub(super) struct Indices {
    /// `[[buffer(n)]]` per buffer (and immediate-data) global.
    pub buffers: BTreeMap<usize, u32>,
    /// `[[texture(n)]]` or `[[sampler(n)]]` per handle global.
    pub handles: BTreeMap<usize, u32>,
    /// The sizes buffer's index.
    pub sizes: u32,
}

/// Gives each `(binding, global)` of one table its index: the binding
/// map's, else the lowest free one in `(group, binding)` order (`extra`,
/// the immediate data, last). Returns the indices and the taken ones.
fn assign(
    w: &Writer,
    ep_name: &str,
    table: Table,
    items: &[(crate::ir::ResourceBinding, usize)],
    extra: Option<usize>,
    diags: &mut Vec<Diagnostic>,
) -> (BTreeMap<usize, u32>, BTreeMap<u32, usize>) {
    let word = table.word();
    let mut out = BTreeMap::new();
    let mut taken: BTreeMap<u32, usize> = BTreeMap::new();
    let span_of = |g: usize| {
        w.m.global_variables
            .span(Handle::<GlobalVariable>::from_index(g))
    };
    // A binding array of N textures takes N consecutive indices.
    let width = |g: usize| match w
        .m
        .inner(w.m.global_variables[Handle::<GlobalVariable>::from_index(g)].ty)
    {
        TypeInner::BindingArray { size, .. } => size.unwrap_or(1).max(1),
        _ => 1,
    };
    for &(b, g) in items {
        if let Some(&n) = w.opts.binding_map.get(&b) {
            let clash = (n..n.saturating_add(width(g))).find_map(|k| taken.get(&k));
            if let Some(&other) = clash {
                diags.push(
                    Diagnostic::error(
                        format!(
                            "the binding map gives @group({}) @binding({}) the {word} index {n}, which `{}` also has",
                            b.group, b.binding, w.m.global_variables[Handle::<GlobalVariable>::from_index(other)].name
                        ),
                        span_of(g),
                    )
                    .with_span_label(format!("mapped to [[{word}({n})]]"))
                    .with_label(span_of(other), format!("also mapped to [[{word}({n})]]"))
                    .with_note(format!("in entry point `{ep_name}`; every {word} needs its own index")),
                );
                continue;
            }
            let last = n.saturating_add(width(g) - 1);
            if last > table.max() {
                diags.push(
                    Diagnostic::error(
                        format!(
                            "{word} index {last} is out of range for @group({}) @binding({})",
                            b.group, b.binding
                        ),
                        span_of(g),
                    )
                    .with_note(format!("Metal has {word} indices 0 to {}", table.max())),
                );
                continue;
            }
            for k in n..=last {
                taken.insert(k, g);
            }
            out.insert(g, n);
        }
    }
    let mut next = 0u32;
    for g in items.iter().map(|&(_, g)| g).chain(extra) {
        if out.contains_key(&g) {
            continue;
        }
        let wide = width(g);
        while (next..next.saturating_add(wide)).any(|k| taken.contains_key(&k)) {
            next += 1;
        }
        if next.saturating_add(wide - 1) > table.max() {
            diags.push(
                Diagnostic::error(
                    format!(
                        "entry point `{ep_name}` uses more {word}s than Metal's {} {word} indices",
                        table.max() + 1
                    ),
                    span_of(g),
                )
                .with_span_label(format!("no free [[{word}(n)]] index for this variable")),
            );
            break;
        }
        for k in next..next + wide {
            taken.insert(k, g);
        }
        out.insert(g, next);
    }
    (out, taken)
}

/// The argument-table indices of the resources an entry point uses, and
/// the sizes buffer's index.
pub(super) fn indices(w: &Writer, ei: usize) -> R<Indices> {
    let Some(ep) = w.m.entry_points.get(ei) else {
        return Ok(Indices::default());
    };
    let mut buffers: Vec<(crate::ir::ResourceBinding, usize)> = Vec::new();
    let mut textures = Vec::new();
    let mut samplers = Vec::new();
    let mut immediate = None;
    for &g in &w.fn_globals[ep.function.index()].globals {
        let gv = &w.m.global_variables[Handle::<GlobalVariable>::from_index(g)];
        match (gv.space, gv.binding) {
            (AddressSpace::Immediate, _) => immediate = Some(g),
            (AddressSpace::Uniform | AddressSpace::Storage, Some(b)) => buffers.push((b, g)),
            (AddressSpace::Handle, Some(b)) => match Table::of_handle(w.m.inner(gv.ty)) {
                Table::Sampler => samplers.push((b, g)),
                _ => textures.push((b, g)),
            },
            _ => {}
        }
    }
    buffers.sort();
    textures.sort();
    samplers.sort();
    let mut diags = Vec::new();
    let span_of = |g: usize| {
        w.m.global_variables
            .span(Handle::<GlobalVariable>::from_index(g))
    };
    let (out, taken) = assign(w, &ep.name, Table::Buffer, &buffers, immediate, &mut diags);
    let (mut handles, _) = assign(w, &ep.name, Table::Texture, &textures, None, &mut diags);
    handles.extend(assign(w, &ep.name, Table::Sampler, &samplers, None, &mut diags).0);
    let sizes = match w.opts.sizes_buffer {
        Some(n) => {
            if w.fn_globals[ep.function.index()].sizes {
                if let Some(&other) = taken.get(&n) {
                    diags.push(
                        Diagnostic::error(
                            format!(
                                "the sizes buffer index {n} is also the buffer index of `{}`",
                                w.m.global_variables[Handle::<GlobalVariable>::from_index(other)]
                                    .name
                            ),
                            span_of(other),
                        )
                        .with_span_label(format!("mapped to [[buffer({n})]]"))
                        .with_note(format!(
                            "in entry point `{}`: choose another sizes_buffer index",
                            ep.name
                        )),
                    );
                }
            }
            n
        }
        None => taken.keys().next_back().map_or(0, |&k| k + 1),
    };
    if !diags.is_empty() {
        return Err(crate::diagnostic::Error { diagnostics: diags });
    }
    Ok(Indices {
        buffers: out,
        handles,
        sizes,
    })
}

/// The argument-table index of every resource of entry point `ei`, for
/// [`super::Translation::resources`].
/// `idx` when given, else the indices of entry point `ei` computed now.
fn given_or_computed<'i>(
    w: &Writer,
    ei: usize,
    idx: Option<&'i Indices>,
) -> R<std::borrow::Cow<'i, Indices>> {
    match idx {
        Some(idx) => Ok(std::borrow::Cow::Borrowed(idx)),
        None => indices(w, ei).map(std::borrow::Cow::Owned),
    }
}

/// `idx`: the entry point's indices, if computed already.
pub(super) fn resource_indices(
    w: &Writer,
    ei: usize,
    idx: Option<&Indices>,
) -> R<Vec<super::ResourceIndex>> {
    let idx = given_or_computed(w, ei, idx)?;
    let ep = &w.m.entry_points[ei];
    let mut out = Vec::new();
    for (&g, &index) in idx.buffers.iter().chain(idx.handles.iter()) {
        let gv = &w.m.global_variables[Handle::<GlobalVariable>::from_index(g)];
        let kind = match gv.space {
            AddressSpace::Handle => match Table::of_handle(w.m.inner(gv.ty)) {
                Table::Sampler => super::ResourceKind::Sampler,
                _ => super::ResourceKind::Texture,
            },
            AddressSpace::Immediate => super::ResourceKind::Immediate,
            _ => super::ResourceKind::Buffer,
        };
        out.push(super::ResourceIndex {
            entry_point: ep.name.clone(),
            binding: gv.binding,
            kind,
            index,
        });
    }
    if w.fn_globals[ep.function.index()].sizes {
        out.push(super::ResourceIndex {
            entry_point: ep.name.clone(),
            binding: None,
            kind: super::ResourceKind::SizesBuffer,
            index: idx.sizes,
        });
    }
    out.sort_by_key(|r| (r.kind, r.index));
    Ok(out)
}

/// Writes the kernel of entry point `ei` (`idx`: its indices, if computed
/// already).
pub(super) fn write_kernel(
    w: &mut Writer,
    ei: usize,
    idx: Option<&Indices>,
    out: &mut String,
) -> R<()> {
    let m = w.m;
    let f = &m.functions[m.entry_points[ei].function];
    let mut cx = super::function::begin(w, f, Some(ei));
    let sig = signature(w, &mut cx, ei, idx)?;
    out.push_str(&sig.declarations);
    cx.out.push_str(&sig.prologue);
    super::function::finish(w, &mut cx, &sig.header, &sig.params, out)
}

/// An entry point's signature and prologue.
fn signature(w: &mut Writer, cx: &mut FnCtx, ei: usize, idx: Option<&Indices>) -> R<Sig> {
    let m = w.m;
    let ep = &m.entry_points[ei];
    let f = cx.f;
    let mut params = Vec::new();
    let mut prologue = String::new();

    let render = if ep.stage == ShaderStage::Compute {
        None
    } else {
        Some(super::render::interface(
            w,
            cx,
            ei,
            &mut params,
            &mut prologue,
        )?)
    };
    for (i, a) in f.arguments.iter().enumerate() {
        if render.is_some() {
            break;
        }
        let name = &cx.t.arg_names[i];
        match (a.binding, w.m.inner(a.ty)) {
            (Some(Binding::BuiltIn(b)), _) => {
                let attr = builtin_attribute(b).ok_or_else(|| {
                    crate::diagnostic::Error::without_location(
                        "built-in value not available in MSL kernels",
                    )
                })?;
                params.push(super::value::cat(&[
                    &w.type_str(a.ty),
                    " ",
                    name,
                    " [[",
                    attr,
                    "]]",
                ]));
            }
            (None, TypeInner::Struct { members, .. }) => {
                let mut parts = Vec::new();
                for m in members {
                    let pname = w.namer.call(&format!("{name}_{}", m.name));
                    let Some(Binding::BuiltIn(b)) = m.binding else {
                        return Err(crate::diagnostic::Error::without_location(
                            "entry-point input without a built-in binding",
                        ));
                    };
                    let attr = builtin_attribute(b).ok_or_else(|| {
                        crate::diagnostic::Error::without_location(
                            "built-in value not available in MSL kernels",
                        )
                    })?;
                    params.push(format!("{} {pname} [[{attr}]]", w.type_name(m.ty)));
                    parts.push(pname);
                }
                let _ = writeln!(
                    prologue,
                    "  {} {name} = {};",
                    w.type_name(a.ty),
                    w.compose(a.ty, &parts)
                );
            }
            _ => {
                return Err(crate::diagnostic::Error::without_location(
                    "entry-point input without a built-in binding",
                ))
            }
        }
    }

    let idx = given_or_computed(w, ei, idx)?;
    let sizes_index = idx.sizes;
    let fn_globals = &w.fn_globals[ep.function.index()];
    let uses_sizes = fn_globals.sizes;
    for &g in &fn_globals.globals {
        let h = Handle::<GlobalVariable>::from_index(g);
        let gv = &m.global_variables[h];
        let name = &w.global_names[g];
        let tn = w.type_str(gv.ty);
        match gv.space {
            AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Immediate => {
                let q = super::types::space_qualifier(gv.space, gv.access);
                let n = idx.buffers.get(&g).copied().unwrap_or(0);
                let mut p = super::value::cat(&[q, " ", &tn, "& ", name, " [[buffer("]);
                let _ = write!(p, "{n})]]");
                params.push(p);
            }
            AddressSpace::Workgroup => {
                let _ = writeln!(prologue, "  threadgroup {tn} {name};");
            }
            // `pixel_local` never gets here: the pass list rejects it.
            AddressSpace::Private | AddressSpace::Function | AddressSpace::PixelLocal => {
                let init = match gv.init {
                    Some(e) => match w.p.global_values.get(e.index()) {
                        Some(&Some(c)) => w.constant(c),
                        Some(None) => {
                            return Err(super::spec_constants_error(w.m.global_variables.span(h)))
                        }
                        None => w.zero_value(gv.ty),
                    },
                    None if matches!(w.m.inner(gv.ty), TypeInner::SubgroupMatrix { .. }) => {
                        super::matrix::zero(w.m, gv.ty)
                            .map_err(|d| at(d, w.m.global_variables.span(h)))?
                    }
                    None => w.zero_value(gv.ty),
                };
                let _ = writeln!(prologue, "  {tn} {name} = {init};");
            }
            AddressSpace::Handle => {
                let n = idx.handles.get(&g).copied().unwrap_or(0);
                let attr = Table::of_handle(w.m.inner(gv.ty)).word();
                params.push(format!("{tn} {name} [[{attr}({n})]]"));
            }
        }
    }
    if uses_sizes {
        w.any_sizes = true;
        params.push(format!(
            "constant tessera_buffer_sizes& _buffer_sizes [[buffer({sizes_index})]]"
        ));
    }
    let size: Vec<String> = ep
        .workgroup_size
        .iter()
        .map(|d| match d {
            WorkgroupSizeDim::Constant(n) => n.to_string(),
            WorkgroupSizeDim::Override(e) => super::types::positive_value(w.p.module, w.p, *e)
                .map_or("?".into(), |n| n.to_string()),
        })
        .collect();
    let name = w.function_names[ep.function.index()].clone();
    if let Some(render) = render {
        return Ok(Sig {
            header: render.header,
            params,
            prologue,
            declarations: render.declarations,
        });
    }
    Ok(Sig {
        header: format!(
            "// @workgroup_size({}): dispatch with threads per threadgroup ({})\nkernel void {name}",
            size.join(", "),
            size.join(", ")
        ),
        params,
        prologue,
        declarations: String::new(),
    })
}

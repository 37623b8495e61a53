//! The WGSL backend: prints an IR module as WGSL source.
//!
//! The output is the *unprocessed* module: overrides are printed as
//! `override` declarations (with `@id` and default), and override-sized
//! arrays, subgroup-matrix dimensions and `@workgroup_size` refer to them.
//! It is valid WGSL that our front end parses back to an equivalent module,
//! and printing is deterministic, so a second round trip reproduces the
//! first output exactly.
//!
//! Layout of the output: `enable` directives, struct declarations (in type
//! arena order, which is dependency order), overrides, module-scope
//! variables, then functions (callees before callers). Function bodies are
//! reconstructed from the IR's `Emit` ranges: expressions are inlined at
//! their use where that keeps the order of memory accesses and calls, and
//! bound with `let` otherwise.
//!
//! Names are sanitised and made unique; the predeclared builtin result
//! structures (`__frexp_result_f32`, ...) are never declared or spelled.

mod analysis;
mod expr;
mod literal;
mod names;
#[cfg(test)]
mod roundtrip_tests;
mod stmt;
#[cfg(test)]
mod tests;
mod texture;
mod types;

use std::fmt::Write as _;

use crate::diagnostic::{Diagnostic, Error};
use crate::ir::{
    AddressSpace, Binding, Extensions, Module, ShaderStage, TypeInner, WorkgroupSizeDim,
};
use crate::span::Span;

/// Maximum nesting the writer follows (types, expressions, statements)
/// before reporting an error instead of risking the stack.
const MAX_DEPTH: u32 = 512;

fn error(message: impl Into<String>, span: Span) -> Error {
    Diagnostic::error(message, span).into()
}

/// Names chosen for module-scope declarations.
#[derive(Debug, Default)]
struct ModuleNames {
    /// Struct names by type index (`None` for other types and predeclared
    /// structs).
    types: Vec<Option<String>>,
    /// Member names by type index (empty for non-structs).
    members: Vec<Vec<String>>,
    overrides: Vec<String>,
    globals: Vec<String>,
    functions: Vec<String>,
    /// Names of the constants declared with module-scope `const`, by
    /// constant index (see [`literal::named_constants`]).
    constants: Vec<Option<String>>,
}

/// What every part of the writer reads.
struct Ctx<'m> {
    module: &'m Module,
    names: ModuleNames,
}

/// Writes a module as WGSL source. Everything the writer needs is in the
/// module itself (layouts are recomputed with `crate::ir::layout` to decide
/// `@align`/`@size`), so it prints any module: as resolved, or after any
/// pass.
pub fn write(module: &Module) -> Result<String, Error> {
    let mut namer = names::Namer::default();
    let names = choose_module_names(module, &mut namer);
    let ctx = Ctx { module, names };
    let mut out = String::new();

    write_directives(module, &mut out);

    let mut section = String::new();
    for (h, t) in module.types.iter() {
        if matches!(t.inner, TypeInner::Struct { .. }) && !types::is_predeclared_struct(t) {
            ctx.write_struct_decl(h, &mut section)?;
            section.push('\n');
        }
    }
    push_section(&mut out, &section);

    let mut section = String::new();
    for (h, _) in module.constants.iter() {
        if let Some(Some(name)) = ctx.names.constants.get(h.index()) {
            let _ = write!(section, "const {name} = ");
            ctx.write_const_body(h, &mut section)?;
            section.push_str(";\n");
        }
    }
    push_section(&mut out, &section);

    let mut section = String::new();
    for (h, o) in module.overrides.iter() {
        if let Some(id) = o.id {
            let _ = write!(section, "@id({id}) ");
        }
        let _ = write!(
            section,
            "override {}: {}",
            ctx.names.overrides[h.index()],
            ctx.type_string(o.ty)?
        );
        if let Some(init) = o.init {
            section.push_str(" = ");
            ctx.write_global_expr(init, &mut section)?;
        }
        section.push_str(";\n");
    }
    push_section(&mut out, &section);

    let mut section = String::new();
    for (h, g) in module.global_variables.iter() {
        let span = module.global_variables.span(h);
        if let Some(b) = g.binding {
            let _ = write!(section, "@group({}) @binding({}) ", b.group, b.binding);
            if let Some(i) = g.input_attachment_index {
                let _ = write!(section, "@input_attachment_index({i}) ");
            }
        }
        if g.space == AddressSpace::Handle {
            let _ = writeln!(
                section,
                "var {}: {};",
                ctx.names.globals[h.index()],
                ctx.type_string(g.ty)?
            );
            continue;
        }
        let space = match g.space {
            AddressSpace::Storage => format!("storage, {}", g.access.wgsl_name()),
            AddressSpace::Function => {
                return Err(error(
                    "a module-scope variable cannot be in the `function` address space",
                    span,
                ))
            }
            other => types::address_space_name(other, span)?.to_string(),
        };
        let _ = write!(
            section,
            "var<{space}> {}: {}",
            ctx.names.globals[h.index()],
            ctx.type_string(g.ty)?
        );
        if let Some(init) = g.init {
            section.push_str(" = ");
            ctx.write_global_expr(init, &mut section)?;
        }
        section.push_str(";\n");
    }
    push_section(&mut out, &section);

    for (h, f) in module.functions.iter() {
        let entry = module.entry_points.iter().find(|ep| ep.function == h);
        let mut text = String::new();
        if let Some(ep) = entry {
            write_entry_attributes(&ctx, ep, &mut text)?;
        }
        if f.must_use {
            text.push_str("@must_use\n");
        }
        namer.begin_function();
        let arg_names: Vec<String> = f.arguments.iter().map(|a| namer.call(&a.name)).collect();
        let _ = write!(text, "fn {}(", ctx.names.functions[h.index()]);
        for (i, (a, name)) in f.arguments.iter().zip(&arg_names).enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            if let Some(b) = a.binding {
                write_binding(b, &mut text);
                text.push(' ');
            }
            let _ = write!(text, "{name}: {}", ctx.type_string(a.ty)?);
        }
        text.push(')');
        if let Some(r) = &f.result {
            text.push_str(" -> ");
            if let Some(b) = r.binding {
                write_binding(b, &mut text);
                text.push(' ');
            }
            ctx.write_type(r.ty, &mut text)?;
        }
        text.push_str(" {\n");
        let body = stmt::BodyWriter::new(&ctx, f, &mut namer, arg_names)?.finish()?;
        text.push_str(&body);
        text.push_str("}\n");
        push_section(&mut out, &text);
    }
    Ok(out)
}

/// Appends a section, separated from the previous one by a blank line.
fn push_section(out: &mut String, section: &str) {
    if section.is_empty() {
        return;
    }
    if !out.is_empty() && !out.ends_with("\n\n") {
        out.push('\n');
    }
    out.push_str(section.trim_end_matches('\n'));
    out.push('\n');
}

/// `enable` directives, then the module's global `diagnostic(...)`
/// directives. (Filters of attributes apply to source ranges the printed
/// text does not keep; they are not printed.)
fn write_directives(module: &Module, out: &mut String) {
    let mut extensions = module.extensions;
    // Every subgroup-matrix dialect prints in Chromium's spelling, which can
    // say everything the IR holds.
    if extensions.contains(Extensions::WGPU_COOPERATIVE_MATRIX) {
        extensions.remove(Extensions::WGPU_COOPERATIVE_MATRIX);
        extensions |= Extensions::SUBGROUP_MATRIX;
    }
    for (flag, name) in [
        (Extensions::F16, "f16"),
        (Extensions::SUBGROUPS, "subgroups"),
        (
            Extensions::SUBGROUP_MATRIX,
            if extensions.contains(Extensions::SUBGROUP_MATRIX_STANDARD) {
                "subgroup_matrix"
            } else {
                "chromium_experimental_subgroup_matrix"
            },
        ),
        (Extensions::CLIP_DISTANCES, "clip_distances"),
        (Extensions::DUAL_SOURCE_BLENDING, "dual_source_blending"),
        (Extensions::PRIMITIVE_INDEX, "primitive_index"),
        (
            Extensions::BARYCENTRIC_COORD,
            "chromium_experimental_barycentric_coord",
        ),
        (Extensions::ATOMIC_VEC2U_MIN_MAX, "atomic_vec2u_min_max"),
        (
            Extensions::FRAMEBUFFER_FETCH,
            "chromium_experimental_framebuffer_fetch",
        ),
        (
            Extensions::INPUT_ATTACHMENTS,
            "chromium_internal_input_attachments",
        ),
        (
            Extensions::RESOURCE_TABLE,
            "chromium_experimental_resource_table",
        ),
        (Extensions::PIXEL_LOCAL, "chromium_experimental_pixel_local"),
        (
            Extensions::DISABLE_UNIFORMITY_ANALYSIS,
            "chromium_disable_uniformity_analysis",
        ),
        (Extensions::SUBGROUP_SIZE_CONTROL, "subgroup_size_control"),
        (
            Extensions::TESSERA_SUBGROUP_MATRIX,
            "tessera_experimental_subgroup_matrix",
        ),
        (Extensions::TESSERA_BF16, "tessera_experimental_bf16"),
        (
            Extensions::TESSERA_COOPERATIVE_VECTOR,
            "tessera_experimental_cooperative_vector",
        ),
    ] {
        if extensions.contains(flag) {
            let _ = writeln!(out, "enable {name};");
        }
    }
    let texel_buffers = module.types.iter().any(|(_, t)| {
        matches!(
            t.inner,
            crate::ir::TypeInner::Image {
                dim: crate::ir::ImageDimension::Buffer,
                ..
            }
        )
    });
    if texel_buffers {
        let _ = writeln!(out, "requires texel_buffers;");
    }
    // A uniform buffer whose layout needs it, or the source said so: the
    // printed module documents its use as the source did.
    let uniform: Vec<_> = module
        .global_variables
        .iter()
        .filter(|(_, g)| g.space == crate::ir::AddressSpace::Uniform)
        .map(|(_, g)| g.ty)
        .collect();
    let standard_layout = module
        .requires
        .iter()
        .any(|r| r.name == "uniform_buffer_standard_layout")
        || (!uniform.is_empty() && {
            let needs = crate::valid::layout_rules::uniform_standard_layout_types(module);
            uniform
                .iter()
                .any(|ty| needs.get(ty.index()).copied() == Some(true))
        });
    if standard_layout {
        let _ = writeln!(out, "requires uniform_buffer_standard_layout;");
    }
    for f in &module.diagnostic_filters {
        if f.range.is_none() {
            let rule = f.rule.name_in(extensions);
            let _ = writeln!(out, "diagnostic({}, {rule});", f.severity.name());
        }
    }
}

fn choose_module_names(module: &Module, namer: &mut names::Namer) -> ModuleNames {
    let mut names = ModuleNames::default();
    for (h, t) in module.types.iter() {
        let TypeInner::Struct { members, .. } = &t.inner else {
            names.types.push(None);
            names.members.push(Vec::new());
            continue;
        };
        if types::is_predeclared_struct(t) {
            // Predeclared structures keep their members' fixed names.
            names.types.push(None);
            names
                .members
                .push(members.iter().map(|m| m.name.clone()).collect());
            continue;
        }
        let fallback = format!("Struct{}", h.index());
        names
            .types
            .push(Some(namer.call(t.name.as_deref().unwrap_or(&fallback))));
        let mut member_namer = names::Namer::default();
        names
            .members
            .push(members.iter().map(|m| member_namer.call(&m.name)).collect());
    }
    names.overrides = module
        .overrides
        .iter()
        .map(|(_, o)| namer.call(&o.name))
        .collect();
    names.globals = module
        .global_variables
        .iter()
        .map(|(_, g)| namer.call(&g.name))
        .collect();
    names.functions = module
        .functions
        .iter()
        .map(|(_, f)| namer.call(&f.name))
        .collect();
    names.constants = literal::named_constants(module)
        .into_iter()
        .map(|named| named.then(|| namer.call("const_value")))
        .collect();
    names
}

/// Writes `@builtin(...)` or `@location(n)`.
fn write_binding(binding: Binding, out: &mut String) {
    match binding {
        Binding::BuiltIn(b) => {
            if matches!(b, crate::ir::BuiltIn::Position { invariant: true }) {
                out.push_str("@invariant ");
            }
            let _ = write!(out, "@builtin({}", b.wgsl_name());
            match b {
                crate::ir::BuiltIn::FragDepth {
                    condition: crate::ir::DepthCondition::Less,
                } => out.push_str(", less"),
                crate::ir::BuiltIn::FragDepth {
                    condition: crate::ir::DepthCondition::Greater,
                } => out.push_str(", greater"),
                _ => {}
            }
            out.push(')');
        }
        Binding::Location {
            location,
            interpolation,
            sampling,
            blend_src,
        } => {
            let _ = write!(out, "@location({location})");
            if let Some(b) = blend_src {
                let _ = write!(out, " @blend_src({b})");
            }
            match (interpolation, sampling) {
                (Some(i), Some(s)) => {
                    let _ = write!(out, " @interpolate({}, {})", i.wgsl_name(), s.wgsl_name());
                }
                (Some(i), None) => {
                    let _ = write!(out, " @interpolate({})", i.wgsl_name());
                }
                _ => {}
            }
        }
        Binding::Color(n) => {
            let _ = write!(out, "@color({n})");
        }
    }
}

fn write_entry_attributes(
    ctx: &Ctx<'_>,
    ep: &crate::ir::EntryPoint,
    out: &mut String,
) -> Result<(), Error> {
    match ep.stage {
        ShaderStage::Vertex => out.push_str("@vertex\n"),
        ShaderStage::Fragment => out.push_str("@fragment\n"),
        ShaderStage::Compute => {
            out.push_str("@compute @workgroup_size(");
            // Trailing dimensions of 1 are the default and are omitted.
            let mut count = 3;
            while count > 1 && ep.workgroup_size[count - 1] == WorkgroupSizeDim::Constant(1) {
                count -= 1;
            }
            for (i, dim) in ep.workgroup_size[..count].iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match *dim {
                    WorkgroupSizeDim::Constant(n) => {
                        let _ = write!(out, "{n}");
                    }
                    WorkgroupSizeDim::Override(e) => ctx.write_global_expr(e, out)?,
                }
            }
            out.push(')');
            match ep.subgroup_size {
                Some((WorkgroupSizeDim::Constant(n), _)) => {
                    let _ = write!(out, " @subgroup_size({n})");
                }
                Some((WorkgroupSizeDim::Override(e), _)) => {
                    out.push_str(" @subgroup_size(");
                    ctx.write_global_expr(e, out)?;
                    out.push(')');
                }
                None => {}
            }
            out.push('\n');
        }
    }
    Ok(())
}

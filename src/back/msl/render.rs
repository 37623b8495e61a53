//! Vertex and fragment entry points: the stage interface.
//!
//! - Inputs: built-in values become parameters with their attribute
//!   (`[[vertex_id]]`, `[[instance_id]]`, `[[position]]`, `[[front_facing]]`,
//!   `[[sample_id]]`, `[[sample_mask]]`, `[[primitive_id]]`, the simdgroup
//!   ones); user-defined (`@location`) inputs are members of one
//!   `[[stage_in]]` struct, `[[attribute(n)]]` in a vertex function and
//!   `[[user(locN)]]` plus the interpolation qualifier in a fragment
//!   function. The prologue rebuilds each WGSL parameter (an IO struct from
//!   its parts).
//! - Outputs: one struct with `[[position]]` (`[[position, invariant]]`),
//!   `[[user(locN)]]` (vertex), `[[color(N)]]` or `[[color(N), index(I)]]`
//!   (fragment, `@blend_src`), `[[depth(any)]]`, `[[sample_mask]]` and
//!   `float name [[clip_distance]] [N]`; `return v;` fills it
//!   ([`write_return`]).

use std::fmt::Write as _;

use super::context::{err, FnCtx, OutMember, RenderOutput, Writer, R};
use super::value::{cat, put};
use crate::arena::Handle;
use crate::ir::{
    Binding, BuiltIn, DepthCondition, Interpolation, Sampling, ShaderStage, Type, TypeInner,
};

/// What the entry point's signature gets.
pub(super) struct Interface {
    /// `vertex T name` / `fragment T name`.
    pub header: String,
    /// Struct declarations to print before the function.
    pub declarations: String,
}

/// The attribute of a built-in input.
fn input_attribute(b: BuiltIn) -> Option<&'static str> {
    Some(match b {
        BuiltIn::Position { .. } => "position",
        BuiltIn::VertexIndex => "vertex_id",
        BuiltIn::InstanceIndex => "instance_id",
        BuiltIn::FrontFacing => "front_facing",
        BuiltIn::SampleIndex => "sample_id",
        BuiltIn::SampleMask => "sample_mask",
        BuiltIn::PrimitiveIndex => "primitive_id",
        BuiltIn::BarycentricCoord => "barycentric_coord",
        BuiltIn::SubgroupInvocationId => "thread_index_in_simdgroup",
        BuiltIn::SubgroupSize => "threads_per_simdgroup",
        _ => return None,
    })
}

/// Metal's interpolation qualifier of a fragment input.
fn interpolation_attribute(
    interpolation: Option<Interpolation>,
    sampling: Option<Sampling>,
    integer: bool,
) -> &'static str {
    let sampling = sampling.unwrap_or(Sampling::Center);
    match interpolation.unwrap_or(Interpolation::Perspective) {
        _ if integer => "flat",
        Interpolation::Flat => "flat",
        Interpolation::Perspective => match sampling {
            Sampling::Centroid => "centroid_perspective",
            Sampling::Sample => "sample_perspective",
            _ => "center_perspective",
        },
        Interpolation::Linear => match sampling {
            Sampling::Centroid => "centroid_no_perspective",
            Sampling::Sample => "sample_no_perspective",
            _ => "center_no_perspective",
        },
    }
}

/// One bound value of the interface: a parameter or a struct member.
struct Leaf {
    ty: Handle<Type>,
    binding: Binding,
    name: String,
}

/// The bound values of a parameter or result of type `ty` (itself, or the
/// members of an IO struct, with their member index).
fn leaves(
    w: &Writer,
    ty: Handle<Type>,
    binding: Option<Binding>,
    name: &str,
) -> R<Vec<(Option<usize>, Leaf)>> {
    if let Some(binding) = binding {
        return Ok(vec![(
            None,
            Leaf {
                ty,
                binding,
                name: name.to_string(),
            },
        )]);
    }
    let TypeInner::Struct { members, .. } = w.m.inner(ty) else {
        return Err(crate::diagnostic::Error::without_location(
            "entry-point interface value without a binding",
        ));
    };
    let names: &[String] = w.member_names.get(&ty).map_or(&[], |n| n);
    members
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let binding = m.binding.ok_or_else(|| {
                crate::diagnostic::Error::without_location(
                    "entry-point struct member without a binding",
                )
            })?;
            Ok((
                Some(i),
                Leaf {
                    ty: m.ty,
                    binding,
                    name: names.get(i).cloned().unwrap_or_else(|| m.name.clone()),
                },
            ))
        })
        .collect()
}

/// Builds the interface of vertex or fragment entry point `ei`: adds the
/// input parameters to `params`, rebuilds the WGSL parameters in
/// `prologue`, and records the output struct in `cx`.
pub(super) fn interface(
    w: &mut Writer,
    cx: &mut FnCtx,
    ei: usize,
    params: &mut Vec<String>,
    prologue: &mut String,
) -> R<Interface> {
    let ep = w.m.entry_points[ei].clone();
    let f = cx.f;
    let span = w.m.functions.span(ep.function);
    let fname = w.function_names[ep.function.index()].clone();
    let stage = ep.stage;
    let mut declarations = String::new();
    let mut in_members = Vec::new();
    let in_param = w.namer.call("stage_in");
    let mut rebuilt = Vec::new();
    for (i, a) in f.arguments.iter().enumerate() {
        let name = cx.t.arg_names[i].clone();
        let mut parts = Vec::new();
        for (_, leaf) in leaves(w, a.ty, a.binding, &name)? {
            let tn = w.type_name(leaf.ty);
            match leaf.binding {
                Binding::BuiltIn(b) => {
                    let attr = input_attribute(b).ok_or_else(|| {
                        err(
                            format!(
                                "built-in value '{}' is not available as a Metal {} input",
                                b.wgsl_name(),
                                crate::valid::interface::stage_name(stage)
                            ),
                            span,
                        )
                    })?;
                    let pname = if a.binding.is_some() {
                        name.clone()
                    } else {
                        w.namer.call(&format!("{name}_{}", leaf.name))
                    };
                    params.push(cat(&[&tn, " ", &pname, " [[", attr, "]]"]));
                    parts.push(pname);
                }
                Binding::Location {
                    location,
                    interpolation,
                    sampling,
                    ..
                } => {
                    let mname = format!("{}_loc{location}", leaf.name);
                    let attr = if stage == ShaderStage::Vertex {
                        format!("attribute({location})")
                    } else {
                        let integer = w.m.inner(leaf.ty).scalar().is_some_and(|s| s.is_integer());
                        format!(
                            "user(loc{location}), {}",
                            interpolation_attribute(interpolation, sampling, integer)
                        )
                    };
                    in_members.push(cat(&["  ", &tn, " ", &mname, " [[", &attr, "]];"]));
                    parts.push(cat(&[&in_param, ".", &mname]));
                }
                // Framebuffer fetch: Metal reads colour attachment `n` in
                // the stage-in struct.
                Binding::Color(n) => {
                    let mname = format!("{}_color{n}", leaf.name);
                    let attr = format!("color({n})");
                    in_members.push(cat(&["  ", &tn, " ", &mname, " [[", &attr, "]];"]));
                    parts.push(cat(&[&in_param, ".", &mname]));
                }
            }
        }
        if a.binding.is_none() {
            rebuilt.push((i, w.compose(a.ty, &parts)));
        } else if matches!(
            a.binding,
            Some(Binding::Location { .. } | Binding::Color(_))
        ) {
            rebuilt.push((i, parts.concat()));
        }
    }
    if !in_members.is_empty() {
        let sname = w.namer.call(&format!("{fname}_in"));
        let _ = writeln!(declarations, "struct {sname} {{");
        for m in &in_members {
            put(&mut declarations, &[m, "\n"]);
        }
        let _ = writeln!(declarations, "}};");
        params.insert(0, format!("{sname} {in_param} [[stage_in]]"));
    }
    for (i, value) in rebuilt {
        let a = &f.arguments[i];
        let _ = writeln!(
            prologue,
            "  {} {} = {value};",
            w.type_name(a.ty),
            cx.t.arg_names[i]
        );
    }
    let qualifier = match stage {
        ShaderStage::Vertex => "vertex",
        _ => "fragment",
    };
    let Some(result) = &f.result else {
        return Ok(Interface {
            header: format!("{qualifier} void {fname}"),
            declarations,
        });
    };
    let sname = w.namer.call(&format!("{fname}_out"));
    let mut members = Vec::new();
    let _ = writeln!(declarations, "struct {sname} {{");
    for (source, leaf) in leaves(w, result.ty, result.binding, "value")? {
        let tn = w.type_str(leaf.ty);
        let mut array_len = None;
        let decl = match leaf.binding {
            Binding::BuiltIn(b) => match b {
                BuiltIn::Position { invariant } => {
                    let inv = if invariant { ", invariant" } else { "" };
                    format!("{tn} {} [[position{inv}]]", leaf.name)
                }
                BuiltIn::FragDepth { condition } => {
                    let c = match condition {
                        DepthCondition::Any => "any",
                        DepthCondition::Less => "less",
                        DepthCondition::Greater => "greater",
                    };
                    format!("{tn} {} [[depth({c})]]", leaf.name)
                }
                BuiltIn::SampleMask => format!("{tn} {} [[sample_mask]]", leaf.name),
                BuiltIn::ClipDistances => {
                    let n = match w.m.inner(leaf.ty) {
                        TypeInner::Array {
                            size: crate::ir::ArraySize::Constant(n),
                            ..
                        } => *n,
                        _ => 1,
                    };
                    array_len = Some(n);
                    format!("float {} [[clip_distance]] [{n}]", leaf.name)
                }
                _ => {
                    return Err(err(
                        format!(
                            "built-in value '{}' is not available as a Metal {qualifier} output",
                            b.wgsl_name()
                        ),
                        span,
                    ))
                }
            },
            Binding::Location {
                location,
                blend_src,
                ..
            } => match (stage, blend_src) {
                (ShaderStage::Vertex, _) => {
                    format!("{tn} {}_loc{location} [[user(loc{location})]]", leaf.name)
                }
                (_, Some(index)) => format!(
                    "{tn} {}_loc{location}_{index} [[color({location}), index({index})]]",
                    leaf.name
                ),
                (_, None) => format!("{tn} {}_loc{location} [[color({location})]]", leaf.name),
            },
            Binding::Color(_) => {
                return Err(err("@color is not valid on an entry-point output", span))
            }
        };
        let name = decl
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string();
        put(&mut declarations, &["  ", &decl, ";\n"]);
        members.push(OutMember {
            name,
            source,
            array_len,
        });
    }
    let _ = writeln!(declarations, "}};");
    cx.render_output = Some(std::rc::Rc::new(RenderOutput {
        struct_name: sname.clone(),
        result_ty: result.ty,
        members,
        value_name: w.namer.call("result"),
        out_name: w.namer.call("output"),
    }));
    Ok(Interface {
        header: format!("{qualifier} {sname} {fname}"),
        declarations,
    })
}

/// Writes `return value;` of a vertex or fragment entry point: fills its
/// output struct and returns it.
pub(super) fn write_return(w: &Writer, cx: &mut FnCtx, value: &str) -> R<()> {
    let Some(out) = cx.render_output.clone() else {
        return Ok(());
    };
    let names: &[String] = w.member_names.get(&out.result_ty).map_or(&[], |n| n);
    cx.push_line("{");
    cx.indent += 1;
    let tn = w.type_str(out.result_ty);
    put(cx.line(), &[&tn, " ", &out.value_name, " = ", value, ";\n"]);
    put(
        cx.line(),
        &[&out.struct_name, " ", &out.out_name, " = {};\n"],
    );
    for m in &out.members {
        let (dot, member) = match m.source {
            Some(i) => (".", names.get(i).map_or("", |n| n.as_str())),
            None => ("", ""),
        };
        let src = [&out.value_name, dot, member];
        let line = cx.line();
        match m.array_len {
            Some(n) => {
                let _ = write!(line, "for (int i = 0; i < {n}; i++) {{ ");
                put(line, &[&out.out_name, ".", &m.name, "[i] = "]);
                put(line, &src);
                line.push_str(".inner[i]; }\n");
            }
            None => {
                put(line, &[&out.out_name, ".", &m.name, " = "]);
                put(line, &src);
                line.push_str(";\n");
            }
        }
    }
    put(cx.line(), &["return ", &out.out_name, ";\n"]);
    cx.indent -= 1;
    cx.push_line("}");
    Ok(())
}

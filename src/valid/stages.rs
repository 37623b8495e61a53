//! Stage restrictions: builtins, address spaces and subgroup matrices that
//! a vertex or fragment entry point (or anything it calls) may not use.

use crate::diagnostic::Diagnostic;
use crate::ir::{Access, AddressSpace, EntryPoint, Module, ShaderStage};

use super::call_graph::{FunctionFacts, Reachable};
use super::interface::stage_name;

/// Checks the functions reachable from `ep` against its stage.
pub fn check_stage(
    module: &Module,
    ep: &EntryPoint,
    all: &[FunctionFacts],
    reach: &Reachable,
    diags: &mut Vec<Diagnostic>,
) {
    let stage = ep.stage;
    let sname = stage_name(stage);
    for &f in &reach.functions {
        let Some(facts) = all.get(f) else { continue };
        for use_ in &facts.stage_uses {
            if !use_.stages.allows(stage) {
                let what = if use_.name == "discard" {
                    "a 'discard' statement".to_string()
                } else {
                    format!("built-in '{}'", use_.name)
                };
                let d = Diagnostic::error(
                    format!("{what} cannot be used in the {sname} pipeline stage"),
                    use_.span,
                )
                .with_note(format!("'{}' is a {sname} entry point", ep.name));
                diags.push(reach.add_chain(module, f, d));
            }
        }
        if stage != ShaderStage::Compute {
            if let Some(span) = facts.matrix_use {
                let d = Diagnostic::error(
                    format!("subgroup matrix type cannot be used in the {sname} pipeline stage"),
                    span,
                )
                .with_note(format!("'{}' is a {sname} entry point", ep.name));
                diags.push(reach.add_chain(module, f, d));
            }
        }
        for &(g, span) in &facts.globals {
            let Some(var) = module.global_variables.try_get(g) else {
                continue;
            };
            let bad = match var.space {
                AddressSpace::Workgroup => stage != ShaderStage::Compute,
                AddressSpace::PixelLocal => stage != ShaderStage::Fragment,
                AddressSpace::Storage => stage == ShaderStage::Vertex && var.access != Access::Read,
                _ => false,
            };
            if bad {
                let what = if var.space == AddressSpace::Workgroup {
                    format!("workgroup variable '{}'", var.name)
                } else if var.space == AddressSpace::PixelLocal {
                    format!("pixel_local variable '{}'", var.name)
                } else {
                    format!(
                        "storage buffer '{}' with access mode '{}'",
                        var.name,
                        var.access.wgsl_name()
                    )
                };
                let d = Diagnostic::error(
                    format!("{what} cannot be used in the {sname} pipeline stage"),
                    span,
                )
                .with_label(module.global_variables.span(g), "declared here");
                diags.push(reach.add_chain(module, f, d));
            }
        }
    }
}

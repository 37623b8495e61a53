//! Binding points of the parts `texture_external` is lowered to.
//!
//! The `external-texture` pass (`passes::external_texture`) replaces each
//! `texture_external` variable at `(g, b)` by plane 0 (`texture_2d<f32>`
//! at `(g, b)`), plane 1 (`texture_2d<f32>`) and a uniform buffer of
//! parameters. Where plane 1 and the parameters go is a pipeline option
//! ([`super::PipelineOptions::external_textures`]); this module checks the
//! given binding points and picks deterministic ones for the external
//! textures the option does not mention, so the reflection can tell the
//! embedder what to bind.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{GlobalVariable, ImageClass, Module, ResourceBinding, TypeInner};
use crate::valid::ModuleInfo;

pub use super::options::ExternalTextureBindings;

/// Size in bytes of the parameters uniform buffer.
pub const EXTERNAL_TEXTURE_PARAMS_SIZE: u64 = 272;

/// The binding points of one lowered external texture, for the embedder.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExternalTextureReflection {
    /// The `texture_external` variable's name.
    pub name: String,
    /// Plane 0: the variable's own `@group`/`@binding`.
    pub plane0: ResourceBinding,
    /// Plane 1 and the parameters buffer.
    pub bindings: ExternalTextureBindings,
    /// Whether tessera chose `bindings` (the option had no entry for
    /// `plane0`) rather than taking them from
    /// [`super::PipelineOptions::external_textures`].
    pub defaulted: bool,
}

/// The binding points of every `texture_external` variable of the
/// module, in declaration order.
pub type Assignments = Vec<(Handle<GlobalVariable>, ExternalTextureReflection)>;

/// Whether `var` is a `texture_external` variable.
pub fn is_external(module: &Module, var: &GlobalVariable) -> bool {
    matches!(
        module.types.try_get(var.ty).map(|t| &t.inner),
        Some(TypeInner::Image {
            class: ImageClass::External,
            ..
        })
    )
}

fn show(b: ResourceBinding) -> String {
    format!("@group({}) @binding({})", b.group, b.binding)
}

/// Assigns plane 1 and parameter binding points to every external texture
/// variable: those `given` (keyed by the variable's binding point), and,
/// for the others, the next binding numbers of the variable's group after
/// the highest one any variable (or given binding) of the module uses.
///
/// A given binding point must differ from the other's and from every
/// binding point another resource used by the same chosen entry point has
/// (reported at the external texture's declaration).
pub fn assign(
    module: &Module,
    info: Option<&ModuleInfo>,
    chosen: &[usize],
    given: &BTreeMap<ResourceBinding, ExternalTextureBindings>,
    diags: &mut Vec<Diagnostic>,
) -> Assignments {
    let externals: Vec<(Handle<GlobalVariable>, ResourceBinding)> = module
        .global_variables
        .iter()
        .filter(|(_, v)| is_external(module, v))
        .filter_map(|(h, v)| Some((h, v.binding?)))
        .collect();
    if externals.is_empty() {
        return Vec::new();
    }
    // The highest binding number used per group.
    let mut highest: BTreeMap<u32, u32> = BTreeMap::new();
    let mut note = |b: ResourceBinding| {
        let slot = highest.entry(b.group).or_insert(b.binding);
        *slot = (*slot).max(b.binding);
    };
    for (_, v) in module.global_variables.iter() {
        if let Some(b) = v.binding {
            note(b);
        }
    }
    for (&at, g) in given {
        if externals.iter().any(|&(_, b)| b == at) {
            note(g.plane1);
            note(g.params);
        }
    }
    let mut out = Vec::with_capacity(externals.len());
    for (h, plane0) in externals {
        let name = module.global_variables[h].name.clone();
        let (bindings, defaulted) = match given.get(&plane0) {
            Some(&b) => (b, false),
            None => {
                let next = highest.get(&plane0.group).copied().unwrap_or(0);
                let (Some(plane1), Some(params)) = (next.checked_add(1), next.checked_add(2))
                else {
                    diags.push(
                        Diagnostic::error(
                            format!(
                                "no binding numbers are left in group {} for plane 1 and the parameters of external texture '{name}'",
                                plane0.group
                            ),
                            module.global_variables.span(h),
                        )
                        .with_note("give them binding points with the external-texture bindings option"),
                    );
                    continue;
                };
                highest.insert(plane0.group, params);
                let at = |binding| ResourceBinding {
                    group: plane0.group,
                    binding,
                };
                (
                    ExternalTextureBindings {
                        plane1: at(plane1),
                        params: at(params),
                    },
                    true,
                )
            }
        };
        out.push((
            h,
            ExternalTextureReflection {
                name,
                plane0,
                bindings,
                defaulted,
            },
        ));
    }
    check_given(module, info, chosen, &out, diags);
    out
}

/// Reports given binding points that collide with another resource of an
/// entry point that uses the external texture.
fn check_given(
    module: &Module,
    info: Option<&ModuleInfo>,
    chosen: &[usize],
    assigned: &Assignments,
    diags: &mut Vec<Diagnostic>,
) {
    let of: FxHashMap<Handle<GlobalVariable>, &ExternalTextureReflection> =
        assigned.iter().map(|(h, r)| (*h, r)).collect();
    for (h, r) in assigned {
        if r.defaulted {
            continue;
        }
        let span = module.global_variables.span(*h);
        let parts = [
            ("plane 1", r.bindings.plane1),
            ("the parameters buffer", r.bindings.params),
        ];
        if r.bindings.plane1 == r.bindings.params {
            diags.push(
                Diagnostic::error(
                    format!(
                        "plane 1 and the parameters buffer of external texture '{}' are both given {}",
                        r.name,
                        show(r.bindings.plane1)
                    ),
                    span,
                )
                .with_note("give them different binding points in the external-texture bindings option"),
            );
            continue;
        }
        // The resources that share an entry point with the texture (all
        // of the module's when the validator's facts are not given).
        let mut others: Vec<Handle<GlobalVariable>> = Vec::new();
        match info {
            Some(info) => {
                for &i in chosen {
                    let Some(epi) = info.entry_points.get(i) else {
                        continue;
                    };
                    if !epi.globals.contains(&h.index()) {
                        continue;
                    }
                    for &g in &epi.globals {
                        let g = Handle::from_index(g);
                        if g != *h && !others.contains(&g) {
                            others.push(g);
                        }
                    }
                }
            }
            None => others.extend(
                module
                    .global_variables
                    .iter()
                    .map(|(g, _)| g)
                    .filter(|g| g != h),
            ),
        }
        others.sort();
        'parts: for (what, at) in parts {
            let mut taken_by: Option<(Handle<GlobalVariable>, String)> = None;
            if at == r.plane0 {
                taken_by = Some((*h, format!("'{}' itself (plane 0)", r.name)));
            }
            for &g in &others {
                if taken_by.is_some() {
                    break;
                }
                let Some(var) = module.global_variables.try_get(g) else {
                    continue;
                };
                if var.binding == Some(at) {
                    taken_by = Some((g, format!("'{}'", var.name)));
                } else if let Some(o) = of.get(&g) {
                    if o.bindings.plane1 == at {
                        taken_by = Some((g, format!("plane 1 of external texture '{}'", o.name)));
                    } else if o.bindings.params == at {
                        taken_by = Some((
                            g,
                            format!("the parameters buffer of external texture '{}'", o.name),
                        ));
                    }
                }
            }
            let Some((g, by)) = taken_by else {
                continue 'parts;
            };
            let mut d = Diagnostic::error(
                format!(
                    "{} given for {what} of external texture '{}' is already used by {by}",
                    show(at),
                    r.name
                ),
                span,
            )
            .with_span_label("external texture declared here")
            .with_note("external-texture bindings must not collide with the bindings of the resources an entry point uses");
            if g != *h {
                d = d.with_label(module.global_variables.span(g), "that binding is used here");
            }
            diags.push(d);
        }
    }
}

/// The reflection of the parameters buffer of an external texture (listed
/// with the entry point's buffers).
pub(crate) fn params_binding(e: &ExternalTextureReflection) -> super::BindingReflection {
    super::BindingReflection {
        group: e.bindings.params.group,
        binding: e.bindings.params.binding,
        name: format!("{}_params", e.name),
        type_name: "ExternalTextureParams".to_string(),
        space: crate::ir::AddressSpace::Uniform,
        access: crate::ir::Access::Read,
        min_binding_size: EXTERNAL_TEXTURE_PARAMS_SIZE,
        subgroup_matrix_min_size: None,
        layout: super::HostLayout::words((EXTERNAL_TEXTURE_PARAMS_SIZE / 4) as u32),
        uniform_standard_layout: false,
    }
}

/// The external textures among `globals` (indices of global variables,
/// as in the validator's entry-point facts), for an entry point's
/// reflection.
pub fn entry_reflection(
    assigned: &Assignments,
    globals: &[usize],
) -> Vec<ExternalTextureReflection> {
    assigned
        .iter()
        .filter(|(h, _)| globals.contains(&h.index()))
        .map(|(_, r)| r.clone())
        .collect()
}

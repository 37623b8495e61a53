//! IO attributes (`@builtin`, `@location`, `@interpolate`, `@invariant`,
//! `@blend_src`, and `@color` of `chromium_experimental_framebuffer_fetch`) of entry-point parameters, results and structure members.
//!
//! What can be decided from the declaration alone is checked here, with the
//! attribute's span: the attribute combinations, the argument values, the
//! builtin value's type and required extension, the `@interpolate` rules of
//! the spec's "Interpolation" section that do not depend on the direction,
//! and (for structures, [`Resolver::check_struct_locations`]) the "locations
//! in structs" rules including dual-source blending. Stage and direction
//! rules (which builtin in which stage, `flat` required on integer vertex
//! outputs and fragment inputs, `@blend_src` only on fragment outputs) are
//! the validator's (`valid::interface`), since a structure may be used by
//! several entry points.

use super::super::ast::Attribute;
use super::{err, Res, Resolver};
use crate::arena::Handle;
use crate::ir::{
    ArraySize, Binding, BuiltIn, DepthCondition, Extensions, Interpolation, Sampling, Scalar,
    StructMember, Type, TypeInner, VectorSize,
};

/// Whether `name` is an IO attribute.
pub(super) fn is_io_attribute(name: &str) -> bool {
    matches!(
        name,
        "builtin" | "location" | "interpolate" | "invariant" | "blend_src" | "color"
    )
}

/// The expected type of a builtin value, as a predicate plus its spelling.
enum Want {
    Inner(TypeInner),
    ClipDistances,
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// Resolves the IO attributes `attrs` (all of them IO attributes, see
    /// [`is_io_attribute`]) of a value of type `ty`; `member` is true for a
    /// structure member (the only place `@blend_src` is allowed).
    pub(crate) fn io_binding(
        &mut self,
        attrs: &[&Attribute<'a>],
        ty: Handle<Type>,
        member: bool,
    ) -> Res<Option<Binding>> {
        let mut seen: [Option<&Attribute<'a>>; 6] = [None; 6];
        for &a in attrs {
            let i = match a.name.name {
                "builtin" => 0,
                "location" => 1,
                "interpolate" => 2,
                "invariant" => 3,
                "color" => 5,
                _ => 4,
            };
            if seen[i].is_some() {
                return err(format!("duplicate @{} attribute", a.name.name), a.span);
            }
            seen[i] = Some(a);
        }
        let [builtin, location, interpolate, invariant, blend_src, color] = seen;
        if let Some(c) = color {
            let rest = [interpolate, invariant, blend_src];
            return self
                .color_binding(c, builtin.or(location), rest, ty)
                .map(Some);
        }
        if let (Some(_), Some(l)) = (builtin, location) {
            return err(
                "@location cannot be used together with @builtin on the same declaration",
                l.span,
            );
        }
        if let Some(a) = builtin {
            let b = self.builtin_value(a, ty)?;
            if let Some(i) = interpolate {
                return err(
                    "@interpolate can only be applied to a declaration with a @location attribute",
                    i.span,
                );
            }
            if let Some(bs) = blend_src {
                return err(
                    "@blend_src can only be applied to a declaration with a @location attribute",
                    bs.span,
                );
            }
            return match (b, invariant) {
                (BuiltIn::Position { .. }, Some(inv)) => {
                    if !inv.args.is_empty() {
                        return err("@invariant takes no arguments", inv.span);
                    }
                    Ok(Some(Binding::BuiltIn(BuiltIn::Position {
                        invariant: true,
                    })))
                }
                (_, Some(inv)) => err(
                    "@invariant can only be applied to the 'position' builtin value",
                    inv.span,
                ),
                (b, None) => Ok(Some(Binding::BuiltIn(b))),
            };
        }
        let Some(loc) = location else {
            if let Some(a) = invariant {
                return err(
                    "@invariant can only be applied to the 'position' builtin value",
                    a.span,
                );
            }
            if let Some(a) = interpolate {
                return err(
                    "@interpolate can only be applied to a declaration with a @location attribute",
                    a.span,
                );
            }
            if let Some(a) = blend_src {
                return err(
                    "@blend_src can only be applied to a declaration with a @location attribute",
                    a.span,
                );
            }
            return Ok(None);
        };
        if let Some(a) = invariant {
            return err(
                "@invariant can only be applied to the 'position' builtin value",
                a.span,
            );
        }
        let location = self.attr_u32(loc)?;
        let scalar = match *self.module.inner(ty) {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. }
                if matches!(s, Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16) =>
            {
                s
            }
            _ => {
                return err(
                    format!(
                        "@location can only be applied to a numeric scalar or vector, not '{}'",
                        self.type_name(ty)
                    ),
                    loc.span,
                )
            }
        };
        let (interpolation, sampling) = match interpolate {
            Some(a) => self.interpolate_attr(a, scalar)?,
            None => (None, None),
        };
        let blend_src = match blend_src {
            None => None,
            Some(a) => {
                if !self
                    .module
                    .extensions
                    .contains(Extensions::DUAL_SOURCE_BLENDING)
                {
                    return err(
                        "@blend_src requires enabling extension 'dual_source_blending'",
                        a.name.span,
                    );
                }
                if !member {
                    return err(
                        "@blend_src can only be applied to a structure member",
                        a.span,
                    );
                }
                let n = self.attr_u32(a)?;
                if n > 1 {
                    return err(
                        format!("@blend_src value must be 0 or 1, found {n}"),
                        a.span,
                    );
                }
                Some(n)
            }
        };
        Ok(Some(Binding::Location {
            location,
            interpolation,
            sampling,
            blend_src,
        }))
    }

    /// `@color(n)` (`chromium_experimental_framebuffer_fetch`) on a value of
    /// type `ty`; `other` is a `@builtin` or `@location` on the same
    /// declaration; `rest` its `@interpolate`, `@invariant` and
    /// `@blend_src`, which need a `@location` (or `@builtin(position)`).
    fn color_binding(
        &mut self,
        c: &Attribute<'a>,
        other: Option<&Attribute<'a>>,
        rest: [Option<&Attribute<'a>>; 3],
        ty: Handle<Type>,
    ) -> Res<Binding> {
        if !self
            .module
            .extensions
            .contains(Extensions::FRAMEBUFFER_FETCH)
        {
            return err(
                "use of '@color' requires enabling extension 'chromium_experimental_framebuffer_fetch'",
                c.span,
            );
        }
        if let Some(o) = other {
            return err(
                format!(
                    "@color cannot be used together with @{} on the same declaration",
                    o.name.name
                ),
                c.span,
            );
        }
        let [interpolate, invariant, blend_src] = rest;
        if let Some(a) = invariant {
            return err(
                "@invariant can only be applied to the 'position' builtin value",
                a.span,
            );
        }
        if let Some(a) = interpolate.or(blend_src) {
            return err(
                format!(
                    "@{} can only be applied to a declaration with a @location attribute",
                    a.name.name
                ),
                a.span,
            );
        }
        let n = self.attr_u32(c)?;
        let numeric = matches!(
            *self.module.inner(ty),
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. }
                if matches!(s, Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16)
        );
        if !numeric {
            return Err(Box::new(
                crate::diagnostic::Diagnostic::error(
                    format!(
                        "cannot apply '@color' to declaration of type '{}'",
                        self.type_name(ty)
                    ),
                    c.span,
                )
                .with_note(
                    "'@color' must only be applied to declarations of numeric scalar or numeric vector type",
                ),
            ));
        }
        Ok(Binding::Color(n))
    }

    /// `@interpolate(type[, sampling])` on a value of component type `scalar`.
    fn interpolate_attr(
        &mut self,
        a: &Attribute<'a>,
        scalar: Scalar,
    ) -> Res<(Option<Interpolation>, Option<Sampling>)> {
        let (t, s) = match self.list(a.args)[..] {
            [t] => (t, None),
            [t, s] => (t, Some(s)),
            _ => return err("@interpolate requires one or two arguments", a.span),
        };
        let tname = self.enumerant(t)?;
        let interpolation = match tname {
            "perspective" => Interpolation::Perspective,
            "linear" => Interpolation::Linear,
            "flat" => Interpolation::Flat,
            _ => {
                return Err(Box::new(
                    crate::diagnostic::Diagnostic::error(
                        format!("unknown interpolation type '{tname}'"),
                        self.span(t),
                    )
                    .with_closest(tname, ["perspective", "linear", "flat"]),
                ))
            }
        };
        let sampling = match s {
            None => None,
            Some(s) => {
                let sname = self.enumerant(s)?;
                let sampling = match sname {
                    "center" => Sampling::Center,
                    "centroid" => Sampling::Centroid,
                    "sample" => Sampling::Sample,
                    "first" => Sampling::First,
                    "either" => Sampling::Either,
                    _ => {
                        return Err(Box::new(
                            crate::diagnostic::Diagnostic::error(
                                format!("unknown interpolation sampling '{sname}'"),
                                self.span(s),
                            )
                            .with_closest(
                                sname,
                                ["center", "centroid", "sample", "first", "either"],
                            ),
                        ))
                    }
                };
                let flat_sampling = matches!(sampling, Sampling::First | Sampling::Either);
                if (interpolation == Interpolation::Flat) != flat_sampling {
                    let allowed = if interpolation == Interpolation::Flat {
                        "'first' or 'either'"
                    } else {
                        "'center', 'centroid' or 'sample'"
                    };
                    return err(
                        format!(
                            "interpolation sampling '{sname}' cannot be used with interpolation type '{tname}' (expected {allowed})"
                        ),
                        self.span(s),
                    );
                }
                Some(sampling)
            }
        };
        if matches!(scalar, Scalar::I32 | Scalar::U32) && interpolation != Interpolation::Flat {
            return err(
                format!("interpolation type must be 'flat' for integral user-defined IO, found '{tname}'"),
                self.span(t),
            );
        }
        Ok((Some(interpolation), sampling))
    }

    /// `@builtin(name)` on a value of type `ty`.
    fn builtin_value(&mut self, a: &Attribute<'a>, ty: Handle<Type>) -> Res<BuiltIn> {
        let (e, condition) = match self.list(a.args) {
            [e] => (*e, None),
            [e, c] => (*e, Some(*c)),
            _ => return err("@builtin requires exactly one argument", a.span),
        };
        let name = self.enumerant(e)?;
        let span = self.span(e);
        // `@builtin(frag_depth, less|greater)`: the `fragment_depth`
        // language feature.
        let condition = match condition {
            None => DepthCondition::Any,
            Some(c) if name == "frag_depth" => match self.enumerant(c)? {
                "less" => DepthCondition::Less,
                "greater" => DepthCondition::Greater,
                other => {
                    return err(
                        format!("unknown depth condition '{other}': expected 'less' or 'greater'"),
                        self.span(c),
                    )
                }
            },
            Some(c) => {
                return err(
                    format!("@builtin({name}) takes no second argument (only frag_depth does)"),
                    self.span(c),
                )
            }
        };
        let u32_ = Want::Inner(TypeInner::Scalar(Scalar::U32));
        let vec3u = Want::Inner(TypeInner::Vector {
            size: VectorSize::Tri,
            scalar: Scalar::U32,
        });
        let (b, expected, ext) = match name {
            "local_invocation_id" => (BuiltIn::LocalInvocationId, vec3u, None),
            "local_invocation_index" => (BuiltIn::LocalInvocationIndex, u32_, None),
            "global_invocation_id" => (BuiltIn::GlobalInvocationId, vec3u, None),
            "workgroup_id" => (BuiltIn::WorkgroupId, vec3u, None),
            "num_workgroups" => (BuiltIn::NumWorkgroups, vec3u, None),
            "subgroup_invocation_id" => (
                BuiltIn::SubgroupInvocationId,
                u32_,
                Some((Extensions::SUBGROUPS, "subgroups")),
            ),
            "subgroup_size" => (
                BuiltIn::SubgroupSize,
                u32_,
                Some((Extensions::SUBGROUPS, "subgroups")),
            ),
            "subgroup_id" => (
                BuiltIn::SubgroupId,
                u32_,
                Some((Extensions::SUBGROUPS, "subgroups")),
            ),
            "num_subgroups" => (
                BuiltIn::NumSubgroups,
                u32_,
                Some((Extensions::SUBGROUPS, "subgroups")),
            ),
            "position" => (
                BuiltIn::Position { invariant: false },
                Want::Inner(TypeInner::Vector {
                    size: VectorSize::Quad,
                    scalar: Scalar::F32,
                }),
                None,
            ),
            "vertex_index" => (BuiltIn::VertexIndex, u32_, None),
            "instance_index" => (BuiltIn::InstanceIndex, u32_, None),
            "front_facing" => (
                BuiltIn::FrontFacing,
                Want::Inner(TypeInner::Scalar(Scalar::Bool)),
                None,
            ),
            "frag_depth" => (
                BuiltIn::FragDepth { condition },
                Want::Inner(TypeInner::Scalar(Scalar::F32)),
                None,
            ),
            "sample_index" => (BuiltIn::SampleIndex, u32_, None),
            "sample_mask" => (BuiltIn::SampleMask, u32_, None),
            "clip_distances" => (
                BuiltIn::ClipDistances,
                Want::ClipDistances,
                Some((Extensions::CLIP_DISTANCES, "clip_distances")),
            ),
            "primitive_index" => (
                BuiltIn::PrimitiveIndex,
                u32_,
                Some((Extensions::PRIMITIVE_INDEX, "primitive_index")),
            ),
            "barycentric_coord" => (
                BuiltIn::BarycentricCoord,
                Want::Inner(TypeInner::Vector {
                    size: VectorSize::Tri,
                    scalar: Scalar::F32,
                }),
                Some((
                    Extensions::BARYCENTRIC_COORD,
                    "chromium_experimental_barycentric_coord",
                )),
            ),
            _ => {
                return Err(Box::new(
                    crate::diagnostic::Diagnostic::error(
                        format!("unknown builtin value '{name}'"),
                        span,
                    )
                    .with_closest(name, super::suggest::BUILTIN_VALUES.iter().copied()),
                ))
            }
        };
        if let Some((ext, ext_name)) = ext {
            if !self.module.extensions.contains(ext) {
                return err(
                    format!("@builtin({name}) requires enabling extension '{ext_name}'"),
                    span,
                );
            }
        }
        let ok = match &expected {
            Want::Inner(inner) => self.module.inner(ty) == inner,
            Want::ClipDistances => match *self.module.inner(ty) {
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(n),
                    ..
                } => {
                    (1..=8).contains(&n)
                        && *self.module.inner(base) == TypeInner::Scalar(Scalar::F32)
                }
                _ => false,
            },
        };
        if !ok {
            let want = match expected {
                Want::Inner(inner) => {
                    let h = self.module.intern(inner);
                    format!("'{}'", self.type_name(h))
                }
                Want::ClipDistances => "'array<f32, N>' with N at most 8".to_string(),
            };
            return err(
                format!(
                    "@builtin({name}) must be of type {want}, found '{}'",
                    self.type_name(ty)
                ),
                a.span,
            );
        }
        Ok(b)
    }

    /// The spec's "locations in structs" rules for a structure's members
    /// (`spans`: each member's `@location` attribute span, if any).
    pub(crate) fn check_struct_locations(
        &self,
        members: &[StructMember],
        spans: &[Option<crate::span::Span>],
    ) -> Res<()> {
        let located: Vec<(usize, u32, Option<u32>)> = members
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match m.binding {
                Some(Binding::Location {
                    location,
                    blend_src,
                    ..
                }) => Some((i, location, blend_src)),
                _ => None,
            })
            .collect();
        let span_of = |i: usize| spans.get(i).copied().flatten().unwrap_or_default();
        if let Some(&(i, ..)) = located.iter().find(|(_, _, b)| b.is_some()) {
            let pattern = located.len() == 2
                && located.iter().all(|&(_, l, _)| l == 0)
                && located.iter().any(|&(_, _, b)| b == Some(0))
                && located.iter().any(|&(_, _, b)| b == Some(1));
            if !pattern {
                return err(
                    "a structure using @blend_src must have exactly two members with @location, '@location(0) @blend_src(0)' and '@location(0) @blend_src(1)'",
                    span_of(i),
                );
            }
            let (a, b) = (located[0].0, located[1].0);
            if members[a].ty != members[b].ty {
                return err(
                    "the members with @blend_src must have the same type",
                    span_of(b),
                );
            }
            return Ok(());
        }
        for (k, &(i, l, _)) in located.iter().enumerate() {
            if let Some(&(first, ..)) = located[..k].iter().find(|&&(_, l2, _)| l2 == l) {
                return Err(Box::new(
                    crate::diagnostic::Diagnostic::error(
                        format!("@location({l}) is used by more than one structure member"),
                        span_of(i),
                    )
                    .with_label(span_of(first), "first used here"),
                ));
            }
        }
        Ok(())
    }
}

//! Entry-point interfaces: built-in values (stage, direction, type),
//! duplicated bindings, user-defined IO, and `@workgroup_size`.

use std::collections::HashMap;

use crate::arena::Handle;
use crate::diagnostic::Diagnostic;
use crate::ir::{
    Binding, BuiltIn, EntryPoint, Extensions, Module, Scalar, ShaderStage, Type, TypeInner,
    VectorSize, WorkgroupSizeDim,
};
use crate::span::Span;

use super::type_facts::type_name;

/// The WGSL name of a stage.
pub fn stage_name(stage: ShaderStage) -> &'static str {
    match stage {
        ShaderStage::Vertex => "vertex",
        ShaderStage::Fragment => "fragment",
        ShaderStage::Compute => "compute",
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    U32,
    Vec3U32,
    Vec3F32,
    Vec4F32,
    F32,
    Bool,
    F32Array,
}

/// (stage, is_input) pairs where a builtin is allowed, and its type.
fn builtin_rule(b: BuiltIn) -> (&'static [(ShaderStage, bool)], Ty) {
    use ShaderStage::{Compute as C, Fragment as F, Vertex as V};
    match b {
        BuiltIn::Position { .. } => (&[(V, false), (F, true)], Ty::Vec4F32),
        BuiltIn::VertexIndex | BuiltIn::InstanceIndex => (&[(V, true)], Ty::U32),
        BuiltIn::FrontFacing => (&[(F, true)], Ty::Bool),
        BuiltIn::FragDepth { .. } => (&[(F, false)], Ty::F32),
        BuiltIn::SampleIndex | BuiltIn::PrimitiveIndex => (&[(F, true)], Ty::U32),
        BuiltIn::BarycentricCoord => (&[(F, true)], Ty::Vec3F32),
        BuiltIn::SampleMask => (&[(F, true), (F, false)], Ty::U32),
        BuiltIn::ClipDistances => (&[(V, false)], Ty::F32Array),
        BuiltIn::LocalInvocationId
        | BuiltIn::GlobalInvocationId
        | BuiltIn::WorkgroupId
        | BuiltIn::NumWorkgroups => (&[(C, true)], Ty::Vec3U32),
        BuiltIn::LocalInvocationIndex => (&[(C, true)], Ty::U32),
        BuiltIn::SubgroupInvocationId | BuiltIn::SubgroupSize => (&[(C, true), (F, true)], Ty::U32),
        BuiltIn::SubgroupId | BuiltIn::NumSubgroups => (&[(C, true)], Ty::U32),
    }
}

fn type_matches(module: &Module, ty: Handle<Type>, want: Ty) -> bool {
    let Some(t) = module.types.try_get(ty) else {
        return false;
    };
    match (want, &t.inner) {
        (Ty::U32, TypeInner::Scalar(Scalar::U32)) => true,
        (Ty::F32, TypeInner::Scalar(Scalar::F32)) => true,
        (Ty::Bool, TypeInner::Scalar(Scalar::Bool)) => true,
        (
            Ty::Vec3U32,
            TypeInner::Vector {
                size: VectorSize::Tri,
                scalar: Scalar::U32,
            },
        ) => true,
        (
            Ty::Vec3F32,
            TypeInner::Vector {
                size: VectorSize::Tri,
                scalar: Scalar::F32,
            },
        ) => true,
        (
            Ty::Vec4F32,
            TypeInner::Vector {
                size: VectorSize::Quad,
                scalar: Scalar::F32,
            },
        ) => true,
        (Ty::F32Array, TypeInner::Array { base, size, .. }) => {
            matches!(size, crate::ir::ArraySize::Constant(1..=8))
                && matches!(
                    module.types.try_get(*base).map(|t| &t.inner),
                    Some(TypeInner::Scalar(Scalar::F32))
                )
        }
        _ => false,
    }
}

fn ty_spelling(t: Ty) -> &'static str {
    match t {
        Ty::U32 => "u32",
        Ty::Vec3U32 => "vec3<u32>",
        Ty::Vec3F32 => "vec3<f32>",
        Ty::Vec4F32 => "vec4<f32>",
        Ty::F32 => "f32",
        Ty::Bool => "bool",
        Ty::F32Array => "array<f32, N> (N <= 8)",
    }
}

/// An entry point's IO item as messages name it; spelt out only when a
/// message is made.
#[derive(Clone, Copy)]
enum What<'a> {
    /// `parameter 'name'`
    Parameter(&'a str),
    /// `member 'name'`
    Member(&'a str),
    /// `the return value`
    Return,
}

impl std::fmt::Display for What<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            What::Parameter(name) => write!(f, "parameter '{name}'"),
            What::Member(name) => write!(f, "member '{name}'"),
            What::Return => f.write_str("the return value"),
        }
    }
}

struct IoChecker<'a> {
    module: &'a Module,
    stage: ShaderStage,
    ep_name: &'a str,
    span: Span,
    seen_builtins: [HashMap<BuiltIn, What<'a>>; 2],
    /// Locations are numbers the shader chooses: a keyed hash keeps them
    /// from being made to collide.
    seen_locations: [HashMap<(u32, Option<u32>), What<'a>>; 2],
    /// `@color(N)` inputs (framebuffer fetch).
    seen_colors: HashMap<u32, What<'a>>,
    has_position_output: bool,
    diags: &'a mut Vec<Diagnostic>,
}

impl<'a> IoChecker<'a> {
    /// Checks one IO item (a parameter, the result, or a struct member).
    fn item(&mut self, what: What<'a>, ty: Handle<Type>, binding: Option<Binding>, input: bool) {
        let dir = if input { "input" } else { "output" };
        let stage = stage_name(self.stage);
        match binding {
            None => {
                // An IO struct: every member must be bound (one level only).
                if let Some(TypeInner::Struct { members, .. }) =
                    self.module.types.try_get(ty).map(|t| &t.inner)
                {
                    for m in members {
                        if m.binding.is_none() {
                            self.diags.push(Diagnostic::error(
                                format!(
                                    "member '{}' of entry point {dir} struct '{}' has no @builtin or @location attribute",
                                    m.name,
                                    type_name(self.module, ty)
                                ),
                                self.span,
                            ));
                        } else {
                            self.item(What::Member(&m.name), m.ty, m.binding, input);
                        }
                    }
                } else {
                    self.diags.push(Diagnostic::error(
                        format!(
                            "{what} of entry point '{}' has no @builtin or @location attribute",
                            self.ep_name
                        ),
                        self.span,
                    ));
                }
            }
            Some(Binding::BuiltIn(b)) => {
                let name = b.wgsl_name();
                let (allowed, want) = builtin_rule(b);
                if !allowed.contains(&(self.stage, input)) {
                    self.diags.push(Diagnostic::error(
                        format!("builtin '{name}' cannot be used as a {stage} shader {dir}"),
                        self.span,
                    ));
                } else if !type_matches(self.module, ty, want) {
                    self.diags.push(Diagnostic::error(
                        format!(
                            "builtin '{name}' must have type '{}', found '{}'",
                            ty_spelling(want),
                            type_name(self.module, ty)
                        ),
                        self.span,
                    ));
                }
                let subgroup = matches!(
                    b,
                    BuiltIn::SubgroupId
                        | BuiltIn::SubgroupInvocationId
                        | BuiltIn::SubgroupSize
                        | BuiltIn::NumSubgroups
                );
                if subgroup
                    && !self
                        .module
                        .extensions
                        .intersects(Extensions::SUBGROUPS | Extensions::SUBGROUP_MATRIX)
                {
                    self.diags.push(Diagnostic::error(
                        format!("builtin '{name}' requires 'enable subgroups;'"),
                        self.span,
                    ));
                }
                if matches!(b, BuiltIn::Position { .. }) && !input {
                    self.has_position_output = true;
                }
                let seen = &mut self.seen_builtins[usize::from(input)];
                if let Some(first) = seen.get(&b) {
                    self.diags.push(
                        Diagnostic::error(
                            format!(
                                "builtin '{name}' is used more than once as an entry point {dir}"
                            ),
                            self.span,
                        )
                        .with_note(format!("first used by {first}")),
                    );
                } else {
                    seen.insert(b, what);
                }
            }
            Some(Binding::Location {
                location,
                interpolation,
                blend_src,
                ..
            }) => {
                if self.stage == ShaderStage::Compute {
                    self.diags.push(Diagnostic::error(
                        format!(
                            "compute entry point '{}' cannot have user-defined {dir}s (@location({location}) on {what})",
                            self.ep_name
                        ),
                        self.span,
                    ));
                    return;
                }
                let numeric = match self.module.types.try_get(ty).map(|t| &t.inner) {
                    Some(TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. }) => {
                        matches!(s, Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16)
                    }
                    _ => false,
                };
                if !numeric {
                    self.diags.push(Diagnostic::error(
                        format!(
                            "@location {dir} {what} has type '{}', but must be a numeric scalar or vector",
                            type_name(self.module, ty)
                        ),
                        self.span,
                    ));
                }
                let integer = matches!(
                    self.module.types.try_get(ty).map(|t| &t.inner),
                    Some(
                        TypeInner::Scalar(Scalar::I32 | Scalar::U32)
                            | TypeInner::Vector {
                                scalar: Scalar::I32 | Scalar::U32,
                                ..
                            }
                    )
                );
                let interpolated = matches!(
                    (self.stage, input),
                    (ShaderStage::Vertex, false) | (ShaderStage::Fragment, true)
                );
                if integer && interpolated && interpolation != Some(crate::ir::Interpolation::Flat)
                {
                    self.diags.push(Diagnostic::error(
                        format!(
                            "integral user-defined {stage} {dir} {what} (@location({location})) must have '@interpolate(flat)'"
                        ),
                        self.span,
                    ));
                }
                if blend_src.is_some() && (self.stage != ShaderStage::Fragment || input) {
                    self.diags.push(Diagnostic::error(
                        format!("@blend_src cannot be used on a {stage} shader {dir} ({what})"),
                        self.span,
                    ));
                }
                let seen = &mut self.seen_locations[usize::from(input)];
                if let Some(first) = seen.get(&(location, blend_src)) {
                    self.diags.push(
                        Diagnostic::error(
                            format!("@location({location}) is used more than once as an entry point {dir}"),
                            self.span,
                        )
                        .with_note(format!("first used by {first}")),
                    );
                } else {
                    seen.insert((location, blend_src), what);
                }
            }
            Some(Binding::Color(n)) => {
                if self.stage != ShaderStage::Fragment || !input {
                    self.diags.push(Diagnostic::error(
                        format!("@color can only be used for fragment shader input, not as a {stage} shader {dir} ({what})"),
                        self.span,
                    ));
                    return;
                }
                if let Some(first) = self.seen_colors.get(&n) {
                    self.diags.push(
                        Diagnostic::error(
                            format!("@color({n}) appears multiple times as an entry point input"),
                            self.span,
                        )
                        .with_note(format!("first used by {first}")),
                    );
                } else {
                    self.seen_colors.insert(n, what);
                }
            }
        }
    }
}

/// Checks the interface and `@workgroup_size` of an entry point.
pub fn check_entry_point(module: &Module, ep: &EntryPoint, diags: &mut Vec<Diagnostic>) {
    let Some(function) = module.functions.try_get(ep.function) else {
        diags.push(Diagnostic::without_location(format!(
            "entry point '{}' refers to an unknown function",
            ep.name
        )));
        return;
    };
    let span = module.functions.span(ep.function);
    let mut io = IoChecker {
        module,
        stage: ep.stage,
        ep_name: &ep.name,
        span,
        seen_builtins: Default::default(),
        seen_locations: Default::default(),
        seen_colors: Default::default(),
        has_position_output: false,
        diags,
    };
    for arg in &function.arguments {
        io.item(What::Parameter(&arg.name), arg.ty, arg.binding, true);
    }
    if let Some(result) = &function.result {
        if ep.stage == ShaderStage::Compute {
            io.diags.push(Diagnostic::error(
                format!("compute entry point '{}' cannot return a value", ep.name),
                span,
            ));
        } else {
            io.item(What::Return, result.ty, result.binding, false);
        }
    }
    let has_position = io.has_position_output;
    if ep.stage == ShaderStage::Vertex && !has_position {
        diags.push(Diagnostic::error(
            format!(
                "vertex entry point '{}' must return a @builtin(position) value",
                ep.name
            ),
            span,
        ));
    }
    if ep.stage == ShaderStage::Compute {
        for (i, dim) in ep.workgroup_size.iter().enumerate() {
            if let WorkgroupSizeDim::Constant(0) = dim {
                diags.push(Diagnostic::error(
                    format!(
                        "@workgroup_size {} dimension of '{}' must be at least 1",
                        ["x", "y", "z"][i],
                        ep.name
                    ),
                    span,
                ));
            }
        }
    }
}

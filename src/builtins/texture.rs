//! The texture builtins (`textureLoad`, `textureStore`, `textureDimensions`,
//! `textureNumLayers/Levels/Samples`, `textureSample*`, `textureGather*`):
//! their overloads depend on the texture type, so one checker derives the
//! parameter list from the texture argument (`params_for`) instead of
//! listing every overload as a pattern. The same list gives the resolver
//! each argument's role ([`roles`]) and the "candidate" notes
//! ([`signatures`]).

use super::display::type_name;
use super::matcher::call_text;
use super::special::{inner, Call};
use super::{OverloadError, ResolvedCall};
use crate::arena::Handle;
use crate::ir::{Access, ImageClass, ImageDimension, Module, Scalar, Type, TypeInner, VectorSize};

/// A texture builtin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureFn {
    /// `textureLoad`
    Load,
    /// `textureStore`
    Store,
    /// `textureDimensions`
    Dimensions,
    /// `textureNumLayers`
    NumLayers,
    /// `textureNumLevels`
    NumLevels,
    /// `textureNumSamples`
    NumSamples,
    /// `textureSample`
    Sample,
    /// `textureSampleBias`
    SampleBias,
    /// `textureSampleCompare`
    SampleCompare,
    /// `textureSampleCompareLevel`
    SampleCompareLevel,
    /// `textureSampleGrad`
    SampleGrad,
    /// `textureSampleLevel`
    SampleLevel,
    /// `textureSampleBaseClampToEdge`
    SampleBaseClampToEdge,
    /// `textureGather`
    Gather,
    /// `textureGatherCompare`
    GatherCompare,
    /// `inputAttachmentLoad` (`chromium_internal_input_attachments`)
    InputAttachmentLoad,
}

impl TextureFn {}

/// The role of one argument of a texture builtin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `textureGather`'s component (a const-expression, 0..=3).
    Component,
    /// The texture.
    Texture,
    /// The sampler.
    Sampler,
    /// Coordinates.
    Coords,
    /// Array layer.
    ArrayIndex,
    /// Mip level (`textureLoad`, `textureDimensions`, `textureSampleLevel`).
    Level,
    /// Sample index of a multisampled texture.
    SampleIndex,
    /// `textureSampleBias`'s bias.
    Bias,
    /// The depth reference of the comparison builtins.
    DepthRef,
    /// `textureSampleGrad`'s d(coords)/dx.
    Ddx,
    /// `textureSampleGrad`'s d(coords)/dy.
    Ddy,
    /// Texel offset (a const-expression, components in -8..=7).
    Offset,
    /// `textureStore`'s texel.
    Value,
}

/// The type a parameter accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    /// The texture itself.
    Texture,
    /// `sampler` or `sampler_comparison`.
    Sampler(bool),
    /// `f32` (1) or `vecN<f32>`.
    Float(u32),
    /// `i32` or `u32` (1), or `vecN` of one of them.
    Int(u32),
    /// `i32` (1) or `vecN<i32>`.
    Signed(u32),
    /// `vec4<T>`.
    Vec4(Scalar),
}

/// A parameter: its role, name (for messages) and type.
#[derive(Clone, Copy, Debug)]
struct Param {
    role: Role,
    want: Want,
}

/// What kind of texture, as the overloads tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Sampled(Scalar),
    SampledMs(Scalar),
    Depth,
    DepthMs,
    Storage(Scalar, Access),
    TexelBuffer(Scalar, Access),
    External,
    InputAttachment(Scalar),
}

fn kind(dim: ImageDimension, class: ImageClass) -> Kind {
    match class {
        ImageClass::Sampled {
            kind,
            multisampled: false,
        } => Kind::Sampled(kind),
        ImageClass::Sampled {
            kind,
            multisampled: true,
        } => Kind::SampledMs(kind),
        ImageClass::Depth {
            multisampled: false,
        } => Kind::Depth,
        ImageClass::Depth { multisampled: true } => Kind::DepthMs,
        ImageClass::Storage { format, access } if dim == ImageDimension::Buffer => {
            Kind::TexelBuffer(format.channel_scalar(), access)
        }
        ImageClass::Storage { format, access } => Kind::Storage(format.channel_scalar(), access),
        ImageClass::External => Kind::External,
        ImageClass::InputAttachment { kind } => Kind::InputAttachment(kind),
    }
}

/// Why a texture type has no overload of a builtin.
type Refusal = &'static str;

/// The parameter lists of `fun` for a texture of this type: the first is
/// the shortest; a longer one adds optional trailing parameters (an offset,
/// `textureDimensions`' level). `Err` explains why the texture type has
/// none.
fn params_for(
    fun: TextureFn,
    dim: ImageDimension,
    arrayed: bool,
    class: ImageClass,
) -> Result<Vec<Vec<Param>>, Refusal> {
    use ImageDimension as D;
    use Role as R;
    let p = |role, want| Param { role, want };
    let n = dim.coordinate_size();
    let k = kind(dim, class);
    let mut base = Vec::new();
    let array = |v: &mut Vec<Param>| {
        if arrayed {
            v.push(p(R::ArrayIndex, Want::Int(1)));
        }
    };
    // Offsets exist for 2d and 3d textures, not cubes or 1d.
    let offset = match dim {
        D::D2 => Some(p(R::Offset, Want::Signed(2))),
        D::D3 => Some(p(R::Offset, Want::Signed(3))),
        _ => None,
    };
    let with_optional = |base: Vec<Param>, extra: Option<Param>| {
        let mut lists = vec![base.clone()];
        if let Some(e) = extra {
            let mut longer = base;
            longer.push(e);
            lists.push(longer);
        }
        lists
    };
    let sampled_f32 = |k: Kind| k == Kind::Sampled(Scalar::F32);
    match (fun, k) {
        (TextureFn::InputAttachmentLoad, Kind::InputAttachment(_)) => {
            return Ok(vec![vec![p(R::Texture, Want::Texture)]])
        }
        (TextureFn::InputAttachmentLoad, _) => {
            return Err("only 'input_attachment<T>' values can be read with inputAttachmentLoad")
        }
        (_, Kind::InputAttachment(_)) => {
            return Err("input attachments can only be read with inputAttachmentLoad")
        }
        _ => {}
    }
    Ok(match fun {
        TextureFn::InputAttachmentLoad => return Err("only input attachments"),
        TextureFn::Load => {
            base.push(p(R::Texture, Want::Texture));
            base.push(p(R::Coords, Want::Int(n)));
            match k {
                Kind::Sampled(_) | Kind::Depth if dim != D::Cube => {
                    array(&mut base);
                    base.push(p(R::Level, Want::Int(1)));
                }
                Kind::SampledMs(_) | Kind::DepthMs => base.push(p(R::SampleIndex, Want::Int(1))),
                Kind::External => {}
                Kind::Storage(_, a) | Kind::TexelBuffer(_, a) if a != Access::Write => {
                    array(&mut base)
                }
                Kind::Storage(..) | Kind::TexelBuffer(..) => {
                    return Err("a write-only storage texture cannot be read")
                }
                _ => return Err("cube textures cannot be loaded from"),
            }
            vec![base]
        }
        TextureFn::Store => {
            let (Kind::Storage(s, a) | Kind::TexelBuffer(s, a)) = k else {
                return Err("only storage textures and texel buffers can be stored to");
            };
            if a == Access::Read {
                return Err("a read-only storage texture or texel buffer cannot be stored to");
            }
            base.push(p(R::Texture, Want::Texture));
            base.push(p(R::Coords, Want::Int(n)));
            array(&mut base);
            base.push(p(R::Value, Want::Vec4(s)));
            vec![base]
        }
        TextureFn::Dimensions => {
            base.push(p(R::Texture, Want::Texture));
            let level =
                matches!(k, Kind::Sampled(_) | Kind::Depth).then(|| p(R::Level, Want::Int(1)));
            with_optional(base, level)
        }
        TextureFn::NumLayers => {
            if !arrayed {
                return Err("only arrayed textures have layers");
            }
            vec![vec![p(R::Texture, Want::Texture)]]
        }
        TextureFn::NumLevels => {
            if !matches!(k, Kind::Sampled(_) | Kind::Depth) {
                return Err(
                    "only sampled and depth textures that are not multisampled have mip levels",
                );
            }
            vec![vec![p(R::Texture, Want::Texture)]]
        }
        TextureFn::NumSamples => {
            if !matches!(k, Kind::SampledMs(_) | Kind::DepthMs) {
                return Err("only multisampled textures have samples");
            }
            vec![vec![p(R::Texture, Want::Texture)]]
        }
        TextureFn::Sample
        | TextureFn::SampleBias
        | TextureFn::SampleGrad
        | TextureFn::SampleLevel => {
            let depth_ok = matches!(fun, TextureFn::Sample | TextureFn::SampleLevel);
            let one_d_ok = matches!(fun, TextureFn::Sample | TextureFn::SampleLevel);
            match k {
                Kind::Sampled(Scalar::F32) => {}
                Kind::Depth if depth_ok => {}
                Kind::Sampled(_) => return Err("only textures of 'f32' can be sampled"),
                Kind::Depth => return Err("depth textures are sampled with textureSample, textureSampleLevel or the comparison builtins"),
                _ => return Err("only sampled and depth textures that are not multisampled can be sampled"),
            }
            if dim == D::D1 && (!one_d_ok || k == Kind::Depth) {
                return Err(
                    "1d textures can only be sampled with textureSample and textureSampleLevel",
                );
            }
            base.push(p(R::Texture, Want::Texture));
            base.push(p(R::Sampler, Want::Sampler(false)));
            base.push(p(R::Coords, Want::Float(n)));
            array(&mut base);
            match fun {
                TextureFn::SampleBias => base.push(p(R::Bias, Want::Float(1))),
                TextureFn::SampleGrad => {
                    base.push(p(R::Ddx, Want::Float(n)));
                    base.push(p(R::Ddy, Want::Float(n)));
                }
                TextureFn::SampleLevel if k == Kind::Depth => base.push(p(R::Level, Want::Int(1))),
                TextureFn::SampleLevel => base.push(p(R::Level, Want::Float(1))),
                _ => {}
            }
            with_optional(base, offset)
        }
        TextureFn::SampleCompare | TextureFn::SampleCompareLevel | TextureFn::GatherCompare => {
            if k != Kind::Depth {
                return Err("only depth textures that are not multisampled can be compared");
            }
            base.push(p(R::Texture, Want::Texture));
            base.push(p(R::Sampler, Want::Sampler(true)));
            base.push(p(R::Coords, Want::Float(n)));
            array(&mut base);
            base.push(p(R::DepthRef, Want::Float(1)));
            with_optional(base, offset)
        }
        TextureFn::SampleBaseClampToEdge => {
            let ok = (sampled_f32(k) && dim == D::D2 && !arrayed) || k == Kind::External;
            if !ok {
                return Err("only 'texture_2d<f32>' and 'texture_external' are accepted");
            }
            base.push(p(R::Texture, Want::Texture));
            base.push(p(R::Sampler, Want::Sampler(false)));
            base.push(p(R::Coords, Want::Float(2)));
            vec![base]
        }
        TextureFn::Gather => {
            match k {
                Kind::Sampled(_) => base.push(p(R::Component, Want::Int(1))),
                Kind::Depth => {}
                _ => return Err("only sampled and depth textures that are not multisampled can be gathered from"),
            }
            if !matches!(dim, D::D2 | D::Cube) {
                return Err("only 2d and cube textures can be gathered from");
            }
            base.push(p(R::Texture, Want::Texture));
            base.push(p(R::Sampler, Want::Sampler(false)));
            base.push(p(R::Coords, Want::Float(n)));
            array(&mut base);
            with_optional(base, offset)
        }
    })
}

/// The result type of `fun` on this texture.
fn result_inner(fun: TextureFn, dim: ImageDimension, class: ImageClass) -> Option<TypeInner> {
    let vec4 = |scalar| {
        Some(TypeInner::Vector {
            size: VectorSize::Quad,
            scalar,
        })
    };
    let f32v4 = vec4(Scalar::F32);
    match fun {
        TextureFn::Store => None,
        TextureFn::Dimensions => {
            let n = if class == ImageClass::External {
                2
            } else {
                dim.size_components()
            };
            Some(match VectorSize::from_count(n) {
                Some(size) => TypeInner::Vector {
                    size,
                    scalar: Scalar::U32,
                },
                None => TypeInner::Scalar(Scalar::U32),
            })
        }
        TextureFn::NumLayers | TextureFn::NumLevels | TextureFn::NumSamples => {
            Some(TypeInner::Scalar(Scalar::U32))
        }
        TextureFn::InputAttachmentLoad => match class {
            ImageClass::InputAttachment { kind } => vec4(kind),
            _ => None,
        },
        TextureFn::Load => match class {
            ImageClass::Sampled { kind, .. } => vec4(kind),
            ImageClass::Depth { .. } => Some(TypeInner::Scalar(Scalar::F32)),
            ImageClass::Storage { format, .. } => vec4(format.channel_scalar()),
            ImageClass::External => f32v4,
            ImageClass::InputAttachment { kind } => vec4(kind),
        },
        TextureFn::Sample | TextureFn::SampleLevel => match class {
            ImageClass::Depth { .. } => Some(TypeInner::Scalar(Scalar::F32)),
            _ => f32v4,
        },
        TextureFn::SampleCompare | TextureFn::SampleCompareLevel => {
            Some(TypeInner::Scalar(Scalar::F32))
        }
        TextureFn::SampleBias | TextureFn::SampleGrad | TextureFn::SampleBaseClampToEdge => f32v4,
        TextureFn::GatherCompare => f32v4,
        TextureFn::Gather => match class {
            ImageClass::Sampled { kind, .. } => vec4(kind),
            _ => f32v4,
        },
    }
}

/// The index of the texture argument: `textureGather`'s component comes
/// first for non-depth textures.
fn texture_index(module: &Module, fun: TextureFn, args: &[Handle<Type>]) -> usize {
    let is_image = |i: usize| {
        args.get(i)
            .is_some_and(|&t| matches!(inner(module, t), TypeInner::Image { .. }))
    };
    if fun == TextureFn::Gather && !is_image(0) && is_image(1) {
        1
    } else {
        0
    }
}

fn image_parts(module: &Module, ty: Handle<Type>) -> Option<(ImageDimension, bool, ImageClass)> {
    match inner(module, ty) {
        TypeInner::Image {
            dim,
            arrayed,
            class,
        } => Some((dim, arrayed, class)),
        _ => None,
    }
}

/// The roles of a resolved call's arguments (`params` as in
/// [`ResolvedCall::params`]).
pub fn roles(module: &Module, fun: TextureFn, params: &[Handle<Type>]) -> Option<Vec<Role>> {
    let ti = texture_index(module, fun, params);
    let (dim, arrayed, class) = image_parts(module, *params.get(ti)?)?;
    let lists = params_for(fun, dim, arrayed, class).ok()?;
    lists
        .into_iter()
        .find(|l| l.len() == params.len())
        .map(|l| l.iter().map(|p| p.role).collect())
}

/// Checks a call and computes its parameter and result types.
pub(crate) fn check(
    module: &mut Module,
    call: &Call<'_>,
    fun: TextureFn,
) -> Result<ResolvedCall, OverloadError> {
    let name = call.def.name;
    let args = call.args;
    // The candidate notes are built only for an error: listing every
    // texture type's overloads costs more than checking a call.
    let fail = |message: String, arg_index: Option<usize>| OverloadError {
        message,
        notes: signatures(fun)
            .into_iter()
            .map(|s| format!("candidate: {s}"))
            .collect(),
        arg_index,
    };
    if !call.template_args.is_empty() {
        return Err(fail(
            format!("'{name}' does not take template arguments"),
            None,
        ));
    }
    let ti = texture_index(module, fun, args);
    let Some(&tty) = args.get(ti) else {
        return Err(fail(
            format!("no matching call to '{}'", call_text(module, name, args)),
            None,
        ));
    };
    let Some((dim, arrayed, class)) = image_parts(module, tty) else {
        return Err(fail(
            format!(
                "no matching call to '{}': argument {} must be a texture, found '{}'",
                call_text(module, name, args),
                ti + 1,
                type_name(module, tty)
            ),
            Some(ti),
        ));
    };
    let lists = match params_for(fun, dim, arrayed, class) {
        Ok(l) => l,
        Err(why) => {
            return Err(fail(
                format!(
                    "no matching call to '{}': {why}",
                    call_text(module, name, args)
                ),
                Some(ti),
            ))
        }
    };
    let Some(list) = lists.iter().find(|l| l.len() == args.len()) else {
        let counts: Vec<String> = lists.iter().map(|l| l.len().to_string()).collect();
        return Err(fail(
            format!(
                "no matching call to '{}': '{name}' with a '{}' takes {} arguments, found {}",
                call_text(module, name, args),
                type_name(module, tty),
                counts.join(" or "),
                args.len()
            ),
            None,
        ));
    };
    let mut params = Vec::with_capacity(args.len());
    for (i, (param, &arg)) in list.iter().zip(args).enumerate() {
        match accept(module, param.want, tty, arg) {
            Some(t) => params.push(t),
            None => {
                return Err(fail(
                    format!(
                        "no matching call to '{}': {} (argument {}) must be {}, found '{}'",
                        call_text(module, name, args),
                        role_name(param.role),
                        i + 1,
                        want_text(param.want),
                        type_name(module, arg)
                    ),
                    Some(i),
                ))
            }
        }
    }
    let result = result_inner(fun, dim, class).map(|r| module.intern(r));
    Ok(call.resolved(params.into(), result))
}

/// The type an argument of type `arg` converts to for a parameter wanting
/// `want`, if it is accepted.
fn accept(
    module: &mut Module,
    want: Want,
    texture: Handle<Type>,
    arg: Handle<Type>,
) -> Option<Handle<Type>> {
    let ai = inner(module, arg);
    let (size, scalar) = match ai {
        TypeInner::Scalar(s) => (1, s),
        TypeInner::Vector { size, scalar } => (size as u32, scalar),
        TypeInner::Sampler { comparison } => {
            return (want == Want::Sampler(comparison)).then_some(arg)
        }
        TypeInner::Image { .. } => return (want == Want::Texture && arg == texture).then_some(arg),
        _ => return None,
    };
    let (n, target) = match want {
        Want::Texture | Want::Sampler(_) => return None,
        Want::Float(n) => (
            n,
            match scalar {
                Scalar::F32 | Scalar::AbstractFloat | Scalar::AbstractInt => Scalar::F32,
                _ => return None,
            },
        ),
        Want::Int(n) => (
            n,
            match scalar {
                Scalar::I32 | Scalar::AbstractInt => Scalar::I32,
                Scalar::U32 => Scalar::U32,
                _ => return None,
            },
        ),
        Want::Signed(n) => (
            n,
            match scalar {
                Scalar::I32 | Scalar::AbstractInt => Scalar::I32,
                _ => return None,
            },
        ),
        Want::Vec4(s) => {
            let ok = scalar == s
                || (scalar == Scalar::AbstractInt)
                || (scalar == Scalar::AbstractFloat && s == Scalar::F32);
            (4, if ok { s } else { return None })
        }
    };
    if size != n {
        return None;
    }
    Some(match VectorSize::from_count(n) {
        Some(size) => module.intern(TypeInner::Vector {
            size,
            scalar: target,
        }),
        None => module.intern(TypeInner::Scalar(target)),
    })
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Component => "the component",
        Role::Texture => "the texture",
        Role::Sampler => "the sampler",
        Role::Coords => "the coordinates",
        Role::ArrayIndex => "the array index",
        Role::Level => "the level",
        Role::SampleIndex => "the sample index",
        Role::Bias => "the bias",
        Role::DepthRef => "the depth reference",
        Role::Ddx => "ddx",
        Role::Ddy => "ddy",
        Role::Offset => "the offset",
        Role::Value => "the value",
    }
}

fn param_name(r: Role) -> &'static str {
    match r {
        Role::Component => "component",
        Role::Texture => "t",
        Role::Sampler => "s",
        Role::Coords => "coords",
        Role::ArrayIndex => "array_index",
        Role::Level => "level",
        Role::SampleIndex => "sample_index",
        Role::Bias => "bias",
        Role::DepthRef => "depth_ref",
        Role::Ddx => "ddx",
        Role::Ddy => "ddy",
        Role::Offset => "offset",
        Role::Value => "value",
    }
}

fn shaped(n: u32, s: &str) -> String {
    if n == 1 {
        s.to_string()
    } else {
        format!("vec{n}<{s}>")
    }
}

fn want_text(w: Want) -> String {
    match w {
        Want::Texture => "the texture".into(),
        Want::Sampler(false) => "'sampler'".into(),
        Want::Sampler(true) => "'sampler_comparison'".into(),
        Want::Float(n) => format!("'{}'", shaped(n, "f32")),
        Want::Int(n) => format!("'{}' or '{}'", shaped(n, "i32"), shaped(n, "u32")),
        Want::Signed(n) => format!("'{}' (a const-expression)", shaped(n, "i32")),
        Want::Vec4(s) => format!("'vec4<{}>'", s.wgsl_name()),
    }
}

/// Every texture type, once per shape the overloads tell apart (for the
/// candidate notes).
fn every_texture() -> Vec<(ImageDimension, bool, ImageClass)> {
    use ImageDimension as D;
    let mut v = Vec::new();
    let sampled = ImageClass::Sampled {
        kind: Scalar::F32,
        multisampled: false,
    };
    for (dim, arrayed) in [
        (D::D1, false),
        (D::D2, false),
        (D::D2, true),
        (D::D3, false),
        (D::Cube, false),
        (D::Cube, true),
    ] {
        v.push((dim, arrayed, sampled));
    }
    v.push((
        D::D2,
        false,
        ImageClass::Sampled {
            kind: Scalar::F32,
            multisampled: true,
        },
    ));
    for (dim, arrayed) in [
        (D::D2, false),
        (D::D2, true),
        (D::Cube, false),
        (D::Cube, true),
    ] {
        v.push((
            dim,
            arrayed,
            ImageClass::Depth {
                multisampled: false,
            },
        ));
    }
    v.push((D::D2, false, ImageClass::Depth { multisampled: true }));
    let storage = ImageClass::Storage {
        format: crate::ir::TexelFormat::Rgba8Unorm,
        access: Access::ReadWrite,
    };
    for (dim, arrayed) in [
        (D::D1, false),
        (D::D2, false),
        (D::D2, true),
        (D::D3, false),
    ] {
        v.push((dim, arrayed, storage));
    }
    v.push((D::Buffer, false, storage));
    v.push((D::D2, false, ImageClass::External));
    v.push((
        D::D2,
        false,
        ImageClass::InputAttachment { kind: Scalar::F32 },
    ));
    v
}

fn texture_text(dim: ImageDimension, arrayed: bool, class: ImageClass) -> String {
    match class {
        ImageClass::Sampled { multisampled, .. } => {
            let t = crate::ir::image_type_name(dim, arrayed, class);
            let base = t.split('<').next().unwrap_or_default().to_string();
            let _ = multisampled;
            format!("{base}<T>")
        }
        ImageClass::Storage { .. } if dim == ImageDimension::Buffer => {
            "texel_buffer<F, A>".to_string()
        }
        ImageClass::Storage { .. } => {
            let t = crate::ir::image_type_name(dim, arrayed, class);
            let base = t.split('<').next().unwrap_or_default().to_string();
            format!("{base}<F, A>")
        }
        ImageClass::InputAttachment { .. } => "input_attachment<T>".to_string(),
        _ => crate::ir::image_type_name(dim, arrayed, class),
    }
}

fn want_sig(role: Role, w: Want, texture: &str) -> String {
    let letter = match role {
        Role::ArrayIndex => "A",
        Role::Level => "L",
        Role::SampleIndex => "S",
        _ => "C",
    };
    match w {
        Want::Texture => texture.to_string(),
        Want::Sampler(false) => "sampler".into(),
        Want::Sampler(true) => "sampler_comparison".into(),
        Want::Float(n) => shaped(n, "f32"),
        Want::Int(n) => shaped(n, letter),
        Want::Signed(n) => shaped(n, "i32"),
        Want::Vec4(_) => "vec4<T>".into(),
    }
}

/// The readable overloads of `fun` (without the `candidate: ` prefix).
pub fn signatures(fun: TextureFn) -> Vec<String> {
    let name = super::table_name(fun);
    let mut out: Vec<String> = Vec::new();
    for (dim, arrayed, class) in every_texture() {
        let Ok(lists) = params_for(fun, dim, arrayed, class) else {
            continue;
        };
        let tt = texture_text(dim, arrayed, class);
        let ret = match result_inner(fun, dim, class) {
            None => String::new(),
            Some(TypeInner::Scalar(s)) => format!(" -> {}", s.wgsl_name()),
            Some(TypeInner::Vector { size, scalar }) => {
                let s = match class {
                    ImageClass::Sampled { .. } if scalar != Scalar::U32 => "T",
                    ImageClass::Storage { .. } if scalar != Scalar::U32 => "T",
                    ImageClass::InputAttachment { .. } => "T",
                    _ => scalar.wgsl_name(),
                };
                format!(" -> vec{}<{s}>", size as u32)
            }
            Some(_) => String::new(),
        };
        for l in lists {
            let ps: Vec<String> = l
                .iter()
                .map(|p| format!("{}: {}", param_name(p.role), want_sig(p.role, p.want, &tt)))
                .collect();
            let s = format!("{name}({}){ret}", ps.join(", "));
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

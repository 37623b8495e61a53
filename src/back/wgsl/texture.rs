//! Printing the texture builtins back: the IR's `ImageSample`,
//! `ImageLoad`, `ImageQuery` and `ImageStore` name their WGSL builtin by
//! their operands (a depth reference, a gather component, the level form).

use super::expr::{Scope, ARG};
use super::{error, Ctx};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{Expression, ImageClass, ImageQuery, SampleLevel, TypeInner};

/// One printed argument.
pub(super) enum Part {
    /// An operand.
    Expr(Handle<Expression>),
    /// Literal text (`textureGather`'s component, a zero level).
    Text(String),
}

impl Ctx<'_> {
    /// The class of the texture operand `image`.
    fn image_class(&self, scope: Scope<'_>, image: Handle<Expression>) -> Option<ImageClass> {
        let ty = self.expr_type(scope, image).ok()?;
        match self.module.types.try_get(ty)?.inner {
            TypeInner::Image { class, .. } => Some(class),
            _ => None,
        }
    }

    /// The builtin name and arguments of a texture expression.
    pub(super) fn texture_call(
        &self,
        scope: Scope<'_>,
        e: &Expression,
    ) -> Result<(&'static str, Vec<Part>), Error> {
        use Part::{Expr as E, Text};
        Ok(match *e {
            Expression::ImageQuery { image, query } => match query {
                ImageQuery::Size { level } => {
                    let mut v = vec![E(image)];
                    v.extend(level.map(E));
                    ("textureDimensions", v)
                }
                ImageQuery::NumLevels => ("textureNumLevels", vec![E(image)]),
                ImageQuery::NumLayers => ("textureNumLayers", vec![E(image)]),
                ImageQuery::NumSamples => ("textureNumSamples", vec![E(image)]),
            },
            // The coordinate is the resolver's zero `vec2<i32>`.
            Expression::ImageLoad { image, .. }
                if matches!(
                    self.image_class(scope, image),
                    Some(ImageClass::InputAttachment { .. })
                ) =>
            {
                ("inputAttachmentLoad", vec![E(image)])
            }
            Expression::ImageLoad {
                image,
                coordinate,
                array_index,
                sample,
                level,
            } => {
                let mut v = vec![E(image), E(coordinate)];
                v.extend(array_index.map(E));
                v.extend(sample.map(E));
                v.extend(level.map(E));
                ("textureLoad", v)
            }
            Expression::ImageSample {
                image,
                sampler,
                gather,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                clamp_to_edge,
            } => {
                let depth = matches!(
                    self.image_class(scope, image),
                    Some(ImageClass::Depth { .. })
                );
                let mut v = Vec::new();
                let name = if clamp_to_edge {
                    "textureSampleBaseClampToEdge"
                } else if let Some(c) = gather {
                    if depth_ref.is_some() {
                        "textureGatherCompare"
                    } else {
                        if !depth {
                            v.push(Text(format!("{c}")));
                        }
                        "textureGather"
                    }
                } else if depth_ref.is_some() {
                    match level {
                        SampleLevel::Auto => "textureSampleCompare",
                        _ => "textureSampleCompareLevel",
                    }
                } else {
                    match level {
                        SampleLevel::Auto => "textureSample",
                        SampleLevel::Bias(_) => "textureSampleBias",
                        SampleLevel::Gradient { .. } => "textureSampleGrad",
                        SampleLevel::Exact(_) | SampleLevel::Zero => "textureSampleLevel",
                    }
                };
                v.push(E(image));
                v.push(E(sampler));
                v.push(E(coordinate));
                v.extend(array_index.map(E));
                let plain = gather.is_none() && depth_ref.is_none() && !clamp_to_edge;
                match level {
                    SampleLevel::Bias(b) => v.push(E(b)),
                    SampleLevel::Exact(l) => v.push(E(l)),
                    SampleLevel::Gradient { x, y } => {
                        v.push(E(x));
                        v.push(E(y));
                    }
                    SampleLevel::Zero if plain => {
                        v.push(Text(if depth { "0i" } else { "0.0f" }.to_string()))
                    }
                    SampleLevel::Zero | SampleLevel::Auto => {}
                }
                v.extend(depth_ref.map(E));
                v.extend(offset.map(E));
                (name, v)
            }
            _ => {
                return Err(error(
                    "not a texture expression",
                    crate::span::Span::UNDEFINED,
                ))
            }
        })
    }

    /// Writes `name(parts...)`.
    pub(super) fn write_texture_call(
        &self,
        scope: Scope<'_>,
        name: &str,
        parts: &[Part],
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        out.push_str(name);
        out.push('(');
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            match p {
                Part::Expr(h) => self.write_expr(scope, *h, ARG, out, depth)?,
                Part::Text(t) => out.push_str(t),
            }
        }
        out.push(')');
        Ok(())
    }
}

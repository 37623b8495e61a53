//! WGSL's robustness for texel accesses: `textureLoad` and `textureStore`
//! never leave their texture.
//!
//! The spec lets an out-of-bounds load return any texel inside the texture
//! (or zero) and an out-of-bounds store write any texel inside or nothing.
//! Neither Metal (undefined behaviour) nor Vulkan without
//! `robustImageAccess` guarantees that, so each operand is clamped to the
//! last valid value, read from the texture itself:
//!
//! ```text
//! textureLoad(t, c, l)     ->  let l2 = min(u32(l), textureNumLevels(t) - 1u);
//!                              textureLoad(t, min(vecN<u32>(c), textureDimensions(t, l2) - 1u), l2)
//! textureLoad(t, c, a, l)  ->  ... a2 = min(u32(a), textureNumLayers(t) - 1u) ...
//! textureLoad(t, c, s)     ->  ... s2 = min(u32(s), textureNumSamples(t) - 1u) ...
//! textureStore(t, c, v)    ->  textureStore(t, min(vecN<u32>(c), textureDimensions(t) - 1u), v)
//! textureDimensions(t, l)  ->  textureDimensions(t, min(u32(l), textureNumLevels(t) - 1u))
//! ```
//!
//! A negative signed coordinate becomes a large unsigned one and is
//! clamped to the last texel: inside the texture, as the spec allows.
//! Constant zero levels, layers and samples are left alone (every texture
//! has at least one of each). Sampling needs no clamp: samplers clamp or
//! wrap coordinates by themselves, and explicit levels are clamped by the
//! sampler's level range.

use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    BinaryOperator as B, Expression, ImageDimension, ImageQuery, MathFunction, Scalar, Statement,
    TypeInner, VectorSize,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass over every function.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    rewrite::run(p, &mut TextureClamp);
    Ok(())
}

struct TextureClamp;

/// `x` as a `u32` scalar or vector of `size`.
fn to_u32(cx: &mut Cx, x: H, size: Option<VectorSize>, span: Span) -> H {
    if let Some(c) = cx.const_int(x).filter(|_| size.is_none()) {
        return cx.u32(c as u32, span);
    }
    match cx.shape(x) {
        Some((Scalar::U32, _)) => x,
        _ => {
            let ty = cx.scalar_or_vector(Scalar::U32, size);
            cx.add(Expression::Convert { expr: x, ty }, ty, span)
        }
    }
}

/// `min(u32(x), query(image) - 1u)`, or `x` when it is the constant 0.
fn clamp_to_count(cx: &mut Cx, image: H, x: H, query: ImageQuery, span: Span) -> H {
    if cx.const_int(x) == Some(0) {
        return x;
    }
    let x = to_u32(cx, x, None, span);
    let u = cx.scalar_or_vector(Scalar::U32, None);
    let count = cx.add(Expression::ImageQuery { image, query }, u, span);
    let one = cx.u32(1, span);
    let last = cx.binary(B::Subtract, count, one, Scalar::U32, None, span);
    cx.math(MathFunction::Min, &[x, last], Scalar::U32, None, span)
}

/// The coordinates clamped to the size of `image` at `level`.
fn clamp_coordinate(cx: &mut Cx, image: H, coordinate: H, level: Option<H>, span: Span) -> H {
    let size = cx.shape(coordinate).and_then(|(_, size)| size);
    let c = to_u32(cx, coordinate, size, span);
    let ty = cx.scalar_or_vector(Scalar::U32, size);
    let dims = cx.add(
        Expression::ImageQuery {
            image,
            query: ImageQuery::Size { level },
        },
        ty,
        span,
    );
    let one = cx.splat_literal(Scalar::U32, size, 1.0, span);
    let last = cx.binary(B::Subtract, dims, one, Scalar::U32, size, span);
    cx.math(MathFunction::Min, &[c, last], Scalar::U32, size, span)
}

/// Whether `image` has mip levels (sampled and depth textures that are
/// not multisampled).
fn has_levels(cx: &Cx, image: H) -> bool {
    match *cx.inner(image) {
        TypeInner::Image { dim, class, .. } => {
            dim != ImageDimension::Buffer
                && !class.is_multisampled()
                && !matches!(
                    class,
                    crate::ir::ImageClass::Storage { .. } | crate::ir::ImageClass::External
                )
        }
        _ => false,
    }
}

/// Whether `image` can be clamped here (external textures are lowered to
/// plain ones first, by their own pass).
/// Input attachments are read at the fragment itself (no coordinate to
/// clamp); external textures are lowered by their own pass.
fn clampable(cx: &Cx, image: H) -> bool {
    matches!(
        *cx.inner(image),
        TypeInner::Image { class, .. } if !matches!(
            class,
            crate::ir::ImageClass::External | crate::ir::ImageClass::InputAttachment { .. }
        )
    )
}

impl FunctionPass for TextureClamp {
    fn wants(&self, module: &crate::ir::Module, f: &crate::ir::Function) -> bool {
        // Only texel loads, size queries and stores change.
        if !module
            .types
            .iter()
            .any(|(_, t)| matches!(t.inner, TypeInner::Image { .. }))
        {
            return false;
        }
        if f.expressions.iter().any(|(_, e)| {
            matches!(
                e,
                Expression::ImageLoad { .. } | Expression::ImageQuery { .. }
            )
        }) {
            return true;
        }
        crate::ir::visit::any_statement(&f.body, &mut |st| {
            matches!(st, Statement::ImageStore { .. })
        })
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        match cx.f.expressions[h] {
            Expression::ImageLoad {
                image,
                coordinate,
                array_index,
                sample,
                level,
            } if clampable(cx, image) => {
                let span = cx.f.expressions.span(h);
                let level = match level {
                    Some(l) if has_levels(cx, image) => {
                        Some(clamp_to_count(cx, image, l, ImageQuery::NumLevels, span))
                    }
                    other => other,
                };
                let array_index =
                    array_index.map(|a| clamp_to_count(cx, image, a, ImageQuery::NumLayers, span));
                let sample =
                    sample.map(|s| clamp_to_count(cx, image, s, ImageQuery::NumSamples, span));
                let coordinate = clamp_coordinate(cx, image, coordinate, level, span);
                cx.f.expressions[h] = Expression::ImageLoad {
                    image,
                    coordinate,
                    array_index,
                    sample,
                    level,
                };
            }
            Expression::ImageQuery {
                image,
                query: ImageQuery::Size { level: Some(l) },
            } if clampable(cx, image) && has_levels(cx, image) => {
                let span = cx.f.expressions.span(h);
                let level = clamp_to_count(cx, image, l, ImageQuery::NumLevels, span);
                cx.f.expressions[h] = Expression::ImageQuery {
                    image,
                    query: ImageQuery::Size { level: Some(level) },
                };
            }
            _ => {}
        }
    }

    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        let Statement::ImageStore {
            image,
            coordinate,
            array_index,
            value,
        } = *st
        else {
            return;
        };
        if !clampable(cx, image) {
            return;
        }
        let array_index =
            array_index.map(|a| clamp_to_count(cx, image, a, ImageQuery::NumLayers, span));
        let coordinate = clamp_coordinate(cx, image, coordinate, None, span);
        *st = Statement::ImageStore {
            image,
            coordinate,
            array_index,
            value,
        };
    }
}

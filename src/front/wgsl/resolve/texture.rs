//! Lowering of the texture builtins to [`Expression::ImageSample`],
//! [`Expression::ImageLoad`], [`Expression::ImageQuery`] and
//! [`Statement::ImageStore`], with the const-expression rules of their
//! `offset` (components in -8..=7) and `textureGather`'s `component`
//! (0..=3).

use super::super::ast::ExprId;
use super::{err, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::builtins::texture::{roles, Role, TextureFn};
use crate::builtins::ResolvedCall;
use crate::const_eval::Value;
use crate::ir::{
    Expression, ImageQuery, Literal, SampleLevel, Scalar, Statement, TypeInner, VectorSize,
};
use crate::span::Span;

/// The arguments of a texture call, by role.
#[derive(Default)]
struct Args {
    image: Option<Handle<Expression>>,
    sampler: Option<Handle<Expression>>,
    coords: Option<Handle<Expression>>,
    array_index: Option<Handle<Expression>>,
    level: Option<Handle<Expression>>,
    sample: Option<Handle<Expression>>,
    bias: Option<Handle<Expression>>,
    depth_ref: Option<Handle<Expression>>,
    ddx: Option<Handle<Expression>>,
    ddy: Option<Handle<Expression>>,
    offset: Option<Handle<Expression>>,
    value: Option<Handle<Expression>>,
    component: Option<u8>,
}

fn int_of(l: &Literal) -> Option<i64> {
    match *l {
        Literal::I32(x) => Some(x.into()),
        Literal::U32(x) => Some(x.into()),
        Literal::AbstractInt(x) => Some(x),
        _ => None,
    }
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// Lowers a resolved texture builtin call (`conv`: the converted
    /// arguments).
    pub(crate) fn texture_call(
        &mut self,
        fun: TextureFn,
        resolved: &ResolvedCall,
        conv: Vec<Val>,
        args: &'t [ExprId],
        span: Span,
    ) -> Res<Option<Val>> {
        let name = crate::builtins::table_name(fun);
        let Some(rs) = roles(&self.module, fun, &resolved.params) else {
            return err(format!("invalid call to '{name}'"), span);
        };
        let mut a = Args::default();
        for ((role, v), &arg) in rs.into_iter().zip(conv).zip(args) {
            let aspan = self.span(arg);
            match role {
                Role::Component => {
                    let c = match &v {
                        Val::Const(Value::Scalar(l)) => int_of(l),
                        _ => {
                            return err(
                                format!(
                                    "the component argument of '{name}' must be a const-expression"
                                ),
                                aspan,
                            )
                        }
                    };
                    match c {
                        Some(c @ 0..=3) => a.component = Some(c as u8),
                        _ => {
                            return err(
                                format!(
                                    "the component argument of '{name}' must be at least 0 and at most 3, found {}",
                                    c.unwrap_or(-1)
                                ),
                                aspan,
                            )
                        }
                    }
                    continue;
                }
                Role::Offset => {
                    let Val::Const(Value::Vector(ls)) = &v else {
                        return err(
                            format!("the offset argument of '{name}' must be a const-expression"),
                            aspan,
                        );
                    };
                    if let Some(bad) = ls.iter().filter_map(int_of).find(|x| !(-8..=7).contains(x))
                    {
                        return err(
                            format!(
                                "each component of the offset argument of '{name}' must be at least -8 and at most 7, found {bad}"
                            ),
                            aspan,
                        );
                    }
                }
                _ => {}
            }
            let h = self.lift(v, Stage::Runtime, aspan)?;
            let slot = match role {
                Role::Texture => &mut a.image,
                Role::Sampler => &mut a.sampler,
                Role::Coords => &mut a.coords,
                Role::ArrayIndex => &mut a.array_index,
                Role::Level => &mut a.level,
                Role::SampleIndex => &mut a.sample,
                Role::Bias => &mut a.bias,
                Role::DepthRef => &mut a.depth_ref,
                Role::Ddx => &mut a.ddx,
                Role::Ddy => &mut a.ddy,
                Role::Offset => &mut a.offset,
                Role::Value => &mut a.value,
                Role::Component => continue,
            };
            *slot = Some(h);
        }
        let missing = || err(format!("invalid call to '{name}'"), span);
        let (Some(image), Some(coordinate_or_none)) = (a.image, Some(a.coords)) else {
            return missing();
        };
        if fun == TextureFn::Store {
            let (Some(coordinate), Some(value)) = (coordinate_or_none, a.value) else {
                return missing();
            };
            self.fs(span)?.push(
                Statement::ImageStore {
                    image,
                    coordinate,
                    array_index: a.array_index,
                    value,
                },
                span,
            );
            return Ok(None);
        }
        let Some(ty) = resolved.result else {
            return missing();
        };
        let query = |q| Expression::ImageQuery { image, query: q };
        let e = match fun {
            TextureFn::Dimensions => query(ImageQuery::Size { level: a.level }),
            TextureFn::NumLayers => query(ImageQuery::NumLayers),
            TextureFn::NumLevels => query(ImageQuery::NumLevels),
            TextureFn::NumSamples => query(ImageQuery::NumSamples),
            TextureFn::InputAttachmentLoad => {
                // The attachment's texel at the fragment: SPIR-V reads a
                // `SubpassData` image at offset (0, 0).
                let v2i = self.module.intern(TypeInner::Vector {
                    size: VectorSize::Bi,
                    scalar: Scalar::I32,
                });
                let coordinate = self.fs(span)?.add(Expression::ZeroValue(v2i), v2i, span);
                Expression::ImageLoad {
                    image,
                    coordinate,
                    array_index: None,
                    sample: None,
                    level: None,
                }
            }
            TextureFn::Load => {
                let Some(coordinate) = coordinate_or_none else {
                    return missing();
                };
                Expression::ImageLoad {
                    image,
                    coordinate,
                    array_index: a.array_index,
                    sample: a.sample,
                    level: a.level,
                }
            }
            _ => {
                let (Some(sampler), Some(coordinate)) = (a.sampler, coordinate_or_none) else {
                    return missing();
                };
                let level = match fun {
                    TextureFn::Sample | TextureFn::SampleCompare => SampleLevel::Auto,
                    TextureFn::SampleBias => match a.bias {
                        Some(b) => SampleLevel::Bias(b),
                        None => return missing(),
                    },
                    TextureFn::SampleLevel => match a.level {
                        Some(l) => SampleLevel::Exact(l),
                        None => return missing(),
                    },
                    TextureFn::SampleGrad => match (a.ddx, a.ddy) {
                        (Some(x), Some(y)) => SampleLevel::Gradient { x, y },
                        _ => return missing(),
                    },
                    _ => SampleLevel::Zero,
                };
                let gather = match fun {
                    TextureFn::Gather => Some(a.component.unwrap_or(0)),
                    TextureFn::GatherCompare => Some(0),
                    _ => None,
                };
                Expression::ImageSample {
                    image,
                    sampler,
                    gather,
                    coordinate,
                    array_index: a.array_index,
                    offset: a.offset,
                    level,
                    depth_ref: a.depth_ref,
                    clamp_to_edge: fun == TextureFn::SampleBaseClampToEdge,
                }
            }
        };
        self.add_at(Stage::Runtime, e, ty, span).map(Some)
    }
}

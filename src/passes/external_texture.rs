//! `texture_external` lowered to two planes and a parameters buffer, as
//! WebGPU's external textures are implemented (Tint's multiplanar
//! external-texture transform, Dawn's parameter layout).
//!
//! Each `texture_external` variable at `(g, b)` becomes:
//! - plane 0, a `texture_2d<f32>` at `(g, b)` (the variable itself, retyped);
//! - plane 1, a `texture_2d<f32>` variable `NAME_plane1`;
//! - `NAME_params`, a `uniform` buffer of `ExternalTextureParams` (272 bytes,
//!   Dawn's field order),
//!
//! at the binding points of `Pipeline::external_textures` (the
//! `PipelineOptions::external_textures` option, or the defaults the
//! pipeline step picked and reflected). A function parameter of type
//! `texture_external` becomes three parameters (plane 0, plane 1 and the
//! parameters as a value), and each call passes the three. The builtins
//! become:
//!
//! ```text
//! textureDimensions(t)                  -> params.apparentSize + vec2u(1u)
//! textureLoad(t, c)                     -> tessera_texture_load_external(p0, p1, params, vec2u(c))
//! textureSampleBaseClampToEdge(t, s, c) -> tessera_texture_sample_external(p0, p1, params, s, c)
//! ```
//!
//! The helpers (`external_texture_helpers`) apply the load or sample
//! transform, read one plane (RGBA) or two (Y and UV, converted by the
//! YUV-to-RGB matrix), and unless `doYuvToRgbConversionOnly` decode the
//! gamma, convert the gamut and encode the gamma again.
//!
//! Guarantee: afterwards no variable, parameter or expression of the
//! module has a `texture_external` type (`ImageClass::External`; the
//! interned type itself may stay in the type arena, unused); the backends
//! treat one that reaches them as an internal error.

use rustc_hash::FxHashMap;

use super::external_texture_helpers::{self as helpers, field, Helpers, Types};
use super::rewrite::{self, Cx, FunctionPass};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::{
    Access, AddressSpace, BinaryOperator, Expression, Function, FunctionArgument, GlobalVariable,
    ImageClass, ImageQuery, Module, Statement, Type, TypeInner, VectorSize,
};
use crate::pipeline::external_textures::{self as assignments, Assignments};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// The new variables of one external texture.
#[derive(Clone, Copy, Debug)]
struct Lowered {
    plane1: Handle<GlobalVariable>,
    params: Handle<GlobalVariable>,
}

fn is_external(module: &Module, ty: Handle<Type>) -> bool {
    matches!(
        module.types.try_get(ty).map(|t| &t.inner),
        Some(TypeInner::Image {
            class: ImageClass::External,
            ..
        })
    )
}

/// Whether the module has any `texture_external` type.
fn has_external(module: &Module) -> bool {
    module.types.iter().any(|(h, _)| is_external(module, h))
}

/// Runs the pass.
pub fn run(p: &mut Pipeline) -> Result<(), Error> {
    if !has_external(&p.module) {
        return Ok(());
    }
    // Variables the pipeline step did not assign (IR built by other
    // means) get the defaults.
    let mut assigned: Assignments = p.external_textures.clone();
    let mut diags = Vec::new();
    for (h, r) in assignments::assign(&p.module, None, &[], &Default::default(), &mut diags) {
        if !assigned.iter().any(|(g, _)| *g == h) {
            assigned.push((h, r));
        }
    }
    if !diags.is_empty() {
        return Err(Error { diagnostics: diags });
    }
    let module = &mut p.module;
    let t = Types::new(module);

    // The variables.
    let mut lowered: FxHashMap<Handle<GlobalVariable>, Lowered> = FxHashMap::default();
    for (h, r) in &assigned {
        let Some(var) = module.global_variables.try_get(*h) else {
            continue;
        };
        let (name, span) = (var.name.clone(), module.global_variables.span(*h));
        let plane1 = module.global_variables.append(
            GlobalVariable {
                name: format!("{name}_plane1"),
                space: AddressSpace::Handle,
                access: Access::Read,
                binding: Some(r.bindings.plane1),
                ty: t.plane,
                init: None,
                input_attachment_index: None,
            },
            span,
        );
        let params = module.global_variables.append(
            GlobalVariable {
                name: format!("{name}_params"),
                space: AddressSpace::Uniform,
                access: Access::Read,
                binding: Some(r.bindings.params),
                ty: t.params,
                init: None,
                input_attachment_index: None,
            },
            span,
        );
        module.global_variables[*h].ty = t.plane;
        lowered.insert(*h, Lowered { plane1, params });
    }

    // The helpers the module needs.
    let (mut need_load, mut need_sample) = (false, false);
    for (_, f) in module.functions.iter() {
        for (_, e) in f.expressions.iter() {
            let image = match e {
                Expression::ImageLoad { image, .. } => (*image, &mut need_load),
                Expression::ImageSample { image, .. } => (*image, &mut need_sample),
                _ => continue,
            };
            if is_external(module, f.expression_type(image.0)) {
                *image.1 = true;
            }
        }
    }
    let helpers = helpers::add(module, &t, need_load, need_sample);

    // Signatures: each external parameter becomes three.
    let external_ty: Vec<Handle<Type>> = module
        .types
        .iter()
        .map(|(h, _)| h)
        .filter(|&h| is_external(module, h))
        .collect();
    let mut expanded: FxHashMap<Handle<Function>, Vec<u32>> = FxHashMap::default();
    for (h, f) in module.functions.iter_mut() {
        let flags: Vec<bool> = f
            .arguments
            .iter()
            .map(|a| external_ty.contains(&a.ty))
            .collect();
        if flags.iter().any(|&x| x) {
            expanded.insert(h, expand_arguments(f, &flags, &t));
        }
    }

    // Expression types: texture_external (and pointers to it) become plane
    // types.
    let mut retype: FxHashMap<Handle<Type>, Handle<Type>> =
        external_ty.iter().map(|&e| (e, t.plane)).collect();
    let pointers: Vec<(Handle<Type>, AddressSpace, Access)> = module
        .types
        .iter()
        .filter_map(|(h, ty)| match ty.inner {
            TypeInner::Pointer {
                base,
                space,
                access,
            } if external_ty.contains(&base) => Some((h, space, access)),
            _ => None,
        })
        .collect();
    for (h, space, access) in pointers {
        let to = module.intern(TypeInner::Pointer {
            base: t.plane,
            space,
            access,
        });
        retype.insert(h, to);
    }
    for (_, f) in module.functions.iter_mut() {
        for ty in &mut f.expression_types {
            if let Some(&to) = retype.get(ty) {
                *ty = to;
            }
        }
    }

    let mut pass = Lower {
        t,
        lowered,
        helpers,
        expanded,
        values: FxHashMap::default(),
    };
    rewrite::run(p, &mut pass);
    p.module.restore_callee_order();
    Ok(())
}

/// Replaces each external parameter of `f` by plane 0, plane 1 and the
/// parameters, renumbering the other parameters; returns the new indices
/// of the plane 0 parameters.
fn expand_arguments(f: &mut Function, flags: &[bool], t: &Types) -> Vec<u32> {
    let mut planes = Vec::new();
    let old = std::mem::take(&mut f.arguments);
    let mut new_index = Vec::with_capacity(old.len());
    for (a, &ext) in old.into_iter().zip(flags) {
        new_index.push(f.arguments.len() as u32);
        if ext {
            planes.push(f.arguments.len() as u32);
            let name = a.name.clone();
            f.arguments.push(FunctionArgument { ty: t.plane, ..a });
            f.arguments.push(FunctionArgument {
                name: format!("{name}_plane1"),
                ty: t.plane,
                binding: None,
            });
            f.arguments.push(FunctionArgument {
                name: format!("{name}_params"),
                ty: t.params,
                binding: None,
            });
        } else {
            f.arguments.push(a);
        }
    }
    for (_, e) in f.expressions.iter_mut() {
        if let Expression::FunctionArgument(i) = e {
            if let Some(&n) = new_index.get(*i as usize) {
                *i = n;
            }
        }
    }
    planes
}

struct Lower {
    t: Types,
    lowered: FxHashMap<Handle<GlobalVariable>, Lowered>,
    helpers: Helpers,
    /// Per function whose parameters were expanded: the indices of the
    /// plane 0 parameters (each followed by plane 1 and the parameters).
    expanded: FxHashMap<Handle<Function>, Vec<u32>>,
    /// In the function being rewritten: each external texture value, as
    /// plane 0, plane 1 and the parameters.
    values: FxHashMap<H, [H; 3]>,
}

impl FunctionPass for Lower {
    /// Functions that name an external texture variable or take one as a
    /// parameter (now plane 0, plane 1 and the parameters).
    fn wants(&self, _module: &Module, f: &Function) -> bool {
        f.arguments.iter().any(|a| a.ty == self.t.params)
            || f.expressions.iter().any(|(_, e)| match e {
                Expression::GlobalVariable(g) => self.lowered.contains_key(g),
                _ => false,
            })
    }

    fn begin_function(&mut self, cx: &mut Cx) {
        self.values.clear();
        // External parameters: plane 0 keeps the parameter's expression.
        let Some(planes) = self.expanded.get(&cx.handle) else {
            return;
        };
        let t = self.t;
        let args: Vec<(H, u32)> =
            cx.f.expressions
                .iter()
                .filter_map(|(h, e)| match *e {
                    Expression::FunctionArgument(i) if planes.contains(&i) => Some((h, i)),
                    _ => None,
                })
                .collect();
        for (h, i) in args {
            let span = cx.f.expressions.span(h);
            let p1 = cx.add(Expression::FunctionArgument(i + 1), t.plane, span);
            let pa = cx.add(Expression::FunctionArgument(i + 2), t.params, span);
            self.values.insert(h, [h, p1, pa]);
        }
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        let span = cx.f.expressions.span(h);
        match cx.f.expressions[h].clone() {
            Expression::Load { pointer } => {
                let Expression::GlobalVariable(g) = cx.f.expressions[pointer] else {
                    return;
                };
                let Some(l) = self.lowered.get(&g).copied() else {
                    return;
                };
                let t = self.t;
                let ptr = |cx: &mut Cx, g, base, space| {
                    let ty = cx.intern(TypeInner::Pointer {
                        base,
                        space,
                        access: Access::Read,
                    });
                    cx.add(Expression::GlobalVariable(g), ty, span)
                };
                let p1 = ptr(cx, l.plane1, t.plane, AddressSpace::Handle);
                let p1 = cx.add(Expression::Load { pointer: p1 }, t.plane, span);
                let pa = ptr(cx, l.params, t.params, AddressSpace::Uniform);
                let pa = cx.add(Expression::Load { pointer: pa }, t.params, span);
                self.values.insert(h, [h, p1, pa]);
            }
            Expression::ImageQuery {
                image,
                query: ImageQuery::Size { level: None },
            } => {
                let Some(&[_, _, params]) = self.values.get(&image) else {
                    return;
                };
                let t = self.t;
                let size = cx.add(
                    Expression::AccessIndex {
                        base: params,
                        index: field::APPARENT_SIZE,
                    },
                    t.vec2u,
                    span,
                );
                let one = cx.u32(1, span);
                let ones = cx.add(
                    Expression::Splat {
                        size: VectorSize::Bi,
                        value: one,
                    },
                    t.vec2u,
                    span,
                );
                cx.f.expressions[h] = Expression::Binary {
                    op: BinaryOperator::Add,
                    left: size,
                    right: ones,
                };
            }
            Expression::ImageLoad {
                image, coordinate, ..
            } => {
                let (Some(&[p0, p1, params]), Some(helper)) =
                    (self.values.get(&image), self.helpers.load)
                else {
                    return;
                };
                let coords = if cx.f.expression_type(coordinate) == self.t.vec2u {
                    coordinate
                } else {
                    cx.add(
                        Expression::Convert {
                            expr: coordinate,
                            ty: self.t.vec2u,
                        },
                        self.t.vec2u,
                        span,
                    )
                };
                self.call(cx, h, helper, vec![p0, p1, params, coords], span);
            }
            Expression::ImageSample {
                image,
                sampler,
                coordinate,
                ..
            } => {
                let (Some(&[p0, p1, params]), Some(helper)) =
                    (self.values.get(&image), self.helpers.sample)
                else {
                    return;
                };
                self.call(
                    cx,
                    h,
                    helper,
                    vec![p0, p1, params, sampler, coordinate],
                    span,
                );
            }
            _ => {}
        }
    }

    fn statement(&mut self, cx: &mut Cx, st: &mut Statement, span: Span) {
        let Statement::Call { arguments, .. } = st else {
            return;
        };
        if !arguments.iter().any(|a| self.values.contains_key(a)) {
            return;
        }
        let mut new = Vec::with_capacity(arguments.len() + 2);
        let mut spans_at = Vec::new();
        for (i, a) in arguments.iter().enumerate() {
            match self.values.get(a) {
                Some(parts) => {
                    new.extend_from_slice(parts);
                    spans_at.push(i);
                }
                None => new.push(*a),
            }
        }
        *arguments = new;
        // Keep one argument span per argument: the parts share the
        // external texture's.
        if let Some(spans) = cx.f.call_argument_spans.get(span) {
            let mut spans = spans.to_vec();
            for &i in spans_at.iter().rev() {
                if let Some(&s) = spans.get(i) {
                    spans.insert(i + 1, s);
                    spans.insert(i + 1, s);
                }
            }
            cx.f.call_argument_spans.insert(span, &spans);
        }
    }
}

impl Lower {
    /// Replaces `h` by the result of a call of `helper` inserted before it.
    fn call(&self, cx: &mut Cx, h: H, helper: Handle<Function>, arguments: Vec<H>, span: Span) {
        cx.f.expressions[h] = Expression::CallResult(helper);
        cx.insert_statement(
            Statement::Call {
                function: helper,
                arguments,
                result: Some(h),
            },
            span,
        );
    }
}

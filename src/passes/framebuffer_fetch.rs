//! `@color(N)` fragment inputs (`chromium_experimental_framebuffer_fetch`)
//! become reads of input attachments, as SPIR-V has no framebuffer-fetch
//! input (SPIR-V only: Metal reads `[[color(N)]]` in the stage-in struct).
//!
//! For each fragment entry point with `@color` inputs, the pass:
//! - adds, per input, a module-scope `input_attachment<T>` variable at the
//!   binding point [`crate::pipeline::framebuffer_fetch`] chose (group
//!   `Pipeline::framebuffer_fetch_group`, binding `N`,
//!   `@input_attachment_index(N)`; `T` is the input's component type, `f32`
//!   for `f16`);
//! - renames the entry point's function to `NAME_inner` (an ordinary
//!   function: its parameters and result lose their IO attributes);
//! - adds a new entry-point function `NAME` with the other inputs (a
//!   structure with `@color` members becomes a structure of its other
//!   members, left out when none remain) and the same result, which reads
//!   each attachment with `inputAttachmentLoad`, keeps the input's
//!   components (`.x`, `.xy`, `.xyz`), converts to `f16` where the input
//!   is `f16`, rebuilds the structures, and returns the inner function's
//!   result.
//!
//! Guarantee: afterwards no entry point has a `@color` input.

use crate::arena::Handle;
use crate::ir::{
    Access, AddressSpace, Binding, Expression, Function, FunctionArgument, GlobalVariable,
    ImageClass, ImageDimension, Module, ResourceBinding, Scalar, ShaderStage, Statement,
    StructMember, Type, TypeInner, VectorSize,
};
use crate::passes::rewrite::BlockBuilder;
use crate::pipeline::framebuffer_fetch::{attachment_scalar, color_inputs};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass.
pub fn run(p: &mut Pipeline) {
    let group = p.framebuffer_fetch_group;
    let mut changed = false;
    for i in 0..p.module.entry_points.len() {
        let ep = &p.module.entry_points[i];
        if ep.stage != ShaderStage::Fragment || color_inputs(&p.module, ep).is_empty() {
            continue;
        }
        lower_entry_point(&mut p.module, i, group);
        changed = true;
    }
    if changed {
        // The printed module (`--print-ir-after`) declares the variables.
        p.module.extensions |= crate::ir::Extensions::INPUT_ATTACHMENTS;
        p.module.restore_callee_order();
    }
}

/// What the wrapper passes for one parameter of the inner function.
enum Part {
    /// A new parameter of the wrapper (same binding).
    Param(u32),
    /// An attachment read.
    Color(u32, Handle<Type>),
    /// A structure rebuilt from the members of a new parameter (`Some`,
    /// the parameter index) and attachment reads.
    Struct(Handle<Type>, Vec<StructPart>),
}

enum StructPart {
    /// Member `index` of the new structure parameter `param`.
    Member { param: u32, index: u32 },
    /// An attachment read.
    Color(u32, Handle<Type>),
}

fn lower_entry_point(module: &mut Module, i: usize, group: u32) {
    let inner = module.entry_points[i].function;
    let span = module.functions.span(inner);
    let old = module.functions[inner].clone();

    // The wrapper's parameters, and what it passes for each parameter.
    let mut args: Vec<FunctionArgument> = Vec::new();
    let mut parts = Vec::with_capacity(old.arguments.len());
    for a in &old.arguments {
        match a.binding {
            Some(Binding::Color(n)) => parts.push(Part::Color(n, a.ty)),
            Some(_) => {
                parts.push(Part::Param(args.len() as u32));
                args.push(a.clone());
            }
            None => {
                let members = match module.types.try_get(a.ty).map(|t| &t.inner) {
                    Some(TypeInner::Struct { members, .. })
                        if members
                            .iter()
                            .any(|m| matches!(m.binding, Some(Binding::Color(_)))) =>
                    {
                        members.clone()
                    }
                    _ => {
                        parts.push(Part::Param(args.len() as u32));
                        args.push(a.clone());
                        continue;
                    }
                };
                let mut kept: Vec<StructMember> = members
                    .iter()
                    .filter(|m| !matches!(m.binding, Some(Binding::Color(_))))
                    .cloned()
                    .collect();
                let param = args.len() as u32;
                if !kept.is_empty() {
                    let size = crate::ir::layout::layout_struct(module, &mut kept, &[]);
                    let base = module.types[a.ty].name.clone().unwrap_or_default();
                    let ty = module.types.insert(
                        Type {
                            name: Some(format!("{base}_without_color")),
                            inner: TypeInner::Struct {
                                members: kept,
                                span: size,
                            },
                        },
                        Span::UNDEFINED,
                    );
                    args.push(FunctionArgument {
                        name: a.name.clone(),
                        ty,
                        binding: None,
                    });
                }
                let mut next = 0;
                let sp = members
                    .iter()
                    .map(|m| match m.binding {
                        Some(Binding::Color(n)) => StructPart::Color(n, m.ty),
                        _ => {
                            next += 1;
                            StructPart::Member {
                                param,
                                index: next - 1,
                            }
                        }
                    })
                    .collect();
                parts.push(Part::Struct(a.ty, sp));
            }
        }
    }

    let mut w = Function {
        name: old.name.clone(),
        arguments: args,
        result: old.result.clone(),
        ..Function::default()
    };
    let mut b = BlockBuilder::new();
    let mut values = Vec::with_capacity(parts.len());
    for part in parts {
        let v = match part {
            Part::Param(j) => {
                let ty = w.arguments[j as usize].ty;
                b.expr(&mut w, Expression::FunctionArgument(j), ty, span)
            }
            Part::Color(n, ty) => read_color(module, &mut w, &mut b, n, ty, group, span),
            Part::Struct(ty, sp) => {
                let mut components = Vec::with_capacity(sp.len());
                let mut arg = None;
                for m in sp {
                    let c = match m {
                        StructPart::Member { param, index } => {
                            let base = *arg.get_or_insert_with(|| {
                                let t = w.arguments[param as usize].ty;
                                b.expr(&mut w, Expression::FunctionArgument(param), t, span)
                            });
                            let mty = match &module.types[ty].inner {
                                TypeInner::Struct { members, .. } => members
                                    .iter()
                                    .filter(|m| !matches!(m.binding, Some(Binding::Color(_))))
                                    .nth(index as usize)
                                    .map(|m| m.ty),
                                _ => None,
                            };
                            let Some(mty) = mty else { continue };
                            b.expr(&mut w, Expression::AccessIndex { base, index }, mty, span)
                        }
                        StructPart::Color(n, mty) => {
                            read_color(module, &mut w, &mut b, n, mty, group, span)
                        }
                    };
                    components.push(c);
                }
                b.expr(&mut w, Expression::Compose { ty, components }, ty, span)
            }
        };
        values.push(v);
    }
    let result = old
        .result
        .as_ref()
        .map(|r| w.add_expression(Expression::CallResult(inner), r.ty, span));
    b.stmt(
        Statement::Call {
            function: inner,
            arguments: values,
            result,
        },
        span,
    );
    b.stmt(Statement::Return { value: result }, span);
    w.body = b.finish();

    // The inner function is an ordinary function now.
    let f = &mut module.functions[inner];
    f.name = format!("{}_inner", old.name);
    for a in &mut f.arguments {
        a.binding = None;
    }
    if let Some(r) = &mut f.result {
        r.binding = None;
    }
    let wrapper = module.functions.append(w, span);
    module.entry_points[i].function = wrapper;
}

/// Reads colour attachment `n` as a value of `ty` (the `@color` input's
/// type) at the end of `b`.
fn read_color(
    module: &mut Module,
    w: &mut Function,
    b: &mut BlockBuilder,
    n: u32,
    ty: Handle<Type>,
    group: u32,
    span: Span,
) -> H {
    let kind = attachment_scalar(module, ty);
    let image = module.intern(TypeInner::Image {
        dim: ImageDimension::D2,
        arrayed: false,
        class: ImageClass::InputAttachment { kind },
    });
    let g = module.global_variables.append(
        GlobalVariable {
            name: format!("{}_color{n}", w.name),
            space: AddressSpace::Handle,
            access: Access::Read,
            binding: Some(ResourceBinding { group, binding: n }),
            ty: image,
            init: None,
            input_attachment_index: Some(n),
        },
        span,
    );
    let ptr = module.intern(TypeInner::Pointer {
        base: image,
        space: AddressSpace::Handle,
        access: Access::Read,
    });
    let v2i = module.intern(TypeInner::Vector {
        size: VectorSize::Bi,
        scalar: Scalar::I32,
    });
    let v4 = module.intern(TypeInner::Vector {
        size: VectorSize::Quad,
        scalar: kind,
    });
    let p = b.expr(w, Expression::GlobalVariable(g), ptr, span);
    let img = b.expr(w, Expression::Load { pointer: p }, image, span);
    let zero = b.expr(w, Expression::ZeroValue(v2i), v2i, span);
    let texel = b.expr(
        w,
        Expression::ImageLoad {
            image: img,
            coordinate: zero,
            array_index: None,
            sample: None,
            level: None,
        },
        v4,
        span,
    );
    let (size, scalar) = match module.types[ty].inner {
        TypeInner::Vector { size, scalar } => (Some(size), scalar),
        TypeInner::Scalar(s) => (None, s),
        _ => (Some(VectorSize::Quad), kind),
    };
    let narrow = module.intern(match size {
        Some(size) => TypeInner::Vector { size, scalar: kind },
        None => TypeInner::Scalar(kind),
    });
    let value = match size {
        Some(VectorSize::Quad) => texel,
        Some(size) => b.expr(
            w,
            Expression::Swizzle {
                size,
                vector: texel,
                pattern: [0, 1, 2, 3],
            },
            narrow,
            span,
        ),
        None => b.expr(
            w,
            Expression::AccessIndex {
                base: texel,
                index: 0,
            },
            narrow,
            span,
        ),
    };
    if scalar == kind {
        return value;
    }
    b.expr(w, Expression::Convert { expr: value, ty }, ty, span)
}

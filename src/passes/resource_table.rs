//! `hasResource<T>(i)` and `getResource<T>(i)`
//! (`enable chromium_experimental_resource_table;`) become reads of the
//! resource table as Chrome binds it ([`crate::pipeline::resource_table`]:
//! a metadata buffer of type ids and one `binding_array<T>` per type `T`
//! read, all at the table's binding point). SPIR-V only: the MSL backend
//! rejects resource tables, as Tint's does.
//!
//! With `L = metadata.array_length` and `ids(T)` the ids a slot may hold
//! for `T` ([`crate::pipeline::resource_table::accepted`]):
//!
//! - `hasResource<T>(i)` is `u32(i) < L && bindings[u32(i)] in ids(T)`
//!   (the metadata is read only when `u32(i) < L`);
//! - `getResource<T>(i)` is `table_T[s]` with `s = u32(i)` when
//!   `hasResource<T>(i)`, else `L + k`, `k` the position of `T`'s default
//!   resource in [`crate::pipeline::resource_table::DEFAULT_ORDER`]; `s`
//!   is in the table by construction (the table holds `L` slots and the
//!   defaults), so `robustness` leaves a runtime-sized table's index alone;
//! - a non-comparison sampling builtin (`textureSample*`,
//!   `textureGather`) whose texture or sampler comes from the table
//!   returns zero when the sampler is filtering and the texture is not
//!   filterable: the kind of a table resource is `bindings[s]` (its
//!   default's kind when the slot does not hold a `T`), that of a bound
//!   one comes from [`crate::pipeline::ResourceTableOptions::bound_kinds`]
//!   (default: a filterable float texture, a non-filtering sampler). Only
//!   a float sampled texture can be filterable. When the answer is known
//!   at compile time the call is kept or replaced by zero; otherwise it
//!   runs under an `if`.
//!
//! Guarantee: afterwards no function has an
//! [`Expression::ResourceTable`].

use rustc_hash::FxHashMap;

use crate::arena::Handle;
use crate::ir::{
    Access, AddressSpace, ArraySize, BinaryOperator, Expression, Function, GlobalVariable,
    ImageClass, Literal, Module, ResourceBinding, ResourceTableOp, Scalar, Statement, StructMember,
    Type, TypeInner,
};
use crate::passes::rewrite::{self, BlockBuilder, Cx, FunctionPass};
use crate::pipeline::resource_table::{
    accepted, default_kind, default_slot, uses_table, ResourceTableOptions, ResourceType,
};
use crate::pipeline::Pipeline;
use crate::span::Span;

type H = Handle<Expression>;

/// Runs the pass.
pub fn run(p: &mut Pipeline) {
    if !p.module.functions.iter().any(|(_, f)| uses_table(f)) {
        return;
    }
    let options = p.resource_table.clone();
    let metadata = metadata_variable(&mut p.module, options.metadata);
    let mut pass = Lower {
        options,
        metadata,
        tables: FxHashMap::default(),
        gets: FxHashMap::default(),
    };
    rewrite::run(p, &mut pass);
    p.module
        .extensions
        .remove(crate::ir::Extensions::RESOURCE_TABLE);
}

/// The MSL backend's pass: an error naming the first use of the resource
/// table, if any.
pub fn reject(p: &mut Pipeline) -> Result<(), crate::diagnostic::Error> {
    for (_, f) in p.module.functions.iter() {
        if let Some((h, _)) = f
            .expressions
            .iter()
            .find(|(_, e)| matches!(e, Expression::ResourceTable { .. }))
        {
            return Err(crate::diagnostic::Diagnostic::error(
                "resource tables (`chromium_experimental_resource_table`) are not supported by the MSL backend",
                f.expressions.span(h),
            )
            .with_note("Tint's MSL writer rejects them too; compile for SPIR-V")
            .into());
        }
    }
    Ok(())
}

/// The metadata buffer: `struct { array_length: u32, bindings: array<u32> }`,
/// read-only storage.
fn metadata_variable(module: &mut Module, at: ResourceBinding) -> Handle<GlobalVariable> {
    let u32_ty = module.intern(TypeInner::Scalar(Scalar::U32));
    let array = module.intern(TypeInner::Array {
        base: u32_ty,
        size: ArraySize::Runtime,
        stride: 4,
    });
    let member = |name: &str, ty| StructMember {
        name: name.into(),
        ty,
        binding: None,
        offset: 0,
        size: 0,
        align: 0,
    };
    let mut members = vec![member("array_length", u32_ty), member("bindings", array)];
    let size = crate::ir::layout::layout_struct(module, &mut members, &[]);
    let ty = module.types.insert(
        Type {
            name: Some("tint_resource_table_metadata_struct".into()),
            inner: TypeInner::Struct {
                members,
                span: size,
            },
        },
        Span::UNDEFINED,
    );
    module.global_variables.append(
        GlobalVariable {
            name: "tint_resource_table_metadata".into(),
            space: AddressSpace::Storage,
            access: Access::Read,
            binding: Some(at),
            ty,
            init: None,
            input_attachment_index: None,
        },
        Span::UNDEFINED,
    )
}

/// The type of a read-only pointer to `base` in `space`.
fn read_pointer(module: &mut Module, base: Handle<Type>, space: AddressSpace) -> Handle<Type> {
    module.intern(TypeInner::Pointer {
        base,
        space,
        access: Access::Read,
    })
}

/// What a lowered `getResource` left for the sampling builtins that use
/// its value: whether the slot holds a `T`, and the slot's metadata
/// (zero when not read).
#[derive(Clone, Copy)]
struct Got {
    ty: Handle<Type>,
    has: H,
    id: H,
}

struct Lower {
    options: ResourceTableOptions,
    metadata: Handle<GlobalVariable>,
    /// The table variable of each type read.
    tables: FxHashMap<Handle<Type>, Handle<GlobalVariable>>,
    /// Per lowered `getResource` (in the function being rewritten).
    gets: FxHashMap<H, Got>,
}

/// The kind of a sampling builtin's texture or sampler: known, or read
/// from the table at run time.
enum Kind {
    Known(ResourceType),
    Read { default: ResourceType, got: Got },
}

impl Lower {
    fn table(&mut self, module: &mut Module, ty: Handle<Type>) -> Handle<GlobalVariable> {
        if let Some(&g) = self.tables.get(&ty) {
            return g;
        }
        let array = module.intern(TypeInner::BindingArray {
            base: ty,
            size: self.options.capacity,
        });
        let name = format!("tint_resource_table_{}", self.tables.len());
        let g = module.global_variables.append(
            GlobalVariable {
                name,
                space: AddressSpace::Handle,
                access: Access::Read,
                binding: Some(self.options.table),
                ty: array,
                init: None,
                input_attachment_index: None,
            },
            Span::UNDEFINED,
        );
        self.tables.insert(ty, g);
        g
    }

    /// A pointer to member `index` of the metadata buffer (`array_length`
    /// or `bindings`).
    fn metadata_member(&self, cx: &mut Cx, index: u32, span: Span) -> H {
        let var_ty = cx.module.global_variables[self.metadata].ty;
        let member = match &cx.module.types[var_ty].inner {
            TypeInner::Struct { members, .. } => {
                members.get(index as usize).map_or(var_ty, |m| m.ty)
            }
            _ => var_ty,
        };
        let sty = read_pointer(cx.module, var_ty, AddressSpace::Storage);
        let mty = read_pointer(cx.module, member, AddressSpace::Storage);
        let g = cx.add(Expression::GlobalVariable(self.metadata), sty, span);
        cx.add(Expression::AccessIndex { base: g, index }, mty, span)
    }

    /// `(has, id, len)`: pointers to locals saying whether slot `index`
    /// holds a resource `ty` accepts and the slot's id (zero past the
    /// table's slots), and the number of slots, set before the current
    /// point.
    fn lookup(&self, cx: &mut Cx, ty: Handle<Type>, index: H, span: Span) -> (H, H, H) {
        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
        let bool_ty = cx.intern(TypeInner::Scalar(Scalar::Bool));
        let len_ptr = self.metadata_member(cx, 0, span);
        let len = cx.add(Expression::Load { pointer: len_ptr }, u32_ty, span);
        let in_range = cx.binary(BinaryOperator::Less, index, len, Scalar::Bool, None, span);
        let has_var = cx.local("has_resource", bool_ty, span);
        let id_var = cx.local("resource_id", u32_ty, span);
        let no = cx.literal(Literal::Bool(false), span);
        let zero = cx.u32(0, span);
        cx.insert_statement(
            Statement::Store {
                pointer: has_var,
                value: no,
            },
            span,
        );
        cx.insert_statement(
            Statement::Store {
                pointer: id_var,
                value: zero,
            },
            span,
        );
        // The slot's id, read only when the slot exists.
        let ids = accepted(cx.module, ty);
        let bindings = {
            let mut b = BlockBuilder::new();
            let var_ty = cx.module.global_variables[self.metadata].ty;
            let (array_ty, elem_ptr) = match &cx.module.types[var_ty].inner {
                TypeInner::Struct { members, .. } => {
                    (members.get(1).map_or(var_ty, |m| m.ty), u32_ty)
                }
                _ => (var_ty, u32_ty),
            };
            let sty = read_pointer(cx.module, var_ty, AddressSpace::Storage);
            let aty = read_pointer(cx.module, array_ty, AddressSpace::Storage);
            let ety = read_pointer(cx.module, elem_ptr, AddressSpace::Storage);
            let f: &mut Function = cx.f;
            let g = b.expr(f, Expression::GlobalVariable(self.metadata), sty, span);
            let arr = b.expr(f, Expression::AccessIndex { base: g, index: 1 }, aty, span);
            let p = b.expr(f, Expression::Access { base: arr, index }, ety, span);
            let id = b.expr(f, Expression::Load { pointer: p }, u32_ty, span);
            let mut eq = None;
            for k in ids {
                let lit = b.expr(f, Expression::Literal(Literal::U32(k as u32)), u32_ty, span);
                let e = b.expr(
                    f,
                    Expression::Binary {
                        op: BinaryOperator::Equal,
                        left: id,
                        right: lit,
                    },
                    bool_ty,
                    span,
                );
                eq = Some(match eq {
                    None => e,
                    Some(prev) => b.expr(
                        f,
                        Expression::Binary {
                            op: BinaryOperator::InclusiveOr,
                            left: prev,
                            right: e,
                        },
                        bool_ty,
                        span,
                    ),
                });
            }
            let eq = match eq {
                Some(e) => e,
                None => b.expr(f, Expression::Literal(Literal::Bool(false)), bool_ty, span),
            };
            b.stmt(
                Statement::Store {
                    pointer: has_var,
                    value: eq,
                },
                span,
            );
            b.stmt(
                Statement::Store {
                    pointer: id_var,
                    value: id,
                },
                span,
            );
            b.finish()
        };
        cx.insert_statement(
            Statement::If {
                condition: in_range,
                accept: bindings,
                reject: Default::default(),
            },
            span,
        );
        (has_var, id_var, len)
    }

    /// The slot index as a `u32`.
    fn slot(cx: &mut Cx, index: H, span: Span) -> H {
        match *cx.inner(index) {
            TypeInner::Scalar(Scalar::U32) => index,
            _ => {
                let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
                cx.add(
                    Expression::Bitcast {
                        expr: index,
                        ty: u32_ty,
                    },
                    u32_ty,
                    span,
                )
            }
        }
    }

    /// The kind of the sampling builtin's operand `h` (a texture or
    /// sampler value); `None` when unknown (a function parameter).
    fn kind(&self, cx: &Cx, h: H) -> Option<Kind> {
        if let Some(&got) = self.gets.get(&h) {
            return Some(Kind::Read {
                default: default_kind(cx.module, got.ty)?,
                got,
            });
        }
        let ty = cx.f.expression_type(h);
        let Expression::Load { pointer } = cx.f.expressions[h] else {
            return None;
        };
        let Expression::GlobalVariable(g) = cx.f.expressions[pointer] else {
            return None;
        };
        let var = cx.module.global_variables.try_get(g)?;
        let bound = var.binding.and_then(|b| self.options.bound_kinds.get(&b));
        Some(Kind::Known(match bound {
            Some(&k) => k,
            None => default_kind(cx.module, ty)?,
        }))
    }

    /// The value of a kind (a `u32`), added before the current point.
    fn kind_value(cx: &mut Cx, kind: &Kind, span: Span) -> H {
        match *kind {
            Kind::Known(k) => cx.u32(k as u32, span),
            Kind::Read { default, got } => {
                let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
                let d = cx.u32(default as u32, span);
                cx.add(
                    Expression::Select {
                        condition: got.has,
                        accept: got.id,
                        reject: d,
                    },
                    u32_ty,
                    span,
                )
            }
        }
    }

    /// A sampling builtin at `h` whose texture or sampler comes from the
    /// table: zero where a filtering sampler meets an unfilterable texture.
    fn check_sampling(&self, cx: &mut Cx, h: H, image: H, sampler: H) {
        if !self.gets.contains_key(&image) && !self.gets.contains_key(&sampler) {
            return;
        }
        let span = cx.f.expressions.span(h);
        let (Some(tex), Some(samp)) = (self.kind(cx, image), self.kind(cx, sampler)) else {
            return;
        };
        if let Kind::Known(k) = samp {
            if k != ResourceType::SamplerFiltering {
                return;
            }
        }
        // Only a float sampled texture can be filterable.
        let float = matches!(
            *cx.inner(image),
            TypeInner::Image {
                class: ImageClass::Sampled {
                    kind: Scalar::F32,
                    multisampled: false
                },
                ..
            }
        );
        let filterable_id = default_kind(cx.module, cx.f.expression_type(image));
        // `Some(b)`: known at compile time.
        let filterable: Result<bool, H> = match (&tex, float, filterable_id) {
            (_, false, _) | (_, _, None) => Ok(false),
            (Kind::Known(k), true, Some(f)) => Ok(*k == f),
            (Kind::Read { .. }, true, Some(f)) => {
                let v = Self::kind_value(cx, &tex, span);
                let want = cx.u32(f as u32, span);
                Err(cx.binary(BinaryOperator::Equal, v, want, Scalar::Bool, None, span))
            }
        };
        let valid: Result<bool, H> = match samp {
            Kind::Known(_) => filterable,
            Kind::Read { .. } => {
                if filterable == Ok(true) {
                    Ok(true)
                } else {
                    let v = Self::kind_value(cx, &samp, span);
                    let want = cx.u32(ResourceType::SamplerFiltering as u32, span);
                    let not_filtering =
                        cx.binary(BinaryOperator::NotEqual, v, want, Scalar::Bool, None, span);
                    Err(match filterable {
                        Ok(_) => not_filtering,
                        Err(f) => cx.binary(
                            BinaryOperator::InclusiveOr,
                            not_filtering,
                            f,
                            Scalar::Bool,
                            None,
                            span,
                        ),
                    })
                }
            }
        };
        let ty = cx.f.expression_type(h);
        match valid {
            Ok(true) => {}
            Ok(false) => cx.f.expressions[h] = Expression::ZeroValue(ty),
            Err(condition) => {
                let r = cx.local("texture_sample", ty, span);
                let call = cx.f.expressions[h].clone();
                let mut accept = BlockBuilder::new();
                let v = accept.expr(cx.f, call, ty, span);
                accept.stmt(
                    Statement::Store {
                        pointer: r,
                        value: v,
                    },
                    span,
                );
                let mut reject = BlockBuilder::new();
                let z = reject.expr(cx.f, Expression::ZeroValue(ty), ty, span);
                reject.stmt(
                    Statement::Store {
                        pointer: r,
                        value: z,
                    },
                    span,
                );
                cx.insert_statement(
                    Statement::If {
                        condition,
                        accept: accept.finish(),
                        reject: reject.finish(),
                    },
                    span,
                );
                cx.f.expressions[h] = Expression::Load { pointer: r };
            }
        }
    }
}

impl FunctionPass for Lower {
    fn wants(&self, _module: &Module, f: &Function) -> bool {
        uses_table(f)
    }

    fn begin_function(&mut self, _cx: &mut Cx) {
        self.gets.clear();
    }

    fn expression(&mut self, cx: &mut Cx, h: H) {
        match cx.f.expressions[h] {
            Expression::ResourceTable { op, ty, index } => {
                let span = cx.f.expressions.span(h);
                let slot = Self::slot(cx, index, span);
                let (has_var, id_var, len) = self.lookup(cx, ty, slot, span);
                match op {
                    ResourceTableOp::Has => {
                        cx.f.expressions[h] = Expression::Load { pointer: has_var };
                    }
                    ResourceTableOp::Get => {
                        let u32_ty = cx.intern(TypeInner::Scalar(Scalar::U32));
                        let bool_ty = cx.intern(TypeInner::Scalar(Scalar::Bool));
                        let has = cx.add(Expression::Load { pointer: has_var }, bool_ty, span);
                        let id = cx.add(Expression::Load { pointer: id_var }, u32_ty, span);
                        let k = default_kind(cx.module, ty)
                            .and_then(default_slot)
                            .unwrap_or(0);
                        let k = cx.u32(k, span);
                        let fallback =
                            cx.binary(BinaryOperator::Add, len, k, Scalar::U32, None, span);
                        let s = cx.add(
                            Expression::Select {
                                condition: has,
                                accept: slot,
                                reject: fallback,
                            },
                            u32_ty,
                            span,
                        );
                        let g = self.table(cx.module, ty);
                        let array = cx.module.global_variables[g].ty;
                        let aty = read_pointer(cx.module, array, AddressSpace::Handle);
                        let ety = read_pointer(cx.module, ty, AddressSpace::Handle);
                        let gv = cx.add(Expression::GlobalVariable(g), aty, span);
                        let p = cx.add(Expression::Access { base: gv, index: s }, ety, span);
                        cx.f.expressions[h] = Expression::Load { pointer: p };
                        self.gets.insert(h, Got { ty, has, id });
                    }
                }
            }
            Expression::ImageSample {
                image,
                sampler,
                depth_ref: None,
                ..
            } => self.check_sampling(cx, h, image, sampler),
            _ => {}
        }
    }
}

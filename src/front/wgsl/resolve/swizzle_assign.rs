//! Assignment through vector swizzles (the `swizzle_assignment` language
//! feature): `v.zy = e`, `v.yz.yx = e`, `v.rgb *= e`, `v.xyz[i] = e`, also
//! through pointers (`p.zy = e`).
//!
//! A swizzle of a vector reference on the left-hand side of an assignment
//! is a *swizzle view*: the vector's pointer and the components it names.
//! A further swizzle picks components of the view; indexing it picks one
//! component (a constant index, or a runtime index into the view's
//! component list). A view of a single component is an ordinary reference
//! to that component. Assigning to a view of several components loads the
//! whole vector, builds the new vector from the assigned value and the
//! components the view leaves alone, and stores it (load/shuffle/store);
//! the view's components must be distinct.

use super::super::ast::{self, ExprId};
use super::expr::swizzle;
use super::{err, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::ir::{
    Access, AddressSpace, Expression, Literal, Scalar, Statement, Type, TypeInner, VectorSize,
};
use crate::span::Span;

/// Several components of a vector in memory.
pub(crate) struct SwizzleView {
    /// Pointer to the whole vector.
    pub ptr: Handle<Expression>,
    /// The vector's type.
    pub vector: Handle<Type>,
    /// Its component type.
    pub scalar: Scalar,
    /// Address space and access mode of the reference.
    pub space: AddressSpace,
    /// Access mode.
    pub access: Access,
    /// The components named, in order (at least two).
    pub pattern: smallvec::SmallVec<[u8; 4]>,
}

/// The left-hand side of an assignment.
pub(crate) enum Target {
    /// An ordinary writable reference: its pointer and store type.
    Ref(Handle<Expression>, Handle<Type>),
    /// A swizzle view of several components.
    Swizzle(SwizzleView),
}

/// A postfix step of a left-hand side.
enum LStep<'a> {
    Index(ExprId, Span),
    Member(ast::Ident<'a>, Span),
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// Resolves the left-hand side of an assignment: a writable reference
    /// or a swizzle view.
    pub(super) fn assign_target(&mut self, e: ExprId) -> Res<Target> {
        let span = self.span(e);
        let mut steps: smallvec::SmallVec<[LStep<'a>; 4]> = smallvec::SmallVec::new();
        let mut cur = e;
        loop {
            match &self.ast(cur) {
                ast::Expr::Index { base, index } => {
                    steps.push(LStep::Index(*index, self.span(cur)));
                    cur = *base;
                }
                ast::Expr::Member { base, member } => {
                    steps.push(LStep::Member(*member, self.span(cur)));
                    cur = *base;
                }
                ast::Expr::Paren(x) => cur = *x,
                _ => break,
            }
        }
        let mut v = self.expr(cur, Stage::Runtime)?;
        let mut view: Option<SwizzleView> = None;
        while let Some(step) = steps.pop() {
            if let Some(vw) = view.take() {
                let comp = match step {
                    LStep::Member(m, _) => {
                        let size = VectorSize::from_count(vw.pattern.len() as u32)
                            .unwrap_or(VectorSize::Quad);
                        let picked = swizzle(m.name, size).map_err(|msg| {
                            Box::new(crate::diagnostic::Diagnostic::error(msg, m.span))
                        })?;
                        let pattern: smallvec::SmallVec<[u8; 4]> =
                            picked.iter().map(|&i| vw.pattern[i as usize]).collect();
                        if pattern.len() > 1 {
                            view = Some(SwizzleView { pattern, ..vw });
                            continue;
                        }
                        Component::Const(pattern[0])
                    }
                    LStep::Index(index, span) => self.view_index(&vw, index, span)?,
                };
                v = self.view_component(&vw, comp, span)?;
                continue;
            }
            match step {
                LStep::Member(m, span) => {
                    let base = self.ptr_as_ref(v);
                    if let Val::Ref {
                        ptr,
                        store,
                        space,
                        access,
                    } = base
                    {
                        if let TypeInner::Vector { size, scalar } = *self.module.inner(store) {
                            if m.name.len() > 1 {
                                let pattern = swizzle(m.name, size).map_err(|msg| {
                                    Box::new(crate::diagnostic::Diagnostic::error(msg, m.span))
                                })?;
                                view = Some(SwizzleView {
                                    ptr,
                                    vector: store,
                                    scalar,
                                    space,
                                    access,
                                    pattern,
                                });
                                v = base;
                                continue;
                            }
                        }
                    }
                    v = self.member(base, &m, span)?;
                }
                LStep::Index(index, span) => v = self.index(v, index, span, Stage::Runtime)?,
            }
        }
        if let Some(vw) = view {
            if !vw.access.can_write() {
                return err("cannot assign to a read-only reference", span);
            }
            let mut seen = [false; 4];
            for &c in &vw.pattern {
                if std::mem::replace(&mut seen[c as usize], true) {
                    return err(
                        "cannot assign to a vector swizzle with duplicate components",
                        span,
                    );
                }
            }
            return Ok(Target::Swizzle(vw));
        }
        match v {
            Val::Ref {
                ptr, store, access, ..
            } => {
                if !access.can_write() {
                    return err("cannot assign to a read-only reference", span);
                }
                if matches!(self.module.inner(store), TypeInner::Atomic { .. }) {
                    return err("cannot assign to an atomic; use 'atomicStore'", span);
                }
                Ok(Target::Ref(ptr, store))
            }
            _ => err("cannot assign to a value that is not a reference", span),
        }
    }

    /// Checks that an assignment (`=` or `op=`) may store to a reference
    /// of type `store` (`span`: the left-hand side). Spec, "Simple
    /// Assignment": the store type must be constructible, so not an
    /// override-sized or runtime-sized array, nor a structure holding one
    /// or an atomic (subgroup matrices are assignable, as in `let`).
    pub(super) fn check_assignable(&self, store: Handle<Type>, span: Span) -> Res<()> {
        if super::types::is_constructible(&self.module, store)
            || self.module.contains_subgroup_matrix(store)
        {
            return Ok(());
        }
        err(
            format!(
                "cannot assign to a reference of type '{}': the type is not constructible",
                self.type_name(store)
            ),
            span,
        )
    }

    /// `view[index]`: which component of the vector it is.
    fn view_index(&mut self, vw: &SwizzleView, index: ExprId, span: Span) -> Res<Component> {
        let ispan = self.span(index);
        let iv = self.value(index, Stage::Runtime)?;
        let ity = self.val_ty(&iv);
        if !matches!(
            self.module.inner(ity),
            TypeInner::Scalar(Scalar::I32 | Scalar::U32 | Scalar::AbstractInt)
        ) {
            return err(
                format!(
                    "index must be of type 'i32' or 'u32', found '{}'",
                    self.type_name(ity)
                ),
                ispan,
            );
        }
        let n = vw.pattern.len();
        if let Val::Const(Value::Scalar(l)) = &iv {
            let i = match *l {
                Literal::I32(x) => x as i64,
                Literal::U32(x) => x as i64,
                Literal::AbstractInt(x) => x,
                _ => -1,
            };
            if i < 0 || i >= n as i64 {
                return err(
                    format!(
                        "index {i} is out of bounds for 'vec{n}<{}>' (valid indices are 0 to {})",
                        vw.scalar.wgsl_name(),
                        n - 1
                    ),
                    ispan,
                );
            }
            return Ok(Component::Const(vw.pattern[i as usize]));
        }
        // A runtime index selects from the view's component list.
        let index = self.lift(iv, Stage::Runtime, ispan)?;
        let list = Value::Vector(vw.pattern.iter().map(|&c| Literal::U32(c as u32)).collect());
        let list = self.lift(Val::Const(list), Stage::Runtime, span)?;
        let u32_ty = self.module.intern(TypeInner::Scalar(Scalar::U32));
        let sel = self
            .fs(span)?
            .add(Expression::Access { base: list, index }, u32_ty, span);
        Ok(Component::Runtime(sel))
    }

    /// A reference to one component of the view's vector.
    fn view_component(&mut self, vw: &SwizzleView, c: Component, span: Span) -> Res<Val> {
        let base = Val::Ref {
            ptr: vw.ptr,
            store: vw.vector,
            space: vw.space,
            access: vw.access,
        };
        let ety = self.module.intern(TypeInner::Scalar(vw.scalar));
        match c {
            Component::Const(i) => self.access_index(base, i as u32, ety, span),
            Component::Runtime(index) => {
                let pty = self.module.intern(TypeInner::Pointer {
                    base: ety,
                    space: vw.space,
                    access: vw.access,
                });
                let ptr = self.fs(span)?.add(
                    Expression::Access {
                        base: vw.ptr,
                        index,
                    },
                    pty,
                    span,
                );
                Ok(Val::Ref {
                    ptr,
                    store: ety,
                    space: vw.space,
                    access: vw.access,
                })
            }
        }
    }

    /// The type of the values a view reads and writes: `vecN<scalar>`.
    pub(super) fn view_type(&mut self, vw: &SwizzleView) -> Handle<Type> {
        let size = VectorSize::from_count(vw.pattern.len() as u32).unwrap_or(VectorSize::Quad);
        self.module.intern(TypeInner::Vector {
            size,
            scalar: vw.scalar,
        })
    }

    /// Loads the view's vector (the current value of every component).
    pub(super) fn load_view_vector(
        &mut self,
        vw: &SwizzleView,
        span: Span,
    ) -> Res<Handle<Expression>> {
        Ok(self
            .fs(span)?
            .add(Expression::Load { pointer: vw.ptr }, vw.vector, span))
    }

    /// The view's current value, from the loaded vector `old`.
    pub(super) fn view_value(
        &mut self,
        vw: &SwizzleView,
        old: Handle<Expression>,
        span: Span,
    ) -> Res<Val> {
        let ty = self.view_type(vw);
        let mut pattern = [0u8; 4];
        pattern[..vw.pattern.len()].copy_from_slice(&vw.pattern);
        let size = VectorSize::from_count(vw.pattern.len() as u32).unwrap_or(VectorSize::Quad);
        let expr = self.fs(span)?.add(
            Expression::Swizzle {
                size,
                vector: old,
                pattern,
            },
            ty,
            span,
        );
        Ok(Val::Runtime { expr, ty })
    }

    /// Stores `value` (of the view's type) into the view's components:
    /// the new vector takes the view's components from `value` and the
    /// others from `old` (loaded here when not given), and is stored whole.
    pub(super) fn store_view(
        &mut self,
        vw: &SwizzleView,
        value: Handle<Expression>,
        old: Option<Handle<Expression>>,
        span: Span,
    ) -> Res<()> {
        let n = match *self.module.inner(vw.vector) {
            TypeInner::Vector { size, .. } => size.get() as usize,
            _ => return err("a swizzle view must be of a vector", span),
        };
        let position = |j: usize| vw.pattern.iter().position(|&c| c as usize == j);
        let new = if vw.pattern.len() == n {
            // Every component is written: a permutation of `value`.
            let mut pattern = [0u8; 4];
            for (j, p) in pattern.iter_mut().enumerate().take(n) {
                *p = position(j).unwrap_or(0) as u8;
            }
            let size = VectorSize::from_count(n as u32).unwrap_or(VectorSize::Quad);
            self.fs(span)?.add(
                Expression::Swizzle {
                    size,
                    vector: value,
                    pattern,
                },
                vw.vector,
                span,
            )
        } else {
            let old = match old {
                Some(o) => o,
                None => self.load_view_vector(vw, span)?,
            };
            let ety = self.module.intern(TypeInner::Scalar(vw.scalar));
            let fs = self.fs(span)?;
            let mut components = Vec::with_capacity(n);
            for j in 0..n {
                let (base, index) = match position(j) {
                    Some(k) => (value, k as u32),
                    None => (old, j as u32),
                };
                components.push(fs.add(Expression::AccessIndex { base, index }, ety, span));
            }
            fs.add(
                Expression::Compose {
                    ty: vw.vector,
                    components,
                },
                vw.vector,
                span,
            )
        };
        self.fs(span)?.push(
            Statement::Store {
                pointer: vw.ptr,
                value: new,
            },
            span,
        );
        Ok(())
    }
}

/// One component of a view's vector.
enum Component {
    /// A constant component index.
    Const(u8),
    /// A runtime `u32` component index.
    Runtime(Handle<Expression>),
}

//! Type expressions: predeclared types and type generators, aliases,
//! structs (with layout), and the WGSL spelling of types for messages.

use super::super::ast::{self, ExprId};
use super::{err, GlobalItem, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::ir::{
    Access, AddressSpace, ArraySize, Expression, Extensions, Literal, MatrixDim, Module, Scalar,
    SubgroupMatrixKind, Type, TypeInner, VectorSize,
};
use crate::span::Span;

/// The WGSL spelling of a type.
pub(crate) fn type_name(module: &Module, ty: Handle<Type>) -> String {
    crate::ir::display::type_name(module, ty)
}

/// A predeclared scalar type name.
fn scalar_name(name: &str) -> Option<Scalar> {
    Some(match name {
        "bool" => Scalar::Bool,
        "i32" => Scalar::I32,
        "u32" => Scalar::U32,
        "f32" => Scalar::F32,
        "f16" => Scalar::F16,
        "i8" => Scalar::I8,
        "u8" => Scalar::U8,
        "bf16" => Scalar::BF16,
        _ => return None,
    })
}

/// `vec3f`-style and `mat2x3h`-style predeclared aliases.
fn alias_name(name: &str) -> Option<TypeInner> {
    let suffix = |c: u8| match c {
        b'f' => Some(Scalar::F32),
        b'h' => Some(Scalar::F16),
        b'i' => Some(Scalar::I32),
        b'u' => Some(Scalar::U32),
        _ => None,
    };
    let b = name.as_bytes();
    if b.len() == 5 && name.starts_with("vec") {
        let size = VectorSize::from_count((b[3] as char).to_digit(10)?)?;
        return Some(TypeInner::Vector {
            size,
            scalar: suffix(b[4])?,
        });
    }
    if b.len() == 7 && name.starts_with("mat") && b[4] == b'x' {
        let columns = VectorSize::from_count((b[3] as char).to_digit(10)?)?;
        let rows = VectorSize::from_count((b[5] as char).to_digit(10)?)?;
        let scalar = suffix(b[6])?;
        if !scalar.is_float() {
            return None;
        }
        return Some(TypeInner::Matrix {
            columns,
            rows,
            scalar,
        });
    }
    None
}

/// `matCxR` without suffix: (columns, rows).
fn matrix_generator(name: &str) -> Option<(VectorSize, VectorSize)> {
    let b = name.as_bytes();
    if b.len() == 6 && name.starts_with("mat") && b[4] == b'x' {
        let c = VectorSize::from_count((b[3] as char).to_digit(10)?)?;
        let r = VectorSize::from_count((b[5] as char).to_digit(10)?)?;
        return Some((c, r));
    }
    None
}

/// wgpu's `coop_matNxN` generators: the (square) dimension.
fn coop_generator(name: &str) -> Option<u32> {
    match name {
        "coop_mat8x8" => Some(8),
        "coop_mat16x16" => Some(16),
        _ => None,
    }
}

/// Whether a name is a predeclared type or type generator (so it can be
/// recognised in a call as a value constructor).
pub(crate) fn is_predeclared_type(name: &str) -> bool {
    scalar_name(name).is_some()
        || alias_name(name).is_some()
        || matrix_generator(name).is_some()
        || matches!(
            name,
            "vec2"
                | "vec3"
                | "vec4"
                | "array"
                | "buffer"
                | "binding_array"
                | "atomic"
                | "ptr"
                | "subgroup_matrix_left"
                | "subgroup_matrix_right"
                | "subgroup_matrix_result"
                | "coop_vec"
        )
        || coop_generator(name).is_some()
        || is_texture_name(name)
}

fn is_texture_name(name: &str) -> bool {
    super::texture_types::is_texture_type_name(name)
}

/// Whether a type is constructible (spec: scalars, vectors, matrices,
/// fixed-size arrays and structs of constructible types). Visits each
/// component type once.
pub(crate) fn is_constructible(module: &Module, ty: Handle<Type>) -> bool {
    !module.any_component(ty, &|t| match t {
        TypeInner::Scalar(s) => matches!(s, Scalar::I8 | Scalar::U8 | Scalar::BF16),
        TypeInner::Vector { .. }
        | TypeInner::Matrix { .. }
        | TypeInner::Struct { .. }
        | TypeInner::CoopVector { .. } => false,
        TypeInner::Array { size, .. } => !matches!(size, ArraySize::Constant(_)),
        _ => true,
    })
}

/// Whether a type is storable (may be the store type of a variable).
pub(crate) fn is_storable(module: &Module, ty: Handle<Type>) -> bool {
    match module.inner(ty) {
        TypeInner::Scalar(s) => {
            !s.is_abstract() && !matches!(s, Scalar::I8 | Scalar::U8 | Scalar::BF16)
        }
        TypeInner::Pointer { .. } => false,
        _ => true,
    }
}

/// Whether a type is a texture, sampler or texel buffer (a handle type).
pub(crate) fn is_handle(module: &Module, ty: Handle<Type>) -> bool {
    module.inner(ty).is_handle()
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// Resolves a type expression.
    pub(crate) fn resolve_type(&mut self, id: ExprId) -> Res<Handle<Type>> {
        let ast::Expr::Ident(t) = &self.ast(id) else {
            return err("expected a type", self.span(id));
        };
        self.templated_type(t)
    }

    /// Resolves a (possibly templated) identifier as a type.
    pub(crate) fn templated_type(&mut self, t: &ast::TemplatedIdent<'a>) -> Res<Handle<Type>> {
        match self.try_templated_type(t)? {
            Some(ty) => Ok(ty),
            None => {
                let names = self.type_names();
                Err(Box::new(
                    crate::diagnostic::Diagnostic::error(
                        format!("unresolved type '{}'", t.ident.name),
                        t.ident.span,
                    )
                    .with_closest(t.ident.name, names.iter().map(String::as_str)),
                ))
            }
        }
    }

    /// Resolves an identifier as a type if it names one; `None` if the name
    /// is not a type at all (so the caller can treat it as something else).
    /// The type's arena entry takes the span of its first spelling, so
    /// errors about the type itself (its size) point at the source.
    pub(crate) fn try_templated_type(
        &mut self,
        t: &ast::TemplatedIdent<'a>,
    ) -> Res<Option<Handle<Type>>> {
        let ty = self.try_templated_type_unspanned(t)?;
        if let Some(ty) = ty {
            self.module.types.fill_span(ty, t.span);
        }
        Ok(ty)
    }

    fn try_templated_type_unspanned(
        &mut self,
        t: &ast::TemplatedIdent<'a>,
    ) -> Res<Option<Handle<Type>>> {
        let name = t.ident.name;
        let span = t.ident.span;
        if let Some(f) = &self.f {
            if f.lookup(name).is_some() {
                return err(format!("'{name}' is not a type"), span);
            }
        }
        if let Some(&i) = self.names.get(name) {
            return match &self.items[i] {
                Some(GlobalItem::Type(ty)) => {
                    if !t.template_args.is_empty() {
                        return err(
                            format!("type '{name}' does not take template arguments"),
                            t.span,
                        );
                    }
                    Ok(Some(*ty))
                }
                Some(GlobalItem::Poisoned) => Err(super::recover::follow_on(name, span)),
                _ => err(format!("'{name}' is not a type"), span),
            };
        }
        let args = self.list(t.template_args);
        let no_args = |r: &Self| -> Res<()> {
            if args.is_empty() {
                Ok(())
            } else {
                err(
                    format!("type '{name}' does not take template arguments"),
                    r.span(args[0]),
                )
            }
        };
        if let Some(s) = scalar_name(name) {
            no_args(self)?;
            self.check_scalar_allowed(s, span, false)?;
            return Ok(Some(self.module.intern(TypeInner::Scalar(s))));
        }
        if let Some(inner) = alias_name(name) {
            no_args(self)?;
            if inner.scalar() == Some(Scalar::F16) {
                self.check_scalar_allowed(Scalar::F16, span, false)?;
            }
            return Ok(Some(self.module.intern(inner)));
        }
        if is_texture_name(name) {
            return self.texture_type(t);
        }
        let size = match name {
            "vec2" => Some(VectorSize::Bi),
            "vec3" => Some(VectorSize::Tri),
            "vec4" => Some(VectorSize::Quad),
            _ => None,
        };
        if let Some(size) = size {
            let [e] = self.expect_args::<1>(t)?;
            let scalar = self.component_scalar(e, "vector")?;
            if scalar == Scalar::Bool || !scalar.is_abstract() {
                return Ok(Some(self.module.intern(TypeInner::Vector { size, scalar })));
            }
            return err(
                "vector element type must be 'bool', 'f32', 'f16', 'i32' or 'u32'",
                self.span(e),
            );
        }
        if let Some(n) = coop_generator(name) {
            return self.coop_matrix_type(t, n).map(Some);
        }
        if let Some((columns, rows)) = matrix_generator(name) {
            let [e] = self.expect_args::<1>(t)?;
            let ety = self.resolve_type(e)?;
            match *self.module.inner(ety) {
                TypeInner::Scalar(s @ (Scalar::F32 | Scalar::F16)) => {
                    return Ok(Some(self.module.intern(TypeInner::Matrix {
                        columns,
                        rows,
                        scalar: s,
                    })))
                }
                _ => return err("matrix element type must be 'f32' or 'f16'", self.span(e)),
            }
        }
        match name {
            "atomic" => {
                let [e] = self.expect_args::<1>(t)?;
                let ety = self.resolve_type(e)?;
                let vec2u = Extensions::ATOMIC_VEC2U_MIN_MAX;
                match *self.module.inner(ety) {
                    TypeInner::Scalar(s @ (Scalar::I32 | Scalar::U32)) => {
                        Ok(Some(self.module.intern(TypeInner::atomic(s))))
                    }
                    TypeInner::Vector {
                        size: size @ VectorSize::Bi,
                        scalar: Scalar::U32,
                    } => {
                        if !self.module.extensions.contains(vec2u) {
                            return err(
                                "the type 'atomic<vec2u>' cannot be used without the extension 'atomic_vec2u_min_max'",
                                self.span(e),
                            );
                        }
                        Ok(Some(self.module.intern(TypeInner::Atomic {
                            scalar: Scalar::U32,
                            size: Some(size),
                        })))
                    }
                    _ if self.module.extensions.contains(vec2u) => err(
                        "atomic only supports 'i32', 'u32' or 'vec2<u32>' types",
                        self.span(e),
                    ),
                    _ => err("atomic only supports 'i32' or 'u32' types", self.span(e)),
                }
            }
            "array" => self.array_type(t).map(Some),
            "buffer" => self.buffer_type(t).map(Some),
            "binding_array" => self.binding_array_type(t).map(Some),
            "ptr" => self.ptr_type(t).map(Some),
            "subgroup_matrix_left" | "subgroup_matrix_right" | "subgroup_matrix_result" => {
                self.subgroup_matrix_type(t).map(Some)
            }
            "coop_vec" => self.coop_vec_type(t).map(Some),
            _ => Ok(None),
        }
    }

    /// Checks that a scalar type may be used (f16 needs the extension; i8/u8
    /// only as matrix components).
    pub(crate) fn check_scalar_allowed(&self, s: Scalar, span: Span, in_matrix: bool) -> Res<()> {
        match s {
            Scalar::F16 if !self.module.extensions.contains(Extensions::F16) => {
                err("f16 type used without 'f16' extension enabled", span)
            }
            Scalar::BF16 => {
                if !self.module.extensions.contains(Extensions::TESSERA_BF16) {
                    err(
                        "'bf16' type used without 'tessera_experimental_bf16' extension enabled",
                        span,
                    )
                } else if !in_matrix {
                    err(
                        "'bf16' can only be used as a subgroup matrix component type",
                        span,
                    )
                } else {
                    Ok(())
                }
            }
            Scalar::I8 | Scalar::U8 => {
                if !self.module.extensions.contains(Extensions::SUBGROUP_MATRIX) {
                    err(
                        format!(
                            "'{}' type used without 'chromium_experimental_subgroup_matrix' extension enabled",
                            s.wgsl_name()
                        ),
                        span,
                    )
                } else if !in_matrix {
                    err(
                        format!(
                            "'{}' can only be used as a subgroup matrix component type",
                            s.wgsl_name()
                        ),
                        span,
                    )
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    fn expect_args<const N: usize>(&self, t: &ast::TemplatedIdent<'a>) -> Res<[ExprId; N]> {
        match <[ExprId; N]>::try_from(self.list(t.template_args)) {
            Ok(a) => Ok(a),
            Err(_) => err(
                format!(
                    "'{}' requires {} template argument{}",
                    t.ident.name,
                    N,
                    if N == 1 { "" } else { "s" }
                ),
                t.span,
            ),
        }
    }

    fn component_scalar(&mut self, e: ExprId, what: &str) -> Res<Scalar> {
        let ety = self.resolve_type(e)?;
        match *self.module.inner(ety) {
            TypeInner::Scalar(s) if !matches!(s, Scalar::I8 | Scalar::U8 | Scalar::BF16) => Ok(s),
            _ => err(
                format!("{what} element type must be 'bool', 'f32', 'f16', 'i32' or 'u32'"),
                self.span(e),
            ),
        }
    }

    fn array_type(&mut self, t: &ast::TemplatedIdent<'a>) -> Res<Handle<Type>> {
        let (elem, count) = match self.list(t.template_args) {
            [e] => (*e, None),
            [e, n] => (*e, Some(*n)),
            _ => return err("'array' requires 1 or 2 template arguments", t.span),
        };
        let base = self.resolve_type(elem)?;
        let espan = self.span(elem);
        match self.module.inner(base) {
            TypeInner::Scalar(s @ (Scalar::I8 | Scalar::U8 | Scalar::BF16)) => {
                return err(
                    format!("{} cannot be used as an element type of an array", s.wgsl_name()),
                    espan,
                )
            }
            TypeInner::Pointer { .. } => {
                return err("a pointer cannot be used as an element type of an array", espan)
            }
            TypeInner::CoopVector { .. } => {
                return err(
                    "a cooperative vector cannot be used as an element type of an array",
                    espan,
                )
            }
            TypeInner::Image { .. } | TypeInner::Sampler { .. } | TypeInner::BindingArray { .. } => {
                return err(
                    format!(
                        "'{}' cannot be used as an element type of an array: textures and samplers are not in memory",
                        self.type_name(base)
                    ),
                    espan,
                )
            }
            TypeInner::Array {
                size: ArraySize::Runtime,
                ..
            } => return err("a runtime-sized array cannot be used as an element type of an array", espan),
            TypeInner::Struct { members, .. }
                if members.last().is_some_and(|m| {
                    matches!(
                        self.module.inner(m.ty),
                        TypeInner::Array {
                            size: ArraySize::Runtime,
                            ..
                        }
                    )
                }) =>
            {
                return err(
                    "a struct with a runtime-sized array cannot be used as an element type of an array",
                    espan,
                )
            }
            _ => {}
        }
        let size = match count {
            None => ArraySize::Runtime,
            Some(n) => self.array_count(n)?,
        };
        let stride = crate::ir::layout::array_stride(&self.module, base);
        let ty = self.module.intern(TypeInner::Array { base, size, stride });
        self.check_nesting(ty, t.span)?;
        Ok(ty)
    }

    pub(super) fn array_count(&mut self, n: ExprId) -> Res<ArraySize> {
        let span = self.span(n);
        // An identifier naming an override shares the override's expression
        // handle, which gives override-sized arrays their type identity.
        let v = self.expr(n, Stage::Override)?;
        match v {
            Val::Const(Value::Scalar(l)) => {
                let value = match l {
                    Literal::I32(x) => x as i64,
                    Literal::U32(x) => x as i64,
                    Literal::AbstractInt(x) => x,
                    _ => {
                        return err(
                            "array element count must be an integer scalar ('i32' or 'u32')",
                            span,
                        )
                    }
                };
                if value <= 0 {
                    return err(
                        format!("array element count ({value}) must be greater than 0"),
                        span,
                    );
                }
                match u32::try_from(value) {
                    Ok(v) => Ok(ArraySize::Constant(v)),
                    Err(_) => err(format!("array element count ({value}) is too large"), span),
                }
            }
            Val::Override { expr, ty } => match self.module.inner(ty) {
                TypeInner::Scalar(Scalar::I32 | Scalar::U32) => Ok(ArraySize::Override(expr)),
                _ => err(
                    "array element count must be an integer scalar ('i32' or 'u32')",
                    span,
                ),
            },
            Val::Const(_) => err(
                "array element count must be an integer scalar ('i32' or 'u32')",
                span,
            ),
            _ => err(
                "array element count must be a const-expression or an override-expression",
                span,
            ),
        }
    }

    fn ptr_type(&mut self, t: &ast::TemplatedIdent<'a>) -> Res<Handle<Type>> {
        let (sp, ty, am) = match self.list(t.template_args) {
            [s, ty] => (*s, *ty, None),
            [s, ty, a] => (*s, *ty, Some(*a)),
            _ => return err("'ptr' requires 2 or 3 template arguments", t.span),
        };
        let space = self.address_space(sp)?;
        let base = self.resolve_type(ty)?;
        if is_handle(&self.module, base) {
            return err(
                format!(
                    "'{}' cannot be the store type of a pointer: textures and samplers are not in memory",
                    self.type_name(base)
                ),
                self.span(ty),
            );
        }
        let access = match am {
            Some(a) => {
                let access = self.access_mode(a)?;
                if space != AddressSpace::Storage {
                    return err(
                        format!(
                            "only pointers in the 'storage' address space may specify an access mode, not '{}'",
                            space.wgsl_name()
                        ),
                        self.span(a),
                    );
                }
                access
            }
            None => default_access(space),
        };
        if space == AddressSpace::Function || space == AddressSpace::Private {
            // fine
        }
        self.check_atomic_vector_space(base, space, self.span(ty))?;
        Ok(self.module.intern(TypeInner::Pointer {
            base,
            space,
            access,
        }))
    }

    /// An address-space enumerant.
    pub(crate) fn address_space(&self, e: ExprId) -> Res<AddressSpace> {
        let name = self.enumerant(e)?;
        Ok(match name {
            "function" => AddressSpace::Function,
            "private" => AddressSpace::Private,
            "workgroup" => AddressSpace::Workgroup,
            "uniform" => AddressSpace::Uniform,
            "storage" => AddressSpace::Storage,
            "immediate" => AddressSpace::Immediate,
            "pixel_local" => {
                if !self
                    .module
                    .extensions
                    .contains(crate::ir::Extensions::PIXEL_LOCAL)
                {
                    return err(
                        "'pixel_local' address space requires the 'chromium_experimental_pixel_local' extension enabled",
                        self.span(e),
                    );
                }
                AddressSpace::PixelLocal
            }
            "handle" => {
                return err(
                    "the 'handle' address space cannot be spelled in WGSL",
                    self.span(e),
                )
            }
            _ => {
                return Err(Box::new(
                    crate::diagnostic::Diagnostic::error(
                        format!("unknown address space '{name}'"),
                        self.span(e),
                    )
                    .with_closest(name, super::suggest::ADDRESS_SPACES.iter().copied()),
                ))
            }
        })
    }

    /// An access-mode enumerant.
    pub(crate) fn access_mode(&self, e: ExprId) -> Res<Access> {
        let name = self.enumerant(e)?;
        Ok(match name {
            "read" => Access::Read,
            "write" => Access::Write,
            "read_write" => Access::ReadWrite,
            _ => {
                return Err(Box::new(
                    crate::diagnostic::Diagnostic::error(
                        format!("unknown access mode '{name}'"),
                        self.span(e),
                    )
                    .with_closest(name, super::suggest::ACCESS_MODES.iter().copied()),
                ))
            }
        })
    }

    /// The name of an enumerant expression (a plain identifier).
    pub(crate) fn enumerant(&self, e: ExprId) -> Res<&'a str> {
        match &self.ast(e) {
            ast::Expr::Ident(t) if t.template_args.is_empty() => Ok(t.ident.name),
            _ => err("expected an identifier", self.span(e)),
        }
    }

    fn subgroup_matrix_type(&mut self, t: &ast::TemplatedIdent<'a>) -> Res<Handle<Type>> {
        let name = t.ident.name;
        if !self.module.extensions.contains(Extensions::SUBGROUP_MATRIX) {
            return err(
                format!("use of '{name}' requires enabling extension 'subgroup_matrix' (or Chromium's 'chromium_experimental_subgroup_matrix')"),
                t.span,
            );
        }
        let kind = match name {
            "subgroup_matrix_left" => SubgroupMatrixKind::Left,
            "subgroup_matrix_right" => SubgroupMatrixKind::Right,
            _ => SubgroupMatrixKind::Result,
        };
        let [e, c, r] = self.expect_args::<3>(t)?;
        let ety = self.resolve_type_matrix_component(e)?;
        let columns = self.matrix_dim(c, "column")?;
        let rows = self.matrix_dim(r, "row")?;
        Ok(self.module.intern(TypeInner::SubgroupMatrix {
            kind,
            scalar: ety,
            columns,
            rows,
        }))
    }

    /// `coop_vec<T, N>` (`enable tessera_experimental_cooperative_vector;`):
    /// `T` is f32, f16, i32 or u32, `N` a const-expression in
    /// `1..=COOP_VEC_MAX`.
    fn coop_vec_type(&mut self, t: &ast::TemplatedIdent<'a>) -> Res<Handle<Type>> {
        if !self
            .module
            .extensions
            .contains(Extensions::TESSERA_COOPERATIVE_VECTOR)
        {
            return err(
                "use of 'coop_vec' requires enabling extension 'tessera_experimental_cooperative_vector'",
                t.span,
            );
        }
        let [e, n] = self.expect_args::<2>(t)?;
        let ety = self.resolve_type(e)?;
        let scalar = match *self.module.inner(ety) {
            TypeInner::Scalar(s @ (Scalar::F32 | Scalar::F16 | Scalar::I32 | Scalar::U32)) => s,
            _ => {
                return err(
                    format!(
                        "the component type of 'coop_vec' must be 'f32', 'f16', 'i32' or 'u32', found '{}'",
                        self.type_name(ety)
                    ),
                    self.span(e),
                )
            }
        };
        let span = self.span(n);
        let max = crate::ir::COOP_VEC_MAX;
        let msg =
            format!("the component count of 'coop_vec' must be a const-expression from 1 to {max}");
        let size = match self.expr(n, Stage::Const)? {
            Val::Const(Value::Scalar(l)) => match l {
                Literal::I32(x) => x as i64,
                Literal::U32(x) => x as i64,
                Literal::AbstractInt(x) => x,
                _ => return err(msg, span),
            },
            _ => return err(msg, span),
        };
        match u32::try_from(size) {
            Ok(size) if (1..=max).contains(&size) => {
                Ok(self.module.intern(TypeInner::CoopVector { scalar, size }))
            }
            _ => err(msg, span),
        }
    }

    /// wgpu's `coop_matNxN<T, R>` (`enable wgpu_cooperative_matrix;`): an
    /// N x N subgroup matrix of f32 or f16 whose kind is the role `A`
    /// (left), `B` (right) or `C` (result).
    fn coop_matrix_type(&mut self, t: &ast::TemplatedIdent<'a>, n: u32) -> Res<Handle<Type>> {
        let name = t.ident.name;
        if !self
            .module
            .extensions
            .contains(Extensions::WGPU_COOPERATIVE_MATRIX)
        {
            return err(
                format!("use of '{name}' requires enabling extension 'wgpu_cooperative_matrix'"),
                t.span,
            );
        }
        if t.template_args.len() != 2 {
            return err(
                format!(
                    "'{name}' requires two template arguments, a component type (f32 or f16) and a role (A, B or C), found {}",
                    t.template_args.len()
                ),
                t.span,
            );
        }
        let (e, r) = (self.list(t.template_args)[0], self.list(t.template_args)[1]);
        let ety = self.resolve_type(e)?;
        let scalar = match *self.module.inner(ety) {
            TypeInner::Scalar(s @ (Scalar::F32 | Scalar::F16)) => s,
            _ => {
                return err(
                    format!(
                        "the component type of '{name}' must be 'f32' or 'f16', found '{}'",
                        self.type_name(ety)
                    ),
                    self.span(e),
                )
            }
        };
        let kind = self.coop_role(r)?;
        Ok(self.module.intern(TypeInner::SubgroupMatrix {
            kind,
            scalar,
            columns: MatrixDim::Constant(n),
            rows: MatrixDim::Constant(n),
        }))
    }

    /// A cooperative-matrix role: the predeclared enumerants `A`, `B`, `C`.
    fn coop_role(&self, e: ExprId) -> Res<SubgroupMatrixKind> {
        let span = self.span(e);
        let msg = "expected a cooperative matrix role: 'A', 'B' or 'C'";
        let ast::Expr::Ident(t) = &self.ast(e) else {
            return err(msg, span);
        };
        let name = t.ident.name;
        let kind = match name {
            "A" => SubgroupMatrixKind::Left,
            "B" => SubgroupMatrixKind::Right,
            "C" => SubgroupMatrixKind::Result,
            _ => return err(format!("{msg}, found '{name}'"), span),
        };
        let shadowed = self.names.contains_key(name)
            || self.f.as_ref().is_some_and(|f| f.lookup(name).is_some());
        if shadowed {
            return err(
                format!(
                    "'{name}' resolves to a declaration, not the cooperative matrix role '{name}'"
                ),
                span,
            );
        }
        if !t.template_args.is_empty() {
            return err(msg, span);
        }
        Ok(kind)
    }

    /// A type template argument of a builtin call: like any type, except
    /// that `i8`/`u8` are allowed (as a subgroup-matrix result component).
    pub(crate) fn builtin_template_type(&mut self, e: ExprId) -> Res<Handle<Type>> {
        if let ast::Expr::Ident(t) = &self.ast(e) {
            if t.template_args.is_empty() && !self.names.contains_key(t.ident.name) {
                if let Some(s @ (Scalar::I8 | Scalar::U8 | Scalar::BF16)) =
                    scalar_name(t.ident.name)
                {
                    // The 8-bit matrix element types of the
                    // cooperative-vector products need no subgroup-matrix
                    // extension (the builtins check where they may go).
                    let coop_vec_byte = s != Scalar::BF16
                        && self
                            .module
                            .extensions
                            .contains(Extensions::TESSERA_COOPERATIVE_VECTOR);
                    if !coop_vec_byte {
                        self.check_scalar_allowed(s, self.span(e), true)?;
                    }
                    return Ok(self.module.intern(TypeInner::Scalar(s)));
                }
            }
        }
        self.resolve_type(e)
    }

    fn resolve_type_matrix_component(&mut self, e: ExprId) -> Res<Scalar> {
        let span = self.span(e);
        if let ast::Expr::Ident(t) = &self.ast(e) {
            if t.template_args.is_empty() && !self.names.contains_key(t.ident.name) {
                if let Some(s @ (Scalar::I8 | Scalar::U8 | Scalar::BF16)) =
                    scalar_name(t.ident.name)
                {
                    self.check_scalar_allowed(s, span, true)?;
                    return Ok(s);
                }
            }
        }
        let ty = self.resolve_type(e)?;
        match *self.module.inner(ty) {
            TypeInner::Scalar(s @ (Scalar::F32 | Scalar::F16 | Scalar::I32 | Scalar::U32)) => Ok(s),
            _ => err(
                "subgroup_matrix element type must be f32, f16, i32, u32, i8, u8 or bf16",
                span,
            ),
        }
    }

    fn matrix_dim(&mut self, e: ExprId, what: &str) -> Res<MatrixDim> {
        let span = self.span(e);
        let msg = format!("subgroup matrix {what} count must be a constant positive integer");
        let v = self.expr(e, Stage::Override)?;
        match v {
            Val::Const(Value::Scalar(l)) => {
                let n = match l {
                    Literal::I32(x) => x as i64,
                    Literal::U32(x) => x as i64,
                    Literal::AbstractInt(x) => x,
                    _ => return err(msg, span),
                };
                match u32::try_from(n) {
                    Ok(n) if n > 0 => Ok(MatrixDim::Constant(n)),
                    _ => err(msg, span),
                }
            }
            Val::Override { .. }
                if self
                    .module
                    .extensions
                    .contains(Extensions::SUBGROUP_MATRIX_STANDARD) =>
            {
                err(
                    format!("subgroup matrix {what} count must be a const-expression with 'enable subgroup_matrix;', found an override-expression"),
                    span,
                )
            }
            Val::Override { expr, ty } => {
                if let Expression::Override(h) = self.module.global_expressions[expr] {
                    if matches!(
                        self.module.inner(ty),
                        TypeInner::Scalar(Scalar::I32 | Scalar::U32)
                    ) {
                        return Ok(MatrixDim::Override(h));
                    }
                    return err(msg, span);
                }
                err(
                    format!(
                        "subgroup matrix {what} count must be a const-expression or the name of an override, not an override-expression"
                    ),
                    span,
                )
            }
            _ => err(msg, span),
        }
    }
}

/// The default access mode of an address space.
pub(crate) fn default_access(space: AddressSpace) -> Access {
    match space {
        AddressSpace::Uniform
        | AddressSpace::Storage
        | AddressSpace::Handle
        | AddressSpace::Immediate => Access::Read,
        _ => Access::ReadWrite,
    }
}

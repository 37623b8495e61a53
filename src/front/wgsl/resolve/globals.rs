//! Module-scope declarations: aliases, structs, `const`, `override`,
//! `var`, `const_assert`, and attribute arguments.

use super::super::ast::{self, Attribute, GlobalDecl};
use super::{err, GlobalItem, Res, Resolver, Stage, Val};
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::diagnostic::Diagnostic;
use crate::ir::layout::MemberAttrs;
use crate::ir::{
    self, Access, AddressSpace, ArraySize, Expression, Literal, ResourceBinding, Scalar, Type,
    TypeInner,
};
use crate::span::Span;

impl<'t, 'a> Resolver<'t, 'a> {
    /// Resolves the module-scope declaration number `i`.
    pub(super) fn global_decl(&mut self, i: usize) -> Res<GlobalItem> {
        let tu = self.tu;
        match &tu.decls[i] {
            GlobalDecl::Alias(a) => Ok(GlobalItem::Type(self.resolve_type(a.ty)?)),
            GlobalDecl::Struct(s) => self.struct_decl(s),
            GlobalDecl::Const(c) => {
                let v = self.const_decl(c)?;
                Ok(GlobalItem::Const(v))
            }
            GlobalDecl::Override(o) => self.override_decl(o),
            GlobalDecl::Var(v) => self.global_var(v),
            GlobalDecl::Fn(f) => self.function(f),
            GlobalDecl::ConstAssert(c) => {
                self.const_assert(c.expr)?;
                Ok(GlobalItem::Poisoned)
            }
        }
    }

    /// Evaluates a `const_assert`.
    pub(crate) fn const_assert(&mut self, e: ast::ExprId) -> Res<()> {
        let span = self.span(e);
        match self.const_value(e)? {
            Value::Scalar(Literal::Bool(true)) => Ok(()),
            Value::Scalar(Literal::Bool(false)) => err("const assertion failed", span),
            _ => err("const assertion requires a 'bool' expression", span),
        }
    }

    /// Resolves a `const` declaration's value (module or function scope).
    pub(crate) fn const_decl(&mut self, c: &ast::ValueDecl<'a>) -> Res<Value> {
        let Some(init) = c.init else {
            return err("'const' declarations require an initializer", c.name.span);
        };
        let span = self.span(init);
        let declared = match c.ty {
            Some(t) => Some(self.resolve_type(t)?),
            None => None,
        };
        let v = match self.value(init, Stage::Const) {
            Ok(v) => v,
            Err(e) if e.message.contains("cannot be used in a const-expression") => {
                return Err(e);
            }
            Err(e) => return Err(e),
        };
        let v = match declared {
            Some(ty) => {
                if matches!(self.module.inner(ty), TypeInner::SubgroupMatrix { .. }) {
                    return err(
                        "const initializer requires a const-expression, but subgroup matrix values are runtime-expressions",
                        span,
                    );
                }
                self.convert_to(v, ty, span)?
            }
            None => v,
        };
        match v {
            Val::Const(v) => Ok(v),
            _ => err("const initializer requires a const-expression", span),
        }
    }

    fn override_decl(&mut self, o: &ast::ValueDecl<'a>) -> Res<GlobalItem> {
        let mut id = None;
        for a in &o.attributes {
            match a.name.name {
                "id" => {
                    let n = self.attr_u32(a)?;
                    match u16::try_from(n) {
                        Ok(n) => id = Some(n),
                        Err(_) => {
                            return err(
                                format!("@id value {n} is out of range (0 to 65535)"),
                                a.span,
                            )
                        }
                    }
                }
                other => {
                    return err(
                        format!("attribute '@{other}' is not valid for an override"),
                        a.name.span,
                    )
                }
            }
        }
        let declared = match o.ty {
            Some(t) => Some(self.resolve_type(t)?),
            None => None,
        };
        let init = match o.init {
            Some(e) => {
                let span = self.span(e);
                let v = self.value(e, Stage::Override)?;
                let v = match declared {
                    Some(ty) => self.convert_to(v, ty, span)?,
                    None => self.concretize(v, span)?,
                };
                let ty = self.val_ty(&v);
                Some((self.lift(v, Stage::Override, span)?, ty))
            }
            None => None,
        };
        let ty = match (declared, init) {
            (Some(t), _) => t,
            (None, Some((_, t))) => t,
            (None, None) => {
                return err(
                    "'override' declarations require a type or an initializer",
                    o.name.span,
                )
            }
        };
        if !matches!(
            self.module.inner(ty),
            TypeInner::Scalar(Scalar::Bool | Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16)
        ) {
            return err(
                format!(
                    "type '{}' cannot be used as the type of an 'override'",
                    self.type_name(ty)
                ),
                o.ty.map_or(o.name.span, |t| self.span(t)),
            );
        }
        if let Some(id) = id {
            if let Some((_, other)) = self.module.overrides.iter().find(|(_, x)| x.id == Some(id)) {
                return err(
                    format!("@id({id}) is already used by override '{}'", other.name),
                    o.name.span,
                );
            }
        }
        let h = self.module.overrides.append(
            ir::Override {
                name: o.name.name.to_string(),
                id,
                ty,
                init: init.map(|(e, _)| e),
            },
            o.span,
        );
        let expr = self
            .module
            .add_global_expression(Expression::Override(h), ty, o.name.span);
        Ok(GlobalItem::Override(expr, ty))
    }

    fn struct_decl(&mut self, s: &'t ast::StructDecl<'a>) -> Res<GlobalItem> {
        if let Some(m) = s.members.get(super::limits::MAX_STRUCT_MEMBERS) {
            return err(
                format!(
                    "struct '{}' has {} members, more than the limit of {}",
                    s.name.name,
                    s.members.len(),
                    super::limits::MAX_STRUCT_MEMBERS
                ),
                m.name.span,
            );
        }
        let mut members = Vec::with_capacity(s.members.len());
        let mut location_spans = Vec::with_capacity(s.members.len());
        let mut attrs = Vec::with_capacity(s.members.len());
        let mut seen: rustc_hash::FxHashMap<&str, Span> = Default::default();
        for (i, m) in s.members.iter().enumerate() {
            if let Some(&prev) = seen.get(m.name.name) {
                return Err(Box::new(
                    Diagnostic::error(
                        format!("redeclaration of member '{}'", m.name.name),
                        m.name.span,
                    )
                    .with_label(prev, "previous declaration here"),
                ));
            }
            seen.insert(m.name.name, m.name.span);
            let ty = self.resolve_type(m.ty)?;
            let tspan = self.span(m.ty);
            match self.module.inner(ty) {
                TypeInner::Pointer { .. } => {
                    return err("a pointer cannot be used as a struct member type", tspan)
                }
                TypeInner::CoopVector { .. } => {
                    return err("a cooperative vector cannot be used as a struct member type", tspan)
                }
                TypeInner::Image { .. }
                | TypeInner::Sampler { .. }
                | TypeInner::BindingArray { .. } => {
                    return err(
                        format!(
                            "'{}' cannot be used as a struct member type: textures and samplers are not in memory",
                            self.type_name(ty)
                        ),
                        tspan,
                    )
                }
                TypeInner::Array {
                    size: ArraySize::Runtime,
                    ..
                } if i + 1 != s.members.len() => {
                    return err(
                        "a runtime-sized array can only be the last member of a struct",
                        tspan,
                    )
                }
                TypeInner::Struct { members: inner, .. }
                    if inner.last().is_some_and(|x| {
                        matches!(
                            self.module.inner(x.ty),
                            TypeInner::Array {
                                size: ArraySize::Runtime,
                                ..
                            }
                        )
                    }) =>
                {
                    return err(
                        "a struct containing a runtime-sized array cannot be a struct member",
                        tspan,
                    )
                }
                _ => {}
            }
            let layout = crate::ir::layout::layout(&self.module, ty);
            let mut a = MemberAttrs::default();
            let mut io = Vec::new();
            for at in &m.attributes {
                match at.name.name {
                    "align" => {
                        let n = self.attr_u32(at)?;
                        if n == 0 || !n.is_power_of_two() {
                            return err(
                                format!("@align value {n} must be a positive power of two"),
                                at.span,
                            );
                        }
                        if n < layout.align {
                            return err(
                                format!(
                                    "@align value {n} is smaller than the required alignment {} of '{}'",
                                    layout.align,
                                    self.type_name(ty)
                                ),
                                at.span,
                            );
                        }
                        a.align = Some(n);
                    }
                    "size" => {
                        let n = self.attr_u32(at)?;
                        if n < layout.size {
                            return err(
                                format!(
                                    "@size value {n} is smaller than the size {} of '{}'",
                                    layout.size,
                                    self.type_name(ty)
                                ),
                                at.span,
                            );
                        }
                        a.size = Some(n);
                    }
                    name if super::io::is_io_attribute(name) => io.push(at),
                    other => {
                        return err(
                            format!("attribute '@{other}' is not valid for a struct member"),
                            at.name.span,
                        )
                    }
                }
            }
            let binding = self.io_binding(&io, ty, true)?;
            location_spans.push(
                io.iter()
                    .find(|at| at.name.name == "location")
                    .map(|at| at.span),
            );
            attrs.push(a);
            members.push(ir::StructMember {
                name: m.name.name.to_string(),
                ty,
                binding,
                offset: 0,
                size: 0,
                align: 0,
            });
        }
        if members.is_empty() {
            return err("structures must have at least one member", s.name.span);
        }
        self.check_struct_locations(&members, &location_spans)?;
        let span = crate::ir::layout::layout_struct(&self.module, &mut members, &attrs);
        let ty = self.module.types.insert(
            Type {
                name: Some(s.name.name.to_string()),
                inner: TypeInner::Struct { members, span },
            },
            s.span,
        );
        self.check_nesting(ty, s.name.span)?;
        Ok(GlobalItem::Type(ty))
    }

    /// A non-negative integer const-expression attribute argument.
    pub(crate) fn attr_u32(&mut self, a: &Attribute<'a>) -> Res<u32> {
        let [e] = self.list(a.args) else {
            return err(
                format!("@{} requires exactly one argument", a.name.name),
                a.span,
            );
        };
        let span = self.span(*e);
        let v = self.const_value(*e)?;
        let n = match v {
            Value::Scalar(Literal::I32(x)) => x as i64,
            Value::Scalar(Literal::U32(x)) => x as i64,
            Value::Scalar(Literal::AbstractInt(x)) => x,
            _ => {
                return err(
                    format!("@{} argument must be an 'i32' or 'u32' value", a.name.name),
                    span,
                )
            }
        };
        match u32::try_from(n) {
            Ok(n) => Ok(n),
            Err(_) => err(
                format!("@{} value {n} must be non-negative", a.name.name),
                span,
            ),
        }
    }

    fn global_var(&mut self, v: &'t ast::VarDecl<'a>) -> Res<GlobalItem> {
        // Type errors (e.g. textures) are more useful than address-space ones.
        let declared = match v.ty {
            Some(t) => Some(self.resolve_type(t)?),
            None => None,
        };
        let handle = declared.is_some_and(|t| super::types::is_handle(&self.module, t));
        if handle && !v.template_args.is_empty() {
            return err(
                format!(
                    "variables of type '{}' are in the 'handle' address space, which cannot be written",
                    declared.map_or_else(String::new, |t| self.type_name(t))
                ),
                self.span(self.list(v.template_args)[0]),
            );
        }
        let (space, access) = match self.list(v.template_args) {
            [] if handle => (AddressSpace::Handle, Access::Read),
            [] => {
                return err(
                    "module-scope 'var' declarations must specify an address space",
                    v.name.span,
                )
            }
            [s] => {
                let s = self.address_space(*s)?;
                (s, super::types::default_access(s))
            }
            [s, a] => {
                let sp = self.address_space(*s)?;
                let acc = self.access_mode(*a)?;
                if sp != AddressSpace::Storage {
                    return err(
                        format!(
                            "only variables in the 'storage' address space may specify an access mode, not '{}'",
                            sp.wgsl_name()
                        ),
                        self.span(*a),
                    );
                }
                if acc == Access::Write {
                    return err(
                        "storage variables cannot have 'write' access; use 'read' or 'read_write'",
                        self.span(*a),
                    );
                }
                (sp, acc)
            }
            _ => return err("too many template arguments for 'var'", v.span),
        };
        if space == AddressSpace::Function {
            return err(
                "module-scope variables cannot be in the 'function' address space",
                v.span,
            );
        }
        let mut group = None;
        let mut binding = None;
        let mut input_attachment_index = None;
        for a in &v.attributes {
            match a.name.name {
                "group" => group = Some((self.attr_u32(a)?, a.span)),
                "binding" => binding = Some((self.attr_u32(a)?, a.span)),
                "input_attachment_index" => {
                    if !self
                        .module
                        .extensions
                        .contains(crate::ir::Extensions::INPUT_ATTACHMENTS)
                    {
                        return err(
                            "use of '@input_attachment_index' requires enabling extension 'chromium_internal_input_attachments'",
                            a.span,
                        );
                    }
                    input_attachment_index = Some((self.attr_u32(a)?, a.span));
                }
                other => {
                    return err(
                        format!("attribute '@{other}' is not valid for a variable"),
                        a.name.span,
                    )
                }
            }
        }
        let init = match v.init {
            Some(e) => {
                let span = self.span(e);
                if space != AddressSpace::Private {
                    return err(
                        format!(
                            "variables in the '{}' address space cannot have an initializer",
                            space.wgsl_name()
                        ),
                        span,
                    );
                }
                let val = self.value(e, Stage::Override)?;
                let val = match declared {
                    Some(ty) => self.convert_to(val, ty, span)?,
                    None => self.concretize(val, span)?,
                };
                let ty = self.val_ty(&val);
                Some((self.lift(val, Stage::Override, span)?, ty))
            }
            None => None,
        };
        let ty = match (declared, init) {
            (Some(t), _) => t,
            (None, Some((_, t))) => t,
            (None, None) => {
                return err(
                    "'var' declarations require a type or an initializer",
                    v.name.span,
                )
            }
        };
        let tspan = v.ty.map_or(v.name.span, |t| self.span(t));
        self.check_var_type(ty, space, tspan)?;
        let is_input_attachment = matches!(
            self.module.inner(ty),
            TypeInner::Image {
                class: crate::ir::ImageClass::InputAttachment { .. },
                ..
            }
        );
        match input_attachment_index {
            Some((_, s)) if !is_input_attachment => {
                return Err(Box::new(
                    Diagnostic::error(
                        format!(
                            "cannot apply '@input_attachment_index' to declaration of type '{}'",
                            self.type_name(ty)
                        ),
                        s,
                    )
                    .with_note(
                        "'@input_attachment_index' must only be applied to declarations of 'input_attachment' type",
                    ),
                ))
            }
            None if is_input_attachment && group.is_some() && binding.is_some() => {
                return err(
                    "'input_attachment' variables require an @input_attachment_index attribute",
                    v.name.span,
                )
            }
            _ => {}
        }
        let rb = match (space, group, binding) {
            (
                AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Handle,
                Some((g, _)),
                Some((b, _)),
            ) => Some(ResourceBinding {
                group: g,
                binding: b,
            }),
            (AddressSpace::Uniform | AddressSpace::Storage, _, _) => {
                return err(
                    format!(
                        "'{}' variables require @group and @binding attributes",
                        space.wgsl_name()
                    ),
                    v.name.span,
                )
            }
            (AddressSpace::Handle, _, _) => {
                return err(
                    format!(
                        "variables of type '{}' require @group and @binding attributes",
                        self.type_name(ty)
                    ),
                    v.name.span,
                )
            }
            (_, Some((_, s)), _) | (_, _, Some((_, s))) => {
                return err(
                    format!(
                        "@group and @binding are not valid for variables in the '{}' address space",
                        space.wgsl_name()
                    ),
                    s,
                )
            }
            _ => None,
        };
        let h = self.module.global_variables.append(
            ir::GlobalVariable {
                name: v.name.name.to_string(),
                space,
                access,
                binding: rb,
                ty,
                init: init.map(|(e, _)| e),
                input_attachment_index: input_attachment_index.map(|(n, _)| n),
            },
            v.span,
        );
        Ok(GlobalItem::Var(h))
    }

    /// Checks a variable's store type against its address space.
    pub(crate) fn check_var_type(
        &mut self,
        ty: Handle<Type>,
        space: AddressSpace,
        span: Span,
    ) -> Res<()> {
        if super::types::is_handle(&self.module, ty) != (space == AddressSpace::Handle) {
            return err(
                if space == AddressSpace::Handle {
                    format!(
                        "type '{}' is not a texture or sampler type",
                        self.type_name(ty)
                    )
                } else if space == AddressSpace::Function {
                    format!(
                        "type '{}' cannot be the type of a function-scope 'var': textures and samplers are only module-scope variables (without an address space) and function parameters",
                        self.type_name(ty)
                    )
                } else {
                    format!(
                        "type '{}' cannot be used in the '{}' address space: texture and sampler variables are declared without an address space",
                        self.type_name(ty),
                        space.wgsl_name()
                    )
                },
                span,
            );
        }
        if !super::types::is_storable(&self.module, ty) {
            return err(
                format!(
                    "type '{}' cannot be used as the type of a 'var'",
                    self.type_name(ty)
                ),
                span,
            );
        }
        if self.module.contains_subgroup_matrix(ty)
            && matches!(
                space,
                AddressSpace::Workgroup
                    | AddressSpace::Storage
                    | AddressSpace::Uniform
                    | AddressSpace::Immediate
            )
        {
            return err(
                format!(
                    "subgroup matrix types cannot be declared in the '{}' address space",
                    space.wgsl_name()
                ),
                span,
            );
        }
        let runtime_sized = match self.module.inner(ty) {
            TypeInner::Array {
                size: ArraySize::Runtime,
                ..
            } => true,
            TypeInner::Struct { members, .. } => members.last().is_some_and(|m| {
                matches!(
                    self.module.inner(m.ty),
                    TypeInner::Array {
                        size: ArraySize::Runtime,
                        ..
                    }
                )
            }),
            _ => false,
        };
        if runtime_sized && space != AddressSpace::Storage {
            return err(
                format!(
                    "runtime-sized arrays can only be used in the 'storage' address space, not '{}'",
                    space.wgsl_name()
                ),
                span,
            );
        }
        self.check_atomic_vector_space(ty, space, span)?;
        if space == AddressSpace::PixelLocal {
            self.check_pixel_local_type(ty, span)?;
        }
        if contains_atomic(&self.module, ty)
            && !matches!(space, AddressSpace::Storage | AddressSpace::Workgroup)
        {
            return err(
                format!(
                    "atomic types can only be used in the 'storage' or 'workgroup' address space, not '{}'",
                    space.wgsl_name()
                ),
                span,
            );
        }
        // Immediate data: a constructible host-shareable type without arrays
        // (WGSL spec, "immediate data").
        if space == AddressSpace::Immediate
            && self
                .module
                .any_component(ty, &|t| matches!(t, TypeInner::Array { .. }))
        {
            return err(
                format!(
                    "type '{}' cannot be used in the 'immediate' address space because it contains an array",
                    self.type_name(ty)
                ),
                span,
            );
        }
        if matches!(
            space,
            AddressSpace::Uniform | AddressSpace::Storage | AddressSpace::Immediate
        ) && self.module.any_component(ty, &|t| {
            matches!(t.scalar(), Some(Scalar::Bool))
                && !matches!(t, TypeInner::SubgroupMatrix { .. })
        }) {
            return err(
                format!(
                    "type '{}' cannot be used in the '{}' address space because it is not host-shareable",
                    self.type_name(ty),
                    space.wgsl_name()
                ),
                span,
            );
        }
        if has_override_size(&self.module, ty) && space != AddressSpace::Workgroup {
            return err(
                "override-sized arrays can only be used in the 'workgroup' address space",
                span,
            );
        }
        Ok(())
    }
}

impl Resolver<'_, '_> {
    /// The store type of a `pixel_local` variable: a structure whose
    /// members are `i32`, `u32` or `f32` (Tint's rules).
    fn check_pixel_local_type(&self, ty: Handle<Type>, span: Span) -> Res<()> {
        let TypeInner::Struct { members, .. } = self.module.inner(ty) else {
            return err(
                format!(
                    "'pixel_local' variables must have a structure type, not '{}'",
                    self.type_name(ty)
                ),
                span,
            );
        };
        for m in members {
            if !matches!(
                self.module.inner(m.ty),
                TypeInner::Scalar(Scalar::I32 | Scalar::U32 | Scalar::F32)
            ) {
                return err(
                    format!(
                        "the members of a structure in the 'pixel_local' address space can only be 'i32', 'u32' or 'f32', but '{}' of '{}' is '{}'",
                        m.name,
                        self.type_name(ty),
                        self.type_name(m.ty)
                    ),
                    span,
                );
            }
        }
        Ok(())
    }

    /// `atomic<vec2<u32>>` (`enable atomic_vec2u_min_max;`), alone or in a
    /// structure or array, is only in the 'storage' address space (as Tint
    /// rules: a variable's or a pointer's store type).
    pub(crate) fn check_atomic_vector_space(
        &self,
        ty: Handle<Type>,
        space: AddressSpace,
        span: Span,
    ) -> Res<()> {
        if space != AddressSpace::Storage
            && self.module.any_component(ty, &TypeInner::is_atomic_vector)
        {
            return err(
                format!(
                    "atomic variables of type 'vec2<u32>' can only be in the 'storage' address space, not '{}'",
                    space.wgsl_name()
                ),
                span,
            );
        }
        Ok(())
    }
}

fn contains_atomic(module: &ir::Module, ty: Handle<Type>) -> bool {
    module.any_component(ty, &|t| matches!(t, TypeInner::Atomic { .. }))
}

fn has_override_size(module: &ir::Module, ty: Handle<Type>) -> bool {
    module.any_component(ty, &|t| {
        matches!(
            t,
            TypeInner::Array {
                size: ArraySize::Override(_),
                ..
            }
        )
    })
}

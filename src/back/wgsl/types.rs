//! Spelling types and declaring structs.

use std::fmt::Write as _;

use super::expr::{Scope, TEMPLATE_ARG};
use super::{error, Ctx, MAX_DEPTH};
use crate::arena::Handle;
use crate::diagnostic::Error;
use crate::ir::layout::{self, MemberAttrs};
use crate::ir::{AddressSpace, ArraySize, MatrixDim, Scalar, Type, TypeInner};
use crate::span::Span;

/// Whether a struct type is one of WGSL's predeclared builtin result
/// structures (`__frexp_result_f32`, `__modf_result_vec3_f32`,
/// `__atomic_compare_exchange_result_i32`, ...), which cannot be spelled.
pub fn is_predeclared_struct(ty: &Type) -> bool {
    matches!(ty.inner, TypeInner::Struct { .. })
        && ty.name.as_deref().is_some_and(|n| n.starts_with("__"))
}

/// The WGSL spelling of a scalar outside subgroup-matrix templates.
fn scalar_name(scalar: Scalar, span: Span) -> Result<&'static str, Error> {
    match scalar {
        Scalar::Bool | Scalar::I32 | Scalar::U32 | Scalar::F32 | Scalar::F16 => {
            Ok(scalar.wgsl_name())
        }
        Scalar::AbstractInt | Scalar::AbstractFloat => Err(error(
            format!("cannot write the abstract type `{}`", scalar.wgsl_name()),
            span,
        )),
        Scalar::I8 | Scalar::U8 | Scalar::BF16 => Err(error(
            format!(
                "`{}` can only be written as a subgroup matrix component type",
                scalar.wgsl_name()
            ),
            span,
        )),
    }
}

impl Ctx<'_> {
    /// The type with handle `ty`, or an error if the handle is invalid.
    pub fn ty(&self, ty: Handle<Type>) -> Result<&Type, Error> {
        self.module
            .types
            .try_get(ty)
            .ok_or_else(|| Error::without_location(format!("invalid type handle {ty:?}")))
    }

    /// Appends the WGSL spelling of `ty` to `out`.
    pub fn write_type(&self, ty: Handle<Type>, out: &mut String) -> Result<(), Error> {
        self.write_type_depth(ty, out, 0)
    }

    /// The WGSL spelling of `ty`.
    pub fn type_string(&self, ty: Handle<Type>) -> Result<String, Error> {
        let mut s = String::new();
        self.write_type(ty, &mut s)?;
        Ok(s)
    }

    fn write_type_depth(
        &self,
        ty: Handle<Type>,
        out: &mut String,
        depth: u32,
    ) -> Result<(), Error> {
        let span = self.module.types.span(ty);
        if depth > MAX_DEPTH {
            return Err(error("type is nested too deeply to be written", span));
        }
        let t = self.ty(ty)?;
        match t.inner {
            TypeInner::Scalar(s) => out.push_str(scalar_name(s, span)?),
            TypeInner::Vector { size, scalar } => {
                let _ = write!(out, "vec{}<{}>", size.get(), scalar_name(scalar, span)?);
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let _ = write!(
                    out,
                    "mat{}x{}<{}>",
                    columns.get(),
                    rows.get(),
                    scalar_name(scalar, span)?
                );
            }
            TypeInner::Atomic { scalar, size: None } => {
                let _ = write!(out, "atomic<{}>", scalar_name(scalar, span)?);
            }
            TypeInner::Atomic {
                scalar,
                size: Some(size),
            } => {
                let _ = write!(
                    out,
                    "atomic<vec{}<{}>>",
                    size.get(),
                    scalar_name(scalar, span)?
                );
            }
            TypeInner::Pointer {
                base,
                space,
                access,
            } => {
                let _ = write!(out, "ptr<{}, ", address_space_name(space, span)?);
                self.write_type_depth(base, out, depth + 1)?;
                if space == AddressSpace::Storage {
                    let _ = write!(out, ", {}", access.wgsl_name());
                }
                out.push('>');
            }
            TypeInner::Array { base, size, stride } => {
                let natural = layout::array_stride(self.module, base);
                if stride != natural {
                    return Err(error(
                        format!(
                            "array stride {stride} differs from the natural stride {natural} \
                             and cannot be expressed in WGSL"
                        ),
                        span,
                    ));
                }
                out.push_str("array<");
                self.write_type_depth(base, out, depth + 1)?;
                match size {
                    ArraySize::Constant(n) => {
                        let _ = write!(out, ", {n}");
                    }
                    ArraySize::Override(expr) => {
                        out.push_str(", ");
                        self.write_expr(Scope::Global, expr, TEMPLATE_ARG, out, 0)?;
                    }
                    ArraySize::Runtime => {}
                }
                out.push('>');
            }
            TypeInner::BindingArray { base, size } => {
                out.push_str("binding_array<");
                self.write_type_depth(base, out, depth + 1)?;
                match size {
                    Some(n) => {
                        let _ = write!(out, ", {n}>");
                    }
                    None => out.push('>'),
                }
            }
            TypeInner::Buffer { size } => {
                out.push_str("buffer");
                match size {
                    ArraySize::Constant(n) => {
                        let _ = write!(out, "<{n}>");
                    }
                    ArraySize::Override(expr) => {
                        out.push('<');
                        self.write_expr(Scope::Global, expr, TEMPLATE_ARG, out, 0)?;
                        out.push('>');
                    }
                    ArraySize::Runtime => {}
                }
            }
            TypeInner::Struct { .. } => {
                if is_predeclared_struct(t) && holds_target_operations(self.module) {
                    // An IR dump of a module the MSL lowering left target
                    // operations in (not WGSL): the type's own name.
                    out.push_str(t.name.as_deref().unwrap_or_default());
                    return Ok(());
                }
                if is_predeclared_struct(t) {
                    return Err(error(
                        format!(
                            "the predeclared type `{}` cannot be spelled in WGSL",
                            t.name.as_deref().unwrap_or_default()
                        ),
                        span,
                    ));
                }
                match self.names.types.get(ty.index()).and_then(|n| n.as_deref()) {
                    Some(name) => out.push_str(name),
                    None => return Err(error("struct type has no declared name", span)),
                }
            }
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => out.push_str(&crate::ir::image_type_name(dim, arrayed, class)),
            TypeInner::Sampler { comparison } => out.push_str(if comparison {
                "sampler_comparison"
            } else {
                "sampler"
            }),
            TypeInner::CoopVector { scalar, size } => {
                let _ = write!(out, "coop_vec<{}, {size}>", scalar_name(scalar, span)?);
            }
            TypeInner::SubgroupMatrix {
                kind,
                scalar,
                columns,
                rows,
            } => {
                let component = match scalar {
                    Scalar::I8 | Scalar::U8 | Scalar::BF16 => scalar.wgsl_name(),
                    other => scalar_name(other, span)?,
                };
                let _ = write!(out, "{}<{}, ", kind.wgsl_name(), component);
                self.write_matrix_dim(columns, out, span)?;
                out.push_str(", ");
                self.write_matrix_dim(rows, out, span)?;
                out.push('>');
            }
        }
        Ok(())
    }

    fn write_matrix_dim(&self, dim: MatrixDim, out: &mut String, span: Span) -> Result<(), Error> {
        match dim {
            MatrixDim::Constant(n) => {
                let _ = write!(out, "{n}");
            }
            MatrixDim::Override(o) => match self.names.overrides.get(o.index()) {
                Some(name) => out.push_str(name),
                None => return Err(error(format!("invalid override handle {o:?}"), span)),
            },
        }
        Ok(())
    }

    /// Writes the declaration of struct `ty` (which must be a declarable
    /// struct) to `out`.
    pub fn write_struct_decl(&self, ty: Handle<Type>, out: &mut String) -> Result<(), Error> {
        let t = self.ty(ty)?;
        let span = self.module.types.span(ty);
        let (members, struct_span) = match &t.inner {
            TypeInner::Struct { members, span } => (members, *span),
            _ => return Err(error("not a struct type", span)),
        };
        if members.is_empty() {
            return Err(error("a struct must have at least one member", span));
        }
        let member_names = self
            .names
            .members
            .get(ty.index())
            .ok_or_else(|| error("struct member names missing", span))?;
        // Decide the attributes, then check that WGSL's layout rules with
        // those attributes reproduce the IR's offsets exactly.
        let mut attrs = Vec::with_capacity(members.len());
        for m in members {
            let natural = layout::layout(self.module, m.ty);
            attrs.push(MemberAttrs {
                align: (m.align != natural.align).then_some(m.align),
                size: (m.size != natural.size).then_some(m.size),
            });
        }
        let mut check = members.clone();
        let computed_span = layout::layout_struct(self.module, &mut check, &attrs);
        let offsets_match = check.iter().zip(members).all(|(a, b)| a.offset == b.offset);
        if !offsets_match || computed_span != struct_span {
            return Err(error(
                format!(
                    "the layout of struct `{}` cannot be expressed with `@align` and `@size`",
                    t.name.as_deref().unwrap_or_default()
                ),
                span,
            ));
        }
        let name = self
            .names
            .types
            .get(ty.index())
            .and_then(|n| n.as_deref())
            .ok_or_else(|| error("struct type has no declared name", span))?;
        let _ = writeln!(out, "struct {name} {{");
        for ((m, a), member_name) in members.iter().zip(&attrs).zip(member_names) {
            out.push_str("  ");
            if let Some(binding) = m.binding {
                super::write_binding(binding, out);
                out.push(' ');
            }
            if let Some(align) = a.align {
                let _ = write!(out, "@align({align}) ");
            }
            if let Some(size) = a.size {
                let _ = write!(out, "@size({size}) ");
            }
            let _ = write!(out, "{member_name}: ");
            self.write_type(m.ty, out)?;
            out.push_str(",\n");
        }
        out.push_str("}\n");
        Ok(())
    }
}

/// The spelling of an address space in `var<...>` and `ptr<...>`.
pub fn address_space_name(space: AddressSpace, span: Span) -> Result<&'static str, Error> {
    match space {
        AddressSpace::Handle => Err(error(
            "the `handle` address space cannot be written in WGSL",
            span,
        )),
        other => Ok(other.wgsl_name()),
    }
}

/// Whether a function of `module` holds a target operation
/// ([`crate::ir::Statement::Intrinsic`]): the module is an IR dump after
/// target lowering, not WGSL.
fn holds_target_operations(module: &crate::ir::Module) -> bool {
    module.functions.iter().any(|(_, f)| {
        let mut found = false;
        crate::ir::visit::walk_statements(&f.body, |st, _| {
            found |= matches!(st, crate::ir::Statement::Intrinsic { .. });
        });
        found
    })
}

//! Texture, sampler and texel-buffer types (`texture_2d<f32>`,
//! `texture_storage_2d<rgba8unorm, write>`, `texel_buffer<r32uint, read>`,
//! `sampler`, ...): their names and template arguments, mapped onto
//! [`TypeInner::Image`] and [`TypeInner::Sampler`].

use super::super::ast::{self, Directive};
use super::{err, Res, Resolver};
use crate::arena::Handle;
use crate::ir::{Access, ImageClass, ImageDimension, Scalar, TexelFormat, Type, TypeInner};

/// What a texture or sampler type name says before its template arguments.
#[derive(Clone, Copy)]
enum Shape {
    /// `texture_1d` ... `texture_multisampled_2d`: one sampled-type argument.
    Sampled(ImageDimension, bool, bool),
    /// `texture_depth_*`: no arguments.
    Depth(ImageDimension, bool, bool),
    /// `texture_storage_*`: format and access.
    Storage(ImageDimension, bool),
    /// `texel_buffer`: format and access.
    TexelBuffer,
    /// `texture_external`.
    External,
    /// `input_attachment` (`chromium_internal_input_attachments`): one
    /// component-type argument.
    InputAttachment,
    /// `sampler` / `sampler_comparison`.
    Sampler(bool),
}

fn shape(name: &str) -> Option<Shape> {
    use ImageDimension::{Cube, D1, D2, D3};
    Some(match name {
        "texture_1d" => Shape::Sampled(D1, false, false),
        "texture_2d" => Shape::Sampled(D2, false, false),
        "texture_2d_array" => Shape::Sampled(D2, true, false),
        "texture_3d" => Shape::Sampled(D3, false, false),
        "texture_cube" => Shape::Sampled(Cube, false, false),
        "texture_cube_array" => Shape::Sampled(Cube, true, false),
        "texture_multisampled_2d" => Shape::Sampled(D2, false, true),
        "texture_depth_2d" => Shape::Depth(D2, false, false),
        "texture_depth_2d_array" => Shape::Depth(D2, true, false),
        "texture_depth_cube" => Shape::Depth(Cube, false, false),
        "texture_depth_cube_array" => Shape::Depth(Cube, true, false),
        "texture_depth_multisampled_2d" => Shape::Depth(D2, false, true),
        "texture_storage_1d" => Shape::Storage(D1, false),
        "texture_storage_2d" => Shape::Storage(D2, false),
        "texture_storage_2d_array" => Shape::Storage(D2, true),
        "texture_storage_3d" => Shape::Storage(D3, false),
        "texel_buffer" => Shape::TexelBuffer,
        "texture_external" => Shape::External,
        "input_attachment" => Shape::InputAttachment,
        "sampler" => Shape::Sampler(false),
        "sampler_comparison" => Shape::Sampler(true),
        _ => return None,
    })
}

/// Whether `name` is a predeclared texture, sampler or texel-buffer type.
pub(crate) fn is_texture_type_name(name: &str) -> bool {
    shape(name).is_some()
}

impl<'t, 'a> Resolver<'t, 'a> {
    /// Resolves a texture, sampler or texel-buffer type; `None` if the name
    /// is not one.
    pub(crate) fn texture_type(
        &mut self,
        t: &ast::TemplatedIdent<'a>,
    ) -> Res<Option<Handle<Type>>> {
        let name = t.ident.name;
        let Some(shape) = shape(name) else {
            return Ok(None);
        };
        let args = self.list(t.template_args);
        let expect = |r: &Self, n: usize, what: &str| -> Res<()> {
            if args.len() == n {
                return Ok(());
            }
            let span = if args.len() > n {
                r.span(args[n])
            } else {
                t.span
            };
            err(
                if n == 0 {
                    format!("type '{name}' does not take template arguments")
                } else {
                    format!(
                        "'{name}' requires {n} template argument{} ({what}), found {}",
                        if n == 1 { "" } else { "s" },
                        args.len()
                    )
                },
                span,
            )
        };
        let inner = match shape {
            Shape::Sampled(dim, arrayed, multisampled) => {
                expect(self, 1, "the sampled type: 'f32', 'i32' or 'u32'")?;
                let kind = self.texel_scalar(args[0], &format!("the sampled type of '{name}'"))?;
                TypeInner::Image {
                    dim,
                    arrayed,
                    class: ImageClass::Sampled { kind, multisampled },
                }
            }
            Shape::Depth(dim, arrayed, multisampled) => {
                expect(self, 0, "")?;
                TypeInner::Image {
                    dim,
                    arrayed,
                    class: ImageClass::Depth { multisampled },
                }
            }
            Shape::Storage(dim, arrayed) => {
                expect(self, 2, "a texel format and an access mode")?;
                let (format, access) = self.format_and_access(name, args[0], args[1])?;
                TypeInner::Image {
                    dim,
                    arrayed,
                    class: ImageClass::Storage { format, access },
                }
            }
            Shape::TexelBuffer => {
                if !self.requires_feature("texel_buffers") {
                    return err(
                        "'texel_buffer' requires the 'texel_buffers' language feature ('requires texel_buffers;')",
                        t.ident.span,
                    );
                }
                expect(self, 2, "a texel format and an access mode")?;
                let (format, access) = self.format_and_access(name, args[0], args[1])?;
                if access == Access::Write {
                    return err(
                        "texel buffers cannot have 'write' access; use 'read' or 'read_write'",
                        self.span(args[1]),
                    );
                }
                TypeInner::Image {
                    dim: ImageDimension::Buffer,
                    arrayed: false,
                    class: ImageClass::Storage { format, access },
                }
            }
            Shape::External => {
                expect(self, 0, "")?;
                TypeInner::Image {
                    dim: ImageDimension::D2,
                    arrayed: false,
                    class: ImageClass::External,
                }
            }
            Shape::InputAttachment => {
                if !self
                    .module
                    .extensions
                    .contains(crate::ir::Extensions::INPUT_ATTACHMENTS)
                {
                    return err(
                        "use of 'input_attachment' requires enabling extension 'chromium_internal_input_attachments'",
                        t.span,
                    );
                }
                expect(self, 1, "the component type: 'f32', 'i32' or 'u32'")?;
                let kind =
                    self.texel_scalar(args[0], "the component type of 'input_attachment'")?;
                TypeInner::Image {
                    dim: ImageDimension::D2,
                    arrayed: false,
                    class: ImageClass::InputAttachment { kind },
                }
            }
            Shape::Sampler(comparison) => {
                expect(self, 0, "")?;
                TypeInner::Sampler { comparison }
            }
        };
        Ok(Some(self.module.intern(inner)))
    }

    /// The sampled or component type of a texture or input attachment
    /// (`what` names it in the error): `f32`, `i32` or `u32`.
    fn texel_scalar(&mut self, e: super::super::ast::ExprId, what: &str) -> Res<Scalar> {
        let ty = self.resolve_type(e)?;
        match *self.module.inner(ty) {
            TypeInner::Scalar(s @ (Scalar::F32 | Scalar::I32 | Scalar::U32)) => Ok(s),
            _ => err(
                format!(
                    "{what} must be 'f32', 'i32' or 'u32', found '{}'",
                    self.type_name(ty)
                ),
                self.span(e),
            ),
        }
    }

    fn format_and_access(
        &self,
        name: &str,
        f: ast::ExprId,
        a: ast::ExprId,
    ) -> Res<(TexelFormat, Access)> {
        let fname = match &self.ast(f) {
            ast::Expr::Ident(ti) if ti.template_args.is_empty() => Some(ti.ident.name),
            _ => None,
        };
        let format = match fname.and_then(TexelFormat::from_wgsl_name) {
            Some(format) => format,
            None => {
                let found = fname.unwrap_or("an expression");
                return Err(Box::new(
                    crate::diagnostic::Diagnostic::error(
                        format!("'{found}' is not a texel format of '{name}'"),
                        self.span(f),
                    )
                    .with_closest(found, TexelFormat::ALL.iter().map(|f| f.wgsl_name())),
                ));
            }
        };
        let access = self.access_mode(a)?;
        Ok((format, access))
    }

    /// Whether the module says `requires NAME;`.
    pub(crate) fn requires_feature(&self, name: &str) -> bool {
        self.tu.directives.iter().any(|d| match d {
            Directive::Requires(names, _) => names.iter().any(|n| n.name == name),
            _ => false,
        })
    }
}

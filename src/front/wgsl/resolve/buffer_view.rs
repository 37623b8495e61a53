//! The language feature `buffer_view`: the `buffer` and `buffer<N>` types,
//! and the rules on the constant arguments of `bufferView` and
//! `bufferArrayView` (WGSL "Buffer Types" and "Buffer View Built-in
//! Functions"). The builtins' type rules are rows of the builtin table
//! (`builtins/buffer_view.rs`); the `buffer-view` pass lowers them.

use super::super::ast::{self, ExprId};
use super::{err, Res, Resolver, Val};
use crate::arena::Handle;
use crate::const_eval::Value;
use crate::ir::layout::{array_offset, min_type_size, runtime_stride};
use crate::ir::{ArraySize, Extensions, Literal, Type, TypeInner};
use crate::span::Span;

impl<'a> Resolver<'a, '_> {
    /// `buffer` (runtime-sized) or `buffer<N>` (N bytes, a const- or
    /// override-expression).
    pub(super) fn buffer_type(&mut self, t: &ast::TemplatedIdent<'a>) -> Res<Handle<Type>> {
        let size = match self.list(t.template_args) {
            [] => ArraySize::Runtime,
            [n] => {
                let n = *n;
                let size = self.buffer_size(n)?;
                if let ArraySize::Constant(bytes) = size {
                    let f16 = self.module.extensions.contains(Extensions::F16);
                    let unit = if f16 { 2 } else { 4 };
                    if bytes % unit != 0 {
                        return err(
                            format!("the size of a buffer ({bytes}) must be a multiple of {unit}"),
                            self.span(n),
                        );
                    }
                }
                size
            }
            _ => return err("'buffer' takes at most 1 template argument", t.span),
        };
        Ok(self.module.intern(TypeInner::Buffer { size }))
    }

    /// `binding_array<T, N>` (language feature `sized_binding_array`): T a
    /// sampled texture (not multisampled, not depth, not storage, not
    /// external), N a const-expression.
    pub(super) fn binding_array_type(&mut self, t: &ast::TemplatedIdent<'a>) -> Res<Handle<Type>> {
        let (elem, count) = match self.list(t.template_args) {
            [e, n] => (*e, *n),
            [_] => {
                return err(
                    "binding_array count must be a constant expression (runtime-sized binding arrays are not supported)",
                    t.span,
                )
            }
            _ => return err("'binding_array' requires 2 template arguments", t.span),
        };
        let base = self.resolve_type(elem)?;
        let sampled = matches!(
            self.module.inner(base),
            TypeInner::Image {
                class: crate::ir::ImageClass::Sampled {
                    multisampled: false,
                    ..
                },
                ..
            }
        );
        if !sampled {
            return err(
                format!(
                    "binding_array element type must be a sampled texture type, not '{}'",
                    self.type_name(base)
                ),
                self.span(elem),
            );
        }
        let size = match self.array_count(count) {
            Ok(ArraySize::Constant(n)) => n,
            Ok(_) => {
                return err(
                    "binding_array count must be a constant expression",
                    self.span(count),
                )
            }
            Err(mut e) => {
                e.message = e
                    .message
                    .replace("array element count", "binding_array count");
                return Err(e);
            }
        };
        Ok(self.module.intern(TypeInner::BindingArray {
            base,
            size: Some(size),
        }))
    }

    /// A buffer pointer argument for a parameter of another buffer type:
    /// WGSL converts `ptr<AS, buffer<N1>, AM>` to `ptr<AS, buffer<N2>, AM>`
    /// when N2 < N1, and to `ptr<AS, buffer, AM>`. The call passes the
    /// pointer unchanged; the callee's `bufferLength` and views use its
    /// parameter's size ([`Self::parameter_buffer_size`]). `None` when the
    /// two types are not buffer pointers of one address space and access.
    pub(super) fn buffer_pointer_argument(
        &mut self,
        v: &Val,
        found: Handle<Type>,
        param: Handle<Type>,
        span: Span,
    ) -> Res<Option<Handle<crate::ir::Expression>>> {
        if found == param {
            return Ok(None);
        }
        let (Some((fs, fa, fsize)), Some((ps, pa, psize))) = (
            self.module.buffer_pointer(found),
            self.module.buffer_pointer(param),
        ) else {
            return Ok(None);
        };
        if fs != ps || fa != pa {
            return Ok(None);
        }
        let ok = match (fsize, psize) {
            (ArraySize::Constant(n1), ArraySize::Constant(n2)) => n2 < n1,
            (ArraySize::Constant(_), ArraySize::Runtime) => true,
            _ => false,
        };
        if !ok {
            return err(
                format!(
                    "cannot pass '{}' for a parameter of type '{}': a buffer pointer converts only to a smaller 'buffer<N>' or to a runtime-sized 'buffer'",
                    self.type_name(found),
                    self.type_name(param)
                ),
                span,
            );
        }
        let expr = self.lift(v.clone(), super::Stage::Runtime, span)?;
        let from_parameter = self.f.as_ref().is_some_and(|f| {
            matches!(
                f.func.expressions.try_get(expr),
                Some(crate::ir::Expression::FunctionArgument(_))
            )
        });
        if psize == ArraySize::Runtime && from_parameter {
            return err(
                format!(
                    "passing the parameter of type '{}' on to a runtime-sized buffer parameter is not supported yet: pass the variable itself, or keep the parameter's size",
                    self.type_name(found)
                ),
                span,
            );
        }
        Ok(Some(expr))
    }

    /// The size of the `buffer<N>` a pointer parameter `p` has as its type
    /// (`None` for a variable or a runtime-sized buffer): WGSL's buffer
    /// size in a function is the smallest `buffer<N>` parameter on the way
    /// from the variable, and conversions only make it smaller, so the
    /// parameter's own N bounds it.
    pub(super) fn parameter_buffer_size(&self, p: Handle<crate::ir::Expression>) -> Option<u32> {
        let f = self.f.as_ref()?;
        if !matches!(
            f.func.expressions.try_get(p),
            Some(crate::ir::Expression::FunctionArgument(_))
        ) {
            return None;
        }
        match self.module.buffer_pointer(f.func.expression_type(p))? {
            (_, _, ArraySize::Constant(n)) => Some(n),
            _ => None,
        }
    }

    /// `bufferLength` (`op` `BufferLength`) or a view (`BufferView`) of the
    /// arguments `args`, of type `ty`. Through a `buffer<N>` parameter the
    /// buffer is at most N bytes: the length is `min(length, N)`, and a
    /// runtime-sized view made by `bufferView` ends at byte N (it becomes
    /// the view of the N - offset bytes after its offset).
    pub(super) fn buffer_builtin(
        &mut self,
        op: crate::builtins::BuiltinOp,
        ty: Handle<Type>,
        args: &[Handle<crate::ir::Expression>],
        span: Span,
    ) -> Res<Handle<crate::ir::Expression>> {
        use crate::ir::{BinaryOperator, Expression, MathFunction, Scalar};
        let arg = |i: usize| match args.get(i) {
            Some(&h) => Ok(h),
            None => err("missing argument of a buffer builtin", span),
        };
        let pointer = arg(0)?;
        let bound = self.parameter_buffer_size(pointer);
        let u32_ty = self.module.intern(TypeInner::Scalar(Scalar::U32));
        let runtime_view = self
            .module
            .inner(ty)
            .pointee()
            .is_some_and(|v| runtime_stride(&self.module, v).is_some());
        let fs = self.fs(span)?;
        match op {
            crate::builtins::BuiltinOp::BufferView(array) => {
                let offset = arg(1)?;
                let size = match (array, bound) {
                    (true, _) => Some(arg(2)?),
                    (false, Some(n)) if runtime_view => {
                        let off = if fs.func.expression_type(offset) == u32_ty {
                            offset
                        } else {
                            let e = Expression::Convert {
                                expr: offset,
                                ty: u32_ty,
                            };
                            fs.add(e, u32_ty, span)
                        };
                        let n = fs.add(Expression::Literal(Literal::U32(n)), u32_ty, span);
                        let e = Expression::Binary {
                            op: BinaryOperator::Subtract,
                            left: n,
                            right: off,
                        };
                        Some(fs.add(e, u32_ty, span))
                    }
                    (false, _) => None,
                };
                let e = Expression::BufferView {
                    pointer,
                    offset,
                    size,
                };
                Ok(fs.add(e, ty, span))
            }
            _ => {
                let len = fs.add(Expression::BufferLength(pointer), ty, span);
                let Some(n) = bound else {
                    return Ok(len);
                };
                let n = fs.add(Expression::Literal(Literal::U32(n)), u32_ty, span);
                Ok(fs.add(
                    Expression::Math {
                        fun: MathFunction::Min,
                        args: crate::ir::MathArgs::from_slice(&[len, n]),
                    },
                    ty,
                    span,
                ))
            }
        }
    }

    /// A buffer's byte count, as an array's element count is resolved.
    fn buffer_size(&mut self, n: ExprId) -> Res<ArraySize> {
        self.array_count(n).map_err(|mut e| {
            e.message = e.message.replace("array element count", "buffer size");
            e
        })
    }

    /// The rules on the constant arguments of a buffer view: an offset or
    /// size that is a negative const-expression, a const offset that is
    /// not a multiple of the view type's alignment, and a view that cannot
    /// fit (MinTypeSize(T) larger than the size, or than a `buffer<N>`).
    pub(super) fn check_buffer_view(
        &mut self,
        view_ptr: Handle<Type>,
        vals: &[Val],
        args: &[ExprId],
        array: bool,
    ) -> Res<()> {
        let TypeInner::Pointer { base: view, .. } = *self.module.inner(view_ptr) else {
            return Ok(());
        };
        let buffer_bytes =
            vals.first()
                .map(|v| self.val_ty(v))
                .and_then(|t| match *self.module.inner(t) {
                    TypeInner::Pointer { base, .. } => match *self.module.inner(base) {
                        TypeInner::Buffer {
                            size: ArraySize::Constant(n),
                        } => Some(u64::from(n)),
                        _ => None,
                    },
                    _ => None,
                });
        let min = u64::from(min_type_size(&self.module, view));
        let align = u64::from(crate::ir::layout::layout(&self.module, view).align);
        let at = |i: usize| args.get(i).copied();
        let offset = self.const_byte_count(vals.get(1), at(1), "offset")?;
        let size = if array {
            self.const_byte_count(vals.get(2), at(2), "size")?
        } else {
            None
        };
        let span = |r: &Self, i: usize| at(i).map_or(Span::default(), |a| r.span(a));
        if let Some(off) = offset {
            if off % align != 0 {
                return err(
                    format!(
                        "the offset of a buffer view ({off}) must be a multiple of the alignment of '{}' ({align})",
                        self.type_name(view)
                    ),
                    span(self, 1),
                );
            }
        }
        if let Some(n) = buffer_bytes {
            if min > n {
                return err(
                    format!(
                        "'{}' needs at least {min} bytes, more than the buffer's {n}",
                        self.type_name(view)
                    ),
                    span(self, 0),
                );
            }
        }
        if array {
            if let Some(sz) = size {
                if min > sz {
                    return err(
                        format!(
                            "'{}' needs at least {min} bytes, more than the view's size ({sz})",
                            self.type_name(view)
                        ),
                        span(self, 2),
                    );
                }
                let head = u64::from(array_offset(&self.module, view));
                let stride = u64::from(runtime_stride(&self.module, view).unwrap_or(1));
                if (sz - head) % stride != 0 {
                    return err(
                        format!(
                            "the size of the view ({sz}) minus the array's offset ({head}) must be a multiple of the array's stride ({stride})"
                        ),
                        span(self, 2),
                    );
                }
            }
            if let (Some(n), true) = (buffer_bytes, offset.is_some() || size.is_some()) {
                let end = offset.unwrap_or(0) + size.unwrap_or(0);
                if end > n {
                    return err(
                        format!(
                            "the view (offset {} and size {}) ends at byte {end}, past the buffer's {n} bytes",
                            offset.unwrap_or(0),
                            size.unwrap_or(0)
                        ),
                        span(self, if size.is_some() { 2 } else { 1 }),
                    );
                }
            }
        } else if let (Some(n), Some(off)) = (buffer_bytes, offset) {
            if off + min > n {
                return err(
                    format!(
                        "a view of '{}' ({min} bytes) at offset {off} ends past the buffer's {n} bytes",
                        self.type_name(view)
                    ),
                    span(self, 1),
                );
            }
        }
        Ok(())
    }

    /// The value of a byte-count argument when it is a const-expression
    /// (an error when it is negative).
    fn const_byte_count(
        &mut self,
        v: Option<&Val>,
        arg: Option<ExprId>,
        what: &str,
    ) -> Res<Option<u64>> {
        let value = match v {
            Some(Val::Const(Value::Scalar(l))) => match *l {
                Literal::I32(x) => i64::from(x),
                Literal::U32(x) => i64::from(x),
                Literal::AbstractInt(x) => x,
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        match u64::try_from(value) {
            Ok(v) => Ok(Some(v)),
            Err(_) => err(
                format!("the {what} of a buffer view ({value}) must not be negative"),
                arg.map_or(Span::default(), |a| self.span(a)),
            ),
        }
    }
}
